//===- ExprRules.cpp - One rule per Clang expression kind -----------------===//
//
// Each eval* method below is the rule for one family of Clang expressions.
// Rules combine operand values with the LaneInt operations of LaneValue.h;
// anything a rule cannot express becomes Value::unknown(reason), which the
// checks report as "unknown" instead of a number.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;
using namespace ccl;

namespace {
/// Combines the definedness and dependencies of two operands into a result.
Value derived(Value R, const Value &A, const Value &B) {
  if (R.Kind == Value::Unknown)
    return R;
  R.Defined &= A.Defined & B.Defined;
  R.Deps = A.Deps;
  for (SymbolId S : B.Deps)
    if (!llvm::is_contained(R.Deps, S))
      R.Deps.push_back(S);
  if (R.Reason.empty())
    R.Reason = !A.Reason.empty() ? A.Reason : B.Reason;
  return R;
}

Value unknownFrom(const Value &A, const Value &B, llvm::StringRef Fallback) {
  Value R = Value::unknown(A.isUnknown() && !A.Reason.empty()   ? A.Reason
                           : B.isUnknown() && !B.Reason.empty() ? B.Reason
                                                                 : Fallback.str());
  // Without duplicates: x = f(x, x) repeated must not double the list.
  R.Deps = A.Deps;
  for (SymbolId S : B.Deps)
    if (!llvm::is_contained(R.Deps, S))
      R.Deps.push_back(S);
  return R;
}

const Expr *strip(const Expr *E) { return E->IgnoreParens(); }

/// Symbols mentioned by a value (for the dependencies of undecided lanes).
llvm::SmallVector<SymbolId, 2> symbolsOf(const LaneInt &L) {
  llvm::SmallVector<SymbolId, 2> R;
  for (const LaneInt::Term &T : L.terms())
    R.push_back(T.Sym);
  return R;
}

bool isAssignmentLike(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isAssignmentOp();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->isPrefix() && U->isIncrementDecrementOp();
  return false;
}
} // namespace

std::string Interpreter::sourceText(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  R = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "<expr>";
  std::string S = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // Collapse whitespace.
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (C == '\n' || C == '\t' || C == ' ') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > 60)
    Out = Out.substr(0, 57) + "...";
  return Out;
}

