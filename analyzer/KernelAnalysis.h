//===- KernelAnalysis.h - Every access of a kernel, worst case per site ---===//
//
// Runs the interpreter for every warp of the block and folds the dynamic
// access events into one AccessRecord per (site, op): the worst instance
// (most sectors / wavefronts), whether every instance was exact, and what the
// numbers depend on.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_KERNELANALYSIS_H
#define CCL_ANALYZER_KERNELANALYSIS_H

#include "analyzer/AccessCost.h"
#include "analyzer/Interpreter.h"
#include <set>

namespace ccl {

struct AccessRecord {
  const clang::Expr *Site = nullptr;
  AccessOp Op = AccessOp::Load;
  unsigned Bytes = 0;
  MemObject::SpaceKind Space = MemObject::Global;
  std::string Object;          ///< Name of the object accessed.
  const clang::VarDecl *ObjectDecl = nullptr;
  bool ObjectDynamic = false;
  std::string AlignReason;
  bool Known = true;
  std::string Reason;          ///< When !Known.
  AccessCost Worst;
  bool Exact = true;
  std::set<std::string> DependsOn;
  std::string WorstContext;    ///< "warp 3, iteration 2 of the loop at line 9"
  std::string HoldsFor;
  unsigned Instances = 0;
};

/// Analyzes \p Kernel for one block shape. Records are in source order.
std::vector<AccessRecord> analyzeKernel(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *Kernel,
                                        Dim3 Block,
                                        const InterpreterOptions &Opts);

} // namespace ccl
#endif
