// The Verifier interface (lint/Verifier.h) and what Verification does with
// any verifier: the verdict of records it did not measure, the tally of the
// verdicts, and the verifiers of the four modes.
#include "lint/Verification.h"
#include "CudaSnippet.h"
#include "runtime/TraceModel.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

/// A verifier whose judge gives the verdicts it is told, in turn.
struct FakeVerifier : Verifier {
  std::vector<Verdict> Verdicts;
  size_t Judged = 0;
  bool Fail = false;
  std::string flag() const override { return "--fake"; }
  std::string where() const override { return "faked"; }
  llvm::Error run(clang::ASTContext &, std::vector<KernelRun> &Runs,
                  DeviceCompiler *) override {
    for (size_t I = 0; I < Runs.size(); ++I)
      Runs[I].Launch = I;
    if (Fail)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "it broke");
    return llvm::Error::success();
  }
  std::string judge(const AccessRecord &, const KernelRun &,
                    AccessReport &Out) override {
    Out.Verdict = Verdicts[Judged++ % Verdicts.size()];
    return verdictName(Out.Verdict);
  }
  std::string kernelRemark(const KernelRun &Run) const override {
    return "kernel '" + Run.Name + "': " + Run.NotRunnable;
  }
  std::string ncuSkipped() const override { return "no ncu here"; }
};

/// Verifier::compare, reached through a verifier.
struct Comparer : FakeVerifier {
  using Verifier::compare;
};

struct VerificationTest : ::testing::Test {
  void SetUp() override {
    AST = test::parseCuda("__global__ void k(float *a) { a[0] = 1; }");
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    Runs.resize(2);
    Runs[0].Name = "k";
    Runs[1].Name = "k2";
  }
  clang::ASTContext &ctx() { return AST->getASTContext(); }

  std::unique_ptr<clang::ASTUnit> AST;
  std::vector<KernelRun> Runs;
  AccessRecord R;
};

TEST_F(VerificationTest, TalliesTheVerdictsThatCompared) {
  auto Fake = std::make_unique<FakeVerifier>();
  Fake->Verdicts = {Verdict::Confirmed,   Verdict::Refuted,
                    Verdict::WithinBound, Verdict::NotExecuted,
                    Verdict::Unpredicted, Verdict::NotInstrumented,
                    Verdict::Confirmed};
  FakeVerifier *F = Fake.get();
  Verification V(std::move(Fake));
  ASSERT_FALSE(bool(V.run(ctx(), Runs)));
  for (int I = 0; I < 7; ++I) {
    AccessReport Out;
    EXPECT_EQ(V.judge(R, Runs[I % 2], Out), verdictName(F->Verdicts[I]));
    EXPECT_EQ(Out.Verdict, F->Verdicts[I]);
  }
  EXPECT_EQ(V.summary(), "faked: 4 predictions compared with measurements: 2 "
                         "confirmed, 1 refuted, 1 worst cases not exceeded, "
                         "1 not executed");
  EXPECT_EQ(V.refuted(), 1u);
  EXPECT_EQ(V.flag(), "--fake");
  EXPECT_EQ(V.ncuSkipped(), "no ncu here");
}

TEST_F(VerificationTest, AFailedRunJudgesNothing) {
  auto Fake = std::make_unique<FakeVerifier>();
  Fake->Verdicts = {Verdict::Confirmed};
  Fake->Fail = true;
  FakeVerifier *F = Fake.get();
  Verification V(std::move(Fake));
  llvm::Error E = V.run(ctx(), Runs);
  EXPECT_EQ(llvm::toString(std::move(E)), "it broke");
  Runs[1].NotRunnable = "no CPU for it";
  AccessReport A, B;
  EXPECT_EQ(V.judge(R, Runs[0], A), "");
  EXPECT_EQ(A.Verdict, Verdict::NotVerified);
  EXPECT_EQ(V.judge(R, Runs[1], B), "");
  EXPECT_EQ(B.Verdict, Verdict::NotRunnable);
  EXPECT_EQ(F->Judged, 0u);
  EXPECT_EQ(V.notVerifiedReason(Runs[0]), "it broke");
  EXPECT_EQ(V.ncuSkipped(), "");
  EXPECT_EQ(V.kernelRemark(Runs[0]), "");
  EXPECT_EQ(V.kernelRemark(Runs[1]), "kernel 'k2': no CPU for it");
  EXPECT_EQ(V.summary(), "faked: 0 predictions compared with measurements: 0 "
                         "confirmed, 0 refuted, 0 worst cases not exceeded, "
                         "0 not executed");
}