int64_t Interpreter::sizeOf(QualType T) const {
  // Types of broken code (errors, overload sets, undeduced auto) have no size.
  if (T.isNull() || T->isPlaceholderType() || T->containsErrors() ||
      T->isUndeducedType() || T->isIncompleteType() || T->isDependentType() ||
      T->isVoidType() || T->isFunctionType() || !T->isConstantSizeType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

int64_t Interpreter::elementSize(const Value &Ptr, QualType ElemTy) const {
  if (Ptr.Base && Ptr.Base->Decl) {
    auto It = Opts.Pads.find(Ptr.Base->Decl);
    if (It != Opts.Pads.end()) {
      const auto *AT = Ctx.getAsConstantArrayType(Ptr.Base->Decl->getType());
      if (AT) {
        QualType Row = AT->getElementType();
        if (const auto *RowAT = Ctx.getAsConstantArrayType(Row))
          if (Ctx.hasSameUnqualifiedType(Row, ElemTy))
            return (RowAT->getSize().getZExtValue() + It->second) *
                   sizeOf(RowAT->getElementType());
      }
    }
  }
  return sizeOf(ElemTy);
}

// ---- Entry points -----------------------------------------------------------

Value Interpreter::eval(const Expr *E, const LaneMask &M) {
  if (!E)
    return Value::unknown("missing expression");
  if (++Steps > Opts.MaxSteps)
    return Value::unknown("analysis step budget exhausted");
  if (ExprDepth >= Opts.MaxExprDepth)
    return Value::unknown("expression nested too deeply to analyze");
  ++ExprDepth;
  Value V = evalInner(E, M);
  --ExprDepth;
  return V;
}

LaneBool Interpreter::evalCond(const Expr *E, const LaneMask &M) {
  Value V = eval(E, M);
  LaneBool B;
  B.Deps = V.Deps;
  if (V.isInt()) {
    for (unsigned K = 0; K < kWarpSize; ++K) {
      LaneBits Bit = LaneBits(1) << K;
      if (!(V.Defined & Bit))
        continue;
      bool Concrete = true;
      for (const LaneInt::Term &T : V.I.terms())
        if (T.Coef[K] != 0)
          Concrete = false;
      if (!Concrete)
        continue;
      if (V.I.consts()[K] != 0)
        B.True |= Bit;
      else
        B.False |= Bit;
    }
    for (SymbolId S : symbolsOf(V.I))
      if (!llvm::is_contained(B.Deps, S))
        B.Deps.push_back(S);
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
  return B;
}

// ---- The rules ----------------------------------------------------------------

Value Interpreter::evalInner(const Expr *E, const LaneMask &M) {
  switch (E->getStmtClass()) {
  case Stmt::ParenExprClass:
    return eval(cast<ParenExpr>(E)->getSubExpr(), M);
  case Stmt::IntegerLiteralClass:
    return Value::integer(LaneInt::constant(
        cast<IntegerLiteral>(E)->getValue().getSExtValue()));
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
    return evalCudaBuiltin(cast<PseudoObjectExpr>(E));
  case Stmt::DeclRefExprClass:
    return evalDeclRef(cast<DeclRefExpr>(E), M);
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
    return evalCall(cast<CallExpr>(E), M);
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    return evalConstruct(cast<CXXConstructExpr>(E), M);
  case Stmt::RecoveryExprClass:
    // Clang kept the pieces of an expression it could not type (e.g. a call
    // into a missing header): their memory accesses still happen.
    for (const Expr *Sub : cast<RecoveryExpr>(E)->subExpressions())
      if (Sub && !Sub->isTypeDependent() && !Sub->containsErrors() &&
          !Sub->getType()->isPlaceholderType())
        eval(Sub, M);
    return Value::unknown("expression with errors");
  case Stmt::CXXThisExprClass: {
    // `this` of the member function being run: the object's address.
    for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
      if (!F->This)
        continue;
      const LValue &Obj = *F->This;
      if (Obj.Kind == LValue::Memory)
        return Obj.Addr;
      if (Obj.Kind == LValue::Var)
        return Value::pointer(objectFor(Obj.Decl), LaneInt::constant(0));
      return Value::unknown(Obj.Reason.empty() ? "object of unknown address"
                                               : Obj.Reason);
    }
    return Value::unknown("'this' outside a member function");
  }
  default:
    break;
  }
  if (const auto *C = dyn_cast<CastExpr>(E))
    return evalCast(C, M);
  if (E->isGLValue()) {
    // An lvalue used where a value is wanted (e.g. an argument bound to a
    // reference of a builtin): reading it.
    return load(E, evalLValue(E, M), M);
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

// threadIdx / blockIdx / blockDim / gridDim: PseudoObjectExpr over an
// MSPropertyRefExpr on the builtin variable.
Value Interpreter::evalCudaBuiltin(const PseudoObjectExpr *E) {
  const auto *Prop =
      dyn_cast<MSPropertyRefExpr>(E->getSyntacticForm()->IgnoreImplicit());
  if (!Prop)
    return Value::unknown("unsupported pseudo-object expression");
  const Expr *BaseE = Prop->getBaseExpr()->IgnoreImplicit();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(BaseE))
    BaseE = OVE->getSourceExpr()->IgnoreImplicit();
  const auto *Base = dyn_cast_or_null<DeclRefExpr>(BaseE);
  if (!Base)
    return Value::unknown("unsupported property access");
  StringRef Var = Base->getDecl()->getName();
  StringRef Field = Prop->getPropertyDecl()->getName();
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (Dim == 3)
    return Value::unknown("unknown builtin field");
  if (Var == "threadIdx")
    return Value::integer(LaneInt::perLane(Tid[Dim]));
  if (Var == "blockDim")
    return Value::integer(
        LaneInt::constant(Dim == 0 ? Block.X : Dim == 1 ? Block.Y : Block.Z));
  if (Var == "blockIdx" || Var == "gridDim")
    return symbolValue((Var + "." + Field).str());
  return Value::unknown(("unsupported builtin '" + Var + "'").str());
}

Value Interpreter::evalDeclRef(const DeclRefExpr *E, const LaneMask &M) {
  const ValueDecl *D = E->getDecl();
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    return Value::integer(LaneInt::constant(EC->getInitVal().getExtValue()));
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (VD->getName() == "warpSize" && !lookup(VD))
      return Value::integer(LaneInt::constant(kWarpSize));
    if (E->isGLValue())
      return load(E, evalLValue(E, M), M);
    return readVar(VD);
  }
  if (E->getType()->isIntegralOrEnumerationType() && !E->isValueDependent() &&
      !E->containsErrors()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return Value::integer(LaneInt::constant(R.Val.getInt().getExtValue()));
  }
  return Value::unknown("reference to '" + D->getNameAsString() + "'");
}

Value Interpreter::evalCast(const CastExpr *E, const LaneMask &M) {
  const Expr *Sub = E->getSubExpr();
  QualType To = E->getType();
  switch (E->getCastKind()) {
  case CK_LValueToRValue: {
    if (isAssignmentLike(Sub)) {
      // The value of an assignment expression is the value assigned.
      return eval(Sub, M);
    }
    // Reading the reference a call returns (std::min, an accessor): the
    // call's value (an inlined callee reads the memory itself).
    if (isa<CallExpr>(Sub->IgnoreParens()))
      return eval(Sub, M);
    // A field of a kernel's by-value struct argument: a named unknown.
    if (const auto *ME = dyn_cast<MemberExpr>(strip(Sub))) {
      if (!ME->isArrow())
        if (const auto *DR = dyn_cast<DeclRefExpr>(strip(ME->getBase())))
          if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl()))
            if (Frames.size() == 1 && !lookup(P)->IsRef &&
                lookup(P)->V.isUnknown()) {
              std::string Name = sourceText(ME);
              if (To->isIntegralOrEnumerationType())
                return symbolValue(Name);
              if (To->isPointerType())
                return Value::pointer(
                    namedGlobal(Name, 256,
                                "assumed 256-byte aligned (cudaMalloc)"),
                    LaneInt::constant(0));
            }
    }
    return load(Sub, evalLValue(Sub, M), M);
  }
  case CK_NoOp:
  case CK_BitCast:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_AddressSpaceConversion:
  case CK_UncheckedDerivedToBase:
  case CK_DerivedToBase:
  case CK_BaseToDerived:
  case CK_Dynamic:
    if (E->isGLValue()) {
      // A temporary bound to a const reference: its value.
      if (const auto *MT =
              dyn_cast<MaterializeTemporaryExpr>(Sub->IgnoreParens()))
        return eval(MT->getSubExpr(), M);
      return load(E, evalLValue(E, M), M);
    }
    return eval(Sub, M);
  case CK_ArrayToPointerDecay: {
    LValue L = evalLValue(Sub, M);
    if (L.Kind == LValue::Memory)
      return L.Addr;
    if (L.Kind == LValue::Var) {
      return Value::pointer(objectFor(L.Decl), LaneInt::constant(0));
    }
    return Value::unknown(L.Reason);
  }
  case CK_FunctionToPointerDecay:
    return Value::unknown("function pointer");
  case CK_NullToPointer:
    return Value::unknown("null pointer");
  case CK_IntegralCast:
  case CK_BooleanToSignedIntegral: {
    Value V = eval(Sub, M);
    if (!V.isInt())
      return V;
    if (To->isIntegerType() && !To->isBooleanType())
      V.I = V.I.truncated(Ctx.getIntWidth(To),
                          To->isSignedIntegerOrEnumerationType());
    return V;
  }
  case CK_IntegralToBoolean:
  case CK_PointerToBoolean: {
    LaneBool B = evalCond(Sub, M);
    Value R = Value::integer(LaneInt::constant(0));
    LaneArray A;
    for (unsigned K = 0; K < kWarpSize; ++K)
      A[K] = (B.True >> K) & 1;
    R.I = LaneInt::perLane(A);
    R.Defined = B.True | B.False;
    R.UndefUniform = B.allUniform();
    R.Deps = B.Deps;
    return R;
  }
  case CK_PointerToIntegral: {
    // An address as an integer: base = align * (an unknown multiple), so
    // alignment tests such as (uintptr_t)p % 16 fold.
    Value V = eval(Sub, M);
    if (!V.isPtr())
      return Value::unknown("address of unknown origin");
    Value Addr = symbolValue("address of " + V.Base->Name + " / " +
                             std::to_string(V.Base->BaseAlign));
    if (!Addr.isInt())
      return Addr;
    std::optional<LaneInt> Scaled = mul(
        Addr.I, LaneInt::constant((int64_t)V.Base->BaseAlign));
    std::optional<LaneInt> Sum = Scaled ? add(*Scaled, V.I) : std::nullopt;
    if (!Sum)
      return Value::unknown("address arithmetic overflows");
    Value R = Value::integer(*Sum);
    R.Defined = V.Defined;
    return R;
  }
  case CK_IntegralToPointer:
    eval(Sub, M);
    return Value::unknown("pointer made from an integer");
  case CK_ToVoid:
    eval(Sub, M);
    return Value::unknown("void");
  case CK_IntegralToFloating:
  case CK_FloatingCast:
  case CK_FloatingToIntegral:
  case CK_FloatingToBoolean:
  case CK_IntegralComplexCast:
  case CK_FloatingRealToComplex:
  case CK_IntegralRealToComplex:
  default:
    eval(Sub, M);
    return Value::unknown("floating-point or converted value");
  }
}

