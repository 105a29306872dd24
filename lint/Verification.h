//===- Verification.h - --verify: predictions against measurements --------===//
//
// Measures the analyzed kernels with the Verifier the options ask for
// (lint/Verifier.h: cpu, gpu, jit or ncu-csv) and compares each record's
// prediction with what was measured: a Verdict per record, the reasons why
// kernels were not verified, and counts per verdict per file.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_VERIFICATION_H
#define CCL_LINT_VERIFICATION_H

#include "lint/Results.h"
#include "lint/TranslationUnit.h"
#include "lint/Verifier.h"
#include <memory>

namespace ccl {

class Verification {
public:
  /// \p HostFlags: -D/-I flags the file was parsed with, for the build.
  Verification(const LintOptions &Opts, llvm::StringRef File,
               std::vector<std::string> HostFlags)
      : V(makeVerifier(Opts, File, std::move(HostFlags))) {}
  /// Compares with what \p V measures.
  explicit Verification(std::unique_ptr<Verifier> V) : V(std::move(V)) {}

  /// The option that asked for it: "--verify=cpu", ..., "--ncu-csv".
  std::string flag() const { return V->flag(); }

  /// Sets each run's Launch or NotRunnable and measures them. On failure
  /// returns the reason and every record's verdict is NotVerified (or
  /// NotRunnable, for a kernel that says why it cannot run).
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
  std::unique_ptr<Verifier> V;
  std::string RunError; ///< why the run failed ("" when it did not)
  unsigned Compared = 0, Confirmed = 0, Refuted = 0, WithinBound = 0,
           NotExecuted = 0;
};

} // namespace ccl
#endif
