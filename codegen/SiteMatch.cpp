//===- SiteMatch.cpp - Which compiled instructions a source access became -===//
#include "codegen/SiteMatch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/SourceManagerInternals.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;
using namespace llvm;
using ccl::ptx::SrcLoc;

std::string ccl::realPath(StringRef P) {
  SmallString<256> Out;
  if (sys::fs::real_path(P, Out))
    return P.str();
  return std::string(Out);
}

const std::string &ccl::SiteMatcher::real(const std::string &P) {
  auto It = RealPaths.find(P);
  if (It != RealPaths.end())
    return It->second;
  // A relative name (`#line 7 "gen.cu"`) is the compilation directory's, as
  // the debug information's file table makes it.
  SmallString<256> Abs(P);
  Ctx.getSourceManager().getFileManager().makeAbsolutePath(Abs);
  return RealPaths[P] = realPath(Abs);
}

void ccl::SiteMatcher::regions(
    FileID FID,
    function_ref<void(unsigned, unsigned, int64_t, const std::string &)> Each) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string File;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID))
    File = real(FE->getName().str());
  const std::vector<LineEntry> *Entries = nullptr;
  if (SM.hasLineTable())
    for (const auto &[Of, E] : const_cast<SourceManager &>(SM).getLineTable())
      if (Of == FID && !E.empty())
        Entries = &E;
  if (!Entries) {
    Each(1, ~0u, 0, File);
    return;
  }
  // Its own lines before the first directive; after the directive at line
  // M, line M + 1 numbered E.LineNo and named E's file (the region before's
  // when it names none).
  LineTableInfo &Table = const_cast<SourceManager &>(SM).getLineTable();
  unsigned M = SM.getLineNumber(FID, Entries->front().FileOffset);
  Each(1, M, 0, File);
  for (size_t I = 0; I < Entries->size(); ++I) {
    const LineEntry &E = (*Entries)[I];
    M = SM.getLineNumber(FID, E.FileOffset);
    unsigned Next = I + 1 < Entries->size()
                        ? SM.getLineNumber(FID, (*Entries)[I + 1].FileOffset)
                        : ~0u;
    if (E.FilenameID >= 0)
      File = real(Table.getFilename(E.FilenameID).str());
    Each(M + 1, Next, int64_t(E.LineNo) - M - 1, File);
  }
}

std::pair<FileID, unsigned> ccl::SiteMatcher::numbered(const SrcLoc &SL) {
  auto Key = std::make_pair(SL.File, SL.Line);
  auto It = Numbered.find(Key);
  if (It != Numbered.end())
    return It->second;
  const SourceManager &SM = Ctx.getSourceManager();
  // The regions of every file entered (an unguarded .inc included twice is
  // entered twice; a guarded header once), by the name they give.
  if (!RegionsKnown) {
    RegionsKnown = true;
    for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
      const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
      if (!E.isFile())
        continue;
      FileID FID =
          SM.getFileID(SourceLocation::getFromRawEncoding(E.getOffset()));
      regions(FID, [&](unsigned First, unsigned Last, int64_t Base,
                       const std::string &File) {
        AllRegions[File].push_back({FID, First, Last, Base});
      });
    }
  }
  unsigned Count = 0;
  std::pair<FileID, unsigned> One;
  auto R = AllRegions.find(SL.File);
  if (R != AllRegions.end())
    for (const Region &G : R->second) {
      int64_t P = int64_t(SL.Line) - G.Base;
      if (P >= G.First && P <= G.Last) {
        One = {G.FID, unsigned(P)};
        ++Count;
      }
    }
  return Numbered[Key] = Count == 1 ? One : std::pair<FileID, unsigned>();
}

unsigned ccl::SiteMatcher::physicalLine(FileID FID, const SrcLoc &SL) {
  std::pair<FileID, unsigned> Line = numbered(SL);
  return Line.first == FID ? Line.second : 0;
}

