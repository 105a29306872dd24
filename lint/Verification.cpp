//===- Verification.cpp - --verify: predictions against measurements ------===//
#include "lint/Verification.h"
#include "lint/Paths.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <set>

using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {
bool gpu(const LintOptions &Opts) { return Opts.Verify == VerifyMode::Gpu; }
bool ncuCsv(const LintOptions &Opts) {
  return Opts.Verify == VerifyMode::NcuCsv;
}
Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

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

Error Verification::runJit(ASTContext &Ctx, std::vector<KernelRun> &Runs,
                           DeviceCompiler *Device) {
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
    RunError = toString(std::move(E));
    return failure(RunError);
  }
  for (KernelRun &R : Runs)
    if (!Jit->launchFailure(R.Launch).empty()) {
      R.NotRunnable = Jit->launchFailure(R.Launch);
      R.Launch = ~0u;
    }
  return Error::success();
}

Error Verification::run(ASTContext &Ctx, std::vector<KernelRun> &Runs,
                        DeviceCompiler *Device) {
  this->Ctx = &Ctx;
  if (ncuCsv(Opts))
    return runNcuCsv(Ctx, Runs);
  if (Opts.Verify == VerifyMode::Jit)
    return runJit(Ctx, Runs, Device);
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
  if (E) {
    Verifier.reset();
    RunError = toString(std::move(E));
    return failure(RunError);
  }
  return Error::success();
}

Error Verification::readNcuPage() {
  // Read once by the command line; a front end that gives only the path
  // has it read here.
  Ncu = Opts.NcuPage;
  if (Ncu)
    return Error::success();
  auto Buf = MemoryBuffer::getFile(Opts.NcuCsv);
  if (!Buf)
    RunError = "cannot read '" + Opts.NcuCsv + "'";
  Expected<NcuSourcePage> Page =
      Buf ? parseNcuSourcePage((*Buf)->getBuffer())
          : Expected<NcuSourcePage>(failure(RunError));
  if (!Page) {
    if (RunError.empty())
      RunError = "'" + Opts.NcuCsv + "': " + toString(Page.takeError());
    else
      consumeError(Page.takeError());
    return failure(RunError);
  }
  Ncu = std::make_shared<const NcuSourcePage>(std::move(*Page));
  return Error::success();
}

Error Verification::runNcuCsv(ASTContext &Ctx, std::vector<KernelRun> &Runs) {
  if (Error E = readNcuPage())
    return E;
  std::vector<std::string> Names;
  for (const KernelRun &R : Runs)
    Names.push_back(R.Name);
  std::string Exported;
  for (const NcuLaunch &L : Ncu->Launches)
    if (!StringRef(Exported).contains("'" + L.Name + "'"))
      Exported += (Exported.empty() ? "'" : ", '") + L.Name + "'";
  const SourceManager &SM = Ctx.getSourceManager();
  for (KernelRun &R : Runs) {
    // The source page does not say the block shape: compare only under one
    // that is the launch's, not a guess, and not one of several.
    if (R.Shape.Source == BlockShape::Default) {
      R.NotRunnable = "its block shape " + R.Shape.Dim.str() +
                      " is a guess; give the launch's (the details page's "
                      "Block Size) with --block-dim=KERNEL:X,Y,Z";
      continue;
    }
    std::set<Dim3> Shapes;
    for (const KernelRun &O : Runs)
      if (O.Name == R.Name)
        Shapes.insert(O.Shape.Dim);
    if (Shapes.size() > 1) {
      std::string List;
      for (const Dim3 &D : Shapes)
        List += (List.empty() ? "" : ", ") + D.str();
      R.NotRunnable = "it is analyzed with several block shapes (" + List +
                      ") and the export does not say which launch used "
                      "which; pick one with --block-dim=KERNEL:X,Y,Z";
      continue;
    }
    std::vector<const NcuLaunch *> Ls = ncuLaunchesOf(*Ncu, R.Name, Names);
    if (Ls.empty()) {
      R.NotRunnable = "it is not in " + sys::path::filename(Opts.NcuCsv).str() +
                      ", which has " + Exported;
      continue;
    }
    StringRef Defined = sys::path::filename(
        SM.getFilename(SM.getExpansionLoc(R.Kernel->getLocation())));
    std::vector<const NcuLaunch *> Here;
    for (const NcuLaunch *L : Ls)
      if (L->hasFile(Defined))
        Here.push_back(L);
    if (Here.empty()) {
      R.NotRunnable = "the export's '" + Ls[0]->Name + "' comes from " +
                      (Ls[0]->Files.empty() ? std::string("no source file")
                                            : Ls[0]->Files[0].Path) +
                      ", not from " + Defined.str();
      continue;
    }
    // The export's source text must be this file's (when ncu had it).
    FileID FID = SM.getFileID(SM.getExpansionLoc(R.Kernel->getLocation()));
    SmallVector<StringRef, 0> Split;
    SM.getBufferData(FID).split(Split, '\n');
    std::vector<StringRef> Lines(Split.begin(), Split.end());
    if (unsigned Bad = ncuSourceMismatch(*Here[0], Defined, Lines)) {
      R.NotRunnable = "the export's line " + std::to_string(Bad) + " of " +
                      Defined.str() +
                      " differs from this file's (was the report recorded "
                      "from another version of it?)";
      continue;
    }
    R.Launch = NcuLaunches.size();
    NcuLaunches.push_back(std::move(Here));
  }
  return Error::success();
}

