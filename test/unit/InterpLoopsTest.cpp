// The interpreter's loops (analyzer/InterpLoops.h): the events one warp's
// run sends from a loop, trip by trip or for "any iteration", and the values
// the generalization gives the variables the loop changes.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::WarpZeroRun;

TEST(InterpLoops, DecidedConditionRunsTripByTrip) {
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  for (int i = 0; i < 3; ++i)
    out[i * 256 + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_EQ(R.Events.size(), 3u);
  for (unsigned T = 0; T < 3; ++T) {
    SCOPED_TRACE(T);
    EXPECT_EQ(R.Events[T].Context, "warp 0, iteration " + std::to_string(T) +
                                       " of the loop at line 3");
    EXPECT_EQ(*R.Events[T].Address.I.asConstant(1), int64_t(T) * 1024);
    EXPECT_EQ(R.laneStride(T), 4);
  }
}

TEST(InterpLoops, TripsPastTheBudgetAreAnyIteration) {
  InterpreterOptions O;
  O.MaxLoopIterations = 2;
  WarpZeroRun R(R"(
__global__ void k(float *out) {
  for (int i = 0; i < 8; ++i)
    out[i * 256 + threadIdx.x] = 0;
})",
                O);
  ASSERT_TRUE(R.ran());
  // Two trips run; the six left are one run for "any iteration" j >= 2.
  ASSERT_EQ(R.Events.size(), 3u);
  EXPECT_EQ(R.Events[0].Context, "warp 0, iteration 0 of the loop at line 3");
  EXPECT_EQ(R.Events[1].Context, "warp 0, iteration 1 of the loop at line 3");
  EXPECT_EQ(R.Events[2].Context, "warp 0, any iteration of the loop at line 3");
  EXPECT_FALSE(R.Events[2].Address.I.isConcrete()); // 1024*(2 + j) + 4k
  EXPECT_EQ(R.laneStride(2), 4);
  EXPECT_TRUE(R.hasSymbol("iteration(line 3)"));
}

TEST(InterpLoops, UndecidedConditionIsGeneralizedWithItsStep) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) {
  for (int i = threadIdx.x; i < n; i += 256)
    out[i] = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_EQ(R.Events.size(), 1u);
  EXPECT_EQ(R.Events[0].Context, "warp 0, any iteration of the loop at line 3");
  // i = k + 256*j: consecutive lanes stay 4 bytes apart.
  EXPECT_FALSE(R.Events[0].Address.isUnknown());
  EXPECT_EQ(R.laneStride(0), 4);
  EXPECT_TRUE(R.hasSymbol("iteration(line 3)"));
}

TEST(InterpLoops, StepThatChangesIsUnknownByInduction) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) {
  int off = 0, step = 8;
  for (int i = 0; i < n; ++i) {
    out[off + threadIdx.x] = 0;
    off += step;
    step = 1;
  }
})");
  ASSERT_TRUE(R.ran());
  ASSERT_EQ(R.Events.size(), 1u);
  // off steps 8 and then 1: `off = 8*j` holds for no j past the first.
  EXPECT_TRUE(R.Events[0].Address.isUnknown());
  EXPECT_NE(R.Events[0].Address.Reason.find(
                "'off' does not change by the same step in every iteration "
                "of the loop at line 4"),
            std::string::npos)
      << R.Events[0].Address.Reason;
}

TEST(InterpLoops, DoubledCounterUnrollsUntilItStopsGrowing) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) {
  for (int s = 1; s < n; s *= 2)
    out[threadIdx.x * s] = 0;
})");
  ASSERT_TRUE(R.ran());
  // s < n is undecided but warp-uniform, and s doubles: each trip runs
  // ("if the loop gets there") with its own stride, until s would wrap.
  ASSERT_GE(R.Events.size(), 8u);
  EXPECT_LE(R.Events.size(), 32u);
  for (unsigned T = 0; T < 8; ++T) {
    SCOPED_TRACE(T);
    EXPECT_EQ(R.Events[T].Context, "warp 0, iteration " + std::to_string(T) +
                                       " of the loop at line 3");
    EXPECT_EQ(R.laneStride(T), int64_t(4) << T);
  }
  EXPECT_FALSE(R.hasSymbol("iteration(line 3)"));
}
