// The Nsight Compute source-page reader (runtime/NcuCsv.h) and the
// comparison with predictions (runtime/NcuCompare.h): on the synthetic
// export in test/verify/Inputs (written in ncu 2024.1's layout: unescaped
// quotes, `","` inside the source text, a CR left by a CRLF source, filler
// rows, two launches of one kernel), and on the real exports of NVIDIA's
// examples in ../shared/fixtures/ncu when that folder is there.
#include "runtime/NcuCsv.h"
#include "runtime/NcuCompare.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
/// A path relative to test/unit/Inputs (CCL_TEST_INPUTS), resolved
/// lexically: that folder need not exist.
std::string under(llvm::StringRef Rel) {
  llvm::SmallString<256> P(CCL_TEST_INPUTS);
  llvm::sys::path::append(P, Rel);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}
const std::string Synthetic = under("../../verify/Inputs/ncu-synthetic.csv");
/// Real exports next to the checkout (CI checks out only this repository).
const std::string Fixtures = under("../../../../shared/fixtures/ncu");

std::string read(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : "";
}

NcuSourcePage page(const std::string &Path) {
  std::string Text = read(Path);
  EXPECT_FALSE(Text.empty()) << Path;
  llvm::Expected<NcuSourcePage> P = parseNcuSourcePage(Text);
  if (!P) {
    ADD_FAILURE() << Path << ": " << llvm::toString(P.takeError());
    return {};
  }
  return std::move(*P);
}

const NcuInstruction *find(const NcuSourceLine &L, llvm::StringRef Prefix) {
  for (const NcuInstruction &I : L.Instructions)
    if (llvm::StringRef(I.Sass).starts_with(Prefix))
      return &I;
  return nullptr;
}

std::string errorOf(llvm::StringRef Csv) {
  llvm::Expected<NcuSourcePage> P = parseNcuSourcePage(Csv);
  if (P)
    return "";
  return llvm::toString(P.takeError());
}
} // namespace

TEST(NcuCsv, KernelNames) {
  EXPECT_EQ(ncuKernelName("void Sobel<double>(uchar4 *, uchar4 *, int, int)"),
            "Sobel<double>");
  EXPECT_EQ(ncuKernelName("init_data_kernel(int, double *)"),
            "init_data_kernel");
  EXPECT_EQ(ncuKernelName("void ns::k<(int)4, float>(float *)"),
            "ns::k<(int)4, float>");
  EXPECT_EQ(ncuKernelName("void (anonymous namespace)::k(int)"),
            "(anonymous namespace)::k");
}

TEST(NcuCsv, ReadsLaunchesLinesAndInstructions) {
  NcuSourcePage P = page(Synthetic);
  ASSERT_EQ(P.Launches.size(), 3u);
  EXPECT_EQ(P.MalformedRows, 0u);
  const NcuLaunch &T = P.Launches[0];
  EXPECT_EQ(T.Name, "transpose");
  ASSERT_TRUE(T.hasFile("ncu-synthetic.cu"));
  EXPECT_FALSE(T.hasFile("synthetic.cu")); // a whole file name only
  const NcuSourceLine *L11 = T.line("ncu-synthetic.cu", 11);
  ASSERT_TRUE(L11);
  // Unescaped quotes and the `","` inside the text are kept.
  EXPECT_EQ(L11->Text,
            "  tile[threadIdx.y][threadIdx.x] = in[y * n + x]; // \"row\","
            "\"major\"");
  ASSERT_EQ(L11->Instructions.size(), 3u);
  const NcuInstruction *Ldg = find(*L11, "LDG");
  ASSERT_TRUE(Ldg);
  EXPECT_TRUE(Ldg->global());
  EXPECT_EQ(Ldg->Operation, "Load");
  EXPECT_EQ(Ldg->Bits, 32u);
  EXPECT_DOUBLE_EQ(Ldg->perRequest(Ldg->Sectors), 4);
  EXPECT_DOUBLE_EQ(*Ldg->activeLanes(), 32);
  const NcuInstruction *Imad = find(*L11, "IMAD");
  ASSERT_TRUE(Imad);
  EXPECT_EQ(Imad->Space, "");
  const NcuInstruction *Lds = find(*T.line("ncu-synthetic.cu", 13), "LDS");
  ASSERT_TRUE(Lds);
  EXPECT_TRUE(Lds->shared());
  EXPECT_DOUBLE_EQ(Lds->perRequest(Lds->Wavefronts), 32);
  EXPECT_DOUBLE_EQ(Lds->perRequest(Lds->IdealWavefronts), 1);
  EXPECT_DOUBLE_EQ(*Lds->ConflictWays, 32);
  // Two launches of strided, its table without the shared columns.
  EXPECT_EQ(P.Launches[1].Name, "strided");
  EXPECT_EQ(P.Launches[2].Name, "strided");
  const NcuSourceLine *L17 = P.Launches[2].line("ncu-synthetic.cu", 17);
  ASSERT_TRUE(L17);
  EXPECT_EQ(L17->Text, "  a[threadIdx.x * 2] = 0;"); // CR dropped
  const NcuInstruction *Stg = find(*L17, "STG");
  ASSERT_TRUE(Stg);
  EXPECT_FALSE(Stg->Wavefronts.has_value());
  EXPECT_DOUBLE_EQ(Stg->perRequest(Stg->Sectors), 16);
  EXPECT_DOUBLE_EQ(Stg->perRequest(Stg->IdealSectors), 8);
}

