//===- UnobservedFloats.cpp - Float assignments nothing reported can see --===//
//
// The dependence walk of UnobservedFloats.h: one pass over a function's
// body, each expression visited with where its value goes (observed,
// discarded, or into a candidate local), then the observed candidates
// closed under "flows into".
//
//===----------------------------------------------------------------------===//
#include "analyzer/UnobservedFloats.h"
#include "analyzer/ShuffleNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using namespace ccl;

namespace {

/// float, double, or a constant array of them.
bool isFloatObject(ASTContext &Ctx, QualType T) {
  while (const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T))
    T = AT->getElementType();
  return T->isRealFloatingType() && !T.isVolatileQualified();
}

/// The variable an lvalue names, directly or through subscripts of local
/// arrays (`acc[m][e]`: acc, with the indices m and e); null for any other
/// lvalue.
const VarDecl *rootOf(const Expr *LV, SmallVectorImpl<const Expr *> &Idx) {
  const Expr *E = LV->IgnoreParens();
  while (true) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
    if (!ASE)
      return nullptr;
    const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase());
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
      return nullptr;
    Idx.push_back(ASE->getIdx());
    E = Decay->getSubExpr()->IgnoreParens();
  }
}

/// Casts between arithmetic types: they pass a value on.
bool isArithmeticCast(CastKind K) {
  switch (K) {
  case CK_NoOp:
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_IntegralToFloating:
  case CK_FloatingCast:
  case CK_FloatingToIntegral:
  case CK_FloatingToBoolean:
    return true;
  default:
    return false;
  }
}

/// Where a value goes.
enum SinkKind { Observed, Discarded, Flows };
struct Sink {
  SinkKind K;
  const VarDecl *To; ///< Flows: the candidate it flows into.
};
const Sink Seen{Observed, nullptr}, Unused{Discarded, nullptr};

class Walk {
public:
  explicit Walk(ASTContext &Ctx) : Ctx(Ctx) {}
  UnobservedAssignments run(const FunctionDecl *FD);

private:
  ASTContext &Ctx;
  /// A construct the walk does not follow: skip nothing in this function.
  bool Bail = false;
  llvm::DenseSet<const VarDecl *> Candidates;
  llvm::DenseSet<const VarDecl *> Observed_;
  /// W -> the candidates whose values flow into W.
  llvm::DenseMap<const VarDecl *, SmallVector<const VarDecl *, 4>> Into;
  SmallVector<std::pair<const Expr *, const VarDecl *>, 16> Skips;

  bool candidate(const VarDecl *V) const { return V && Candidates.count(V); }
  void read(const VarDecl *V, Sink S) {
    if (S.K == Observed)
      Observed_.insert(V);
    else if (S.K == Flows)
      Into[S.To].push_back(V);
  }
  void collect(const Stmt *S);
  void stmt(const Stmt *S);
  void expr(const Expr *E, Sink S);
  void children(const Stmt *S);
  void castExpr(const CastExpr *Cast, Sink S);
  void assign(const BinaryOperator *BO, Sink S, bool Statement);
  unsigned shuffleValueArg(const CallExpr *Call) const;
  bool pure(const Expr *E) const;
  bool pureLocalRead(const Expr *LV) const;
};

void Walk::collect(const Stmt *S) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
            !V->getType()->isReferenceType() &&
            isFloatObject(Ctx, V->getType()))
          Candidates.insert(V);
  for (const Stmt *C : S->children())
    collect(C);
}

/// Every sub-expression of \p S observed; sub-statements in their place.
void Walk::children(const Stmt *S) {
  for (const Stmt *C : S->children()) {
    if (const auto *E = dyn_cast_or_null<Expr>(C))
      expr(E, Seen);
    else
      stmt(C);
  }
}

