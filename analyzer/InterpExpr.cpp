//===- InterpExpr.cpp - The rule for each Clang expression kind -----------===//
//
// eval() dispatches on the expression class (evalInner is the one table of
// which rule handles which class); each eval* method is the rule for one
// family of Clang expressions. Rules combine operand values with the LaneInt
// operations of LaneValue.h; anything a rule cannot express becomes
// Value::unknown(reason), which the checks report as "unknown" instead of a
// number.
//
// This file: literals and wrappers, `this`, unary and binary operators
// (the arithmetic itself is in InterpArith.cpp; a pointer compared with
// null is decided here: pointers into known objects are not null), scalars
// in braces, assignments, the conditional operator and constructors. Casts:
// InterpCasts.cpp. Variables, subscripts, members, loads and stores:
// InterpMemory.cpp. Calls and the CUDA builtin variables: InterpCalls.cpp.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

// ---- Entry points
// -------------------------------------------------------------

Value Interpreter::eval(const Expr *E, const LaneMask &M) {
  if (!E)
    return Value::unknown("missing expression");
  // What clang could not build keeps no type (a recovery expression's
  // pieces, an initializer of an undeclared type): nothing to evaluate.
  if (E->getType().isNull())
    return Value::unknown("expression with errors");
  if (++Steps > Opts.MaxSteps)
    return Value::unknown("analysis step budget exhausted");
  if (ExprDepth >= Opts.MaxExprDepth)
    return Value::unknown("expression nested too deeply to analyze");
  ++ExprDepth;
  if (!WarpRun.on()) {
    Value V = evalInner(E, M);
    --ExprDepth;
    assert(V.isWellFormed());
    return V;
  }
  // The symbolic warp index (InterpWarpIndex.cpp): a value mentioning it
  // may only reach the rules that keep or check it.
  bool ParentW = WarpRun.enterExpr();
  Value V = evalInner(E, M);
  WarpRun.leaveExpr(E, V, ParentW);
  --ExprDepth;
  assert(V.isWellFormed());
  return V;
}

LaneBool Interpreter::evalCond(const Expr *E, const LaneMask &M) {
  return condOfValue(eval(E, M), M, E);
}

LaneBool Interpreter::condOfValue(const Value &V, const LaneMask &M,
                                  const Expr *E) {
  if (WarpRun.mentionsW(V)) {
    // Decided the same way in every warp as here, or not at all.
    LaneBool B = condOf(V, M);
    if (WarpRun.stopped())
      return B;
    // Decided alike in every warp, or the warps run again in groups that
    // decide alike.
    std::vector<LaneBool> Per;
    WarpRun.eachWarpOwn(
        V, [&](unsigned, const Value &VW) { Per.push_back(condOf(VW, M)); });
    auto Same = [](const LaneBool &X, const LaneBool &Y) {
      LaneBits Und = ~(X.True | X.False);
      return X.True == Y.True && X.False == Y.False &&
             (X.Uniform & Und) == (Y.Uniform & Und);
    };
    if (llvm::all_of(Per, [&](const LaneBool &P) { return Same(P, B); }))
      return B;
    std::vector<std::vector<unsigned>> Groups = WarpRun.groupsOf(
        Per.size(), [&](size_t A, size_t B) { return Same(Per[A], Per[B]); });
    if (Groups.size() == 1) // every warp alike, unlike the symbolic rule
      return Per[0];
    WarpRun.split(std::move(Groups), "a condition", E);
    return B;
  }
  return condOf(V, M);
}

LaneBool Interpreter::condOf(const Value &V, const LaneMask &M) {
  LaneBool B;
  B.Deps = V.Deps;
  if (V.isInt()) {
    // The defined lanes where no symbol has a coefficient are decided:
    // false where the constant is 0.
    B.False = V.Defined & V.I.lanesEqualTo(0);
    B.True = V.Defined & V.I.concreteLanes() & ~B.False;
    appendDeps(B.Deps, symbolsOf(V.I));
    // Undecided because of symbols (same form in every such lane), or
    // undefined with one value in all of them: uniformly undecided.
    LaneBits Und = ~(B.True | B.False) & M.May;
    LaneBits Symbolic = Und & V.Defined, Undef = Und & ~V.Defined;
    bool Uniform = (!Symbolic || V.I.isUniform(Symbolic)) &&
                   (!Undef || V.UndefUniform) && !(Symbolic && Undef);
    if (Uniform)
      B.Uniform = Und;
  } else if (V.isPtr()) {
    B.True = V.Defined; // pointers into known objects are not null
  }
  assert(B.isWellFormed());
  return B;
}

