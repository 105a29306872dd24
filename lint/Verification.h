//===- Verification.h - --verify: predictions against measurements --------===//
//
// Runs the analyzed kernels (runtime/CpuVerifier.h: on the CPU, or on a GPU
// with nvcc and Nsight Compute) and compares each record's prediction with
// what was measured: a Verdict per record and counts per file.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_VERIFICATION_H
#define CCL_LINT_VERIFICATION_H

#include "lint/Results.h"
#include "lint/TranslationUnit.h"
#include "runtime/CpuVerifier.h"
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
  llvm::Error run(clang::ASTContext &Ctx, std::vector<KernelRun> &Runs);

  /// Fills \p Out's Verdict and measurements for record \p R of \p Run and
  /// returns the sentence that says so ("" when there is nothing to say).
  std::string judge(const AccessRecord &R, const KernelRun &Run,
                    AccessReport &Out);

  /// "verified on cpu: N predictions compared with measurements: ...".
  std::string summary() const;
  /// Why Nsight Compute was not used ("" when it was, or not asked for).
  std::string ncuSkipped() const;
  unsigned refuted() const { return Refuted; }

private:
  std::string compare(const AccessRecord &R, const Measurement &M,
                      AccessReport &Out);

  const LintOptions &Opts;
  std::string File;
  std::vector<std::string> HostFlags;
  std::optional<CpuVerifier> Verifier;
  unsigned Compared = 0, Confirmed = 0, Refuted = 0, WithinBound = 0,
           NotExecuted = 0;
};

} // namespace ccl
#endif