TEST(NcuCsv, PerLineValuesForTheGpuMode) {
  std::string Error;
  auto Tables = parseNcuSourceCsv(read(Synthetic), Error);
  ASSERT_EQ(Tables.size(), 3u) << Error;
  // Per request from the SASS rows, not the line's totals.
  EXPECT_DOUBLE_EQ(Tables[0].at(11).Sectors, 4);
  EXPECT_DOUBLE_EQ(Tables[0].at(11).Wavefronts, 1);
  EXPECT_DOUBLE_EQ(Tables[0].at(13).Wavefronts, 32);
  EXPECT_FALSE(Tables[1].at(17).HasShared);
}

TEST(NcuCsv, SaysHowToExportWhenTheLayoutIsWrong) {
  EXPECT_NE(errorOf("\"File Name\",\"/k.cu\"\n\"Line No\",\"Source\"\n"
                    "\"1\",\"int x;\"\n")
                .find("--print-source cuda,"),
            std::string::npos);
  EXPECT_NE(errorOf("\"Kernel Name\",\"k(int)\",\n\"Address\",\"Source\","
                    "\"Instructions Executed\"\n\"0x10\",\"  EXIT \",\"4\"\n")
                .find("--print-source sass, which has no source lines"),
            std::string::npos);
  EXPECT_NE(errorOf("a,b\n1,2\n").find("not an Nsight Compute source page"),
            std::string::npos);
  // Scaled units instead of plain numbers.
  EXPECT_NE(errorOf("\"File Path\",\"/k.cu\"\n\"Function Name\",\"k(int)\"\n"
                    "\"Line No\",\"Source\",\"Address\",\"Source\","
                    "\"Instructions Executed\"\n"
                    "\"3\",\"x\",\"-\",\"-\",\"4\"\n"
                    "\"\",\"\",\"0x10\",\"  EXIT \",\"1.5 K\"\n")
                .find("--print-units base"),
            std::string::npos);
}

namespace {
NcuPrediction pred(unsigned Cost, bool Exact = true, unsigned Bytes = 4,
                   bool Shared = false, AccessOp Op = AccessOp::Load) {
  NcuPrediction P;
  P.Shared = Shared;
  P.Op = Op;
  P.Bytes = Bytes;
  P.Known = true;
  P.Exact = Exact;
  P.Cost = Cost;
  P.Ideal = 4;
  return P;
}
NcuInstruction instr(double Executed, double Sectors, unsigned Bits = 32) {
  NcuInstruction I;
  I.Space = "Global";
  I.Operation = "Load";
  I.Bits = Bits;
  I.Executed = Executed;
  I.Threads = Executed * 32;
  I.Sectors = Sectors;
  I.IdealSectors = Executed * 4;
  return I;
}
NcuComparison::Kind kindOf(std::vector<NcuPrediction> G, size_t W,
                           std::vector<NcuInstruction> Is) {
  return compareWithNcu(G, W, Is).Result;
}
} // namespace

