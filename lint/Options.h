//===- Options.h - What one lint run is asked to do -----------------------===//
//
// The options of the per-file pipeline, filled by a front end: the command
// line (tools/cuda-coalesce-lint), the language server, or the clang-tidy
// plugin. The configuration file found for each file adds to them
// (Pipeline.h, optionsFor).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_OPTIONS_H
#define CCL_LINT_OPTIONS_H

#include "analyzer/KernelAnalysis.h"
#include "checks/CheckRegistry.h"
#include "runtime/HarnessSpec.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ccl {

struct NcuSourcePage;


/// Exit statuses (documented in docs/user-guide.md).
enum ExitStatus {
  ExitOK = 0,
  ExitFlagged = 1,
  ExitInputError = 2,
  ExitNotVerified = 3 ///< --verify/--ncu-csv asked, nothing was verified
};

enum class OutputFormat { Text, Json, Sarif, Html };
/// --verify: run the kernels and measure what each access did (Cpu: the
/// host re-compilation of the file, runtime/CpuVerifier.h; Jit: the device
/// code clang compiles, run on the CPU, runtime/jit/); NcuCsv: --ncu-csv,
/// compare with a source page the user profiled.
enum class VerifyMode { None, Cpu, Gpu, NcuCsv, Jit };
/// --compiler: whose instructions are costed. Clang: clang's own device
/// code generation on the parsed file (codegen/DeviceCode.h); Nvcc: the
/// PTX nvcc makes of the file, matched by line (codegen/Nvcc.h); None: the
/// source accesses as written.
enum class CompilerView { None, Clang, Nvcc };
/// --report: which findings and accesses are shown. Flagged: certain
/// findings; Possible: also those that need an unlucky alignment or value;
/// All: possible findings and a remark for every other access.
enum class ReportMode { Flagged, Possible, All };

struct LintOptions {
  std::vector<std::string> Files;
  std::string BuildPath;
  /// The compiler flags after "--": the compile command of every file, or
  /// with -p (BuildPath) added to the database's commands.
  std::vector<std::string> ExtraArgs;
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before
  std::vector<std::string> ExtraArgsAfter;  ///< --extra-arg
  /// --show-compile-command: print the clang command each file is parsed
  /// with.
  bool ShowCommand = false;
  /// --jit-step-limit: basic blocks a --verify=jit launch may execute (all
  /// its threads) before it is stopped as a runaway (0: the harness's own).
  uint64_t JitStepLimit = 0;
  // Debugging aids (hidden options):
  /// --time-kernels: one stderr line per kernel analysis and per worker.
  bool TimeKernels = false;
  /// --time-phases: the parse's phases with their CPU time (--time-wall:
  /// wall clock instead).
  bool TimePhases = false, TimeWall = false;
  /// --parse-all-bodies: host-only bodies in system headers are parsed too.
  bool ParseAllBodies = false;
  /// --kernel-fork-seconds: the analysis time left from which a file's
  /// kernels go to workers (0: at once).
  double KernelForkSeconds = 1.0;
  /// Copied into every kernel analysis (InterpreterOptions.h).
  bool InductionByTrip = false, WarpByWarp = false;
  std::string WarpCrossCheck;
  std::map<std::string, Dim3> BlockDims; ///< "" = every kernel
  std::optional<Dim3> ConfigBlockDim;    ///< BlockDim of the configuration file
  std::map<std::string, Dim3> ConfigKernelDims; ///< its KernelBlockDims
  std::string ConfigPath; ///< --config: this file, not the one found upward
  std::string ConfigFile; ///< where the configuration came from
  std::map<std::string, int64_t> Assume;         ///< integer values
  std::map<std::string, std::string> AssumeText; ///< every --assume, as text
  /// --assume=KERNEL:NAME=VALUE: for one kernel (by its name, without
  /// template arguments), over AssumeText.
  std::map<std::string, std::map<std::string, std::string>> KernelAssume;
  std::string CudaPath; ///< empty: none found, use the built-in shim
  std::string GpuArch = "sm_89";
  bool GpuArchGiven = false; ///< --cuda-gpu-arch on the command line
  OutputFormat Format = OutputFormat::Text;
  std::set<std::string> Baseline; ///< --baseline: fingerprints to hide
  ReportMode Report = ReportMode::Flagged;
  /// Sites of one kernel with the same check, object, op and lane pattern
  /// share one warning (layoutLeaders); --every-site and --report=all turn
  /// it off.
  bool GroupLayouts = true;
  bool Werror = false;
  unsigned Jobs = 1; ///< -j
  /// --kernel-jobs: worker processes for one file's kernel analyses
  /// (lint/KernelWorkers.h); used only while files are linted one at a
  /// time. 1: none, every analysis in this process.
  unsigned KernelJobs = 1;
  /// false: the file's (last) AST is not freed, left to the process's exit
  /// (clang's -disable-free). lintFiles sets it for the last file when
  /// KeepLastAST is set (the command line, which exits after it; not the
  /// language server, which lints again and again).
  bool FreeAST = true;
  bool KeepLastAST = false;
  /// Each file is linted in a process forked for it, -j at a time: a crash
  /// costs that file only, and the others' results are kept (the command
  /// line; not the language server, which has threads).
  bool IsolateFiles = false;
  VerifyMode Verify = VerifyMode::None;
  CompilerView Compiler = CompilerView::Clang;
  /// --compiler was given (or implied by --verify=cpu): the configuration's
  /// Compiler key does not apply.
  bool CompilerGiven = false;
  /// --dump-device-ptx (hidden): write the compiled device code here.
  std::string DumpPtx;
  /// --compiler-budget: CPU seconds one file's kernels may spend compiling
  /// kernels for the compiler view (0: no limit).
  double CompilerBudget = 5;
  std::optional<HarnessSpec> Spec; ///< --harness-spec
  std::string VerifyOutput;        ///< --verify-output
  std::string NcuCsv;              ///< --ncu-csv
  /// The --ncu-csv export as the command line read and checked it, shared
  /// by every file of the run (null: each file reads NcuCsv itself).
  std::shared_ptr<const NcuSourcePage> NcuPage;
  CheckOptions CheckOpts;
  /// Contents to use instead of the files on disk (an editor's unsaved
  /// buffers), by absolute path. A path here need not exist on disk.
  std::map<std::string, std::string> Overlay;
  std::string ChecksGlob;   ///< --checks ("" = from the configuration)
  std::string HeaderFilter; ///< --header-filter ("" = from the configuration)

  /// Text diagnostics are printed (not JSON, SARIF or HTML).
  bool textOutput() const { return Format == OutputFormat::Text; }

  /// Records NAME=VALUE (also as an integer when it is one), or
  /// KERNEL:NAME=VALUE for one kernel; an existing value is kept unless
  /// \p Overwrite.
  void assume(llvm::StringRef Name, llvm::StringRef Value, bool Overwrite);
  /// Uses \p S as --harness-spec: its block shapes and values are what the
  /// analysis assumes too, where the command line has not said otherwise.
  void adoptSpec(HarnessSpec S);
  /// Every assumption for kernel \p Kernel, as text.
  std::map<std::string, std::string>
  assumptionsFor(llvm::StringRef Kernel) const;
  /// The integer ones.
  std::map<std::string, int64_t> integersFor(llvm::StringRef Kernel) const;
};

} // namespace ccl
#endif