/// U * V where U is warp-uniform and V's symbolic terms are too (only its
/// constants vary by lane), e.g. width * (blockDim.y * by + threadIdx.y):
///   U * (c_k + sum b*s) = U*c_k + sum b * (U*s)
/// U*c_k is affine (U's symbols get per-lane coefficients); each U*s is a
/// product of uniform unknowns, a named symbol.
std::optional<LaneInt> Interpreter::distributeProduct(const Value &U,
                                                      const Value &V) {
  if (!U.isInt() || !V.isInt() || !U.I.isUniform())
    return std::nullopt;
  for (const LaneInt::Term &T : V.I.terms())
    if (!llvm::all_of(T.Coef, [&](int64_t C) { return C == T.Coef[0]; }))
      return std::nullopt;
  std::optional<LaneInt> R = mul(U.I, LaneInt::perLane(V.I.consts()));
  for (const LaneInt::Term &T : V.I.terms()) {
    if (!R)
      return std::nullopt;
    Value P = opaqueSymbol(U, Value::integer(LaneInt::symbol(T.Sym)), "*");
    if (!P.isInt())
      return std::nullopt;
    std::optional<LaneInt> Part = mul(P.I, LaneInt::constant(T.Coef[0]));
    R = Part ? add(*R, *Part) : std::nullopt;
  }
  return R;
}

