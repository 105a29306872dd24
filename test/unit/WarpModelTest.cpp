// Hand-computed cases for the warp/memory model (analyzer/WarpModel.h).
#include "analyzer/WarpModel.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
LaneArray strided(int64_t StrideBytes, int64_t Base = 0) {
  LaneArray A;
  for (unsigned K = 0; K < kWarpSize; ++K)
    A[K] = Base + StrideBytes * K;
  return A;
}
} // namespace

// The lesson's table: 4-byte words at word strides 1, 2, 8, 32.
TEST(GlobalCost, LessonTable) {
  EXPECT_EQ(globalCost(strided(4), kAllLanes, 4).Sectors, 4u);
  EXPECT_EQ(globalCost(strided(8), kAllLanes, 4).Sectors, 8u);
  EXPECT_EQ(globalCost(strided(32), kAllLanes, 4).Sectors, 32u);
  EXPECT_EQ(globalCost(strided(128), kAllLanes, 4).Sectors, 32u);
  for (int64_t S : {4, 8, 32, 128})
    EXPECT_EQ(globalCost(strided(S), kAllLanes, 4).IdealSectors, 4u);
}

TEST(GlobalCost, Broadcast) {
  GlobalCost C = globalCost(strided(0, 64), kAllLanes, 4);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.IdealSectors, 1u);
}

TEST(GlobalCost, OneAndTwoByteElements) {
  // 32 chars: 32 bytes in one sector.
  EXPECT_EQ(globalCost(strided(1), kAllLanes, 1).Sectors, 1u);
  EXPECT_EQ(globalCost(strided(1), kAllLanes, 1).IdealSectors, 1u);
  // 32 shorts: 64 bytes, 2 sectors.
  EXPECT_EQ(globalCost(strided(2), kAllLanes, 2).Sectors, 2u);
  // shorts at stride 32 bytes: one sector each, 64 bytes used -> ideal 2.
  GlobalCost C = globalCost(strided(32), kAllLanes, 2);
  EXPECT_EQ(C.Sectors, 32u);
  EXPECT_EQ(C.IdealSectors, 2u);
}

TEST(GlobalCost, EightAndSixteenByteElements) {
  EXPECT_EQ(globalCost(strided(8), kAllLanes, 8).Sectors, 8u);
  EXPECT_EQ(globalCost(strided(16), kAllLanes, 16).Sectors, 16u);
  EXPECT_EQ(globalCost(strided(16), kAllLanes, 16).IdealSectors, 16u);
  // float4 at stride 64 bytes: 32 sectors for 512 useful bytes (ideal 16).
  GlobalCost C = globalCost(strided(64), kAllLanes, 16);
  EXPECT_EQ(C.Sectors, 32u);
  EXPECT_EQ(C.IdealSectors, 16u);
}

TEST(GlobalCost, Misalignment) {
  // One word off: 128 contiguous bytes starting at byte 4 span 5 sectors.
  GlobalCost C = globalCost(strided(4, 4), kAllLanes, 4);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.IdealSectors, 4u);
  // A 16-byte access at byte 24 straddles two sectors.
  LaneArray A = strided(0, 24);
  EXPECT_EQ(globalCost(A, 1u, 16).Sectors, 2u);
}

TEST(GlobalCost, IdleLanes) {
  // Only the first 16 lanes: 64 bytes, 2 sectors.
  GlobalCost C = globalCost(strided(4), 0xffffu, 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.IdealSectors, 2u);
  // Every other lane at stride 4: still touches 4 sectors, uses 64 bytes.
  C = globalCost(strided(4), 0x55555555u, 4);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.IdealSectors, 2u);
  EXPECT_EQ(globalCost(strided(4), 0, 4).Sectors, 0u);
}

// The lesson's table: shared word strides 1, 2, 32, 33.
TEST(SharedCost, LessonTable) {
  EXPECT_EQ(sharedCost(strided(4), kAllLanes, 4).ConflictWays, 1u);
  EXPECT_EQ(sharedCost(strided(8), kAllLanes, 4).ConflictWays, 2u);
  EXPECT_EQ(sharedCost(strided(128), kAllLanes, 4).ConflictWays, 32u);
  EXPECT_EQ(sharedCost(strided(132), kAllLanes, 4).ConflictWays, 1u);
  SharedCost C = sharedCost(strided(128), kAllLanes, 4);
  EXPECT_EQ(C.Wavefronts, 32u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
}

TEST(SharedCost, BroadcastIsFree) {
  SharedCost C = sharedCost(strided(0), kAllLanes, 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.ConflictWays, 1u);
}

TEST(SharedCost, SubWordElements) {
  // Bytes: 4 lanes share a word -> 8 words, no conflict.
  EXPECT_EQ(sharedCost(strided(1), kAllLanes, 1).ConflictWays, 1u);
  // Shorts at stride 64 bytes: words 0, 16, 32, ... -> banks 0 and 16, 16 words each.
  EXPECT_EQ(sharedCost(strided(64), kAllLanes, 2).ConflictWays, 16u);
}

TEST(SharedCost, EightBytePhases) {
  // double at stride 8: two phases of 16 lanes, 128 bytes each: 2 wavefronts.
  SharedCost C = sharedCost(strided(8), kAllLanes, 8);
  EXPECT_EQ(C.Wavefronts, 2u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
  EXPECT_EQ(C.ConflictWays, 1u);
  // double at stride 16: within a phase, 16 lanes cover 256 bytes -> 2-way.
  C = sharedCost(strided(16), kAllLanes, 8);
  EXPECT_EQ(C.ConflictWays, 2u);
  EXPECT_EQ(C.Wavefronts, 4u);
}

TEST(SharedCost, SixteenBytePhases) {
  // float4 contiguous: 4 phases of 8 lanes, 128 bytes each.
  SharedCost C = sharedCost(strided(16), kAllLanes, 16);
  EXPECT_EQ(C.Wavefronts, 4u);
  EXPECT_EQ(C.IdealWavefronts, 4u);
  EXPECT_EQ(C.ConflictWays, 1u);
  // float4 at stride 32 bytes: 8 lanes cover 256 bytes -> 2-way per phase.
  C = sharedCost(strided(32), kAllLanes, 16);
  EXPECT_EQ(C.ConflictWays, 2u);
  EXPECT_EQ(C.Wavefronts, 8u);
}

TEST(SharedCost, IdleLanesAndPhases) {
  // Only lanes 0..7 of a 16-byte access: one phase.
  SharedCost C = sharedCost(strided(16), 0xffu, 16);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  EXPECT_EQ(C.Wavefronts, 1u);
  // Column of a 32x32 tile read by 16 lanes: 16-way.
  EXPECT_EQ(sharedCost(strided(128), 0xffffu, 4).ConflictWays, 16u);
}
