//===- Lsp.cpp - cuda-coalesce-lint --lsp
//----------------------------------===//
//
// A Language Server over stdio that runs next to clangd: on didOpen and
// didSave of a .cu/.cuh file it analyzes the file on disk (with the
// compile_commands.json found upward from it, as clangd does, or -p) and
// publishes the findings as warnings, their notes as relatedInformation,
// and their fix-its as quick-fix code actions.
//
//===----------------------------------------------------------------------===//
#include "lint/Pipeline.h"
#include "tools/cuda-coalesce-lint/Driver.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <iostream>

using namespace llvm;
using namespace ccl;

namespace {
bool readMessage(std::string &Body) {
  std::string Line;
  size_t Length = 0;
  while (std::getline(std::cin, Line)) {
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    if (Line.empty())
      break;
    StringRef L(Line);
    if (L.consume_front_insensitive("Content-Length:"))
      L.trim().getAsInteger(10, Length);
  }
  if (!std::cin || Length == 0)
    return false;
  Body.resize(Length);
  std::cin.read(Body.data(), Length);
  return bool(std::cin);
}

void send(json::Value V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << V;
  OS.flush();
  outs() << "Content-Length: " << S.size() << "\r\n\r\n" << S;
  outs().flush();
}

std::string pathFromUri(StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return Uri.str();
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size()) {
      unsigned V;
      if (!Uri.substr(I + 1, 2).getAsInteger(16, V)) {
        Out += char(V);
        I += 2;
        continue;
      }
    }
    Out += Uri[I];
  }
  return Out;
}

/// Offset -> (line, character), 0-based, for fix-it ranges.
json::Object position(StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  size_t Line = Text.take_front(Offset).count('\n');
  size_t LineStart = Text.take_front(Offset).rfind('\n');
  size_t Col = LineStart == StringRef::npos ? Offset : Offset - LineStart - 1;
  return json::Object{{"line", (int64_t)Line}, {"character", (int64_t)Col}};
}

json::Object rangeAt(int64_t Line, int64_t Col) {
  json::Object P{{"line", std::max<int64_t>(Line - 1, 0)},
                 {"character", std::max<int64_t>(Col - 1, 0)}};
  json::Object E{{"line", std::max<int64_t>(Line - 1, 0)},
                 {"character", std::max<int64_t>(Col, 1)}};
  return json::Object{{"start", std::move(P)}, {"end", std::move(E)}};
}

struct Server {
  LintOptions Base;
  /// uri -> published diagnostics with their fix-its (for code actions).
  std::map<std::string, json::Array> Published;

  void analyze(const std::string &Uri) {
    std::string Path = pathFromUri(Uri);
    if (!StringRef(Path).ends_with(".cu") && !StringRef(Path).ends_with(".cuh"))
      return;
    LintOptions Opts = Base;
    Opts.Files = {Path};
    Opts.Format = OutputFormat::Json; // nothing rendered as text
    Opts.Report = ReportMode::Flagged;
    if (Opts.BuildPath.empty()) {
      std::string Err;
      if (auto DB = clang::tooling::CompilationDatabase::autoDetectFromSource(
              Path, Err))
        Opts.BuildPath = std::string(sys::path::parent_path(Path));
    }
    Expected<LintResults> Results = lintFiles(Opts);
    if (!Results) {
      reportError(Results.takeError(), errs());
      return;
    }
    auto Buf = MemoryBuffer::getFile(Path);
    StringRef Text = Buf ? (*Buf)->getBuffer() : StringRef();
    json::Array Diags;
    for (const FileResult &F : Results->Files)
      for (const ReportedFinding &D : F.Findings)
        Diags.push_back(diagnostic(D, Text));
    Published[Uri] = Diags;
    send(json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/publishDiagnostics"},
        {"params",
         json::Object{{"uri", Uri}, {"diagnostics", std::move(Diags)}}}});
  }

  /// An LSP Diagnostic: notes as relatedInformation, fix-its and their
  /// description in data (for code actions).
  static json::Object diagnostic(const ReportedFinding &D, StringRef Text) {
    json::Array Related;
    for (const FindingNote &N : D.Notes)
      Related.push_back(json::Object{
          {"location",
           json::Object{{"uri", "file://" + N.Pos.File},
                        {"range", rangeAt(N.Pos.Line, N.Pos.Column)}}},
          {"message", N.Message}});
    json::Array Edits;
    for (const FixIt &F : D.Fixes)
      Edits.push_back(json::Object{
          {"range", json::Object{{"start", position(Text, F.Offset)},
                                 {"end", position(Text, F.Offset + F.Length)}}},
          {"newText", F.Replacement}});
    json::Object Diag{{"range", rangeAt(D.Pos.Line, D.Pos.Column)},
                      {"severity", 2},
                      {"source", "cuda-coalesce-lint"},
                      {"code", D.Check},
                      {"message", D.Message},
                      {"relatedInformation", std::move(Related)}};
    if (!Edits.empty())
      Diag["data"] = json::Object{{"edits", std::move(Edits)},
                                  {"title", D.FixDescription}};
    return Diag;
  }

  json::Value codeActions(const json::Object &Params) {
    json::Array Actions;
    const json::Object *Doc = Params.getObject("textDocument");
    std::string Uri = Doc ? Doc->getString("uri").value_or("").str() : "";
    const json::Object *Range = Params.getObject("range");
    int64_t Lo = 0, Hi = INT64_MAX;
    if (Range) {
      if (const json::Object *S = Range->getObject("start"))
        Lo = S->getInteger("line").value_or(0);
      if (const json::Object *E = Range->getObject("end"))
        Hi = E->getInteger("line").value_or(INT64_MAX);
    }
    for (const json::Value &V : Published[Uri]) {
      const json::Object *D = V.getAsObject();
      const json::Object *Data = D ? D->getObject("data") : nullptr;
      const json::Array *Edits = Data ? Data->getArray("edits") : nullptr;
      if (!Edits)
        continue;
      int64_t Line = D->getObject("range")
                         ->getObject("start")
                         ->getInteger("line")
                         .value_or(0);
      if (Line < Lo || Line > Hi)
        continue;
      json::Array Changes = *Edits;
      std::string Title = Data->getString("title").value_or("").str();
      Actions.push_back(json::Object{
          {"title", Title},
          {"kind", "quickfix"},
          {"diagnostics", json::Array{json::Value(json::Object(*D))}},
          {"edit", json::Object{
                       {"changes", json::Object{{Uri, std::move(Changes)}}}}}});
    }
    return Actions;
  }
};
} // namespace