Value Interpreter::evalArith(BinaryOperatorKind Op, const Value &L,
                             const Value &R, QualType LTy, QualType RTy,
                             QualType ResTy) {
  // Pointer arithmetic.
  if (L.isPtr() || R.isPtr()) {
    if (L.isPtr() && R.isInt() && (Op == BO_Add || Op == BO_Sub)) {
      int64_t Size = elementSize(L, LTy->getPointeeType());
      if (Size == 0)
        return Value::unknown("pointer arithmetic on an incomplete type");
      std::optional<LaneInt> Scaled = mul(R.I, LaneInt::constant(Size));
      std::optional<LaneInt> Off =
          Scaled ? (Op == BO_Add ? add(L.I, *Scaled) : sub(L.I, *Scaled))
                 : std::nullopt;
      if (!Off)
        return Value::unknown("pointer arithmetic overflows");
      Value V = L;
      V.I = *Off;
      return derived(V, L, R);
    }
    if (R.isPtr() && L.isInt() && Op == BO_Add)
      return evalArith(Op, R, L, RTy, LTy, ResTy);
    if (L.isPtr() && R.isPtr() && Op == BO_Sub && L.Base == R.Base) {
      int64_t Size = sizeOf(LTy->getPointeeType());
      std::optional<LaneInt> D = sub(L.I, R.I);
      std::optional<LaneInt> Q = D && Size ? divConst(*D, Size) : std::nullopt;
      if (!Q)
        return Value::unknown("pointer difference");
      return derived(Value::integer(*Q), L, R);
    }
    return Value::unknown("pointer comparison or arithmetic not followed");
  }
  if (!L.isInt() || !R.isInt())
    return unknownFrom(L, R, "operand of unknown value");

  const LaneInt &A = L.I, &B = R.I;
  bool Unsigned = LTy->isUnsignedIntegerOrEnumerationType();
  unsigned Width = LTy->isIntegerType() ? std::min<unsigned>(Ctx.getIntWidth(LTy), 63) : 63;
  std::optional<int64_t> BC = B.asConstant();
  std::optional<LaneInt> Res;
  LaneBits Undef = 0; // lanes made undefined (division by zero, ...)

  // Lane-by-lane evaluation for concrete operands.
  auto PerLane = [&](auto F) -> std::optional<LaneInt> {
    if (!A.isConcrete() || !B.isConcrete())
      return std::nullopt;
    LaneArray Out;
    for (unsigned K = 0; K < kWarpSize; ++K) {
      std::optional<int64_t> V = F(A.consts()[K], B.consts()[K]);
      if (!V) {
        Undef |= LaneBits(1) << K;
        Out[K] = 0;
      } else {
        Out[K] = *V;
      }
    }
    return LaneInt::perLane(Out);
  };

  switch (Op) {
  case BO_Add:
    Res = add(A, B);
    break;
  case BO_Sub:
    Res = sub(A, B);
    break;
  case BO_Mul:
    Res = mul(A, B);
    if (!Res)
      Res = distributeProduct(L, R);
    if (!Res)
      Res = distributeProduct(R, L);
    if (!Res)
      return derived(opaqueSymbol(L, R, "*"), L, R);
    break;
  case BO_Div:
    if (BC && *BC > 0 && !A.isConcrete())
      Res = divConst(A, *BC);
    else
      Res = PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
        if (Y == 0)
          return std::nullopt;
        if (Unsigned)
          return (int64_t)((uint64_t)X / (uint64_t)Y);
        return X / Y;
      });
    break;
  case BO_Rem:
    if (BC && *BC > 0 && !A.isConcrete())
      Res = remConst(A, *BC);
    else
      Res = PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
        if (Y == 0)
          return std::nullopt;
        if (Unsigned)
          return (int64_t)((uint64_t)X % (uint64_t)Y);
        return X % Y;
      });
    break;
  case BO_Shl:
    // Shifting by the operand's width or more is undefined: such lanes are.
    if (BC && *BC >= 0 && *BC < (int64_t)Width)
      Res = mul(A, LaneInt::constant(int64_t(1) << *BC));
    else
      Res = PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
        if (Y < 0 || Y >= (int64_t)Width)
          return std::nullopt;
        return (int64_t)((uint64_t)X << Y);
      });
    break;
  case BO_Shr:
    if (BC && *BC >= 0 && *BC < (int64_t)Width && !A.isConcrete())
      Res = divConst(A, int64_t(1) << *BC);
    else
      Res = PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
        if (Y < 0 || Y >= (int64_t)Width)
          return std::nullopt;
        return Unsigned ? (int64_t)((uint64_t)X >> Y) : X >> Y;
      });
    break;
  case BO_And:
    if (BC && *BC >= 0 && llvm::isPowerOf2_64((uint64_t)*BC + 1) &&
        !A.isConcrete())
      Res = remConst(A, *BC + 1);
    else
      Res = PerLane([](int64_t X, int64_t Y) -> std::optional<int64_t> {
        return X & Y;
      });
    break;
  case BO_Or:
    Res = PerLane(
        [](int64_t X, int64_t Y) -> std::optional<int64_t> { return X | Y; });
    break;
  case BO_Xor:
    Res = PerLane(
        [](int64_t X, int64_t Y) -> std::optional<int64_t> { return X ^ Y; });
    break;
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE:
  case BO_EQ:
  case BO_NE: {
    auto Cmp = [Op](auto X, auto Y) -> int64_t {
      switch (Op) {
      case BO_LT: return X < Y;
      case BO_GT: return X > Y;
      case BO_LE: return X <= Y;
      case BO_GE: return X >= Y;
      case BO_EQ: return X == Y;
      default: return X != Y;
      }
    };
    LaneArray Out;
    Out.fill(0);
    LaneBits Decided = 0;
    std::optional<LaneInt> D = sub(A, B);
    for (unsigned K = 0; K < kWarpSize; ++K) {
      bool AC = true, BCn = true, DC = D.has_value();
      for (const LaneInt::Term &T : A.terms())
        AC &= T.Coef[K] == 0;
      for (const LaneInt::Term &T : B.terms())
        BCn &= T.Coef[K] == 0;
      if (D)
        for (const LaneInt::Term &T : D->terms())
          DC &= T.Coef[K] == 0;
      if (AC && BCn) {
        int64_t X = A.consts()[K], Y = B.consts()[K];
        Out[K] = Unsigned ? Cmp((uint64_t)X, (uint64_t)Y) : Cmp(X, Y);
      } else if (DC) {
        // Same unknown on both sides: compare the difference to zero.
        Out[K] = Cmp(D->consts()[K], (int64_t)0);
      } else {
        continue;
      }
      Decided |= LaneBits(1) << K;
    }
    Value V = derived(Value::integer(LaneInt::perLane(Out)), L, R);
    LaneBits WasDefined = V.Defined;
    V.Defined &= Decided;
    // One unknown difference in every undecided lane: a uniform condition.
    LaneBits Undecided = WasDefined & ~Decided;
    V.UndefUniform = D && Undecided && D->isUniform(Undecided) &&
                     (L.UndefUniform || (L.Defined & R.Defined) == kAllLanes);
    if (Decided != kAllLanes && D)
      for (SymbolId S : symbolsOf(*D))
        if (!llvm::is_contained(V.Deps, S))
          V.Deps.push_back(S);
    return V;
  }
  case BO_Comma:
    return R;
  default:
    return Value::unknown("unsupported operator");
  }
  if (!Res) {
    // Not affine: if both sides are warp-uniform, the result is one
    // (unknown) value per warp, a new symbol.
    if (L.I.isUniform() && R.I.isUniform())
      return derived(
          opaqueSymbol(L, R, BinaryOperator::getOpcodeStr(Op)), L, R);
    Value U = unknownFrom(L, R,
                          std::string("lane-dependent '") +
                              BinaryOperator::getOpcodeStr(Op).str() +
                              "' of an unknown value");
    for (SymbolId S : symbolsOf(A))
      if (!llvm::is_contained(U.Deps, S))
        U.Deps.push_back(S);
    for (SymbolId S : symbolsOf(B))
      if (!llvm::is_contained(U.Deps, S))
        U.Deps.push_back(S);
    return U;
  }
  Value V = derived(Value::integer(*Res), L, R);
  V.Defined &= ~Undef;
  if (ResTy->isIntegerType() && !ResTy->isBooleanType())
    V.I = V.I.truncated(Ctx.getIntWidth(ResTy),
                        ResTy->isSignedIntegerOrEnumerationType());
  return V;
}

