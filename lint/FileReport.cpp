//===- FileReport.cpp - A parsed file's analysis as a FileResult ----------===//
#include "lint/FileReport.h"
#include "analyzer/SystemCode.h"
#include "codegen/CompiledKernel.h"
#include "lint/DiagnosticRecorder.h"
#include "lint/Paths.h"
#include "lint/SourcePositions.h"
#include "lint/Suppressions.h"
#include "lint/Verification.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <set>

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

/// The function an access is written in (not the kernel it runs for: a
/// device helper's access is one site whatever calls it): the innermost
/// function definition, outside system headers, whose body contains it.
/// (Clang's parent map would answer too, but builds a map of the whole
/// translation unit, CUDA headers included.)
class FunctionRanges : public RecursiveASTVisitor<FunctionRanges> {
public:
  explicit FunctionRanges(ASTContext &Ctx) : SM(Ctx.getSourceManager()) {
    TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  bool TraverseDecl(clang::Decl *D) {
    if (ccl::isSystemDecl(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody())
      return true;
    SourceLocation B = SM.getExpansionLoc(FD->getBeginLoc());
    SourceLocation E = SM.getExpansionLoc(FD->getEndLoc());
    if (B.isValid() && !SM.isInSystemHeader(B))
      Ranges.push_back({B, E, FD->getNameAsString()});
    return true;
  }
  std::string enclosing(SourceLocation L) const {
    L = SM.getExpansionLoc(L);
    const Range *Best = nullptr;
    for (const Range &R : Ranges)
      if (SM.getFileID(R.B) == SM.getFileID(L) &&
          !SM.isBeforeInTranslationUnit(L, R.B) &&
          !SM.isBeforeInTranslationUnit(R.E, L) &&
          (!Best || SM.isBeforeInTranslationUnit(Best->B, R.B)))
        Best = &R;
    return Best ? Best->Name : "";
  }

private:
  struct Range {
    SourceLocation B, E;
    std::string Name;
  };
  const SourceManager &SM;
  std::vector<Range> Ranges;
};

class FileReporter {
public:
  FileReporter(ASTContext &Ctx, const LintOptions &Opts,
               const CheckList &Checks, const ParseState &Parse,
               FileResult &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts), Checks(Checks),
        Parse(Parse), Out(Out), Recorder(SM, Ctx.getLangOpts(), Out.Sources) {}

  void run(TUAnalysis &TU);

private:
  /// Records one diagnostic for the text output (a note about the file
  /// itself where \p L is invalid) into \p Into, or into a new
  /// DiagnosticText of its own.
  void emit(SourceLocation L, DiagnosticsEngine::Level Lvl, StringRef Msg,
            ArrayRef<FixItHint> Fixes = {}, DiagnosticText *Into = nullptr);
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
  void hostErrorsNote();
  void verify(TUAnalysis &TU);
  /// A flagged record that is neither suppressed nor in the baseline.
  struct Candidate {
    size_t Access; ///< index in Out.Accesses
    const AccessRecord *R;
    const KernelRun *Run;
    const Check *C;
    std::string RelFile, Text, Print;
    bool Certain;
  };
  /// The site records of a group of candidates (one site and check).
  static std::vector<SiteRecord>
  siteRecords(const std::vector<const Candidate *> &Group) {
    std::vector<SiteRecord> Site;
    for (const Candidate *C : Group)
      Site.push_back({C->R, C->Run, C->Certain});
    return Site;
  }
  void classify(const AccessRecord &R, const KernelRun &Run);
  void reportSites(const TUAnalysis &TU);
  void reportSite(const std::vector<const Candidate *> &Group,
                  const TUAnalysis &TU);
  std::string siteId(const AccessRecord &R) const;
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
  DiagnosticRecorder Recorder;
  std::optional<Verification> Verify;
  std::vector<Candidate> Candidates;
  /// Shown sites of one layout (reportSites): per representative site
  /// (index in reportSites' order), the other sites it speaks for.
  std::vector<std::vector<const std::vector<const Candidate *> *>> SameLayout;
  std::map<const std::vector<const Candidate *> *, size_t> LayoutOf;
  /// Per access: the verification sentence, and the remark shown when it is
  /// not flagged ("" for none).
  std::vector<std::string> VerifyTexts, RemarkTexts;
  std::vector<const AccessRecord *> Records;
  /// Remarks about a kernel run, shown before its first record.
  struct RunRemark {
    size_t Before;
    SourceLocation Loc;
    std::string Message;
  };
  std::vector<RunRemark> RunRemarks;
  std::unique_ptr<FunctionRanges> Functions; ///< built on first use
  std::string functionOf(const Expr *E) {
    if (!Functions)
      Functions = std::make_unique<FunctionRanges>(Ctx);
    return Functions->enclosing(E->getBeginLoc());
  }
};

void FileReporter::emit(SourceLocation L, DiagnosticsEngine::Level Lvl,
                        StringRef Msg, ArrayRef<FixItHint> Fixes,
                        DiagnosticText *Into) {
  if (!Opts.textOutput())
    return;
  if (!Into)
    Into = &Out.Diagnostics.emplace_back();
  if (L.isValid()) {
    Recorder.record(L, Lvl, Msg, {}, Fixes, *Into);
    return;
  }
  DiagnosticStep S;
  S.K = DiagnosticStep::Plain;
  S.Level = Lvl;
  S.At.Shown = Out.File;
  S.Message = Msg.str();
  Into->Steps.push_back(std::move(S));
}

void FileReporter::hostErrorsNote() {
  if (Parse.InstantiationErrors)
    fileNote("the kernel template instantiation made from --assume does not "
             "compile (the errors above): check the values (types as clang "
             "prints them, enumerators qualified as in the kernel's "
             "namespace, true or false, integers)");
  if (!Parse.HostErrors)
    return;
  std::string Fns;
  for (size_t I = 0; I < Parse.HostErrorFunctions.size(); ++I)
    Fns += (I ? ", '" : "'") + Parse.HostErrorFunctions[I] + "'";
  fileNote(std::to_string(Parse.HostErrors) + " error" +
           (Parse.HostErrors == 1 ? "" : "s") + " in host code (" + Fns +
           ") shown as warnings: the device analysis does not use host "
           "code, and nvcc's host compiler may accept it");
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
  if (Error E = Verify->run(Ctx, TU.Runs,
                           TU.Device ? TU.Device->compiler() : nullptr))
    fileNote(Verify->flag() + ": " + toString(std::move(E)));
}

void FileReporter::run(TUAnalysis &TU) {
  missingHeadersNote();
  hostErrorsNote();
  for (const TURemark &R : TU.Remarks)
    remark(R.Loc, R.Message);
  verify(TU);
  for (const KernelRun &Run : TU.Runs) {
    if (std::string M = Verify ? Verify->kernelRemark(Run) : "";
        !M.empty() && (RunRemarks.empty() || RunRemarks.back().Message != M))
      RunRemarks.push_back({Out.Accesses.size(), Run.Kernel->getLocation(), M});
    for (const AccessRecord &R : Run.Records)
      classify(R, Run);
  }
  reportSites(TU);
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
  A.DependsOn = R.DependsOn;
  A.Expr = describeAccess(R, Ctx);
  A.Object = R.Object;
  if (R.Known) {
    A.Lanes = describeLanes(R);
    A.WorstContext = R.WorstContext;
  } else {
    A.Reason = R.Reason;
  }
  A.HoldsFor = R.HoldsFor;
  if (R.Together.Covered)
    A.Together = R.Together;
  A.Compiled = R.Compiled;
  A.Instructions = R.Instructions;
  A.SourceBytes = R.SourceBytes;
  A.CompiledBy = R.CompiledBy;
  return A;
}

std::string FileReporter::siteId(const AccessRecord &R) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(R.Site->getBeginLoc()));
  if (P.isInvalid())
    return "";
  return relativeToRoot(P.getFilename()) + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn()) + ":" + spaceName(R.Space) + ":" +
         accessOpName(R.Op);
}

