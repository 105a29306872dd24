//===- CpuVerifier.h - Execute kernels on the CPU and measure accesses ----===//
//
// --verify=cpu: an independent check of the analyzer's predictions.
//
// 1. Instrument: every analyzed access in the main file is rewritten to go
//    through ccl::acc(site, &lvalue) (share/runtime/ccl_cpu_runtime.h), which
//    records the address each thread actually uses; <<<>>> launches in host
//    code are removed, extern __shared__ arrays get a fixed capacity.
// 2. Launch: a generated main() launches every kernel instance with the block
//    shape the analysis used and a 4-block grid; pointer arguments point to
//    zero-filled 256-byte aligned arenas, integers take their --assume value
//    (or 1024).
// 3. Build with the host compiler against the CPU runtime and run it.
// 4. Measure: events are grouped into warp requests by (launch, site, block,
//    warp of the linear thread id, n-th execution by the thread); sectors and
//    wavefronts are counted from the recorded addresses by TraceModel, code
//    separate from the analyzer's.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_CPUVERIFIER_H
#define CCL_RUNTIME_CPUVERIFIER_H

#include "analyzer/KernelAnalysis.h"
#include "analyzer/LaunchConfig.h"
#include "runtime/HarnessSpec.h"
#include "runtime/NcuCsv.h"
#include "runtime/TraceModel.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
struct PrintingPolicy;
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ccl {

class CpuVerifier {
public:
  struct Config {
    std::map<std::string, std::string> AssumeText;
    std::vector<std::string> CompilerFlags; ///< -D/-I/-std from the command
    std::string RuntimeDir; ///< share/cuda-coalesce-lint/runtime
    std::string Compiler;   ///< clang++-22
    unsigned GridBlocks = 4;
    bool Gpu = false;      ///< --verify=gpu
    std::string Nvcc, Ncu; ///< tools for --verify=gpu
    std::string KeepDir;   ///< --verify-output: keep source, trace, ncu CSV
    const HarnessSpec *Spec = nullptr; ///< --harness-spec
    unsigned TimeoutSeconds = 120;
  };

  CpuVerifier(clang::ASTContext &Ctx, Config C);

  /// Why a kernel cannot run on the CPU ("" when it can).
  std::string notRunnableReason(const clang::FunctionDecl *Kernel) const;

  /// Adds one kernel instance to launch; returns its launch id.
  unsigned addLaunch(const clang::FunctionDecl *Kernel, const std::string &Name,
                     Dim3 Block, const std::vector<AccessRecord> &Records);

  /// Instruments, builds and runs. Returns false with \p Error on failure.
  llvm::Error run();

  /// The measurement of record \p R of launch \p Launch (nullopt when the
  /// access could not be instrumented: in a header or a macro).
  std::optional<Measurement> measured(unsigned Launch,
                                      const AccessRecord &R) const;
  /// Nsight Compute's counters for the line of \p R, per request (the
  /// trace's request count for that line), when ncu ran.
  std::optional<Measurement> measuredByNcu(unsigned Launch,
                                           const AccessRecord &R) const;
  /// Why ncu did not run or could not be read ("" when it was used).
  const std::string &ncuSkipped() const { return NcuSkipped; }
  /// Why \p R was not instrumented.
  std::string notInstrumentedReason(const AccessRecord &R) const;

private:
  struct Launch {
    const clang::FunctionDecl *Kernel;
    std::string Name;
    Dim3 Block;
  };
  unsigned siteFor(const AccessRecord &R);
  std::string instrument(std::string &Error);
  std::string launcherSource();
  void emitBuffers(llvm::raw_ostream &OS, size_t L,
                   const clang::FunctionDecl *K, const KernelSpec *KS,
                   const clang::PrintingPolicy &PP);
  void emitArguments(llvm::raw_ostream &OS, size_t L,
                     const clang::FunctionDecl *K,
                     const clang::PrintingPolicy &PP);
  std::vector<std::string> buildCommand(const std::string &SrcPath,
                                        const std::string &Bin) const;
  void readTrace(llvm::StringRef Text);
  /// Builds the harness \p SrcPath into \p Bin (its output in \p Log);
  /// the compiler's first error when it does not build.
  llvm::Error buildHarness(const std::string &SrcPath, const std::string &Bin,
                           const std::string &Log);
  /// Runs \p Bin, which writes \p Trace; why it failed, when it does (the
  /// build directory \p Dir is kept).
  llvm::Error runHarness(const std::string &Bin, const std::string &Trace,
                         const std::string &Log, const std::string &Dir);

  clang::ASTContext &Ctx;
  Config C;
  std::vector<Launch> Launches;
  /// Site id per access expression's source range (begin/end offsets).
  std::map<std::pair<unsigned, unsigned>, unsigned> SiteIds;
  std::vector<const clang::Expr *> SiteExprs;
  std::vector<bool> SiteGlobal;
  std::vector<unsigned> SiteBytes;
  std::map<const clang::Expr *, std::string> Skipped;
  /// (launch, site) -> measurement
  std::map<std::pair<unsigned, unsigned>, Measurement> Results;
  std::vector<std::map<unsigned, NcuLine>> NcuTables;
  std::string NcuSkipped;
  bool runNcu(const std::string &Dir, const std::string &Bin);
};

} // namespace ccl
#endif