Value Interpreter::evalBinary(const BinaryOperator *E, const LaneMask &M) {
  BinaryOperatorKind Op = E->getOpcode();
  if (E->isAssignmentOp())
    return evalAssign(E, E->getLHS(), E->getRHS(), Op, M);
  if (Op == BO_LAnd || Op == BO_LOr) {
    LaneBool A = evalCond(E->getLHS(), M);
    // The right side runs only in lanes the left side did not settle.
    LaneMask RM = intersect(M, A, Op == BO_LOr);
    LaneBool B = RM.none() ? LaneBool{} : evalCond(E->getRHS(), RM);
    LaneBits T, F;
    if (Op == BO_LAnd) {
      T = A.True & B.True;
      F = A.False | B.False;
    } else {
      T = A.True | B.True;
      F = A.False & B.False;
    }
    LaneArray Out;
    for (unsigned K = 0; K < kWarpSize; ++K)
      Out[K] = (T >> K) & 1;
    Value V = Value::integer(LaneInt::perLane(Out));
    V.Defined = T | F;
    V.UndefUniform = A.allUniform() && B.allUniform();
    V.Deps = A.Deps;
    for (SymbolId S : B.Deps)
      if (!llvm::is_contained(V.Deps, S))
        V.Deps.push_back(S);
    return V;
  }
  if (Op == BO_Comma) {
    eval(E->getLHS(), M);
    return eval(E->getRHS(), M);
  }
  Value L = eval(E->getLHS(), M);
  Value R = eval(E->getRHS(), M);
  return evalArith(Op, L, R, E->getLHS()->getType(), E->getRHS()->getType(),
                   E->getType());
}

Value Interpreter::evalAssign(const Expr *E, const Expr *LHS, const Expr *RHS,
                              BinaryOperatorKind Op, const LaneMask &M) {
  if (Op == BO_Assign) {
    Value V = eval(RHS, M);
    store(LHS, evalLValue(LHS, M), V, M);
    return V;
  }
  LValue L = evalLValue(LHS, M);
  Value Old = load(LHS, L, M);
  Value R = eval(RHS, M);
  Value New = evalArith(BinaryOperator::getOpForCompoundAssignment(Op), Old, R,
                        LHS->getType(), RHS->getType(), LHS->getType());
  store(LHS, L, New, M);
  return New;
}

