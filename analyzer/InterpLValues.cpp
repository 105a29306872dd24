//===- InterpLValues.cpp - Lvalues: what an expression refers to ----------===//
//
// An lvalue is memory (a pointer Value: an object and a byte offset per
// lane), a local variable, or Unknown. evalLValue has the rule for each
// lvalue expression kind:
//   DeclRefExpr           a local or parameter (Var); __shared__, __device__
//                         and __constant__ variables are memory objects
//   ArraySubscriptExpr    base + index * sizeof(element)
//   MemberExpr            base + the field's offset in the record layout
//   *p                    the pointer's value
// Reading or writing memory is in InterpMemory.cpp, local variables and
// local objects in InterpLocals.cpp.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

// ---- Lvalues
// ------------------------------------------------------------------

MemoryRules::LValue MemoryRules::evalLValue(const Expr *E, const LaneMask &M) {
  E = E->IgnoreParens();
  if (++I.Steps > I.Opts.MaxSteps)
    return LValue::unknown("analysis step budget exhausted");
  if (I.ExprDepth >= I.Opts.MaxExprDepth)
    return LValue::unknown("expression nested too deeply to analyze");
  struct DepthGuard {
    unsigned &D;
    DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  } Guard(I.ExprDepth);
  // The warp index in an address (a subscript, a member of a pointer) is
  // pointer arithmetic (checked per warp by evalArith); the lvalue itself is
  // read, written or bound, which the access events and the local-memory
  // rules handle: not a value the enclosing expression's rule decides on
  // (InterpWarpIndex.cpp, consumesWarpIndex).
  WarpIndexRun::KeepSeen KeepW(I.WarpRun);

  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return evalVarLValue(DR);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return evalArraySubscript(AS, M);
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return evalMember(ME, M);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return evalUnaryLValue(U, M);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      I.evalAssign(B, B->getLHS(), B->getRHS(), B->getOpcode(), M);
      return evalLValue(B->getLHS(), M);
    }
    if (B->getOpcode() == BO_Comma) {
      I.eval(B->getLHS(), M);
      return evalLValue(B->getRHS(), M);
    }
  }
  if (const auto *C = dyn_cast<CastExpr>(E))
    if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast ||
        C->getCastKind() == CK_UncheckedDerivedToBase ||
        C->getCastKind() == CK_DerivedToBase)
      return evalLValue(C->getSubExpr(), M);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    I.eval(MT->getSubExpr(), M);
    return LValue::unknown("temporary object");
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCallLValue(CE, M);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return evalConditionalLValue(CO, M);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    I.eval(CO->getCond(), M);
    return LValue::unknown("conditional lvalue");
  }
  return LValue::unknown(std::string("unsupported lvalue (") +
                         E->getStmtClassName() + ")");
}

/// `c ? bufB : bufA` as an lvalue (ping-pong buffers picked per k-tile):
/// each arm in the lanes that take it; one object where both arms name it,
/// or the either-object of two (selectPointers) when the whole warp picks
/// together.
MemoryRules::LValue
MemoryRules::evalConditionalLValue(const ConditionalOperator *CO,
                                   const LaneMask &M) {
  LaneBool C = I.evalCond(CO->getCond(), M);
  LaneMask MT = intersect(M, C, false), MF = intersect(M, C, true);
  if (MF.none())
    return evalLValue(CO->getTrueExpr(), MT);
  if (MT.none())
    return evalLValue(CO->getFalseExpr(), MF);
  LValue T = evalLValue(CO->getTrueExpr(), MT);
  LValue F = evalLValue(CO->getFalseExpr(), MF);
  if (T.Kind != LValue::Memory || F.Kind != LValue::Memory)
    return LValue::unknown("conditional lvalue");
  if (std::optional<Value> Both = selectPointers(T.Addr, F.Addr, C, M))
    return LValue::memory(*Both);
  return LValue::unknown("conditional lvalue");
}

void MemoryRules::loadCopied(const Expr *Src, const LaneMask &M,
                             bool Unfollowed) {
  if (const auto *CO = dyn_cast<ConditionalOperator>(Src->IgnoreParens())) {
    LaneBool C = I.evalCond(CO->getCond(), M);
    LaneMask MT = intersect(M, C, false), MF = intersect(M, C, true);
    if (!MT.none())
      loadCopied(CO->getTrueExpr(), MT, Unfollowed);
    if (!MF.none())
      loadCopied(CO->getFalseExpr(), MF, Unfollowed);
    return;
  }
  LValue L = evalLValue(Src, M);
  if (L.Kind == LValue::Memory || (Unfollowed && L.Kind != LValue::Var))
    load(Src, L, M);
}

