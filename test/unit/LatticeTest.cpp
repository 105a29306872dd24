// The lattice operations of the lane domain (analyzer/LaneValue.h):
// Value::join where two paths meet, Value::mergeMasked for an assignment
// under a lane mask, and the invariants every value keeps.
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

LaneInt lanes(std::initializer_list<int64_t> First, int64_t Rest) {
  LaneArray A;
  A.fill(Rest);
  unsigned K = 0;
  for (int64_t V : First)
    A[K++] = V;
  return LaneInt::perLane(A);
}

constexpr LaneBits bit(unsigned K) { return LaneBits(1) << K; }
constexpr LaneBits kLow16 = 0x0000ffffu;
constexpr LaneBits kHigh16 = 0xffff0000u;

const SymbolId kN = 0;
} // namespace

TEST(Join, TakenLanesComeFromTheirPath) {
  Value A = Value::integer(lanes({1, 2, 3, 4}, 9));
  Value B = Value::integer(lanes({1, 5, 3, 6}, 9));
  Value R = Value::join(A, B, bit(0), bit(1));
  ASSERT_TRUE(R.isInt());
  EXPECT_EQ(R.I.consts()[0], 1);
  EXPECT_EQ(R.I.consts()[1], 5); // lane 1 took B
  EXPECT_EQ(R.I.consts()[2], 3);
  // Lanes 2..31 took neither path: defined only where A and B agree
  // (lane 3 disagrees: 4 vs 6).
  EXPECT_EQ(R.Defined, kAllLanes & ~bit(3));
  EXPECT_TRUE(R.isWellFormed());
}

TEST(Join, AgreeingLanesStayDefinedWithoutATakenSide) {
  Value A = Value::integer(laneIds());
  Value B = Value::integer(laneIds());
  Value R = Value::join(A, B, 0, 0);
  EXPECT_EQ(R.Defined, kAllLanes);
  EXPECT_TRUE(R.sameAs(A, kAllLanes));
  // The same uniform symbol on both paths: still that symbol.
  Value N = Value::integer(LaneInt::symbol(kN));
  Value RN = Value::join(N, N, 0, 0);
  EXPECT_EQ(RN.Defined, kAllLanes);
  EXPECT_TRUE(RN.I.isUniform());
  EXPECT_FALSE(RN.I.isConcrete());
}

TEST(Join, DisagreeingOpenLanesBecomeUndefined) {
  Value A = Value::integer(LaneInt::constant(1));
  Value B = Value::integer(LaneInt::constant(2));
  Value R = Value::join(A, B, 0, 0);
  EXPECT_TRUE(R.isInt()); // a form remains, but no lane is known
  EXPECT_EQ(R.Defined, 0u);
  EXPECT_FALSE(R.definedIn(bit(0)));
  // Only the open lanes are lost.
  Value Half = Value::join(A, B, kLow16, 0);
  EXPECT_EQ(Half.Defined, kLow16);
  EXPECT_EQ(Half.I.asConstant(kLow16), std::optional<int64_t>(1));
}

TEST(Join, UniformAgainstLaneVarying) {
  // if (threadIdx.x < 16) v = n; else v = threadIdx.x;  (decided per lane)
  Value N = Value::integer(LaneInt::symbol(kN));
  Value T = Value::integer(laneIds());
  Value R = Value::join(N, T, kLow16, kHigh16);
  EXPECT_EQ(R.Defined, kAllLanes);
  EXPECT_FALSE(R.I.isUniform()); // n in half the lanes, k in the other
  ASSERT_EQ(R.I.terms().size(), 1u);
  EXPECT_EQ(R.I.terms()[0].Sym, kN);
  EXPECT_EQ(R.I.terms()[0].Coef[15], 1);
  EXPECT_EQ(R.I.terms()[0].Coef[16], 0);
  EXPECT_EQ(R.I.consts()[15], 0);
  EXPECT_EQ(R.I.consts()[16], 16);
  EXPECT_TRUE(R.I.isCanonical());
  // if (n > 0) v = n; else v = threadIdx.x;  (undecided in every lane)
  Value U = Value::join(N, T, 0, 0);
  EXPECT_EQ(U.Defined, 0u);
}

TEST(Join, UnknownSideKeepsItsReason) {
  Value A = Value::unknown("value of 'x'");
  Value B = Value::integer(LaneInt::constant(7));
  Value R = Value::join(A, B, bit(0), ~bit(0));
  ASSERT_TRUE(R.isInt());
  EXPECT_EQ(R.Defined, ~bit(0));
  EXPECT_EQ(R.I.asConstant(~bit(0)), std::optional<int64_t>(7));
  EXPECT_EQ(R.Reason, "value of 'x'");
  // Both unknown: unknown, with A's reason.
  Value U = Value::join(A, Value::unknown("other"), bit(0), ~bit(0));
  EXPECT_TRUE(U.isUnknown());
  EXPECT_EQ(U.Defined, 0u);
  EXPECT_EQ(U.Reason, "value of 'x'");
  EXPECT_TRUE(U.isWellFormed());
}

