//===- FileReport.cpp - A parsed file's analysis as a FileResult ----------===//
#include "lint/FileReport.h"
#include "lint/Paths.h"
#include "lint/Suppressions.h"
#include "lint/Verification.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace clang;
using namespace llvm;
using namespace ccl;

std::string ccl::fingerprint(StringRef Check, StringRef RelFile,
                             StringRef Kernel, StringRef AccessText,
                             StringRef Op) {
  std::string Key = (Check + "\x1f" + RelFile + "\x1f" + Kernel + "\x1f" +
                     AccessText + "\x1f" + Op)
                        .str();
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx",
           (unsigned long long)llvm::xxh3_64bits(Key));
  return Buf;
}

namespace {
/// The access expression's source text, whitespace collapsed.
std::string accessText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  std::string Out;
  if (R.isInvalid())
    return Out;
  bool Space = false;
  for (char C : Lexer::getSourceText(R, SM, Ctx.getLangOpts())) {
    if (isspace((unsigned char)C)) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

SourcePos position(const SourceManager &SM, SourceLocation L) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return {};
  return {P.getFilename(), P.getLine(), P.getColumn()};
}

/// Just past the last token of \p E (its expansion in a macro).
SourcePos endPosition(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (R.isInvalid())
    return position(
        SM, Lexer::getLocForEndOfToken(SM.getExpansionLoc(E->getEndLoc()), 0,
                                       SM, Ctx.getLangOpts()));
  return position(SM, R.getEnd());
}

/// "global load 'in[...]': 32 sectors (ideal 4, 12.5%), lane k reads ...".
std::string summary(const AccessRecord &R, const ASTContext &Ctx) {
  std::string S = describeAccess(R, Ctx);
  if (!R.Known)
    return S + " not analyzed: " + R.Reason;
  char Buf[64];
  if (R.Space == MemObject::Shared)
    std::snprintf(Buf, sizeof(Buf), ": %u wavefront%s (ideal %u, %u-way)",
                  R.Worst.S.Wavefronts, R.Worst.S.Wavefronts == 1 ? "" : "s",
                  R.Worst.S.IdealWavefronts, R.Worst.S.ConflictWays);
  else
    std::snprintf(Buf, sizeof(Buf), ": %u sector%s (ideal %u, %.1f%%)",
                  R.Worst.G.Sectors, R.Worst.G.Sectors == 1 ? "" : "s",
                  R.Worst.G.IdealSectors, R.Worst.efficiency() * 100);
  return S + Buf + ", " + describeLanes(R) +
         (R.Exact ? ", exact" : describeDependence(R));
}

class FileReporter {
public:
  FileReporter(ASTContext &Ctx, const LintOptions &Opts,
               const CheckList &Checks, const ParseState &Parse,
               FileResult &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts), Checks(Checks),
        Parse(Parse), Out(Out), TextOS(Out.Text),
        Text(TextOS, Ctx.getLangOpts(), diagOptions(Opts)) {}

  void run(TUAnalysis &TU);

private:
  static DiagnosticOptions &diagOptions(const LintOptions &Opts) {
    static DiagnosticOptions Colors, Plain;
    Colors.ShowColors = true;
    return Opts.textOutput() && outs().has_colors() ? Colors : Plain;
  }
  void emit(SourceLocation L, DiagnosticsEngine::Level Lvl, StringRef Msg,
            ArrayRef<FixItHint> Fixes = {});
  void fileNote(const std::string &Msg) {
    emit({}, DiagnosticsEngine::Note, Msg);
    Out.Notes.push_back(Msg);
  }
  void remark(SourceLocation L, const std::string &Msg) {
    emit(L, DiagnosticsEngine::Remark, Msg);
    Out.Notes.push_back(Msg);
    Out.Remarks.push_back({position(SM, L), Msg});
  }
  void missingHeadersNote();
  void verify(TUAnalysis &TU);
  void reportRecord(const AccessRecord &R, const KernelRun &Run,
                    const TUAnalysis &TU);
  AccessReport accessReport(const AccessRecord &R, const KernelRun &Run);
  bool suppressed(const AccessRecord &R, const Check &C) const;
  void addFinding(const Finding &F, const AccessRecord &R,
                  const std::string &RelFile, const std::string &Text,
                  const std::string &Print, const std::string &Kernel);
  void renderFinding(const Finding &F);
  void finish(const TUAnalysis &TU);

