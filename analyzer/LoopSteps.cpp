//===- LoopSteps.cpp - What a loop trip may change, from the syntax -------===//
#include "analyzer/LoopSteps.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include <functional>
#include <optional>

using namespace clang;
using namespace ccl;

namespace {
/// \p D is a variable with automatic storage declared in \p Fn (a parameter
/// or a local of its body).
bool isLocalOf(const VarDecl *D, const FunctionDecl *Fn) {
  if (!D || !Fn || !D->hasLocalStorage())
    return false;
  const auto *Owner =
      dyn_cast_or_null<FunctionDecl>(D->getParentFunctionOrMethod());
  return Owner && Owner->getCanonicalDecl() == Fn->getCanonicalDecl();
}

/// The local a plain read `v` (an lvalue-to-rvalue conversion of a
/// reference to it) reads, or null.
const VarDecl *readOf(const Stmt *S) {
  const auto *ICE = dyn_cast<ImplicitCastExpr>(S);
  if (!ICE || ICE->getCastKind() != CK_LValueToRValue)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The variable \p E refers to directly (`v`, `(v)`), or null.
const VarDecl *varOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// Constructs after which nothing is known: code the walks below do not
/// see through (a lambda's captures, a jump into or out of the loop).
bool isOpaque(const Stmt *S) {
  return isa<LambdaExpr>(S) || isa<BlockExpr>(S) || isa<GotoStmt>(S) ||
         isa<IndirectGotoStmt>(S) || isa<CoroutineBodyStmt>(S) ||
         isa<StmtExpr>(S);
}

/// Walks \p S: every use of a variable that is not a plain read goes to
/// \p Use (with whether it is an assignment, increment or decrement of it).
/// False when \p S holds an opaque construct.
template <typename Fn> bool forEachNonRead(const Stmt *S, Fn &&Use) {
  if (!S)
    return true;
  if (isOpaque(S))
    return false;
  if (readOf(S))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Use(VD, DRE, false);
    return true;
  }
  // `v = e`, `v op= e`: the left side is written, not escaped.
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp())
      if (const VarDecl *V = varOf(BO->getLHS())) {
        Use(V, BO->getLHS()->IgnoreParens(), true);
        return forEachNonRead(BO->getRHS(), Use);
      }
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *V = varOf(UO->getSubExpr())) {
        Use(V, UO->getSubExpr()->IgnoreParens(), true);
        return true;
      }
  for (const Stmt *C : S->children())
    if (!forEachNonRead(C, Use))
      return false;
  return true;
}

/// The local \p S steps (`v += e`, `v -= e`, `++v`, `v++`, `--v`, `v--`),
/// with the step's amount in \p Amount (null for ++ and --), or null.
const VarDecl *steppedVar(const Stmt *S, const Expr *&Amount) {
  Amount = nullptr;
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->isIncrementDecrementOp() ? varOf(UO->getSubExpr()) : nullptr;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E))
    if (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) {
      Amount = CA->getRHS();
      return varOf(CA->getLHS());
    }
  return nullptr;
}

/// \p E computes its value from literals, constants, the CUDA built-in
/// variables and plain reads of locals of \p Fn the loop does not change,
/// with operators that have no side effects.
bool isPureAmount(const Expr *E, const LoopSteps &L) {
  if (!E)
    return false;
  if (const VarDecl *V = readOf(E)) {
    // A reference may stand for a variable the loop changes.
    if (V->getType()->isReferenceType())
      return false;
    if (L.unchanged(V))
      return true;
    // A constant of namespace or class scope.
    return !V->hasLocalStorage() && V->getType().isConstQualified();
  }
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass: // sizeof, alignof: not evaluated
    return true;
  case Stmt::DeclRefExprClass: {
    const ValueDecl *D = cast<DeclRefExpr>(E)->getDecl();
    return isa<EnumConstantDecl>(D) || isa<NonTypeTemplateParmDecl>(D);
  }
  case Stmt::PseudoObjectExprClass: {
    // blockDim.x: a property of a CUDA built-in variable (a constant object
    // of namespace scope).
    const auto *Ref = dyn_cast<MSPropertyRefExpr>(
        cast<PseudoObjectExpr>(E)->getSyntacticForm()->IgnoreParens());
    if (!Ref)
      return false;
    const Expr *Base = Ref->getBaseExpr()->IgnoreParenImpCasts();
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
      Base = OVE->getSourceExpr() ? OVE->getSourceExpr()->IgnoreParenImpCasts()
                                  : Base;
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return V && !V->hasLocalStorage() && V->getType().isConstQualified();
  }
  case Stmt::BinaryOperatorClass: {
    const auto *BO = cast<BinaryOperator>(E);
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           isPureAmount(BO->getLHS(), L) && isPureAmount(BO->getRHS(), L);
  }
  case Stmt::UnaryOperatorClass: {
    const auto *UO = cast<UnaryOperator>(E);
    switch (UO->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
      return isPureAmount(UO->getSubExpr(), L);
    default:
      return false;
    }
  }
  case Stmt::ParenExprClass:
  case Stmt::ConstantExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
    for (const Stmt *C : E->children())
      if (!isPureAmount(cast<Expr>(C), L))
        return false;
    return true;
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass: {
    const auto *CE = cast<CastExpr>(E);
    switch (CE->getCastKind()) {
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral:
      return isPureAmount(CE->getSubExpr(), L);
    default:
      return false;
    }
  }
  default:
    return false;
  }
}