size_t ccl::SiteMatcher::offsetIn(FileID FID, const SrcLoc &SL) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Line = physicalLine(FID, SL);
  SourceLocation Loc =
      Line ? SM.translateLineCol(FID, Line, SL.Col) : SourceLocation();
  return Loc.isValid() ? SM.getFileOffset(Loc) : std::string::npos;
}

bool ccl::SiteMatcher::placeKnown(SourceLocation B, const PresumedLoc &PB) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID FID = SM.getFileID(B);
  return physicalLine(FID, {real(PB.getFilename()), PB.getLine(), 0}) ==
         SM.getLineNumber(FID, SM.getFileOffset(B));
}

namespace {
/// A position that belongs to the record [BOff, EOff) of \p Buf: inside its
/// expression, the operator right after it (stores: '=' and compound
/// assignments; white space and line breaks between), or a '++'/'--' right
/// before it.
bool belongs(StringRef Buf, size_t Off, size_t BOff, size_t EOff) {
  if (Off == std::string::npos || Off >= Buf.size())
    return false;
  if (Off >= BOff && Off < EOff)
    return true;
  if (Off >= EOff) // white space or the closing parentheses of `(*p) =`
    return Off - EOff < 64 &&
           Buf.slice(EOff, Off).find_first_not_of(" \t\r\n)") ==
               StringRef::npos &&
           StringRef("=+-*/%&|^<>").contains(Buf[Off]);
  StringRef Gap = Buf.slice(Off, BOff).trim();
  return !Gap.empty() && Gap.find_first_not_of("+-") == StringRef::npos;
}

/// Whether \p P lies within the macro expansion \p Inv (a range in the file).
bool inExpansion(const SourceManager &SM, const Stmt *P, SourceLocation Inv) {
  SourceLocation B = P->getBeginLoc(), E = P->getEndLoc();
  return B.isMacroID() && E.isMacroID() &&
         SM.getExpansionRange(B).getBegin() == Inv &&
         SM.getExpansionRange(E).getBegin() == Inv;
}

/// The memory an expression designates as an access (not an array that
/// decays into an enclosing subscript).
bool isAccessLike(const Expr *X) {
  if (X->getType()->isArrayType())
    return false;
  if (isa<ArraySubscriptExpr>(X))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(X))
    return U->getOpcode() == UO_Deref;
  if (const auto *M = dyn_cast<MemberExpr>(X))
    return M->isArrow();
  return false;
}

/// The accesses (isAccessLike) within \p Top, itself included.
std::vector<const Expr *> accessesIn(const Stmt *Top) {
  std::vector<const Expr *> Out;
  std::vector<const Stmt *> Work{Top};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *X = dyn_cast<Expr>(S); X && isAccessLike(X))
      Out.push_back(X);
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return Out;
}

/// \p Site is the one access of the largest expression around it that its
/// macro expansion holds. Where an expansion holds several (`p[i] * 0 +
/// p[j]`, `LOAD(ptrs[t], i)`), the compiler may have removed one of them and
/// the instruction at a spelling they share is another's.
bool aloneInExpansion(ASTContext &Ctx, const Expr *Site) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Inv = SM.getExpansionRange(Site->getExprLoc()).getBegin();
  const Stmt *Top = Site;
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    auto Parents = Ctx.getParents(*Top);
    if (Parents.size() != 1)
      break;
    const auto *P = Parents[0].get<Expr>();
    if (!P || !inExpansion(SM, P, Inv))
      break;
    Top = P;
  }
  return accessesIn(Top).size() == 1;
}

/// The offset of the '=' right before \p BOff (npos when there is none).
size_t assignBefore(StringRef Buf, size_t BOff) {
  size_t Off = BOff;
  while (Off > 0 && isspace((unsigned char)Buf[Off - 1]))
    --Off;
  if (Off > 1 && Buf[Off - 1] == '=' &&
      !StringRef("=!<>").contains(Buf[Off - 2]))
    return Off - 1;
  return std::string::npos;
}

