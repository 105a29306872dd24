//===- Driver.cpp - The command line of cuda-coalesce-lint ----------------===//
//
// Options become LintOptions; lint/Pipeline.h does the work; report/ prints
// the results in the format asked for.
//
//===----------------------------------------------------------------------===//
#include "tools/cuda-coalesce-lint/Driver.h"
#include "lint/CompileCommands.h"
#include "lint/Config.h"
#include "lint/KernelWorkers.h"
#include "lint/NvccOptions.h"
#include "lint/Paths.h"
#include "lint/Pipeline.h"
#include "report/Report.h"
#include "runtime/NcuCsv.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <set>
#include <thread>

using namespace llvm;
using namespace ccl;

namespace {
cl::OptionCategory Category("cuda-coalesce-lint options");

cl::list<std::string> Files(cl::Positional, cl::desc("FILE..."),
                            cl::cat(Category));
cl::opt<std::string>
    BuildPath("p", cl::desc("Build directory with compile_commands.json"),
              cl::value_desc("BUILD_DIR"), cl::cat(Category));
cl::list<std::string> BlockDim(
    "block-dim",
    cl::desc("Block shape [KERNEL:]X[,Y[,Z]] (repeatable); without KERNEL it "
             "applies to every kernel"),
    cl::value_desc("[KERNEL:]X[,Y[,Z]]"), cl::cat(Category));
cl::list<std::string> Assume(
    "assume",
    cl::desc("Give a kernel parameter, variable or symbol (blockIdx.x, "
             "gridDim.x) an integer value, or a kernel template parameter a "
             "type or value (scalar_t=__nv_bfloat16) (repeatable)"),
    cl::value_desc("NAME=VALUE"), cl::cat(Category));
cl::list<std::string> ExtraArg(
    "extra-arg",
    cl::desc("A compiler flag to append to every compile command (clang or "
             "nvcc spelling; repeatable)"),
    cl::value_desc("FLAG"), cl::cat(Category));
cl::list<std::string> ExtraArgBefore(
    "extra-arg-before",
    cl::desc("A compiler flag to put first in every compile command "
             "(repeatable)"),
    cl::value_desc("FLAG"), cl::cat(Category));
cl::opt<bool> ShowCommand(
    "show-compile-command",
    cl::desc("Print the clang command each file is parsed with (nvcc flags "
             "translated, the linter's own added)"),
    cl::cat(Category));
cl::opt<bool> ListNvccOptions(
    "list-nvcc-options",
    cl::desc("List the nvcc options the linter knows and what each does to "
             "the parse, then exit"),
    cl::Hidden, cl::cat(Category));
cl::opt<uint64_t> JitStepLimit(
    "jit-step-limit",
    cl::desc("With --verify=jit: basic blocks a launch may execute (all its "
             "threads) before it is stopped as a runaway (0: the default, "
             "20 M)"),
    cl::init(0), cl::cat(Category));
cl::opt<std::string> ResourceDir(
    "resource-dir",
    cl::desc("Clang's resource directory, when the one of the clang the "
             "linter was built with is not installed"),
    cl::value_desc("DIR"), cl::cat(Category));
// Debugging aids.
cl::opt<bool> TimeKernels(
    "time-kernels",
    cl::desc("Print each kernel analysis' CPU seconds and each worker's "
             "time and memory on stderr"),
    cl::Hidden, cl::cat(Category));
cl::opt<bool> TimePhases("time-phases",
                         cl::desc("Print the parse's phases with their CPU "
                                  "time on stderr"),
                         cl::Hidden, cl::cat(Category));
cl::opt<bool> TimeWall("time-wall",
                       cl::desc("--time-phases with the wall clock"),
                       cl::Hidden, cl::cat(Category));
cl::opt<bool> ParseAllBodies(
    "parse-all-bodies",
    cl::desc("Parse host-only function bodies in system headers too"),
    cl::Hidden, cl::cat(Category));
cl::opt<double> KernelForkSeconds(
    "kernel-fork-seconds",
    cl::desc("Analysis seconds left from which a file's kernels go to "
             "--kernel-jobs workers (0: at once)"),
    cl::init(1.0), cl::Hidden, cl::cat(Category));
cl::opt<bool> InductionByTrip(
    "induction-by-trip",
    cl::desc("Run every loop trip (no induction steps), to compare"),
    cl::Hidden, cl::cat(Category));
cl::opt<bool> WarpByWarp("warp-by-warp",
                         cl::desc("Run the warps one by one only, to compare"),
                         cl::Hidden, cl::cat(Category));
cl::opt<std::string> WarpCrossCheck(
    "warp-crosscheck",
    cl::desc("Analyze every kernel both ways and append the differences to "
             "FILE"),
    cl::value_desc("FILE"), cl::Hidden, cl::cat(Category));
cl::opt<std::string> CudaPath(
    "cuda-path",
    cl::desc("CUDA installation (default: $CUDA_PATH, $CUDA_HOME, "
             "/usr/local/cuda); 'none' uses built-in minimal declarations"),
    cl::value_desc("DIR|none"), cl::cat(Category));
cl::opt<std::string> GpuArch("cuda-gpu-arch",
                             cl::desc("GPU architecture to parse for"),
                             cl::init("sm_89"), cl::cat(Category));
cl::opt<std::string>
    Format("format", cl::desc("Output format: text, json, sarif or html"),
           cl::init("text"), cl::cat(Category));
cl::opt<std::string>
    Report("report",
           cl::desc("What to report: flagged (default: findings that hold "
                    "whatever the unknown alignments and offsets), possible "
                    "(also findings that need an unlucky alignment or value), "
                    "or all (also a remark for every access)"),
           cl::init("flagged"), cl::cat(Category));
cl::opt<bool> EverySite(
    "every-site",
    cl::desc("One warning per flagged source site, also where sites of one "
             "kernel share an object and lane pattern (by default those "
             "share one warning; --report=all implies it)"),
    cl::cat(Category));
cl::opt<bool> Werror("werror",
                     cl::desc("Exit with status 1 when an access is flagged"),
                     cl::cat(Category));
cl::opt<std::string> Verify(
    "verify",
    cl::desc("Run the kernels and measure every analyzed access: jit (the "
             "default: the device code clang compiles, run on the CPU), cpu "
             "(the file re-compiled for the host) or gpu (nvcc, a CUDA "
             "device, and Nsight Compute when found)"),
    cl::value_desc("jit|cpu|gpu"), cl::ValueOptional, cl::cat(Category));
cl::opt<std::string> NcuCsvPath(
    "ncu-csv",
    cl::desc("Compare the predictions with what Nsight Compute measured on "
             "your GPU: FILE from ncu -i REPORT --page source --csv "
             "--print-source cuda,sass --print-units base (docs/verify.md)"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> BaselinePath(
    "baseline",
    cl::desc("Hide the findings recorded in FILE (by check, file, kernel and "
             "the access's source text, not line numbers)"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string>
    WriteBaselinePath("write-baseline",
                      cl::desc("Record every current finding in FILE"),
                      cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> ChecksOpt(
    "checks",
    cl::desc("Checks to run, as clang-tidy globs (cuda-*,-cuda-shared-bank-"
             "conflict); default from .cuda-coalesce-lint.yaml, else cuda-*"),
    cl::value_desc("GLOBS"), cl::cat(Category));
cl::opt<std::string>
    ConfigOpt("config",
              cl::desc("Use the configuration in FILE instead of the "
                       ".cuda-coalesce-lint.yaml found upward from each file"),
              cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> HeaderFilterOpt(
    "header-filter",
    cl::desc("Report findings in headers whose path matches REGEX (default "
             "from the configuration, else every header)"),
    cl::value_desc("REGEX"), cl::cat(Category));
cl::opt<std::string> FileFilter(
    "file-filter",
    cl::desc("With -p and no FILE: analyze the database's CUDA entries whose "
             "path matches REGEX (default: every .cu/.cuh entry)"),
    cl::value_desc("REGEX"), cl::cat(Category));
cl::opt<bool> Lsp("lsp",
                  cl::desc("Run as a Language Server over stdio (next to "
                           "clangd): diagnostics on open and save, fix-its "
                           "as code actions"),
                  cl::cat(Category));
cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the effective configuration for the first file (or the "
             "current directory) and exit"),
    cl::cat(Category));
cl::opt<unsigned> JobsOpt("j",
                          cl::desc("Analyze N files in parallel (output stays "
                                   "grouped per file, in the order given)"),
                          cl::value_desc("N"), cl::init(1), cl::cat(Category));
cl::opt<unsigned> KernelJobsOpt(
    "kernel-jobs",
    cl::desc("Analyze one file's kernels in N forked processes while files "
             "are linted one at a time (0: one per core, at most 4; 1: none)"),
    cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<CompilerView> CompilerOpt(
    "compiler",
    cl::desc("Whose instructions are costed (default: clang)"),
    cl::values(clEnumValN(CompilerView::Clang, "clang",
                          "the code clang generates for the device at -O3 "
                          "(loads narrowed, fused or split as compiled)"),
               clEnumValN(CompilerView::Nvcc, "nvcc",
                          "the PTX of the CUDA installation's nvcc -O3 "
                          "(matched to the accesses by line)"),
               clEnumValN(CompilerView::None, "none",
                          "the source accesses as written")),
    cl::init(CompilerView::Clang), cl::cat(Category));
cl::opt<double> CompilerBudgetOpt(
    "compiler-budget",
    cl::desc("CPU seconds one file's kernels may spend compiling for "
             "--compiler=clang (with --compiler=nvcc: nvcc's wall time for "
             "the file); what is left is costed as written, and a remark "
             "says so (default 5; 0: no limit)"),
    cl::value_desc("SECONDS"), cl::init(5), cl::cat(Category));
cl::opt<std::string> DumpPtxOpt(
    "dump-device-ptx",
    cl::desc("Write the PTX the compiler view costs to FILE (debugging)"),
    cl::value_desc("FILE"), cl::Hidden, cl::cat(Category));
cl::opt<bool> Fix("fix", cl::desc("Apply the safe fix-its in place"),
                  cl::cat(Category));
cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the fix-its as clang-apply-replacements YAML to FILE"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::opt<std::string> VerifyOutput(
    "verify-output",
    cl::desc("Keep what --verify built and recorded (instrumented source, "
             "trace, Nsight Compute CSV) in DIR"),
    cl::value_desc("DIR"), cl::cat(Category));
cl::opt<std::string> HarnessSpecPath(
    "harness-spec",
    cl::desc("YAML file saying how --verify launches each kernel: grid, "
             "block, scalars, buffer sizes and contents (docs/verify.md)"),
    cl::value_desc("FILE"), cl::cat(Category));
cl::list<std::string> CheckOption(
    "check-option",
    cl::desc("Set a check option, e.g. "
             "cuda-uncoalesced-global.MinEfficiency=50 (repeatable)"),
    cl::value_desc("CHECK.KEY=VALUE"), cl::cat(Category));

const char *Overview =
    "cuda-coalesce-lint: predicts the global-memory sectors and shared-memory\n"
    "bank conflicts of every memory access in CUDA kernels.\n\n"
    "  cuda-coalesce-lint [options] FILE... [-- COMPILER-FLAGS]\n\n"
    "Exit status: 0 no error (findings are warnings), 1 findings with "
    "--werror\n"
    "(also when a file has errors) or a prediction refuted by --verify or "
    "--ncu-csv,\n"
    "2 usage error or input that does not compile (errors in host-only "
    "code are\n"
    "warnings), 3 --verify or --ncu-csv verified no prediction.\n";

bool isDir(const std::string &P) {
  return !P.empty() && sys::fs::is_directory(P);
}


Error usageError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// --dump-config: the configuration for the first file, with the command
/// line's overrides.
int dumpConfiguration() {
  std::string Where = Files.empty() ? "./-" : std::string(Files[0]);
  Expected<LintConfig> C =
      ConfigOpt.empty() ? configFor(Where) : readConfig(ConfigOpt);
  if (!C) {
    errs() << toolMessagesText(errorMessages(C.takeError()));
    return ExitInputError;
  }
  if (!ChecksOpt.empty())
    C->Checks = ChecksOpt;
  if (!HeaderFilterOpt.empty())
    C->HeaderFilter = HeaderFilterOpt;
  for (const std::string &O : CheckOption) {
    auto [Key, Val] = StringRef(O).split('=');
    C->CheckOptions[Key.str()] = Val.str();
  }
  for (const std::string &A : Assume) {
    auto [Name, Val] = StringRef(A).split('=');
    C->Assume[Name.trim().str()] = Val.trim().str();
  }
  outs() << "# effective configuration"
         << (C->Source.empty() ? " (defaults)" : " from " + C->Source) << "\n"
         << dumpConfig(*C);
  return ExitOK;
}


/// --format, --report, --verify.
Error readModes(LintOptions &Opts) {
  if (Format == "text")
    Opts.Format = OutputFormat::Text;
  else if (Format == "json")
    Opts.Format = OutputFormat::Json;
  else if (Format == "sarif")
    Opts.Format = OutputFormat::Sarif;
  else if (Format == "html")
    Opts.Format = OutputFormat::Html;
  else
    return usageError("unknown --format '" + Format +
                      "' (expected text, json, sarif or html)");
  if (Report == "flagged")
    Opts.Report = ReportMode::Flagged;
  else if (Report == "possible")
    Opts.Report = ReportMode::Possible;
  else if (Report == "all")
    Opts.Report = ReportMode::All;
  else
    return usageError("unknown --report '" + Report +
                      "' (expected flagged, possible or all)");
  Opts.GroupLayouts = !EverySite && Opts.Report != ReportMode::All;
  if (Verify.empty())
    Opts.Verify = Verify.getNumOccurrences() ? VerifyMode::Jit // --verify
                                             : VerifyMode::None;
  else if (Verify == "cpu")
    Opts.Verify = VerifyMode::Cpu;
  else if (Verify == "gpu")
    Opts.Verify = VerifyMode::Gpu;
  else if (Verify == "jit")
    Opts.Verify = VerifyMode::Jit;
  else
    return usageError("unknown --verify '" + Verify +
                      "' (expected cpu, jit or gpu)");
  if (!NcuCsvPath.empty()) {
    if (Opts.Verify != VerifyMode::None)
      return usageError("--ncu-csv and --verify cannot be combined");
    Expected<NcuSourcePage> P = readNcuSourcePage(NcuCsvPath, "--ncu-csv ");
    if (!P)
      return usageError(toString(P.takeError()));
    Opts.Verify = VerifyMode::NcuCsv;
    Opts.NcuCsv = NcuCsvPath;
    Opts.NcuPage = std::make_shared<const NcuSourcePage>(std::move(*P));
  }
  return Error::success();
}

/// --block-dim, --assume, --harness-spec, --check-option.
Error readAssumptions(LintOptions &Opts) {
  for (const std::string &B : BlockDim) {
    StringRef S(B), Kernel;
    if (S.contains(':'))
      std::tie(Kernel, S) = S.split(':');
    std::optional<Dim3> D = parseDim3(S);
    if (!D)
      return usageError(
          "invalid --block-dim '" + B +
          "' (expected [KERNEL:]X[,Y[,Z]], at most 1024 threads)");
    Opts.BlockDims[Kernel.str()] = *D;
  }
  for (const std::string &A : Assume) {
    auto [Name, Val] = StringRef(A).split('=');
    if (Name.trim().empty() || Val.trim().empty())
      return usageError("invalid --assume '" + A + "' (expected NAME=VALUE)");
    Opts.assume(Name, Val, /*Overwrite=*/true);
  }
  if (!HarnessSpecPath.empty()) {
    Expected<HarnessSpec> Spec = readHarnessSpec(HarnessSpecPath);
    if (!Spec)
      return Spec.takeError();
    Opts.adoptSpec(std::move(*Spec));
  }
  for (const std::string &O : CheckOption) {
    auto [Key, Val] = StringRef(O).split('=');
    if (Key.empty() || !Key.contains('.'))
      return usageError("invalid --check-option '" + O +
                        "' (expected CHECK.KEY=VALUE)");
    Opts.CheckOpts[Key.str()] = Val.str();
  }
  return Error::success();
}

/// Every option but the input files as LintOptions.
Error readOptions(LintOptions &Opts) {
  Opts.BuildPath = BuildPath;
  Opts.ExtraArgsAfter.assign(ExtraArg.begin(), ExtraArg.end());
  Opts.ExtraArgsBefore.assign(ExtraArgBefore.begin(), ExtraArgBefore.end());
  Opts.ShowCommand = ShowCommand;
  Opts.JitStepLimit = JitStepLimit;
  Opts.TimeKernels = TimeKernels;
  Opts.TimePhases = TimePhases;
  Opts.TimeWall = TimeWall;
  Opts.ParseAllBodies = ParseAllBodies;
  Opts.KernelForkSeconds = KernelForkSeconds;
  Opts.InductionByTrip = InductionByTrip;
  Opts.WarpByWarp = WarpByWarp;
  Opts.WarpCrossCheck = WarpCrossCheck;
  if (!ResourceDir.empty())
    setResourceDir(ResourceDir);
  Opts.ConfigPath = ConfigOpt;
  Opts.GpuArch = GpuArch;
  Opts.GpuArchGiven = GpuArch.getNumOccurrences() > 0;
  if (Error E = readModes(Opts))
    return E;
  if (!BaselinePath.empty())
    if (Error E = readBaselineFile(BaselinePath, Opts.Baseline))
      return E;
  Opts.Werror = Werror;
  Opts.ChecksGlob = ChecksOpt;
  Opts.Jobs = JobsOpt == 0 ? std::thread::hardware_concurrency() : JobsOpt;
  // The cores this process may use (its affinity), at most 4 by default:
  // each worker keeps its own analysis heap.
  // The CPU harness executes the accesses as written, not the compiler
  // view's instructions: unless --compiler says otherwise, its predictions
  // are those of the source accesses. The JIT harness runs the view's code.
  Opts.Compiler =
      CompilerOpt.getNumOccurrences() || Opts.Verify != VerifyMode::Cpu
          ? CompilerView(CompilerOpt)
          : CompilerView::None;
  Opts.CompilerGiven =
      CompilerOpt.getNumOccurrences() || Opts.Verify == VerifyMode::Cpu;
  Opts.DumpPtx = DumpPtxOpt;
  Opts.CompilerBudget = CompilerBudgetOpt;
  Opts.KernelJobs =
      KernelJobsOpt == 0
          ? std::max(
                1u,
                std::min(4u,
                         llvm::hardware_concurrency().compute_thread_count()))
          : std::min<unsigned>(KernelJobsOpt, kMaxKernelWorkers);
  Opts.KeepLastAST = !Lsp;
  Opts.IsolateFiles = !Lsp;
  Opts.HeaderFilter = HeaderFilterOpt;
  Opts.VerifyOutput = VerifyOutput;
  if (Error E = readAssumptions(Opts))
    return E;
  // A check list that names no check is a usage error before any parse.
  if (!ChecksOpt.empty())
    if (Expected<CheckList> Made = createChecks({}, ChecksOpt); !Made)
      return usageError(toString(Made.takeError()));
  if (CudaPath == "none")
    Opts.CudaPath = "";
  else if (!CudaPath.empty() && !isDir(CudaPath + "/include"))
    return usageError("--cuda-path '" + CudaPath +
                      "' has no include directory");
  else
    Opts.CudaPath = CudaPath.empty() ? findCudaInstallation() : std::string(CudaPath);
  return Error::success();
}

/// --export-fixes, --fix, --write-baseline.
Error writeFixesAndBaseline(const LintResults &Results) {
  std::string Warning;
  if (!ExportFixes.empty())
    if (Error E = exportFixes(Results, ExportFixes, Warning))
      return E;
  if (Fix) {
    Expected<unsigned> Applied = applyFixes(Results, Warning);
    if (!Warning.empty())
      errs() << "cuda-coalesce-lint: " << (Applied ? "warning: " : "error: ")
             << Warning << "\n";
    if (!Applied)
      return Applied.takeError();
    errs() << "cuda-coalesce-lint: applied " << *Applied << " fix"
           << (*Applied == 1 ? "" : "es") << "\n";
  }
  if (!WriteBaselinePath.empty()) {
    std::error_code EC;
    raw_fd_ostream F(WriteBaselinePath, EC);
    if (EC)
      return usageError("cannot write '" + WriteBaselinePath +
                        "': " + EC.message());
    F << formatv("{0:2}", baselineDocument(Results)) << "\n";
  }
  return Error::success();
}

/// JSON, SARIF or HTML on stdout (text was printed already).
void printDocument(const LintOptions &Opts, const LintResults &Results) {
  switch (Opts.Format) {
  case OutputFormat::Text:
    break;
  case OutputFormat::Html:
    outs() << htmlReport(Results);
    break;
  case OutputFormat::Sarif:
    outs() << formatv("{0:2}", sarifDocument(Results)) << "\n";
    break;
  case OutputFormat::Json:
    outs() << formatv("{0:2}", jsonDocument(Results)) << "\n";
    break;
  }
  outs().flush();
}
} // namespace

/// Splits off the compiler flags after "--" into \p Opts and parses the
/// command line's own options; false (said on stderr) when they are wrong.
static bool parseCommandLine(int argc, const char **argv, LintOptions &Opts) {
  std::vector<const char *> Ours;
  for (int I = 0; I < argc; ++I) {
    if (I > 0 && StringRef(argv[I]) == "--") {
      for (int J = I + 1; J < argc; ++J)
        Opts.ExtraArgs.push_back(argv[J]);
      break;
    }
    Ours.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "cuda-coalesce-lint " << CCL_VERSION << " (clang "
       << LLVM_VERSION_STRING << ")\n";
  });
  std::string ErrText;
  raw_string_ostream ErrOS(ErrText);
  if (!cl::ParseCommandLineOptions(Ours.size(), Ours.data(), Overview,
                                   &ErrOS)) {
    errs() << ErrOS.str();
    errs() << "cuda-coalesce-lint: see --help for the options\n";
    return false;
  }
  return true;
}

/// The exit status of a run whose results are \p Results (\p Typos: some
/// --assume name matched nothing).
static int exitStatus(const LintOptions &Opts, const LintResults &Results,
                      bool Typos) {
  // With --werror, findings decide the status even where some file did not
  // compile (CI fails on the findings; the errors are in the report).
  bool WerrorFindings = Opts.Werror && Results.flagged();
  if ((Results.inputError() || Typos) && !WerrorFindings)
    return ExitInputError;
  if (Results.refuted() || WerrorFindings)
    return ExitFlagged;
  if (Results.verifiedNothing()) {
    errs() << "cuda-coalesce-lint: error: "
           << (Opts.Verify == VerifyMode::NcuCsv ? "--ncu-csv" : "--verify")
           << " verified no prediction (the notes above say why); exit "
              "status 3\n";
    return ExitNotVerified;
  }
  return ExitOK;
}

int ccl::lintMain(int argc, const char **argv) {
  LintOptions Opts;
  if (!parseCommandLine(argc, argv, Opts))
    return ExitInputError;
  if (DumpConfig)
    return dumpConfiguration();
  if (ListNvccOptions) {
    printNvccOptions(outs());
    return ExitOK;
  }
  auto Fail = [](Error E) {
    errs() << toolMessagesText(errorMessages(std::move(E)));
    return ExitInputError;
  };
  Opts.Files.assign(Files.begin(), Files.end());
  if (Opts.Files.empty() && !BuildPath.empty() && !Lsp)
    if (Error E = cudaFilesOfDatabase(BuildPath, FileFilter, Opts.Files))
      return Fail(std::move(E));
  if (Opts.Files.empty() && !Lsp)
    return Fail(usageError("no input files (usage: cuda-coalesce-lint "
                           "[options] FILE... [-- COMPILER-FLAGS], or -p "
                           "BUILD_DIR)"));
  if (Error E = readOptions(Opts))
    return Fail(std::move(E));
  if (Lsp)
    return runLsp(Opts);

  bool ShowProgress = Opts.Files.size() > 3 && errs().is_displayed();
  FileProgress Progress = nullptr;
  if (ShowProgress)
    Progress = [](size_t Done, size_t Total, StringRef File) {
      errs() << "\r[" << Done << "/" << Total << "] "
             << sys::path::filename(File) << "\x1b[K";
    };
  Expected<LintResults> Results = lintFiles(Opts, Progress);
  if (ShowProgress)
    errs() << "\r\x1b[K";
  if (!Results)
    return Fail(Results.takeError());
  printText(*Results, outs(), errs());
  std::vector<std::string> Typos = Results->assumeTypos(
      std::vector<std::string>(Assume.begin(), Assume.end()));
  for (const std::string &T : Typos)
    errs() << "cuda-coalesce-lint: error: " << T << "\n";
  if (Error E = writeFixesAndBaseline(*Results))
    return Fail(std::move(E));
  printDocument(Opts, *Results);
  return exitStatus(Opts, *Results, !Typos.empty());
}
