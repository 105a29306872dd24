// The best case next to the worst (AccessCost::BestG / BestS) and the
// enumeration of a lane-varying unknown's residues (analyzer/AccessCost.h).
#include "analyzer/AccessCost.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
LaneInt strideOf(int64_t S) {
  LaneArray A;
  for (unsigned K = 0; K < kWarpSize; ++K)
    A[K] = S * K;
  return LaneInt::perLane(A);
}
MemObject object(MemObject::SpaceKind Space, uint64_t Align) {
  MemObject O;
  O.Space = Space;
  O.BaseAlign = Align;
  return O;
}
const std::vector<std::string> SymNames = {"blockIdx.x", "n"};
} // namespace

TEST(AccessCostBest, ExactHasBestEqualToWorst) {
  AccessCost C = computeAccessCost(object(MemObject::Global, 256), strideOf(4),
                                   LaneMask::all(kAllLanes), 4, SymNames);
  ASSERT_TRUE(C.Known);
  EXPECT_TRUE(C.Exact);
  EXPECT_EQ(C.BestG.Sectors, C.G.Sectors);
  EXPECT_EQ(C.BestG.IdealSectors, C.G.IdealSectors);
}

TEST(AccessCostBest, UniformShiftBestIsTheAlignedResidue) {
  // in[n + k] (float): byte 4*n + 4*k; aligned n: 4 sectors, else 5.
  LaneInt Off =
      *add(strideOf(4), *mul(LaneInt::symbol(1), LaneInt::constant(4)));
  AccessCost C = computeAccessCost(object(MemObject::Global, 256), Off,
                                   LaneMask::all(kAllLanes), 4, SymNames);
  ASSERT_TRUE(C.Known);
  EXPECT_FALSE(C.Exact);
  EXPECT_EQ(C.G.Sectors, 5u);
  EXPECT_EQ(C.BestG.Sectors, 4u);
}

TEST(AccessCostBest, LaneVaryingBestOverPitchesOfAtLeast32Elements) {
  // in[k * n] (float): byte 4*k*n. n = 0 would be 1 sector, but the best
  // counts only n >= 32 elements: lanes 128 bytes apart, 32 sectors.
  LaneInt Off = *mul(strideOf(4), LaneInt::symbol(1));
  AccessCost C = computeAccessCost(object(MemObject::Global, 256), Off,
                                   LaneMask::all(kAllLanes), 4, SymNames);
  ASSERT_TRUE(C.Known);
  EXPECT_EQ(C.G.Sectors, 32u);
  EXPECT_EQ(C.BestG.Sectors, 32u);
  EXPECT_EQ(C.HoldsFor, "n >= 8");
}

TEST(AccessCostBest, EveryBankResidueIsEnumerated) {
  // tile[k * (cols + 2)] (float, shared): word k*cols + 2k. cols = 30:
  // every lane in bank 0, 32-way (not among the old samples). Best: an odd
  // word stride (cols = 33), 1 wavefront.
  LaneInt Off = *add(*mul(strideOf(4), LaneInt::symbol(1)), strideOf(8));
  AccessCost C = computeAccessCost(object(MemObject::Shared, 16), Off,
                                   LaneMask::all(kAllLanes), 4, SymNames);
  ASSERT_TRUE(C.Known);
  EXPECT_FALSE(C.Exact);
  EXPECT_EQ(C.S.Wavefronts, 32u);
  EXPECT_EQ(C.S.ConflictWays, 32u);
  EXPECT_EQ(C.BestS.Wavefronts, 1u);
}

TEST(AccessCostBest, UndecidedLanesNeverMakeTheBestWorse) {
  // Lanes 16..31 may be inactive: the worst counts them (4 sectors); the
  // best is never above it (which lanes the best counts is the warning
  // policy's choice: 2 sectors for the 16 certain lanes, 4 for all).
  LaneMask M{0xffffu, kAllLanes, {1}};
  AccessCost C = computeAccessCost(object(MemObject::Global, 256), strideOf(4),
                                   M, 4, SymNames);
  ASSERT_TRUE(C.Known);
  EXPECT_EQ(C.G.Sectors, 4u);
  EXPECT_LE(C.BestG.Sectors, C.G.Sectors);
  EXPECT_GE(C.BestG.Sectors, 2u);
}
