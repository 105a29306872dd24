//===- InterpMemory.cpp - Lvalues, variables, memory objects and accesses -===//
//
// An lvalue is memory (a pointer Value: an object and a byte offset per
// lane), a local variable, or Unknown. evalLValue has the rule for each
// lvalue expression kind:
//   DeclRefExpr           a local or parameter (Var); __shared__, __device__
//                         and __constant__ variables are memory objects
//   ArraySubscriptExpr    base + index * sizeof(element)
//   MemberExpr            base + the field's offset in the record layout
//   *p                    the pointer's value
// Reading (load) or writing (store) a memory lvalue records an AccessEvent
// (record); local variables live in the frame (readVar, writeVar).
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

// ---- Lvalues
// ------------------------------------------------------------------

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
  // The warp index in an address (a subscript, a member of a pointer) is
  // pointer arithmetic (checked per warp by evalArith); the lvalue itself is
  // read, written or bound, which the access events and the local-memory
  // rules handle: not a value the enclosing expression's rule decides on
  // (InterpWarpIndex.cpp, consumesWarpIndex).
  struct ChildWGuard {
    bool &Flag, Saved;
    ChildWGuard(bool &F) : Flag(F), Saved(F) {}
    ~ChildWGuard() { Flag = Saved; }
  } KeepW(WI.ChildW);

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
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return evalCallLValue(CE, M);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return evalConditionalLValue(CO, M);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    eval(CO->getCond(), M);
    return LValue::unknown("conditional lvalue");
  }
  return LValue::unknown(std::string("unsupported lvalue (") +
                         E->getStmtClassName() + ")");
}

