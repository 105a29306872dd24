//===- LoopSteps.cpp - What a loop trip may change, from the syntax -------===//
#include "analyzer/LoopSteps.h"
#include "analyzer/LoopSyntax.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <functional>
#include <map>
#include <optional>

using namespace clang;
using namespace ccl;
using namespace ccl::loopsyntax;

namespace {

/// Where the code of a function (or a loop's body) may store
/// (LoopSteps::StoreRoots, StoresElsewhere). The sources of a store are
/// those of Interpreter::record: an assignment, compound assignment,
/// increment or decrement of anything but a local scalar variable
/// (Interpreter::store), an assignment operator call of a class, an atomic
/// or store intrinsic (atomic*, __nv_atomic*, __st*), a memcpy; other calls
/// the interpreter does not follow store nothing. Inline assembly and
/// new/delete count as stores anywhere.
struct StoreSummary {
  /// Roots: variables of the function (with IsObject), or its parameters
  /// (a pointer it stores through, a reference it stores into), which the
  /// caller maps to the arguments.
  llvm::SmallVector<std::pair<const VarDecl *, bool>, 4> Roots;
  bool Elsewhere = false;
};

class StoreFinder {
public:
  /// \p InBody: the variables declared in the loop's body.
  StoreFinder(const SourceManager &SM, const FunctionDecl *LoopFn,
              const llvm::DenseSet<const VarDecl *> &InBody)
      : SM(SM), LoopFn(LoopFn), InBody(InBody) {}

  /// The stores of \p S, code of \p Fn, into \p Out.
  void walk(const Stmt *S, const FunctionDecl *Fn, StoreSummary &Out) {
    if (!S)
      return;
    if (isa<AsmStmt>(S) || isa<CXXNewExpr>(S) || isa<CXXDeleteExpr>(S))
      Out.Elsewhere = true;
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (BO->isAssignmentOp() && !isVariableWrite(BO->getLHS()))
        store(BO->getLHS(), Fn, Out);
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->isIncrementDecrementOp() && !isVariableWrite(UO->getSubExpr()))
        store(UO->getSubExpr(), Fn, Out);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S))
      if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
        store(OC->getArg(0), Fn, Out);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(S))
      walk(DA->getExpr(), Fn, Out);
    if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(S))
      walk(DI->getExpr(), Fn, Out);
    CallParts C = callParts(S);
    if (isa<CallExpr>(S) && C.Callee && C.Callee->getIdentifier()) {
      StringRef Name = C.Callee->getName();
      if (Name.starts_with("atomic") || Name.starts_with("__nv_atomic") ||
          Name.starts_with("__st") || Name.contains("memcpy") ||
          Name.contains("memset") || Name.contains("memmove") ||
          (C.Callee->getBuiltinID() && Name.contains("mem")))
        Out.Elsewhere = true;
    }
    const llvm::SmallVector<const Expr *, 4> &Args = C.Args;
    if (const FunctionDecl *Def = followedDefinition(C.Callee, SM)) {
      const StoreSummary &CS = summary(Def);
      if (CS.Elsewhere)
        Out.Elsewhere = true;
      for (const auto &[V, IsObject] : CS.Roots) {
        const auto *P = dyn_cast<ParmVarDecl>(V);
        if (!P || P->getDeclContext() != Def) {
          // An object of the callee's own.
          Out.Roots.push_back({V, IsObject});
          continue;
        }
        unsigned I = P->getFunctionScopeIndex();
        if (I >= Args.size() || isa<CXXDefaultArgExpr>(Args[I])) {
          Out.Elsewhere = true;
          continue;
        }
        // The argument: the pointer a pointer parameter stores through, the
        // object a reference parameter is bound to.
        bool ArgObject = false;
        auto Init = [&](const VarDecl *V) { return initOf(V); };
        const VarDecl *R = P->getType()->isReferenceType()
                               ? objectRoot(Args[I], ArgObject, Init)
                               : pointerRoot(Args[I], ArgObject, Init);
        if (!R)
          Out.Elsewhere = true;
        else
          add(R, ArgObject, Fn, Out);
      }
    }
    for (const Stmt *C : S->children())
      walk(C, Fn, Out);
  }

