// The results of the run with the warp index checked against every warp
// (analyzer/WarpIndexRun.h, InterpPerWarp.cpp): where the run with the symbolic
// warp index w goes on, each event, with w replaced by a warp's number, is what
// that warp's own run (warp by warp, the null implementation) sends.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace ccl;

using test::WarpZeroRun;

namespace {
constexpr unsigned kWarps = 8; // 256 threads

/// The run with the warp index of \p Code went on to the end, and each of
/// its events is every warp's.
void expectEveryWarpsRun(llvm::StringRef Code) {
  WarpZeroRun Sym(Code, InterpreterOptions(), WarpZeroRun::EveryWarp);
  ASSERT_TRUE(Sym.ran());
  ASSERT_EQ(Sym.I->warpIndexRun().escaped(), "");
  ASSERT_TRUE(Sym.I->warpIndexRun().groups().empty())
      << Sym.I->warpIndexRun().groups().size() << " "
      << Sym.I->warpIndexRun().splitWhy();
  ASSERT_FALSE(Sym.Events.empty());
  for (unsigned W = 0; W < kWarps; ++W) {
    WarpZeroRun Own(Code, InterpreterOptions(), W);
    ASSERT_TRUE(Own.ran());
    ASSERT_EQ(Own.Events.size(), Sym.Events.size()) << "warp " << W;
    for (size_t E = 0; E < Own.Events.size(); ++E) {
      AccessEvent In = Sym.I->warpIndexRun().instance(Sym.Events[E], W);
      EXPECT_EQ(In.Mask.May, Own.Events[E].Mask.May) << W << " " << E;
      ASSERT_TRUE(In.Address.I.isConcrete()) << W << " " << E;
      EXPECT_EQ(In.Address.I.consts(), Own.Events[E].Address.I.consts())
          << "warp " << W << ", event " << E;
    }
  }
}
} // namespace

TEST(InterpPerWarp, ANarrowingThatHoldsInEveryWarp) {
  expectEveryWarpsRun(R"(
__global__ void k(float *out) {
  unsigned short c = threadIdx.x * 2;
  out[c] = 0;
})");
}

TEST(InterpPerWarp, ANarrowingThatWrapsSplitsTheWarps) {
  // 2*tid wraps at 256 from warp 4 on: no one form of w is every warp's
  // value, so the warps are run again in groups, each warp in one.
  WarpZeroRun Sym(R"(
__global__ void k(float *out) {
  unsigned char c = threadIdx.x * 2;
  out[c] = 0;
})",
                  InterpreterOptions(), WarpZeroRun::EveryWarp);
  ASSERT_TRUE(Sym.ran());
  EXPECT_EQ(Sym.I->warpIndexRun().escaped(), "");
  EXPECT_EQ(Sym.I->warpIndexRun().splitWhy(),
            "a conversion to a narrower integer");
  std::vector<unsigned> Seen;
  for (const std::vector<unsigned> &G : Sym.I->warpIndexRun().groups())
    Seen.insert(Seen.end(), G.begin(), G.end());
  std::sort(Seen.begin(), Seen.end());
  EXPECT_EQ(Seen, (std::vector<unsigned>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_GT(Sym.I->warpIndexRun().groups().size(), 1u);
}

TEST(InterpPerWarp, AJoinIsCheckedPerWarp) {
  expectEveryWarpsRun(R"(
__global__ void k(float *out) {
  int v = threadIdx.x;
  if (threadIdx.x & 1)
    v = 0;
  out[v] = 0;
})");
}

TEST(InterpPerWarp, AQuotientThatIsTheWarpIndex) {
  // tid / 32 is w itself, tid % 32 the lane: checked against each warp.
  expectEveryWarpsRun(R"(
__global__ void k(float *out) {
  out[(threadIdx.x / 32) * 1024 + threadIdx.x % 32] = 0;
})");
}

TEST(InterpPerWarp, AnUnknownOfTheWarpIndexEscapes) {
  // A call not followed, of an argument with w: each warp's result is an
  // unknown of its own, which no form of w names. The run escapes, and the
  // caller runs the warps one by one.
  WarpZeroRun Sym(R"(
extern __device__ int opaque(int);
__global__ void k(float *out) {
  out[threadIdx.x + opaque(threadIdx.x / 32)] = 0;
})",
                  InterpreterOptions(), WarpZeroRun::EveryWarp);
  ASSERT_TRUE(Sym.ran());
  EXPECT_NE(Sym.I->warpIndexRun().escaped(), "");
}
