// The interpreter's warp-level intrinsics and cooperative groups
// (analyzer/InterpWarp.h): the lane addresses that a shuffle, a group
// query or a memcpy give the accesses of warp 0 of a 256-thread block.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::WarpZeroRun;

TEST(InterpWarp, ShuffleMovesValuesBetweenLanes) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  int src = __shfl_sync(0xffffffffu, (int)threadIdx.x, (threadIdx.x + 1) % 32);
  out[src] = 0;
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *E = R.event("out", AccessOp::Store);
  ASSERT_NE(E, nullptr);
  ASSERT_TRUE(E->Address.I.isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(E->Address.I.consts()[K], 4 * int64_t((K + 1) % 32)) << K;
}

TEST(InterpWarp, ShuffleWidthKeepsLanesInTheirSegment) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  int src = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0, 8);
  out[src] = 0;
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *E = R.event("out", AccessOp::Store);
  ASSERT_NE(E, nullptr);
  // Lane k reads lane 0 of its segment of 8: k & ~7.
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(E->Address.I.consts()[K], 4 * int64_t(K & ~7u)) << K;
}

TEST(InterpWarp, TiledPartitionRanks) {
  WarpZeroRun R(R"(
namespace cg = cooperative_groups;
__global__ void k(float *out) {
  cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
  out[t.meta_group_rank() * 100 + t.thread_rank()] = 0;
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *E = R.event("out", AccessOp::Store);
  ASSERT_NE(E, nullptr);
  ASSERT_TRUE(E->Address.I.isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(E->Address.I.consts()[K], 4 * int64_t(K / 8 * 100 + K % 8)) << K;
}

TEST(InterpWarp, VoteOfDataIsFreshVoteOfIdsIsConstant) {
  WarpZeroRun R(R"(
__global__ void k(float *out, float *low, const float *in) {
  unsigned a = __ballot_sync(0xffffffffu, in[threadIdx.x] > 0);
  unsigned b = __ballot_sync(0xffffffffu, in[threadIdx.x] > 0);
  out[a - b + threadIdx.x] = 0;
  low[__ballot_sync(0xffffffffu, threadIdx.x < 4)] = 0;
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *E = R.event("out", AccessOp::Store);
  ASSERT_NE(E, nullptr);
  // The two ballots of data are not assumed equal: a - b stays unknown.
  EXPECT_FALSE(E->Address.isUnknown());
  EXPECT_FALSE(E->Address.I.isConcrete());
  // A ballot of the thread ids is decided: lanes 0-3, 0xf, in every lane.
  const AccessEvent *L = R.event("low", AccessOp::Store);
  ASSERT_NE(L, nullptr);
  EXPECT_EQ(L->Address.I.asConstant(), std::optional<int64_t>(4 * 0xf));
}

TEST(InterpWarp, MemcpyOfConstantSizeIsOneRequestEachWay) {
  WarpZeroRun R(R"(
__global__ void k(float4 *out, const float4 *in) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 16);
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *L = R.event("in", AccessOp::Load);
  const AccessEvent *S = R.event("out", AccessOp::Store);
  ASSERT_NE(L, nullptr);
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(L->Bytes, 16u);
  EXPECT_EQ(S->Bytes, 16u);
  EXPECT_EQ(S->Address.I.consts()[1] - S->Address.I.consts()[0], 16);
}
