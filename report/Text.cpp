//===- Text.cpp - The text printer ----------------------------------------===//
//
// Findings and remarks print as clang prints diagnostics. The pipeline kept
// each one's layout as steps (lint/DiagnosticRecorder.h); they are replayed
// here through clang's own TextDiagnostic over a SourceManager of this
// printer's (as clang-tidy's ErrorReporter owns one), made from the text of
// the files as the parse read them (FileResult::Sources): nothing is
// re-opened.
//
//===----------------------------------------------------------------------===//
#include "report/Report.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <set>

using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {

/// What TextReplay's base refers to, made before it.
struct ReplaySetup {
  /// Token lengths are measured as in CUDA C++17 (raw strings, digit
  /// separators).
  ReplaySetup() {
    std::vector<std::string> Includes;
    LangOptions::setLangDefaults(Language, clang::Language::CUDA,
                                 llvm::Triple("nvptx64-nvidia-cuda"), Includes,
                                 LangStandard::lang_gnucxx17);
  }
  std::string Buffer;
  raw_string_ostream BufferOS{Buffer};
  LangOptions Language;
  DiagnosticOptions Options;
};

/// Prints recorded diagnostics (DiagnosticText) as clang's TextDiagnostic.
class TextReplay : private ReplaySetup, public TextDiagnostic {
public:
  TextReplay()
      : TextDiagnostic(BufferOS, Language, Options), Files(FileSystemOptions()),
        Diags(DiagnosticIDs::create(), Options, new IgnoringDiagConsumer()),
        SM(Diags, Files) {}

  /// \p D as TextDiagnostic prints it; the lines of files in \p Sources
  /// come from there.
  std::string render(const DiagnosticText &D, bool Colors,
                     const std::map<std::string, SourceText> &Sources) {
    Options.ShowColors = Colors;
    this->Sources = &Sources;
    Buffer.clear();
    for (const DiagnosticStep &S : D.Steps)
      step(S);
    return Buffer;
  }

private:
  void step(const DiagnosticStep &S);
  /// \p File, from Sources.
  FileID fileID(const std::string &File);
  /// The place at byte \p Offset of \p File; invalid past its end.
  FullSourceLoc loc(const std::string &File, unsigned Offset);
  PresumedLoc presumed(const TextPlace &P, FullSourceLoc L) const {
    if (!P.Line)
      return PresumedLoc();
    return PresumedLoc(P.Shown.c_str(), L.isValid() ? L.getFileID() : FileID(),
                       P.Line, P.Column, SourceLocation());
  }

  FileManager Files;
  DiagnosticsEngine Diags;
  SourceManager SM;
  /// By name and the Sources it is from.
  std::map<std::pair<std::string, const void *>, FileID> Opened;
  const std::map<std::string, SourceText> *Sources = nullptr;
};

FileID TextReplay::fileID(const std::string &File) {
  std::pair<std::string, const void *> Key(File, Sources);
  auto It = Opened.find(Key);
  if (It != Opened.end())
    return It->second;
  // (A name without text has no lines to show; its places still print. The
  // text may hold NULs: `<scratch space>` ends each token with one.)
  auto Source = Sources->find(File);
  FileID FID = SM.createFileID(MemoryBuffer::getMemBuffer(
      Source == Sources->end() ? StringRef("") : StringRef(Source->second.Text),
      File));
  if (Source != Sources->end())
    for (const SourceText::LineNote &N : Source->second.Lines)
      SM.AddLineNote(SM.getComposedLoc(FID, N.Offset), N.Line,
                     N.File.empty() ? -1 : SM.getLineTableFilenameID(N.File),
                     /*IsFileEntry=*/false, /*IsFileExit=*/false,
                     SrcMgr::CharacteristicKind(N.Kind));
  return Opened[Key] = FID;
}

FullSourceLoc TextReplay::loc(const std::string &File, unsigned Offset) {
  if (File.empty())
    return FullSourceLoc();
  FileID FID = fileID(File);
  std::optional<MemoryBufferRef> B = SM.getBufferOrNone(FID);
  if (!B || Offset > B->getBufferSize())
    return FullSourceLoc();
  return FullSourceLoc(SM.getComposedLoc(FID, Offset), SM);
}

void TextReplay::step(const DiagnosticStep &S) {
  auto Level = DiagnosticsEngine::Level(S.Level);
  switch (S.K) {
  case DiagnosticStep::Plain:
    BufferOS << S.At.Shown << ": "
             << (Level == DiagnosticsEngine::Note ? "note: " : "remark: ")
             << S.Message << "\n";
    return;
  case DiagnosticStep::Diagnostic: {
    FullSourceLoc L = loc(S.At.File, S.At.Offset);
    if (L.isInvalid() && !S.At.File.empty())
      L = FullSourceLoc(SM.getLocForStartOfFile(fileID(S.At.File)), SM);
    emitDiagnosticMessage(L, presumed(S.At, L), Level, S.Message, {},
                          (const Diagnostic *)nullptr);
    return;
  }
  case DiagnosticStep::Include: {
    FullSourceLoc L = loc(S.At.File, S.At.Offset);
    if (L.isValid())
      emitIncludeLocation(L, presumed(S.At, L));
    return;
  }
  case DiagnosticStep::Snippet: {
    FullSourceLoc L = loc(S.At.File, S.At.Offset);
    if (L.isInvalid())
      return;
    auto Range = [&](const std::string &File, unsigned Offset, unsigned Length,
                     bool Token) {
      FullSourceLoc B = loc(File, Offset), E = loc(File, Offset + Length);
      if (B.isInvalid() || E.isInvalid())
        return CharSourceRange();
      return Token ? CharSourceRange::getTokenRange(B, E)
                   : CharSourceRange::getCharRange(B, E);
    };
    SmallVector<CharSourceRange, 4> Ranges;
    for (const FileSpan &F : S.Spans)
      if (CharSourceRange R = Range(F.File, F.Offset, F.Length, F.Token);
          R.isValid())
        Ranges.push_back(R);
    std::vector<FixItHint> Hints;
    for (const FixIt &F : S.Fixes)
      if (CharSourceRange R = Range(F.File, F.Offset, F.Length, false);
          R.isValid())
        Hints.push_back(FixItHint::CreateReplacement(R, F.Replacement));
    LastLoc = S.SameAsLast ? SourceLocation(L) : SourceLocation();
    LastLevel = DiagnosticsEngine::Level(S.LastLevel);
    emitCodeContext(L, Level, Ranges, Hints);
    return;
  }
  }
}

/// The end of a run over several files: what all of them add up to.
void printTotals(const LintResults &R, unsigned Repeats, raw_ostream &Err) {
  unsigned Kernels = 0, Warnings = 0, Possible = 0, Unknown = 0, Errors = 0,
           Failed = 0, Hidden = 0;
  for (const FileResult &F : R.Files) {
    Kernels += F.Kernels;
    Warnings += F.Warnings;
    Possible += F.Possible;
    Unknown += F.Unknown;
    Errors += F.CompileErrors;
    Failed += F.InputError && !F.Analyzed;
    for (const AccessReport &A : F.Accesses)
      Hidden += A.InBaseline;
  }
  auto N = [](unsigned V, const char *One, const char *Many) {
    return std::to_string(V) + " " + (V == 1 ? One : Many);
  };
  Err << "cuda-coalesce-lint: " << N(R.Files.size(), "file", "files");
  if (Errors || Failed) {
    Err << " (";
    if (Errors)
      Err << Errors << " with compile errors";
    if (Failed)
      Err << (Errors ? ", " : "") << Failed << " not analyzed";
    Err << ")";
  }
  Err << ", " << N(Kernels, "kernel", "kernels") << ": "
      << N(Warnings, "warning", "warnings");
  if (Possible)
    Err << ", " << Possible << " possible";
  Err << ", " << Unknown << " not analyzable";
  if (Hidden)
    Err << ", " << Hidden << " hidden by the baseline";
  if (Repeats)
    Err << "; " << N(Repeats, "finding", "findings")
        << " in headers not repeated for another file that includes them";
  Err << "\n";
}

/// "k.cu: 12 accesses in 2 kernels: 1 flagged, 0 not analyzable".
void printSummary(const FileResult &F, raw_ostream &OS) {
  unsigned N = F.Accesses.size();
  OS << F.File << ": " << N << " accesses in " << F.Kernels << " kernel"
     << (F.Kernels == 1 ? "" : "s") << ": " << F.Flagged << " flagged"
     << (F.Warnings < F.Flagged
             ? " (" + std::to_string(F.Warnings) + " warning" +
                   (F.Warnings == 1 ? "" : "s") + ")"
             : "")
     << ", " << F.Unknown << " not analyzable"
     << (F.Possible ? ", " + std::to_string(F.Possible) +
                          " possible (see --report=possible)"
                    : "")
     << (F.Unknown && F.Report != ReportMode::All ? " (see --report=all)" : "")
     << (F.CompileErrors
             ? "; the file has compile errors (" + std::to_string(F.Kernels) +
                   " kernel" + (F.Kernels == 1 ? "" : "s") + " analyzed anyway)"
             : "")
     << "\n";
}

} // namespace

