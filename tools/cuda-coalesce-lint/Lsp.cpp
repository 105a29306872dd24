//===- Lsp.cpp - cuda-coalesce-lint --lsp
//----------------------------------===//
//
// A Language Server over stdio that runs next to clangd. It analyzes the
// editor's text, not the file on disk: open documents are kept in memory
// (full text synchronization) and every open .cu/.cuh buffer is laid over
// the file system for each analysis, so an edited header counts too.
// Untitled CUDA documents are analyzed with default flags.
//
// Analyses run on a worker thread: a change is analyzed once the buffer has
// been quiet for DebounceMs; a result computed for a version that has been
// edited since is dropped (the newer version is already queued). Findings
// become warnings (range: the access expression; notes as
// relatedInformation; fix-its as a quick-fix code action); a file with
// compile errors, kernels that could not be analyzed and templates never
// instantiated become information diagnostics, so the user knows the
// analysis is incomplete. Analyses longer than a second report
// window/workDoneProgress when the client supports it. Columns are UTF-16
// code units, as LSP requires.
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
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

using namespace llvm;
using namespace ccl;
using Clock = std::chrono::steady_clock;

namespace {
constexpr int DebounceMs = 150;
/// Analyses longer than this report progress ($CCL_LSP_PROGRESS_MS: tests).
int progressAfterMs() {
  if (const char *V = getenv("CCL_LSP_PROGRESS_MS"))
    return atoi(V);
  return 1000;
}

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

std::string decodeUri(StringRef Uri) {
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned V;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        !Uri.substr(I + 1, 2).getAsInteger(16, V)) {
      Out += char(V);
      I += 2;
      continue;
    }
    Out += Uri[I];
  }
  return Out;
}

/// UTF-16 code units in the first \p Bytes bytes of \p Line (UTF-8).
int64_t utf16Units(StringRef Line, size_t Bytes) {
  int64_t Units = 0;
  for (size_t I = 0; I < std::min(Bytes, Line.size());) {
    unsigned char C = Line[I];
    size_t Len = C < 0x80 ? 1 : (C >> 5) == 6 ? 2 : (C >> 4) == 14 ? 3 : 4;
    Units += Len == 4 ? 2 : 1;
    I += Len;
  }
  return Units;
}

/// A document's text by lines, for positions in UTF-16 units.
class LineTable {
public:
  explicit LineTable(StringRef Text) : Text(Text) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        Starts.push_back(I + 1);
  }
  /// 1-based line and byte column -> LSP position.
  json::Object at(unsigned Line, unsigned Column) const {
    if (Line == 0)
      return pos(0, 0);
    size_t L = std::min<size_t>(Line - 1, Starts.size() - 1);
    return pos(L, utf16Units(line(L), Column ? Column - 1 : 0));
  }
  /// Byte offset -> LSP position.
  json::Object offset(size_t Off) const {
    size_t L = std::upper_bound(Starts.begin(), Starts.end(), Off) -
               Starts.begin() - 1;
    return pos(L, utf16Units(line(L), Off - Starts[L]));
  }

private:
  StringRef line(size_t L) const {
    size_t End = L + 1 < Starts.size() ? Starts[L + 1] : Text.size();
    return Text.slice(Starts[L], End);
  }
  static json::Object pos(int64_t Line, int64_t Char) {
    return json::Object{{"line", Line}, {"character", Char}};
  }
  StringRef Text;
  std::vector<size_t> Starts;
};

json::Object range(json::Object Start, json::Object End) {
  return json::Object{{"start", std::move(Start)}, {"end", std::move(End)}};
}

struct Document {
  std::string Path; ///< absolute; virtual for untitled documents
  std::string Text;
  int64_t Version = 0;
};

class Server {
public:
  explicit Server(const LintOptions &Base) : Base(Base) {
    Worker = std::thread([this] { work(); });
  }
  ~Server() {
    {
      std::lock_guard<std::mutex> G(Mutex);
      Stop = true;
    }
    Wake.notify_all();
    Worker.join();
  }
  int loop();

private:
  void send(const json::Value &V);
  void handle(const json::Object &Msg);
  void open(const json::Object &Doc);
  void schedule(const std::string &Uri, int DelayMs);
  void close(const std::string &Uri);
  void work();
  void analyze(const std::string &Uri);
  Expected<LintResults> lintWithProgress(const LintOptions &Opts,
                                         const Document &D,
                                         const std::string &Uri);
  json::Array diagnostics(const FileResult &F, const LineTable &Lines,
                          const std::string &Path) const;
  json::Value codeActions(const json::Object &Params);
  /// window/workDoneProgress around an analysis that takes a while.
  void progress(const std::string &Token, StringRef Kind, StringRef Title);

