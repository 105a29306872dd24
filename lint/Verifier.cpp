//===- Verifier.cpp - One way of measuring the analyzed kernels ----------===//
#include "lint/Verifier.h"
#include "runtime/TraceModel.h"

using namespace llvm;
using namespace ccl;

Verifier::~Verifier() = default;

Verdict Verifier::notMeasured(const KernelRun &Run) const {
  return Run.NotRunnable.empty() ? Verdict::NotVerified : Verdict::NotRunnable;
}

unsigned ccl::predictedCost(const AccessRecord &R, bool Ideal) {
  if (R.Space == MemObject::Shared)
    return Ideal ? R.Worst.S.IdealWavefronts : R.Worst.S.Wavefronts;
  return Ideal ? R.Worst.G.IdealSectors : R.Worst.G.Sectors;
}

std::string Verifier::compare(const AccessRecord &R, const Measurement &M,
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
  unsigned Pred = predictedCost(R, false), PredIdeal = predictedCost(R, true);
  bool Same = Got == Pred && GotIdeal == PredIdeal &&
              (!Shared || M.ConflictWays == R.Worst.S.ConflictWays);
  if (R.Exact && Same) {
    Out.Verdict = Verdict::Confirmed;
    return "confirmed: measured " + Measured;
  }
  if (!R.Exact && Got <= Pred) {
    Out.Verdict = Verdict::WithinBound;
    return "worst case not exceeded: measured " + Measured;
  }
  Out.Verdict = Verdict::Refuted;
  return "REFUTED: predicted " + std::to_string(Pred) + Unit + " (ideal " +
         std::to_string(PredIdeal) + "), measured " + Measured;
}

std::unique_ptr<Verifier>
ccl::makeVerifier(const LintOptions &Opts, StringRef File,
                  std::vector<std::string> HostFlags) {
  switch (Opts.Verify) {
  case VerifyMode::Cpu:
  case VerifyMode::Gpu:
    return makeTraceVerifier(Opts, File, std::move(HostFlags),
                             Opts.Verify == VerifyMode::Gpu);
  case VerifyMode::Jit:
    return makeJitVerifier(Opts, File);
  case VerifyMode::NcuCsv:
    return makeNcuCsvVerifier(Opts);
  case VerifyMode::None:
    break;
  }
  return nullptr;
}
