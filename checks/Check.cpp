//===- Check.cpp - Shared parts of the checks -----------------------------===//
#include "checks/Check.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Lex/Lexer.h"
#include <cstdio>
#include <set>

using namespace clang;
using namespace ccl;

int64_t Check::option(llvm::StringRef Key) const {
  auto It = Options.find(Key.str());
  assert(It != Options.end() && "option not declared in the CheckInfo");
  return It->second;
}

std::string ccl::oneLine(llvm::StringRef Text) {
  std::string Out;
  bool Space = false;
  for (char C : Text) {
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

std::string ccl::describeAccess(const AccessRecord &R, const ASTContext &Ctx) {
  std::string Text;
  const Expr *E = R.Site->IgnoreParenImpCasts();
  const SourceManager &SM = Ctx.getSourceManager();
  auto TextOf = [&](const Expr *X) {
    CharSourceRange CR = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(X->getSourceRange()), SM,
        Ctx.getLangOpts());
    // Written in a macro's body: the text as the macro spells it (`As` of
    // `#define AS(i, j) As[i][j]`).
    SourceLocation B = SM.getSpellingLoc(X->getBeginLoc()),
                   End = SM.getSpellingLoc(X->getEndLoc());
    if (CR.isInvalid() && B.isValid() && SM.getFileID(B) == SM.getFileID(End) &&
        !SM.isBeforeInTranslationUnit(End, B))
      CR = CharSourceRange::getTokenRange(B, End);
    return CR.isValid()
               ? oneLine(Lexer::getSourceText(CR, SM, Ctx.getLangOpts()))
               : std::string("<expr>");
  };
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    // tile[...][...] for nested subscripts.
    std::string Suffix = "[...]";
    const Expr *B = AS->getBase()->IgnoreParenImpCasts();
    while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(B)) {
      Suffix += "[...]";
      B = Inner->getBase()->IgnoreParenImpCasts();
    }
    Text = TextOf(B) + Suffix;
  } else {
    Text = TextOf(E);
  }
  if (Text.size() > 40)
    Text = Text.substr(0, 37) + "...";
  return std::string(spaceName(R.Space)) + " " + accessOpName(R.Op) + " '" +
         Text + "'";
}

std::string ccl::describeLanes(const AccessRecord &R) {
  const AccessCost &C = R.Worst;
  LaneBits L = C.Lanes;
  if (!L)
    return "no lane is active";
  unsigned N = llvm::popcount(L);
  const char *One = R.Op == AccessOp::Load    ? "reads"
                    : R.Op == AccessOp::Store ? "writes"
                                              : "updates";
  const char *Many = R.Op == AccessOp::Load    ? "read"
                     : R.Op == AccessOp::Store ? "write"
                                               : "update";
  unsigned First = llvm::countr_zero(L);
  if (N == 1)
    return "only lane " + std::to_string(First) + " is active";
  std::string Active =
      L == kAllLanes ? "" : " (" + std::to_string(N) + " of 32 lanes active)";
  std::string Stride =
      !C.Pattern.empty()
          ? C.Pattern
          : LaneInt::perLane(C.WorstOffsets).describeLaneStride(L);
  if (Stride == "0")
    return std::string(N == 32 ? "all lanes " : "the active lanes ") + Many +
           " the same address" + Active;
  if (!Stride.empty())
    return std::string(L == kAllLanes ? "lane k " : "active lane k ") + One +
           " byte " + Stride + Active;
  // Not linear in k: list the first lanes' offsets relative to the first.
  std::string Lanes, Offs;
  unsigned Shown = 0;
  for (unsigned K = First; K < kWarpSize && Shown < 4; ++K) {
    if (!(L >> K & 1))
      continue;
    Lanes += (Shown ? "," : "") + std::to_string(K);
    Offs += (Shown ? ", " : "") +
            std::to_string(C.WorstOffsets[K] - C.WorstOffsets[First]);
    ++Shown;
  }
  bool More = N > 4;
  return "lanes " + Lanes + (More ? ",..." : "") + " " + Many + " bytes " +
         Offs + (More ? ", ..." : "") + Active;
}

std::string Check::launchReason(const AccessRecord &R) {
  const AccessCost &C = R.AtLaunch->Worst;
  unsigned N = C.Shared ? C.S.Wavefronts : C.G.Sectors;
  unsigned I = C.Shared ? C.S.IdealWavefronts : C.G.IdealSectors;
  std::string Unit = C.Shared ? " wavefront" : " sector";
  return "possible: " + R.AtLaunchWhy + ": " + std::to_string(N) + Unit +
         (N == 1 ? "" : "s") + " for an ideal " + std::to_string(I) + " there";
}

std::string ccl::describeTogether(const AccessRecord &R) {
  const AccessRecord::Footprint &T = R.Together;
  std::vector<std::string> With;
  if (!T.Partners.empty()) {
    std::string L =
        T.Partners.size() == 1 ? "the access at " : "the accesses at ";
    bool First = true;
    for (auto [Line, Col] : T.Partners) {
      L += (First ? "" : ", ") + std::to_string(Line) + ":" +
           std::to_string(Col);
      First = false;
    }
    With.push_back(L);
  }
  if (T.OwnPieces)
    With.push_back("its other pieces");
  if (T.OwnIterations)
    With.push_back("its nearby iterations");
  std::string W;
  for (size_t I = 0; I < With.size(); ++I)
    W += (I == 0 ? "" : I + 1 == With.size() ? " and " : ", ") + With[I];
  return "together with " + W + ", " + std::to_string(T.Span) +
         " bytes per lane, the warp moves " + std::to_string(T.G.Sectors) +
         (T.G.Sectors == 1 ? " sector" : " sectors") + " for an ideal " +
         std::to_string(T.G.IdealSectors);
}

