//===- Results.cpp - What the pipeline found ------------------------------===//
#include "lint/Results.h"
#include "lint/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <set>

using namespace ccl;

const char *ccl::measurerName(Measurer M) {
  switch (M) {
  case Measurer::None:
    return "";
  case Measurer::CpuTrace:
    return "cpu-trace";
  case Measurer::CpuJit:
    return "cpu-jit";
  case Measurer::GpuTrace:
    return "gpu-trace";
  }
  llvm_unreachable("a measurer without a name");
}

const char *ccl::certaintyName(FindingCertainty C) {
  switch (C) {
  case FindingCertainty::None:
    return "";
  case FindingCertainty::Certain:
    return "certain";
  case FindingCertainty::Possible:
    return "possible";
  }
  llvm_unreachable("a certainty without a name");
}

const char *ccl::verifyModeName(VerifyMode M) {
  switch (M) {
  case VerifyMode::None:
    return "";
  case VerifyMode::Cpu:
    return "cpu";
  case VerifyMode::Jit:
    return "jit";
  case VerifyMode::Gpu:
    return "gpu";
  case VerifyMode::NcuCsv:
    return "ncu-csv";
  }
  llvm_unreachable("a --verify mode without a name");
}

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

void LintOptions::adoptSpec(HarnessSpec S) {
  Spec = std::move(S);
  // The command line wins where both say something.
  for (const KernelSpec &K : Spec->Kernels) {
    if (!K.Block.empty() && !BlockDims.count(K.Name))
      BlockDims[K.Name] = Dim3{K.Block[0], K.Block.size() > 1 ? K.Block[1] : 1,
                               K.Block.size() > 2 ? K.Block[2] : 1};
    for (const auto *M : {&K.TemplateArgs, &K.Scalars})
      for (const auto &KV : *M)
        assume(KV.first, KV.second, /*Overwrite=*/false);
  }
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

std::vector<std::string>
LintResults::assumeTypos(llvm::ArrayRef<std::string> Assume) const {
  std::set<std::string> Kernels, Names, Templates;
  bool Parsed = false;
  for (const FileResult &F : Files) {
    Parsed |= F.Analyzed;
    Kernels.insert(F.KernelNames.begin(), F.KernelNames.end());
    Names.insert(F.Names.begin(), F.Names.end());
    Templates.insert(F.TemplateParams.begin(), F.TemplateParams.end());
  }
  std::vector<std::string> Out;
  if (!Parsed)
    return Out;
  auto IsIdentifier = [](llvm::StringRef S) {
    return !S.empty() && !isdigit(S.front()) &&
           llvm::all_of(S, [](char C) { return isalnum(C) || C == '_'; });
  };
  for (const std::string &A : Assume) {
    auto [Name, Val] = llvm::StringRef(A).split('=');
    Name = Name.trim();
    Val = Val.trim();
    llvm::StringRef Kernel;
    size_t Colon = Name.find(':');
    if (Colon != llvm::StringRef::npos && !Name.substr(Colon).starts_with("::")) {
      Kernel = Name.take_front(Colon).trim();
      Name = Name.drop_front(Colon + 1).trim();
    }
    std::string Where = "--assume=" + A + ": ";
    if (!Kernel.empty() && !Kernels.count(Kernel.str())) {
      Out.push_back(Where + "no linted file defines a kernel named '" +
                    Kernel.str() + "'");
      continue;
    }
    if (!IsIdentifier(Name))
      continue; // blockIdx.x, a loaded value's printed form
    bool Template = Templates.count(Name.str());
    if (!Template && !Names.count(Name.str())) {
      Out.push_back(Where + "no parameter, variable or template parameter "
                            "of the linted files is named '" +
                    Name.str() + "'");
      continue;
    }
    int64_t I;
    if (!Template && Val.getAsInteger(0, I))
      Out.push_back(Where + "'" + Val.str() + "' is not an integer ('" +
                    Name.str() +
                    "' is not a template parameter; only those take types, "
                    "enumerators and true/false)");
  }
  return Out;
}

llvm::Error ccl::readBaselineFile(llvm::StringRef Path,
                                  std::set<std::string> &Fingerprints) {
  auto Fail = [](const llvm::Twine &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  };
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return Fail("cannot read baseline '" + Path + "'");
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buf)->getBuffer());
  const llvm::json::Array *Findings = nullptr;
  if (V)
    if (const llvm::json::Object *O = V->getAsObject())
      Findings = O->getArray("findings");
  if (!Findings) {
    if (!V)
      llvm::consumeError(V.takeError());
    return Fail("invalid baseline '" + Path +
                "' (expected {\"version\": 1, \"findings\": [...]})");
  }
  for (const llvm::json::Value &F : *Findings)
    if (const llvm::json::Object *O = F.getAsObject())
      if (auto P = O->getString("fingerprint"))
        Fingerprints.insert(P->str());
  return llvm::Error::success();
}