// ---- The dispatch -----------------------------------------------------------

Value Interpreter::evalInner(const Expr *E, const LaneMask &M) {
  switch (E->getStmtClass()) {
  case Stmt::ParenExprClass:
    return eval(cast<ParenExpr>(E)->getSubExpr(), M);
  case Stmt::IntegerLiteralClass: {
    // 0xffffffffu is 4294967295, not -1: unsigned literals zero-extend.
    const llvm::APInt &V = cast<IntegerLiteral>(E)->getValue();
    return Value::integer(LaneInt::constant(
        E->getType()->isUnsignedIntegerType() ? (int64_t)V.getZExtValue()
                                              : V.getSExtValue()));
  }
  case Stmt::CharacterLiteralClass:
    return Value::integer(
        LaneInt::constant(cast<CharacterLiteral>(E)->getValue()));
  case Stmt::CXXBoolLiteralExprClass:
    return Value::integer(
        LaneInt::constant(cast<CXXBoolLiteralExpr>(E)->getValue()));
  case Stmt::CXXNullPtrLiteralExprClass:
    return Value::unknown("null pointer");
  case Stmt::FloatingLiteralClass:
    return Value::unknown("floating-point value");
  case Stmt::ConstantExprClass: {
    const auto *CE = cast<ConstantExpr>(E);
    if (CE->hasAPValueResult() && CE->getAPValueResult().isInt())
      return Value::integer(
          LaneInt::constant(CE->getAPValueResult().getInt().getExtValue()));
    return eval(CE->getSubExpr(), M);
  }
  case Stmt::SubstNonTypeTemplateParmExprClass:
    return eval(cast<SubstNonTypeTemplateParmExpr>(E)->getReplacement(), M);
  case Stmt::ExprWithCleanupsClass:
    return eval(cast<ExprWithCleanups>(E)->getSubExpr(), M);
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(E)->getSubExpr(), M);
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(E)->getSubExpr(), M);
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(E)->getExpr(), M);
  case Stmt::CXXDefaultInitExprClass:
    return eval(cast<CXXDefaultInitExpr>(E)->getExpr(), M);
  case Stmt::PseudoObjectExprClass:
    return Call.evalCudaBuiltin(cast<PseudoObjectExpr>(E)); // InterpCalls.cpp
  case Stmt::DeclRefExprClass:
    return Memory.evalDeclRef(cast<DeclRefExpr>(E), M); // InterpMemory.cpp
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return evalBinary(cast<BinaryOperator>(E), M);
  case Stmt::UnaryOperatorClass:
    return evalUnary(cast<UnaryOperator>(E), M);
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass:
    return evalConditional(cast<AbstractConditionalOperator>(E), M);
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
  case Stmt::CUDAKernelCallExprClass:
    return Call.evalCall(cast<CallExpr>(E), M); // InterpCalls.cpp
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    return evalConstruct(cast<CXXConstructExpr>(E), M);
  case Stmt::RecoveryExprClass:
    return evalRecovery(cast<RecoveryExpr>(E), M);
  case Stmt::CXXThisExprClass:
    return evalThis();
  case Stmt::LambdaExprClass:
    return evalLambda(cast<LambdaExpr>(E), M);
  case Stmt::InitListExprClass: {
    // A scalar in braces (int64_t{blockIdx.x}, int x{0}): its one element.
    const auto *IL = cast<InitListExpr>(E);
    if (E->getType()->isScalarType() && IL->getNumInits() == 1)
      return eval(IL->getInit(0), M);
    if (E->getType()->isIntegerType() && IL->getNumInits() == 0)
      return Value::integer(LaneInt::constant(0));
    return evalOther(E, M);
  }
  default:
    // Casts (InterpCasts.cpp), lvalues read as values, constants.
    return evalOther(E, M);
  }
}

Value Interpreter::evalRecovery(const RecoveryExpr *E, const LaneMask &M) {
  // Clang kept the pieces of an expression it could not type (e.g. a call
  // into a missing header): their memory accesses still happen.
  for (const Expr *Sub : E->subExpressions())
    if (Sub && !Sub->getType().isNull() && !Sub->isTypeDependent() &&
        !Sub->containsErrors() && !Sub->getType()->isPlaceholderType())
      eval(Sub, M);
  return Value::unknown("expression with errors");
}

