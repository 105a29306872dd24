//===- Verification.h - --verify: predictions against measurements --------===//
//
// Runs the analyzed kernels (runtime/CpuVerifier.h: on the CPU, or on a GPU
// with nvcc and Nsight Compute), or reads what Nsight Compute measured on the
// user's GPU (--ncu-csv, runtime/NcuCompare.h), and compares each record's
// prediction with what was measured: a Verdict per record, the reasons why
// kernels were not verified, and counts per verdict per file.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_VERIFICATION_H
#define CCL_LINT_VERIFICATION_H

#include "lint/Results.h"
#include "lint/TranslationUnit.h"
#include "runtime/CpuVerifier.h"
#include "runtime/NcuCompare.h"
#include "runtime/jit/JitVerifier.h"
#include <memory>
#include <optional>

namespace ccl {

class Verification {
public:
  /// \p HostFlags: -D/-I flags the file was parsed with, for the build.
  Verification(const LintOptions &Opts, llvm::StringRef File,
               std::vector<std::string> HostFlags)
      : Opts(Opts), File(File.str()), HostFlags(std::move(HostFlags)) {}

  /// Adds every runnable kernel run as a launch, builds and runs them; sets
  /// each run's Launch or NotRunnable. On failure returns the reason and
  /// every record's verdict is NotVerified.
  /// \p Device: the compiler view's device compiler, if the analysis made
  /// one (--verify=jit runs its code).
  llvm::Error run(clang::ASTContext &Ctx, std::vector<KernelRun> &Runs,
                  DeviceCompiler *Device = nullptr);

  /// Fills \p Out's Verdict and measurements for record \p R of \p Run and
  /// returns the sentence that says so ("" when there is nothing to say).
  std::string judge(const AccessRecord &R, const KernelRun &Run,
                    AccessReport &Out);

  /// "verified on cpu: N predictions compared with measurements: ...".
  std::string summary() const;
  /// The file's verdict counts and the kernels not verified, from its
  /// accesses' verdicts (\p V may be null: nothing was run).
  static VerificationResult result(const LintOptions &Opts,
                                   const std::vector<AccessReport> &Accesses,
                                   const std::vector<KernelRun> &Runs,
                                   const Verification *V);
  /// "verified nothing ...", or the counts of the verdicts that are not a
  /// measurement ("" when there are none).
  static std::string resultText(const LintOptions &Opts,
                                const VerificationResult &R);
  /// Why the predictions of \p Run were not verified ("" when they were).
  std::string notVerifiedReason(const KernelRun &Run) const;
  /// The remark for a kernel that was not verified ("" when it was).
  std::string kernelRemark(const KernelRun &Run) const;
  /// Why Nsight Compute was not used ("" when it was, or not asked for).
  std::string ncuSkipped() const;
  unsigned refuted() const { return Refuted; }

private:
  std::string compare(const AccessRecord &R, const Measurement &M,
                      AccessReport &Out);
  /// --ncu-csv.
  llvm::Error runNcuCsv(clang::ASTContext &Ctx, std::vector<KernelRun> &Runs);
  /// Ncu: the export the command line read, or read here from
  /// Opts.NcuCsv.
  llvm::Error readNcuPage();
  std::string judgeNcu(const AccessRecord &R, const KernelRun &Run,
                       AccessReport &Out);
  std::string judgeJit(const AccessRecord &R, const KernelRun &Run,
                       AccessReport &Out);
  std::string judgeTrace(const AccessRecord &R, const KernelRun &Run,
                         AccessReport &Out);

  const LintOptions &Opts;
  std::string File;
  std::vector<std::string> HostFlags;
  std::optional<CpuVerifier> Verifier;
  std::string RunError; ///< why the run failed ("" when it did not)
  clang::ASTContext *Ctx = nullptr;
  std::shared_ptr<const NcuSourcePage> Ncu;
  /// --ncu-csv: per KernelRun::Launch, the export's launches of the kernel.
  std::vector<std::vector<const NcuLaunch *>> NcuLaunches;
  std::unique_ptr<JitVerifier> Jit; ///< --verify=jit
  llvm::Error runJit(clang::ASTContext &Ctx, std::vector<KernelRun> &Runs,
                     DeviceCompiler *Device);
  unsigned Compared = 0, Confirmed = 0, Refuted = 0, WithinBound = 0,
           NotExecuted = 0;
};

} // namespace ccl
#endif
