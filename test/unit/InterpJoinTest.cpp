// The joins of a branch's paths (analyzer/InterpJoin.h): the value a
// variable has where the paths meet, as the address of an access of warp 0
// of a 256-thread block shows it.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::WarpZeroRun;

TEST(InterpJoin, EachLaneTakesItsOwnPathsValue) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  int v = 0;
  if (threadIdx.x < 16)
    v = 1;
  else
    v = 2;
  out[v * 32 + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_TRUE(R.address().I.isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(R.address().I.consts()[K], 4 * int64_t((K < 16 ? 32 : 64) + K))
        << K;
}

TEST(InterpJoin, EqualPathsKeepTheValue) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) {
  int v = 0;
  if (n > 0)
    v = 3;
  else
    v = 3;
  out[v + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_TRUE(R.address().I.isConcrete());
  EXPECT_EQ(R.address().I.consts()[0], 12);
}

TEST(InterpJoin, UniformUndecidedPathIsOneNamedUnknown) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) {
  int v = 0;
  if (n > 0)
    v = 8;
  out[v + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  // v is 0 or 8 in the whole warp: v = 8*t, one unknown t for all lanes,
  // so the lanes stay 4 bytes apart.
  EXPECT_FALSE(R.address().isUnknown());
  EXPECT_FALSE(R.address().I.isConcrete());
  const LaneArray &C = R.address().I.consts();
  EXPECT_EQ(C[1] - C[0], 4);
  // The unknown is named after the variable and the branch's line.
  EXPECT_TRUE(R.hasSymbol("v(line 4)"));
}