/// `c ? A : B` for values: \p A in the lanes where \p C holds, \p B where
/// it does not; lanes it leaves undecided depend on the condition's
/// symbols.
Value MemoryRules::selectValues(const Value &A, const Value &B,
                                const LaneBool &C, const LaneMask &M) {
  Value R = Value::join(A, B, C.True, C.False);
  if (I.WarpRun.mentionsW(A) || I.WarpRun.mentionsW(B))
    R = I.WarpRun.perWarp(
        &R,
        [&](int64_t W) {
          return Value::join(I.WarpRun.warpAt(A, W), I.WarpRun.warpAt(B, W),
                             C.True, C.False);
        },
        "a '?:'");
  if (~(C.True | C.False) & M.May)
    appendDeps(R.Deps, C.Deps);
  return R;
}

/// The pointer `c ? A : B` where the two point into different objects of
/// one memory space: when every active lane takes the same arm (an
/// undecided, warp-uniform condition) and both arms have the same offsets,
/// the lanes' addresses have the same form whichever object it is, so the
/// access is costed on one object standing for both ("bufB or bufA", with
/// the weaker alignment of the two). Otherwise nothing is derived.
std::optional<Value> MemoryRules::selectPointers(const Value &A, const Value &B,
                                                 const LaneBool &C,
                                                 const LaneMask &M) {
  if (!A.isPtr() || !B.isPtr())
    return std::nullopt;
  if (A.Base == B.Base)
    return selectValues(A, B, C, M);
  const MemObject *OA = A.Base, *OB = B.Base;
  if (!OA || !OB || OA->Space != OB->Space ||
      (OA->Space != MemObject::Shared && OA->Space != MemObject::Global))
    return std::nullopt;
  if (I.WarpRun.mentionsW(A) || I.WarpRun.mentionsW(B))
    I.WarpRun.escape("pointers into two objects selected by the warp index");
  if (((C.True | C.False) & M.May) || !C.allUniform())
    return std::nullopt;
  LaneBits Same = A.I.laneEquals(B.I) & A.Defined & B.Defined;
  if ((M.May & ~Same) != 0)
    return std::nullopt;
  const MemObject *Either = I.Mem.eitherOf(OA, OB);
  Value R = A;
  R.Base = Either;
  appendDeps(R.Deps, B.Deps);
  return R;
}

MemoryRules::LValue MemoryRules::evalVarLValue(const DeclRefExpr *E) {
  const auto *VD = dyn_cast<VarDecl>(E->getDecl());
  if (!VD)
    return LValue::unknown("reference to a non-variable");
  if (Binding *B = lookup(VD))
    return B->IsRef ? B->Ref : LValue::var(VD);
  // Integer constants (constexpr, const with a constant initializer) fold,
  // even where clang made them implicitly __constant__ on the device side.
  if (VD->getType()->isIntegralOrEnumerationType() &&
      VD->getType().isConstQualified() && VD->getInit() &&
      !VD->getInit()->isValueDependent() && !VD->getInit()->containsErrors() &&
      VD->evaluateValue())
    return LValue::var(VD);
  // Memory-resident variables: __shared__, __device__, __constant__.
  // threadIdx and friends are special registers, not memory.
  if (isCudaBuiltinVar(VD))
    return LValue::unknown("a CUDA builtin index variable");
  if (VD->hasAttr<CUDASharedAttr>() || VD->hasAttr<CUDADeviceAttr>() ||
      VD->hasAttr<CUDAConstantAttr>())
    return LValue::memory(
        Value::pointer(I.Mem.objectFor(VD), LaneInt::constant(0)));
  return LValue::var(VD);
}

MemoryRules::LValue MemoryRules::evalUnaryLValue(const UnaryOperator *E,
                                                 const LaneMask &M) {
  if (E->getOpcode() == UO_Deref) {
    Value P = I.eval(E->getSubExpr(), M);
    if (!P.isPtr())
      return LValue::unknown(P.Reason.empty() ? "pointer of unknown origin"
                                              : P.Reason);
    return LValue::memory(P);
  }
  if (E->isPrefix() && E->isIncrementDecrementOp()) {
    LValue L = evalLValue(E->getSubExpr(), M);
    I.eval(E, M);
    return L;
  }
  return LValue::unknown("unsupported lvalue (UnaryOperator)");
}

MemoryRules::LValue MemoryRules::evalCallLValue(const CallExpr *E,
                                                const LaneMask &M) {
  // A user function returning a reference (an operator[] of a __shared__
  // struct, an accessor): inline it and take the lvalue it returns, so a
  // store through it is a store to that memory, in that memory's space.
  const FunctionDecl *FD = E->getDirectCallee();
  const FunctionDecl *Def = followedDefinition(FD, I.Ctx.getSourceManager());
  if (FD && FD->getReturnType()->isReferenceType() && Def &&
      !(isa<CXXOperatorCallExpr>(E) &&
        cast<CXXOperatorCallExpr>(E)->isAssignmentOp())) {
    I.Call.WantRefFor = Def;
    I.Call.LastRetRef.reset();
    I.eval(E, M);
    I.Call.WantRefFor = nullptr;
    std::optional<LValue> R = std::move(I.Call.LastRetRef);
    I.Call.LastRetRef.reset();
    if (R)
      return *R;
    return LValue::unknown("reference returned by a call");
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    I.eval(OC, M);
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return evalLValue(OC->getArg(0), M);
    return LValue::unknown("result of an operator call");
  }
  if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
      (FD->getName() == "move" || FD->getName() == "forward") &&
      E->getNumArgs() == 1)
    return evalLValue(E->getArg(0), M);
  I.eval(E, M);
  return LValue::unknown("reference returned by a call");
}