/// `c ? bufB : bufA` as an lvalue (ping-pong buffers picked per k-tile):
/// each arm in the lanes that take it; one object where both arms name it,
/// or the either-object of two (selectPointers) when the whole warp picks
/// together.
Interpreter::LValue
Interpreter::evalConditionalLValue(const ConditionalOperator *CO,
                                   const LaneMask &M) {
  LaneBool C = evalCond(CO->getCond(), M);
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

/// `c ? A : B` for values: \p A in the lanes where \p C holds, \p B where
/// it does not; lanes it leaves undecided depend on the condition's
/// symbols.
Value Interpreter::selectValues(const Value &A, const Value &B,
                                const LaneBool &C, const LaneMask &M) {
  Value R = Value::join(A, B, C.True, C.False);
  if (mentionsW(A) || mentionsW(B))
    R = perWarp(
        &R,
        [&](int64_t W) {
          return Value::join(warpAt(A, W), warpAt(B, W), C.True, C.False);
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
std::optional<Value> Interpreter::selectPointers(const Value &A, const Value &B,
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
  if (mentionsW(A) || mentionsW(B))
    warpEscape("pointers into two objects selected by the warp index");
  if (((C.True | C.False) & M.May) || !C.allUniform())
    return std::nullopt;
  LaneBits Same = A.I.laneEquals(B.I) & A.Defined & B.Defined;
  if ((M.May & ~Same) != 0)
    return std::nullopt;
  std::string Key = "either " + std::to_string((uintptr_t)OA) + " " +
                    std::to_string((uintptr_t)OB);
  const MemObject *&Either = AnonObjects[Key];
  if (!Either) {
    Objects.push_back(MemObject{});
    MemObject &O = Objects.back();
    O.Space = OA->Space;
    O.Name = OA->Name + " or " + OB->Name;
    O.Dynamic = OA->Dynamic || OB->Dynamic;
    const MemObject *Weak = OA->BaseAlign <= OB->BaseAlign ? OA : OB;
    O.BaseAlign = Weak->BaseAlign;
    O.AlignReason = Weak->AlignReason;
    Either = &O;
  }
  Value R = A;
  R.Base = Either;
  appendDeps(R.Deps, B.Deps);
  return R;
}

Interpreter::LValue Interpreter::evalVarLValue(const DeclRefExpr *E) {
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
    return LValue::memory(Value::pointer(objectFor(VD), LaneInt::constant(0)));
  return LValue::var(VD);
}

Interpreter::LValue Interpreter::evalUnaryLValue(const UnaryOperator *E,
                                                 const LaneMask &M) {
  if (E->getOpcode() == UO_Deref) {
    Value P = eval(E->getSubExpr(), M);
    if (!P.isPtr())
      return LValue::unknown(P.Reason.empty() ? "pointer of unknown origin"
                                              : P.Reason);
    return LValue::memory(P);
  }
  if (E->isPrefix() && E->isIncrementDecrementOp()) {
    LValue L = evalLValue(E->getSubExpr(), M);
    eval(E, M);
    return L;
  }
  return LValue::unknown("unsupported lvalue (UnaryOperator)");
}

Interpreter::LValue Interpreter::evalCallLValue(const CallExpr *E,
                                                const LaneMask &M) {
  // A user function returning a reference (an operator[] of a __shared__
  // struct, an accessor): inline it and take the lvalue it returns, so a
  // store through it is a store to that memory, in that memory's space.
  const FunctionDecl *FD = E->getDirectCallee();
  const FunctionDecl *Def = followedDefinition(FD, Ctx.getSourceManager());
  if (FD && FD->getReturnType()->isReferenceType() && Def &&
      !(isa<CXXOperatorCallExpr>(E) &&
        cast<CXXOperatorCallExpr>(E)->isAssignmentOp())) {
    WantRefFor = Def;
    LastRetRef.reset();
    eval(E, M);
    WantRefFor = nullptr;
    std::optional<LValue> R = std::move(LastRetRef);
    LastRetRef.reset();
    if (R)
      return *R;
    return LValue::unknown("reference returned by a call");
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    eval(OC, M);
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2)
      return evalLValue(OC->getArg(0), M);
    return LValue::unknown("result of an operator call");
  }
  if (FD && FD->isInStdNamespace() && FD->getIdentifier() &&
      (FD->getName() == "move" || FD->getName() == "forward") &&
      E->getNumArgs() == 1)
    return evalLValue(E->getArg(0), M);
  eval(E, M);
  return LValue::unknown("reference returned by a call");
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
    if (L.Kind == LValue::Var)
      // A field of a local object: local memory, known field by field
      // (Binding::Elems).
      return referredBy(E,
                        LValue::memory(Value::pointer(objectFor(L.Decl),
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
Interpreter::LValue Interpreter::referredBy(const MemberExpr *E,
                                            const LValue &Field,
                                            const LaneMask &M) {
  const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
  if (!FD || !FD->getType()->isReferenceType())
    return Field;
  if (Field.Kind == LValue::Memory && Field.Addr.Base &&
      Field.Addr.Base->Space == MemObject::Local)
    if (std::optional<Value> P = loadLocal(
            Field.Addr, Ctx.getPointerType(FD->getType().getNonReferenceType()),
            M))
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

Value Interpreter::addressOf(const LValue &L) {
  if (L.Kind == LValue::Memory)
    return L.Addr;
  if (L.Kind == LValue::Var)
    return Value::pointer(objectFor(L.Decl), LaneInt::constant(0));
  return Value::unknown(L.Reason);
}

// ---- Variables
// ----------------------------------------------------------------

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

Interpreter::Binding *Interpreter::lookup(const VarDecl *D) {
  // The innermost frame first; a lambda's body names the variables it
  // captured from an enclosing function, found in an outer frame.
  for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
    auto It = F->Vars.find(D);
    if (It != F->Vars.end())
      return &It->second;
  }
  return nullptr;
}

Value Interpreter::readVar(const VarDecl *D) {
  if (Binding *B = lookup(D)) {
    if (B->IsRef)
      return Value::unknown("reference");
    return B->V;
  }
  // Constants: constexpr and const variables with constant initializers.
  if (D->getType()->isIntegralOrEnumerationType() &&
      D->getType().isConstQualified() && D->getInit() &&
      !D->getInit()->isValueDependent() && !D->getInit()->containsErrors()) {
    if (const APValue *V = D->evaluateValue())
      if (V->isInt())
        return Value::integer(LaneInt::constant(V->getInt().getExtValue()));
  }
  auto A = Opts.Assume.find(D->getNameAsString());
  if (A != Opts.Assume.end())
    return Value::integer(LaneInt::constant(A->second));
  return Value::unknown("value of '" + D->getNameAsString() + "'");
}

void Interpreter::writeVar(const VarDecl *D, const Value &V,
                           const LaneMask &M) {
  Binding *B = lookup(D);
  if (!B) {
    Frames.back().Vars[D].V = Value::mergeMasked(Value::unknown("unset"), V, M);
    return;
  }
  if (B->IsRef)
    return;
  B->V = Value::mergeMasked(B->V, V, M);
  B->Elems.clear(); // the whole object written
}

// ---- Memory objects
// -------------------------------------------------------------

const MemObject *Interpreter::objectFor(const VarDecl *D) {
  auto It = ObjectOf.find(D);
  if (It != ObjectOf.end())
    return It->second;
  Objects.push_back(MemObject{});
  MemObject &O = Objects.back();
  O.Decl = D;
  O.Name = D->getNameAsString();
  uint64_t DeclAlign = Ctx.getDeclAlign(D).getQuantity();
  // A pointer parameter stands for the memory it points to; a parameter
  // passed by value (a struct) is the callee's local.
  if (isa<ParmVarDecl>(D) && D->getType()->isPointerType()) {
    O.Space = MemObject::Global;
    O.BaseAlign = 256;
    O.AlignReason = "assumed 256-byte aligned (cudaMalloc)";
  } else if (D->hasAttr<CUDASharedAttr>()) {
    O.Space = MemObject::Shared;
    O.Dynamic = D->hasExternalStorage();
    O.BaseAlign = std::max<uint64_t>(DeclAlign, 16);
    O.AlignReason = "assumed 16-byte aligned in shared memory";
  } else if (D->hasAttr<CUDAConstantAttr>()) {
    O.Space = MemObject::Constant;
    O.BaseAlign = DeclAlign;
  } else if (D->hasAttr<CUDADeviceAttr>() && D->hasGlobalStorage()) {
    O.Space = MemObject::Global;
    O.BaseAlign = DeclAlign;
    O.AlignReason =
        "aligned as declared (" + std::to_string(DeclAlign) + " bytes)";
  } else {
    O.Space = MemObject::Local;
    O.BaseAlign = DeclAlign;
  }
  ObjectOf[D] = &O;
  return &O;
}

const MemObject *Interpreter::namedGlobal(const std::string &Name,
                                          uint64_t Align,
                                          const std::string &AlignReason,
                                          const std::string &Key) {
  const MemObject *&Obj = AnonObjects[Key.empty() ? Name : Key];
  if (!Obj) {
    Objects.push_back(MemObject{});
    MemObject &O = Objects.back();
    O.Space = MemObject::Global;
    O.Name = Name;
    O.BaseAlign = Align;
    O.AlignReason = AlignReason;
    Obj = &O;
  }
  return Obj;
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

// ---- Memory events
// ------------------------------------------------------------

/// \p E designates (a part of) a local object or a CUDA builtin variable:
/// `c_frag.x[i]`, `pack.h[3]`, `threadIdx`: an element of an array member
/// or a field of a variable with automatic storage (or a by-value
/// parameter). Registers or the thread's stack, never a global request.
bool Interpreter::isLocalObject(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *B = AS->getBase()->IgnoreParenImpCasts();
      if (!B->getType()->isArrayType())
        return false; // through a pointer: memory
      E = B;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return false;
      E = ME->getBase()->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD)
    return false;
  if (isCudaBuiltinVar(VD))
    return true;
  return VD->hasLocalStorage() && !VD->getType()->isReferenceType() &&
         !VD->hasAttr<CUDASharedAttr>();
}

/// threadIdx, blockIdx, blockDim, gridDim (clang's __cuda_builtin_*_t).
bool Interpreter::isCudaBuiltinVar(const VarDecl *VD) {
  const auto *RD = VD->getType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() &&
         RD->getName().starts_with("__cuda_builtin_");
}

void Interpreter::record(const Expr *Site, AccessOp Op, const LValue &L,
                         QualType Ty, const LaneMask &M) {
  assert(M.isWellFormed() && L.Addr.isWellFormed());
  // A write changes what later loads of the object read (their symbols are
  // keyed by this count); a write through an unknown address may hit any
  // object (the count under nullptr is part of every key).
  if (Op != AccessOp::Load && !M.none())
    ++StoreGen[L.Kind == LValue::Memory ? L.Addr.Base : nullptr];
  if (!Recording || M.none())
    return;
  AccessEvent Ev{Site, Op, (unsigned)sizeOf(Ty), nullptr, Value(), M, ""};
  Ev.Fn = Frames.empty() ? nullptr : Frames.back().Fn;
  // The returned lvalue of a reference-returning callee, read by the
  // caller: the load is the caller's, at the call (Frame::ReadAt).
  if (ReturnedRead && Op == AccessOp::Load && !Frames.empty() &&
      Frames.back().ReadAt && Site->IgnoreParens() == ReturnedRead) {
    Ev.Site = Frames.back().ReadAt;
    Ev.Fn = Frames.back().ReadAtFn;
  }
  // A trip that runs only if an undecided loop condition lets it
  // (InterpStmt.cpp, execLoop): its lanes may all be inactive.
  // So is an access after a case split (caseSplit): the case may not happen.
  if (MaybeTrips || InCase)
    Ev.Mask.Must = 0;
  if (InCase)
    Ev.Mask.addDeps(CaseDeps);
  if (L.Kind == LValue::Var)
    return;
  if (L.Kind == LValue::Memory) {
    Ev.Obj = L.Addr.Base;
    if (Ev.Obj && (Ev.Obj->Space == MemObject::Local ||
                   Ev.Obj->Space == MemObject::Constant))
      return;
    Ev.Address = L.Addr;
    if (!L.Addr.definedIn(M.May)) {
      std::string Why = L.Addr.Reason.empty()
                            ? "address not known in every active lane"
                            : L.Addr.Reason;
      Ev.Address = Value::unknown(Why);
      Ev.Address.Deps = L.Addr.Deps;
    }
  } else {
    // Only expressions that are memory accesses by their form are reported
    // when their address is unknown (a local variable is not memory).
    const Expr *E = Site->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        break;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    bool MemoryForm = isa<ArraySubscriptExpr>(E) || isa<CallExpr>(E) ||
                      (isa<UnaryOperator>(E) &&
                       cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
                      (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow());
    if (!MemoryForm || isLocalObject(Site))
      return;
    Ev.Address = Value::unknown(L.Reason);
  }
  // With the symbolic warp index the warp is filled in per instance.
  std::string C = WI.On ? "warp ?" : "warp " + std::to_string(CurWarp);
  for (const std::string &S : Context)
    C += ", " + S;
  Ev.Context = C;
  // The hardware moves 1, 2, 4, 8 or 16 bytes per lane in one request
  // (sm_90 has no 32-byte load or store: NVCC copies a double4 as two
  // ld.v2.f64); any other size (a double3 copy, 24 bytes, 8-aligned; a
  // double4, 32 bytes) is split into requests of the widest size its
  // alignment allows, each its own warp request with its own sectors. So is
  // an access aligned below its size (a 16-byte struct of four floats
  // without __align__(16) is four 4-byte requests: redteam RT-7).
  unsigned Bytes = Ev.Bytes;
  Ev.AccessBytes = Bytes;
  uint64_t Align =
      !Bytes || Ty.isNull() || Ty->isIncompleteType() || Ty->isDependentType()
          ? Bytes
          : Ctx.getTypeAlignInChars(Ty).getQuantity();
  if (Bytes &&
      (!llvm::is_contained({1u, 2u, 4u, 8u, 16u}, Bytes) || Align < Bytes)) {
    unsigned W = 16;
    while (W > 1 && (Bytes % W != 0 || Align % W != 0))
      W /= 2;
    Ev.Bytes = W;
    if (Ev.Address.isUnknown()) {
      OnAccess(Ev);
      return;
    }
    Value Base = Ev.Address;
    Ev.SplitId = ++SplitRuns;
    for (unsigned Piece = 0; Piece < Bytes / W; ++Piece) {
      std::optional<LaneInt> Off =
          add(Base.I, LaneInt::constant(int64_t(Piece) * W));
      if (!Off)
        break;
      Ev.Address.I = *Off;
      Ev.PieceOffset = Piece * W;
      OnAccess(Ev);
    }
    return;
  }
  OnAccess(Ev);
}

Value Interpreter::load(const Expr *Site, const LValue &L, const LaneMask &M,
                        AccessOp Op) {
  if (L.Kind == LValue::Var)
    return readVar(L.Decl);
  QualType Ty = Site->getType();
  record(Site, Op, L, Ty, M);
  if (L.Kind != LValue::Memory)
    return Value::unknown(L.Reason);
  // An element of a const array with a constant initializer (an index
  // table): its value, lane by lane.
  if (std::optional<Value> C = constElement(L.Addr, Ty, M))
    return *C;
  if (L.Addr.Base && L.Addr.Base->Space == MemObject::Local)
    if (std::optional<Value> V = loadLocal(L.Addr, Ty, M))
      return *V;
  if (!L.Addr.Base || L.Addr.Base->Space == MemObject::Local)
    return Value::unknown("value stored in a local object");
  // A value loaded at a warp-uniform address is one unknown per warp: a
  // symbol named by the expression (e.g. slot_mapping[token_idx]).
  if (mentionsW(L.Addr)) {
    // (Keyed by the address: not with the warp index in it; nor where some
    // warp's address is uniform and the symbolic one is not.)
    bool Uniform = L.Addr.I.isUniform(M.May);
    for (unsigned W : WI.Set)
      if (warpAt(L.Addr.I, W).isUniform(M.May) != Uniform)
        warpEscape("a load at an address uniform in some warps only");
  }
  if (L.Addr.definedIn(M.May) && L.Addr.I.isUniform(M.May) &&
      (Ty->isIntegralOrEnumerationType() || Ty->isPointerType())) {
    std::string Name = sourceText(Site);
    std::string Key = loadKey(L.Addr, Ty, M.May);
    if (Ty->isIntegralOrEnumerationType())
      return symbolValue(Name, Key, Ty->isUnsignedIntegerOrEnumerationType());
    uint64_t Align = std::max<int64_t>(
        1, Ctx.getTypeAlignInChars(Ty->getPointeeType().isNull()
                                       ? Ctx.CharTy
                                       : Ty->getPointeeType())
               .getQuantity());
    return Value::pointer(
        namedGlobal(Name, Align,
                    "a pointer loaded from memory, assumed only " +
                        std::to_string(Align) + "-byte aligned",
                    Key),
        LaneInt::constant(0));
  }
  Value U =
      Value::unknown("value loaded from memory at a lane-dependent address");
  // Values read per lane: a condition on them lets the lanes the data picks
  // run (laneDataSymbol).
  if (!L.Addr.definedIn(M.May) || !L.Addr.I.isUniform(M.May))
    U.Deps.push_back(laneDataSymbol(Site));
  return U;
}

/// The integer at byte \p Off of a constant \p V of type \p T (nested
/// arrays of integers; elements past the initialized ones are the filler).
static std::optional<int64_t> constantAt(ASTContext &Ctx, const APValue &V,
                                         QualType T, int64_t Off,
                                         int64_t Bytes) {
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    if (!V.isArray())
      return std::nullopt;
    QualType E = AT->getElementType();
    int64_t ES = Ctx.getTypeSizeInChars(E).getQuantity();
    if (ES <= 0 || Off < 0)
      return std::nullopt;
    uint64_t I = Off / ES;
    if (I >= AT->getSize().getZExtValue())
      return std::nullopt;
    const APValue &Sub = I < V.getArrayInitializedElts()
                             ? V.getArrayInitializedElt(I)
                             : V.getArrayFiller();
    return constantAt(Ctx, Sub, E, Off - (int64_t)I * ES, Bytes);
  }
  if (T->isIntegralOrEnumerationType() && V.isInt() && Off == 0 &&
      Ctx.getTypeSizeInChars(T).getQuantity() == Bytes)
    return V.getInt().getExtValue();
  return std::nullopt;
}

std::optional<Value> Interpreter::constElement(const Value &Addr, QualType Ty,
                                               const LaneMask &M) {
  const MemObject *Obj = Addr.Base;
  if (!Obj || !Obj->Decl || !Addr.isPtr() ||
      !Ty->isIntegralOrEnumerationType() ||
      (Obj->Space != MemObject::Local && Obj->Space != MemObject::Constant &&
       Obj->Space != MemObject::Global))
    return std::nullopt;
  const VarDecl *D = Obj->Decl;
  QualType DT = D->getType();
  if (!DT->isArrayType() || !Ctx.getBaseElementType(DT).isConstQualified() ||
      !D->getInit() || D->getInit()->isValueDependent() ||
      D->getInit()->containsErrors())
    return std::nullopt;
  const APValue *V = D->evaluateValue();
  if (!V)
    return std::nullopt;
  if (mentionsW(Addr)) {
    // Each warp's elements (read once), as one form in the warp index.
    WI.On = false;
    std::map<int64_t, Value> Found;
    for (unsigned W : WI.Set)
      if (std::optional<Value> E = constElement(warpAt(Addr, W), Ty, M))
        Found.emplace(W, std::move(*E));
    WI.On = true;
    if (Found.empty())
      return std::nullopt;
    if (Found.size() != WI.Set.size()) {
      warpEscape("a table element found in some warps only");
      return std::nullopt;
    }
    return perWarp(
        nullptr, [&](int64_t W) { return Found.at(W); }, "a table element");
  }
  int64_t Bytes = sizeOf(Ty);
  LaneArray Out;
  Out.fill(0);
  LaneBits Defined = 0;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Addr.Defined >> K & 1))
      continue;
    bool Concrete = true;
    for (const LaneInt::Term &T : Addr.I.terms())
      Concrete &= T.Coef[K] == 0;
    if (!Concrete)
      continue;
    if (std::optional<int64_t> E =
            constantAt(Ctx, *V, DT, Addr.I.consts()[K], Bytes)) {
      Out[K] = *E;
      Defined |= LaneBits(1) << K;
    }
  }
  if ((Defined & M.May) != M.May)
    return std::nullopt;
  Value R = Value::integer(LaneInt::perLane(Out));
  R.Defined = Defined;
  R.Deps = Addr.Deps;
  return R;
}

std::string Interpreter::loadKey(const Value &Addr, QualType Ty,
                                 LaneBits Lanes) {
  std::string K;
  llvm::raw_string_ostream OS(K);
  OS << "load " << (const void *)Addr.Base << " " << formKey(Addr.I, Lanes)
     << " " << Ty.getCanonicalType().getUnqualifiedType().getAsString()
     << " gen " << StoreGen[Addr.Base] << "/" << StoreGen[nullptr];
  return K;
}

void Interpreter::store(const Expr *Site, const LValue &L, const Value &V,
                        const LaneMask &M, AccessOp Op) {
  if (L.Kind == LValue::Var) {
    writeVar(L.Decl, V, M);
    return;
  }
  // Through a reference member not followed (bound by a constructor not
  // followed): it may be bound to any variable, so none is known after.
  if (L.Kind == LValue::Unknown ||
      (L.Kind == LValue::Memory && !L.Addr.definedIn(M.May)))
    if (const auto *ME = dyn_cast<MemberExpr>(Site->IgnoreParenImpCasts()))
      if (ME->getMemberDecl()->getType()->isReferenceType())
        for (Frame &F : Frames)
          for (auto &KV : F.Vars)
            if (!KV.second.IsRef) {
              KV.second.V = Value::unknown(
                  "value may be changed through a reference member not "
                  "followed");
              KV.second.Elems.clear();
            }
  // Through a pointer not followed in some active lane (an unknown
  // lvalue, an address joined from two objects such as `c ? &v : &w`, a
  // pointer member set by a constructor not followed): any local whose
  // address is taken may be written, so none of them is known after.
  // (A known global or shared base with an unknown offset stays in its
  // object, unless it was joined with another object: `c ? &v : g`.)
  if (L.Kind == LValue::Unknown ||
      (L.Kind == LValue::Memory &&
       (!L.Addr.Base ||
        ((L.Addr.Base->Space == MemObject::Local || L.Addr.OtherObjects) &&
         !L.Addr.definedIn(M.May)))))
    for (Frame &F : Frames)
      for (auto &KV : F.Vars)
        if (!KV.second.IsRef && addressTaken(KV.first)) {
          KV.second.V = Value::unknown(
              "value may be written through a pointer not followed");
          KV.second.Elems.clear();
        }
  record(Site, Op, L, Site->getType(), M);
  if (L.Kind == LValue::Memory && L.Addr.Base &&
      L.Addr.Base->Space == MemObject::Local)
    storeLocal(L.Addr, Site->getType(), V, M);
}

namespace {
/// The locals of a function body whose address escapes: `&v` (also of a
/// field or element), an array decaying to a pointer, a non-const
/// reference bound to it (a reference variable or argument).
class AddressTakenCollector
    : public RecursiveASTVisitor<AddressTakenCollector> {
public:
  std::set<const VarDecl *> &Out;
  explicit AddressTakenCollector(std::set<const VarDecl *> &Out) : Out(Out) {}
  void root(const Expr *E) {
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return;
        E = ME->getBase();
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        if (!AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
          return;
        E = AS->getBase();
      } else if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
          Out.insert(V);
        return;
      } else {
        return;
      }
    }
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      root(U->getSubExpr());
    return true;
  }
  /// `a[i]` of a local array decays `a` without letting its address out.
  bool TraverseArraySubscriptExpr(ArraySubscriptExpr *A) {
    const auto *C = dyn_cast<ImplicitCastExpr>(A->getBase()->IgnoreParens());
    if (C && C->getCastKind() == CK_ArrayToPointerDecay) {
      if (!TraverseStmt(const_cast<Expr *>(C->getSubExpr())))
        return false;
      return TraverseStmt(A->getIdx());
    }
    return RecursiveASTVisitor::TraverseArraySubscriptExpr(A);
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      root(C->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isReferenceType() && V->getInit() &&
        !V->getType().getNonReferenceType().isConstQualified())
      root(V->getInit());
    return true;
  }
  void args(const FunctionDecl *F, llvm::ArrayRef<const Expr *> Args) {
    if (!F)
      return;
    for (unsigned I = 0; I < Args.size() && I < F->getNumParams(); ++I) {
      QualType T = F->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        root(Args[I]);
    }
  }
  bool VisitCallExpr(CallExpr *C) {
    args(C->getDirectCallee(),
         llvm::ArrayRef<const Expr *>(C->getArgs(), C->getNumArgs()));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    args(C->getConstructor(),
         llvm::ArrayRef<const Expr *>(C->getArgs(), C->getNumArgs()));
    return true;
  }
};
} // namespace

bool Interpreter::addressTaken(const VarDecl *VD) {
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return true;
  auto It = AddrTaken.find(FD);
  if (It == AddrTaken.end()) {
    It = AddrTaken.emplace(FD, std::set<const VarDecl *>{}).first;
    AddressTakenCollector C(It->second);
    C.TraverseStmt(FD->getBody());
  }
  return It->second.count(VD);
}

Interpreter::Binding *Interpreter::localBinding(const MemObject *Obj,
                                                bool *Outer, bool *Joined) {
  if (!Obj || Obj->Space != MemObject::Local || !Obj->Decl)
    return nullptr;
  bool Split = false; // a frame above the local's is on an undecided path
  for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
    auto It = F->Vars.find(Obj->Decl);
    if (It == F->Vars.end()) {
      Split |= F->Undecided > 0;
      continue;
    }
    if (Outer)
      *Outer = F != Frames.rbegin();
    if (Joined)
      *Joined = Split;
    return It->second.IsRef ? nullptr : &It->second;
  }
  return nullptr;
}

void Interpreter::forgetLocal(const Value &Addr) {
  if (mentionsW(Addr))
    warpEscape("a local element at an address of the warp index");
  if (!Addr.isPtr())
    return;
  if (Binding *B = localBinding(Addr.Base)) {
    B->Elems.clear();
    B->V = Value::unknown("value changed by a call not followed");
  }
}

/// The lanes of \p Lanes whose address in \p A is the constant \p Off.
static LaneBits lanesAt(const Value &A, LaneBits Lanes, int64_t Off) {
  return Lanes & A.Defined & A.I.lanesEqualTo(Off);
}

std::optional<Value> Interpreter::loadLocal(const Value &Addr, QualType Ty,
                                            const LaneMask &M) {
  if (mentionsW(Addr))
    warpEscape("a local element at an address of the warp index");
  // Read only: a const binding does not copy elements it shares with a
  // saved frame (CowMap).
  const Binding *B = localBinding(Addr.Base);
  int64_t Size = sizeOf(Ty);
  if (!B || !Size)
    return std::nullopt;
  // A scalar local read through a pointer to it (`*pp` with pp = &p): its
  // value, where every lane reads all of it.
  QualType VT = Addr.Base->Decl->getType().getNonReferenceType();
  if (!VT->isArrayType() && !VT->isRecordType()) {
    if (sizeOf(VT) == Size && lanesAt(Addr, M.May, 0) == M.May)
      return B->V;
    return std::nullopt;
  }
  if (B->Elems.empty())
    return std::nullopt;
  std::optional<Value> R;
  LaneBits Done = 0;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    LaneBits Bit = LaneBits(1) << K;
    if (!(M.May & Bit) || (Done & Bit))
      continue;
    int64_t Off = Addr.I.consts()[K];
    LaneBits Lanes = lanesAt(Addr, M.May, Off);
    if (!(Lanes & Bit))
      return std::nullopt; // an address not known in this lane
    auto It = B->Elems.find(Off);
    if (It == B->Elems.end() || It->second.first != Size)
      return std::nullopt;
    const Value &V = It->second.second;
    if (R) {
      Value J = Value::join(V, *R, Lanes, Done);
      checkJoinPerWarp(J, V, *R, Lanes, Done, 0);
      R = J;
    } else {
      R = V;
    }
    Done |= Lanes;
  }
  return R;
}