TEST(NcuCsv, ReadsAFileAndNamesItInItsErrors) {
  llvm::Expected<NcuSourcePage> P = readNcuSourcePage(Synthetic);
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_EQ(P->Launches.size(), page(Synthetic).Launches.size());
  std::string Missing = under("no-such-export.csv");
  llvm::Expected<NcuSourcePage> M = readNcuSourcePage(Missing, "--ncu-csv ");
  ASSERT_FALSE(bool(M));
  EXPECT_EQ(llvm::toString(M.takeError()),
            "cannot read --ncu-csv '" + Missing + "'");
  // Not a source page: the parser's reason, after the file's name.
  std::string NotCsv = under("../../verify/Inputs/ncu-synthetic.cu");
  llvm::Expected<NcuSourcePage> N = readNcuSourcePage(NotCsv);
  ASSERT_FALSE(bool(N));
  EXPECT_EQ(llvm::toString(N.takeError()),
            "'" + NotCsv + "': " + errorOf(read(NotCsv)));
}

TEST(NcuCompare, AveragesAgainstTheWorstRequest) {
  // Exactly the prediction, and an average pulled down by edge warps.
  EXPECT_EQ(kindOf({pred(6)}, 0, {instr(100, 600)}), NcuComparison::Confirmed);
  EXPECT_EQ(kindOf({pred(6)}, 0, {instr(100, 596)}), NcuComparison::Confirmed);
  // Some request cost more than the worst predicted.
  EXPECT_EQ(kindOf({pred(6)}, 0, {instr(100, 601)}), NcuComparison::Refuted);
  // Never reached: within the bound, confirms nothing.
  EXPECT_EQ(kindOf({pred(6)}, 0, {instr(100, 500)}),
            NcuComparison::WithinBound);
  // Not exact: the bound holds.
  EXPECT_EQ(kindOf({pred(6, false)}, 0, {instr(100, 600)}),
            NcuComparison::WithinBound);
  // Unrolled copies: the one with the most decides.
  EXPECT_EQ(kindOf({pred(6)}, 0, {instr(100, 400), instr(100, 598)}),
            NcuComparison::Confirmed);
  EXPECT_EQ(kindOf({pred(6)}, 0, {instr(0, 0)}), NcuComparison::NotExecuted);
}

TEST(NcuCompare, WidthsKindsAndSeveralAccessesOnALine) {
  // A 4-byte access compiled into a 64-bit (vectorized) load.
  EXPECT_EQ(kindOf({pred(4)}, 0, {instr(100, 400, 64)}),
            NcuComparison::NotFound);
  EXPECT_EQ(kindOf({pred(4)}, 0, {}), NcuComparison::NotFound);
  // Two loads on the line, 4 and 8 sectors: each is matched.
  std::vector<NcuPrediction> G = {pred(4), pred(8)};
  std::vector<NcuInstruction> Is = {instr(10, 40), instr(10, 80)};
  EXPECT_EQ(kindOf(G, 0, Is), NcuComparison::Confirmed);
  EXPECT_EQ(kindOf(G, 1, Is), NcuComparison::Confirmed);
  // The hardware exceeds both: the larger prediction is refuted.
  std::vector<NcuInstruction> More = {instr(10, 40), instr(10, 120)};
  EXPECT_EQ(kindOf(G, 1, More), NcuComparison::Refuted);
  EXPECT_EQ(kindOf(G, 0, More), NcuComparison::NotFound);
  // Shared wavefronts drift a little on the hardware.
  NcuPrediction S = pred(32, true, 4, true);
  NcuInstruction W;
  W.Space = "Shared";
  W.Operation = "Load";
  W.Bits = 32;
  W.Executed = 1000;
  W.Wavefronts = 32100;
  W.IdealWavefronts = 1000;
  EXPECT_EQ(kindOf({S}, 0, {W}), NcuComparison::Confirmed);
  W.Wavefronts = 33000;
  EXPECT_EQ(kindOf({S}, 0, {W}), NcuComparison::Refuted);
}

