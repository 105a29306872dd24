// The interpreter's integer and pointer arithmetic (analyzer/InterpArith.h),
// as the lane addresses of one store of warp 0 of a 256-thread block show it.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::expectStride;
using test::WarpZeroRun;

TEST(InterpArith, ProductsOfUnknownsCancel) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int b, int T, int C) {
  out[b * T * C - C * (T * b) + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  expectStride(R.address(), 4);
}

TEST(InterpArith, QuotientAndRemainderFoldBack) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n, int d) {
  int i = threadIdx.x + n;
  out[(i / d) * d + i % d] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_FALSE(R.address().isUnknown());
  // 4*(k + n): one term, n times 4 in every lane; d is gone.
  ASSERT_EQ(R.address().I.terms().size(), 1u);
  const LaneInt::Term &T = R.address().I.terms()[0];
  EXPECT_EQ(R.I->symbolNames()[T.Sym], "n");
  for (unsigned K = 0; K < 32; ++K) {
    EXPECT_EQ(T.Coef[K], 4) << K;
    EXPECT_EQ(R.address().I.consts()[K], 4 * int64_t(K)) << K;
  }
}

TEST(InterpArith, PointerStepsByThePointeesSize) {
  WarpZeroRun R(R"(
__global__ void k(float4 *base) {
  float4 *p = base + threadIdx.x;
  p[1].x = 0;
})");
  ASSERT_TRUE(R.ranOne());
  expectStride(R.address(), 16, 16);
}

TEST(InterpArith, NarrowIntegersWrapAtTheirWidth) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  unsigned char c = threadIdx.x * 16;
  out[c] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_TRUE(R.address().I.isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(R.address().I.consts()[K], 4 * int64_t((16 * K) & 255)) << K;
}
