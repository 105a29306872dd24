//===- Verification.cpp - --verify: predictions against measurements ------===//
#include "lint/Verification.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;
using namespace ccl;

Error Verification::run(ASTContext &Ctx, std::vector<KernelRun> &Runs,
                        DeviceCompiler *Device) {
  if (Error E = V->run(Ctx, Runs, Device)) {
    RunError = toString(std::move(E));
    return createStringError(inconvertibleErrorCode(), RunError);
  }
  return Error::success();
}

std::string Verification::judge(const AccessRecord &R, const KernelRun &Run,
                                AccessReport &Out) {
  if (!RunError.empty() || Run.Launch == ~0u) {
    Out.Verdict = V->notMeasured(Run);
    return "";
  }
  std::string Text = V->judge(R, Run, Out);
  switch (Out.Verdict) {
  case Verdict::Confirmed:
    ++Compared;
    ++Confirmed;
    break;
  case Verdict::Refuted:
    ++Compared;
    ++Refuted;
    break;
  case Verdict::WithinBound:
    ++Compared;
    ++WithinBound;
    break;
  case Verdict::NotExecuted:
    ++NotExecuted;
    break;
  default:
    break;
  }
  return Text;
}

std::string Verification::summary() const {
  return V->where() + ": " + std::to_string(Compared) +
         " predictions compared with measurements: " +
         std::to_string(Confirmed) + " confirmed, " + std::to_string(Refuted) +
         " refuted, " + std::to_string(WithinBound) +
         " worst cases not exceeded, " + std::to_string(NotExecuted) +
         " not executed";
}

std::string Verification::ncuSkipped() const {
  return RunError.empty() ? V->ncuSkipped() : "";
}

std::string Verification::notVerifiedReason(const KernelRun &Run) const {
  if (!RunError.empty())
    return RunError;
  return Run.NotRunnable;
}

std::string Verification::kernelRemark(const KernelRun &Run) const {
  return Run.NotRunnable.empty() ? "" : V->kernelRemark(Run);
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
  std::string Text =
      std::string(Opts.Verify == VerifyMode::NcuCsv ? "--ncu-csv"
                                                    : "--verify") +
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
