//===- Sarif.cpp - SARIF 2.1.0 for GitHub code scanning -------------------===//
//
// Written with llvm::json rather than clang's SarifDocumentWriter: that
// writer has no result properties, partialFingerprints or rule help text,
// writes absolute file URIs only, and needs a live SourceManager per result,
// while one run must cover every file (docs/design.md, "SARIF").
//
// URIs are percent-encoded (RFC 3986), relative to %SRCROOT% inside the
// repository; columns are UTF-16 code units (the run's columnKind), counted
// on the file's text; every result has its own partial fingerprint (the
// n-th identical access of a file gets index n), stable when lines move;
// the invocation says whether every file was analyzed, with a notification
// for each file or kernel that was not.
//
//===----------------------------------------------------------------------===//
#include "checks/CheckRegistry.h"
#include "lint/Paths.h"
#include "report/Report.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <map>

using namespace llvm;
using namespace ccl;

namespace {
/// RFC 3986: everything but unreserved characters and '/' as %XX (bytes of
/// the UTF-8 encoding).
std::string percentEncode(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isalnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += C;
      continue;
    }
    char Buf[4];
    snprintf(Buf, sizeof(Buf), "%%%02X", C);
    Out += Buf;
  }
  return Out;
}

/// Byte columns to UTF-16 columns, reading each file once.
class Columns {
public:
  int64_t utf16(const std::string &File, unsigned Line, unsigned Col) {
    if (!Line || !Col)
      return 1;
    auto It = Text.find(File);
    if (It == Text.end()) {
      auto Buf = MemoryBuffer::getFile(File);
      It = Text.emplace(File, Buf ? (*Buf)->getBuffer().str() : "").first;
    }
    StringRef T = It->second;
    for (unsigned L = 1; L < Line && !T.empty(); ++L)
      T = T.split('\n').second;
    int64_t Units = 1;
    for (size_t I = 0; I + 1 < Col && I < T.size();) {
      unsigned char C = T[I];
      size_t Len = C < 0x80 ? 1 : (C >> 5) == 6 ? 2 : (C >> 4) == 14 ? 3 : 4;
      Units += Len == 4 ? 2 : 1;
      I += Len;
    }
    return Units;
  }

private:
  std::map<std::string, std::string> Text;
};

json::Object artifact(StringRef File) {
  std::string Rel = relativeToRoot(File);
  if (sys::path::is_absolute(Rel))
    return json::Object{{"uri", "file://" + percentEncode(Rel)}};
  return json::Object{{"uri", percentEncode(Rel)}, {"uriBaseId", "%SRCROOT%"}};
}

json::Object location(const SourcePos &P, Columns &Cols) {
  return json::Object{
      {"physicalLocation",
       json::Object{
           {"artifactLocation", artifact(P.File)},
           {"region", json::Object{{"startLine", P.valid() ? P.Line : 1},
                                   {"startColumn",
                                    Cols.utf16(P.File, P.Line, P.Column)}}}}}};
}

/// cuda-uncoalesced-global -> UncoalescedGlobal (SARIF wants a name that is
/// not the id).
std::string ruleName(StringRef Id) {
  Id.consume_front("cuda-");
  std::string Name;
  bool Up = true;
  for (char C : Id) {
    if (C == '-') {
      Up = true;
      continue;
    }
    Name += Up ? toupper(C) : C;
    Up = false;
  }
  return Name;
}

json::Object rule(const CheckInfo &C) {
  return json::Object{
      {"id", C.Name},
      {"name", ruleName(C.Name)},
      {"shortDescription", json::Object{{"text", C.ShortDescription}}},
      {"fullDescription", json::Object{{"text", C.FullDescription}}},
      {"help", json::Object{{"text", C.Help}, {"markdown", C.Help}}},
      {"defaultConfiguration", json::Object{{"level", "warning"}}},
      {"properties",
       json::Object{{"tags", json::Array{"performance", "cuda"}}}}};
}

