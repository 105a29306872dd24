// The interpreter's calls (analyzer/InterpCalls.h): user code inlined with
// its references bound, calls not followed, atomics, min and max, the CUDA
// builtin variables, as the lane addresses of warp 0 of a 256-thread block
// show them.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::expectStride;
using test::WarpZeroRun;

TEST(InterpCalls, InlinedCallsWriteBackReferences) {
  WarpZeroRun R(R"(
__device__ void index(int &i) { i = threadIdx.x * 2; }
__global__ void k(float *out) {
  int i = 0;
  index(i);
  out[i] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  expectStride(R.address(), 8);
}

TEST(InterpCalls, AReturnedReferenceIsTheLvalue) {
  WarpZeroRun R(R"(
__device__ float &at(float *p, int i) { return p[i * 4]; }
__global__ void k(float *out) { at(out, threadIdx.x) = 0; })");
  ASSERT_TRUE(R.ranOne());
  EXPECT_EQ(R.Events[0].Op, AccessOp::Store);
  expectStride(R.address(), 16);
}

TEST(InterpCalls, ACallNotFollowedForgetsTheLocalsItGets) {
  WarpZeroRun R(R"(
extern __device__ void opaque(int *p);
__global__ void k(float *out) {
  int i = threadIdx.x;
  opaque(&i);
  out[i] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  EXPECT_TRUE(R.address().isUnknown());
}

TEST(InterpCalls, AtomicsAreAccessesOfTheirPointer) {
  WarpZeroRun R(R"(
__global__ void k(float *out) { atomicAdd(&out[threadIdx.x * 32], 1.0f); })");
  ASSERT_TRUE(R.ranOne());
  EXPECT_EQ(R.Events[0].Op, AccessOp::Atomic);
  expectStride(R.address(), 128);
}

TEST(InterpCalls, AUserDefinitionComesBeforeABuiltinName) {
  // Named like an atomic, but user code: inlined, its load is the access.
  WarpZeroRun R(R"(
__device__ float atomicMaxFloat(float *a, float v) {
  return a[threadIdx.x * 32] + v;
}
__global__ void k(float *tbl, float *out) {
  out[0] = atomicMaxFloat(tbl, 1.0f);
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *Load = R.event("tbl", AccessOp::Load);
  ASSERT_NE(Load, nullptr);
  EXPECT_EQ(R.event("tbl", AccessOp::Atomic), nullptr);
  expectStride(Load->Address, 128);
}

TEST(InterpCalls, MinAndMaxLaneByLane) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  out[max(min((int)threadIdx.x, 20), 4)] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_TRUE(R.address().I.isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(R.address().I.consts()[K],
              4 * std::max<int64_t>(std::min<int64_t>(K, 20), 4))
        << K;
}

TEST(InterpCalls, BuiltinVariablesOfTheBlock) {
  // blockDim is the block's shape; blockIdx an unknown of the warp.
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_EQ(R.address().I.terms().size(), 1u);
  const LaneInt::Term &T = R.address().I.terms()[0];
  EXPECT_EQ(R.I->symbolNames()[T.Sym], "blockIdx.x");
  for (unsigned K = 0; K < 32; ++K) {
    EXPECT_EQ(T.Coef[K], 4 * 256) << K;
    EXPECT_EQ(R.address().I.consts()[K], 4 * int64_t(K)) << K;
  }
}
