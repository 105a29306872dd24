//===- KernelAnalysis.h - Every access of a kernel, worst case per site ---===//
//
// Runs the interpreter for every warp of the block and folds the dynamic
// access events into one AccessRecord per (site, memory space, op): the worst
// instance (most sectors / wavefronts), whether every instance was exact, and
// what the numbers depend on.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_KERNELANALYSIS_H
#define CCL_ANALYZER_KERNELANALYSIS_H

#include "analyzer/AccessRecord.h"
#include "analyzer/AnalysisStats.h"
#include "analyzer/Dim3.h"
#include "analyzer/InterpreterOptions.h"
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ccl {

class CompiledCode;

/// Analyzes \p Kernel for one block shape. Records are in source order.
/// With padded shared arrays (Opts.Pads: a fix-it being checked) the result
/// is kept while \p Ctx lives and returned again for the same kernel, shape
/// and options without running the interpreter.
/// With \p Compiled, each access is costed as the instructions the compiler
/// made of it (CompiledCode.h); without, as the source access.
/// With \p Stats, what this analysis counted is added to it.
std::vector<AccessRecord> analyzeKernel(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *Kernel,
                                        Dim3 Block,
                                        const InterpreterOptions &Opts,
                                        const CompiledCode *Compiled = nullptr,
                                        AnalysisStats *Stats = nullptr);

} // namespace ccl
#endif
