//===- Json.cpp - --format=json and the baseline file ---------------------===//
#include "lint/Options.h"
#include "report/Report.h"
#include "llvm/Support/ErrorHandling.h"
#include <set>

using namespace llvm;
using namespace ccl;

namespace {
json::Value numOrNull(bool Have, unsigned V) {
  return Have ? json::Value(V) : json::Value(nullptr);
}

json::Value measurementJson(const Measurement &M, bool Shared,
                            const char *Source, bool WithConflicts) {
  json::Object O{{"sectors", numOrNull(!Shared, M.Sectors)},
                 {"ideal_sectors", numOrNull(!Shared, M.IdealSectors)},
                 {"wavefronts", numOrNull(Shared, M.Wavefronts)},
                 {"ideal_wavefronts", numOrNull(Shared, M.IdealWavefronts)},
                 {"warps", M.Warps},
                 {"source", Source}};
  if (WithConflicts) {
    O["conflict_ways"] = numOrNull(Shared, M.ConflictWays);
    O["out_of_range"] = M.OutOfRange;
  }
  return O;
}

/// --ncu-csv: the hardware's averages per request (of the matching SASS
/// instruction with the most), or null when none was found.
json::Value ncuCsvJson(const NcuComparison &C, bool Shared) {
  if (C.Result == NcuComparison::NotFound)
    return nullptr;
  auto Avg = [&](bool Have, double V) {
    return Have ? json::Value(V) : json::Value(nullptr);
  };
  return json::Object{{"sectors", Avg(!Shared, C.Cost)},
                      {"ideal_sectors", Avg(!Shared, C.Ideal)},
                      {"wavefronts", Avg(Shared, C.Cost)},
                      {"ideal_wavefronts", Avg(Shared, C.Ideal)},
                      {"active_lanes", C.ActiveLanes},
                      {"executions", C.Executed},
                      {"instructions", C.Instructions},
                      {"sass", C.Sass},
                      {"source", "ncu-csv"}};
}

json::Value verificationJson(const VerificationResult &V) {
  json::Object Counts;
  for (const auto &[Name, N] : V.Verdicts)
    Counts[Name] = N;
  json::Array Kernels;
  for (const auto &[Kernel, Why] : V.KernelsNotVerified)
    Kernels.push_back(json::Object{{"kernel", Kernel}, {"reason", Why}});
  return json::Object{{"mode", verifyModeName(V.Mode)},
                      {"verified", V.verified()},
                      {"verdicts", std::move(Counts)},
                      {"kernels_not_verified", std::move(Kernels)}};
}

/// The numbers of a known record (null where they do not apply).
void addNumbers(json::Object &O, const AccessReport &A) {
  bool G = A.Known && A.Space == MemObject::Global;
  bool S = A.Known && A.Space == MemObject::Shared;
  O["sectors"] = numOrNull(G, A.Worst.G.Sectors);
  O["ideal_sectors"] = numOrNull(G, A.Worst.G.IdealSectors);
  O["wavefronts"] = numOrNull(S, A.Worst.S.Wavefronts);
  O["ideal_wavefronts"] = numOrNull(S, A.Worst.S.IdealWavefronts);
  O["conflict_ways"] = numOrNull(S, A.Worst.S.ConflictWays);
}

json::Value posFields(json::Object O, const SourcePos &P) {
  if (P.valid()) {
    O["file"] = P.File;
    O["line"] = P.Line;
    O["column"] = P.Column;
  }
  return O;
}
} // namespace

std::vector<std::string> ccl::dependenceList(const Dependence &D) {
  std::set<std::string> All(D.Unknowns.begin(), D.Unknowns.end());
  for (const std::string &C : D.Conditions)
    All.insert("(" + C + ")");
  return {All.begin(), All.end()};
}