MemoryRules::LValue MemoryRules::evalArraySubscript(const ArraySubscriptExpr *E,
                                                    const LaneMask &M) {
  Value Base = I.eval(E->getBase(), M);
  Value Idx = I.eval(E->getIdx(), M);
  if (!Base.isPtr())
    return LValue::unknown(Base.Reason.empty() ? "pointer of unknown origin"
                                               : Base.Reason);
  if (!Idx.isInt()) {
    LValue L = LValue::unknown(Idx.Reason.empty() ? "index of unknown value"
                                                  : Idx.Reason);
    L.Addr = Value::pointer(Base.Base, LaneInt::constant(0));
    L.Addr.Defined = 0;
    L.Addr.OtherObjects = Base.OtherObjects;
    L.Addr.Reason = L.Reason;
    L.Addr.Deps = Idx.Deps;
    L.Kind = LValue::Memory;
    return L;
  }
  int64_t Size = elementSize(Base, E->getType());
  std::optional<LaneInt> Scaled = mul(Idx.I, LaneInt::constant(Size));
  std::optional<LaneInt> Off = Scaled ? add(Base.I, *Scaled) : std::nullopt;
  if (!Off) {
    LValue L = LValue::memory(Value::pointer(Base.Base, LaneInt::constant(0)));
    L.Addr.Defined = 0;
    L.Addr.OtherObjects = Base.OtherObjects;
    L.Addr.Reason = "address arithmetic overflows";
    return L;
  }
  return LValue::memory(derived(Value::pointer(Base.Base, *Off), Base, Idx));
}

MemoryRules::LValue MemoryRules::evalMember(const MemberExpr *E,
                                            const LaneMask &M) {
  const ValueDecl *Member = E->getMemberDecl();
  if (!isa<FieldDecl>(Member) && !isa<IndirectFieldDecl>(Member))
    return LValue::unknown("member is not a field");
  int64_t Off = I.Ctx.getFieldOffset(Member) / I.Ctx.getCharWidth();
  Value Base;
  if (E->isArrow()) {
    Base = I.eval(E->getBase(), M);
  } else {
    LValue L = evalLValue(E->getBase(), M);
    if (L.Kind == LValue::Var)
      // A field of a local object: local memory, known field by field
      // (Binding::Elems).
      return referredBy(E,
                        LValue::memory(Value::pointer(I.Mem.objectFor(L.Decl),
                                                      LaneInt::constant(Off))),
                        M);
    if (L.Kind != LValue::Memory)
      return L;
    Base = L.Addr;
  }
  if (!Base.isPtr())
    return LValue::unknown(Base.Reason.empty() ? "object of unknown address"
                                               : Base.Reason);
  std::optional<LaneInt> NewOff = add(Base.I, LaneInt::constant(Off));
  if (!NewOff)
    return LValue::unknown("address arithmetic overflows");
  LValue L = LValue::memory(Base);
  L.Addr.I = *NewOff;
  return referredBy(E, L, M);
}

/// A field of reference type designates what the reference is bound to,
/// not the field's own storage: the address kept in a local object's
/// element (bound by an aggregate initializer, initElems), else unknown.
MemoryRules::LValue MemoryRules::referredBy(const MemberExpr *E,
                                            const LValue &Field,
                                            const LaneMask &M) {
  const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
  if (!FD || !FD->getType()->isReferenceType())
    return Field;
  if (Field.Kind == LValue::Memory && Field.Addr.Base &&
      Field.Addr.Base->Space == MemObject::Local)
    if (std::optional<Value> P = loadLocal(
            Field.Addr,
            I.Ctx.getPointerType(FD->getType().getNonReferenceType()), M))
      if (P->isPtr() && P->definedIn(M.May))
        return LValue::memory(*P);
  // Bound where the analysis did not follow (a constructor): a read gives
  // no value; a member of a local object stays a local access (no request),
  // at no known place.
  if (Field.Kind == LValue::Memory && Field.Addr.Base &&
      Field.Addr.Base->Space == MemObject::Local) {
    LValue L = Field;
    L.Addr.Defined = 0;
    L.Addr.Reason = "reference member not followed";
    return L;
  }
  return LValue::unknown("reference member not followed");
}

Value MemoryRules::addressOf(const LValue &L) {
  if (L.Kind == LValue::Memory)
    return L.Addr;
  if (L.Kind == LValue::Var)
    return Value::pointer(I.Mem.objectFor(L.Decl), LaneInt::constant(0));
  return Value::unknown(L.Reason);
}