TEST(Join, PointersIntoDifferentObjectsDoNotMix) {
  MemObject In, Out;
  Value A = Value::pointer(&In, laneIds());
  Value B = Value::pointer(&Out, laneIds());
  Value R = Value::join(A, B, kLow16, kHigh16);
  ASSERT_TRUE(R.isPtr());
  EXPECT_EQ(R.Base, &In); // A where A was taken; B's lanes are lost
  EXPECT_EQ(R.Defined, kLow16);
  // The same object: lane by lane as for integers.
  Value C = Value::pointer(&In, LaneInt::constant(64));
  Value S = Value::join(A, C, kLow16, kHigh16);
  EXPECT_EQ(S.Base, &In);
  EXPECT_EQ(S.Defined, kAllLanes);
  EXPECT_EQ(S.I.consts()[3], 3);
  EXPECT_EQ(S.I.consts()[20], 64);
}

TEST(Join, DependenciesAreUnitedOnce) {
  Value A = Value::integer(LaneInt::constant(1));
  A.Deps = {1, 2};
  Value B = Value::integer(LaneInt::constant(1));
  B.Deps = {2, 3};
  Value R = Value::join(A, B, 0, 0);
  EXPECT_EQ(R.Deps, (llvm::SmallVector<SymbolId, 2>{1, 2, 3}));
}

TEST(MergeMasked, LanesThatMayAssignTakeTheNewValue) {
  // x = 0; if (threadIdx.x < 16) x = threadIdx.x;
  Value Old = Value::integer(LaneInt::constant(0));
  Value New = Value::integer(laneIds());
  Value R = Value::mergeMasked(Old, New, LaneMask::all(kLow16));
  EXPECT_EQ(R.Defined, kAllLanes);
  EXPECT_EQ(R.I.consts()[5], 5);
  EXPECT_EQ(R.I.consts()[16], 0);
  EXPECT_EQ(R.I.consts()[31], 0);
  // Lanes that only may run the assignment (undecided) take it too.
  LaneMask Maybe{0, kLow16, {kN}};
  Value M = Value::mergeMasked(Old, New, Maybe);
  EXPECT_TRUE(M.sameAs(R, kAllLanes));
}

TEST(MergeMasked, FirstAssignmentDefinesOnlyItsLanes) {
  // A variable assigned first under a mask: defined where assigned.
  Value R = Value::mergeMasked(Value::unknown("unset"),
                               Value::integer(LaneInt::constant(5)),
                               LaneMask::all(kHigh16));
  ASSERT_TRUE(R.isInt());
  EXPECT_EQ(R.Defined, kHigh16);
  EXPECT_FALSE(R.definedIn(kAllLanes));
  EXPECT_TRUE(R.definedIn(kHigh16));
}

TEST(Invariants, FormsStayCanonical) {
  LaneInt N = LaneInt::symbol(kN);
  EXPECT_TRUE(N.isCanonical());
  // n - n leaves no zero term behind.
  std::optional<LaneInt> Z = sub(N, N);
  ASSERT_TRUE(Z);
  EXPECT_TRUE(Z->isCanonical());
  EXPECT_TRUE(Z->isConcrete());
  // Terms are sorted by symbol whatever the order they are added in.
  std::optional<LaneInt> S = add(LaneInt::symbol(3), LaneInt::symbol(1));
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->isCanonical());
  ASSERT_EQ(S->terms().size(), 2u);
  EXPECT_EQ(S->terms()[0].Sym, 1u);
  EXPECT_EQ(S->terms()[1].Sym, 3u);
  // A selection that keeps a symbol in no lane drops it.
  LaneInt Sel = LaneInt::select(kAllLanes, LaneInt::constant(0), N);
  EXPECT_TRUE(Sel.isCanonical());
  EXPECT_TRUE(Sel.isConcrete());
}

TEST(Invariants, MasksAndConditions) {
  EXPECT_TRUE(LaneMask::all(kLow16).isWellFormed());
  EXPECT_FALSE((LaneMask{kAllLanes, kLow16, {}}).isWellFormed());
  LaneBool C;
  C.True = kLow16;
  C.False = kHigh16;
  EXPECT_TRUE(C.isWellFormed());
  C.False = kAllLanes;
  EXPECT_FALSE(C.isWellFormed());
  EXPECT_TRUE(Value::unknown("x").isWellFormed());
  Value Bad = Value::unknown("x");
  Bad.Defined = 1;
  EXPECT_FALSE(Bad.isWellFormed());
}

#ifndef NDEBUG
TEST(InvariantsDeathTest, PointerWithoutObject) {
  EXPECT_DEATH(Value::pointer(nullptr, LaneInt::constant(0)),
               "points into an object");
}
#endif
