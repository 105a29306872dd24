// The run with the symbolic warp index (analyzer/WarpIndexRun.h). The
// caller's side: which block shapes allow it, and each event of the run as
// every warp issues it. The rules' hooks: the null ones warp by warp; in a
// run, threadIdx as a form in w, each warp's value, escapes and splits.
#include "CudaSnippet.h"
#include "WarpZeroRun.h"
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

// ---- The rules' hooks ----

TEST_F(WarpIndexRunTest, WarpByWarpEveryHookIsTheNullOne) {
  std::unique_ptr<Interpreter> I = make({256, 1, 1});
  I->runWarp(K, 3);
  WarpIndexRun &R = I->warpIndexRun();
  EXPECT_FALSE(R.on());
  // threadIdx is warp 3's lanes, and nothing mentions the warp index.
  LaneInt Tx = R.threadIdx(0);
  ASSERT_TRUE(Tx.isConcrete());
  for (unsigned L = 0; L < 32; ++L)
    EXPECT_EQ(Tx.consts()[L], 96 + L) << L;
  EXPECT_FALSE(R.mentionsW(Tx));
  EXPECT_EQ(R.warpName(), "warp 3");
  // An escape or a split outside a run changes nothing.
  R.escape("not in a run");
  R.split({{0}, {1, 2, 3, 4, 5, 6, 7}}, "not in a run");
  EXPECT_EQ(R.escaped(), "");
  EXPECT_TRUE(R.groups().empty());
  EXPECT_FALSE(R.stopped());
  ASSERT_EQ(Events.size(), 1u);
  EXPECT_EQ(Events[0].Context.rfind("warp 3", 0), 0u) << Events[0].Context;
}

TEST_F(WarpIndexRunTest, InARunThreadIdxIsAFormInTheWarpIndex) {
  std::unique_ptr<Interpreter> I = make({256, 1, 1});
  WarpIndexRun &R = I->warpIndexRun();
  ASSERT_TRUE(R.begin());
  EXPECT_TRUE(R.on());
  EXPECT_EQ(R.warps().size(), 8u);
  LaneInt Tx = R.threadIdx(0);
  EXPECT_FALSE(Tx.isConcrete());
  EXPECT_TRUE(R.mentionsW(Tx));
  EXPECT_EQ(R.warpName(), "warp ?");
  // w replaced by a warp's number gives that warp's lanes.
  for (unsigned W = 0; W < 8; ++W) {
    LaneInt At = R.warpAt(Tx, W);
    ASSERT_TRUE(At.isConcrete()) << W;
    EXPECT_EQ(At.consts()[5], 32 * W + 5) << W;
  }
  // eachWarpOwn sees each warp's value outside the run, in order.
  std::vector<unsigned> Seen;
  R.eachWarpOwn(Tx, [&](unsigned W, const LaneInt &V) {
    EXPECT_FALSE(R.on());
    ASSERT_TRUE(V.isConcrete());
    EXPECT_EQ(V.consts()[0], 32 * W);
    Seen.push_back(W);
  });
  EXPECT_TRUE(R.on());
  EXPECT_EQ(Seen, (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Warps grouped by a decision: even and odd ones.
  std::vector<std::vector<unsigned>> Groups =
      R.groupsOf(8, [](size_t A, size_t B) { return A % 2 == B % 2; });
  ASSERT_EQ(Groups.size(), 2u);
  EXPECT_EQ(Groups[0], (std::vector<unsigned>{0, 2, 4, 6}));
  EXPECT_EQ(Groups[1], (std::vector<unsigned>{1, 3, 5, 7}));
}

TEST_F(WarpIndexRunTest, TheFirstEscapeOrSplitStopsTheRun) {
  std::unique_ptr<Interpreter> I = make({256, 1, 1});
  WarpIndexRun &R = I->warpIndexRun();
  ASSERT_TRUE(R.begin());
  bool Stopped = false;
  R.onStop([&] { Stopped = true; });
  R.split({{0, 1, 2, 3}, {4, 5, 6, 7}}, "a test decision");
  EXPECT_TRUE(Stopped);
  EXPECT_TRUE(R.stopped());
  ASSERT_EQ(R.groups().size(), 2u);
  EXPECT_EQ(R.splitWhy(), "a test decision");
  // Once stopped, a later escape is not recorded over the split.
  R.escape("later");
  EXPECT_EQ(R.escaped(), "");

  std::unique_ptr<Interpreter> J = make({256, 1, 1});
  ASSERT_TRUE(J->warpIndexRun().begin());
  J->warpIndexRun().escape("a test escape");
  EXPECT_EQ(J->warpIndexRun().escaped(), "a test escape");
  EXPECT_TRUE(J->warpIndexRun().groups().empty());
}

TEST(WarpIndexRunHooks, AValueWithTheWarpIndexReachingAnUncheckedRuleEscapes) {
  // `~` is no rule that keeps or checks w (leaveExpr): the run escapes and
  // names the expression class; `+` is checked and keeps it.
  test::WarpZeroRun Not(R"(
__global__ void k(int *out) { out[~threadIdx.x & 255] = 0; }
)",
                        InterpreterOptions(), test::WarpZeroRun::EveryWarp);
  ASSERT_TRUE(Not.ran());
  EXPECT_EQ(Not.I->warpIndexRun().escaped(),
            "the warp index reaches a 'UnaryOperator'");
  test::WarpZeroRun Plus(R"(
__global__ void k(int *out) { out[threadIdx.x + 1] = 0; }
)",
                         InterpreterOptions(), test::WarpZeroRun::EveryWarp);
  ASSERT_TRUE(Plus.ran());
  EXPECT_EQ(Plus.I->warpIndexRun().escaped(), "");
}
