// analyzeKernel's memo of padded analyses (analyzer/KernelAnalysis.h): the
// bank-conflict check asks "does padding this array remove the conflict?"
// once per flagged access; the same question is answered once per AST.
#include "analyzer/KernelAnalysis.h"
#include "CudaSnippet.h"
#include "analyzer/Interpreter.h"
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
  const clang::FunctionDecl *K = ccl::test::definedFunction(Ctx, "k");
  ASSERT_NE(K, nullptr);
  std::vector<AccessRecord> Plain =
      analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions());
  ASSERT_EQ(Plain.size(), 3u);
  EXPECT_EQ(Plain[0].Worst.S.ConflictWays, 32u);
  const clang::VarDecl *Tile = tile(Plain);
  ASSERT_NE(Tile, nullptr);

  InterpreterOptions Padded;
  Padded.Pads[Tile] = 1;
  AnalysisStats Runs;
  std::vector<AccessRecord> P1 =
      analyzeKernel(Ctx, K, {256, 1, 1}, Padded, nullptr, &Runs);
  EXPECT_EQ(Runs.PaddedRuns, 1u);
  // The second access of the same array asks the same question: no new run,
  // the same answer.
  std::vector<AccessRecord> P2 =
      analyzeKernel(Ctx, K, {256, 1, 1}, Padded, nullptr, &Runs);
  EXPECT_EQ(Runs.PaddedRuns, 1u);
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
  std::vector<AccessRecord> P3 =
      analyzeKernel(Ctx, K, {256, 1, 1}, Two, nullptr, &Runs);
  EXPECT_EQ(Runs.PaddedRuns, 2u);
  ASSERT_EQ(P3.size(), 3u);
  EXPECT_EQ(P3[2].Worst.S.ConflictWays, 2u);
  std::vector<AccessRecord> P4 =
      analyzeKernel(Ctx, K, {32, 8, 1}, Padded, nullptr, &Runs);
  EXPECT_EQ(Runs.PaddedRuns, 3u);
  InterpreterOptions Assumed = Padded;
  Assumed.Assume["n"] = 4;
  analyzeKernel(Ctx, K, {256, 1, 1}, Assumed, nullptr, &Runs);
  EXPECT_EQ(Runs.PaddedRuns, 4u);
  // Unpadded analyses are not kept (the caller keeps them).
  analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions(), nullptr, &Runs);
  EXPECT_EQ(Runs.PaddedRuns, 4u);
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
    const clang::FunctionDecl *K = ccl::test::definedFunction(Ctx, "k");
    ASSERT_NE(K, nullptr);
    const clang::VarDecl *Tile =
        tile(analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions()));
    ASSERT_NE(Tile, nullptr);
    InterpreterOptions Padded;
    Padded.Pads[Tile] = 1;
    AnalysisStats Runs;
    std::vector<AccessRecord> P =
        analyzeKernel(Ctx, K, {256, 1, 1}, Padded, nullptr, &Runs);
    EXPECT_EQ(Runs.PaddedRuns, 1u);
    ASSERT_EQ(P.size(), 3u);
    // [32][33] padded by one is 34 floats per row: 2-way.
    EXPECT_EQ(P[2].Worst.S.ConflictWays, Rows == std::string("32") ? 1u : 2u);
  }
}

} // namespace

namespace {

// One run for every warp (analyzer/InterpWarpIndex.cpp): each event of the
// run with the symbolic warp index, replayed for warp w, is the event warp
// w's own run sends.
const char *RowPerWarp = R"(
__global__ void k(float *out, const float *in, int n) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = blockIdx.x * 8 + warp;
  out[row * 32 + lane] = in[lane * n + warp];
  if (lane < 4)
    out[(threadIdx.x % 128) * 2] = 0;
})";

std::vector<AccessEvent> eventsOf(clang::ASTContext &Ctx,
                                  const clang::FunctionDecl *K, int Warp,
                                  std::unique_ptr<Interpreter> &Keep) {
  auto Events = std::make_shared<std::vector<AccessEvent>>();
  static InterpreterOptions Static;
  Keep = std::make_unique<Interpreter>(
      Ctx, Static, Dim3{256, 1, 1},
      [Events](const AccessEvent &Ev) { Events->push_back(Ev); });
  if (Warp < 0) {
    EXPECT_TRUE(Keep->warpIndexRun().begin());
    Keep->runWarp(K, 0);
  } else {
    Keep->runWarp(K, Warp);
  }
  return *Events;
}

TEST(KernelAnalysis, WarpIndexRunIsEveryWarpsRun) {
  auto AST = parseCuda(RowPerWarp);
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::FunctionDecl *K = ccl::test::definedFunction(Ctx, "k");
  ASSERT_NE(K, nullptr);
  std::unique_ptr<Interpreter> Sym;
  std::vector<AccessEvent> Once = eventsOf(Ctx, K, -1, Sym);
  // `threadIdx.x % 128` is no form of w over 8 warps: the run splits.
  ASSERT_EQ(Sym->warpIndexRun().escaped(), "");
  ASSERT_EQ(Sym->warpIndexRun().groups().size(), 4u);
  // Up to the split (the if statement), the run is every warp's.
  ASSERT_NE(Sym->warpIndexRun().splitPoint(), nullptr);
  unsigned long Shared =
      Sym->warpIndexRun().eventsAt(*Sym->warpIndexRun().splitPoint());
  ASSERT_EQ(Shared, 2u);
  for (unsigned W = 0; W < 8; ++W) {
    std::unique_ptr<Interpreter> Own;
    std::vector<AccessEvent> Each = eventsOf(Ctx, K, W, Own);
    ASSERT_GE(Each.size(), Shared);
    for (unsigned E = 0; E < Shared; ++E) {
      AccessEvent I = Sym->warpIndexRun().instance(Once[E], W);
      EXPECT_EQ(I.Site, Each[E].Site);
      EXPECT_EQ(I.Context, Each[E].Context);
      EXPECT_EQ(I.Mask.May, Each[E].Mask.May);
      // The same numbers: the same constants, and a coefficient for every
      // unknown that is the same unknown (by name: the two interpreters
      // number symbols each in their own order).
      EXPECT_EQ(I.Address.I.consts(), Each[E].Address.I.consts());
      ASSERT_EQ(I.Address.I.terms().size(), Each[E].Address.I.terms().size());
      for (size_t T = 0; T < I.Address.I.terms().size(); ++T) {
        EXPECT_EQ(Sym->symbolNames()[I.Address.I.terms()[T].Sym],
                  Own->symbolNames()[Each[E].Address.I.terms()[T].Sym]);
        EXPECT_EQ(I.Address.I.terms()[T].Coef,
                  Each[E].Address.I.terms()[T].Coef);
      }
    }
  }
  // The records of both ways agree (analyzeKernel runs at once by default).
  std::vector<AccessRecord> Records =
      analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions());
  ASSERT_EQ(Records.size(), 3u);
  EXPECT_EQ(Records[0].Worst.G.Sectors, 4u); // out[row * 32 + lane]
  EXPECT_EQ(Records[0].Instances, 8u);       // one per warp
  EXPECT_EQ(Records[2].Instances, 8u);       // the store after the split
}

} // namespace