/// Pass 1, per record: the report, the verification, what the checks say,
/// suppressions and the baseline.
void FileReporter::classify(const AccessRecord &R, const KernelRun &Run) {
  AccessReport A = accessReport(R, Run);
  A.Site = siteId(R);
  CheckVerdicts V = classifyRecord(R, Checks);
  if (V.Owner)
    A.Check = V.Owner->name().str();
  std::string VerifyText = Verify ? Verify->judge(R, Run, A) : "";
  if (Opts.Verify != VerifyMode::None && A.Verdict == Verdict::None)
    A.Verdict = Verdict::NotVerified;
  if (!R.Known)
    ++Out.Unknown;
  size_t Index = Out.Accesses.size();
  for (const Check *C : V.FlaggedBy) {
    if (suppressed(R, *C)) {
      A.Suppressed = true;
      continue;
    }
    std::string RelFile = relativeToRoot(A.Pos.File);
    std::string Text = accessText(R.Site, Ctx);
    std::string Print = fingerprint(C->name(), RelFile, functionOf(R.Site),
                                    Text, accessOpName(R.Op));
    if (Opts.Baseline.count(Print)) {
      A.InBaseline = true;
      Out.Baseline.push_back({Print, C->name().str(), RelFile, Run.Name, Text,
                              accessOpName(R.Op)});
      continue;
    }
    bool Certain = C->isCertain(R);
    if (A.Certainty != FindingCertainty::Certain)
      A.Certainty =
          Certain ? FindingCertainty::Certain : FindingCertainty::Possible;
    Candidates.push_back({Index, &R, &Run, C, RelFile, Text, Print, Certain});
  }
  RemarkTexts.push_back(
      Opts.Report == ReportMode::All || A.Verdict == Verdict::Refuted
          ? summary(R, Ctx) + (VerifyText.empty() ? "" : "; " + VerifyText)
          : "");
  VerifyTexts.push_back(A.Verdict != Verdict::None ? VerifyText : "");
  A.VerifyText = VerifyTexts.back();
  Records.push_back(&R);
  Out.Accesses.push_back(std::move(A));
}

