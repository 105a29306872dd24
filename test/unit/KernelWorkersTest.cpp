// One file's analyses in forked workers (lint/KernelWorkers.h) and the
// records they send back (analyzer/RecordCodec.h).
#include "lint/KernelWorkers.h"
#include "CudaSnippet.h"
#include "analyzer/KernelAnalysis.h"
#include "analyzer/RecordCodec.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "gtest/gtest.h"
#include <csignal>
#include <cstdlib>
#include <unistd.h>

using namespace ccl;

namespace {

// Global and shared accesses, a footprint shared by two fields, an access
// whose numbers depend on an argument, one that is not analyzable.
const char *Mixed = R"(
struct P { float x, y; };
__global__ void k(float *out, const P *in, const int *idx, int n) {
  __shared__ float tile[32][32];
  tile[threadIdx.x % 32][threadIdx.x / 32] = in[threadIdx.x].x + in[threadIdx.x].y;
  __syncthreads();
  out[threadIdx.x * n] = tile[threadIdx.x / 32][threadIdx.x % 32];
  out[idx[threadIdx.x]] = 0;
})";

void expectSameCost(const AccessCost &A, const AccessCost &B) {
  EXPECT_EQ(A.Known, B.Known);
  EXPECT_EQ(A.Reason, B.Reason);
  EXPECT_EQ(A.ActiveLanes, B.ActiveLanes);
  EXPECT_EQ(A.Shared, B.Shared);
  EXPECT_EQ(A.G.Sectors, B.G.Sectors);
  EXPECT_EQ(A.G.IdealSectors, B.G.IdealSectors);
  EXPECT_EQ(A.S.Wavefronts, B.S.Wavefronts);
  EXPECT_EQ(A.S.IdealWavefronts, B.S.IdealWavefronts);
  EXPECT_EQ(A.S.ConflictWays, B.S.ConflictWays);
  EXPECT_EQ(A.BestG.Sectors, B.BestG.Sectors);
  EXPECT_EQ(A.BestS.Wavefronts, B.BestS.Wavefronts);
  EXPECT_EQ(A.Exact, B.Exact);
  EXPECT_EQ(A.WorstOffsets, B.WorstOffsets);
  EXPECT_EQ(A.Lanes, B.Lanes);
  EXPECT_EQ(A.Pattern, B.Pattern);
  EXPECT_EQ(A.HoldsFor, B.HoldsFor);
  EXPECT_EQ(std::vector<SymbolId>(A.Symbols.begin(), A.Symbols.end()),
            std::vector<SymbolId>(B.Symbols.begin(), B.Symbols.end()));
}

TEST(RecordCodec, RoundTripKeepsEveryField) {
  auto AST = ccl::test::parseCuda(Mixed);
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::FunctionDecl *K = ccl::test::definedFunction(Ctx, "k");
  ASSERT_NE(K, nullptr);
  std::vector<AccessRecord> Rs =
      analyzeKernel(Ctx, K, {256, 1, 1}, InterpreterOptions());
  ASSERT_GE(Rs.size(), 5u);
  // The snippet gives every kind of field a value worth checking.
  EXPECT_TRUE(llvm::any_of(Rs, [](const AccessRecord &R) { return !R.Known; }));
  EXPECT_TRUE(llvm::any_of(Rs, [](const AccessRecord &R) {
    return R.Known && !R.Exact && !R.DependsOn.empty();
  }));
  EXPECT_TRUE(llvm::any_of(
      Rs, [](const AccessRecord &R) { return R.ObjectDecl != nullptr; }));
  EXPECT_TRUE(llvm::any_of(
      Rs, [](const AccessRecord &R) { return !R.Together.Partners.empty(); }));

  std::string Bytes = encodeRecords(Rs);
  std::optional<std::vector<AccessRecord>> Back = decodeRecords(Bytes);
  ASSERT_TRUE(Back.has_value());
  ASSERT_EQ(Back->size(), Rs.size());
  for (size_t I = 0; I < Rs.size(); ++I) {
    const AccessRecord &A = Rs[I], &B = (*Back)[I];
    EXPECT_EQ(A.Site, B.Site);
    EXPECT_EQ(A.Op, B.Op);
    EXPECT_EQ(A.Bytes, B.Bytes);
    EXPECT_EQ(A.Space, B.Space);
    EXPECT_EQ(A.Object, B.Object);
    EXPECT_EQ(A.ObjectDecl, B.ObjectDecl);
    EXPECT_EQ(A.ObjectDynamic, B.ObjectDynamic);
    EXPECT_EQ(A.AlignReason, B.AlignReason);
    EXPECT_EQ(A.Known, B.Known);
    EXPECT_EQ(A.Reason, B.Reason);
    expectSameCost(A.Worst, B.Worst);
    expectSameCost(A.Best, B.Best);
    EXPECT_EQ(A.Exact, B.Exact);
    EXPECT_EQ(A.DependsOn, B.DependsOn);
    EXPECT_EQ(A.WorstContext, B.WorstContext);
    EXPECT_EQ(A.HoldsFor, B.HoldsFor);
    EXPECT_EQ(A.Instances, B.Instances);
    EXPECT_EQ(A.Together.Covered, B.Together.Covered);
    EXPECT_EQ(A.Together.Span, B.Together.Span);
    EXPECT_EQ(A.Together.G.Sectors, B.Together.G.Sectors);
    EXPECT_EQ(A.Together.Partners, B.Together.Partners);
    EXPECT_EQ(A.Together.OwnPieces, B.Together.OwnPieces);
    EXPECT_EQ(A.Together.OwnIterations, B.Together.OwnIterations);
    EXPECT_EQ(B.AtLaunch, nullptr);
    EXPECT_EQ(A.AtLaunchWhy, B.AtLaunchWhy);
  }
  // Cut short or with bytes left over: not records.
  EXPECT_FALSE(decodeRecords(llvm::StringRef(Bytes).drop_back(1)));
  EXPECT_FALSE(decodeRecords(Bytes + "x"));
  EXPECT_FALSE(decodeRecords(""));
  std::optional<std::vector<AccessRecord>> None =
      decodeRecords(encodeRecords({}));
  ASSERT_TRUE(None.has_value());
  EXPECT_TRUE(None->empty());
}

