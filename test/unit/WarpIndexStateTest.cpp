// WarpIndexState (analyzer/WarpIndexState.h): the forms of the run with a
// symbolic warp index W, substituted for one warp, and the warps' values
// fitted back into one form.
#include "analyzer/WarpIndexState.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

/// Symbols: 0 is W, 1 is an unknown x, 2 is the monomial W*x, 3 a family
/// (one unknown per warp: 4 in warp 0, 5 in warp 1, 2*5 in warp 2).
WarpIndexState runOverFourWarps() {
  WarpIndexState S;
  S.On = true;
  S.W = 0;
  S.Warps = 4;
  S.Set = {0, 1, 2, 3};
  S.Residual = {-2, -1, 1, -3, -1, -1};
  S.Family[3] = {{0, {4, 1}}, {1, {5, 1}}, {2, {5, 2}}};
  return S;
}

LaneInt sym(SymbolId S) { return LaneInt::symbol(S); }
LaneInt c(int64_t V) { return LaneInt::constant(V); }

TEST(WarpIndexState, MentionsW) {
  WarpIndexState S = runOverFourWarps();
  EXPECT_TRUE(S.mentionsW(sym(0)));
  EXPECT_TRUE(S.mentionsW(sym(2))) << "W*x";
  EXPECT_TRUE(S.mentionsW(sym(3))) << "a family";
  EXPECT_FALSE(S.mentionsW(sym(1)));
  EXPECT_FALSE(S.mentionsW(sym(7))) << "made after the run began";
  EXPECT_TRUE(S.mentionsW(llvm::ArrayRef<SymbolId>{1, 2}));
  EXPECT_FALSE(S.mentionsW(Value::unknown("x")));
  EXPECT_TRUE(S.mentionsW(Value::integer(sym(0))));
  S.On = false;
  EXPECT_FALSE(S.mentionsW(sym(0))) << "no run, no W";
}

TEST(WarpIndexState, WarpAtSubstitutesTheWarp) {
  WarpIndexState S = runOverFourWarps();
  // 3 + 2*W in warp 5 is 13.
  LaneInt V = *add(c(3), *mul(sym(0), c(2)));
  EXPECT_EQ(S.warpAt(V, 5).asConstant(), std::optional<int64_t>(13));
  // W*x in warp 3 is 3*x.
  EXPECT_TRUE(S.warpAt(sym(2), 3).sameAs(*mul(sym(1), c(3))));
  // The family's member of warp 2 is 2 * symbol 5; warp 3 has none: the
  // form cannot be had for it, and the run escapes.
  EXPECT_TRUE(S.warpAt(sym(3), 2).sameAs(*mul(sym(5), c(2))));
  EXPECT_TRUE(S.Escaped.empty());
  S.warpAt(sym(3), 3);
  EXPECT_FALSE(S.Escaped.empty());
  // A form without W is itself.
  EXPECT_TRUE(S.warpAt(sym(1), 2).sameAs(sym(1)));
}

TEST(WarpIndexState, DependencesWithoutW) {
  WarpIndexState S = runOverFourWarps();
  auto D = S.warpFreeDeps({0, 1, 2, 3});
  // W goes; W*x is x (once); the family stands for its first member.
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D[0], 1u);
  EXPECT_EQ(D[1], 4u);
}

TEST(WarpIndexState, FitsTheWarpsValuesIntoOneForm) {
  WarpIndexState S = runOverFourWarps();
  std::vector<LaneInt> Linear = {c(7), c(11), c(15), c(19)};
  auto Fit = S.fitOverWarps(Linear, kAllLanes);
  ASSERT_TRUE(Fit);
  EXPECT_EQ(Fit->first.asConstant(), std::optional<int64_t>(7));
  EXPECT_EQ(Fit->second.asConstant(), std::optional<int64_t>(4));
  std::vector<LaneInt> Bent = {c(7), c(11), c(16), c(19)};
  EXPECT_FALSE(S.fitOverWarps(Bent, kAllLanes));
}

TEST(WarpIndexState, GroupsWarpsInOrderOfFirstMember) {
  WarpIndexState S = runOverFourWarps();
  S.Set = {4, 5, 6, 7};
  auto G = S.warpGroups(4, [](size_t A, size_t B) { return A % 2 == B % 2; });
  std::vector<std::vector<unsigned>> Want = {{4, 6}, {5, 7}};
  EXPECT_EQ(G, Want);
}

TEST(WarpIndexState, EscapeStopsTheRunOnceAndRestartKeepsTheHook) {
  WarpIndexState S = runOverFourWarps();
  unsigned Stops = 0;
  S.OnStop = [&Stops] { ++Stops; };
  EXPECT_FALSE(S.stopped());
  S.escape("first");
  S.escape("second");
  EXPECT_EQ(S.Escaped, "first");
  EXPECT_EQ(Stops, 1u);
  EXPECT_TRUE(S.stopped());
  S.restart();
  EXPECT_FALSE(S.On);
  EXPECT_TRUE(S.Escaped.empty());
  S.On = true;
  S.escape("");
  EXPECT_EQ(S.Escaped, "escaped");
  EXPECT_EQ(Stops, 2u) << "the hook survives restart";
  S.On = false;
  S.restart();
  S.escape("not in a run");
  EXPECT_TRUE(S.Escaped.empty());
}

} // namespace
