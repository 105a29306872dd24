//===- Results.cpp - What the pipeline found ------------------------------===//
#include "lint/Results.h"
#include "lint/Options.h"
#include "llvm/Support/ErrorHandling.h"

using namespace ccl;

const char *ccl::verdictName(Verdict V) {
  switch (V) {
  case Verdict::None:
    return "";
  case Verdict::Confirmed:
    return "confirmed";
  case Verdict::Refuted:
    return "refuted";
  case Verdict::WithinBound:
    return "within-bound";
  case Verdict::NotExecuted:
    return "not-executed";
  case Verdict::NotInstrumented:
    return "not-instrumented";
  case Verdict::NotRunnable:
    return "not-runnable";
  case Verdict::NotVerified:
    return "not-verified";
  case Verdict::Unpredicted:
    return "unpredicted";
  }
  llvm_unreachable("covered switch");
}

unsigned LintResults::flagged() const {
  unsigned N = 0;
  for (const FileResult &F : Files)
    N += F.Flagged;
  return N;
}

unsigned LintResults::refuted() const {
  unsigned N = 0;
  for (const FileResult &F : Files)
    N += F.Refuted;
  return N;
}

unsigned VerificationResult::verified() const {
  unsigned N = 0;
  for (const char *V : {"confirmed", "refuted", "within-bound"}) {
    auto It = Verdicts.find(V);
    N += It == Verdicts.end() ? 0 : It->second;
  }
  return N;
}

bool LintResults::verifiedNothing() const {
  bool Asked = false, Accesses = false;
  for (const FileResult &F : Files) {
    if (!F.Verification.Asked)
      continue;
    Asked = true;
    Accesses |= !F.Accesses.empty();
    if (F.Verification.verified())
      return false;
  }
  return Asked && Accesses;
}

bool LintResults::inputError() const {
  for (const FileResult &F : Files)
    if (F.InputError)
      return true;
  return false;
}

void LintOptions::assume(llvm::StringRef Name, llvm::StringRef Value,
                         bool Overwrite) {
  Name = Name.trim();
  Value = Value.trim();
  // KERNEL:NAME, but not a qualified name (ns::x).
  size_t Colon = Name.find(':');
  while (Colon != llvm::StringRef::npos && Name.substr(Colon).starts_with("::"))
    Colon = Name.find(':', Colon + 2);
  if (Colon != llvm::StringRef::npos) {
    auto &For = KernelAssume[Name.take_front(Colon).trim().str()];
    std::string Key = Name.drop_front(Colon + 1).trim().str();
    if (Overwrite || !For.count(Key))
      For[Key] = Value.str();
    return;
  }
  if (!Overwrite && AssumeText.count(Name.str()))
    return;
  AssumeText[Name.str()] = Value.str();
  int64_t V;
  if (!Value.getAsInteger(0, V))
    Assume[Name.str()] = V;
}

std::map<std::string, std::string>
LintOptions::assumptionsFor(llvm::StringRef Kernel) const {
  std::map<std::string, std::string> All = AssumeText;
  auto It = KernelAssume.find(Kernel.str());
  if (It != KernelAssume.end())
    for (const auto &KV : It->second)
      All[KV.first] = KV.second;
  return All;
}

std::map<std::string, int64_t>
LintOptions::integersFor(llvm::StringRef Kernel) const {
  std::map<std::string, int64_t> Out;
  for (const auto &KV : assumptionsFor(Kernel)) {
    int64_t V;
    if (!llvm::StringRef(KV.second).getAsInteger(0, V))
      Out[KV.first] = V;
  }
  return Out;
}