private:
  const SourceManager &SM;
  const FunctionDecl *LoopFn;
  const llvm::DenseSet<const VarDecl *> &InBody;
  std::map<const FunctionDecl *, StoreSummary> Done;
  llvm::DenseSet<const FunctionDecl *> Active;

  const StoreSummary &summary(const FunctionDecl *Def) {
    static const StoreSummary Anywhere = [] {
      StoreSummary S;
      S.Elsewhere = true;
      return S;
    }();
    auto It = Done.find(Def);
    if (It != Done.end())
      return It->second;
    // Recursion (or too many functions): anywhere.
    if (!Active.insert(Def).second || Done.size() > 4096)
      return Anywhere;
    StoreSummary S;
    for (const Stmt *Code : codeOf(Def))
      walk(Code, Def, S);
    Active.erase(Def);
    return Done[Def] = std::move(S);
  }

  void store(const Expr *Target, const FunctionDecl *Fn, StoreSummary &Out) {
    bool IsObject = false;
    const VarDecl *V = objectRoot(Target, IsObject,
                                  [&](const VarDecl *D) { return initOf(D); });
    if (!V)
      Out.Elsewhere = true;
    else
      add(V, IsObject, Fn, Out);
  }

  /// A store rooted at \p V in \p Fn's code.
  void add(const VarDecl *V, bool IsObject, const FunctionDecl *Fn,
           StoreSummary &Out) {
    bool Ref = V->getType()->isReferenceType();
    const auto *P = dyn_cast<ParmVarDecl>(V);
    if (Fn != LoopFn && P && P->getDeclContext() == Fn) {
      // Through a pointer parameter the function never assigns, or into a
      // reference parameter (which cannot be bound again): the caller's.
      bool Ptr = !IsObject && !Ref && V->getType()->isPointerType();
      bool Into = IsObject && Ref &&
                  !V->getType().getNonReferenceType()->isPointerType();
      if ((Ptr && !writes(Fn, V)) || Into)
        Out.Roots.push_back({V, IsObject});
      else if (Ptr || Ref)
        Out.Elsewhere = true;
      else
        Out.Roots.push_back({V, true}); // a parameter passed by value
      return;
    }
    // In a called function, a store through a pointer or reference of its
    // own may go anywhere; the loop's own function is checked when it runs
    // (Interpreter::countStores).
    if (Fn != LoopFn && (!IsObject || Ref))
      Out.Elsewhere = true;
    else
      Out.Roots.push_back({V, IsObject});
  }

  /// The locals of \p Fn used otherwise than read (forEachNonRead; every
  /// one when the walk cannot see through), cached.
  struct NonReads {
    bool Known = false;
    llvm::DenseSet<const VarDecl *> Vars;
  };
  std::map<const FunctionDecl *, NonReads> NonReadsOf;
  const NonReads &nonReads(const FunctionDecl *Fn) {
    auto It = NonReadsOf.find(Fn);
    if (It != NonReadsOf.end())
      return It->second;
    NonReads N;
    N.Known = forEachNonRead(
        Fn->getBody(),
        [&](const VarDecl *V, const Expr *, bool) { N.Vars.insert(V); },
        /*ConstRefReads=*/false);
    return NonReadsOf[Fn] = std::move(N);
  }

  /// \p Fn uses its parameter \p P otherwise than reading it.
  bool writes(const FunctionDecl *Fn, const VarDecl *P) {
    const NonReads &N = nonReads(Fn);
    return !N.Known || N.Vars.count(P);
  }

  /// The initializer of \p V, a local pointer variable (not a parameter)
  /// that its function only reads after it: what it points to is what the
  /// initializer points to. Null otherwise, and for a variable of the
  /// loop's own function declared before the loop (its initializer ran
  /// before the loop, where the variables it reads may have held other
  /// values; its own value is known when the loop runs).
  const Expr *initOf(const VarDecl *V) {
    if (isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
        V->getType()->isReferenceType() || !V->getType()->isPointerType())
      return nullptr;
    const auto *Fn =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!Fn || !Fn->getBody() ||
        (Fn->getCanonicalDecl() == LoopFn->getCanonicalDecl() &&
         !InBody.count(V)))
      return nullptr;
    const NonReads &N = nonReads(Fn);
    if (!N.Known || N.Vars.count(V))
      return nullptr;
    return V->getInit();
  }
};

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
/// construct the walk does not see through. With \p ConstRefReads, a local
/// passed to a `const T&` parameter or used as the object of a const member
/// function is read there (findLoopSteps decides when).
std::optional<llvm::DenseSet<const VarDecl *>>
escapedLocals(const FunctionDecl *Fn, bool ConstRefReads) {
  llvm::DenseSet<const VarDecl *> Out;
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body)
    return std::nullopt;
  bool Ok = forEachNonRead(
      Body,
      [&](const VarDecl *V, const Expr *, bool Written) {
        if (!Written && isLocalOf(V, Fn))
          Out.insert(V);
      },
      ConstRefReads);
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

