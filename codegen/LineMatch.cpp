//===- LineMatch.cpp - nvcc's instructions to source accesses, by line ----===//
#include "codegen/LineMatch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace clang;
using namespace llvm;

namespace {
/// Finds the expressions that may be memory accesses and what they do.
/// Parents are visited before their children: an operand is classified
/// by its parent (the base of `.x` or of an array's `[]` is part of the
/// access around it; the left side of `=` is written, not read; the
/// operand of `&` is not accessed).
class AccessCounter : public RecursiveASTVisitor<AccessCounter> {
public:
  using Sink = std::function<void(SourceLocation, ccl::AccessOp)>;
  explicit AccessCounter(Sink Add) : Add(std::move(Add)) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitUnaryOperator(UnaryOperator *U) {
    const Expr *Sub = U->getSubExpr()->IgnoreParenImpCasts();
    if (U->getOpcode() == UO_AddrOf)
      Inner.insert(Sub);
    else if (U->isIncrementDecrementOp())
      Written.insert({Sub, true});
    if (U->getOpcode() == UO_Deref)
      access(U);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      Written.insert({B->getLHS()->IgnoreParenImpCasts(),
                      B->isCompoundAssignmentOp()});
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal || C->isAssignmentOp())
      Written.insert({C->getArg(0)->IgnoreParenImpCasts(),
                      C->getOperator() != OO_Equal});
    if (C->getOperator() == OO_Subscript || C->getOperator() == OO_Star ||
        C->getOperator() == OO_Arrow)
      access(C);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
    const Expr *Base = A->getBase()->IgnoreParenImpCasts();
    // `a[i][j]` of an array: one access; `pp[i][j]` of a pointer to
    // pointers: two.
    if (Base->getType()->isArrayType() || Base->isTypeDependent())
      Inner.insert(Base);
    access(A);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (isa<CXXMethodDecl>(M->getMemberDecl())) // the callee of a call
      return true;
    if (!M->isArrow())
      Inner.insert(M->getBase()->IgnoreParenImpCasts());
    access(M);
    return true;
  }
  bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *M) {
    if (!M->isImplicitAccess() && !M->isArrow())
      Inner.insert(M->getBase()->IgnoreParenImpCasts());
    access(M);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V && builtin(V))
      return true;
    if (V && (V->getType()->isReferenceType() || V->hasAttr<CUDASharedAttr>() ||
              V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>()))
      access(D);
    return true;
  }
  /// nvcc sinks the stores that end every arm of an if/else or a switch
  /// into one store, which its line information puts on one arm's line:
  /// such stores are marked (MergeProne), to be told apart from nothing.
  bool VisitIfStmt(IfStmt *If) {
    if (!If->getElse())
      return true;
    const Expr *T = lastAssignment(If->getThen());
    const Expr *E = lastAssignment(If->getElse());
    if (T && E && sameTarget(T, E)) {
      MergeProne(T->getBeginLoc());
      MergeProne(E->getBeginLoc());
    }
    // (the locations are those of the assignments' left sides: an
    // assignment begins where its left side does)
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!Body)
      return true;
    std::vector<const Expr *> Ends;
    const Stmt *Prev = nullptr;
    for (const Stmt *C : Body->body()) {
      if (isa<BreakStmt>(C) && Prev)
        if (const Expr *A = lastAssignment(Prev))
          Ends.push_back(A);
      Prev = C;
    }
    if (Ends.size() >= 2 &&
        llvm::all_of(Ends, [&](const Expr *A) { return sameTarget(A, Ends[0]); }))
      for (const Expr *A : Ends)
        MergeProne(A->getBeginLoc());
    return true;
  }
  std::function<void(SourceLocation)> MergeProne;

  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      if (const IdentifierInfo *II = F->getIdentifier())
        if (II->getName().contains("atomic") || II->getName().contains("Atomic"))
          Add(C->getBeginLoc(), ccl::AccessOp::Atomic);
    return true;
  }

