// CaseSplits (analyzer/CaseSplits.h): the runs of a warp whose choice
// points split it into cases, enumerated like an odometer.
#include "analyzer/CaseSplits.h"
#include "gtest/gtest.h"
#include <functional>

using namespace ccl;

namespace {

/// Runs a warp whose run meets the points \p Points gives for the cases
/// taken so far (each: a key and its number of cases); returns the cases
/// each run took, in order.
std::vector<std::vector<unsigned>>
runAll(std::function<std::vector<std::pair<std::string, unsigned>>(
           const std::vector<unsigned> &)>
           Points) {
  CaseSplits C;
  std::vector<std::vector<unsigned>> Runs;
  C.beginWarp();
  do {
    C.beginRun();
    std::vector<unsigned> Taken;
    for (bool More = true; More;) {
      More = false;
      auto P = Points(Taken);
      if (Taken.size() < P.size()) {
        auto [Key, N] = P[Taken.size()];
        std::optional<unsigned> Idx = C.pointOf(Key);
        if (!Idx) {
          EXPECT_TRUE(C.fits(N));
          Idx = C.open(N, Key);
        }
        Taken.push_back(C.caseAt(*Idx));
        More = true;
      }
    }
    Runs.push_back(Taken);
  } while (C.nextRun() && Runs.size() < 100);
  C.endWarp();
  EXPECT_FALSE(C.inCase());
  EXPECT_TRUE(C.deps().empty());
  return Runs;
}

TEST(CaseSplits, EveryCombinationInDepthFirstOrder) {
  auto Runs = runAll([](const std::vector<unsigned> &) {
    return std::vector<std::pair<std::string, unsigned>>{{"a", 2}, {"b", 3}};
  });
  std::vector<std::vector<unsigned>> Want = {{0, 0}, {0, 1}, {0, 2},
                                             {1, 0}, {1, 1}, {1, 2}};
  EXPECT_EQ(Runs, Want);
}

TEST(CaseSplits, LaterPointsDependOnEarlierCases) {
  // Case 1 of the first point meets a second point; case 0 does not.
  auto Runs = runAll([](const std::vector<unsigned> &Taken) {
    std::vector<std::pair<std::string, unsigned>> P = {{"a", 2}};
    if (!Taken.empty() && Taken[0] == 1)
      P.push_back({"b", 2});
    return P;
  });
  std::vector<std::vector<unsigned>> Want = {{0}, {1, 0}, {1, 1}};
  EXPECT_EQ(Runs, Want);
}

TEST(CaseSplits, OneKeyIsOnePoint) {
  CaseSplits C;
  C.beginWarp();
  C.beginRun();
  EXPECT_TRUE(C.none());
  EXPECT_FALSE(C.inCase());
  unsigned A = C.open(3, "min(x, n)");
  EXPECT_EQ(C.pointOf("min(x, n)"), std::optional<unsigned>(A));
  EXPECT_EQ(C.pointOf("other"), std::nullopt);
  EXPECT_EQ(C.sizeAt(A), 3u);
  EXPECT_TRUE(C.inCase());
  EXPECT_TRUE(C.splitInRun());
  EXPECT_FALSE(C.none());
}

TEST(CaseSplits, RunsStayWithinTheBound) {
  CaseSplits C;
  C.beginWarp();
  C.beginRun();
  EXPECT_TRUE(C.fits(CaseSplits::kMaxRuns));
  EXPECT_FALSE(C.fits(CaseSplits::kMaxRuns + 1));
  C.open(8, "a");
  EXPECT_TRUE(C.fits(8));
  EXPECT_FALSE(C.fits(9)) << "8 * 9 runs on this path";
}

TEST(CaseSplits, DependencesAreASet) {
  CaseSplits C;
  C.beginWarp();
  C.beginRun();
  C.addDep(3);
  C.addDep(5);
  C.addDep(3);
  EXPECT_EQ(C.deps().size(), 2u);
  C.beginRun();
  EXPECT_TRUE(C.deps().empty()) << "each run has its own";
}

} // namespace
