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
// The command line also runs the files of a run this way, one process per
// file at a time (Pipeline.cpp, lintFiles: a crash costs that file), each
// sending its results back as lint/ResultCodec.h bytes. A process with other
// threads is not forked (their locks would be copied held), nor is a
// language server or clang-tidy's process.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_KERNELWORKERS_H
#define CCL_LINT_KERNELWORKERS_H

#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace ccl {

/// The most workers one call forks.
constexpr unsigned kMaxKernelWorkers = 64;

struct WorkerOutcome {
  /// Each job's result, in job order. nullopt: the worker running it
  /// crashed (a signal such as SIGSEGV or SIGABRT) on that very job; the
  /// caller says so instead of a result, and does not run it again here,
  /// where it would crash this process.
  std::vector<std::optional<std::string>> Results;
  unsigned Workers = 0; ///< processes forked (0: ran here, one by one)
  /// The crashed jobs and how their worker ended ("signal 11").
  std::vector<std::pair<size_t, std::string>> Crashes;
};

/// Runs \p Job(0) .. \p Job(N-1) in up to \p Workers forked processes (at
/// most kMaxKernelWorkers; the jobs taken in order from a shared counter),
/// or here, one by one, when \p Workers < 2, N < 2, the process has other
/// threads, or fork fails. With \p MinForkSeconds > 0 the jobs run here, in
/// order, until the ones left are estimated (from the time per job so far)
/// to take at least that long here (half as long when at least four jobs
/// per worker are left); only those go to workers, so a file
/// whose analysis is short, or one long job at the end, pays no fork. A worker
/// that ends while jobs are left is replaced by a new one. Every job without
/// a result that did not crash its worker (never taken, or its worker killed
/// or ended otherwise: out of memory, SIGKILL) runs here afterwards.
/// With \p ForkOne one worker is forked too, and for a single job (each file
/// of a run in a process of its own: a crash costs that file). \p OnResult,
/// if given, is called here with each job's index as its result (or its
/// crash) is known. With \p TimeWorkers each worker writes one line to
/// stderr as it ends: its jobs, wall and CPU seconds, memory
/// (--time-kernels).
WorkerOutcome
runInWorkers(size_t N, unsigned Workers,
             llvm::function_ref<std::string(size_t)> Job,
             double MinForkSeconds = 0, bool ForkOne = false,
             llvm::function_ref<void(size_t)> OnResult = nullptr,
             bool TimeWorkers = false);

} // namespace ccl
#endif