TEST_F(VerificationTest, EachModeHasItsVerifier) {
  LintOptions Opts;
  Opts.NcuCsv = "exports/run1.csv";
  struct Mode {
    VerifyMode M;
    const char *Flag, *Where;
    Verdict Unlaunched;
  } Modes[] = {
      {VerifyMode::Cpu, "--verify=cpu", "verified on cpu",
       Verdict::NotRunnable},
      {VerifyMode::Gpu, "--verify=gpu", "verified on gpu",
       Verdict::NotRunnable},
      {VerifyMode::Jit, "--verify=jit", "verified on cpu (jit)",
       Verdict::NotRunnable},
      // Nothing runs for --ncu-csv: a kernel the export cannot speak for is
      // not verified, not "not runnable".
      {VerifyMode::NcuCsv, "--ncu-csv", "compared with ncu (run1.csv)",
       Verdict::NotVerified},
  };
  KernelRun Unlaunched;
  Unlaunched.Name = "k";
  Unlaunched.NotRunnable = "why not";
  for (const Mode &M : Modes) {
    Opts.Verify = M.M;
    std::unique_ptr<Verifier> V = makeVerifier(Opts, "dir/f.cu", {});
    ASSERT_NE(V, nullptr);
    EXPECT_EQ(V->flag(), M.Flag);
    EXPECT_EQ(V->where(), M.Where);
    EXPECT_EQ(V->notMeasured(Unlaunched), M.Unlaunched) << M.Flag;
    EXPECT_NE(V->kernelRemark(Unlaunched).find("why not"), std::string::npos);
  }
  Opts.Verify = VerifyMode::None;
  EXPECT_EQ(makeVerifier(Opts, "f.cu", {}), nullptr);
}

TEST_F(VerificationTest, NcuCsvWithoutItsExportFails) {
  LintOptions Opts;
  Opts.Verify = VerifyMode::NcuCsv;
  Opts.NcuCsv = "/nonexistent/run.csv";
  Verification V(Opts, "f.cu", {});
  llvm::Error E = V.run(ctx(), Runs);
  EXPECT_EQ(llvm::toString(std::move(E)), "cannot read '/nonexistent/run.csv'");
  AccessReport Out;
  EXPECT_EQ(V.judge(R, Runs[0], Out), "");
  EXPECT_EQ(Out.Verdict, Verdict::NotVerified);
}

TEST_F(VerificationTest, CompareSetsTheVerdictOfAMeasurement) {
  R.Space = MemObject::Global;
  R.Worst.G.Sectors = 8;
  R.Worst.G.IdealSectors = 4;
  Measurement M;
  M.Executed = true;
  M.Sectors = 8;
  M.IdealSectors = 4;
  M.Warps = 2;
  AccessReport Out;
  EXPECT_EQ(Comparer::compare(R, M, Out),
            "confirmed: measured 8 sectors (ideal 4) over 2 warp requests");
  EXPECT_EQ(Out.Verdict, Verdict::Confirmed);
  M.Sectors = 6;
  EXPECT_EQ(Comparer::compare(R, M, Out),
            "REFUTED: predicted 8 sectors (ideal 4), measured 6 sectors "
            "(ideal 4) over 2 warp requests");
  EXPECT_EQ(Out.Verdict, Verdict::Refuted);
  R.Exact = false;
  Comparer::compare(R, M, Out);
  EXPECT_EQ(Out.Verdict, Verdict::WithinBound);
  M.Sectors = 9;
  Comparer::compare(R, M, Out);
  EXPECT_EQ(Out.Verdict, Verdict::Refuted);
  R.Known = false;
  EXPECT_EQ(Comparer::compare(R, M, Out),
            "measured 9 sectors (ideal 4) over 2 warp requests (no "
            "prediction)");
  EXPECT_EQ(Out.Verdict, Verdict::Unpredicted);
}

} // namespace