std::string ccl::toolMessagesText(ArrayRef<ToolMessage> Messages) {
  std::string S;
  for (const ToolMessage &M : Messages)
    S += std::string("cuda-coalesce-lint: ") +
         (M.L == ToolMessage::Error     ? "error: "
          : M.L == ToolMessage::Warning ? "warning: "
                                        : "note: ") +
         M.Text + "\n";
  return S;
}

void ccl::printText(const LintResults &R, raw_ostream &Out, raw_ostream &Err) {
  std::set<std::string> Shown; // header findings already printed
  unsigned Repeats = 0;
  TextReplay Replay;
  for (const FileResult &F : R.Files) {
    Err << toolMessagesText(F.Messages);
    for (const DiagnosticText &D : F.ClangDiagnostics)
      Err << Replay.render(D, Err.has_colors(), F.Sources);
    Err << F.ClangOutput;
    if (F.ErrorsNotShown)
      Err << F.File << ": " << F.ErrorsNotShown << " more errors not shown\n";
    Err.flush();
    for (const DiagnosticText &D : F.Diagnostics) {
      if (!D.SharedKey.empty() && !Shown.insert(D.SharedKey).second) {
        ++Repeats;
        continue;
      }
      Out << Replay.render(D, Out.has_colors(), F.Sources);
    }
    Out.flush();
    if (F.Analyzed)
      printSummary(F, Err);
  }
  if (R.Files.size() > 1)
    printTotals(R, Repeats, Err);
  // Messages about compile commands, once per run with the files they
  // concern.
  std::vector<std::pair<std::string, std::vector<std::string>>> Notes;
  for (const FileResult &F : R.Files)
    for (const std::string &N : F.CommandNotes) {
      auto It =
          llvm::find_if(Notes, [&](const auto &P) { return P.first == N; });
      if (It == Notes.end())
        Notes.push_back({N, {F.File}});
      else
        It->second.push_back(F.File);
    }
  for (const auto &[Note, Files] : Notes) {
    Err << "cuda-coalesce-lint: warning: " << Note << " (";
    if (Files.size() == 1)
      Err << "'" << Files.front() << "'";
    else
      Err << Files.size() << " files, first '" << Files.front() << "'";
    Err << ")\n";
  }
}
