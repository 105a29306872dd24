//===- Sarif.cpp - SARIF 2.1.0 for GitHub code scanning -------------------===//
//
// Written with llvm::json rather than clang's SarifDocumentWriter: that
// writer has no result properties, partialFingerprints or rule help text,
// writes absolute file URIs only, and needs a live SourceManager per result,
// while one run must cover every file (docs/design.md, "SARIF").
//
//===----------------------------------------------------------------------===//
#include "lint/Lint.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace ccl;

namespace {
struct RuleText {
  const char *Id, *Short, *Full, *Help;
};
const RuleText Rules[] = {
    {"cuda-uncoalesced-global",
     "Global memory access moves more 32-byte sectors than it uses",
     "A warp's request to global memory is served in 32-byte sectors. When "
     "adjacent lanes are far apart (a column of a row-major matrix, an array "
     "of structs, a stride) the request moves many sectors for few useful "
     "bytes. Reported when ideal sectors / sectors is below MinEfficiency "
     "(80% by default).",
     "Let threadIdx.x index the fastest-moving dimension, use a struct of "
     "arrays, or stage the access through shared memory. See "
     "docs/checks/cuda-uncoalesced-global.md."},
    {"cuda-shared-bank-conflict",
     "Shared memory access has lanes in different words of one bank",
     "Shared memory has 32 banks of 4-byte words; lanes of one phase that hit "
     "different words of the same bank are serialized. Reported when the "
     "worst phase needs more than MaxConflictWays wavefronts (1 by default).",
     "Pad the inner dimension of the shared array (e.g. [32][33]) or change "
     "the index so that lanes of a phase hit different banks. See "
     "docs/checks/cuda-shared-bank-conflict.md."},
};

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
} // namespace

json::Value ccl::sarifDocument(const json::Array &Diagnostics) {
  json::Array RuleArr;
  for (const RuleText &R : Rules)
    RuleArr.push_back(json::Object{
        {"id", R.Id},
        {"name", R.Id},
        {"shortDescription", json::Object{{"text", R.Short}}},
        {"fullDescription", json::Object{{"text", R.Full}}},
        {"help", json::Object{{"text", R.Help}, {"markdown", R.Help}}},
        {"defaultConfiguration", json::Object{{"level", "warning"}}},
        {"properties", json::Object{{"tags", json::Array{"performance", "cuda"}}}}});
  json::Array Results;
  for (const json::Value &V : Diagnostics) {
    const json::Object *D = V.getAsObject();
    if (!D)
      continue;
    StringRef Check = D->getString("check").value_or("");
    int64_t RuleIndex = 0;
    for (size_t I = 0; I < std::size(Rules); ++I)
      if (Check == Rules[I].Id)
        RuleIndex = I;
    StringRef Rel = D->getString("relative_file").value_or(
        D->getString("file").value_or(""));
    json::Object Res{
        {"ruleId", Check.str()},
        {"ruleIndex", RuleIndex},
        {"level", "warning"},
        {"message", json::Object{{"text", D->getString("message").value_or("").str()}}},
        {"locations", json::Array{location(Rel, D->getInteger("line").value_or(1),
                                           D->getInteger("column").value_or(1))}},
        {"partialFingerprints",
         json::Object{{"cudaCoalesceLint/v1",
                       D->getString("fingerprint").value_or("").str()}}}};
    json::Object Props{{"kernel", D->getString("kernel").value_or("").str()},
                       {"op", D->getString("op").value_or("").str()},
                       {"exact", D->getBoolean("exact").value_or(false)}};
    if (const json::Object *N = D->getObject("numbers"))
      for (const auto &KV : *N)
        if (KV.second.kind() != json::Value::Null)
          Props[KV.first] = KV.second;
    Res["properties"] = std::move(Props);
    json::Array Related;
    if (const json::Array *Notes = D->getArray("notes"))
      for (const json::Value &NV : *Notes)
        if (const json::Object *N = NV.getAsObject()) {
          json::Object L = location(
              relativeForSarif(N->getString("file").value_or("")),
              N->getInteger("line").value_or(1), N->getInteger("column").value_or(1));
          L["message"] = json::Object{{"text", N->getString("message").value_or("").str()}};
          Related.push_back(std::move(L));
        }
    if (!Related.empty())
      Res["relatedLocations"] = std::move(Related);
    Results.push_back(std::move(Res));
  }
  json::Object Run{
      {"tool", json::Object{{"driver",
                             json::Object{{"name", "cuda-coalesce-lint"},
                                          {"version", CCL_VERSION},
                                          {"rules", std::move(RuleArr)}}}}},
      {"originalUriBaseIds",
       json::Object{{"%SRCROOT%",
                     json::Object{{"uri", "file://" + repoRoot() + "/"}}}}},
      {"results", std::move(Results)}};
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
}
