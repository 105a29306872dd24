//===- Verification.cpp - --verify: predictions against measurements ------===//
#include "lint/Verification.h"
#include "lint/Paths.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {
bool gpu(const LintOptions &Opts) { return Opts.Verify == VerifyMode::Gpu; }

/// nvcc and ncu from the CUDA installation, else from PATH.
void findGpuTools(const LintOptions &Opts, CpuVerifier::Config &VC) {
  std::string Cuda = Opts.CudaPath.empty() ? "/usr/local/cuda" : Opts.CudaPath;
  for (const char *Tool : {"nvcc", "ncu"}) {
    std::string P = Cuda + "/bin/" + Tool;
    if (!sys::fs::exists(P))
      if (auto Found = sys::findProgramByName(Tool))
        P = *Found;
    if (sys::fs::exists(P))
      (StringRef(Tool) == "nvcc" ? VC.Nvcc : VC.Ncu) = P;
  }
}

unsigned predicted(const AccessRecord &R, bool Ideal) {
  if (R.Space == MemObject::Shared)
    return Ideal ? R.Worst.S.IdealWavefronts : R.Worst.S.Wavefronts;
  return Ideal ? R.Worst.G.IdealSectors : R.Worst.G.Sectors;
}
} // namespace

Error Verification::run(ASTContext &Ctx, std::vector<KernelRun> &Runs) {
  CpuVerifier::Config VC;
  VC.AssumeText = Opts.AssumeText;
  VC.RuntimeDir = runtimeDir();
  VC.Spec = Opts.Spec ? &*Opts.Spec : nullptr;
  if (!Opts.VerifyOutput.empty())
    VC.KeepDir = Opts.VerifyOutput + "/" + sys::path::stem(File).str();
  std::string Why;
  if (gpu(Opts)) {
    VC.Gpu = true;
    findGpuTools(Opts, VC);
    if (VC.Nvcc.empty())
      Why = "nvcc was not found";
  }
  VC.Compiler = clangBinary();
  VC.CompilerFlags = HostFlags;
  Verifier.emplace(Ctx, VC);
  for (KernelRun &R : Runs) {
    R.NotRunnable = gpu(Opts) ? "" : Verifier->notRunnableReason(R.Kernel);
    if (R.NotRunnable.empty())
      R.Launch = Verifier->addLaunch(R.Kernel, R.Name, R.Shape.Dim, R.Records);
  }
  Error E = Why.empty() ? Verifier->run()
                        : createStringError(inconvertibleErrorCode(), Why);
  if (E)
    Verifier.reset();
  return E;
}

std::string Verification::judge(const AccessRecord &R, const KernelRun &Run,
                                AccessReport &Out) {
  if (!Verifier || Run.Launch == ~0u) {
    Out.Verdict =
        Run.NotRunnable.empty() ? Verdict::NotVerified : Verdict::NotRunnable;
    return "";
  }
  std::optional<Measurement> M = Verifier->measured(Run.Launch, R);
  if (!M) {
    Out.Verdict = Verdict::NotInstrumented;
    return "not verified: " + Verifier->notInstrumentedReason(R);
  }
  if (!M->Executed) {
    Out.Verdict = Verdict::NotExecuted;
    ++NotExecuted;
    return "not executed in the cpu run";
  }
  Out.Measured = M;
  Out.MeasuredOnGpu = gpu(Opts);
  std::string Text = compare(R, *M, Out);
  bool Shared = R.Space == MemObject::Shared;
  if (std::optional<Measurement> N = Verifier->measuredByNcu(Run.Launch, R)) {
    Out.Ncu = N;
    std::string Unit = Shared ? " wavefronts" : " sectors";
    Text += "; ncu: " + std::to_string(Shared ? N->Wavefronts : N->Sectors) +
            Unit + " (ideal " +
            std::to_string(Shared ? N->IdealWavefronts : N->IdealSectors) +
            ") per request on that line";
  }
  return Text;
}

std::string Verification::compare(const AccessRecord &R, const Measurement &M,
                                  AccessReport &Out) {
  bool Shared = R.Space == MemObject::Shared;
  unsigned Got = Shared ? M.Wavefronts : M.Sectors;
  unsigned GotIdeal = Shared ? M.IdealWavefronts : M.IdealSectors;
  std::string Unit = Shared ? " wavefronts" : " sectors";
  std::string Measured = std::to_string(Got) + Unit + " (ideal " +
                         std::to_string(GotIdeal) + ") over " +
                         std::to_string(M.Warps) + " warp requests";
  if (M.OutOfRange)
    Measured += "; some lanes addressed outside the buffers";
  if (!R.Known) {
    Out.Verdict = Verdict::Unpredicted;
    return "measured " + Measured + " (no prediction)";
  }
  unsigned Pred = predicted(R, false), PredIdeal = predicted(R, true);
  bool Same = Got == Pred && GotIdeal == PredIdeal &&
              (!Shared || M.ConflictWays == R.Worst.S.ConflictWays);
  ++Compared;
  if (R.Exact && Same) {
    Out.Verdict = Verdict::Confirmed;
    ++Confirmed;
    return "confirmed: measured " + Measured;
  }
  if (!R.Exact && Got <= Pred) {
    Out.Verdict = Verdict::WithinBound;
    ++WithinBound;
    return "worst case not exceeded: measured " + Measured;
  }
  Out.Verdict = Verdict::Refuted;
  ++Refuted;
  return "REFUTED: predicted " + std::to_string(Pred) + Unit + " (ideal " +
         std::to_string(PredIdeal) + "), measured " + Measured;
}

std::string Verification::summary() const {
  return std::string("verified on ") + (gpu(Opts) ? "gpu" : "cpu") + ": " +
         std::to_string(Compared) +
         " predictions compared with measurements: " +
         std::to_string(Confirmed) + " confirmed, " + std::to_string(Refuted) +
         " refuted, " + std::to_string(WithinBound) +
         " worst cases not exceeded, " + std::to_string(NotExecuted) +
         " not executed";
}

std::string Verification::ncuSkipped() const {
  return Verifier && gpu(Opts) ? Verifier->ncuSkipped() : "";
}
