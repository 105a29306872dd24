// Worst case over unknowns (analyzer/AccessCost.h).
#include "analyzer/AccessCost.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
LaneInt stride(int64_t S) {
  LaneArray A;
  for (unsigned K = 0; K < kWarpSize; ++K)
    A[K] = S * K;
  return LaneInt::perLane(A);
}
MemObject global(uint64_t Align) {
  MemObject O;
  O.Space = MemObject::Global;
  O.BaseAlign = Align;
  return O;
}
const std::vector<std::string> Names = {"blockIdx.x", "n"};
} // namespace

TEST(AccessCost, AlignedUniformShiftIsExact) {
  // in[blockIdx.x * 256 + k] (float): shift 1024*b, base 256-aligned.
  LaneInt Off = *add(stride(4), *mul(LaneInt::symbol(0), LaneInt::constant(1024)));
  AccessCost C = computeAccessCost(global(256), Off, LaneMask::all(kAllLanes),
                                   4, Names);
  ASSERT_TRUE(C.Known);
  EXPECT_TRUE(C.Exact);
  EXPECT_EQ(C.G.Sectors, 4u);
}

TEST(AccessCost, UnalignedUniformShiftIsWorstCase) {
  // in[n + k]: shift 4*n; the worst residue is misaligned: 5 sectors.
  LaneInt Off = *add(stride(4), *mul(LaneInt::symbol(1), LaneInt::constant(4)));
  AccessCost C = computeAccessCost(global(256), Off, LaneMask::all(kAllLanes),
                                   4, Names);
  ASSERT_TRUE(C.Known);
  EXPECT_FALSE(C.Exact);
  EXPECT_EQ(C.G.Sectors, 5u);
  EXPECT_EQ(C.G.IdealSectors, 4u);
}

TEST(AccessCost, LaneVaryingSymbolIsSampled) {
  // in[k * n] (float): 32 sectors from n >= 8 on.
  LaneInt Off = *mul(stride(4), LaneInt::symbol(1));
  AccessCost C = computeAccessCost(global(256), Off, LaneMask::all(kAllLanes),
                                   4, Names);
  ASSERT_TRUE(C.Known);
  EXPECT_FALSE(C.Exact);
  EXPECT_EQ(C.G.Sectors, 32u);
  EXPECT_EQ(C.HoldsFor, "n >= 8");
}

TEST(AccessCost, UndecidedLanesCountAsActive) {
  LaneMask M{0xffffu, kAllLanes, {1}};
  AccessCost C = computeAccessCost(global(256), stride(4), M, 4, Names);
  ASSERT_TRUE(C.Known);
  EXPECT_FALSE(C.Exact);
  EXPECT_EQ(C.ActiveLanes, 32u);
  EXPECT_EQ(C.G.Sectors, 4u);
}

TEST(AccessCost, SharedWordShiftsDoNotMatter) {
  MemObject S;
  S.Space = MemObject::Shared;
  S.BaseAlign = 4;
  // tile[k][0] of float[32][32] at any word-aligned base: 32-way.
  AccessCost C =
      computeAccessCost(S, stride(128), LaneMask::all(kAllLanes), 4, Names);
  ASSERT_TRUE(C.Known);
  EXPECT_TRUE(C.Exact);
  EXPECT_EQ(C.S.ConflictWays, 32u);
}
