//===- CudaCoalesceLintTidyModule.cpp - the checks as a clang-tidy plugin -===//
//
//   clang-tidy-22 --load=libCudaCoalesceLintTidy.so -checks='-*,cuda-*' k.cu
//
// For editors that run clang-tidy (clangd cannot load out-of-tree checks).
// Each check matches kernel definitions, runs the same analysis as the
// command-line tool for every block shape the kernel has, and reports what
// the corresponding ccl::Check flags, with its notes and fix-its. Options are
// clang-tidy check options: cuda-uncoalesced-global.MinEfficiency,
// cuda-shared-bank-conflict.MaxConflictWays.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelAnalysis.h"
#include "analyzer/LaunchConfig.h"
#include "checks/Check.h"
#include "lint/Suppressions.h"
#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace clang::tidy;

namespace {
AST_MATCHER(FunctionDecl, isCudaKernel) {
  return Node.hasAttr<CUDAGlobalAttr>() && Node.doesThisDeclarationHaveABody() &&
         !Node.isDependentContext();
}

class CoalesceTidyCheck : public ClangTidyCheck {
public:
  CoalesceTidyCheck(StringRef Name, ClangTidyContext *Context,
                    const char *Key, int64_t Default)
      : ClangTidyCheck(Name, Context), Key(Key),
        Value(Options.get(Key, Default)) {
    ccl::CheckOptions Opts{{Name.str() + "." + Key, std::to_string(Value)}};
    std::vector<std::string> Errors;
    for (auto &C : ccl::Check::createAll(Opts, Errors))
      if (C->name() == Name)
        Impl = std::move(C);
  }
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, Key, Value);
  }
  bool isLanguageVersionSupported(const LangOptions &LO) const override {
    return LO.CUDA;
  }
  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(functionDecl(isCudaKernel()).bind("kernel"), this);
  }
  void check(const MatchFinder::MatchResult &Result) override {
    const auto *K = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
    ASTContext &Ctx = *Result.Context;
    if (!K || !Impl || K->isInvalidDecl())
      return;
    if (LaunchesFor != &Ctx) { // once per translation unit
      Launches = ccl::collectLaunchSites(Ctx, IOpts);
      LaunchesFor = &Ctx;
    }
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    K->getNameForDiagnostic(OS, PrintingPolicy(Ctx.getLangOpts()), false);
    for (const ccl::BlockShape &Shape :
         ccl::shapesFor(K, OS.str(), {}, Launches, Ctx)) {
      std::vector<ccl::AccessRecord> Records =
          ccl::analyzeKernel(Ctx, K, Shape.Dim, IOpts);
      ccl::CheckContext CC{Ctx, K, OS.str(), Shape, IOpts, Records};
      for (const ccl::AccessRecord &R : Records) {
        if (R.Space != Impl->space() || !Impl->isFlagged(R))
          continue;
        // clang-tidy applies its own NOLINT handling to diag() as well.
        ccl::Finding F;
        F.Loc = R.Site->getBeginLoc();
        Impl->report(R, CC, F);
        {
          auto D = diag(F.Loc, "%0") << F.Message;
          for (const FixItHint &H : F.Fixes)
            D << H;
        }
        for (const ccl::Note &N : F.Notes)
          diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
      }
    }
  }

private:
  const char *Key;
  int64_t Value;
  std::unique_ptr<ccl::Check> Impl;
  ccl::InterpreterOptions IOpts;
  std::map<const FunctionDecl *, std::vector<ccl::BlockShape>> Launches;
  const ASTContext *LaunchesFor = nullptr;
};

class UncoalescedGlobal : public CoalesceTidyCheck {
public:
  UncoalescedGlobal(StringRef Name, ClangTidyContext *Context)
      : CoalesceTidyCheck(Name, Context, "MinEfficiency", 80) {}
};
class SharedBankConflict : public CoalesceTidyCheck {
public:
  SharedBankConflict(StringRef Name, ClangTidyContext *Context)
      : CoalesceTidyCheck(Name, Context, "MaxConflictWays", 1) {}
};

class CudaCoalesceLintModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<UncoalescedGlobal>("cuda-uncoalesced-global");
    Factories.registerCheck<SharedBankConflict>("cuda-shared-bank-conflict");
  }
};
} // namespace

static ClangTidyModuleRegistry::Add<CudaCoalesceLintModule>
    X("cuda-coalesce-lint-module", "Adds cuda-uncoalesced-global and "
                                   "cuda-shared-bank-conflict.");
