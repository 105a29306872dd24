//===- CpuVerifierNcu.cpp - The harness's kernels under Nsight Compute ----===//
//
// When the harness runs on a GPU (Config::Gpu), its kernels are profiled
// under Nsight Compute and the per-source-line sector counts become the
// measurement (runNcu, measuredByNcu); when ncu cannot run, the CPU trace
// stands.
//
//===----------------------------------------------------------------------===//
#include "runtime/CpuVerifier.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

using namespace clang;
using namespace ccl;

bool CpuVerifier::runNcu(const std::string &Dir, const std::string &Bin) {
  if (C.Ncu.empty()) {
    NcuSkipped = "ncu (Nsight Compute) was not found";
    return false;
  }
  std::string Rep = Dir + "/profile", Csv = Dir + "/source.csv",
              Log = Dir + "/ncu.log";
  std::vector<std::string> Prof = {C.Ncu,
                                   "--section",
                                   "SourceCounters",
                                   "--clock-control",
                                   "none",
                                   "--export",
                                   Rep,
                                   "--force-overwrite",
                                   Bin,
                                   Dir + "/trace-ncu.txt"};
  std::vector<llvm::StringRef> PR(Prof.begin(), Prof.end());
  std::optional<llvm::StringRef> LogR[] = {std::nullopt, llvm::StringRef(Log),
                                           llvm::StringRef(Log)};
  std::string Err;
  if (llvm::sys::ExecuteAndWait(C.Ncu, PR, std::nullopt, LogR,
                                C.TimeoutSeconds * 5, 0, &Err) != 0) {
    NcuSkipped = "ncu could not profile the kernels (see " + Log + ")";
    return false;
  }
  std::vector<std::string> Print = {
      C.Ncu,           "-i",    Rep + ".ncu-rep", "--page",
      "source",        "--csv", "--print-source", "cuda,sass",
      "--print-units", "base"};
  std::vector<llvm::StringRef> PP(Print.begin(), Print.end());
  std::optional<llvm::StringRef> CsvR[] = {std::nullopt, llvm::StringRef(Csv),
                                           llvm::StringRef(Log)};
  if (llvm::sys::ExecuteAndWait(C.Ncu, PP, std::nullopt, CsvR, C.TimeoutSeconds,
                                0, &Err) != 0) {
    NcuSkipped = "ncu could not print the source page (see " + Log + ")";
    return false;
  }
  auto Buf = llvm::MemoryBuffer::getFile(Csv);
  std::string ParseError;
  if (Buf)
    NcuTables = parseNcuSourceCsv((*Buf)->getBuffer(), ParseError);
  if (!Buf || NcuTables.empty()) {
    NcuSkipped = "ncu's source page had no usable counters" +
                 (ParseError.empty() ? "" : " (" + ParseError + ")");
    return false;
  }
  return true;
}

std::optional<Measurement>
CpuVerifier::measuredByNcu(unsigned Launch, const AccessRecord &R) const {
  if (Launch >= NcuTables.size())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Line = SM.getExpansionLineNumber(R.Site->getBeginLoc());
  auto It = NcuTables[Launch].find(Line);
  if (It == NcuTables[Launch].end())
    return std::nullopt;
  bool Shared = R.Space == MemObject::Shared;
  // Per request, from the line's SASS rows (NcuCsv.h); the trace's request
  // count says how many warps went through the line.
  unsigned Requests = 0;
  for (const auto &KV : Results)
    if (KV.first.first == Launch && KV.first.second < SiteExprs.size() &&
        SiteGlobal[KV.first.second] == !Shared &&
        SM.getExpansionLineNumber(SiteExprs[KV.first.second]->getBeginLoc()) ==
            Line)
      Requests += KV.second.Warps;
  if (!Requests)
    return std::nullopt;
  Measurement M;
  M.Executed = true;
  M.Warps = Requests;
  auto Per = [&](double V) { return (unsigned)(V + 0.5); };
  if (Shared) {
    if (!It->second.HasShared)
      return std::nullopt;
    M.Wavefronts = Per(It->second.Wavefronts);
    M.IdealWavefronts = Per(It->second.WavefrontsIdeal);
  } else {
    if (!It->second.HasGlobal)
      return std::nullopt;
    M.Sectors = Per(It->second.Sectors);
    M.IdealSectors = Per(It->second.SectorsIdeal);
  }
  return M;
}