/// A site written through a function-like macro (`LOAD(in, i)` for
/// `p[(i) * 32]`, `AT(r, c) = v` for `tile[r][c]`): its range in the file is
/// the macro's name, but clang locates the instruction where the
/// expression's own location is in the file (the spelling of a macro
/// argument: `in`), or a store at the assignment right after the macro's
/// arguments. The one instruction of the site's kind and width located
/// there (by its own location, not a call it was inlined at) is the site's,
/// when the site is alone in its expansion. Two there (two accesses of one
/// argument in one expansion), or one of another width (the two fused into
/// one vector access), are not told apart: the site is not located, as an
/// access merged into another's instruction is not.
std::vector<unsigned>
matchThroughMacro(ASTContext &Ctx, const Expr *E, ccl::AccessOp Op,
                  ArrayRef<const ccl::InstrPlace *> Places,
                  const std::string &File, FileID FID, StringRef Buf,
                  function_ref<size_t(const SrcLoc &)> OffsetOf) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!E->getExprLoc().isMacroID() || E->getType()->isIncompleteType() ||
      E->getType()->isDependentType())
    return {};
  uint64_t SiteBytes = Ctx.getTypeSizeInChars(E->getType()).getQuantity();
  if (!SiteBytes || !aloneInExpansion(Ctx, E))
    return {};
  SourceLocation At = SM.getFileLoc(E->getExprLoc());
  size_t AtOff = At.isValid() && SM.getFileID(At) == FID ? SM.getFileOffset(At)
                                                         : std::string::npos;
  SourceLocation InvEnd = Lexer::getLocForEndOfToken(
      SM.getExpansionRange(E->getEndLoc()).getEnd(), 0, SM, Ctx.getLangOpts());
  size_t InvEOff = InvEnd.isValid() && SM.getFileID(InvEnd) == FID
                       ? SM.getFileOffset(InvEnd)
                       : std::string::npos;
  std::vector<unsigned> There;
  for (unsigned S = 0; S < Places.size(); ++S) {
    if (Places[S]->Op != Op || Places[S]->Bytes != SiteBytes ||
        Places[S]->Locs.empty() || Places[S]->Locs[0].File != File)
      continue;
    size_t Off = OffsetOf(Places[S]->Locs[0]);
    if ((AtOff != std::string::npos && Off == AtOff) ||
        (InvEOff != std::string::npos && Off != std::string::npos &&
         Off >= InvEOff && belongs(Buf, Off, InvEOff, InvEOff)))
      There.push_back(S);
  }
  if (There.size() != 1)
    There.clear();
  return There;
}
} // namespace

namespace {
/// The `?:` of which \p Site is an arm (through parentheses and the
/// read of the value), and its other arm; {null, null} when none.
std::pair<const ConditionalOperator *, const Expr *>
conditionalOf(ASTContext &Ctx, const Expr *Site) {
  const Stmt *Cur = Site;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      break;
    const auto *P = Parents[0].get<Expr>();
    if (!P)
      break;
    if (const auto *CO = dyn_cast<ConditionalOperator>(P)) {
      if (CO->getTrueExpr() == Cur)
        return {CO, CO->getFalseExpr()};
      if (CO->getFalseExpr() == Cur)
        return {CO, CO->getTrueExpr()};
      break;
    }
    const auto *Cast = dyn_cast<ImplicitCastExpr>(P);
    if (!isa<ParenExpr>(P) &&
        !(Cast && (Cast->getCastKind() == CK_LValueToRValue ||
                   Cast->getCastKind() == CK_NoOp)))
      break;
    Cur = P;
  }
  return {nullptr, nullptr};
}

/// The memory \p Arm of a `?:` designates, when it is an access (through
/// parentheses and the read of its value).
const Expr *armAccess(const Expr *Arm) {
  const Expr *X = Arm->IgnoreParens();
  while (const auto *Cast = dyn_cast<ImplicitCastExpr>(X)) {
    if (Cast->getCastKind() != CK_LValueToRValue &&
        Cast->getCastKind() != CK_NoOp)
      return nullptr;
    X = Cast->getSubExpr()->IgnoreParens();
  }
  return isAccessLike(X) ? X : nullptr;
}