json::Object result(const ReportedFinding &F, const AccessReport &A,
                    const std::string &Fingerprint, Columns &Cols) {
  int64_t RuleIndex = 0;
  const auto &Rules = checkRegistry();
  for (size_t I = 0; I < Rules.size(); ++I)
    if (F.Check == Rules[I]->Name)
      RuleIndex = I;
  json::Object Res{{"ruleId", F.Check},
                   {"ruleIndex", RuleIndex},
                   {"level", "warning"},
                   {"message", json::Object{{"text", F.Message}}},
                   {"locations", json::Array{location(F.Pos, Cols)}},
                   {"partialFingerprints",
                    json::Object{{"cudaCoalesceLint/v1", Fingerprint}}}};
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
    json::Object L = location(N.Pos, Cols);
    L["message"] = json::Object{{"text", N.Message}};
    Related.push_back(std::move(L));
  }
  if (!Related.empty())
    Res["relatedLocations"] = std::move(Related);
  return Res;
}

json::Object notification(StringRef Level, const std::string &Text,
                          const std::string &File) {
  json::Object N{{"level", Level}, {"message", json::Object{{"text", Text}}}};
  if (!File.empty())
    N["locations"] = json::Array{
        json::Object{{"physicalLocation",
                      json::Object{{"artifactLocation", artifact(File)}}}}};
  return N;
}

/// Whether the run analyzed every file, and what it could not analyze.
json::Object invocation(const LintResults &R) {
  json::Array Notes;
  bool OK = true;
  for (const FileResult &F : R.Files) {
    OK &= !F.InputError;
    std::string Messages = toolMessagesText(F.Messages);
    StringRef Pre = StringRef(Messages).trim();
    if (!Pre.empty())
      Notes.push_back(
          notification(F.InputError ? "error" : "warning", Pre.str(), F.File));
    if (F.CompileErrors)
      Notes.push_back(notification("error",
                                   F.File + ": the file has compile errors; " +
                                       std::to_string(F.Kernels) + " kernel" +
                                       (F.Kernels == 1 ? "" : "s") +
                                       " analyzed anyway",
                                   F.File));
    else if (F.InputError && Pre.empty())
      Notes.push_back(notification(
          "error", F.File + ": the file was not analyzed", F.File));
    for (const FindingNote &N : F.Remarks)
      Notes.push_back(notification("note", N.Message, N.Pos.File));
    for (const std::string &N : F.CommandNotes)
      Notes.push_back(notification("warning", N, F.File));
  }
  return json::Object{{"executionSuccessful", OK},
                      {"toolExecutionNotifications", std::move(Notes)}};
}
} // namespace

json::Value ccl::sarifDocument(const LintResults &R) {
  json::Array RuleArr;
  for (const CheckInfo *C : checkRegistry())
    RuleArr.push_back(rule(*C));
  json::Array Results;
  Columns Cols;
  for (const FileResult &F : R.Files) {
    std::map<std::string, unsigned> Seen; // identical accesses of the file
    for (const ReportedFinding &D : F.Findings) {
      unsigned N = Seen[D.Fingerprint]++;
      std::string Print = D.Fingerprint;
      if (N) { // the n-th identical access: its own, stable fingerprint
        char Buf[17];
        snprintf(Buf, sizeof(Buf), "%016llx",
                 (unsigned long long)xxh3_64bits(D.Fingerprint + "#" +
                                                 std::to_string(N)));
        Print = Buf;
      }
      Results.push_back(result(D, F.Accesses[D.Record], Print, Cols));
    }
  }
  json::Object Run{
      {"tool",
       json::Object{{"driver", json::Object{{"name", "cuda-coalesce-lint"},
                                            {"version", CCL_VERSION},
                                            {"semanticVersion", CCL_VERSION},
                                            {"rules", std::move(RuleArr)}}}}},
      {"originalUriBaseIds",
       json::Object{
           {"%SRCROOT%",
            json::Object{
                {"uri", "file://" + percentEncode(repoRoot()) + "/"}}}}},
      {"columnKind", "utf16CodeUnits"},
      {"invocations", json::Array{invocation(R)}},
      {"results", std::move(Results)}};
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
}
