//===- CheckRegistry.cpp - The list of checks -----------------------------===//
#include "checks/CheckRegistry.h"
#include "checks/Check.h"
#include "checks/SharedBankConflictCheck.h"
#include "checks/UncoalescedGlobalCheck.h"
#include "llvm/Support/GlobPattern.h"

using namespace ccl;

const std::vector<const CheckInfo *> &ccl::checkRegistry() {
  static const std::vector<const CheckInfo *> Checks = {
      &UncoalescedGlobalCheck::info(),
      &SharedBankConflictCheck::info(),
  };
  return Checks;
}

const CheckInfo *ccl::findCheck(llvm::StringRef Name) {
  for (const CheckInfo *C : checkRegistry())
    if (Name == C->Name)
      return C;
  return nullptr;
}

OptionValues ccl::resolveOptions(
    const CheckInfo &Info,
    const std::function<std::optional<std::string>(llvm::StringRef)> &Lookup,
    std::vector<std::string> &Problems) {
  OptionValues Values;
  for (const CheckOptionInfo &O : Info.Options) {
    int64_t V = O.Default;
    if (std::optional<std::string> Text = Lookup(O.Key)) {
      int64_t Parsed;
      if (llvm::StringRef(*Text).trim().getAsInteger(10, Parsed) ||
          Parsed < O.Min || Parsed > O.Max)
        Problems.push_back(
            "invalid value '" + *Text + "' for option '" + Info.Name + "." +
            O.Key + "' (expected an integer in [" + std::to_string(O.Min) +
            ", " + std::to_string(O.Max) + "]); using " +
            std::to_string(O.Default));
      else
        V = Parsed;
    }
    Values[O.Key] = V;
  }
  return Values;
}

bool ccl::checkEnabled(llvm::StringRef Globs, llvm::StringRef Name) {
  bool On = false;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Globs.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    bool Neg = P.consume_front("-");
    auto G = llvm::GlobPattern::create(P);
    if (G && G->match(Name))
      On = !Neg;
    else if (!G)
      llvm::consumeError(G.takeError());
  }
  return On;
}

static std::function<std::optional<std::string>(llvm::StringRef)>
lookupIn(const CheckOptions &Opts, const CheckInfo &Info) {
  return [&Opts, &Info](llvm::StringRef Key) -> std::optional<std::string> {
    auto It = Opts.find(std::string(Info.Name) + "." + Key.str());
    if (It == Opts.end())
      return std::nullopt;
    return It->second;
  };
}

llvm::Expected<std::vector<std::unique_ptr<Check>>>
ccl::createChecks(const CheckOptions &Opts, llvm::StringRef Globs) {
  std::vector<std::string> Problems;
  std::vector<std::unique_ptr<Check>> Checks;
  for (const CheckInfo *Info : checkRegistry()) {
    OptionValues V = resolveOptions(*Info, lookupIn(Opts, *Info), Problems);
    if (checkEnabled(Globs, Info->Name))
      Checks.push_back(Info->Factory(*Info, V));
  }
  // A pattern that names no check is a typo (--checks=cuda-uncoalesced-globl
  // would run nothing and pass).
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Globs.split(Parts, ',');
  std::string Names;
  for (const CheckInfo *Info : checkRegistry())
    Names += (Names.empty() ? "" : ", ") + std::string(Info->Name);
  for (llvm::StringRef P : Parts) {
    llvm::StringRef Pattern = P.trim();
    if (Pattern.empty())
      continue;
    llvm::StringRef Glob = Pattern;
    Glob.consume_front("-");
    auto G = llvm::GlobPattern::create(Glob);
    if (!G) {
      Problems.push_back("invalid pattern '" + Pattern.str() +
                         "' in the check list: " + toString(G.takeError()));
      continue;
    }
    if (llvm::none_of(checkRegistry(), [&](const CheckInfo *Info) {
          return G->match(Info->Name);
        }))
      Problems.push_back("'" + Pattern.str() +
                         "' in the check list names no check (the checks: " +
                         Names + ")");
  }
  // Unknown option keys of our checks are configuration errors too.
  for (const auto &KV : Opts) {
    bool Known = false;
    for (const CheckInfo *Info : checkRegistry())
      for (const CheckOptionInfo &O : Info->Options)
        Known |= KV.first == std::string(Info->Name) + "." + O.Key;
    if (!Known)
      Problems.push_back("unknown check option '" + KV.first + "'");
  }
  if (Problems.empty())
    return std::move(Checks);
  std::string All;
  for (const std::string &P : Problems)
    All += (All.empty() ? "" : "\n") + P;
  return llvm::createStringError(llvm::inconvertibleErrorCode(), All);
}

std::map<std::string, std::string>
ccl::effectiveOptions(const CheckOptions &Opts) {
  std::map<std::string, std::string> Out;
  for (const CheckInfo *Info : checkRegistry())
    for (const CheckOptionInfo &O : Info->Options) {
      std::string Key = std::string(Info->Name) + "." + O.Key;
      auto It = Opts.find(Key);
      Out[Key] = It != Opts.end() ? It->second : std::to_string(O.Default);
    }
  return Out;
}