/// A lambda expression makes its closure: the variables it captures by
/// copy (`[=]`, `[row]`, `[r = row * 2]`) keep the values they have here,
/// whatever happens to the originals before the call (callFunction binds
/// them in the call's frame). Captures by reference need nothing: the body
/// finds the variable in an enclosing frame.
Value Interpreter::evalLambda(const LambdaExpr *E, const LaneMask &M) {
  std::vector<std::pair<const VarDecl *, Binding>> Snap;
  for (const LambdaCapture &C : E->captures()) {
    if (!C.capturesVariable() || C.getCaptureKind() != LCK_ByCopy)
      continue;
    const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
    if (!VD)
      continue;
    Binding B;
    if (VD->isInitCapture()) {
      B.V = VD->getInit() ? eval(VD->getInit(), M)
                          : Value::unknown("init-capture without a value");
    } else if (Binding *Cur = Memory.lookup(VD)) {
      B = *Cur;
    } else {
      continue; // a constant or a variable of no frame: read where it is
    }
    Snap.push_back({VD, std::move(B)});
  }
  Closures[E->getLambdaClass()] = std::move(Snap);
  return Value::unknown("closure object");
}

Value Interpreter::evalThis() {
  // `this` of the member function being run: the object's address.
  for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
    if (!F->This)
      continue;
    const LValue &Obj = *F->This;
    if (Obj.Kind == LValue::Memory)
      return Obj.Addr;
    if (Obj.Kind == LValue::Var)
      return Value::pointer(Mem.objectFor(Obj.Decl), LaneInt::constant(0));
    return Value::unknown(Obj.Reason.empty() ? "object of unknown address"
                                             : Obj.Reason);
  }
  return Value::unknown("'this' outside a member function");
}

Value Interpreter::evalOther(const Expr *E, const LaneMask &M) {
  if (const auto *C = dyn_cast<CastExpr>(E))
    return evalCast(C, M);
  if (E->isGLValue()) {
    // An lvalue used where a value is wanted (e.g. an argument bound to a
    // reference of a builtin): reading it.
    return Memory.load(E, Memory.evalLValue(E, M), M);
  }
  // sizeof, alignof, enumerators, constexpr calls, ...
  if (E->getType()->isIntegralOrEnumerationType() && !E->isValueDependent() &&
      !E->containsErrors()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return Value::integer(LaneInt::constant(R.Val.getInt().getExtValue()));
  }
  // Evaluate children for their memory accesses, then give up on the value.
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      eval(CE, M);
  return Value::unknown(std::string("unsupported expression (") +
                        E->getStmtClassName() + ")");
}

// ---- Operators --------------------------------------------------------------