Value Interpreter::evalUnary(const UnaryOperator *E, const LaneMask &M) {
  const Expr *Sub = E->getSubExpr();
  switch (E->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LValue L = evalLValue(Sub, M);
    Value Old = load(Sub, L, M);
    Value One = Value::integer(LaneInt::constant(1));
    Value New = evalArith(E->isIncrementOp() ? BO_Add : BO_Sub, Old, One,
                          Sub->getType(), Ctx.IntTy, Sub->getType());
    store(Sub, L, New, M);
    return E->isPrefix() ? New : Old;
  }
  case UO_AddrOf: {
    LValue L = evalLValue(Sub, M);
    if (L.Kind == LValue::Memory)
      return L.Addr;
    if (L.Kind == LValue::Var)
      return Value::pointer(objectFor(L.Decl), LaneInt::constant(0));
    return Value::unknown(L.Reason);
  }
  case UO_Deref:
    return load(E, evalLValue(E, M), M);
  case UO_Plus:
  case UO_Extension:
    return eval(Sub, M);
  case UO_Minus: {
    Value V = eval(Sub, M);
    if (!V.isInt())
      return V;
    return evalArith(BO_Sub, Value::integer(LaneInt::constant(0)), V,
                     Sub->getType(), Sub->getType(), E->getType());
  }
  case UO_Not: {
    Value V = eval(Sub, M);
    if (!V.isInt())
      return V;
    return evalArith(BO_Xor, V, Value::integer(LaneInt::constant(-1)),
                     Sub->getType(), Sub->getType(), E->getType());
  }
  case UO_LNot: {
    LaneBool B = evalCond(Sub, M);
    LaneArray Out;
    for (unsigned K = 0; K < kWarpSize; ++K)
      Out[K] = (B.False >> K) & 1;
    Value V = Value::integer(LaneInt::perLane(Out));
    V.Defined = B.True | B.False;
    V.UndefUniform = B.allUniform();
    V.Deps = B.Deps;
    return V;
  }
  default:
    eval(Sub, M);
    return Value::unknown("unsupported unary operator");
  }
}

Value ccl::mergeMasked(const Value &Old, const Value &New, const LaneMask &M) {
  // Every lane that may execute the assignment takes the new value: a lane
  // that does not reach it is inactive here, and where paths that did and did
  // not assign meet again, joinValues decides per lane.
  return joinValues(New, Old, M.May, ~M.May);
}

Value ccl::joinValues(const Value &A, const Value &B, LaneBits TakeA,
                      LaneBits TakeB) {
  LaneBits Open = ~(TakeA | TakeB);
  Value R;
  bool AKnown = A.Kind != Value::Unknown && (A.Defined & (TakeA | Open));
  bool BKnown = B.Kind != Value::Unknown && (B.Defined & (TakeB | Open));
  if (!AKnown && !BKnown) {
    R = A.isUnknown() ? A : B;
    R.Defined = 0;
  } else if (!BKnown) {
    R = A;
    R.Defined = A.Defined & TakeA;
  } else if (!AKnown) {
    R = B;
    R.Defined = B.Defined & TakeB;
    if (!A.Reason.empty())
      R.Reason = A.Reason;
  } else if (A.Kind == B.Kind && (A.Kind == Value::Int || A.Base == B.Base)) {
    R = A;
    R.I = LaneInt::select(TakeA | Open, A.I, B.I);
    LaneBits Agree = A.I.laneEquals(B.I);
    R.Defined = (A.Defined & TakeA) | (B.Defined & TakeB) |
                (A.Defined & B.Defined & Open & Agree);
  } else if (A.Defined & TakeA) {
    R = A;
    R.Defined = A.Defined & TakeA;
  } else {
    R = B;
    R.Defined = B.Defined & TakeB;
  }
  for (const Value *V : {&A, &B})
    for (SymbolId S : V->Deps)
      if (!llvm::is_contained(R.Deps, S))
        R.Deps.push_back(S);
  return R;
}

Value Interpreter::evalConditional(const AbstractConditionalOperator *E,
                                   const LaneMask &M) {
  LaneBool C = evalCond(E->getCond(), M);
  LaneMask MT = intersect(M, C, false), MF = intersect(M, C, true);
  Value T = MT.none() ? Value::unknown("not taken") : eval(E->getTrueExpr(), MT);
  Value F = MF.none() ? Value::unknown("not taken") : eval(E->getFalseExpr(), MF);
  // Lanes where the condition holds take T, where it fails take F; undecided
  // lanes are defined only where both agree.
  Value R = joinValues(T, F, C.True, C.False);
  if (~(C.True | C.False) & M.May)
    for (SymbolId S : C.Deps)
      if (!llvm::is_contained(R.Deps, S))
        R.Deps.push_back(S);
  return R;
}

Value Interpreter::evalConstruct(const CXXConstructExpr *E, const LaneMask &M) {
  const CXXConstructorDecl *Ctor = E->getConstructor();
  if (Ctor && (Ctor->isCopyOrMoveConstructor()) && E->getNumArgs() >= 1) {
    const Expr *Arg = E->getArg(0);
    LValue L = evalLValue(Arg, M);
    // A struct copied out of memory (float4 v = p[i]) is a load of the struct.
    if (L.Kind == LValue::Memory)
      load(Arg, L, M);
    return Value::unknown("struct value");
  }
  for (const Expr *A : E->arguments())
    eval(A, M);
  return Value::unknown("constructed object");
}

// ---- Lvalues -----------------------------------------------------------------

