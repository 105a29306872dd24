//===- Sarif.cpp - SARIF 2.1.0 for GitHub code scanning -------------------===//
//
// Written with llvm::json rather than clang's SarifDocumentWriter: that
// writer has no result properties, partialFingerprints or rule help text,
// writes absolute file URIs only, and needs a live SourceManager per result,
// while one run must cover every file (docs/design.md, "SARIF").
//
//===----------------------------------------------------------------------===//
#include "checks/CheckRegistry.h"
#include "lint/Paths.h"
#include "report/Report.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace ccl;

namespace {
json::Object location(StringRef RelFile, int64_t Line, int64_t Col) {
  json::Object Art{{"uri", RelFile.str()}};
  if (!sys::path::is_absolute(RelFile))
    Art["uriBaseId"] = "%SRCROOT%";
  else
    Art["uri"] = "file://" + RelFile.str();
  return json::Object{
      {"physicalLocation",
       json::Object{{"artifactLocation", std::move(Art)},
                    {"region", json::Object{{"startLine", Line},
                                            {"startColumn", Col}}}}}};
}

json::Object rule(const CheckInfo &C) {
  return json::Object{
      {"id", C.Name},
      {"name", C.Name},
      {"shortDescription", json::Object{{"text", C.ShortDescription}}},
      {"fullDescription", json::Object{{"text", C.FullDescription}}},
      {"help", json::Object{{"text", C.Help}, {"markdown", C.Help}}},
      {"defaultConfiguration", json::Object{{"level", "warning"}}},
      {"properties",
       json::Object{{"tags", json::Array{"performance", "cuda"}}}}};
}

json::Object result(const ReportedFinding &F, const AccessReport &A) {
  int64_t RuleIndex = 0;
  const auto &Rules = checkRegistry();
  for (size_t I = 0; I < Rules.size(); ++I)
    if (F.Check == Rules[I]->Name)
      RuleIndex = I;
  json::Object Res{
      {"ruleId", F.Check},
      {"ruleIndex", RuleIndex},
      {"level", "warning"},
      {"message", json::Object{{"text", F.Message}}},
      {"locations",
       json::Array{location(F.RelativeFile, F.Pos.Line, F.Pos.Column)}},
      {"partialFingerprints",
       json::Object{{"cudaCoalesceLint/v1", F.Fingerprint}}}};
  json::Object Props{
      {"kernel", F.Kernel}, {"op", accessOpName(A.Op)}, {"exact", A.Exact}};
  // The numbers of findingJson, without the nulls.
  json::Value Full = findingJson(F, A);
  if (const json::Object *N = Full.getAsObject()->getObject("numbers"))
    for (const auto &KV : *N)
      if (KV.second.kind() != json::Value::Null)
        Props[KV.first] = KV.second;
  Res["properties"] = std::move(Props);
  json::Array Related;
  for (const FindingNote &N : F.Notes) {
    json::Object L =
        location(relativeToRoot(N.Pos.File), N.Pos.valid() ? N.Pos.Line : 1,
                 N.Pos.valid() ? N.Pos.Column : 1);
    L["message"] = json::Object{{"text", N.Message}};
    Related.push_back(std::move(L));
  }
  if (!Related.empty())
    Res["relatedLocations"] = std::move(Related);
  return Res;
}
} // namespace

json::Value ccl::sarifDocument(const LintResults &R) {
  json::Array RuleArr;
  for (const CheckInfo *C : checkRegistry())
    RuleArr.push_back(rule(*C));
  json::Array Results;
  for (const FileResult &F : R.Files)
    for (const ReportedFinding &D : F.Findings)
      Results.push_back(result(D, F.Accesses[D.Record]));
  json::Object Run{
      {"tool",
       json::Object{{"driver", json::Object{{"name", "cuda-coalesce-lint"},
                                            {"version", CCL_VERSION},
                                            {"rules", std::move(RuleArr)}}}}},
      {"originalUriBaseIds",
       json::Object{
           {"%SRCROOT%", json::Object{{"uri", "file://" + repoRoot() + "/"}}}}},
      {"results", std::move(Results)}};
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
}