  LintOptions Base;
  bool ClientProgress = false;
  std::mutex OutMutex; ///< one message at a time on stdout

  std::mutex Mutex; ///< guards everything below
  std::condition_variable Wake;
  bool Stop = false;
  std::map<std::string, Document> Docs;         ///< by uri
  std::map<std::string, Clock::time_point> Due; ///< uri -> analyze at
  std::map<std::string, json::Array> Published; ///< for code actions
  int64_t NextId = 1000;
  unsigned Untitled = 0;
  std::thread Worker;
};

void Server::send(const json::Value &V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << V;
  OS.flush();
  std::lock_guard<std::mutex> G(OutMutex);
  outs() << "Content-Length: " << S.size() << "\r\n\r\n" << S;
  outs().flush();
}

void Server::open(const json::Object &Doc) {
  std::string Uri = Doc.getString("uri").value_or("").str();
  std::string Lang = Doc.getString("languageId").value_or("").str();
  Document D;
  D.Text = Doc.getString("text").value_or("").str();
  D.Version = Doc.getInteger("version").value_or(0);
  StringRef U(Uri);
  if (U.consume_front("file://")) {
    D.Path = decodeUri(U);
  } else {
    // untitled:Untitled-1 and the like: a virtual file in the current
    // directory, analyzed with default flags.
    SmallString<256> P;
    sys::fs::current_path(P);
    std::lock_guard<std::mutex> G(Mutex);
    sys::path::append(P, ".ccl-untitled-" + std::to_string(++Untitled) + ".cu");
    D.Path = std::string(P);
  }
  bool Cuda = StringRef(D.Path).ends_with(".cu") ||
              StringRef(D.Path).ends_with(".cuh") || Lang == "cuda" ||
              Lang == "cuda-cpp";
  {
    std::lock_guard<std::mutex> G(Mutex);
    Docs[Uri] = std::move(D);
  }
  if (Cuda)
    schedule(Uri, 0);
}

void Server::schedule(const std::string &Uri, int DelayMs) {
  {
    std::lock_guard<std::mutex> G(Mutex);
    Due[Uri] = Clock::now() + std::chrono::milliseconds(DelayMs);
  }
  Wake.notify_all();
}

void Server::close(const std::string &Uri) {
  {
    std::lock_guard<std::mutex> G(Mutex);
    Docs.erase(Uri);
    Due.erase(Uri);
    Published.erase(Uri);
  }
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/publishDiagnostics"},
      {"params", json::Object{{"uri", Uri}, {"diagnostics", json::Array{}}}}});
}

void Server::work() {
  std::unique_lock<std::mutex> L(Mutex);
  while (!Stop) {
    if (Due.empty()) {
      Wake.wait(L);
      continue;
    }
    auto First = std::min_element(
        Due.begin(), Due.end(),
        [](const auto &A, const auto &B) { return A.second < B.second; });
    if (First->second > Clock::now()) {
      Wake.wait_until(L, First->second);
      continue;
    }
    std::string Uri = First->first;
    Due.erase(First);
    L.unlock();
    analyze(Uri);
    L.lock();
  }
}

void Server::progress(const std::string &Token, StringRef Kind,
                      StringRef Title) {
  json::Object Value{{"kind", Kind}};
  if (!Title.empty())
    Value["title"] = Title;
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"method", "$/progress"},
      {"params", json::Object{{"token", Token}, {"value", std::move(Value)}}}});
}

/// lintFiles with window/workDoneProgress when it takes a while.
Expected<LintResults> Server::lintWithProgress(const LintOptions &Opts,
                                               const Document &D,
                                               const std::string &Uri) {
  std::mutex DoneMutex;
  std::condition_variable DoneCV;
  bool Done = false, Begun = false;
  std::string Token = "ccl-" + std::to_string(D.Version) + "-" + Uri;
  std::thread Reporter([&] {
    std::unique_lock<std::mutex> L(DoneMutex);
    if (!ClientProgress ||
        DoneCV.wait_for(L, std::chrono::milliseconds(progressAfterMs()),
                        [&] { return Done; }))
      return;
    int64_t Id;
    {
      std::lock_guard<std::mutex> G(Mutex);
      Id = NextId++;
    }
    send(json::Object{{"jsonrpc", "2.0"},
                      {"id", Id},
                      {"method", "window/workDoneProgress/create"},
                      {"params", json::Object{{"token", Token}}}});
    progress(Token, "begin",
             "cuda-coalesce-lint: " + sys::path::filename(D.Path).str());
    Begun = true;
  });
  Expected<LintResults> Results = lintFiles(Opts);
  {
    std::lock_guard<std::mutex> G(DoneMutex);
    Done = true;
  }
  DoneCV.notify_all();
  Reporter.join();
  if (Begun)
    progress(Token, "end", "");
  return Results;
}

