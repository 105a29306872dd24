// Hand-computed cases for the warp/memory model (analyzer/WarpModel.h).
#include "analyzer/WarpModel.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <map>
#include <random>
#include <set>

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
  // Shorts at stride 64 bytes: words 0, 16, 32, ... -> banks 0 and 16, 16 words
  // each.
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

// The definitions in WarpModel.h, written as directly as possible (sets of
// sectors, bytes and words), against the single-pass versions on many
// patterns: monotone, reversed, shuffled, repeated, negative, idle lanes,
// every access width up to a 160-byte struct (past the word lists).
namespace {
GlobalCost globalBySets(const LaneArray &A, LaneBits Active, unsigned Bytes) {
  std::set<int64_t> Sectors, ByteSet;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (Active >> K & 1)
      for (int64_t B = A[K]; B < A[K] + Bytes; ++B) {
        Sectors.insert(sectorOf(B));
        ByteSet.insert(B);
      }
  GlobalCost R;
  R.Sectors = Sectors.size();
  R.IdealSectors = (ByteSet.size() + kSectorBytes - 1) / kSectorBytes;
  return R;
}

SharedCost sharedBySets(const LaneArray &A, LaneBits Active, unsigned Bytes) {
  SharedCost R;
  unsigned PL = sharedPhaseLanes(Bytes);
  for (unsigned P = 0; P < kWarpSize; P += PL) {
    std::map<unsigned, std::set<int64_t>> Banks;
    unsigned N = 0;
    for (unsigned K = P; K < P + PL; ++K)
      if (Active >> K & 1) {
        ++N;
        for (int64_t B = A[K]; B < A[K] + Bytes; ++B)
          Banks[bankOf(wordOf(B))].insert(wordOf(B));
      }
    if (!N)
      continue;
    unsigned Ways = 0;
    for (auto &KV : Banks)
      Ways = std::max<unsigned>(Ways, KV.second.size());
    unsigned Ideal = std::max<unsigned>(1, (N * Bytes + 127) / 128);
    Ways = std::max(Ways, Ideal);
    R.Wavefronts += Ways;
    R.IdealWavefronts += Ideal;
    R.ConflictWays = std::max(R.ConflictWays, (Ways + Ideal - 1) / Ideal);
  }
  return R;
}
} // namespace

TEST(WarpModel, SinglePassMatchesDefinition) {
  std::mt19937_64 Rng(12345);
  const unsigned Widths[] = {1, 2, 4, 8, 12, 16, 32, 40, 160};
  for (unsigned Iter = 0; Iter < 4000; ++Iter) {
    unsigned Bytes = Widths[Iter % 9];
    LaneArray A;
    int64_t Base = (int64_t)(Rng() % 4096) - 2048;
    int64_t Stride = (int64_t)(Rng() % 300) - 150;
    switch (Iter / 8 % 4) {
    case 0: // strided, possibly negative or zero stride
      for (unsigned K = 0; K < kWarpSize; ++K)
        A[K] = Base + Stride * K;
      break;
    case 1: // random in a window (duplicates, overlaps)
      for (unsigned K = 0; K < kWarpSize; ++K)
        A[K] = Base + (int64_t)(Rng() % 512);
      break;
    case 2: // strided then shuffled
      for (unsigned K = 0; K < kWarpSize; ++K)
        A[K] = Base + Stride * K;
      std::shuffle(A.begin(), A.end(), Rng);
      break;
    default: // two rows of a 2-D block
      for (unsigned K = 0; K < kWarpSize; ++K)
        A[K] = Base + (K % 16) * Bytes + (K / 16) * Stride * 16;
      break;
    }
    LaneBits Active = Iter % 3 == 0 ? kAllLanes : (LaneBits)Rng();
    GlobalCost G = globalCost(A, Active, Bytes),
               GS = globalBySets(A, Active, Bytes);
    SharedCost S = sharedCost(A, Active, Bytes),
               SS = sharedBySets(A, Active, Bytes);
    ASSERT_EQ(G.Sectors, GS.Sectors) << "iteration " << Iter;
    ASSERT_EQ(G.IdealSectors, GS.IdealSectors) << "iteration " << Iter;
    ASSERT_EQ(S.Wavefronts, SS.Wavefronts) << "iteration " << Iter;
    ASSERT_EQ(S.IdealWavefronts, SS.IdealWavefronts) << "iteration " << Iter;
    ASSERT_EQ(S.ConflictWays, SS.ConflictWays) << "iteration " << Iter;
  }
}
