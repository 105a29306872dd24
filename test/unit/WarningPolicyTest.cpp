// The warning policy every front end shares (lint/TranslationUnit.h,
// planWarnings): which flagged sites are warned about, and which site's
// warning speaks for the others of its layout.
#include "CudaSnippet.h"
#include "analyzer/KernelAnalysis.h"
#include "checks/CheckRegistry.h"
#include "lint/TranslationUnit.h"
#include "clang/AST/Attr.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

// Two reads of one array with one lane pattern (a layout), and a read of
// another array.
const char *Code = R"(
__global__ void k(const float *a, const float *b, float *o) {
  unsigned t = threadIdx.x;
  o[t] = a[t * 32] + a[t * 32 + 1] + b[t * 64];
}
)";

struct WarningPolicy : ::testing::Test {
  void SetUp() override {
    AST = test::parseCuda(Code);
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    clang::ASTContext &Ctx = AST->getASTContext();
    for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
        if (FD->getIdentifier() && FD->getName() == "k" &&
            FD->doesThisDeclarationHaveABody())
          Run.Kernel = FD;
    ASSERT_NE(Run.Kernel, nullptr);
    Run.Name = "k";
    Run.Records = analyzeKernel(Ctx, Run.Kernel, {256, 1, 1},
                                InterpreterOptions());
    auto Checks = createChecks({}, "cuda-uncoalesced-global");
    ASSERT_TRUE(bool(Checks));
    Uncoalesced = std::move(Checks->front());
    for (const AccessRecord &R : Run.Records)
      if (R.Object != "o")
        Reads.push_back(&R);
    ASSERT_EQ(Reads.size(), 3u);
  }
  /// One site per read, certain as given.
  std::vector<std::vector<SiteRecord>> sites(std::vector<bool> Certain) {
    std::vector<std::vector<SiteRecord>> S;
    for (size_t I = 0; I < Reads.size(); ++I)
      S.push_back({{Reads[I], &Run, bool(Certain[I])}});
    return S;
  }
  std::vector<const Check *> checks() {
    return std::vector<const Check *>(Reads.size(), Uncoalesced.get());
  }

  std::unique_ptr<clang::ASTUnit> AST;
  KernelRun Run;
  std::unique_ptr<Check> Uncoalesced;
  std::vector<const AccessRecord *> Reads;
};

} // namespace

TEST_F(WarningPolicy, OneWarningPerLayout) {
  WarningPlan P = planWarnings(checks(), sites({true, true, true}),
                               /*ShowPossible=*/false, /*GroupLayouts=*/true);
  EXPECT_EQ(P.Shown, (std::vector<size_t>{0, 1, 2}));
  // a[t*32 + 1] is spoken for by a[t*32]; b's reads have their own layout.
  EXPECT_EQ(P.Leader, (std::vector<size_t>{0, 0, 2}));
  EXPECT_EQ(P.HiddenPossible, 0u);
}

TEST_F(WarningPolicy, EverySiteWithoutGrouping) {
  WarningPlan P = planWarnings(checks(), sites({true, true, true}),
                               /*ShowPossible=*/false, /*GroupLayouts=*/false);
  EXPECT_EQ(P.Leader, (std::vector<size_t>{0, 1, 2}));
}

TEST_F(WarningPolicy, PossibleSitesAreHiddenUnlessAskedFor) {
  WarningPlan P = planWarnings(checks(), sites({false, true, true}),
                               /*ShowPossible=*/false, /*GroupLayouts=*/true);
  EXPECT_EQ(P.Shown, (std::vector<size_t>{1, 2}));
  EXPECT_EQ(P.HiddenPossible, 1u);
  // The certain read of a now leads its layout (positions in Shown).
  EXPECT_EQ(P.Leader, (std::vector<size_t>{0, 1}));
  P = planWarnings(checks(), sites({false, true, true}),
                   /*ShowPossible=*/true, /*GroupLayouts=*/true);
  EXPECT_EQ(P.Shown, (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(P.HiddenPossible, 0u);
  // A possible site and a certain one are not one layout.
  EXPECT_EQ(P.Leader, (std::vector<size_t>{0, 1, 2}));
}

TEST_F(WarningPolicy, ASiteWithOneCertainRecordIsShown) {
  std::vector<std::vector<SiteRecord>> S = sites({false, false, false});
  S[0].push_back({Reads[0], &Run, true});
  WarningPlan P = planWarnings(checks(), S, /*ShowPossible=*/false,
                               /*GroupLayouts=*/true);
  EXPECT_EQ(P.Shown, (std::vector<size_t>{0}));
  EXPECT_EQ(P.HiddenPossible, 2u);
}
