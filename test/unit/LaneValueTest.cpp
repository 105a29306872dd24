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

// ---- Storage shared by copies (copy on write)
// --------------------------------

TEST(LaneIntStorage, CopiesShareAndChangeIndependently) {
  // 2^32 + k: truncating to 32 bits changes every lane.
  LaneInt Big = *add(LaneInt::constant(int64_t(1) << 32), laneIds());
  LaneInt Copy = Big;
  EXPECT_TRUE(Copy.sharesStorage(Big));
  LaneInt T = Copy.truncated(32, /*Signed=*/false);
  EXPECT_EQ(T.consts()[5], 5);
  // The original and its copy are untouched.
  EXPECT_EQ(Big.consts()[5], (int64_t(1) << 32) + 5);
  EXPECT_EQ(Copy.consts()[5], (int64_t(1) << 32) + 5);
  EXPECT_TRUE(Copy.sharesStorage(Big));
  // A truncation that changes nothing keeps the storage.
  EXPECT_TRUE(laneIds().truncated(32, true).sameAs(laneIds()));
  LaneInt Ids = laneIds();
  EXPECT_TRUE(Ids.truncated(32, true).sharesStorage(Ids));
}

TEST(LaneIntStorage, ZeroHasNoStorageAndEqualsBuiltZero) {
  LaneInt Z;
  EXPECT_TRUE(Z.isConcrete());
  EXPECT_EQ(Z.asConstant(), 0);
  EXPECT_TRUE(Z.sameAs(LaneInt::constant(0)));
  // A zero computed the long way is the same form.
  LaneInt Z2 = *sub(laneIds(), laneIds());
  EXPECT_TRUE(Z.sameAs(Z2));
  EXPECT_EQ(Z.laneEquals(Z2), kAllLanes);
  // x + 0 and x - 0 are x itself.
  LaneInt S = LaneInt::symbol(3);
  EXPECT_TRUE(add(S, Z)->sharesStorage(S));
  EXPECT_TRUE(sub(S, Z)->sharesStorage(S));
}

TEST(LaneIntStorage, SelectOfOneValueIsThatValue) {
  LaneInt A = *add(LaneInt::symbol(1), laneIds());
  LaneInt B = *mul(LaneInt::symbol(2), laneIds());
  EXPECT_TRUE(LaneInt::select(0x0000ffffu, A, A).sharesStorage(A));
  EXPECT_TRUE(LaneInt::select(kAllLanes, A, B).sameAs(A));
  EXPECT_TRUE(LaneInt::select(0, A, B).sameAs(B));
  // A real mix agrees with each side in that side's lanes only.
  LaneInt Mix = LaneInt::select(0x0000ffffu, A, B);
  EXPECT_EQ(Mix.laneEquals(A), 0x0000ffffu);
  EXPECT_EQ(Mix.laneEquals(B), 0xffff0000u);
  EXPECT_TRUE(Mix.isCanonical());
}

TEST(LaneIntStorage, LaneMasks) {
  // Lanes 0..15 hold k, lanes 16..31 hold k + n.
  LaneInt V = LaneInt::select(0x0000ffffu, laneIds(),
                              *add(laneIds(), LaneInt::symbol(0)));
  EXPECT_EQ(V.concreteLanes(), 0x0000ffffu);
  EXPECT_EQ(V.lanesEqualTo(3), 1u << 3);
  EXPECT_EQ(V.lanesEqualTo(20), 0u); // lane 20 is 20 + n, not 20
  EXPECT_EQ(LaneInt::constant(7).lanesEqualTo(7), kAllLanes);
}

TEST(LaneIntStorage, TermsMergeInSymbolOrder) {
  // (s2 + s0) - (s1 - s0) = 2*s0 - s1 + s2, sorted, with the s0 terms added.
  LaneInt A = *add(LaneInt::symbol(2), LaneInt::symbol(0));
  LaneInt B = *sub(LaneInt::symbol(1), LaneInt::symbol(0));
  LaneInt D = *sub(A, B);
  ASSERT_EQ(D.terms().size(), 3u);
  EXPECT_EQ(D.terms()[0].Sym, 0u);
  EXPECT_EQ(D.terms()[0].Coef[4], 2);
  EXPECT_EQ(D.terms()[1].Coef[4], -1);
  EXPECT_TRUE(D.isCanonical());
  // Symbols that cancel leave no term.
  EXPECT_TRUE(sub(A, A)->isConcrete());
}

TEST(ValueJoin, ValueJoinedWithItselfIsItself) {
  Value V = Value::integer(*add(LaneInt::symbol(4), laneIds()));
  V.Defined = 0x00ff00ffu;
  V.Deps = {4, 7};
  Value J = Value::join(V, V, 0x0000000fu, 0xfff00000u);
  EXPECT_TRUE(J.sameAs(V, kAllLanes));
  EXPECT_EQ(J.Defined, V.Defined);
  EXPECT_EQ(J.Deps, V.Deps);
  // Equal forms in different storage join the same way.
  Value W = V;
  W.I = *add(*add(LaneInt::symbol(4), laneIds()), LaneInt::constant(0));
  Value JW = Value::join(V, W, 0x0000000fu, 0xfff00000u);
  EXPECT_TRUE(JW.sameAs(V, kAllLanes));
  EXPECT_EQ(JW.Defined, V.Defined);
}