/// Exits of the loop in \p S: a `return` anywhere, a `break` or `continue`
/// not inside a nested loop (or, for break, switch).
void findExits(const Stmt *S, bool InLoop, bool InSwitch, bool &Leaves,
               bool &Continues) {
  if (!S)
    return;
  if (isa<ReturnStmt>(S) || isa<CoreturnStmt>(S)) {
    Leaves = true;
    return;
  }
  if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
    Leaves = true;
  if (isa<ContinueStmt>(S) && !InLoop)
    Continues = true;
  bool Loop = InLoop || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
              isa<DoStmt>(S) || isa<CXXForRangeStmt>(S);
  bool Switch = InSwitch || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    findExits(C, Loop, Switch, Leaves, Continues);
}

bool contains(const Stmt *In, const Stmt *S) {
  if (!In)
    return false;
  if (In == S)
    return true;
  for (const Stmt *C : In->children())
    if (contains(C, S))
      return true;
  return false;
}
/// The escaped locals of \p Fn (LoopSteps.h); nullopt when Fn has a
/// construct the walk does not see through.
std::optional<llvm::DenseSet<const VarDecl *>>
escapedLocals(const FunctionDecl *Fn) {
  llvm::DenseSet<const VarDecl *> Out;
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body)
    return std::nullopt;
  bool Ok =
      forEachNonRead(Body, [&](const VarDecl *V, const Expr *, bool Written) {
        if (!Written && isLocalOf(V, Fn))
          Out.insert(V);
      });
  if (!Ok)
    return std::nullopt;
  return Out;
}

} // namespace

bool LoopSteps::unchanged(const VarDecl *D) const {
  return Fn && isLocalOf(D, Fn) && !Changed.count(D);
}

const Expr *LoopSteps::stepOf(const VarDecl *D) const {
  for (const auto &S : Steps)
    if (S.first == D)
      return S.second;
  return nullptr;
}

LoopSteps ccl::findLoopSteps(const FunctionDecl *Fn, const Stmt *Body,
                             const Expr *Inc) {
  LoopSteps L;
  const Stmt *FnBody = Fn ? Fn->getBody() : nullptr;
  if (!FnBody || !Body || !contains(FnBody, Body))
    return L;
  std::optional<llvm::DenseSet<const VarDecl *>> Escaped = escapedLocals(Fn);
  if (!Escaped)
    return L;
  // Every use in the loop that is not a read, by variable.
  llvm::DenseMap<const VarDecl *, unsigned> Uses;
  auto Note = [&](const VarDecl *V, const Expr *, bool) { ++Uses[V]; };
  if (!forEachNonRead(Body, Note) || !forEachNonRead(Inc, Note))
    return L;
  L.Fn = Fn;
  for (const VarDecl *V : *Escaped)
    L.Changed.insert(V);
  for (const auto &KV : Uses)
    L.Changed.insert(KV.first);
  // Variables declared in the body (a DeclStmt initializes them).
  llvm::DenseSet<const VarDecl *> Declared;
  std::function<void(const Stmt *)> FindDecls = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Declared.insert(VD);
    for (const Stmt *C : S->children())
      FindDecls(C);
  };
  FindDecls(Body);
  for (const VarDecl *V : Declared)
    L.Changed.insert(V);

  // Steps: the increment (or its comma operands) when no lane can leave the
  // trip before it; top-level statements of the body when none can skip them.
  bool Leaves = false, Continues = false;
  findExits(Body, false, false, Leaves, Continues);
  if (Leaves)
    return L;
  llvm::SmallVector<const Stmt *, 4> Candidates;
  std::function<void(const Expr *)> Operands = [&](const Expr *E) {
    if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens()))
      if (BO->getOpcode() == BO_Comma) {
        Operands(BO->getLHS());
        Operands(BO->getRHS());
        return;
      }
    Candidates.push_back(E);
  };
  if (Inc)
    Operands(Inc);
  if (!Continues) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      for (const Stmt *S : CS->body())
        Candidates.push_back(S);
    } else {
      Candidates.push_back(Body);
    }
  }
  for (const Stmt *S : Candidates) {
    const Expr *Amount = nullptr;
    const VarDecl *V = steppedVar(S, Amount);
    if (!V || !isLocalOf(V, Fn) || Escaped->count(V) || Declared.count(V) ||
        Uses.lookup(V) != 1 || L.stepOf(V) || !V->getType()->isIntegerType() ||
        V->getType()->isReferenceType())
      continue;
    if (Amount && !isPureAmount(Amount, L))
      continue;
    L.Steps.push_back({V, cast<Expr>(S)});
  }
  return L;
}
