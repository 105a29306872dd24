//===- Verifier.h - One way of measuring the analyzed kernels ------------===//
//
// --verify=cpu, --verify=gpu, --verify=jit and --ncu-csv each measure what
// the analyzed accesses did in their own way; lint/Verification.h compares
// the predictions with what they measured through this one interface:
//
//   run()    sets each kernel run's Launch (or why it cannot be measured,
//            NotRunnable) and measures; an error means nothing was.
//   judge()  fills one record's verdict and measurements, for a run this
//            verifier measured, and says the sentence of the verdict.
//
// The implementations, one per file:
//   lint/VerifyTrace.cpp   cpu and gpu: the instrumented source, built with
//                          the host compiler (cpu) or nvcc (gpu), its trace
//                          (runtime/CpuVerifier.h)
//   lint/VerifyJit.cpp     jit: the device code clang compiles, run on the
//                          CPU (runtime/jit/JitVerifier.h)
//   lint/VerifyNcuCsv.cpp  ncu-csv: the source page Nsight Compute exported
//                          on the user's GPU (runtime/NcuCompare.h)
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_VERIFIER_H
#define CCL_LINT_VERIFIER_H

#include "lint/Options.h"
#include "lint/Results.h"
#include "lint/TranslationUnit.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace ccl {

class DeviceCompiler;
struct Measurement;

class Verifier {
public:
  virtual ~Verifier();

  /// The option that asked for it: "--verify=cpu", ..., "--ncu-csv".
  virtual std::string flag() const = 0;
  /// What compared the predictions, for the summary: "verified on cpu",
  /// "compared with ncu (FILE)".
  virtual std::string where() const = 0;

  /// Sets each run's Launch, or its NotRunnable, and measures. On failure
  /// returns why; then no record is judged by this verifier.
  /// \p Device: the compiler view's device compiler, if the analysis made
  /// one.
  virtual llvm::Error run(clang::ASTContext &Ctx, std::vector<KernelRun> &Runs,
                          DeviceCompiler *Device) = 0;

  /// Fills \p Out's Verdict and measurements for record \p R of \p Run, a
  /// run with a Launch, and returns the sentence that says so ("" when
  /// there is nothing to say).
  virtual std::string judge(const AccessRecord &R, const KernelRun &Run,
                            AccessReport &Out) = 0;

  /// The verdict of the records of a run that was not measured (no
  /// Launch, or run() failed): NotRunnable when the run says why it cannot
  /// run, else NotVerified.
  virtual Verdict notMeasured(const KernelRun &Run) const;

  /// The remark for a kernel run that was not measured ("" when it was).
  virtual std::string kernelRemark(const KernelRun &Run) const = 0;

  /// Why Nsight Compute was not used ("" when it was, or not asked for).
  virtual std::string ncuSkipped() const { return ""; }

protected:
  /// Compares the measurement \p M of \p R with its prediction: sets the
  /// verdict (Confirmed, WithinBound, Refuted; Unpredicted when \p R has no
  /// prediction) and returns the sentence.
  static std::string compare(const AccessRecord &R, const Measurement &M,
                             AccessReport &Out);
};

/// The verifier of \p Opts.Verify (which is not None). \p HostFlags: -D/-I
/// flags the file was parsed with, for the builds of cpu and gpu.
std::unique_ptr<Verifier> makeVerifier(const LintOptions &Opts,
                                       llvm::StringRef File,
                                       std::vector<std::string> HostFlags);

/// The implementations (lint/Verify*.cpp).
std::unique_ptr<Verifier> makeTraceVerifier(const LintOptions &Opts,
                                            llvm::StringRef File,
                                            std::vector<std::string> HostFlags,
                                            bool Gpu);
std::unique_ptr<Verifier> makeJitVerifier(const LintOptions &Opts,
                                          llvm::StringRef File);
std::unique_ptr<Verifier> makeNcuCsvVerifier(const LintOptions &Opts);

/// The cost \p R predicts: sectors (global) or wavefronts (shared) per
/// request of its worst request, or the ideal of that request.
unsigned predictedCost(const AccessRecord &R, bool Ideal);

} // namespace ccl
#endif