private:
  /// The assignment \p S ends with (through blocks and case labels).
  static const Expr *lastAssignment(const Stmt *S) {
    while (S) {
      if (const auto *C = dyn_cast<CompoundStmt>(S))
        S = C->body_empty() ? nullptr : C->body_back();
      else if (const auto *SC = dyn_cast<SwitchCase>(S))
        S = SC->getSubStmt();
      else
        break;
    }
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (!E)
      return nullptr;
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return B->isAssignmentOp() ? B : nullptr;
    if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E))
      return O->isAssignmentOp() ? O : nullptr;
    return nullptr;
  }
  /// The variable an assignment's left side is reached from (`o` of
  /// `o[4 * i] = ...`, `p` of `p->x += ...`); null when none is.
  static const ValueDecl *target(const Expr *A) {
    const Expr *E = nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(A))
      E = B->getLHS();
    else if (const auto *O = dyn_cast<CXXOperatorCallExpr>(A))
      E = O->getArg(0);
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *D = dyn_cast<DeclRefExpr>(E))
        return D->getDecl();
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
        E = S->getBase();
      else if (const auto *M = dyn_cast<MemberExpr>(E))
        E = M->getBase();
      else if (const auto *U = dyn_cast<UnaryOperator>(E))
        E = U->getSubExpr();
      else
        return nullptr;
    }
    return nullptr;
  }
  /// Whether two assignments write through the same variable, with values
  /// of one type: the compiler can merge them into one instruction.
  static bool sameTarget(const Expr *A, const Expr *B) {
    const ValueDecl *TA = target(A), *TB = target(B);
    return TA && TA == TB &&
           A->getType().getCanonicalType() == B->getType().getCanonicalType();
  }
  /// A local variable's own storage (`v.x` of a local struct, `r[k]` of a
  /// local array): registers or local memory, not a request.
  static bool local(const Expr *E) {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<MemberExpr>(E)) {
        if (M->isArrow())
          return false;
        E = M->getBase();
      } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
        if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
          return false;
        E = A->getBase();
      } else {
        break;
      }
    }
    const auto *D = dyn_cast<DeclRefExpr>(E);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && ((V->hasLocalStorage() && !V->getType()->isReferenceType() &&
                  !V->hasAttr<CUDASharedAttr>()) ||
                 builtin(V));
  }
  /// threadIdx, blockIdx, ...: special registers.
  static bool builtin(const VarDecl *V) {
    const auto *RD = V->getType()->getAsCXXRecordDecl();
    return RD && RD->getIdentifier() &&
           RD->getName().starts_with("__cuda_builtin_");
  }
  void access(const Expr *E) {
    if (Inner.count(E) || local(E))
      return;
    auto W = Written.find({E, false});
    auto C = Written.find({E, true});
    bool Store = W != Written.end() || C != Written.end();
    bool Load = W == Written.end() || C != Written.end();
    if (Store)
      Add(E->getBeginLoc(), ccl::AccessOp::Store);
    if (Load)
      Add(E->getBeginLoc(), ccl::AccessOp::Load);
  }
  Sink Add;
  std::set<const Expr *> Inner;
  /// (expression, also read): the left side of `=` (written only) and of
  /// compound assignments and increments (read and written).
  std::set<std::pair<const Expr *, bool>> Written;
};
} // namespace

ccl::LineMatcher::LineMatcher(ASTContext &Ctx, SiteMatcher &Paths)
    : Ctx(Ctx), Paths(Paths) {}
ccl::LineMatcher::~LineMatcher() = default;

std::optional<std::tuple<std::string, unsigned, unsigned>>
ccl::LineMatcher::where(SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (!P.isValid())
    return std::nullopt;
  return std::make_tuple(Paths.real(P.getFilename()), P.getLine(),
                         P.getColumn());
}

void ccl::LineMatcher::count() {
  if (Counted)
    return;
  Counted = true;
  AccessCounter V([&](SourceLocation L, AccessOp Op) {
    if (auto W = where(L))
      ++Counts[{std::get<0>(*W), std::get<1>(*W)}][unsigned(Op)];
  });
  V.MergeProne = [&](SourceLocation L) {
    if (auto W = where(L))
      MergeProne.insert(*W);
  };
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

unsigned ccl::LineMatcher::accessesOn(const std::string &File, unsigned Line,
                                      AccessOp Op) {
  count();
  auto It = Counts.find({File, Line});
  return It == Counts.end() ? 0 : It->second[unsigned(Op)];
}

std::vector<unsigned>
ccl::LineMatcher::match(const Expr *Site, AccessOp Op,
                        ArrayRef<const InstrPlace *> Places, std::string *Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *E = Site->IgnoreParens();
  auto W = where(E->getBeginLoc());
  if (!W)
    return {};
  const std::string &File = std::get<0>(*W);
  unsigned First = std::get<1>(*W);
  unsigned Last = std::max(
      First, SM.getPresumedLoc(SM.getExpansionLoc(E->getEndLoc())).getLine());
  unsigned Others = 0;
  for (unsigned L = First; L <= Last; ++L)
    Others += accessesOn(File, L, Op);
  std::vector<unsigned> Out;
  for (unsigned S = 0; S < Places.size(); ++S) {
    const InstrPlace &P = *Places[S];
    if (P.Op != Op || P.Locs.empty())
      continue;
    const ptx::SrcLoc &Own = P.Locs.front();
    if (Own.File == File && Own.Line >= First && Own.Line <= Last)
      Out.push_back(S);
  }
  if (Others > 1 && !Out.empty()) {
    if (Why)
      *Why = "nvcc's line information cannot tell apart the " +
             std::to_string(Others) + " " + accessOpName(Op) + "s on line" +
             (Last > First ? "s " + std::to_string(First) + "-" +
                                 std::to_string(Last)
                           : " " + std::to_string(First));
    return {};
  }
  if (Out.empty() && Why)
    *Why = "no compiled " + std::string(accessOpName(Op)) +
           " on this line (merged with another, optimized away or moved)";
  return Out;
}

bool ccl::LineMatcher::mergeProne(const Expr *Site) {
  count();
  auto W = where(Site->IgnoreParenImpCasts()->getBeginLoc());
  return W && MergeProne.count(*W);
}
