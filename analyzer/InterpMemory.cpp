//===- InterpMemory.cpp - Loads, stores and the accesses they record ------===//
//
// Reading (load) or writing (store) a memory lvalue records an AccessEvent
// (record); the objects an address points into are MemoryModel's.
// Lvalues are in InterpLValues.cpp, local variables and objects in
// InterpLocals.cpp.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

int64_t MemoryRules::sizeOf(QualType T) const {
  if (T.isNull())
    return 0;
  auto [It, New] = Sizes.try_emplace(T.getCanonicalType().getTypePtr(), 0);
  if (!New)
    return It->second;
  // Types of broken code (errors, overload sets, undeduced auto) have no size.
  if (T->isPlaceholderType() || T->containsErrors() || T->isUndeducedType() ||
      T->isIncompleteType() || T->isDependentType() || T->isVoidType() ||
      T->isFunctionType() || !T->isConstantSizeType())
    return 0;
  return It->second = I.Ctx.getTypeSizeInChars(T).getQuantity();
}

int64_t MemoryRules::elementSize(const Value &Ptr, QualType ElemTy) const {
  if (Ptr.Base && Ptr.Base->Decl) {
    auto It = I.Opts.Pads.find(Ptr.Base->Decl);
    if (It != I.Opts.Pads.end()) {
      const auto *AT = I.Ctx.getAsConstantArrayType(Ptr.Base->Decl->getType());
      if (AT) {
        QualType Row = AT->getElementType();
        if (const auto *RowAT = I.Ctx.getAsConstantArrayType(Row))
          if (I.Ctx.hasSameUnqualifiedType(Row, ElemTy))
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
bool MemoryRules::isLocalObject(const Expr *E) {
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
bool MemoryRules::isCudaBuiltinVar(const VarDecl *VD) {
  const auto *RD = VD->getType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() &&
         RD->getName().starts_with("__cuda_builtin_");
}

namespace {
/// \p Site is a memory access by its form: a subscript, a call, `*p` or
/// `p->f` (through any `.f` of them).
bool hasMemoryForm(const Expr *Site) {
  const Expr *E = Site->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      break;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  return isa<ArraySubscriptExpr>(E) || isa<CallExpr>(E) ||
         (isa<UnaryOperator>(E) &&
          cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
         (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow());
}
} // namespace

void MemoryRules::sendInRequests(AccessEvent Ev, QualType Ty) {
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
          : I.Ctx.getTypeAlignInChars(Ty).getQuantity();
  if (Bytes &&
      (!llvm::is_contained({1u, 2u, 4u, 8u, 16u}, Bytes) || Align < Bytes)) {
    unsigned W = 16;
    while (W > 1 && (Bytes % W != 0 || Align % W != 0))
      W /= 2;
    Ev.Bytes = W;
    if (Ev.Address.isUnknown()) {
      I.OnAccess(Ev);
      return;
    }
    Value Base = Ev.Address;
    Ev.SplitId = ++I.SplitRuns;
    for (unsigned Piece = 0; Piece < Bytes / W; ++Piece) {
      std::optional<LaneInt> Off =
          add(Base.I, LaneInt::constant(int64_t(Piece) * W));
      if (!Off)
        break;
      Ev.Address.I = *Off;
      Ev.PieceOffset = Piece * W;
      I.OnAccess(Ev);
    }
    return;
  }
  I.OnAccess(Ev);
}

void MemoryRules::record(const Expr *Site, AccessOp Op, const LValue &L,
                         QualType Ty, const LaneMask &M) {
  assert(M.isWellFormed() && L.Addr.isWellFormed());
  // A write changes what later loads of the object read (their symbols are
  // keyed by this count); a write through an unknown address may hit any
  // object (the count under nullptr is part of every key).
  if (Op != AccessOp::Load && !M.none())
    I.Mem.noteStore(L.Kind == LValue::Memory ? L.Addr.Base : nullptr);
  if (!I.Recording || M.none())
    return;
  AccessEvent Ev{Site, Op, (unsigned)sizeOf(Ty), nullptr, Value(), M, ""};
  Ev.Fn = I.Frames.empty() ? nullptr : I.Frames.back().Fn;
  // The returned lvalue of a reference-returning callee, read by the
  // caller: the load is the caller's, at the call (Frame::ReadAt).
  if (I.ReturnedRead && Op == AccessOp::Load && !I.Frames.empty() &&
      I.Frames.back().ReadAt && Site->IgnoreParens() == I.ReturnedRead) {
    Ev.Site = I.Frames.back().ReadAt;
    Ev.Fn = I.Frames.back().ReadAtFn;
  }
  // A trip that runs only if an undecided loop condition lets it
  // (InterpStmt.cpp, execLoop): its lanes may all be inactive.
  // So is an access after a case split (caseSplit): the case may not happen.
  if (I.MaybeTrips || I.Cases.inCase())
    Ev.Mask.Must = 0;
  if (I.Cases.inCase())
    Ev.Mask.addDeps(I.Cases.deps());
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
    if (!hasMemoryForm(Site) || isLocalObject(Site))
      return;
    Ev.Address = Value::unknown(L.Reason);
  }
  // With the symbolic warp index the warp is filled in per instance.
  std::string C = I.WarpRun.warpName();
  for (const std::string &S : I.Context)
    C += ", " + S;
  Ev.Context = C;
  sendInRequests(std::move(Ev), Ty);
}

Value MemoryRules::load(const Expr *Site, const LValue &L, const LaneMask &M,
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
  if (I.WarpRun.mentionsW(L.Addr)) {
    // (Keyed by the address: not with the warp index in it; nor where some
    // warp's address is uniform and the symbolic one is not.)
    bool Uniform = L.Addr.I.isUniform(M.May);
    for (unsigned W : I.WarpRun.warps())
      if (I.WarpRun.warpAt(L.Addr.I, W).isUniform(M.May) != Uniform)
        I.WarpRun.escape("a load at an address uniform in some warps only");
  }
  if (L.Addr.definedIn(M.May) && L.Addr.I.isUniform(M.May) &&
      (Ty->isIntegralOrEnumerationType() || Ty->isPointerType())) {
    std::string Name = I.Symbols.sourceText(Site);
    std::string Key = loadKey(L.Addr, Ty, M.May);
    if (Ty->isIntegralOrEnumerationType())
      return I.Symbols.symbolValue(Name, Key,
                                   Ty->isUnsignedIntegerOrEnumerationType());
    uint64_t Align = std::max<int64_t>(
        1, I.Ctx
               .getTypeAlignInChars(Ty->getPointeeType().isNull()
                                        ? I.Ctx.CharTy
                                        : Ty->getPointeeType())
               .getQuantity());
    return Value::pointer(
        I.Mem.namedGlobal(Name, Align,
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
    U.Deps.push_back(I.Symbols.laneDataSymbol(Site));
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

std::optional<Value> MemoryRules::constElement(const Value &Addr, QualType Ty,
                                               const LaneMask &M) {
  const MemObject *Obj = Addr.Base;
  if (!Obj || !Obj->Decl || !Addr.isPtr() ||
      !Ty->isIntegralOrEnumerationType() ||
      (Obj->Space != MemObject::Local && Obj->Space != MemObject::Constant &&
       Obj->Space != MemObject::Global))
    return std::nullopt;
  const VarDecl *D = Obj->Decl;
  QualType DT = D->getType();
  if (!DT->isArrayType() || !I.Ctx.getBaseElementType(DT).isConstQualified() ||
      !D->getInit() || D->getInit()->isValueDependent() ||
      D->getInit()->containsErrors())
    return std::nullopt;
  const APValue *V = D->evaluateValue();
  if (!V)
    return std::nullopt;
  if (I.WarpRun.mentionsW(Addr)) {
    // Each warp's elements (read once), as one form in the warp index.
    std::map<int64_t, Value> Found;
    I.WarpRun.eachWarpOwn(Addr, [&](unsigned W, const Value &AddrW) {
      if (std::optional<Value> E = constElement(AddrW, Ty, M))
        Found.emplace(W, std::move(*E));
    });
    if (Found.empty())
      return std::nullopt;
    if (Found.size() != I.WarpRun.warps().size()) {
      I.WarpRun.escape("a table element found in some warps only");
      return std::nullopt;
    }
    return I.WarpRun.perWarp(
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
            constantAt(I.Ctx, *V, DT, Addr.I.consts()[K], Bytes)) {
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

std::string MemoryRules::loadKey(const Value &Addr, QualType Ty,
                                 LaneBits Lanes) {
  std::string K;
  llvm::raw_string_ostream OS(K);
  OS << "load " << (const void *)Addr.Base << " "
     << I.Symbols.formKey(Addr.I, Lanes) << " "
     << Ty.getCanonicalType().getUnqualifiedType().getAsString() << " gen "
     << I.Mem.storeGen(Addr.Base) << "/" << I.Mem.storeGen(nullptr);
  return K;
}

void MemoryRules::store(const Expr *Site, const LValue &L, const Value &V,
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
        for (Frame &F : I.Frames)
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
    for (Frame &F : I.Frames)
      for (auto &KV : F.Vars)
        if (!KV.second.IsRef && I.Mem.addressTaken(KV.first)) {
          KV.second.V = Value::unknown(
              "value may be written through a pointer not followed");
          KV.second.Elems.clear();
        }
  record(Site, Op, L, Site->getType(), M);
  if (L.Kind == LValue::Memory && L.Addr.Base &&
      L.Addr.Base->Space == MemObject::Local)
    storeLocal(L.Addr, Site->getType(), V, M);
}