// Results come back in job order whichever worker ran them; each job ran in
// a worker, not here.
TEST(KernelWorkers, ResultsInJobOrder) {
  pid_t Parent = getpid();
  WorkerOutcome O = runInWorkers(40, 3, [&](size_t I) {
    return std::to_string(I * I) + (getpid() == Parent ? " here" : "");
  });
  EXPECT_EQ(O.Workers, 3u);
  EXPECT_TRUE(O.Crashes.empty());
  ASSERT_EQ(O.Results.size(), 40u);
  for (size_t I = 0; I < 40; ++I) {
    ASSERT_TRUE(O.Results[I].has_value()) << I;
    EXPECT_EQ(*O.Results[I], std::to_string(I * I));
  }
}

// One worker, one job, or none: no fork.
TEST(KernelWorkers, RunsHereWhenNotWorthAFork) {
  pid_t Parent = getpid();
  auto Where = [&](size_t) {
    return std::string(getpid() == Parent ? "here" : "worker");
  };
  WorkerOutcome One = runInWorkers(5, 1, Where);
  EXPECT_EQ(One.Workers, 0u);
  for (const auto &R : One.Results)
    EXPECT_EQ(R, std::optional<std::string>("here"));
  WorkerOutcome Single = runInWorkers(1, 4, Where);
  EXPECT_EQ(Single.Workers, 0u);
  EXPECT_EQ(Single.Results[0], std::optional<std::string>("here"));
  EXPECT_TRUE(runInWorkers(0, 4, Where).Results.empty());
}

// ForkOne (each file of a run in a process of its own): one worker, or a
// single job, is forked too; OnResult sees every job once, crashed or not.
TEST(KernelWorkers, ForkOneIsolatesEvenOneJob) {
  pid_t Parent = getpid();
  std::vector<int> Seen(3, 0);
  WorkerOutcome O = runInWorkers(
      3, 1,
      [&](size_t I) {
        if (I == 1)
          std::abort();
        return std::string(getpid() == Parent ? "here" : "worker");
      },
      0, /*ForkOne=*/true, [&](size_t I) { ++Seen.at(I); });
  EXPECT_EQ(O.Workers, 1u);
  EXPECT_EQ(O.Results[0], std::optional<std::string>("worker"));
  EXPECT_FALSE(O.Results[1]);
  ASSERT_EQ(O.Crashes.size(), 1u);
  EXPECT_EQ(O.Crashes[0].first, 1u);
  // The job after the crash runs in a worker started in the crashed one's
  // place.
  EXPECT_EQ(O.Results[2], std::optional<std::string>("worker"));
  EXPECT_EQ(Seen, (std::vector<int>{1, 1, 1}));
  WorkerOutcome Single = runInWorkers(
      1, 4, [&](size_t) { return std::string(getpid() == Parent ? "here" : "worker"); },
      0, /*ForkOne=*/true);
  EXPECT_EQ(Single.Workers, 1u);
  EXPECT_EQ(Single.Results[0], std::optional<std::string>("worker"));
}