/// A statement: an expression here is evaluated for its effects only.
void Walk::stmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAssignmentOp())
      assign(BO, Unused, /*Statement=*/true);
    else
      expr(E, Unused);
    return;
  }
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (const Stmt *C : cast<CompoundStmt>(S)->body())
      stmt(C);
    return;
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (const Expr *Init = V->getInit())
          expr(Init, candidate(V) ? Sink{Flows, V} : Seen);
    return;
  case Stmt::IfStmtClass: {
    const auto *If = cast<IfStmt>(S);
    stmt(If->getInit());
    stmt(If->getConditionVariableDeclStmt());
    expr(If->getCond(), Seen);
    stmt(If->getThen());
    stmt(If->getElse());
    return;
  }
  case Stmt::ForStmtClass: {
    const auto *F = cast<ForStmt>(S);
    stmt(F->getInit());
    stmt(F->getConditionVariableDeclStmt());
    expr(F->getCond(), Seen);
    expr(F->getInc(), Unused);
    stmt(F->getBody());
    return;
  }
  case Stmt::WhileStmtClass: {
    const auto *W = cast<WhileStmt>(S);
    stmt(W->getConditionVariableDeclStmt());
    expr(W->getCond(), Seen);
    stmt(W->getBody());
    return;
  }
  case Stmt::DoStmtClass:
    stmt(cast<DoStmt>(S)->getBody());
    expr(cast<DoStmt>(S)->getCond(), Seen);
    return;
  case Stmt::CXXForRangeStmtClass:
  case Stmt::CXXTryStmtClass:
  case Stmt::CapturedStmtClass:
  case Stmt::CoroutineBodyStmtClass:
    Bail = true;
    return;
  default:
    // switch, case, labels, attributes, return, asm: conditions, case
    // values, returned values and asm operands observed; sub-statements
    // as statements.
    children(S);
    return;
  }
}

void Walk::expr(const Expr *E, Sink S) {
  if (!E)
    return;
  E = E->IgnoreParens();
  if (isa<LambdaExpr, StmtExpr, BlockExpr>(E)) {
    Bail = true;
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A variable used as an lvalue other than read or assigned below
    // (address taken, bound to a reference, decayed to a pointer, ...).
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); candidate(V))
      Observed_.insert(V);
    return;
  }
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(E)) {
    expr(OVE->getSourceExpr(), Seen);
    return;
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    castExpr(Cast, S);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      assign(BO, S, /*Statement=*/false);
      return;
    }
    if (BO->getOpcode() == BO_Comma) {
      expr(BO->getLHS(), Unused);
      expr(BO->getRHS(), S);
      return;
    }
    bool FloatArith =
        BO->getType()->isRealFloatingType() &&
        (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub ||
         BO->getOpcode() == BO_Mul || BO->getOpcode() == BO_Div);
    expr(BO->getLHS(), FloatArith ? S : Seen);
    expr(BO->getRHS(), FloatArith ? S : Seen);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    bool Passes = UO->getType()->isRealFloatingType() &&
                  (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus);
    expr(UO->getSubExpr(), Passes ? S : Seen);
    return;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    bool Passes = CO->getType()->isRealFloatingType() && CO->isPRValue();
    expr(CO->getCond(), Seen);
    expr(CO->getTrueExpr(), Passes ? S : Seen);
    expr(CO->getFalseExpr(), Passes ? S : Seen);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    unsigned Value = shuffleValueArg(Call);
    expr(Call->getCallee(), Seen);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      expr(Call->getArg(I), I == Value ? S : Seen);
    return;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    bool Passes = isFloatObject(Ctx, IL->getType());
    for (const Expr *Init : IL->inits())
      expr(Init, Passes ? S : Seen);
    return;
  }
  children(E);
}

/// A cast: a read of a candidate (its value goes to \p S), a float cast
/// (passes its operand's value on), or any other (observes it).
void Walk::castExpr(const CastExpr *Cast, Sink S) {
  if (Cast->getCastKind() == CK_LValueToRValue) {
    SmallVector<const Expr *, 4> Idx;
    const VarDecl *V = rootOf(Cast->getSubExpr(), Idx);
    if (candidate(V) && Cast->getType()->isRealFloatingType()) {
      read(V, S);
      for (const Expr *I : Idx)
        expr(I, Seen);
      return;
    }
  }
  CastKind K = Cast->getCastKind();
  bool PassesFloat =
      (K == CK_NoOp || K == CK_FloatingCast || K == CK_IntegralToFloating) &&
      Cast->getType()->isRealFloatingType();
  expr(Cast->getSubExpr(), PassesFloat ? S : Seen);
}