void Server::analyze(const std::string &Uri) {
  LintOptions Opts = Base;
  Document D;
  {
    std::lock_guard<std::mutex> G(Mutex);
    auto It = Docs.find(Uri);
    if (It == Docs.end())
      return;
    D = It->second;
    for (const auto &KV : Docs)
      Opts.Overlay[KV.second.Path] = KV.second.Text;
  }
  Opts.Files = {D.Path};
  Opts.Format = OutputFormat::Json; // no text layout recorded
  Opts.Report = ReportMode::Flagged;
  Opts.Jobs = 1;
  Opts.KernelJobs = 1; // a server has threads: no forked workers
  Opts.KeepLastAST = false;
  if (Opts.BuildPath.empty()) {
    std::string Err;
    if (auto DB = clang::tooling::CompilationDatabase::autoDetectFromSource(
            D.Path, Err))
      Opts.BuildPath = std::string(sys::path::parent_path(D.Path));
  }
  Expected<LintResults> Results = lintWithProgress(Opts, D, Uri);
  if (!Results) {
    errs() << "cuda-coalesce-lint --lsp: " << toString(Results.takeError())
           << "\n";
    return;
  }
  LineTable Lines(D.Text);
  json::Array Diags;
  for (const FileResult &F : Results->Files)
    for (json::Value &V : diagnostics(F, Lines, D.Path))
      Diags.push_back(std::move(V));
  {
    // A result for a version edited since is stale: the newer one is queued.
    std::lock_guard<std::mutex> G(Mutex);
    auto It = Docs.find(Uri);
    if (It == Docs.end() || It->second.Version != D.Version)
      return;
    Published[Uri] = Diags;
  }
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/publishDiagnostics"},
      {"params", json::Object{{"uri", Uri},
                              {"version", D.Version},
                              {"diagnostics", std::move(Diags)}}}});
}

json::Array Server::diagnostics(const FileResult &F, const LineTable &Lines,
                                const std::string &Path) const {
  json::Array Out;
  auto Here = [&](const SourcePos &P) { return P.File == Path; };
  for (const ReportedFinding &D : F.Findings) {
    if (!Here(D.Pos))
      continue; // a finding in a header belongs to that header's document
    json::Array Related;
    for (const FindingNote &N : D.Notes) {
      json::Object Start = Here(N.Pos) ? Lines.at(N.Pos.Line, N.Pos.Column)
                                       : LineTable("").at(N.Pos.Line, 1);
      json::Object End = Start;
      Related.push_back(json::Object{
          {"location",
           json::Object{{"uri", "file://" + N.Pos.File},
                        {"range", range(std::move(Start), std::move(End))}}},
          {"message", N.Message}});
    }
    json::Array Edits;
    for (const FixIt &X : D.Fixes)
      Edits.push_back(
          json::Object{{"range", range(Lines.offset(X.Offset),
                                       Lines.offset(X.Offset + X.Length))},
                       {"newText", X.Replacement}});
    json::Object Diag{{"range", range(Lines.at(D.Pos.Line, D.Pos.Column),
                                      Lines.at(D.End.Line, D.End.Column))},
                      {"severity", 2},
                      {"source", "cuda-coalesce-lint"},
                      {"code", D.Check},
                      {"message", D.Message},
                      {"relatedInformation", std::move(Related)}};
    if (!Edits.empty())
      Diag["data"] = json::Object{{"edits", std::move(Edits)},
                                  {"title", D.FixDescription}};
    Out.push_back(std::move(Diag));
  }
  // What makes the analysis incomplete, as information.
  auto Info = [&](unsigned Line, unsigned Col, const std::string &Msg) {
    Out.push_back(json::Object{
        {"range", range(Lines.at(Line, Col), Lines.at(Line, Col + 1))},
        {"severity", 3},
        {"source", "cuda-coalesce-lint"},
        {"message", Msg}});
  };
  if (F.CompileErrors)
    Info(
        1, 1,
        "the file has compile errors: the coalescing analysis is incomplete (" +
            std::to_string(F.Kernels) + " kernel" +
            (F.Kernels == 1 ? "" : "s") + " analyzed anyway)");
  for (const FindingNote &R : F.Remarks)
    if (Here(R.Pos))
      Info(R.Pos.Line, R.Pos.Column, R.Message);
  return Out;
}