/// Adds the variables declared in \p S to \p Declared.
static void collectDeclared(const Stmt *S,
                            llvm::DenseSet<const VarDecl *> &Declared) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Declared.insert(VD);
  for (const Stmt *C : S->children())
    collectDeclared(C, Declared);
}

/// Adds \p E, or the operands of its comma operators, to \p Out.
static void commaOperands(const Expr *E,
                          llvm::SmallVectorImpl<const Stmt *> &Out) {
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens()))
    if (BO->getOpcode() == BO_Comma) {
      commaOperands(BO->getLHS(), Out);
      commaOperands(BO->getRHS(), Out);
      return;
    }
  Out.push_back(E);
}

/// What may be a step of a loop: the increment (or its comma operands), and
/// the top-level statements of the body unless a `continue` (\p Continues)
/// can skip them.
static llvm::SmallVector<const Stmt *, 4>
stepCandidates(const Stmt *Body, const Expr *Inc, bool Continues) {
  llvm::SmallVector<const Stmt *, 4> Candidates;
  if (Inc)
    commaOperands(Inc, Candidates);
  if (!Continues) {
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      for (const Stmt *S : CS->body())
        Candidates.push_back(S);
    } else {
      Candidates.push_back(Body);
    }
  }
  return Candidates;
}

LoopSteps ccl::findLoopSteps(const FunctionDecl *Fn, const Stmt *Body,
                             const Expr *Inc, const SourceManager &SM) {
  LoopSteps L;
  const Stmt *FnBody = Fn ? Fn->getBody() : nullptr;
  if (!FnBody || !Body || !contains(FnBody, Body))
    return L;
  // Locals passed by const reference are read there, unless the function
  // or code it calls may cast constness away.
  llvm::DenseSet<const FunctionDecl *> Seen;
  bool ConstRefReads = !castsAwayConst(FnBody, SM, Seen);
  std::optional<llvm::DenseSet<const VarDecl *>> Escaped =
      escapedLocals(Fn, ConstRefReads);
  if (!Escaped)
    return L;
  // Every use in the loop that is not a read, by variable.
  llvm::DenseMap<const VarDecl *, unsigned> Uses;
  auto Note = [&](const VarDecl *V, const Expr *, bool) { ++Uses[V]; };
  if (!forEachNonRead(Body, Note, ConstRefReads) ||
      !forEachNonRead(Inc, Note, ConstRefReads))
    return L;
  L.Fn = Fn;
  for (const VarDecl *V : *Escaped)
    L.Changed.insert(V);
  for (const auto &KV : Uses)
    L.Changed.insert(KV.first);
  // Variables declared in the body (a DeclStmt initializes them).
  llvm::DenseSet<const VarDecl *> Declared;
  collectDeclared(Body, Declared);
  for (const VarDecl *V : Declared)
    L.Changed.insert(V);
  {
    StoreFinder Finder(SM, Fn, Declared);
    StoreSummary Stores;
    Finder.walk(Body, Fn, Stores);
    Finder.walk(Inc, Fn, Stores);
    L.StoreRoots = std::move(Stores.Roots);
    L.StoresElsewhere = Stores.Elsewhere;
  }

  // Steps: the increment (or its comma operands) when no lane can leave the
  // trip before it; top-level statements of the body when none can skip them.
  bool Leaves = false, Continues = false;
  findExits(Body, false, false, Leaves, Continues);
  if (Leaves)
    return L;
  for (const Stmt *S : stepCandidates(Body, Inc, Continues)) {
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

const FunctionDecl *ccl::followedDefinition(const FunctionDecl *FD,
                                            const SourceManager &SM) {
  const FunctionDecl *Def = nullptr;
  if (FD && FD->hasBody(Def) && Def &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
    return Def;
  return nullptr;
}