/// Whether \p CO's two arms are accesses of one type.
bool armsBothAccess(ASTContext &Ctx, const ConditionalOperator *CO) {
  const Expr *T = armAccess(CO->getTrueExpr()),
             *F = armAccess(CO->getFalseExpr());
  return T && F && !T->getType()->isDependentType() &&
         Ctx.hasSameUnqualifiedType(T->getType(), F->getType());
}

} // namespace

bool ccl::SiteMatcher::mergedConditionalArm(
    const Expr *Site, AccessOp Op, ArrayRef<const InstrPlace *> Places) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (Op != AccessOp::Load || Site->getType()->isIncompleteType() ||
      Site->getType()->isDependentType())
    return false;
  auto [CO, OtherArm] = conditionalOf(Ctx, Site->IgnoreParens());
  if (!CO || !armsBothAccess(Ctx, CO))
    return false;
  SourceLocation B = CO->getBeginLoc(), E = CO->getEndLoc();
  if (!B.isFileID() || !E.isFileID() ||
      SM.getSpellingLineNumber(B) != SM.getSpellingLineNumber(E))
    return false;
  PresumedLoc PB = SM.getPresumedLoc(B);
  if (!PB.isValid() || !placeKnown(B, PB))
    return false;
  const Expr *Other = armAccess(OtherArm);
  if (!match(Other, Op, Places).empty())
    return false;
  std::string File = real(PB.getFilename());
  uint64_t Bytes = Ctx.getTypeSizeInChars(Site->getType()).getQuantity();
  // The condition's own loads (`m[t] ? p[t] : q[t]`) are not the merged
  // one, though they may sit at the `?:`'s first column.
  std::vector<unsigned> OfCondition;
  for (const Expr *X : accessesIn(CO->getCond()))
    for (unsigned K : match(X, Op, Places))
      OfCondition.push_back(K);
  // The `?:`'s columns on its line.
  SourceLocation EndTok =
      Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
  unsigned First = PB.getColumn(),
           Last = EndTok.isValid() ? SM.getPresumedColumnNumber(EndTok) : 0;
  auto OnLine = [&](const SrcLoc &L) {
    return L.File == File && L.Line == PB.getLine();
  };
  auto InConditional = [&](const SrcLoc &L) {
    return OnLine(L) && L.Col >= First && L.Col < Last;
  };
  // The condition's columns (but its first, which is the `?:`'s, where the
  // compiler puts what it computes for the branch): an address computed
  // there is a load of the condition's (a `?:` nested in it).
  const Expr *Cond = CO->getCond();
  SourceLocation CondEnd =
      Lexer::getLocForEndOfToken(Cond->getEndLoc(), 0, SM, Ctx.getLangOpts());
  unsigned CondLast =
      CondEnd.isValid() ? SM.getPresumedColumnNumber(CondEnd) : Last;
  auto InCondition = [&](const SrcLoc &L) {
    return OnLine(L) && L.Col > First && L.Col < CondLast;
  };
  // A value read is located at the line alone; a struct copied from the
  // `?:` (an lvalue), at the `?:` itself.
  unsigned LoadCol = Site->getType()->isRecordType() ? First : 0;
  // The load: its address computed in the `?:` (its arms, or the select
  // made of them), not in its condition nor elsewhere on the line (another
  // `?:`'s, a one-line if/else's). Not inlined: the copy inlined at one
  // call may have the load, the copy at another none (its arms' values
  // loaded before), and the record does not say which copy it is.
  for (unsigned K = 0; K < Places.size(); ++K) {
    const InstrPlace *P = Places[K];
    if (P->Op == Op && P->Bytes == Bytes && P->Locs.size() == 1 &&
        OnLine(P->Locs[0]) && P->Locs[0].Col == LoadCol &&
        !llvm::is_contained(OfCondition, K) &&
        llvm::any_of(P->AddrDefs, InConditional) &&
        llvm::none_of(P->AddrDefs, [&](const SrcLoc &L) {
          return (OnLine(L) && !InConditional(L)) || InCondition(L);
        }))
      return true;
  }
  return false;
}