/// Pass 2: one warning per source site and check, for its worst record, in
/// the order of the records; remarks for the records not flagged.
void FileReporter::reportSites(const TUAnalysis &TU) {
  std::map<std::pair<const Check *, std::string>,
           std::vector<const Candidate *>>
      Groups;
  std::vector<std::vector<const Candidate *>> Opens(Out.Accesses.size());
  for (const Candidate &C : Candidates) {
    auto &G = Groups[{C.C, Out.Accesses[C.Access].Site}];
    G.push_back(&C);
    Out.Accesses[C.Access].Flagged = true;
  }
  // Sites in the order of their first record; the shown ones and their
  // layouts (one warning per layout unless --every-site) by the policy.
  std::vector<std::vector<const Candidate *> *> All;
  for (auto &KV : Groups)
    All.push_back(&KV.second);
  llvm::stable_sort(All, [](const auto *A, const auto *B) {
    return A->front()->Access < B->front()->Access;
  });
  std::vector<const Check *> SiteChecks;
  std::vector<std::vector<SiteRecord>> SiteRecs;
  for (const auto *G : All) {
    SiteChecks.push_back(G->front()->C);
    SiteRecs.push_back(siteRecords(*G));
  }
  WarningPlan Plan =
      planWarnings(SiteChecks, SiteRecs, Opts.Report != ReportMode::Flagged,
                   Opts.GroupLayouts);
  Out.Possible += Plan.HiddenPossible; // shown with --report=possible
  std::vector<bool> IsShown(All.size(), false);
  std::vector<std::vector<const Candidate *> *> Shown;
  for (size_t I : Plan.Shown) {
    IsShown[I] = true;
    Shown.push_back(All[I]);
  }
  for (size_t I = 0; I < All.size(); ++I)
    if (!IsShown[I])
      for (const Candidate *C : *All[I])
        Out.Accesses[C->Access].Flagged = false;
  const std::vector<size_t> &Leader = Plan.Leader;
  SameLayout.assign(Shown.size(), {});
  std::vector<bool> IsMember(Shown.size(), false);
  for (size_t I = 0; I < Shown.size(); ++I)
    if (Leader[I] != I) {
      SameLayout[Leader[I]].push_back(Shown[I]);
      IsMember[I] = true;
    }
  for (size_t I = 0; I < Shown.size(); ++I)
    if (!IsMember[I])
      Opens[Shown[I]->front()->Access].push_back(Shown[I]->front());
  for (size_t I = 0; I < Shown.size(); ++I)
    LayoutOf[Shown[I]] = I;
  auto Remark = RunRemarks.begin();
  for (size_t I = 0; I <= Out.Accesses.size(); ++I) {
    for (; Remark != RunRemarks.end() && Remark->Before == I; ++Remark)
      remark(Remark->Loc, Remark->Message);
    if (I == Out.Accesses.size())
      break;
    // Groups opened here, in the order of the checks' candidates.
    llvm::sort(Opens[I],
               [](const Candidate *A, const Candidate *B) { return A < B; });
    for (const Candidate *C : Opens[I])
      reportSite(Groups[{C->C, Out.Accesses[I].Site}], TU);
    if (!Out.Accesses[I].Flagged && !RemarkTexts[I].empty())
      emit(Records[I]->Site->getBeginLoc(), DiagnosticsEngine::Remark,
           RemarkTexts[I]);
  }
}