/// The access with the nearby ones that use the rest of its sectors.
static json::Object togetherJson(const AccessRecord::Footprint &T) {
  json::Array With;
  for (auto [Line, Col] : T.Partners)
    With.push_back(std::to_string(Line) + ":" + std::to_string(Col));
  if (T.OwnPieces)
    With.push_back("its other pieces");
  if (T.OwnIterations)
    With.push_back("its nearby iterations");
  return json::Object{{"bytes_per_lane", T.Span},
                      {"sectors", T.G.Sectors},
                      {"ideal_sectors", T.G.IdealSectors},
                      {"with", std::move(With)}};
}

/// What the compiler made of the access (--compiler).
static json::Object compiledJson(const AccessReport &A) {
  using CS = AccessRecord::CompiledState;
  json::Array Instrs;
  for (const std::string &I : A.Instructions)
    Instrs.push_back(I);
  return json::Object{
      {"state",
       A.Compiled == CS::Instructions ? "instructions" : "not_located"},
      {"instructions", std::move(Instrs)},
      {"compiler", A.CompiledBy},
      {"source_bytes",
       numOrNull(A.Compiled == CS::Instructions, A.SourceBytes)}};
}

/// The worst request's byte offset in the object per lane (null: lane
/// inactive), for pictures of the warp (--format=html).
static json::Array laneBytesJson(const AccessReport &A) {
  json::Array Lanes;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Lanes.push_back((A.Worst.Lanes >> K & 1)
                        ? json::Value(A.Worst.WorstOffsets[K])
                        : json::Value(nullptr));
  return Lanes;
}

/// --verify and --ncu-csv: what was measured and the verdict.
static void addVerification(json::Object &O, const AccessReport &A) {
  bool Shared = A.Space == MemObject::Shared;
  json::Value M = nullptr;
  if (A.Measured) {
    json::Object MO = std::move(
        *measurementJson(*A.Measured, Shared, measurerName(A.MeasuredBy), true)
             .getAsObject());
    if (A.Ncu)
      MO["ncu"] = measurementJson(*A.Ncu, Shared, "ncu", false);
    M = std::move(MO);
  } else if (A.NcuCsv) {
    M = ncuCsvJson(*A.NcuCsv, Shared);
  }
  O["measured"] = std::move(M);
  if (!A.VerifyText.empty())
    O["verification"] = A.VerifyText;
  O["verdict"] = verdictName(A.Verdict);
}

json::Value ccl::accessJson(const AccessReport &A, bool Verify) {
  json::Array Deps;
  for (const std::string &D : dependenceList(A.DependsOn))
    Deps.push_back(D);
  json::Object O{
      {"file", A.Pos.File},
      {"line", A.Pos.Line},
      {"column", A.Pos.Column},
      {"kernel", A.Kernel},
      {"site", A.Site},
      {"space", spaceName(A.Space)},
      {"op", accessOpName(A.Op)},
      {"bytes", numOrNull(A.Bytes != 0, A.Bytes)},
      {"block_dim", json::Array{A.Block.X, A.Block.Y, A.Block.Z}},
      {"block_dim_source", A.BlockSource},
      {"active_lanes", numOrNull(A.Known, A.Worst.ActiveLanes)},
      {"exact", A.Exact},
      {"flagged", A.Flagged},
      {"certainty",
       A.Certainty == FindingCertainty::None
           ? json::Value(nullptr)
           : json::Value(certaintyName(A.Certainty))},
      {"check", A.Check.empty() ? json::Value(nullptr) : json::Value(A.Check)},
      {"depends_on", std::move(Deps)},
      {"expr", A.Expr},
      {"object",
       A.Object.empty() ? json::Value(nullptr) : json::Value(A.Object)},
      {"lanes", A.Known ? json::Value(A.Lanes) : json::Value(nullptr)},
      {"worst", A.Known ? json::Value(A.WorstContext) : json::Value(nullptr)},
      {"reason", A.Known ? json::Value(nullptr) : json::Value(A.Reason)},
  };
  addNumbers(O, A);
  if (!A.HoldsFor.empty())
    O["holds_for"] = A.HoldsFor;
  if (A.Together)
    O["together"] = togetherJson(*A.Together);
  if (A.Compiled != AccessRecord::CompiledState::NotAsked)
    O["compiled"] = compiledJson(A);
  if (A.Known)
    O["lane_bytes"] = laneBytesJson(A);
  if (A.Suppressed)
    O["suppressed"] = true;
  if (A.InBaseline)
    O["baseline"] = true;
  if (Verify)
    addVerification(O, A);
  return O;
}