Interpreter::LValue Interpreter::evalLValue(const Expr *E, const LaneMask &M) {
  E = E->IgnoreParens();
  if (++Steps > Opts.MaxSteps)
    return LValue::unknown("analysis step budget exhausted");
  if (ExprDepth >= Opts.MaxExprDepth)
    return LValue::unknown("expression nested too deeply to analyze");
  struct DepthGuard {
    unsigned &D;
    DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  } Guard(ExprDepth);

  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (!VD)
      return LValue::unknown("reference to a non-variable");
    if (Binding *B = lookup(VD)) {
      if (B->IsRef)
        return B->Ref;
      LValue L;
      L.Kind = LValue::Var;
      L.Decl = VD;
      return L;
    }
    // Integer constants (constexpr, const with a constant initializer) fold,
    // even where clang made them implicitly __constant__ on the device side.
    if (VD->getType()->isIntegralOrEnumerationType() &&
        VD->getType().isConstQualified() && VD->getInit() &&
        !VD->getInit()->isValueDependent() && !VD->getInit()->containsErrors() &&
        VD->evaluateValue()) {
      LValue L;
      L.Kind = LValue::Var;
      L.Decl = VD;
      return L;
    }
    // Memory-resident variables: __shared__, __device__, __constant__.
    if (VD->hasAttr<CUDASharedAttr>() || VD->hasAttr<CUDADeviceAttr>() ||
        VD->hasAttr<CUDAConstantAttr>()) {
      LValue L;
      L.Kind = LValue::Memory;
      L.Addr = Value::pointer(objectFor(VD), LaneInt::constant(0));
      return L;
    }
    LValue L;
    L.Kind = LValue::Var;
    L.Decl = VD;
    return L;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return evalArraySubscript(AS, M);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return evalMember(ME, M);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      Value P = eval(U->getSubExpr(), M);
      if (!P.isPtr())
        return LValue::unknown(P.Reason.empty() ? "pointer of unknown origin"
                                                : P.Reason);
      LValue L;
      L.Kind = LValue::Memory;
      L.Addr = P;
      return L;
    }
    if (U->isPrefix() && U->isIncrementDecrementOp()) {
      LValue L = evalLValue(U->getSubExpr(), M);
      eval(U, M);
      return L;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      evalAssign(B, B->getLHS(), B->getRHS(), B->getOpcode(), M);
      return evalLValue(B->getLHS(), M);
    }
    if (B->getOpcode() == BO_Comma) {
      eval(B->getLHS(), M);
      return evalLValue(B->getRHS(), M);
    }
  }
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast ||
        C->getCastKind() == CK_UncheckedDerivedToBase ||
        C->getCastKind() == CK_DerivedToBase)
      return evalLValue(C->getSubExpr(), M);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    eval(MT->getSubExpr(), M);
    return LValue::unknown("temporary object");
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    eval(OC, M);
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return evalLValue(OC->getArg(0), M);
    return LValue::unknown("result of an operator call");
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
        (FD->getName() == "move" || FD->getName() == "forward") &&
        CE->getNumArgs() == 1)
      return evalLValue(CE->getArg(0), M);
    eval(E, M);
    return LValue::unknown("reference returned by a call");
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    eval(CO->getCond(), M);
    return LValue::unknown("conditional lvalue");
  }
  return LValue::unknown(std::string("unsupported lvalue (") +
                         E->getStmtClassName() + ")");
}

Interpreter::LValue Interpreter::evalArraySubscript(const ArraySubscriptExpr *E,
                                                    const LaneMask &M) {
  Value Base = eval(E->getBase(), M);
  Value Idx = eval(E->getIdx(), M);
  if (!Base.isPtr())
    return LValue::unknown(Base.Reason.empty() ? "pointer of unknown origin"
                                               : Base.Reason);
  if (!Idx.isInt()) {
    LValue L = LValue::unknown(Idx.Reason.empty() ? "index of unknown value"
                                                  : Idx.Reason);
    L.Addr = Value::pointer(Base.Base, LaneInt::constant(0));
    L.Addr.Defined = 0;
    L.Addr.Reason = L.Reason;
    L.Addr.Deps = Idx.Deps;
    L.Kind = LValue::Memory;
    return L;
  }
  int64_t Size = elementSize(Base, E->getType());
  std::optional<LaneInt> Scaled = mul(Idx.I, LaneInt::constant(Size));
  std::optional<LaneInt> Off = Scaled ? add(Base.I, *Scaled) : std::nullopt;
  LValue L;
  L.Kind = LValue::Memory;
  if (!Off) {
    L.Addr = Value::pointer(Base.Base, LaneInt::constant(0));
    L.Addr.Defined = 0;
    L.Addr.Reason = "address arithmetic overflows";
    return L;
  }
  L.Addr = derived(Value::pointer(Base.Base, *Off), Base, Idx);
  return L;
}

Interpreter::LValue Interpreter::evalMember(const MemberExpr *E,
                                            const LaneMask &M) {
  const ValueDecl *Member = E->getMemberDecl();
  if (!isa<FieldDecl>(Member) && !isa<IndirectFieldDecl>(Member))
    return LValue::unknown("member is not a field");
  int64_t Off = Ctx.getFieldOffset(Member) / Ctx.getCharWidth();
  Value Base;
  if (E->isArrow()) {
    Base = eval(E->getBase(), M);
  } else {
    LValue L = evalLValue(E->getBase(), M);
    if (L.Kind != LValue::Memory) {
      if (L.Kind == LValue::Var)
        return LValue::unknown("field of a local object");
      return L;
    }
    Base = L.Addr;
  }
  if (!Base.isPtr())
    return LValue::unknown(Base.Reason.empty() ? "object of unknown address"
                                               : Base.Reason);
  std::optional<LaneInt> NewOff = add(Base.I, LaneInt::constant(Off));
  if (!NewOff)
    return LValue::unknown("address arithmetic overflows");
  LValue L;
  L.Kind = LValue::Memory;
  L.Addr = Base;
  L.Addr.I = *NewOff;
  return L;
}

