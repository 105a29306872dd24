// The lane-address domain (analyzer/LaneValue.h).
#include "analyzer/LaneValue.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
LaneInt laneIds() {
  LaneArray A;
  for (unsigned K = 0; K < kWarpSize; ++K)
    A[K] = K;
  return LaneInt::perLane(A);
}
} // namespace

TEST(LaneInt, AddAndScale) {
  LaneInt T = laneIds();
  std::optional<LaneInt> V = mul(T, LaneInt::constant(4));
  ASSERT_TRUE(V);
  V = add(*V, LaneInt::symbol(0));
  ASSERT_TRUE(V);
  EXPECT_FALSE(V->isConcrete());
  EXPECT_EQ(V->consts()[3], 12);
  ASSERT_EQ(V->terms().size(), 1u);
  EXPECT_EQ(V->terms()[0].Coef[5], 1);
  EXPECT_EQ(V->describeLaneStride(kAllLanes), "4*k");
}

TEST(LaneInt, SymbolTimesLaneIsLaneVarying) {
  std::optional<LaneInt> V = mul(LaneInt::symbol(2), laneIds());
  ASSERT_TRUE(V);
  EXPECT_FALSE(V->isUniform());
  EXPECT_EQ(V->terms()[0].Coef[7], 7);
  // Two symbolic factors are not affine.
  EXPECT_FALSE(mul(LaneInt::symbol(1), LaneInt::symbol(2)));
}

TEST(LaneInt, SubtractCancels) {
  LaneInt S = LaneInt::symbol(0);
  std::optional<LaneInt> D = sub(*add(S, laneIds()), S);
  ASSERT_TRUE(D);
  EXPECT_TRUE(D->isConcrete());
  EXPECT_EQ(D->consts()[9], 9);
}

TEST(LaneInt, DivisionByConstantKeepsAlignedSymbols) {
  // (256*b + k) / 32 = 8*b + k/32 and (256*b + k) % 32 = k % 32.
  LaneInt V = *add(*mul(LaneInt::symbol(0), LaneInt::constant(256)), laneIds());
  std::optional<LaneInt> Q = divConst(V, 32);
  ASSERT_TRUE(Q);
  EXPECT_EQ(Q->terms()[0].Coef[0], 8);
  EXPECT_EQ(Q->consts()[31], 0);
  std::optional<LaneInt> R = remConst(V, 32);
  ASSERT_TRUE(R);
  EXPECT_TRUE(R->isConcrete());
  EXPECT_EQ(R->consts()[31], 31);
  // Not divisible: not representable.
  EXPECT_FALSE(divConst(V, 3));
}

TEST(LaneInt, TruncationWrapsUnsigned) {
  LaneInt V = *sub(laneIds(), LaneInt::constant(1)); // lane 0: -1
  LaneInt U = V.truncated(32, /*Signed=*/false);
  EXPECT_EQ(U.consts()[0], 4294967295LL);
  EXPECT_EQ(U.consts()[1], 0);
  EXPECT_EQ(V.truncated(32, true).consts()[0], -1);
}

TEST(LaneInt, TruncationLeavesSymbolicLanesAlone) {
  // y*w + k - 1 with unsigned y, w: lane 0's constant -1 is part of a value
  // assumed not to overflow, not a wrapped 2^32 - 1.
  LaneInt V = *add(*sub(laneIds(), LaneInt::constant(1)), LaneInt::symbol(0));
  LaneInt U = V.truncated(32, /*Signed=*/false);
  EXPECT_EQ(U.consts()[0], -1);
  EXPECT_EQ(U.consts()[5], 4);
  EXPECT_TRUE(U.sameAs(V));
}

TEST(LaneInt, SelectAndEquality) {
  LaneInt A = laneIds(), B = LaneInt::constant(5);
  LaneInt S = LaneInt::select(0xffffu, A, B);
  EXPECT_EQ(S.consts()[3], 3);
  EXPECT_EQ(S.consts()[20], 5);
  EXPECT_EQ(A.laneEquals(B), 1u << 5);
  EXPECT_TRUE(B.isUniform());
  EXPECT_EQ(B.asConstant(), 5);
}

TEST(LaneInt, Evaluate) {
  LaneInt V = *mul(LaneInt::symbol(0), laneIds());
  std::vector<std::optional<int64_t>> Vals = {int64_t(8)};
  std::optional<LaneArray> A = V.evaluate(Vals);
  ASSERT_TRUE(A);
  EXPECT_EQ((*A)[4], 32);
  std::vector<std::optional<int64_t>> None = {std::nullopt};
  EXPECT_FALSE(V.evaluate(None));
}

TEST(LaneMask, ThreeValued) {
  LaneMask M = LaneMask::all(kAllLanes);
  LaneBool C;
  C.True = 0xffffu;      // lanes 0..15 certainly
  C.False = 0xff000000u; // lanes 24..31 certainly not; 16..23 undecided
  C.Deps.push_back(3);
  LaneMask T = intersect(M, C, false);
  EXPECT_EQ(T.Must, 0xffffu);
  EXPECT_EQ(T.May, 0x00ffffffu);
  EXPECT_EQ(T.Deps.size(), 1u);
  LaneMask F = intersect(M, C, true);
  EXPECT_EQ(F.Must, 0xff000000u);
  EXPECT_EQ(F.May, 0xffff0000u);
  LaneMask Left = subtract(M, T);
  EXPECT_EQ(Left.Must, 0xff000000u);
  EXPECT_EQ(Left.May, 0xffff0000u);
}