json::Value ccl::findingJson(const ReportedFinding &F, const AccessReport &A) {
  json::Array Notes, Fixes;
  for (const FindingNote &N : F.Notes)
    Notes.push_back(posFields(json::Object{{"message", N.Message}}, N.Pos));
  for (const FixIt &X : F.Fixes)
    Fixes.push_back(json::Object{{"file", X.File},
                                 {"offset", X.Offset},
                                 {"length", X.Length},
                                 {"replacement", X.Replacement}});
  json::Object Numbers;
  addNumbers(Numbers, A);
  Numbers["block_dim"] = json::Array{A.Block.X, A.Block.Y, A.Block.Z};
  json::Array Same;
  for (const std::string &S : F.SameLayoutSites)
    Same.push_back(S);
  return posFields(
      json::Object{{"check", F.Check},
                   {"severity", "warning"},
                   {"message", F.Message},
                   {"notes", std::move(Notes)},
                   {"fixits", std::move(Fixes)},
                   {"kernel", F.Kernel},
                   {"site", A.Site},
                   {"instances", F.Instances},
                   {"same_pattern_sites", std::move(Same)},
                   {"certainty", F.Possible ? "possible" : "certain"},
                   {"op", accessOpName(A.Op)},
                   {"access", F.Access},
                   {"relative_file", F.RelativeFile},
                   {"fingerprint", F.Fingerprint},
                   {"exact", A.Exact},
                   {"numbers", std::move(Numbers)}},
      F.Pos);
}

json::Value ccl::jsonDocument(const LintResults &R) {
  json::Array Accesses, Diagnostics, Files;
  for (const FileResult &F : R.Files) {
    bool Verify = false;
    for (const AccessReport &A : F.Accesses)
      Verify |= A.Verdict != Verdict::None;
    for (const AccessReport &A : F.Accesses)
      Accesses.push_back(accessJson(A, Verify));
    for (const ReportedFinding &D : F.Findings)
      Diagnostics.push_back(findingJson(D, F.Accesses[D.Record]));
    if (!F.Analyzed)
      continue;
    json::Array Missing, Notes, Command;
    for (const std::string &H : F.MissingHeaders)
      Missing.push_back(H);
    for (const std::string &N : F.CommandNotes)
      Command.push_back(N);
    for (const std::string &N : F.Notes)
      Notes.push_back(N);
    json::Object FO{{"file", F.File},
                    {"kernels", F.Kernels},
                    {"accesses", F.Accesses.size()},
                    {"flagged", F.Flagged},
                    {"unknown", F.Unknown},
                    {"compile_errors", F.CompileErrors},
                    {"missing_headers", std::move(Missing)},
                    {"notes", std::move(Notes)},
                    {"compile_command_notes", std::move(Command)}};
    if (F.Verification.Asked)
      FO["verification"] = verificationJson(F.Verification);
    Files.push_back(std::move(FO));
  }
  return json::Object{{"version", 1},
                      {"accesses", std::move(Accesses)},
                      {"diagnostics", std::move(Diagnostics)},
                      {"files", std::move(Files)}};
}

json::Value ccl::baselineDocument(const LintResults &R) {
  json::Array Findings;
  std::set<std::string> Seen;
  for (const FileResult &F : R.Files)
    for (const BaselineEntry &B : F.Baseline)
      if (Seen.insert(B.Fingerprint).second)
        Findings.push_back(json::Object{{"fingerprint", B.Fingerprint},
                                        {"check", B.Check},
                                        {"file", B.File},
                                        {"kernel", B.Kernel},
                                        {"access", B.Access},
                                        {"op", B.Op}});
  return json::Object{{"version", 1}, {"findings", std::move(Findings)}};
}