void Interpreter::storeLocal(const Value &Addr, QualType Ty, const Value &V,
                             const LaneMask &M) {
  if (mentionsW(Addr))
    warpEscape("a local element at an address of the warp index");
  bool Outer = false, Split = false;
  Binding *B = localBinding(Addr.Base, &Outer, &Split);
  if (!B)
    return;
  int64_t Size = sizeOf(Ty);
  // A caller's local written on a path a callee has not decided (a branch
  // on an unknown, a generalized loop), under lanes not decided, or in the
  // dry run of a loop, is not joined or restored with the caller's
  // variables: forget what the store may overwrite. Where every lane that
  // may store writes at a known offset, that is the elements overlapping
  // those bytes (`column.loader.init(...)` under `if (blockIdx.y == 0)`
  // forgets the loader's fields, not the column's offset: bytes no path
  // writes hold the same value on every path); otherwise the whole object.
  QualType VT = Addr.Base->Decl->getType().getNonReferenceType();
  bool Scalar = !VT->isArrayType() && !VT->isRecordType();
  if (!Size || (Outer && (Split || !M.decided() || !Recording))) {
    LaneBits Known = M.May & Addr.Defined & Addr.I.concreteLanes();
    if (Scalar || !Size || Known != M.May) {
      B->Elems.clear();
      if (Scalar)
        B->V = Value::unknown("value written through a pointer on a path not "
                              "followed");
      return;
    }
    for (unsigned K = 0; K < kWarpSize; ++K) {
      if (!(M.May >> K & 1))
        continue;
      int64_t Off = Addr.I.consts()[K];
      for (auto It = B->Elems.begin(); It != B->Elems.end();) {
        int64_t O = It->first, S = It->second.first;
        if (O < Off + Size && Off < O + S)
          It = B->Elems.erase(It);
        else
          ++It;
      }
    }
    return;
  }
  // A scalar local written through a pointer to it (`*pp += n` with
  // pp = &p): its value, where every lane writes all of it.
  if (Scalar) {
    if (sizeOf(VT) == Size && lanesAt(Addr, M.May, 0) == M.May)
      B->V = Value::mergeMasked(B->V, V, M);
    else
      B->V = Value::unknown("value written through a pointer not followed");
    return;
  }
  // By offset, in increasing order (stores of overlapping elements erase
  // each other in that order).
  llvm::SmallVector<std::pair<int64_t, LaneBits>, 4> ByOff;
  // The lanes whose address is a known constant (lanesAt of their own).
  LaneBits Known = M.May & Addr.Defined & Addr.I.concreteLanes();
  for (unsigned K = 0; K < kWarpSize; ++K) {
    LaneBits Bit = LaneBits(1) << K;
    if (!(M.May & Bit))
      continue;
    int64_t Off = Addr.I.consts()[K];
    if (!(Known & Bit)) {
      B->Elems.clear(); // some lane writes where the analysis cannot tell
      return;
    }
    auto Slot =
        llvm::find_if(ByOff, [Off](const std::pair<int64_t, LaneBits> &P) {
          return P.first == Off;
        });
    if (Slot != ByOff.end())
      Slot->second |= Bit;
    else
      ByOff.push_back({Off, Bit});
  }
  llvm::sort(ByOff, [](const std::pair<int64_t, LaneBits> &A,
                       const std::pair<int64_t, LaneBits> &B) {
    return A.first < B.first;
  });
  for (const auto &[Off, Lanes] : ByOff) {
    for (auto It = B->Elems.begin(); It != B->Elems.end();) {
      int64_t O = It->first, S = It->second.first;
      if (O < Off + Size && Off < O + S && !(O == Off && S == Size))
        It = B->Elems.erase(It);
      else
        ++It;
    }
    auto It = B->Elems.find(Off);
    Value Old = It != B->Elems.end()
                    ? It->second.second
                    : Value::unknown("value stored in a local object");
    LaneMask LM{M.Must & Lanes, M.May & Lanes, M.Deps};
    B->Elems[Off] = {Size, Value::mergeMasked(Old, V, LM)};
  }
}
