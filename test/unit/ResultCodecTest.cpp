// A file's results as bytes (lint/ResultCodec.h): what a file linted in its
// own process sends back to the run.
#include "lint/ResultCodec.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

FileResult sample() {
  FileResult R;
  R.File = "k.cu";
  R.Kernels = 2;
  R.Flagged = 1;
  R.Possible = 3;
  R.Warnings = 1;
  R.CompileErrors = true;
  R.Analyzed = true;
  R.MissingHeaders = {"helper.h"};
  R.Notes = {"a note"};
  R.Remarks.push_back({{"k.cu", 3, 5}, "kernel 'x' not analyzed"});
  AccessReport A;
  A.Pos = {"k.cu", 10, 3};
  A.End = {"k.cu", 10, 9};
  A.Site = "k.cu:10:3:global:load";
  A.Kernel = "k";
  A.Space = MemObject::Shared;
  A.Op = AccessOp::Store;
  A.Bytes = 16;
  A.Block = {32, 8, 1};
  A.Known = true;
  A.Worst.Known = true;
  A.Worst.G = {32, 4};
  A.Worst.S = {8, 1, 8};
  A.Worst.WorstOffsets[5] = -640;
  A.Worst.Symbols = {3, 7};
  A.Exact = true;
  A.DependsOn.Unknowns = {"n"};
  A.DependsOn.Conditions = {"under a block of 256x1x1",
                            "under a block of 256x1x1, the most "
                            "__launch_bounds__ allows"};
  A.Certainty = FindingCertainty::Possible;
  A.MeasuredBy = Measurer::CpuJit;
  A.Together.emplace();
  A.Together->Partners = {{10, 12}};
  A.Compiled = AccessRecord::CompiledState::Instructions;
  A.Instructions = {"ld.global.v4.b32 +0"};
  A.Verdict = Verdict::Confirmed;
  A.Measured.emplace();
  A.Measured->Sectors = 32;
  A.NcuCsv.emplace();
  A.NcuCsv->Cost = 31.5;
  A.NcuCsv->Result = NcuComparison::WithinBound;
  R.Accesses.push_back(A);
  ReportedFinding F;
  F.Check = "cuda-uncoalesced-global";
  F.Message = "touches 32 sectors";
  F.Notes.push_back({{"k.cu", 1, 1}, "note"});
  F.Fixes.push_back({"k.cu", 40, 2, "33"});
  F.Record = 0;
  F.Instances = 4;
  F.Possible = true;
  F.SameLayoutSites = {"k.cu:11:3:global:load"};
  R.Findings.push_back(F);
  R.Baseline.push_back({"fp", "check", "k.cu", "k", "a[i]", "load"});
  R.Verification.Asked = true;
  R.Verification.Mode = VerifyMode::Jit;
  R.Verification.Verdicts["confirmed"] = 4;
  R.Verification.KernelsNotVerified.push_back({"k2", "why"});
  R.Messages.push_back({ToolMessage::Warning, "pre"});
  DiagnosticText &D = R.Diagnostics.emplace_back();
  D.SharedKey = "key";
  DiagnosticStep S;
  S.K = DiagnosticStep::Snippet;
  S.Level = 3;
  S.At = {"/src/k.cu", 120, "k.cu", 7, 9};
  S.Spans.push_back({"/src/k.cu", 118, 6, true});
  S.Fixes.push_back({"/src/k.cu", 121, 2, "33"});
  S.SameAsLast = true;
  S.LastLevel = 1;
  D.Steps.push_back(S);
  R.ClangDiagnostics.emplace_back().Steps.push_back(S);
  R.ClangOutput = "1 error generated.";
  R.ErrorsNotShown = 3;
  R.Sources["/src/k.cu"].Text = "int x;";
  R.Sources["/src/k.cu"].Lines.push_back({4, 100, "gen.cu", 1});
  R.Report = ReportMode::All;
  return R;
}

TEST(ResultCodec, RoundTripKeepsEveryField) {
  FileResult R = sample();
  std::string Bytes = encodeFileResult(R);
  std::optional<FileResult> Back = decodeFileResult(Bytes);
  ASSERT_TRUE(Back);
  // Encoding the decoded result gives the same bytes: every field came back.
  EXPECT_EQ(encodeFileResult(*Back), Bytes);
  EXPECT_EQ(Back->Accesses.at(0).Worst.WorstOffsets[5], -640);
  EXPECT_EQ(Back->Accesses.at(0).NcuCsv->Cost, 31.5);
  EXPECT_EQ(Back->Accesses.at(0).Block.Y, 8u);
  EXPECT_EQ(Back->Accesses.at(0).Op, AccessOp::Store);
  EXPECT_EQ(Back->Accesses.at(0).DependsOn, R.Accesses.at(0).DependsOn);
  EXPECT_EQ(Back->Accesses.at(0).DependsOn.Conditions.size(), 2u);
  EXPECT_EQ(Back->Accesses.at(0).Certainty, FindingCertainty::Possible);
  EXPECT_EQ(Back->Accesses.at(0).MeasuredBy, Measurer::CpuJit);
  EXPECT_EQ(Back->Verification.Mode, VerifyMode::Jit);
  EXPECT_EQ(Back->Findings.at(0).Fixes.at(0).Replacement, "33");
  EXPECT_EQ(Back->Verification.Verdicts.at("confirmed"), 4u);
  EXPECT_EQ(Back->Messages.at(0).L, ToolMessage::Warning);
  EXPECT_EQ(Back->Messages.at(0).Text, "pre");
  EXPECT_EQ(Back->Report, ReportMode::All);
  const DiagnosticStep &Step = Back->Diagnostics.at(0).Steps.at(0);
  EXPECT_EQ(Step.K, DiagnosticStep::Snippet);
  EXPECT_EQ(Step.At.Shown, "k.cu");
  EXPECT_EQ(Step.At.Column, 9u);
  EXPECT_EQ(Step.Spans.at(0).Length, 6u);
  EXPECT_TRUE(Step.Spans.at(0).Token);
  EXPECT_EQ(Step.Fixes.at(0).Replacement, "33");
  EXPECT_TRUE(Step.SameAsLast);
  EXPECT_EQ(Back->Diagnostics.at(0).SharedKey, "key");
  EXPECT_EQ(Back->ClangDiagnostics.at(0).Steps.at(0).Message, Step.Message);
  EXPECT_EQ(Back->ClangOutput, "1 error generated.");
  EXPECT_EQ(Back->ErrorsNotShown, 3u);
  EXPECT_EQ(Back->Sources.at("/src/k.cu").Text, "int x;");
  EXPECT_EQ(Back->Sources.at("/src/k.cu").Lines.at(0).File, "gen.cu");
}

TEST(ResultCodec, CutShortOrTrailingBytesAreRejected) {
  std::string Bytes = encodeFileResult(sample());
  for (size_t N : {size_t(0), size_t(7), Bytes.size() / 2, Bytes.size() - 1})
    EXPECT_FALSE(decodeFileResult(llvm::StringRef(Bytes).take_front(N)))
        << N << " bytes";
  EXPECT_FALSE(decodeFileResult(Bytes + "x"));
}

} // namespace
