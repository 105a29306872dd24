//===- InlinePtxMemory.cpp - Inline PTX loads and stores as IR -------------===//
#include "runtime/jit/InlinePtxMemory.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace {
/// The memory type a PTX type suffix names (s8: i8, f32: float, ...).
Type *ptxType(StringRef Suffix, LLVMContext &C) {
  if (Suffix == "f32")
    return Type::getFloatTy(C);
  if (Suffix == "f64")
    return Type::getDoubleTy(C);
  if (Suffix.size() < 2 || !llvm::is_contained({'s', 'u', 'b'}, Suffix[0]))
    return nullptr;
  unsigned Bits;
  if (Suffix.drop_front().getAsInteger(10, Bits) ||
      !llvm::is_contained({8u, 16u, 32u, 64u}, Bits))
    return nullptr;
  return Type::getIntNTy(C, Bits);
}

/// \p V (a register value of the asm) as memory type \p T, or back.
Value *convert(IRBuilder<> &B, Value *V, Type *To, bool Signed) {
  Type *From = V->getType();
  if (From == To)
    return V;
  if (From->isFloatingPointTy() || To->isFloatingPointTy()) {
    unsigned FB = From->getPrimitiveSizeInBits(), TB = To->getPrimitiveSizeInBits();
    if (From->isFloatingPointTy())
      V = B.CreateBitCast(V, B.getIntNTy(FB));
    if (To->isFloatingPointTy()) {
      V = B.CreateZExtOrTrunc(V, B.getIntNTy(TB));
      return B.CreateBitCast(V, To);
    }
    return B.CreateZExtOrTrunc(V, To);
  }
  return Signed ? B.CreateSExtOrTrunc(V, To) : B.CreateZExtOrTrunc(V, To);
}

Value *pointerOf(IRBuilder<> &B, Value *P) {
  if (P->getType()->isPointerTy())
    return P;
  if (P->getType()->isIntegerTy())
    return B.CreateIntToPtr(P, B.getPtrTy());
  return nullptr;
}
} // namespace

Value *ccl::inlinePtxMemory(StringRef Asm, CallInst *CI, IRBuilder<> &B,
                            bool &Done) {
  Done = false;
  Asm = Asm.trim().rtrim(';').trim();
  if (Asm.contains(';'))
    return nullptr;
  auto [Op, Operands] = Asm.split(' ');
  bool Load = Op.starts_with("ld.global.");
  if (!Load && !Op.starts_with("st.global."))
    return nullptr;
  SmallVector<StringRef, 6> Parts;
  Op.split(Parts, '.');
  unsigned Lanes = 1;
  for (StringRef P : Parts)
    if (P == "v2" || P == "v4")
      Lanes = P == "v2" ? 2 : 4;
  Type *Elem = ptxType(Parts.back(), CI->getContext());
  if (!Elem)
    return nullptr;
  bool Signed = Parts.back().starts_with("s");
  unsigned NArgs = CI->arg_size();
  Type *RT = CI->getType();
  Align A(Lanes * Elem->getPrimitiveSizeInBits() / 8);
  Type *MemTy = Lanes == 1 ? Elem : FixedVectorType::get(Elem, Lanes);
  if (Load) {
    // $0[,$1..],[$n]: the pointer is the only argument.
    if (NArgs != 1 || RT->isVoidTy())
      return nullptr;
    auto *ST = dyn_cast<StructType>(RT);
    if ((ST ? ST->getNumElements() : 1) != Lanes)
      return nullptr;
    Value *P = pointerOf(B, CI->getArgOperand(0));
    if (!P)
      return nullptr;
    Value *L = B.CreateAlignedLoad(MemTy, P, A);
    Done = true;
    if (!ST)
      return convert(B, L, RT, Signed);
    Value *R = PoisonValue::get(RT);
    for (unsigned K = 0; K < Lanes; ++K)
      R = B.CreateInsertValue(
          R, convert(B, B.CreateExtractElement(L, K), ST->getElementType(K),
                     Signed),
          K);
    return R;
  }
  // [$0],$1[,..]: the pointer, then one value per lane.
  if (NArgs != 1 + Lanes || !RT->isVoidTy())
    return nullptr;
  Value *P = pointerOf(B, CI->getArgOperand(0));
  if (!P)
    return nullptr;
  Value *V = Lanes == 1 ? nullptr : PoisonValue::get(MemTy);
  for (unsigned K = 0; K < Lanes; ++K) {
    Value *E = convert(B, CI->getArgOperand(1 + K), Elem, Signed);
    V = Lanes == 1 ? E : B.CreateInsertElement(V, E, K);
  }
  B.CreateAlignedStore(V, P, A);
  Done = true;
  return nullptr;
}