Value Interpreter::evalBinary(const BinaryOperator *E, const LaneMask &M) {
  BinaryOperatorKind Op = E->getOpcode();
  if (E->isAssignmentOp())
    return evalAssign(E, E->getLHS(), E->getRHS(), Op, M);
  if (Op == BO_LAnd || Op == BO_LOr)
    return evalLogical(E, M);
  if (Op == BO_Comma) {
    eval(E->getLHS(), M);
    return eval(E->getRHS(), M);
  }
  Value L = eval(E->getLHS(), M);
  Value R = eval(E->getRHS(), M);
  // p == nullptr, p != NULL: a pointer into a known object is not null.
  if (BinaryOperator::isEqualityOp(Op)) {
    bool LNull =
             E->getLHS()->isNullPointerConstant(
                 Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull,
         RNull =
             E->getRHS()->isNullPointerConstant(
                 Ctx, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull;
    const Value *P = LNull && R.isPtr()   ? &R
                     : RNull && L.isPtr() ? &L
                                          : nullptr;
    if (P && (LNull != RNull))
      return boolValue(Op == BO_NE ? P->Defined : 0, P->Defined, false,
                       P->Deps);
  }
  return Arith.evalArith(Op, L, R, E->getLHS()->getType(),
                         E->getRHS()->getType(), E->getType());
}

/// a && b, a || b: the right side runs only in lanes the left side did not
/// settle; the result is 0/1 per lane, undefined where undecided.
Value Interpreter::evalLogical(const BinaryOperator *E, const LaneMask &M) {
  bool IsAnd = E->getOpcode() == BO_LAnd;
  LaneBool A = evalCond(E->getLHS(), M);
  LaneMask RM = intersect(M, A, !IsAnd);
  LaneBool B = RM.none() ? LaneBool{} : evalCond(E->getRHS(), RM);
  LaneBits T, F;
  if (IsAnd) {
    T = A.True & B.True;
    F = A.False | B.False;
  } else {
    T = A.True | B.True;
    F = A.False & B.False;
  }
  llvm::SmallVector<SymbolId, 2> Deps = A.Deps;
  appendDeps(Deps, B.Deps);
  return boolValue(T, T | F, A.allUniform() && B.allUniform(), Deps);
}

Value Interpreter::evalAssign(const Expr *E, const Expr *LHS, const Expr *RHS,
                              BinaryOperatorKind Op, const LaneMask &M) {
  if (Op == BO_Assign) {
    Value V = eval(RHS, M);
    Memory.store(LHS, Memory.evalLValue(LHS, M), V, M);
    return V;
  }
  LValue L = Memory.evalLValue(LHS, M);
  Value Old = Memory.load(LHS, L, M);
  Value R = eval(RHS, M);
  Value New =
      Arith.evalArith(BinaryOperator::getOpForCompoundAssignment(Op), Old, R,
                      LHS->getType(), RHS->getType(), LHS->getType());
  Memory.store(LHS, L, New, M);
  return New;
}

Value Interpreter::evalIncDec(const UnaryOperator *E, const LaneMask &M) {
  const Expr *Sub = E->getSubExpr();
  LValue L = Memory.evalLValue(Sub, M);
  Value Old = Memory.load(Sub, L, M);
  Value One = Value::integer(LaneInt::constant(1));
  Value New = Arith.evalArith(E->isIncrementOp() ? BO_Add : BO_Sub, Old, One,
                              Sub->getType(), Ctx.IntTy, Sub->getType());
  Memory.store(Sub, L, New, M);
  return E->isPrefix() ? New : Old;
}

Value Interpreter::evalUnary(const UnaryOperator *E, const LaneMask &M) {
  const Expr *Sub = E->getSubExpr();
  switch (E->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    return evalIncDec(E, M);
  case UO_AddrOf:
    return Memory.addressOf(Memory.evalLValue(Sub, M));
  case UO_Deref:
    return Memory.load(E, Memory.evalLValue(E, M), M);
  case UO_Plus:
  case UO_Extension:
    return eval(Sub, M);
  case UO_Minus: {
    Value V = eval(Sub, M);
    if (!V.isInt())
      return V;
    return Arith.evalArith(BO_Sub, Value::integer(LaneInt::constant(0)), V,
                           Sub->getType(), Sub->getType(), E->getType());
  }
  case UO_Not: {
    Value V = eval(Sub, M);
    if (!V.isInt())
      return V;
    return Arith.evalArith(BO_Xor, V, Value::integer(LaneInt::constant(-1)),
                           Sub->getType(), Sub->getType(), E->getType());
  }
  case UO_LNot: {
    LaneBool B = evalCond(Sub, M);
    return boolValue(B.False, B.True | B.False, B.allUniform(), B.Deps);
  }
  default:
    eval(Sub, M);
    return Value::unknown("unsupported unary operator");
  }
}

// ---- The conditional operator and constructors
// --------------------------------

Value Interpreter::evalConditional(const AbstractConditionalOperator *E,
                                   const LaneMask &M) {
  LaneBool C = evalCond(E->getCond(), M);
  LaneMask MT = intersect(M, C, false), MF = intersect(M, C, true);
  Value T =
      MT.none() ? Value::unknown("not taken") : eval(E->getTrueExpr(), MT);
  Value F =
      MF.none() ? Value::unknown("not taken") : eval(E->getFalseExpr(), MF);
  // Lanes where the condition holds take T, where it fails take F; undecided
  // lanes are defined only where both agree.
  Value R = Value::join(T, F, C.True, C.False);
  WarpRun.checkJoinPerWarp(R, T, F, C.True, C.False,
                           ~(C.True | C.False) & C.Uniform & M.May);
  // Undecided lanes that all go the same way hold one of the two values.
  if (LaneBits U = ~(C.True | C.False) & C.Uniform & M.May)
    R = Joiner.joinUniform(R, T, F, U, [&] {
      return Joiner.joinName(Symbols.sourceText(E), nullptr);
    });
  if (~(C.True | C.False) & M.May)
    appendDeps(R.Deps, C.Deps);
  return R;
}

Value Interpreter::evalConstruct(const CXXConstructExpr *E, const LaneMask &M) {
  const CXXConstructorDecl *Ctor = E->getConstructor();
  if (Ctor && (Ctor->isCopyOrMoveConstructor()) && E->getNumArgs() >= 1) {
    // A struct copied out of memory (float4 v = p[i]) is a load of the
    // struct; one through a pointer whose address is not known (`*(const
    // float4 *)(p + ix * C)`, ix loaded per lane) is still a load, reported
    // with the reason (record() keeps only memory-shaped expressions).
    Memory.loadCopied(E->getArg(0), M, /*Unfollowed=*/true);
    return Value::unknown("struct value");
  }
  for (const Expr *A : E->arguments())
    eval(A, M);
  return Value::unknown("constructed object");
}
