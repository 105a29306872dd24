//===- InterpCasts.cpp - The rule for each cast kind ----------------------===//
//
// Every CastExpr (implicit or written) by its CastKind:
//   LValueToRValue        a load of a memory lvalue (InterpMemory.cpp), or a
//                         variable's value; a field of a kernel's by-value
//                         struct argument is a named unknown
//   NoOp, BitCast, ...    the operand (pointer casts keep object and offset)
//   ArrayToPointerDecay   the array's address
//   IntegralCast          wraps concrete lanes to the destination width
//   ...ToBoolean          0/1 per lane where the operand is decided
//   PointerToIntegral     base = alignment * (an unknown multiple) + offset,
//                         so alignment tests like (uintptr_t)p % 16 fold
//   floating point, integer to pointer, ...   Unknown
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

namespace {
const Expr *strip(const Expr *E) { return E->IgnoreParens(); }

/// Every use of \p P in \p S reads a field of it (`p.a.b` under an
/// lvalue-to-rvalue conversion): no assignment, increment, address, call
/// or reference binding can change it.
bool onlyFieldReads(const Stmt *S, const ParmVarDecl *P) {
  if (!S)
    return true;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S))
    if (ICE->getCastKind() == CK_LValueToRValue) {
      const Expr *E = strip(ICE->getSubExpr());
      bool Member = false;
      while (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          break;
        Member = true;
        E = strip(ME->getBase());
      }
      if (const auto *DR = dyn_cast<DeclRefExpr>(E))
        if (Member && DR->getDecl() == P)
          return true;
    }
  if (const auto *DR = dyn_cast<DeclRefExpr>(S))
    return DR->getDecl() != P;
  // Passed to a const reference (a call, a copy): read.
  auto IsP = [P](const Expr *A) {
    const auto *DR = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
    return DR && DR->getDecl() == P;
  };
  auto ConstRef = [](QualType T) {
    return T->isReferenceType() && T.getNonReferenceType().isConstQualified();
  };
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (!(Ctor && I < Ctor->getNumParams() &&
            ConstRef(Ctor->getParamDecl(I)->getType()) && IsP(CE->getArg(I))) &&
          !onlyFieldReads(CE->getArg(I), P))
        return false;
    return true;
  }
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (FD && !isa<CXXMemberCallExpr>(Call) && !isa<CXXOperatorCallExpr>(Call)) {
    if (!onlyFieldReads(Call->getCallee(), P))
      return false;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (!(I < FD->getNumParams() &&
            ConstRef(FD->getParamDecl(I)->getType()) && IsP(Call->getArg(I))) &&
          !onlyFieldReads(Call->getArg(I), P))
        return false;
    return true;
  }
  for (const Stmt *C : S->children())
    if (!onlyFieldReads(C, P))
      return false;
  return true;
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

Value Interpreter::evalCast(const CastExpr *E, const LaneMask &M) {
  const Expr *Sub = E->getSubExpr();
  QualType To = E->getType();
  switch (E->getCastKind()) {
  case CK_LValueToRValue:
    return evalLValueToRValue(E, M);
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
      return Memory.load(E, Memory.evalLValue(E, M), M);
    }
    return eval(Sub, M);
  case CK_ArrayToPointerDecay:
    return Memory.addressOf(Memory.evalLValue(Sub, M));
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
      V.I = WarpRun.truncate(V.I, Ctx.getIntWidth(To),
                             To->isSignedIntegerOrEnumerationType());
    return V;
  }
  case CK_IntegralToBoolean:
  case CK_PointerToBoolean: {
    LaneBool B = evalCond(Sub, M);
    return boolValue(B.True, B.True | B.False, B.allUniform(), B.Deps);
  }
  case CK_PointerToIntegral:
    return evalPointerToIntegral(E, M);
  case CK_IntegralToPointer:
    eval(Sub, M);
    return Value::unknown("pointer made from an integer");
  case CK_ToVoid:
    eval(Sub, M);
    return Value::unknown("void");
  default: // floating point, complex, ...
    eval(Sub, M);
    return Value::unknown("floating-point or converted value");
  }
}

Value Interpreter::evalLValueToRValue(const CastExpr *E, const LaneMask &M) {
  return evalRValueOf(E->getSubExpr(), E->getType(), M);
}