int ccl::runLsp(const LintOptions &Base) {
  std::ios::sync_with_stdio(false);
  Server S;
  S.Base = Base;
  std::string Body;
  bool ShutdownRequested = false;
  while (readMessage(Body)) {
    Expected<json::Value> Msg = json::parse(Body);
    if (!Msg) {
      errs() << "cuda-coalesce-lint --lsp: invalid message: "
             << toString(Msg.takeError()) << "\n";
      continue;
    }
    const json::Object *O = Msg->getAsObject();
    if (!O)
      continue;
    StringRef Method = O->getString("method").value_or("");
    const json::Value *Id = O->get("id");
    const json::Object *Params = O->getObject("params");
    auto Reply = [&](json::Value Result) {
      if (Id)
        send(json::Object{
            {"jsonrpc", "2.0"}, {"id", *Id}, {"result", std::move(Result)}});
    };
    if (Method == "initialize") {
      Reply(json::Object{
          {"capabilities",
           json::Object{
               {"textDocumentSync",
                json::Object{{"openClose", true},
                             {"change", 0},
                             {"save", json::Object{{"includeText", false}}}}},
               {"codeActionProvider", true}}},
          {"serverInfo", json::Object{{"name", "cuda-coalesce-lint"},
                                      {"version", CCL_VERSION}}}});
    } else if (Method == "textDocument/didOpen" ||
               Method == "textDocument/didSave") {
      const json::Object *Doc =
          Params ? Params->getObject("textDocument") : nullptr;
      if (Doc)
        S.analyze(Doc->getString("uri").value_or("").str());
    } else if (Method == "textDocument/didClose") {
      const json::Object *Doc =
          Params ? Params->getObject("textDocument") : nullptr;
      if (Doc) {
        std::string Uri = Doc->getString("uri").value_or("").str();
        S.Published.erase(Uri);
        send(json::Object{
            {"jsonrpc", "2.0"},
            {"method", "textDocument/publishDiagnostics"},
            {"params",
             json::Object{{"uri", Uri}, {"diagnostics", json::Array{}}}}});
      }
    } else if (Method == "textDocument/codeAction") {
      Reply(Params ? S.codeActions(*Params) : json::Value(json::Array{}));
    } else if (Method == "shutdown") {
      ShutdownRequested = true;
      Reply(nullptr);
    } else if (Method == "exit") {
      return ShutdownRequested ? 0 : 1;
    } else if (Id) {
      send(json::Object{
          {"jsonrpc", "2.0"},
          {"id", *Id},
          {"error",
           json::Object{{"code", -32601}, {"message", "method not found"}}}});
    }
  }
  return ShutdownRequested ? 0 : 1;
}