json::Value Server::codeActions(const json::Object &Params) {
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
  std::lock_guard<std::mutex> G(Mutex);
  for (const json::Value &V : Published[Uri]) {
    const json::Object *D = V.getAsObject();
    const json::Object *Data = D ? D->getObject("data") : nullptr;
    const json::Array *Edits = Data ? Data->getArray("edits") : nullptr;
    if (!Edits)
      continue;
    int64_t Line =
        D->getObject("range")->getObject("start")->getInteger("line").value_or(
            0);
    if (Line < Lo || Line > Hi)
      continue;
    Actions.push_back(json::Object{
        {"title", Data->getString("title").value_or("").str()},
        {"kind", "quickfix"},
        {"diagnostics", json::Array{json::Value(json::Object(*D))}},
        {"edit",
         json::Object{{"changes", json::Object{{Uri, json::Array(*Edits)}}}}}});
  }
  return Actions;
}

void Server::handle(const json::Object &O) {
  StringRef Method = O.getString("method").value_or("");
  const json::Value *Id = O.get("id");
  const json::Object *Params = O.getObject("params");
  const json::Object *Doc =
      Params ? Params->getObject("textDocument") : nullptr;
  std::string Uri = Doc ? Doc->getString("uri").value_or("").str() : "";
  auto Reply = [&](json::Value Result) {
    if (Id)
      send(json::Object{
          {"jsonrpc", "2.0"}, {"id", *Id}, {"result", std::move(Result)}});
  };
  if (Method == "initialize") {
    if (const json::Object *Caps =
            Params ? Params->getObject("capabilities") : nullptr)
      if (const json::Object *W = Caps->getObject("window"))
        ClientProgress = W->getBoolean("workDoneProgress").value_or(false);
    Reply(json::Object{
        {"capabilities",
         json::Object{
             {"textDocumentSync",
              json::Object{{"openClose", true},
                           {"change", 1}, // full text
                           {"save", json::Object{{"includeText", false}}}}},
             {"codeActionProvider", true}}},
        {"serverInfo", json::Object{{"name", "cuda-coalesce-lint"},
                                    {"version", CCL_VERSION}}}});
  } else if (Method == "textDocument/didOpen" && Doc) {
    open(*Doc);
  } else if (Method == "textDocument/didChange" && Doc) {
    const json::Array *Changes = Params->getArray("contentChanges");
    {
      std::lock_guard<std::mutex> G(Mutex);
      auto It = Docs.find(Uri);
      if (It == Docs.end() || !Changes || Changes->empty())
        return;
      // Full synchronization: the last change holds the whole text.
      if (const json::Object *C = Changes->back().getAsObject())
        It->second.Text = C->getString("text").value_or("").str();
      It->second.Version = Doc->getInteger("version").value_or(0);
    }
    schedule(Uri, DebounceMs);
  } else if (Method == "textDocument/didSave" && Doc) {
    schedule(Uri, 0);
  } else if (Method == "textDocument/didClose" && Doc) {
    close(Uri);
  } else if (Method == "textDocument/codeAction") {
    Reply(Params ? codeActions(*Params) : json::Value(json::Array{}));
  } else if (Method == "shutdown") {
    Reply(nullptr);
  } else if (Id && !Method.empty()) {
    send(
        json::Object{{"jsonrpc", "2.0"},
                     {"id", *Id},
                     {"error", json::Object{{"code", -32601},
                                            {"message", "method not found"}}}});
  }
}

int Server::loop() {
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
    if (Method == "exit")
      return ShutdownRequested ? 0 : 1;
    ShutdownRequested |= Method == "shutdown";
    handle(*O);
  }
  return ShutdownRequested ? 0 : 1;
}
} // namespace

int ccl::runLsp(const LintOptions &Base) {
  std::ios::sync_with_stdio(false);
  Server S(Base);
  return S.loop();
}