void FileReporter::reportSite(const std::vector<const Candidate *> &Group,
                              const TUAnalysis &TU) {
  std::vector<SiteRecord> Site = siteRecords(Group);
  size_t Worst = worstOfSite(Site);
  const Candidate *W = Group[Worst];
  bool Certain =
      llvm::any_of(Group, [](const Candidate *C) { return C->Certain; });
  Finding F = reportSiteFinding(*W->C, Site, Worst, TU, Ctx);
  if (!VerifyTexts[W->Access].empty())
    F.Notes.insert(F.Notes.end() - (Group.size() > 1 ? 1 : 0),
                   {W->R->Site->getBeginLoc(), VerifyTexts[W->Access]});
  // The other sites of the same layout: flagged, not repeated.
  std::vector<std::string> SameAt;
  auto L = LayoutOf.find(&Group);
  if (L != LayoutOf.end() && !SameLayout[L->second].empty()) {
    std::vector<SiteRecord> Others;
    for (const std::vector<const Candidate *> *M : SameLayout[L->second]) {
      std::vector<SiteRecord> MS = siteRecords(*M);
      size_t MI = worstOfSite(MS);
      const Candidate *MW = (*M)[MI];
      Others.push_back(MS[MI]);
      for (const Candidate *C : *M)
        Out.Accesses[C->Access].Check = W->C->name().str();
      Out.Baseline.push_back({MW->Print, MW->C->name().str(), MW->RelFile,
                              MW->Run->Name, MW->Text,
                              accessOpName(MW->R->Op)});
      ++Out.Flagged;
      SameAt.push_back(Out.Accesses[MW->Access].Site);
    }
    addLayoutNote(F, Site[Worst], Others, Ctx);
  }
  for (const Candidate *C : Group)
    Out.Accesses[C->Access].Check = W->C->name().str();
  Out.Baseline.push_back({W->Print, W->C->name().str(), W->RelFile,
                          W->Run->Name, W->Text, accessOpName(W->R->Op)});
  ++Out.Flagged;
  ++Out.Warnings;
  renderFinding(F);
  addFinding(F, *W->R, W->RelFile, W->Text, W->Print, W->Run->Name);
  Out.Findings.back().Record = W->Access;
  Out.Findings.back().Instances = Group.size();
  Out.Findings.back().Possible = !Certain;
  Out.Findings.back().SameLayoutSites = std::move(SameAt);
}

void FileReporter::renderFinding(const Finding &F) {
  if (!Opts.textOutput())
    return;
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
  DiagnosticText &D = Out.Diagnostics.emplace_back();
  emit(F.Loc, DiagnosticsEngine::Warning, F.Message + " [" + F.Check + "]",
       Inline, &D);
  for (const Note &N : F.Notes)
    emit(N.Loc, DiagnosticsEngine::Note, N.Message, N.Fixes, &D);
  // A finding in a header: other files of the run that include it print the
  // same one; it is shown once (as run-clang-tidy does).
  SourceLocation L = SM.getExpansionLoc(F.Loc);
  if (L.isValid() && !SM.isInMainFile(L)) {
    PresumedLoc P = SM.getPresumedLoc(L);
    std::string Key = F.Check + "@" + (P.isValid() ? P.getFilename() : "") +
                      ":" + std::to_string(P.isValid() ? P.getLine() : 0) +
                      ":" + std::to_string(P.isValid() ? P.getColumn() : 0) +
                      "|" + F.Message;
    D.SharedKey = std::move(Key);
  }
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
  Out.Findings.push_back(std::move(D));
}

void FileReporter::finish(const TUAnalysis &TU) {
  if (Verify && !Verify->ncuSkipped().empty())
    fileNote("ncu skipped: " + Verify->ncuSkipped() +
             "; the device trace results stand");
  if (Opts.Verify != VerifyMode::None) {
    Out.Verification = Verification::result(Opts, Out.Accesses, TU.Runs,
                                            Verify ? &*Verify : nullptr);
    fileNote(Verify ? Verify->summary()
                    : Verification(Opts, Out.File, {}).summary());
    if (std::string T = Verification::resultText(Opts, Out.Verification);
        !T.empty())
      fileNote(T);
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
  Out.Report = Opts.Report;
}
} // namespace

void ccl::reportTranslationUnit(ASTContext &Ctx, TUAnalysis &TU,
                                const LintOptions &Opts,
                                const CheckList &Checks,
                                const ParseState &Parse, FileResult &Out) {
  FileReporter(Ctx, Opts, Checks, Parse, Out).run(TU);
}
