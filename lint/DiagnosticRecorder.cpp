//===- DiagnosticRecorder.cpp - A diagnostic's text rendering, as data ----===//
#include "lint/DiagnosticRecorder.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/SourceManagerInternals.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;
using namespace ccl;

DiagnosticRecorder::DiagnosticRecorder(
    const SourceManager &SM, const LangOptions &LangOpts,
    std::map<std::string, SourceText> &Sources)
    : DiagnosticRenderer(LangOpts, Options), SM(SM), Sources(Sources) {}

void DiagnosticRecorder::record(SourceLocation L,
                                DiagnosticsEngine::Level Level,
                                StringRef Message,
                                ArrayRef<CharSourceRange> Ranges,
                                ArrayRef<FixItHint> Fixes,
                                DiagnosticText &Into) {
  Current = &Into;
  emitDiagnostic(FullSourceLoc(L, SM), Level, Message, Ranges, Fixes);
  Current = nullptr;
}

std::string DiagnosticRecorder::fileOf(FileID FID) const {
  std::optional<MemoryBufferRef> Buffer = SM.getBufferOrNone(FID);
  if (!Buffer)
    return "";
  // A file by its absolute name; a buffer without one by its own
  // ("<scratch space>", "<built-in>").
  std::string Name = Buffer->getBufferIdentifier().str();
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID)) {
    SmallString<256> Path(FE->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    Name = std::string(Path);
  }
  auto [It, New] = Sources.try_emplace(Name);
  if (!New)
    return Name;
  It->second.Text = Buffer->getBuffer().str();
  if (!SM.hasLineTable())
    return Name;
  LineTableInfo &Table = const_cast<SourceManager &>(SM).getLineTable();
  for (const auto &[Of, Entries] : Table)
    if (Of == FID)
      for (const LineEntry &E : Entries)
        It->second.Lines.push_back(
            {E.FileOffset, E.LineNo,
             E.FilenameID < 0 ? "" : Table.getFilename(E.FilenameID).str(),
             unsigned(E.FileKind)});
  return Name;
}

TextPlace DiagnosticRecorder::place(FullSourceLoc Loc, PresumedLoc PLoc) const {
  TextPlace P;
  if (Loc.isInvalid())
    return P;
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(Loc);
  P.File = fileOf(D.first);
  P.Offset = D.second;
  if (PLoc.isValid()) {
    P.Shown = PLoc.getFilename();
    P.Line = PLoc.getLine();
    P.Column = PLoc.getColumn();
  }
  return P;
}

FileSpan DiagnosticRecorder::span(CharSourceRange R, bool Characters) const {
  // A token range stays one (TextDiagnostic measures its last token, and
  // ends it with its line), unless \p Characters: then it ends after that
  // token.
  SourceLocation E = R.getEnd();
  bool Token = R.isTokenRange();
  if (Token && Characters) {
    E = E.getLocWithOffset(Lexer::MeasureTokenLength(E, SM, LangOpts));
    Token = false;
  }
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(R.getBegin());
  std::pair<FileID, unsigned> End = SM.getDecomposedLoc(E);
  FileSpan S;
  S.File = fileOf(B.first);
  S.Offset = B.second;
  S.Length = End.first == B.first && End.second >= B.second
                 ? End.second - B.second
                 : 0;
  S.Token = Token;
  return S;
}

void DiagnosticRecorder::emitDiagnosticMessage(
    FullSourceLoc Loc, PresumedLoc PLoc, DiagnosticsEngine::Level Level,
    StringRef Message, ArrayRef<CharSourceRange>, DiagOrStoredDiag) {
  DiagnosticStep S;
  S.K = DiagnosticStep::Diagnostic;
  S.Level = Level;
  S.At = place(Loc, PLoc);
  S.Message = Message.str();
  Current->Steps.push_back(std::move(S));
}

void DiagnosticRecorder::emitCodeContext(
    FullSourceLoc Loc, DiagnosticsEngine::Level Level,
    SmallVectorImpl<CharSourceRange> &Ranges, ArrayRef<FixItHint> Hints) {
  DiagnosticStep S;
  S.K = DiagnosticStep::Snippet;
  S.Level = Level;
  S.At = place(Loc, PresumedLoc());
  for (const CharSourceRange &R : Ranges)
    if (R.isValid())
      S.Spans.push_back(span(R, /*Characters=*/false));
  for (const FixItHint &H : Hints) {
    FileSpan Removed = span(H.RemoveRange, /*Characters=*/true);
    S.Fixes.push_back(
        {Removed.File, Removed.Offset, Removed.Length, H.CodeToInsert});
  }
  S.SameAsLast = Loc == LastLoc;
  S.LastLevel = LastLevel;
  Current->Steps.push_back(std::move(S));
}

void DiagnosticRecorder::emitIncludeLocation(FullSourceLoc Loc,
                                             PresumedLoc PLoc) {
  DiagnosticStep S;
  S.K = DiagnosticStep::Include;
  S.At = place(Loc, PLoc);
  Current->Steps.push_back(std::move(S));
}

void DiagnosticCollector::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                           const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (!Keep)
    return;
  SmallString<100> Message;
  Info.FormatDiagnostic(Message);
  // (The options name no warning flags: DiagnosticOptions::ShowOptionNames
  // is off.)
  std::string Text(Message);
  DiagnosticText &D = Into.emplace_back();
  if (Info.getLocation().isInvalid() || !LangOpts) {
    DiagnosticStep S;
    S.Level = Level;
    S.Message = std::move(Text);
    D.Steps.push_back(std::move(S));
    return;
  }
  const SourceManager &SM = Info.getSourceManager();
  if (!Recorder || &Recorder->sourceManager() != &SM)
    Recorder = std::make_unique<DiagnosticRecorder>(SM, *LangOpts, Sources);
  Recorder->record(Info.getLocation(), Level, Text, Info.getRanges(),
                   Info.getFixItHints(), D);
}