// ---- Calls ------------------------------------------------------------------

static bool startsWithAny(StringRef N, std::initializer_list<StringRef> Ps) {
  for (StringRef P : Ps)
    if (N.starts_with(P))
      return true;
  return false;
}

Value Interpreter::evalCall(const CallExpr *E, const LaneMask &M) {
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E)) {
    // A launch in host code run by runHost: report its block shape.
    if (OnLaunch && K->getConfig() && K->getConfig()->getNumArgs() >= 2)
      OnLaunch(K, evalDim3(K->getConfig()->getArg(1), M));
    return Value::unknown("kernel launch");
  }
  const FunctionDecl *FD = E->getDirectCallee();
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());

  // A trivial copy or move assignment of a struct: load the source, store the
  // destination.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
    if (OC->getOperator() == OO_Equal && MD &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
        MD->isTrivial() && Args.size() == 2) {
      LValue Src = evalLValue(Args[1], M);
      if (Src.Kind == LValue::Memory)
        load(Args[1], Src, M);
      LValue Dst = evalLValue(Args[0], M);
      store(Args[0], Dst, Value::unknown("struct value"), M);
      return Value::unknown("struct value");
    }
  }
  if (!FD) {
    for (const Expr *A : Args)
      eval(A, M);
    return Value::unknown("indirect call");
  }
  StringRef Name = FD->getIdentifier() ? FD->getName() : StringRef();

  // CUDA intrinsics the model knows.
  if (startsWithAny(Name, {"__syncthreads", "__syncwarp", "__threadfence",
                           "__builtin_assume", "__trap", "assert"})) {
    for (const Expr *A : Args)
      eval(A, M);
    return Value::unknown("void");
  }
  bool IsAtomic = Name.starts_with("atomic") || Name.starts_with("__nv_atomic");
  bool IsLdg = startsWithAny(Name, {"__ldg", "__ldcg", "__ldca", "__ldcs",
                                    "__ldlu", "__ldcv"});
  bool IsSt = startsWithAny(Name, {"__stcg", "__stcs", "__stwb", "__stwt"});
  if ((IsAtomic || IsLdg || IsSt) && !Args.empty() &&
      Args[0]->getType()->isPointerType()) {
    Value P = eval(Args[0], M);
    LValue L;
    if (P.isPtr()) {
      L.Kind = LValue::Memory;
      L.Addr = P;
    } else {
      L = LValue::unknown(P.Reason.empty() ? "pointer of unknown origin"
                                           : P.Reason);
    }
    for (size_t I = 1; I < Args.size(); ++I)
      eval(Args[I], M);
    QualType Ty = Args[0]->getType()->getPointeeType();
    if (IsAtomic)
      record(E, AccessOp::Atomic, L, Ty, M);
    else if (IsLdg)
      return load(E, L, M);
    else
      record(E, AccessOp::Store, L, Ty, M);
    return Value::unknown("value loaded from memory");
  }
  if ((Name == "min" || Name == "max" || Name == "umin" || Name == "umax" ||
       Name == "llmin" || Name == "llmax" || Name == "ullmin" ||
       Name == "ullmax") &&
      Args.size() == 2) {
    Value A = eval(Args[0], M), B = eval(Args[1], M);
    if (A.isInt() && B.isInt()) {
      bool IsMin = Name.contains("min");
      std::optional<LaneInt> R = LaneInt::laneWise(
          A.I, B.I, [IsMin](int64_t X, int64_t Y) -> std::optional<int64_t> {
            return IsMin ? std::min(X, Y) : std::max(X, Y);
          });
      if (R)
        return derived(Value::integer(*R), A, B);
      if (A.I.isUniform() && B.I.isUniform())
        return derived(opaqueSymbol(A, B, IsMin ? "min" : "max"), A, B);
    }
    return unknownFrom(A, B, ("result of '" + Name + "'").str());
  }

  // std::move / std::forward: the argument itself.
  if ((Name == "move" || Name == "forward") && Args.size() == 1 &&
      FD->isInStdNamespace())
    return eval(Args[0], M);

  // User code with a body: inline it. Member functions, functors and
  // lambdas run with `this` bound to their object.
  const FunctionDecl *Def = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (FD->hasBody(Def) && Def &&
      !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()))) {
    const auto *MD = dyn_cast<CXXMethodDecl>(Def);
    if (!MD || MD->isStatic())
      return callFunction(Def, Args, E, M);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const Expr *Obj = MC->getImplicitObjectArgument();
      LValue This;
      if (Obj && Obj->getType()->isPointerType()) {
        Value P = eval(Obj, M);
        This = P.isPtr() ? LValue{LValue::Memory, P, nullptr, ""}
                         : LValue::unknown("object of unknown address");
      } else if (Obj) {
        This = evalLValue(Obj, M);
      }
      return callFunction(Def, Args, E, M, This);
    }
    if (isa<CXXOperatorCallExpr>(E) && !Args.empty()) {
      LValue This = evalLValue(Args[0], M);
      return callFunction(Def, llvm::ArrayRef(Args).drop_front(), E, M, This);
    }
  }

  // Anything else (math functions, library code): evaluate the arguments for
  // their accesses; the result is unknown.
  for (const Expr *A : Args)
    eval(A, M);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    eval(MC->getImplicitObjectArgument(), M);
  return Value::unknown(("result of '" + FD->getNameAsString() + "'"));
}