Value Interpreter::evalRValueOf(const Expr *Sub, QualType To,
                                const LaneMask &M) {
  // `c ? a[i] : b[i]` read as a value: each arm is a load in the lanes that
  // take it (the conditional lvalue itself is no memory location).
  if (const auto *CO = dyn_cast<ConditionalOperator>(Sub->IgnoreParens())) {
    LaneBool C = evalCond(CO->getCond(), M);
    LaneMask MT = intersect(M, C, false), MF = intersect(M, C, true);
    Value T = MT.none() ? Value::unknown("not taken")
                        : evalRValueOf(CO->getTrueExpr(), To, MT);
    Value F = MF.none() ? Value::unknown("not taken")
                        : evalRValueOf(CO->getFalseExpr(), To, MF);
    if (std::optional<Value> P = Memory.selectPointers(T, F, C, M))
      return *P;
    return Memory.selectValues(T, F, C, M);
  }
  if (isAssignmentLike(Sub)) {
    // The value of an assignment expression is the value assigned.
    return eval(Sub, M);
  }
  // Reading the reference a call returns (std::min, an accessor): the
  // call's value (an inlined callee reads the memory itself; a load of the
  // lvalue it returns is the caller's, at the call: Frame::ReadAt).
  if (const auto *CE = dyn_cast<CallExpr>(Sub->IgnoreParens())) {
    // (Saved and restored: an argument may read another such call first.)
    auto Saved = std::make_pair(Call.ReadAtFor, Call.ReadAtCall);
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getReturnType()->isReferenceType())
      if (const FunctionDecl *Def =
              followedDefinition(FD, Ctx.getSourceManager())) {
        Call.ReadAtFor = Def;
        Call.ReadAtCall = CE;
      }
    Value V = eval(Sub, M);
    std::tie(Call.ReadAtFor, Call.ReadAtCall) = Saved;
    return V;
  }
  // A field of the dim3 a cooperative groups call returns
  // (block.thread_index().x): InterpGroups.cpp.
  if (const auto *ME = dyn_cast<MemberExpr>(strip(Sub)))
    if (!ME->isArrow())
      if (const auto *CE = dyn_cast<CallExpr>(ME->getBase()->IgnoreImplicit()))
        if (ME->getMemberDecl()->getIdentifier()) {
          StringRef F = ME->getMemberDecl()->getName();
          unsigned Dim = F == "x" ? 0 : F == "y" ? 1 : F == "z" ? 2 : 3;
          if (std::optional<Value> V = WarpCall.evalGroupDim3Field(CE, Dim, M))
            return *V;
        }
  // A field of a kernel's by-value struct argument: a named unknown.
  if (const auto *ME = dyn_cast<MemberExpr>(strip(Sub))) {
    if (!ME->isArrow())
      if (const auto *DR = dyn_cast<DeclRefExpr>(strip(ME->getBase())))
        if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl()))
          // Only while no code can have written it: `a.n = threadIdx.x;`
          // changes what a.n reads.
          if (Frames.size() == 1 && !Memory.lookup(P)->IsRef &&
              Memory.lookup(P)->V.isUnknown() &&
              onlyFieldReads(Frames[0].Fn->getBody(), P)) {
            std::string Name = Symbols.sourceText(ME);
            std::string Key;
            llvm::raw_string_ostream OS(Key);
            OS << "field " << (const void *)P << " "
               << (const void *)ME->getMemberDecl();
            if (To->isIntegralOrEnumerationType())
              return Symbols.symbolValue(
                  Name, Key, To->isUnsignedIntegerOrEnumerationType());
            if (To->isPointerType())
              return Value::pointer(
                  Mem.namedGlobal(Name, 256,
                                  "assumed 256-byte aligned (cudaMalloc)", Key),
                  LaneInt::constant(0));
          }
  }
  return Memory.load(Sub, Memory.evalLValue(Sub, M), M);
}

Value Interpreter::evalPointerToIntegral(const CastExpr *E, const LaneMask &M) {
  // An address as an integer: base = align * (an unknown multiple), so
  // alignment tests such as (uintptr_t)p % 16 fold.
  Value V = eval(E->getSubExpr(), M);
  if (!V.isPtr())
    return Value::unknown("address of unknown origin");
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  OS << "address " << (const void *)V.Base;
  Value Addr = Symbols.symbolValue("address of " + V.Base->Name + " / " +
                                       std::to_string(V.Base->BaseAlign),
                                   Key, /*NonNeg=*/true);
  if (!Addr.isInt())
    return Addr;
  std::optional<LaneInt> Scaled =
      mul(Addr.I, LaneInt::constant((int64_t)V.Base->BaseAlign));
  std::optional<LaneInt> Sum = Scaled ? add(*Scaled, V.I) : std::nullopt;
  if (!Sum)
    return Value::unknown("address arithmetic overflows");
  Value R = Value::integer(*Sum);
  R.Defined = V.Defined;
  return R;
}