void Walk::assign(const BinaryOperator *BO, Sink S, bool Statement) {
  SmallVector<const Expr *, 4> Idx;
  const VarDecl *V = rootOf(BO->getLHS(), Idx);
  for (const Expr *I : Idx)
    expr(I, Seen);
  if (candidate(V) && BO->getLHS()->getType()->isRealFloatingType()) {
    expr(BO->getRHS(), Sink{Flows, V});
    if (S.K != Discarded) // the assignment's value is the new value
      read(V, S);
    if (Statement && llvm::all_of(Idx, [&](const Expr *I) { return pure(I); }) &&
        pure(BO->getRHS()))
      Skips.push_back({BO, V});
    return;
  }
  // A store to a __shared__ or __device__ variable: the interpreter keeps
  // no value of global or shared memory, so the value stored goes nowhere.
  if (V && V->hasGlobalStorage() &&
      (V->hasAttr<CUDASharedAttr>() || V->hasAttr<CUDADeviceAttr>())) {
    expr(BO->getRHS(), S.K == Discarded ? Unused : Seen);
    return;
  }
  // Anything else (a store through a pointer may write a local; a local
  // of another type; a member): its parts and the value observed.
  if (!V)
    expr(BO->getLHS(), Seen);
  else if (candidate(V))
    Observed_.insert(V);
  expr(BO->getRHS(), Seen);
}

/// The value operand of a CUDA shuffle of a float (its result is that value
/// in another lane, InterpWarp.cpp); ~0u for any other call.
unsigned Walk::shuffleValueArg(const CallExpr *Call) const {
  if (isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call))
    return ~0u;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier() || !isShuffleName(FD->getName()) ||
      !Call->getType()->isRealFloatingType())
    return ~0u;
  // Only the CUDA headers' own: a function of the user's is followed.
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isInSystemHeader(
          SM.getExpansionLoc(FD->getFirstDecl()->getLocation())))
    return ~0u;
  unsigned First = FD->getName().ends_with("_sync") ? 1 : 0;
  if (Call->getNumArgs() < First + 2 ||
      !Call->getArg(First)->getType()->isRealFloatingType())
    return ~0u;
  return First;
}

/// No call, no load of memory, no side effect: literals, locals and
/// parameters by value, elements of local arrays, arithmetic, casts.
bool Walk::pure(const Expr *E) const {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr>(
          E))
    return true;
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return pure(S->getReplacement());
  if (const auto *C = dyn_cast<ConstantExpr>(E))
    return pure(C->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return isa<EnumConstantDecl>(DRE->getDecl());
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      return pureLocalRead(Cast->getSubExpr());
    return isa<ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr,
               CXXFunctionalCastExpr>(Cast) &&
           isArithmeticCast(Cast->getCastKind()) && pure(Cast->getSubExpr());
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           BO->getType()->isArithmeticType() &&
           BO->getLHS()->getType()->isArithmeticType() &&
           BO->getRHS()->getType()->isArithmeticType() && pure(BO->getLHS()) &&
           pure(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus ||
            UO->getOpcode() == UO_Not || UO->getOpcode() == UO_LNot) &&
           UO->getType()->isArithmeticType() && pure(UO->getSubExpr());
  return false;
}

/// A read of a local or a parameter by value, or of an element of a local
/// array: no memory request.
bool Walk::pureLocalRead(const Expr *LV) const {
  if (LV->getType().isVolatileQualified())
    return false;
  SmallVector<const Expr *, 4> Idx;
  const VarDecl *V = rootOf(LV, Idx);
  if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType())
    return false;
  return llvm::all_of(Idx, [&](const Expr *I) { return pure(I); });
}

UnobservedAssignments Walk::run(const FunctionDecl *FD) {
  const Stmt *Body = FD->getBody();
  if (!Body)
    return UnobservedAssignments();
  collect(Body);
  if (Candidates.empty())
    return UnobservedAssignments();
  stmt(Body);
  if (Bail)
    return UnobservedAssignments();
  SmallVector<const VarDecl *, 16> Work(Observed_.begin(), Observed_.end());
  while (!Work.empty()) {
    const VarDecl *W = Work.pop_back_val();
    auto It = Into.find(W);
    if (It == Into.end())
      continue;
    for (const VarDecl *V : It->second)
      if (Observed_.insert(V).second)
        Work.push_back(V);
  }
  UnobservedAssignments Out;
  for (const auto &[E, V] : Skips)
    if (!Observed_.count(V))
      Out[E] = V;
  return Out;
}

} // namespace

UnobservedAssignments ccl::unobservedAssignments(ASTContext &Ctx,
                                                 const FunctionDecl *FD) {
  return Walk(Ctx).run(FD);
}

const VarDecl *UnobservedFloats::skippable(const FunctionDecl *FD,
                                           const Expr *E) {
  if (!FD)
    return nullptr;
  auto It = Done.find(FD);
  if (It == Done.end())
    It = Done.try_emplace(FD, unobservedAssignments(Ctx, FD)).first;
  return It->second.lookup(E);
}
