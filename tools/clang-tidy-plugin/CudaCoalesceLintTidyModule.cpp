//===- CudaCoalesceLintTidyModule.cpp - the checks as a clang-tidy plugin -===//
//
//   clang-tidy-22 --load=libCudaCoalesceLintTidy.so -checks='-*,cuda-*' k.cu
//
// For editors that run clang-tidy (clangd cannot load out-of-tree checks).
// Every check of the registry (checks/CheckRegistry.h) is registered under
// its name with its declared options. The translation unit is analyzed once
// by the same pipeline as the command line (lint/TranslationUnit.h), with
// the .cuda-coalesce-lint.yaml found for the main file (BlockDim, Assume),
// and each check reports what it flags there. NOLINT and the header filter
// are clang-tidy's.
//
//===----------------------------------------------------------------------===//
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "lint/Config.h"
#include "lint/Pipeline.h"
#include "lint/Suppressions.h"
#include "lint/TranslationUnit.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy;

namespace {
/// The analysis of the current translation unit, shared by every check.
struct SharedAnalysis {
  const ASTContext *For = nullptr;
  std::optional<ccl::TUAnalysis> TU;
  std::string Problem; ///< an invalid configuration file
};

SharedAnalysis &shared() {
  static SharedAnalysis S;
  return S;
}

const SharedAnalysis &analysisFor(ASTContext &Ctx) {
  SharedAnalysis &S = shared();
  if (S.For == &Ctx)
    return S;
  S.For = &Ctx;
  S.Problem.clear();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Main;
  if (OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getMainFileID()))
    Main = F->getName().str();
  ccl::LintOptions Opts;
  llvm::Expected<ccl::LintConfig> Cfg = ccl::configFor(Main);
  llvm::Error E =
      Cfg ? ccl::applyConfig(*Cfg, ccl::LintOptions(), Opts) : Cfg.takeError();
  if (E)
    S.Problem = toString(std::move(E));
  S.TU = ccl::analyzeTranslationUnit(Ctx, Opts, /*AllowInstantiation=*/false);
  return S;
}

class RegistryCheck : public ClangTidyCheck {
public:
  RegistryCheck(StringRef Name, ClangTidyContext *Context,
                const ccl::CheckInfo &Info)
      : ClangTidyCheck(Name, Context) {
    std::vector<std::string> Problems;
    Values = ccl::resolveOptions(
        Info,
        [&](StringRef Key) -> std::optional<std::string> {
          if (std::optional<StringRef> V = Options.get(Key))
            return V->str();
          return std::nullopt;
        },
        Problems);
    for (const std::string &P : Problems)
      configurationDiag(P);
    Impl = Info.Factory(Info, Values);
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    for (const auto &KV : Values)
      Options.store(Opts, KV.first, KV.second);
  }
  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    return LO.CUDA;
  }
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }
  void onEndOfTranslationUnit() override { shared().For = nullptr; }
  void check(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    const SharedAnalysis &S = analysisFor(Ctx);
    if (!S.Problem.empty())
      configurationDiag("%0") << S.Problem;
    // One warning per source site and layout, certain findings only (the
    // command line's default policy).
    std::vector<std::vector<ccl::SiteRecord>> Sites;
    // A site under NOLINT does not speak for the others of its layout
    // (clang-tidy would drop its warning and them with it).
    for (auto &Site : ccl::flaggedSites(*Impl, *S.TU, Ctx))
      if (!ccl::isSuppressed(Ctx.getSourceManager(),
                             Site.front().R->Site->getBeginLoc(),
                             Impl->name()))
        Sites.push_back(std::move(Site));
    std::vector<const ccl::Check *> Checks(Sites.size(), Impl.get());
    ccl::WarningPlan Plan = ccl::planWarnings(Checks, Sites,
                                              /*ShowPossible=*/false,
                                              /*GroupLayouts=*/true);
    for (size_t I = 0; I < Plan.Shown.size(); ++I) {
      if (Plan.Leader[I] != I)
        continue;
      const auto &Site = Sites[Plan.Shown[I]];
      size_t Worst = ccl::worstOfSite(Site);
      ccl::Finding F = ccl::reportSiteFinding(*Impl, Site, Worst, *S.TU, Ctx);
      std::vector<ccl::SiteRecord> Others;
      for (size_t J = I + 1; J < Plan.Shown.size(); ++J)
        if (Plan.Leader[J] == I) {
          const auto &Member = Sites[Plan.Shown[J]];
          Others.push_back(Member[ccl::worstOfSite(Member)]);
        }
      ccl::addLayoutNote(F, Site[Worst], Others, Ctx);
      {
        auto D = diag(F.Loc, "%0") << F.Message;
        for (const FixItHint &H : F.Fixes)
          D << H;
      }
      for (const ccl::Note &N : F.Notes)
        diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
    }
  }

private:
  ccl::OptionValues Values;
  std::unique_ptr<ccl::Check> Impl;
};

class CudaCoalesceLintModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    for (const ccl::CheckInfo *Info : ccl::checkRegistry())
      Factories.registerCheckFactory(
          Info->Name, [Info](StringRef Name, ClangTidyContext *Context) {
            return std::make_unique<RegistryCheck>(Name, Context, *Info);
          });
  }
};
} // namespace

static ClangTidyModuleRegistry::Add<CudaCoalesceLintModule>
    X("cuda-coalesce-lint-module",
      "Adds the cuda-coalesce-lint checks (cuda-uncoalesced-global, "
      "cuda-shared-bank-conflict).");
