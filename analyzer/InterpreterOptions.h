//===- InterpreterOptions.h - What the interpreter assumes and its limits
//--===//
#ifndef CCL_ANALYZER_INTERPRETEROPTIONS_H
#define CCL_ANALYZER_INTERPRETEROPTIONS_H

#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <map>
#include <string>

namespace clang {
class VarDecl;
} // namespace clang

namespace ccl {

struct InterpreterOptions {
  std::map<std::string, int64_t> Assume; ///< --assume=NAME=VALUE
  /// Extra elements added to the innermost dimension of a __shared__ array
  /// (used to check that a padding fix-it really removes a conflict).
  llvm::DenseMap<const clang::VarDecl *, int64_t> Pads;
  unsigned MaxLoopIterations = 64; ///< Concrete iterations before generalizing.
  /// Concrete loop iterations per warp, all loops together; past it, loops
  /// are generalized (nested loops would otherwise multiply).
  unsigned MaxWarpIterations = 2048;
  unsigned MaxCallDepth = 12;
  unsigned MaxExprDepth = 400;
  unsigned long MaxSteps = 2000000; ///< Budget of evaluated nodes per warp.

  // Debugging aids (hidden options of the command line):
  /// --induction-by-trip: loops always run trip by trip (to compare with
  /// the induction steps, LoopSteps.h).
  bool InductionByTrip = false;
  /// --warp-crosscheck=FILE: every kernel analyzed both with the warp index
  /// and warp by warp, the differences appended to FILE.
  std::string WarpCrossCheck;
  /// --warp-by-warp: the warps only run one by one.
  bool WarpByWarp = false;
};

} // namespace ccl
#endif