DependenceParts ccl::splitDependence(const AccessRecord &R) {
  DependenceParts P;
  for (const std::string &D : R.DependsOn.Unknowns)
    P.Names += (P.Names.empty() ? "" : ", ") + D;
  for (const std::string &D : R.DependsOn.Conditions)
    P.Conditions += (P.Conditions.empty() ? "" : "; ") + D;
  return P;
}

std::string ccl::describeDependence(const AccessRecord &R) {
  if (R.Exact)
    return "";
  // Named unknowns the worst case is taken over, conditions it rests on.
  DependenceParts P = splitDependence(R);
  std::string S = "; worst case";
  if (!P.Names.empty())
    S += " over " + P.Names;
  if (!P.Conditions.empty())
    S += (P.Names.empty() ? ": " : "; ") + P.Conditions;
  if (!R.HoldsFor.empty())
    S += " (reached for " + R.HoldsFor + ")";
  return S;
}

namespace {
/// Local variables whose values flow into an access expression.
class VarCollector : public RecursiveASTVisitor<VarCollector> {
public:
  std::vector<const VarDecl *> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (V->isLocalVarDecl() && !V->hasAttr<CUDASharedAttr>() &&
          V->getInit() && !llvm::is_contained(Vars, V))
        Vars.push_back(V);
    return true;
  }
};
} // namespace

std::string ccl::describeCompiled(const AccessRecord &R) {
  if (R.Compiled != AccessRecord::CompiledState::Instructions ||
      R.Instructions.empty())
    return "";
  bool AsWritten = R.Instructions.size() == 1 && R.SourceBytes == R.Bytes &&
                   StringRef(R.Instructions.front()).ends_with(" +0");
  if (AsWritten)
    return "";
  std::string S = "compiled (" + R.CompiledBy + ") to ";
  bool Fused = false;
  unsigned Shown = 0;
  for (size_t K = 0; K < R.Instructions.size(); ++K) {
    StringRef I = R.Instructions[K];
    auto [Op, Off] = I.rsplit(" +");
    // A negative offset: the instruction starts before the access (it is
    // fused with the accesses before it: the trips of an unrolled loop).
    if (Off.starts_with("-"))
      Fused = true;
    else
      S += (Shown++ ? ", " : "") + Op.str() +
           (Off == "?" ? std::string(" (its place in the access not fixed)")
                       : " at byte " + Off.str());
  }
  if (Fused)
    S += std::string(Shown ? ", and " : "") + "instructions that begin before "
         "it (fused with the accesses next to it)";
  return S + " of the " + std::to_string(R.SourceBytes) +
         "-byte access; each instruction is its own request";
}

void ccl::addStandardNotes(const AccessRecord &R, const CheckContext &C,
                           Finding &F) {
  const SourceManager &SM = C.Ctx.getSourceManager();
  // Where the index came from.
  VarCollector VC;
  VC.TraverseStmt(const_cast<Expr *>(R.Site));
  unsigned Shown = 0;
  for (const VarDecl *V : VC.Vars) {
    if (Shown++ == 2)
      break;
    CharSourceRange CR = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(V->getInit()->getSourceRange()), SM,
        C.Ctx.getLangOpts());
    std::string Init =
        CR.isValid()
            ? oneLine(Lexer::getSourceText(CR, SM, C.Ctx.getLangOpts()))
            : "...";
    if (Init.size() > 60)
      Init = Init.substr(0, 57) + "...";
    // A variable changed after its declaration (assigned, incremented, an
    // out-parameter, a loop counter) does not hold its initializer at the
    // access: no note rather than a misleading one.
    bool Changed = true;
    if (const auto *FD =
            dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()))
      if (const Stmt *Body = FD->getBody()) {
        // The analyzer's matchers ask for parents: with the traversal scope
        // on this function, Clang builds the parent map of its body only,
        // not of the whole translation unit (20-25% more peak memory on a
        // file that includes the CUDA headers).
        std::vector<Decl *> Scope(C.Ctx.getTraversalScope().begin(),
                                  C.Ctx.getTraversalScope().end());
        C.Ctx.setTraversalScope({const_cast<FunctionDecl *>(FD)});
        Changed = ExprMutationAnalyzer(*Body, C.Ctx).isMutated(V);
        C.Ctx.setTraversalScope(Scope);
      }
    if (Changed) {
      --Shown;
      continue;
    }
    F.Notes.push_back({V->getLocation(),
                       "'" + V->getNameAsString() + "' is " + Init + " here"});
  }
  // The worst instance.
  F.Notes.push_back(
      {R.Site->getBeginLoc(),
       "worst request: " + R.WorstContext + "; " +
           std::to_string(R.Worst.ActiveLanes) +
           (R.Worst.ActiveLanes == 1 ? " active lane, " : " active lanes, ") +
           std::to_string(R.Bytes) + (R.Bytes == 1 ? " byte" : " bytes") +
           " per lane"});
  // What the compiler made of it, where that is not the access as written.
  if (std::string Text = describeCompiled(R); !Text.empty())
    F.Notes.push_back({R.Site->getBeginLoc(), Text});
  // Alignment of the object.
  if (!R.AlignReason.empty()) {
    SourceLocation L =
        R.ObjectDecl ? R.ObjectDecl->getLocation() : R.Site->getBeginLoc();
    F.Notes.push_back({L, "'" + R.Object + "' is " + R.AlignReason});
  }
  // Block shape.
  SourceLocation BL =
      C.Shape.Loc.isValid() ? C.Shape.Loc : C.Kernel->getLocation();
  F.Notes.push_back({BL, "assuming kernel '" + C.KernelName +
                             "' runs with a block of " + C.Shape.describe(SM)});
}
