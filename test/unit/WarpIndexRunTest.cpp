// The caller's side of the run with the symbolic warp index
// (analyzer/WarpIndexRun.h): which block shapes allow it, and each event of
// the run as every warp issues it.
#include "CudaSnippet.h"
#include "analyzer/Interpreter.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
const char *Code = R"(
__global__ void k(float *out) { out[threadIdx.x + threadIdx.y * 64] = 0; }
)";

struct WarpIndexRunTest : ::testing::Test {
  void SetUp() override {
    AST = test::parseCuda(Code);
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    K = test::definedFunction(AST->getASTContext(), "k");
    ASSERT_NE(K, nullptr);
  }
  std::unique_ptr<Interpreter> make(Dim3 Block) {
    return std::make_unique<Interpreter>(
        AST->getASTContext(), Opts, Block,
        [this](const AccessEvent &Ev) { Events.push_back(Ev); });
  }
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::FunctionDecl *K = nullptr;
  InterpreterOptions Opts;
  std::vector<AccessEvent> Events;
};
} // namespace

TEST_F(WarpIndexRunTest, BlockShapesLinearInTheWarpIndex) {
  // 1-D blocks, x extents that divide 32, and x = 32 qualify; one warp, or
  // a row that straddles warps, does not.
  EXPECT_TRUE(make({256, 1, 1})->warpIndexRun().begin());
  EXPECT_TRUE(make({16, 16, 1})->warpIndexRun().begin());
  EXPECT_TRUE(make({32, 8, 1})->warpIndexRun().begin());
  EXPECT_FALSE(make({32, 1, 1})->warpIndexRun().begin());
  EXPECT_FALSE(make({48, 4, 1})->warpIndexRun().begin());
}

TEST_F(WarpIndexRunTest, EachEventAsEveryWarpIssuesIt) {
  // 16x16: warp w holds rows 2w and 2w+1 of the block.
  std::unique_ptr<Interpreter> I = make({16, 16, 1});
  ASSERT_TRUE(I->warpIndexRun().begin());
  I->runWarp(K, 0);
  ASSERT_EQ(I->warpIndexRun().escaped(), "");
  ASSERT_TRUE(I->warpIndexRun().groups().empty());
  ASSERT_EQ(Events.size(), 1u);
  EXPECT_EQ(I->warpsInBlock(), 8u);
  for (unsigned W = 0; W < 8; ++W) {
    AccessEvent E = I->warpIndexRun().instance(Events[0], W);
    ASSERT_TRUE(E.Address.I.isConcrete());
    for (unsigned L = 0; L < 32; ++L) {
      int64_t X = L % 16, Y = 2 * W + L / 16;
      EXPECT_EQ(E.Address.I.consts()[L], 4 * (X + Y * 64)) << W << " " << L;
    }
  }
}