std::string Verification::judge(const AccessRecord &R, const KernelRun &Run,
                                AccessReport &Out) {
  if (ncuCsv(Opts))
    return judgeNcu(R, Run, Out);
  if ((!Verifier && !Jit) || Run.Launch == ~0u) {
    Out.Verdict =
        Run.NotRunnable.empty() ? Verdict::NotVerified : Verdict::NotRunnable;
    return "";
  }
  return Jit ? judgeJit(R, Run, Out) : judgeTrace(R, Run, Out);
}

/// --verify=jit: the JIT run of clang's code for the kernel.
std::string Verification::judgeJit(const AccessRecord &R, const KernelRun &Run,
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
    ++NotExecuted;
    return "not executed in the jit run" +
           (Stopped.empty() ? "" : " (" + Stopped + ")") + Assumed;
  }
  Out.Measured = M;
  Out.MeasuredBy = Measurer::CpuJit;
  // Another width than the analysis': the compiler split the access (a
  // 16-byte copy to a 4-byte aligned address is four 4-byte moves) or
  // merged it with its neighbours; its requests are not the predicted one.
  unsigned Bytes = Jit->measuredBytes(Run.Launch, R);
  if (Bytes && R.Bytes && Bytes != R.Bytes) {
    Out.Verdict = Verdict::NotVerified;
    bool Shared = R.Space == MemObject::Shared;
    return "not verified: clang compiled it as " + std::to_string(Bytes) +
           "-byte accesses, the prediction is for " +
           std::to_string(R.Bytes) + "-byte ones (measured " +
           std::to_string(Shared ? M->Wavefronts : M->Sectors) +
           (Shared ? " wavefronts" : " sectors") + " (ideal " +
           std::to_string(Shared ? M->IdealWavefronts : M->IdealSectors) +
           ") per " + std::to_string(Bytes) + "-byte request)" + Assumed;
  }
  // A run stopped early may not have reached the worst request: an exact
  // prediction above what it measured is neither confirmed nor refuted.
  if (!Stopped.empty() && R.Known && R.Exact &&
      (R.Space == MemObject::Shared ? M->Wavefronts : M->Sectors) <
          predicted(R, false)) {
    Out.Verdict = Verdict::NotVerified;
    bool Shared = R.Space == MemObject::Shared;
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

/// --verify=cpu and gpu: the trace of the instrumented source.
std::string Verification::judgeTrace(const AccessRecord &R,
                                     const KernelRun &Run, AccessReport &Out) {
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
  Out.MeasuredBy = gpu(Opts) ? Measurer::GpuTrace : Measurer::CpuTrace;
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

namespace {
NcuPrediction prediction(const AccessRecord &R) {
  NcuPrediction P;
  P.Shared = R.Space == MemObject::Shared;
  P.Op = R.Op;
  P.Bytes = R.Bytes;
  P.Known = R.Known;
  P.Exact = R.Known && R.Exact;
  P.Cost = predicted(R, false);
  P.Ideal = predicted(R, true);
  P.ActiveLanes = R.Worst.ActiveLanes;
  return P;
}
} // namespace

std::string Verification::judgeNcu(const AccessRecord &R, const KernelRun &Run,
                                   AccessReport &Out) {
  if (!Ncu || Run.Launch >= NcuLaunches.size()) {
    Out.Verdict = Verdict::NotVerified;
    return "";
  }
  const SourceManager &SM = Ctx->getSourceManager();
  auto Where = [&](const AccessRecord &A) {
    SourceLocation L = SM.getExpansionLoc(A.Site->getBeginLoc());
    return std::make_pair(sys::path::filename(SM.getFilename(L)).str(),
                          SM.getExpansionLineNumber(L));
  };
  auto [FileName, Line] = Where(R);
  // Every analyzed access of this kind on the line.
  std::vector<NcuPrediction> Group;
  size_t Which = 0;
  for (const AccessRecord &O : Run.Records) {
    if (O.Space != R.Space || O.Op != R.Op || Where(O) != Where(R))
      continue;
    if (&O == &R)
      Which = Group.size();
    Group.push_back(prediction(O));
  }
  if (Group.empty()) {
    Which = 0;
    Group.push_back(prediction(R));
  }
  NcuComparison C =
      compareWithNcu(Group, Which,
                     ncuInstructionsFor(NcuLaunches[Run.Launch], FileName, Line,
                                        Group[Which]));
  if (C.Result == NcuComparison::NotFound && C.Instructions == 0 &&
      StringRef(C.Text).starts_with("ncu: no ")) {
    std::vector<unsigned> Elsewhere =
        ncuLinesWith(NcuLaunches[Run.Launch], FileName, Group[Which]);
    if (!Elsewhere.empty()) {
      C.Text += "; the export has them on line";
      C.Text += Elsewhere.size() > 1 ? "s " : " ";
      for (size_t I = 0; I < Elsewhere.size() && I < 8; ++I)
        C.Text += (I ? ", " : "") + std::to_string(Elsewhere[I]);
    }
  }
  Out.NcuCsv = C;
  switch (C.Result) {
  case NcuComparison::Confirmed:
    Out.Verdict = Verdict::Confirmed;
    ++Compared;
    ++Confirmed;
    break;
  case NcuComparison::Refuted:
    Out.Verdict = Verdict::Refuted;
    ++Compared;
    ++Refuted;
    break;
  case NcuComparison::WithinBound:
    Out.Verdict = Verdict::WithinBound;
    ++Compared;
    ++WithinBound;
    break;
  case NcuComparison::Unpredicted:
    Out.Verdict = Verdict::Unpredicted;
    break;
  case NcuComparison::NotExecuted:
    Out.Verdict = Verdict::NotExecuted;
    ++NotExecuted;
    break;
  case NcuComparison::NotFound:
    Out.Verdict = Verdict::NotVerified;
    break;
  }
  return C.Text;
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
  std::string Where =
      ncuCsv(Opts)
          ? "compared with ncu (" + sys::path::filename(Opts.NcuCsv).str() + ")"
          : std::string("verified on ") +
                (gpu(Opts)                        ? "gpu"
                 : Opts.Verify == VerifyMode::Jit ? "cpu (jit)"
                                                  : "cpu");
  return Where + ": " + std::to_string(Compared) +
         " predictions compared with measurements: " +
         std::to_string(Confirmed) + " confirmed, " + std::to_string(Refuted) +
         " refuted, " + std::to_string(WithinBound) +
         " worst cases not exceeded, " + std::to_string(NotExecuted) +
         " not executed";
}

std::string Verification::ncuSkipped() const {
  return Verifier && gpu(Opts) ? Verifier->ncuSkipped() : "";
}

std::string Verification::notVerifiedReason(const KernelRun &Run) const {
  if (!RunError.empty())
    return RunError;
  return Run.NotRunnable;
}

std::string Verification::kernelRemark(const KernelRun &Run) const {
  if (Run.NotRunnable.empty())
    return "";
  if (ncuCsv(Opts))
    return "kernel '" + Run.Name + "' is not verified: " + Run.NotRunnable;
  return "kernel '" + Run.Name + "' is not runnable on " +
         (gpu(Opts) ? "the gpu" : "cpu") + " (" + Run.NotRunnable +
         "); its predictions are not verified";
}

VerificationResult Verification::result(
    const LintOptions &Opts, const std::vector<AccessReport> &Accesses,
    const std::vector<KernelRun> &Runs, const Verification *V) {
  VerificationResult Out;
  Out.Asked = Opts.Verify != VerifyMode::None;
  Out.Mode = Opts.Verify;
  for (const AccessReport &A : Accesses)
    if (A.Verdict != Verdict::None)
      ++Out.Verdicts[verdictName(A.Verdict)];
  for (const KernelRun &R : Runs) {
    if (R.Records.empty())
      continue;
    std::string Why = V ? V->notVerifiedReason(R) : R.NotRunnable;
    if (!Why.empty())
      Out.KernelsNotVerified.push_back({R.Name, Why});
  }
  return Out;
}

std::string Verification::resultText(const LintOptions &Opts,
                                     const VerificationResult &R) {
  if (!R.Asked || R.Verdicts.empty())
    return "";
  std::string Counts;
  for (const auto &[Name, N] : R.Verdicts)
    Counts += (Counts.empty() ? "" : ", ") + std::to_string(N) + " " + Name;
  if (R.verified())
    return "accesses per verdict: " + Counts;
  std::string Text = std::string(ncuCsv(Opts) ? "--ncu-csv" : "--verify") +
                     " verified nothing in this file (" + Counts + ")";
  // Each reason once, with the kernels it stopped.
  std::vector<std::pair<std::string, std::string>> Why;
  for (const auto &KR : R.KernelsNotVerified) {
    auto It =
        llvm::find_if(Why, [&](const auto &W) { return W.first == KR.second; });
    if (It == Why.end())
      Why.push_back({KR.second, KR.first});
    else if (!StringRef(", " + It->second + ",")
                  .contains(", " + KR.first + ","))
      It->second += ", " + KR.first;
  }
  for (size_t I = 0; I < Why.size(); ++I)
    Text += (I ? "; " : ": ") + Why[I].first + " (" + Why[I].second + ")";
  return Text;
}
