// The interpreter's lvalues, loads, stores and locals
// (analyzer/InterpMemory.h), as the events of warp 0 of a 256-thread block
// show them.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::expectStride;
using test::WarpZeroRun;

TEST(InterpMemory, LocalsAreNoRequests) {
  // A local array read and written by lane: kept per lane, never sent.
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  float acc[4] = {0, 0, 0, 0};
  acc[threadIdx.x & 3] = 2;
  out[threadIdx.x] = acc[threadIdx.x & 3];
})");
  ASSERT_TRUE(R.ranOne());
  EXPECT_EQ(R.Events[0].Op, AccessOp::Store);
  EXPECT_EQ(R.Events[0].Bytes, 4u);
  expectStride(R.address(), 4);
}

TEST(InterpMemory, AMemberOfAnElement) {
  WarpZeroRun R(R"(
__global__ void k(float4 *p) { p[threadIdx.x].y = 0; })");
  ASSERT_TRUE(R.ranOne());
  EXPECT_EQ(R.Events[0].Bytes, 4u);
  expectStride(R.address(), 16, 4);
}

TEST(InterpMemory, SharedArraysAreObjectsOfTheirSpace) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  __shared__ float tile[64][33];
  tile[threadIdx.x % 64][0] = 1;
})");
  ASSERT_TRUE(R.ranOne());
  ASSERT_NE(R.Events[0].Obj, nullptr);
  EXPECT_EQ(R.Events[0].Obj->Space, MemObject::Shared);
  expectStride(R.address(), 33 * 4);
}

TEST(InterpMemory, AConstTableIsReadLaneByLane) {
  // An index table with a constant initializer: each lane's element.
  WarpZeroRun R(R"(
__device__ const int perm[4] = {3, 0, 2, 1};
__global__ void k(float *out) { out[perm[threadIdx.x & 3]] = 0; })");
  ASSERT_TRUE(R.ran());
  const AccessEvent *Store = R.event("out", AccessOp::Store);
  ASSERT_NE(Store, nullptr);
  ASSERT_TRUE(Store->Address.I.isConcrete());
  const int64_t Perm[4] = {3, 0, 2, 1};
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(Store->Address.I.consts()[K], 4 * Perm[K & 3]) << K;
}

TEST(InterpMemory, AnOddSizeIsSplitIntoRequests) {
  // 12 bytes at 4-byte alignment: no 12-byte request exists; the copy is
  // sent as the pieces its alignment allows, numbered as one access.
  WarpZeroRun R(R"(
struct Vec3 { float x, y, z; };
__global__ void k(const Vec3 *in, Vec3 *out) {
  out[threadIdx.x] = in[threadIdx.x];
})");
  ASSERT_TRUE(R.ran());
  unsigned Loads = 0, Bytes = 0;
  for (const AccessEvent &E : R.Events)
    if (E.Obj && E.Obj->Name == "in") {
      ++Loads;
      Bytes += E.Bytes;
      EXPECT_EQ(E.AccessBytes, 12u);
      EXPECT_NE(E.SplitId, 0u);
    }
  EXPECT_GT(Loads, 1u);
  EXPECT_EQ(Bytes, 12u);
}