std::vector<unsigned>
ccl::SiteMatcher::match(const Expr *Site, AccessOp Op,
                        ArrayRef<const InstrPlace *> Places, std::string *Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *E = Site->IgnoreParens();
  SourceLocation B = SM.getExpansionLoc(E->getBeginLoc());
  SourceLocation End = Lexer::getLocForEndOfToken(
      SM.getExpansionLoc(E->getEndLoc()), 0, SM, Ctx.getLangOpts());
  PresumedLoc PB = SM.getPresumedLoc(B);
  if (!PB.isValid() || !placeKnown(B, PB))
    return {};
  std::string File = real(PB.getFilename());
  FileID FID = SM.getFileID(B);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return {};
  // Offsets in the file: the expression is [BOff, EOff) (it may span
  // lines); a site's line and column become an offset the same way.
  size_t BOff = SM.getFileOffset(B);
  size_t EOff = End.isValid() && SM.getFileID(End) == FID
                    ? SM.getFileOffset(End)
                    : Buf.find_first_of(";\n", BOff);
  // (Lines numbered as #line directives number them: the listing's are.)
  unsigned FirstLine = PB.getLine(),
           LastLine = SM.getPresumedLineNumber(
               SM.getComposedLoc(FID, std::min(EOff, Buf.size())));
  auto OffsetOf = [&](const SrcLoc &SL) { return offsetIn(FID, SL); };
  auto Belongs = [&](size_t Off) { return belongs(Buf, Off, BOff, EOff); };
  // The '=' right before the record: a memcpy's source side is located
  // there (loose sites), or anywhere before the record on its first line.
  size_t AssignOff = assignBefore(Buf, BOff);
  std::vector<unsigned> Out;
  bool OnLine = false;
  for (unsigned S = 0; S < Places.size(); ++S) {
    const InstrPlace &P = *Places[S];
    for (const SrcLoc &SL : P.Locs) {
      if (SL.File != File)
        continue;
      size_t Off = std::string::npos;
      bool Near = SL.Line >= FirstLine && SL.Line <= LastLine;
      bool AtAssign = false;
      if (P.Loose && AssignOff != std::string::npos) {
        Off = OffsetOf(SL);
        AtAssign = Off == AssignOff;
      }
      if (!Near && !AtAssign)
        continue;
      OnLine = true;
      if (P.Op != Op)
        continue;
      if (Off == std::string::npos)
        Off = OffsetOf(SL);
      if (AtAssign || Belongs(Off) ||
          (P.Loose && SL.Line == FirstLine && Off < BOff)) {
        Out.push_back(S);
        break;
      }
    }
  }
  // No instruction located at the expression: one whose address was
  // computed by it (the subscript inside an inlined `T &operator[]`, the
  // load or store in its caller): clang gives a subscript's address the
  // expression's first column, so an address computed by a subexpression
  // (`b[i]` in `a[b[i]]`) does not match.
  if (Out.empty())
    for (unsigned S = 0; S < Places.size(); ++S)
      if (Places[S]->Op == Op &&
          llvm::any_of(Places[S]->AddrLocs, [&](const SrcLoc &SL) {
            return SL.File == File && SL.Line >= FirstLine &&
                   SL.Line <= LastLine && OffsetOf(SL) == BOff;
          }))
        Out.push_back(S);
  if (Out.empty())
    Out = matchThroughMacro(Ctx, E, Op, Places, File, FID, Buf, OffsetOf);
  if (Out.empty() && Why)
    *Why = OnLine ? "no compiled " + std::string(accessOpName(Op)) +
                        " at this expression (merged with another, or "
                        "optimized away)"
                  : "no compiled memory instruction on this line (optimized "
                    "away or moved)";
  return Out;
}