// A job that crashes its worker has no result and is reported; it is not
// run again here (it would crash this process). The other jobs still have
// theirs, those the dead worker never took included.
TEST(KernelWorkers, ACrashedJobHasNoResult) {
  WorkerOutcome O = runInWorkers(12, 2, [](size_t I) {
    if (I == 5)
      std::abort();
    return std::to_string(I);
  });
  ASSERT_EQ(O.Results.size(), 12u);
  EXPECT_FALSE(O.Results[5].has_value());
  ASSERT_EQ(O.Crashes.size(), 1u);
  EXPECT_EQ(O.Crashes[0].first, 5u);
  EXPECT_EQ(O.Crashes[0].second, "signal 6");
  for (size_t I = 0; I < 12; ++I)
    if (I != 5) {
      ASSERT_TRUE(O.Results[I].has_value()) << I;
      EXPECT_EQ(*O.Results[I], std::to_string(I));
    }
}

// A worker killed from outside (SIGKILL, as the out-of-memory killer does)
// is no crash of its job: that job runs again here and has its result.
TEST(KernelWorkers, AKilledWorkersJobRunsHere) {
  pid_t Parent = getpid();
  WorkerOutcome O = runInWorkers(8, 2, [&](size_t I) {
    if (I == 3 && getpid() != Parent)
      raise(SIGKILL);
    return std::to_string(I) + (getpid() == Parent ? " here" : "");
  });
  EXPECT_TRUE(O.Crashes.empty());
  ASSERT_EQ(O.Results.size(), 8u);
  EXPECT_EQ(O.Results[3], std::optional<std::string>("3 here"));
  for (size_t I = 0; I < 8; ++I)
    EXPECT_TRUE(O.Results[I].has_value()) << I;
}

// With a minimum of work to fork for: short jobs all run here; slow ones
// fork once the first has shown the rest would take long enough.
TEST(KernelWorkers, ForksOnlyForEnoughWork) {
  pid_t Parent = getpid();
  auto Where = [&](unsigned Micros) {
    return [&, Micros](size_t I) {
      usleep(Micros);
      return std::to_string(I) + (getpid() == Parent ? " here" : "");
    };
  };
  WorkerOutcome Short = runInWorkers(10, 2, Where(100), /*MinForkSeconds=*/5);
  EXPECT_EQ(Short.Workers, 0u);
  for (size_t I = 0; I < 10; ++I)
    EXPECT_EQ(Short.Results[I], std::to_string(I) + " here");
  WorkerOutcome Slow =
      runInWorkers(10, 2, Where(20000), /*MinForkSeconds=*/0.1);
  EXPECT_EQ(Slow.Workers, 2u);
  EXPECT_EQ(Slow.Results[0], std::optional<std::string>("0 here"));
  for (size_t I = 1; I < 10; ++I)
    EXPECT_EQ(Slow.Results[I], std::to_string(I)) << I;
}

// Many jobs left (four per worker or more): half the minimum is enough to
// fork; a few jobs need all of it.
TEST(KernelWorkers, ManyJobsForkAtHalfTheMinimum) {
  pid_t Parent = getpid();
  auto Where = [&](unsigned Micros) {
    return [&, Micros](size_t I) {
      usleep(Micros);
      return std::to_string(I) + (getpid() == Parent ? " here" : "");
    };
  };
  // 19 jobs of 10 ms left after the first: 0.19 s, over half of 0.3 s.
  WorkerOutcome Many =
      runInWorkers(20, 2, Where(10000), /*MinForkSeconds=*/0.3);
  EXPECT_EQ(Many.Workers, 2u);
  EXPECT_EQ(Many.Results[0], std::optional<std::string>("0 here"));
  for (size_t I = 1; I < 20; ++I)
    EXPECT_EQ(Many.Results[I], std::to_string(I)) << I;
  // 4 jobs of 40 ms left: 0.16 s, also over half of 0.3 s, but too few.
  WorkerOutcome Few = runInWorkers(5, 2, Where(40000), /*MinForkSeconds=*/0.3);
  EXPECT_EQ(Few.Workers, 0u);
  for (size_t I = 0; I < 5; ++I)
    EXPECT_EQ(Few.Results[I], std::to_string(I) + " here");
}

} // namespace
