//===- Lint.h - Options and results of the per-file pipeline ------------------===//
#ifndef CCL_LINT_LINT_H
#define CCL_LINT_LINT_H

#include "analyzer/Interpreter.h"
#include "checks/Check.h"
#include "runtime/HarnessSpec.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ccl {

/// Exit statuses (documented in docs/user-guide.md).
enum ExitStatus { ExitOK = 0, ExitFlagged = 1, ExitInputError = 2 };

struct LintOptions {
  std::vector<std::string> Files;
  std::string BuildPath;
  std::vector<std::string> ExtraArgs; ///< after --
  bool HaveExtraArgs = false;
  std::map<std::string, Dim3> BlockDims; ///< "" = every kernel
  std::optional<Dim3> ConfigBlockDim;    ///< BlockDim of the configuration file
  std::string ConfigFile;                ///< where the configuration came from
  std::map<std::string, int64_t> Assume;        ///< integer values
  std::map<std::string, std::string> AssumeText; ///< every --assume, as text
  std::string CudaPath; ///< empty: none found, use the built-in shim
  std::string GpuArch = "sm_89";
  bool GpuArchGiven = false; ///< --cuda-gpu-arch on the command line
  bool Json = false;  ///< --format=json or sarif: no text on stdout
  bool Sarif = false; ///< --format=sarif
  bool Html = false;  ///< --format=html
  std::set<std::string> Baseline; ///< --baseline: fingerprints to hide
  std::string WriteBaseline;      ///< --write-baseline
  bool ReportAll = false;
  bool Werror = false;
  unsigned Jobs = 1; ///< -j
  bool VerifyCpu = false; ///< --verify=cpu or --verify=gpu
  bool VerifyGpu = false; ///< --verify=gpu
  std::optional<HarnessSpec> Spec; ///< --harness-spec
  std::string VerifyOutput;        ///< --verify-output
  CheckOptions CheckOpts;

  /// Records NAME=VALUE (also as an integer when it is one); an existing
  /// value is kept unless \p Overwrite.
  void assume(llvm::StringRef Name, llvm::StringRef Value, bool Overwrite) {
    Name = Name.trim();
    Value = Value.trim();
    if (!Overwrite && AssumeText.count(Name.str()))
      return;
    AssumeText[Name.str()] = Value.str();
    int64_t V;
    if (!Value.getAsInteger(0, V))
      Assume[Name.str()] = V;
  }
  std::string ChecksGlob;   ///< --checks ("" = from the configuration)
  std::string HeaderFilter; ///< --header-filter ("" = from the configuration)
};

/// What the analysis of all files produced.
struct LintResults {
  llvm::json::Array Accesses;
  llvm::json::Array Diagnostics;
  llvm::json::Array Files;
  unsigned Flagged = 0;
  unsigned Refuted = 0; ///< --verify: predictions the run contradicted
  llvm::json::Array BaselineEntries; ///< every finding, for --write-baseline
  bool InputError = false;
};

/// Runs the linter over every file (each with the configuration found for
/// it, overridden by the command line); prints text as it goes.
void analyzeFiles(const LintOptions &Opts, LintResults &Results);

int lintMain(int argc, const char **argv);

/// --format=html: a self-contained report with a picture of each warp.
std::string htmlReport(const LintResults &R);

/// --lsp: a Language Server over stdio; returns the exit status.
int runLsp(const LintOptions &Base);

/// SARIF 2.1.0 for the findings (diagnostics array of the JSON output).
llvm::json::Value sarifDocument(const llvm::json::Array &Diagnostics);
/// --export-fixes: clang-apply-replacements YAML of every fix-it.
bool exportFixes(const llvm::json::Array &Diagnostics, llvm::StringRef Path,
                 std::string &Error);
/// --fix: applies every fix-it in place, atomically per file.
bool applyFixes(const llvm::json::Array &Diagnostics, unsigned &Applied,
                std::string &Error);
/// The repository root: the nearest directory above the current one that
/// has .git, else the current directory. SARIF and baselines use paths
/// relative to it.
std::string repoRoot();
/// A path relative to the repository root when it is inside it.
std::string relativeForSarif(llvm::StringRef Path);

} // namespace ccl
#endif
