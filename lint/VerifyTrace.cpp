//===- VerifyTrace.cpp - --verify=cpu and gpu: the instrumented source ---===//
//
// The accesses of the main file are instrumented in the source, which is
// built with the host compiler (cpu) or nvcc (gpu) and run; each request is
// counted from the trace of addresses (runtime/CpuVerifier.h). On the GPU,
// Nsight Compute's counters for each line are read too, when ncu runs.
//
//===----------------------------------------------------------------------===//
#include "lint/Paths.h"
#include "lint/Verifier.h"
#include "runtime/CpuVerifier.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <optional>

using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {

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

class TraceVerifier : public Verifier {
public:
  TraceVerifier(const LintOptions &Opts, StringRef File,
                std::vector<std::string> HostFlags, bool Gpu)
      : Opts(Opts), File(File.str()), HostFlags(std::move(HostFlags)),
        Gpu(Gpu) {}

  std::string flag() const override {
    return Gpu ? "--verify=gpu" : "--verify=cpu";
  }
  std::string where() const override {
    return Gpu ? "verified on gpu" : "verified on cpu";
  }

  Error run(ASTContext &Ctx, std::vector<KernelRun> &Runs,
            DeviceCompiler *) override {
    CpuVerifier::Config VC;
    VC.AssumeText = Opts.AssumeText;
    VC.RuntimeDir = runtimeDir();
    VC.Spec = Opts.Spec ? &*Opts.Spec : nullptr;
    if (!Opts.VerifyOutput.empty())
      VC.KeepDir = Opts.VerifyOutput + "/" + sys::path::stem(File).str();
    std::string Why;
    if (Gpu) {
      VC.Gpu = true;
      findGpuTools(Opts, VC);
      if (VC.Nvcc.empty())
        Why = "nvcc was not found";
    }
    VC.Compiler = clangBinary();
    VC.CompilerFlags = HostFlags;
    Engine.emplace(Ctx, VC);
    for (KernelRun &R : Runs) {
      // The GPU runs every kernel the CPU runtime cannot.
      R.NotRunnable = Gpu ? "" : Engine->notRunnableReason(R.Kernel);
      if (R.NotRunnable.empty())
        R.Launch = Engine->addLaunch(R.Kernel, R.Name, R.Shape.Dim, R.Records);
    }
    Error E = Why.empty() ? Engine->run()
                          : createStringError(inconvertibleErrorCode(), Why);
    if (E)
      Engine.reset();
    return E;
  }

  std::string judge(const AccessRecord &R, const KernelRun &Run,
                    AccessReport &Out) override {
    std::optional<Measurement> M = Engine->measured(Run.Launch, R);
    if (!M) {
      Out.Verdict = Verdict::NotInstrumented;
      return "not verified: " + Engine->notInstrumentedReason(R);
    }
    if (!M->Executed) {
      Out.Verdict = Verdict::NotExecuted;
      return "not executed in the cpu run";
    }
    Out.Measured = M;
    Out.MeasuredBy = Gpu ? Measurer::GpuTrace : Measurer::CpuTrace;
    std::string Text = compare(R, *M, Out);
    bool Shared = R.Space == MemObject::Shared;
    if (std::optional<Measurement> N = Engine->measuredByNcu(Run.Launch, R)) {
      Out.Ncu = N;
      std::string Unit = Shared ? " wavefronts" : " sectors";
      Text += "; ncu: " + std::to_string(Shared ? N->Wavefronts : N->Sectors) +
              Unit + " (ideal " +
              std::to_string(Shared ? N->IdealWavefronts : N->IdealSectors) +
              ") per request on that line";
    }
    return Text;
  }

  std::string kernelRemark(const KernelRun &Run) const override {
    return "kernel '" + Run.Name + "' is not runnable on " +
           (Gpu ? "the gpu" : "cpu") + " (" + Run.NotRunnable +
           "); its predictions are not verified";
  }

  std::string ncuSkipped() const override {
    return Engine && Gpu ? Engine->ncuSkipped() : "";
  }

private:
  const LintOptions &Opts;
  std::string File;
  std::vector<std::string> HostFlags;
  bool Gpu;
  std::optional<CpuVerifier> Engine; ///< after run(), unless it failed
};

} // namespace

std::unique_ptr<Verifier>
ccl::makeTraceVerifier(const LintOptions &Opts, StringRef File,
                       std::vector<std::string> HostFlags, bool Gpu) {
  return std::make_unique<TraceVerifier>(Opts, File, std::move(HostFlags), Gpu);
}
