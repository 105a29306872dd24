// analyzeKernel's memo of padded analyses (analyzer/KernelAnalysis.h): the
// bank-conflict check asks "does padding this array remove the conflict?"
// once per flagged access; the same question is answered once per AST.
#include "analyzer/KernelAnalysis.h"
#include "CudaSnippet.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

using ccl::test::parseCuda;

const clang::FunctionDecl *kernel(clang::ASTContext &Ctx) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (FD->getIdentifier() && FD->getName() == "k" &&
          FD->doesThisDeclarationHaveABody())
        return FD;
  return nullptr;
}

const clang::VarDecl *tile(const std::vector<AccessRecord> &R) {
  for (const AccessRecord &A : R)
    if (A.Object == "tile")
      return A.ObjectDecl;
  return nullptr;
}

// Column access of a [32][32] float tile: 32-way; padded by one: none.
const char *Transpose = R"(
__global__ void k(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = 1;
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
})";

TEST(KernelAnalysis, PaddedAnalysisRunsOncePerQuestion) {
  auto AST = parseCuda(Transpose);
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::FunctionDecl *K = kernel(Ctx);
  ASSERT_NE(K, nullptr);
  std::vector<AccessRecord> Plain =
      analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions());
  ASSERT_EQ(Plain.size(), 3u);
  EXPECT_EQ(Plain[0].Worst.S.ConflictWays, 32u);
  const clang::VarDecl *Tile = tile(Plain);
  ASSERT_NE(Tile, nullptr);

  InterpreterOptions Padded;
  Padded.Pads[Tile] = 1;
  unsigned long Before = paddedAnalysisRuns();
  std::vector<AccessRecord> P1 = analyzeKernel(Ctx, K, {256, 1, 1}, Padded);
  EXPECT_EQ(paddedAnalysisRuns(), Before + 1);
  // The second access of the same array asks the same question: no new run,
  // the same answer.
  std::vector<AccessRecord> P2 = analyzeKernel(Ctx, K, {256, 1, 1}, Padded);
  EXPECT_EQ(paddedAnalysisRuns(), Before + 1);
  ASSERT_EQ(P1.size(), 3u);
  ASSERT_EQ(P2.size(), 3u);
  for (size_t I = 0; I < 3; ++I) {
    EXPECT_EQ(P1[I].Site, P2[I].Site);
    EXPECT_EQ(P1[I].Worst.S.ConflictWays, P2[I].Worst.S.ConflictWays);
    EXPECT_EQ(P1[I].Worst.G.Sectors, P2[I].Worst.G.Sectors);
    EXPECT_EQ(P1[I].Exact, P2[I].Exact);
    EXPECT_EQ(P1[I].Instances, P2[I].Instances);
  }
  EXPECT_EQ(P1[0].Worst.S.ConflictWays, 1u);
  EXPECT_EQ(P1[2].Worst.S.ConflictWays, 1u);

  // Anything else in the question is a new question.
  InterpreterOptions Two = Padded;
  Two.Pads[Tile] = 2; // 34 floats per row: 2-way
  std::vector<AccessRecord> P3 = analyzeKernel(Ctx, K, {256, 1, 1}, Two);
  EXPECT_EQ(paddedAnalysisRuns(), Before + 2);
  ASSERT_EQ(P3.size(), 3u);
  EXPECT_EQ(P3[2].Worst.S.ConflictWays, 2u);
  std::vector<AccessRecord> P4 = analyzeKernel(Ctx, K, {32, 8, 1}, Padded);
  EXPECT_EQ(paddedAnalysisRuns(), Before + 3);
  InterpreterOptions Assumed = Padded;
  Assumed.Assume["n"] = 4;
  analyzeKernel(Ctx, K, {256, 1, 1}, Assumed);
  EXPECT_EQ(paddedAnalysisRuns(), Before + 4);
  // Unpadded analyses are not kept (the caller keeps them).
  analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions());
  EXPECT_EQ(paddedAnalysisRuns(), Before + 4);
}

// A memo does not outlive its AST: a new AST (possibly at the same address)
// with a different kernel gets its own answer.
TEST(KernelAnalysis, PaddedMemoDiesWithTheAST) {
  for (const char *Rows : {"32", "33"}) {
    std::string Code = std::string(Transpose);
    Code.replace(Code.find("[32][32]"), 8, std::string("[32][") + Rows + "]");
    auto AST = parseCuda(Code);
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    clang::ASTContext &Ctx = AST->getASTContext();
    const clang::FunctionDecl *K = kernel(Ctx);
    ASSERT_NE(K, nullptr);
    const clang::VarDecl *Tile =
        tile(analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions()));
    ASSERT_NE(Tile, nullptr);
    InterpreterOptions Padded;
    Padded.Pads[Tile] = 1;
    unsigned long Before = paddedAnalysisRuns();
    std::vector<AccessRecord> P = analyzeKernel(Ctx, K, {256, 1, 1}, Padded);
    EXPECT_EQ(paddedAnalysisRuns(), Before + 1);
    ASSERT_EQ(P.size(), 3u);
    // [32][33] padded by one is 34 floats per row: 2-way.
    EXPECT_EQ(P[2].Worst.S.ConflictWays, Rows == std::string("32") ? 1u : 2u);
  }
}

} // namespace