TEST(NcuCsv, EveryRealExport) {
  if (!llvm::sys::fs::is_directory(Fixtures))
    GTEST_SKIP() << "no " << Fixtures;
  for (const char *R :
       {"transposeCoalesced", "transposeNoBankConflicts", "addConstDouble",
        "addConstDouble3", "sobelFloat", "sobelDouble", "nt-manual_nvtx",
        "ncu2022-addConstDouble3"}) {
    std::string Base = Fixtures + "/" + R;
    NcuSourcePage P = page(Base + ".src-cuda-sass.csv");
    ASSERT_FALSE(P.Launches.empty()) << R;
    EXPECT_EQ(P.MalformedRows, 0u) << R;
    unsigned Memory = 0;
    for (const NcuLaunch &L : P.Launches)
      for (const NcuLaunch::FileBlock &B : L.Files)
        for (const NcuSourceLine &S : B.Lines)
          for (const NcuInstruction &I : S.Instructions)
            Memory += I.global() || I.shared();
    EXPECT_GT(Memory, 0u) << R;
    if (llvm::StringRef(R).starts_with("ncu2022"))
      continue;
    EXPECT_NE(errorOf(read(Base + ".src-cuda.csv")).find("--print-source"),
              std::string::npos)
        << R;
    EXPECT_NE(errorOf(read(Base + ".src-sass.csv")).find("--print-source sass"),
              std::string::npos)
        << R;
  }
  NcuSourcePage Nvtx = page(Fixtures + "/nt-manual_nvtx.src-cuda-sass.csv");
  ASSERT_EQ(Nvtx.Launches.size(), 3u);
  EXPECT_EQ(Nvtx.Launches[1].Name, "daxpy_kernel");
  // The double3 copy: three 64-bit loads on one line, 24 sectors each.
  NcuSourcePage D3 = page(Fixtures + "/addConstDouble3.src-cuda-sass.csv");
  ASSERT_EQ(D3.Launches.size(), 1u);
  unsigned Loads = 0;
  for (const NcuLaunch::FileBlock &B : D3.Launches[0].Files)
    for (const NcuSourceLine &S : B.Lines)
      for (const NcuInstruction &I : S.Instructions)
        if (I.global() && I.Operation == "Load") {
          ++Loads;
          EXPECT_EQ(I.Bits, 64u);
          EXPECT_DOUBLE_EQ(I.perRequest(I.Sectors), 24);
          EXPECT_DOUBLE_EQ(I.perRequest(I.IdealSectors), 8);
        }
  EXPECT_EQ(Loads, 3u);
}

TEST(NcuCompare, SourceTextMustBeTheFiles) {
  NcuSourcePage P = page(Synthetic);
  ASSERT_FALSE(P.Launches.empty());
  std::string Text = read(under("../../verify/Inputs/ncu-synthetic.cu"));
  llvm::SmallVector<llvm::StringRef, 0> Split;
  llvm::StringRef(Text).split(Split, '\n');
  std::vector<llvm::StringRef> Lines(Split.begin(), Split.end());
  EXPECT_EQ(ncuSourceMismatch(P.Launches[0], "ncu-synthetic.cu", Lines), 0u);
  // White space does not matter; another text on line 13 does.
  std::string Spaced = "  out[y*n+x]   = tile[threadIdx.x][threadIdx.y];";
  Lines[12] = Spaced;
  EXPECT_EQ(ncuSourceMismatch(P.Launches[0], "ncu-synthetic.cu", Lines), 0u);
  Lines[12] = "  out[y * n + x] = tile[threadIdx.y][threadIdx.x];";
  EXPECT_EQ(ncuSourceMismatch(P.Launches[0], "ncu-synthetic.cu", Lines), 13u);
  Lines.resize(10);
  EXPECT_EQ(ncuSourceMismatch(P.Launches[0], "ncu-synthetic.cu", Lines), 11u);
}
