//===- InterpLocals.cpp - Local variables and local objects ---------------===//
//
// Local variables live in the frame (readVar, writeVar). A local whose
// address is taken (`&v`, an array, a reference bound to it) is a local
// object: loads and stores through a pointer into it read and write the
// frame's binding (loadLocal, storeLocal) and move no memory.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

// ---- Variables
// ----------------------------------------------------------------

Value MemoryRules::evalDeclRef(const DeclRefExpr *E, const LaneMask &M) {
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
    if (E->EvaluateAsInt(R, I.Ctx))
      return Value::integer(LaneInt::constant(R.Val.getInt().getExtValue()));
  }
  return Value::unknown("reference to '" + D->getNameAsString() + "'");
}

MemoryRules::Binding *MemoryRules::lookup(const VarDecl *D) {
  // The innermost frame first; a lambda's body names the variables it
  // captured from an enclosing function, found in an outer frame.
  for (auto F = I.Frames.rbegin(); F != I.Frames.rend(); ++F) {
    auto It = F->Vars.find(D);
    if (It != F->Vars.end())
      return &It->second;
  }
  return nullptr;
}

Value MemoryRules::readVar(const VarDecl *D) {
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
  auto A = I.Opts.Assume.find(D->getNameAsString());
  if (A != I.Opts.Assume.end())
    return Value::integer(LaneInt::constant(A->second));
  return Value::unknown("value of '" + D->getNameAsString() + "'");
}

void MemoryRules::writeVar(const VarDecl *D, const Value &V,
                           const LaneMask &M) {
  Binding *B = lookup(D);
  if (!B) {
    I.Frames.back().Vars[D].V =
        Value::mergeMasked(Value::unknown("unset"), V, M);
    return;
  }
  if (B->IsRef)
    return;
  B->V = Value::mergeMasked(B->V, V, M);
  B->Elems.clear(); // the whole object written
}

MemoryRules::Binding *MemoryRules::localBinding(const MemObject *Obj,
                                                bool *Outer, bool *Joined) {
  if (!Obj || Obj->Space != MemObject::Local || !Obj->Decl)
    return nullptr;
  bool Split = false; // a frame above the local's is on an undecided path
  for (auto F = I.Frames.rbegin(); F != I.Frames.rend(); ++F) {
    auto It = F->Vars.find(Obj->Decl);
    if (It == F->Vars.end()) {
      Split |= F->Undecided > 0;
      continue;
    }
    if (Outer)
      *Outer = F != I.Frames.rbegin();
    if (Joined)
      *Joined = Split;
    return It->second.IsRef ? nullptr : &It->second;
  }
  return nullptr;
}

void MemoryRules::forgetLocal(const Value &Addr) {
  if (I.WarpRun.mentionsW(Addr))
    I.WarpRun.escape("a local element at an address of the warp index");
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

std::optional<Value> MemoryRules::loadLocal(const Value &Addr, QualType Ty,
                                            const LaneMask &M) {
  if (I.WarpRun.mentionsW(Addr))
    I.WarpRun.escape("a local element at an address of the warp index");
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
      I.WarpRun.checkJoinPerWarp(J, V, *R, Lanes, Done, 0);
      R = J;
    } else {
      R = V;
    }
    Done |= Lanes;
  }
  return R;
}

namespace {
/// Drops the elements of \p B that overlap bytes [Off, Off + Size); with
/// \p KeepSame, not the one at exactly those bytes.
void eraseOverlapping(Binding &B, int64_t Off, int64_t Size, bool KeepSame) {
  for (auto It = B.Elems.begin(); It != B.Elems.end();) {
    int64_t O = It->first, S = It->second.first;
    if (O < Off + Size && Off < O + S && !(KeepSame && O == Off && S == Size))
      It = B.Elems.erase(It);
    else
      ++It;
  }
}

using OffsetLanes = llvm::SmallVector<std::pair<int64_t, LaneBits>, 4>;

/// The lanes of \p May by the constant offset each writes at, in
/// increasing order; nullopt when some lane's offset is not known.
std::optional<OffsetLanes> lanesByOffset(const Value &Addr, LaneBits May) {
  OffsetLanes ByOff;
  // The lanes whose address is a known constant (lanesAt of their own).
  LaneBits Known = May & Addr.Defined & Addr.I.concreteLanes();
  // The same offset in every lane (acc[m][e] in an unrolled loop): one.
  if (Known == May && May)
    if (std::optional<int64_t> Off = Addr.I.asConstant(May)) {
      ByOff.push_back({*Off, May});
      return ByOff;
    }
  for (unsigned K = 0; K < kWarpSize; ++K) {
    LaneBits Bit = LaneBits(1) << K;
    if (!(May & Bit))
      continue;
    int64_t Off = Addr.I.consts()[K];
    if (!(Known & Bit))
      return std::nullopt;
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
  return ByOff;
}
} // namespace

void MemoryRules::storeLocal(const Value &Addr, QualType Ty, const Value &V,
                             const LaneMask &M) {
  if (I.WarpRun.mentionsW(Addr))
    I.WarpRun.escape("a local element at an address of the warp index");
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
  if (!Size || (Outer && (Split || !M.decided() || !I.Recording))) {
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
      eraseOverlapping(*B, Addr.I.consts()[K], Size, /*KeepSame=*/false);
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
  std::optional<OffsetLanes> ByOff = lanesByOffset(Addr, M.May);
  if (!ByOff) {
    B->Elems.clear(); // some lane writes where the analysis cannot tell
    return;
  }
  for (const auto &[Off, Lanes] : *ByOff) {
    eraseOverlapping(*B, Off, Size, /*KeepSame=*/true);
    auto It = B->Elems.find(Off);
    Value Old = It != B->Elems.end()
                    ? It->second.second
                    : Value::unknown("value stored in a local object");
    LaneMask LM{M.Must & Lanes, M.May & Lanes, M.Deps};
    B->Elems[Off] = {Size, Value::mergeMasked(Old, V, LM)};
  }
}
