//===- KernelWorkers.h - One file's analyses in forked worker processes ---===//
//
// `-j` within a file. Clang's AST fills caches on first use (type sizes,
// record layouts, the values of constants, the source manager's lookups), so
// two threads cannot interpret kernels of one AST. Processes can: after the
// parse, the command line forks workers; each has its own copy-on-write copy
// of the AST and of those caches, takes the next job from a counter they
// share, and sends its result back as bytes (analyzer/RecordCodec.h). The
// parent puts the results in job order, so the output does not depend on
// which worker ran what.
//
// Only the command line uses this, and only while it lints one file at a
// time: a process with other threads is not forked (their locks would be
// copied held), nor is a language server or clang-tidy's process.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_KERNELWORKERS_H
#define CCL_LINT_KERNELWORKERS_H

#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace ccl {

struct WorkerOutcome {
  /// Each job's result, in job order. nullopt: the worker running it died
  /// (a crash in the analysis); the caller says so instead of a result.
  std::vector<std::optional<std::string>> Results;
  unsigned Workers = 0; ///< processes forked (0: ran here, one by one)
  /// How each worker that died ended ("signal 11"), for the message.
  std::vector<std::string> Deaths;
};

/// Runs \p Job(0) .. \p Job(N-1) in up to \p Workers forked processes (the
/// jobs taken in order from a shared counter), or here, one by one, when
/// \p Workers < 2, N < 2, the process has other threads, or fork fails.
/// Jobs a dead worker never took run here after the others.
WorkerOutcome runInWorkers(size_t N, unsigned Workers,
                           llvm::function_ref<std::string(size_t)> Job);

} // namespace ccl
#endif