  ASTContext &Ctx;
  const SourceManager &SM;
  const LintOptions &Opts;
  const CheckList &Checks;
  const ParseState &Parse;
  FileResult &Out;
  raw_string_ostream TextOS;
  TextDiagnostic Text;
  std::optional<Verification> Verify;
};

void FileReporter::emit(SourceLocation L, DiagnosticsEngine::Level Lvl,
                        StringRef Msg, ArrayRef<FixItHint> Fixes) {
  if (!Opts.textOutput())
    return;
  if (L.isValid())
    Text.emitDiagnostic(FullSourceLoc(L, SM), Lvl, Msg, {}, Fixes);
  else
    TextOS << Out.File << ": "
           << (Lvl == DiagnosticsEngine::Note ? "note: " : "remark: ") << Msg
           << "\n";
}

void FileReporter::missingHeadersNote() {
  const std::vector<std::string> &H = Parse.MissingHeaders;
  if (H.empty())
    return;
  std::string Msg = "skipped " + std::to_string(H.size()) + " missing header" +
                    (H.size() == 1 ? "" : "s") + ": ";
  for (size_t I = 0; I < H.size(); ++I)
    Msg += (I ? ", " : "") + H[I];
  Msg += "; kernels that still parse are analyzed";
  if (Out.CompileErrors)
    Msg += " (the " + std::to_string(Parse.Errors) +
           (Parse.Errors == 1 ? " error" : " errors") + " that followed " +
           (Parse.Errors == 1 ? "is" : "are") +
           " not shown; pass -I for the headers to see them)";
  fileNote(Msg);
}

void FileReporter::verify(TUAnalysis &TU) {
  if (Opts.Verify == VerifyMode::None || TU.Runs.empty())
    return;
  Verify.emplace(Opts, Out.File, Parse.HostFlags);
  if (Error E = Verify->run(Ctx, TU.Runs))
    fileNote(std::string(Opts.Verify == VerifyMode::Gpu ? "--verify=gpu: "
                                                        : "--verify=cpu: ") +
             toString(std::move(E)));
}

void FileReporter::run(TUAnalysis &TU) {
  missingHeadersNote();
  for (const TURemark &R : TU.Remarks)
    remark(R.Loc, R.Message);
  verify(TU);
  for (const KernelRun &Run : TU.Runs) {
    if (Opts.Verify != VerifyMode::None && !Run.NotRunnable.empty())
      remark(Run.Kernel->getLocation(),
             "kernel '" + Run.Name + "' is not runnable on " +
                 (Opts.Verify == VerifyMode::Gpu ? "the gpu" : "cpu") + " (" +
                 Run.NotRunnable + "); its predictions are not verified");
    for (const AccessRecord &R : Run.Records)
      reportRecord(R, Run, TU);
  }
  finish(TU);
}

bool FileReporter::suppressed(const AccessRecord &R, const Check &C) const {
  SourceLocation L = R.Site->getBeginLoc();
  if (isSuppressed(SM, L, C.name()))
    return true;
  if (SM.isInMainFile(SM.getExpansionLoc(L)))
    return false;
  // A header outside the filter.
  PresumedLoc HL = SM.getPresumedLoc(SM.getExpansionLoc(L));
  return HL.isValid() && !Regex(Opts.HeaderFilter).match(HL.getFilename());
}

AccessReport FileReporter::accessReport(const AccessRecord &R,
                                        const KernelRun &Run) {
  AccessReport A;
  A.Pos = position(SM, R.Site->getBeginLoc());
  A.End = endPosition(R.Site, Ctx);
  A.Kernel = Run.Name;
  A.Space = R.Space;
  A.Op = R.Op;
  A.Bytes = R.Bytes;
  A.Block = Run.Shape.Dim;
  A.BlockSource = Run.Shape.describe(SM);
  A.Known = R.Known;
  A.Worst = R.Worst;
  A.Exact = R.Known && R.Exact;
  A.DependsOn.assign(R.DependsOn.begin(), R.DependsOn.end());
  A.Expr = describeAccess(R, Ctx);
  if (R.Known) {
    A.Lanes = describeLanes(R);
    A.WorstContext = R.WorstContext;
  } else {
    A.Reason = R.Reason;
  }
  A.HoldsFor = R.HoldsFor;
  return A;
}

void FileReporter::reportRecord(const AccessRecord &R, const KernelRun &Run,
                                const TUAnalysis &TU) {
  AccessReport A = accessReport(R, Run);
  CheckVerdicts V = classifyRecord(R, Checks);
  if (V.Owner)
    A.Check = V.Owner->name().str();
  std::string VerifyText;
  if (Verify || Opts.Verify != VerifyMode::None)
    VerifyText = Verify ? Verify->judge(R, Run, A) : "";
  if (Opts.Verify != VerifyMode::None && A.Verdict == Verdict::None)
    A.Verdict = Verdict::NotVerified;
  if (!R.Known)
    ++Out.Unknown;
  for (const Check *C : V.FlaggedBy) {
    if (suppressed(R, *C)) {
      A.Suppressed = true;
      continue;
    }
    std::string RelFile = relativeToRoot(A.Pos.File);
    std::string Text = accessText(R.Site, Ctx);
    std::string Print =
        fingerprint(C->name(), RelFile, Run.Name, Text, accessOpName(R.Op));
    Out.Baseline.push_back(
        {Print, C->name().str(), RelFile, Run.Name, Text, accessOpName(R.Op)});
    if (Opts.Baseline.count(Print)) {
      A.InBaseline = true;
      continue;
    }
    Finding F = reportFinding(*C, R, Run, TU, Ctx);
    if (A.Verdict != Verdict::None && !VerifyText.empty())
      F.Notes.push_back({R.Site->getBeginLoc(), VerifyText});
    if (!A.Flagged)
      A.Check = C->name().str();
    A.Flagged = true;
    ++Out.Flagged;
    renderFinding(F);
    addFinding(F, R, RelFile, Text, Print, Run.Name);
  }
  if (!A.Flagged &&
      (Opts.Report == ReportMode::All || A.Verdict == Verdict::Refuted))
    emit(R.Site->getBeginLoc(), DiagnosticsEngine::Remark,
         summary(R, Ctx) + (VerifyText.empty() ? "" : "; " + VerifyText));
  Out.Accesses.push_back(std::move(A));
}

void FileReporter::renderFinding(const Finding &F) {
  // Fix-its shown with a note are not repeated under the warning.
  std::vector<FixItHint> Inline;
  for (const FixItHint &H : F.Fixes) {
    bool OnNote = false;
    for (const Note &N : F.Notes)
      for (const FixItHint &NH : N.Fixes)
        OnNote |= NH.RemoveRange.getBegin() == H.RemoveRange.getBegin();
    if (!OnNote)
      Inline.push_back(H);
  }
  emit(F.Loc, DiagnosticsEngine::Warning, F.Message + " [" + F.Check + "]",
       Inline);
  for (const Note &N : F.Notes)
    emit(N.Loc, DiagnosticsEngine::Note, N.Message, N.Fixes);
}

void FileReporter::addFinding(const Finding &F, const AccessRecord &R,
                              const std::string &RelFile,
                              const std::string &Text, const std::string &Print,
                              const std::string &Kernel) {
  ReportedFinding D;
  D.Check = F.Check;
  D.Pos = position(SM, F.Loc);
  D.End = F.Loc == R.Site->getBeginLoc() ? endPosition(R.Site, Ctx) : D.Pos;
  D.Message = F.Message;
  for (const Note &N : F.Notes)
    D.Notes.push_back({position(SM, N.Loc), N.Message});
  D.FixDescription = F.FixTitle;
  for (const FixItHint &H : F.Fixes) {
    CharSourceRange CR = H.RemoveRange;
    SourceLocation B = SM.getExpansionLoc(CR.getBegin());
    SourceLocation E = SM.getExpansionLoc(CR.getEnd());
    if (CR.isTokenRange())
      E = Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
    D.Fixes.push_back({SM.getFilename(B).str(), SM.getFileOffset(B),
                       SM.getFileOffset(E) - SM.getFileOffset(B),
                       H.CodeToInsert});
  }
  if (D.FixDescription.empty() && !D.Fixes.empty())
    D.FixDescription = "Apply the fix-it of " + F.Check;
  D.Kernel = Kernel;
  D.Access = Text;
  D.RelativeFile = RelFile;
  D.Fingerprint = Print;
  D.Record = Out.Accesses.size(); // the record is appended after its findings
  Out.Findings.push_back(std::move(D));
}

void FileReporter::finish(const TUAnalysis &TU) {
  if (Verify && !Verify->ncuSkipped().empty())
    fileNote("ncu skipped: " + Verify->ncuSkipped() +
             "; the device trace results stand");
  if (Opts.Verify != VerifyMode::None) {
    fileNote(Verify ? Verify->summary()
                    : Verification(Opts, Out.File, {}).summary());
    Out.Refuted += Verify ? Verify->refuted() : 0;
  }
  if (TU.SkippedInstances)
    fileNote(std::to_string(TU.SkippedInstances) + " template instantiation" +
             (TU.SkippedInstances == 1 ? "" : "s") +
             " not analyzed: their arguments differ from --assume");
  if (TU.Found.Kernels.empty() && TU.Found.Templates.empty())
    fileNote("no CUDA kernels (__global__ functions) in this file");
  Out.Kernels = TU.Kernels;
  Out.Analyzed = true;
  if (!Opts.textOutput())
    return;
  raw_string_ostream OS(Out.Summary);
  unsigned N = Out.Accesses.size();
  OS << Out.File << ": " << N << " accesses in " << Out.Kernels << " kernel"
     << (Out.Kernels == 1 ? "" : "s") << ": " << Out.Flagged << " flagged, "
     << Out.Unknown << " not analyzable"
     << (Out.Unknown && Opts.Report != ReportMode::All ? " (see --report=all)"
                                                       : "")
     << (Out.CompileErrors
             ? "; the file has compile errors (" + std::to_string(Out.Kernels) +
                   " kernel" + (Out.Kernels == 1 ? "" : "s") +
                   " analyzed anyway)"
             : "")
     << "\n";
}
} // namespace

void ccl::reportTranslationUnit(ASTContext &Ctx, TUAnalysis &TU,
                                const LintOptions &Opts,
                                const CheckList &Checks,
                                const ParseState &Parse, FileResult &Out) {
  FileReporter(Ctx, Opts, Checks, Parse, Out).run(TU);
}
