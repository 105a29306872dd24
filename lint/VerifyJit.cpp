//===- VerifyJit.cpp - --verify=jit: the device code clang compiles ------===//
//
// The kernels as clang compiles them for the GPU, run on the CPU
// (runtime/jit/JitVerifier.h); each record is measured on the instructions
// compiled from its expression.
//
//===----------------------------------------------------------------------===//
#include "lint/Verifier.h"
#include "runtime/jit/JitVerifier.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {

class JitRunVerifier : public Verifier {
public:
  JitRunVerifier(const LintOptions &Opts, StringRef File)
      : Opts(Opts), File(File.str()) {}

  std::string flag() const override { return "--verify=jit"; }
  std::string where() const override { return "verified on cpu (jit)"; }

  Error run(ASTContext &Ctx, std::vector<KernelRun> &Runs,
            DeviceCompiler *Device) override {
    JitVerifier::Config JC;
    JC.Compiler = Device;
    JC.AssumeText = Opts.AssumeText;
    JC.KernelAssume = Opts.KernelAssume;
    JC.StepLimit = Opts.JitStepLimit;
    JC.Spec = Opts.Spec ? &*Opts.Spec : nullptr;
    if (!Opts.VerifyOutput.empty())
      JC.KeepDir = Opts.VerifyOutput + "/" + sys::path::stem(File).str();
    Jit = std::make_unique<JitVerifier>(Ctx, JC);
    for (KernelRun &R : Runs)
      R.Launch = Jit->addLaunch(R.Kernel, R.Name, R.Shape.Dim);
    if (Error E = Jit->run()) {
      Jit.reset();
      for (KernelRun &R : Runs)
        R.Launch = ~0u;
      return E;
    }
    for (KernelRun &R : Runs)
      if (!Jit->launchFailure(R.Launch).empty()) {
        R.NotRunnable = Jit->launchFailure(R.Launch);
        R.Launch = ~0u;
      }
    return Error::success();
  }

  std::string judge(const AccessRecord &R, const KernelRun &Run,
                    AccessReport &Out) override;

  std::string kernelRemark(const KernelRun &Run) const override {
    return "kernel '" + Run.Name + "' is not runnable on cpu (" +
           Run.NotRunnable + "); its predictions are not verified";
  }

private:
  const LintOptions &Opts;
  std::string File;
  std::unique_ptr<JitVerifier> Jit; ///< after run(), unless it failed
};

std::string JitRunVerifier::judge(const AccessRecord &R, const KernelRun &Run,
                                  AccessReport &Out) {
  std::optional<Measurement> M = Jit->measured(Run.Launch, R);
  if (!M) {
    Out.Verdict = Verdict::NotInstrumented;
    return "not verified: " + Jit->notInstrumentedReason(R);
  }
  // The run's shapes, when the analysis assumed them, are said.
  std::string Assumed;
  if (Run.Shape.Source == BlockShape::Default)
    Assumed = " (block " + std::to_string(Run.Shape.Dim.X) + "x" +
              std::to_string(Run.Shape.Dim.Y) + "x" +
              std::to_string(Run.Shape.Dim.Z) + " assumed, " +
              Jit->gridText(Run.Launch) + ")";
  std::string Stopped = Jit->truncation(Run.Launch);
  if (!M->Executed) {
    Out.Verdict = Verdict::NotExecuted;
    return "not executed in the jit run" +
           (Stopped.empty() ? "" : " (" + Stopped + ")") + Assumed;
  }
  Out.Measured = M;
  Out.MeasuredBy = Measurer::CpuJit;
  bool Shared = R.Space == MemObject::Shared;
  // Another width than the analysis': the compiler split the access (a
  // 16-byte copy to a 4-byte aligned address is four 4-byte moves) or
  // merged it with its neighbours; its requests are not the predicted one.
  unsigned Bytes = Jit->measuredBytes(Run.Launch, R);
  if (Bytes && R.Bytes && Bytes != R.Bytes) {
    Out.Verdict = Verdict::NotVerified;
    return "not verified: clang compiled it as " + std::to_string(Bytes) +
           "-byte accesses, the prediction is for " + std::to_string(R.Bytes) +
           "-byte ones (measured " +
           std::to_string(Shared ? M->Wavefronts : M->Sectors) +
           (Shared ? " wavefronts" : " sectors") + " (ideal " +
           std::to_string(Shared ? M->IdealWavefronts : M->IdealSectors) +
           ") per " + std::to_string(Bytes) + "-byte request)" + Assumed;
  }
  // A run stopped early may not have reached the worst request: an exact
  // prediction above what it measured is neither confirmed nor refuted.
  if (!Stopped.empty() && R.Known && R.Exact &&
      (Shared ? M->Wavefronts : M->Sectors) < predictedCost(R, false)) {
    Out.Verdict = Verdict::NotVerified;
    return "not verified: " + Stopped + " before a request reached the " +
           "prediction (measured " +
           std::to_string(Shared ? M->Wavefronts : M->Sectors) +
           (Shared ? " wavefronts" : " sectors") + " over " +
           std::to_string(M->Warps) + " warp requests)" + Assumed;
  }
  std::string Text = compare(R, *M, Out);
  if (!Stopped.empty())
    Text += " (" + Stopped + ")";
  return Text + Assumed;
}

} // namespace

std::unique_ptr<Verifier> ccl::makeJitVerifier(const LintOptions &Opts,
                                               StringRef File) {
  return std::make_unique<JitRunVerifier>(Opts, File);
}
