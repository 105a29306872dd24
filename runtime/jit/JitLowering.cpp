//===- JitLowering.cpp - NVVM intrinsics and inline PTX as runtime calls --===//
//
// --verify=jit, step 2 (JitVerifier.h): the special registers, barriers,
// shuffles, votes, match, redux and math intrinsics of NVVM, and the inline
// PTX of CUDA's half/bfloat16 headers, become calls into the JIT runtime
// (JitRuntime.h) or plain IR.
//
//===----------------------------------------------------------------------===//
#include "runtime/jit/JitVerifierImpl.h"
#include "runtime/jit/InlinePtxMemory.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace ccl::jit;
using ccl::JitVerifier;

namespace ccl::jit {
FunctionCallee runtimeFn(llvm::Module &M, StringRef Name, Type *Ret,
                         ArrayRef<Type *> Args) {
  return M.getOrInsertFunction(Name, FunctionType::get(Ret, Args, false));
}

/// A global string constant for messages.
Constant *message(llvm::Module &M, StringRef S) {
  IRBuilder<> B(M.getContext());
  auto *GV = new GlobalVariable(M, ArrayType::get(B.getInt8Ty(), S.size() + 1),
                                true, GlobalValue::PrivateLinkage,
                                ConstantDataArray::getString(M.getContext(), S),
                                "ccl.msg");
  return GV;
}
} // namespace ccl::jit

namespace {
/// A value of \p V's bits as i64 (zero-extended).
llvm::Value *toI64(IRBuilder<> &B, llvm::Value *V) {
  Type *T = V->getType();
  if (T->isFloatingPointTy())
    V = B.CreateBitCast(V, B.getIntNTy(T->getPrimitiveSizeInBits()));
  if (V->getType()->isPointerTy())
    return B.CreatePtrToInt(V, B.getInt64Ty());
  return B.CreateZExtOrTrunc(V, B.getInt64Ty());
}

/// \p V (i64) as type \p T.
llvm::Value *fromI64(IRBuilder<> &B, llvm::Value *V, Type *T) {
  if (T->isFloatingPointTy())
    return B.CreateBitCast(
        B.CreateTrunc(V, B.getIntNTy(T->getPrimitiveSizeInBits())), T);
  if (T->isPointerTy())
    return B.CreateIntToPtr(V, T);
  return B.CreateZExtOrTrunc(V, T);
}

int sregCode(StringRef N) {
  static const std::pair<const char *, int> Table[] = {
      {"tid.x", SrTidX},
      {"tid.y", SrTidY},
      {"tid.z", SrTidZ},
      {"ntid.x", SrNtidX},
      {"ntid.y", SrNtidY},
      {"ntid.z", SrNtidZ},
      {"ctaid.x", SrCtaidX},
      {"ctaid.y", SrCtaidY},
      {"ctaid.z", SrCtaidZ},
      {"nctaid.x", SrNctaidX},
      {"nctaid.y", SrNctaidY},
      {"nctaid.z", SrNctaidZ},
      {"laneid", SrLaneId},
      {"warpid", SrWarpId},
      {"nwarpid", SrNWarpId},
      {"warpsize", SrWarpSize},
      {"lanemask.eq", SrLanemaskEq},
      {"lanemask.le", SrLanemaskLe},
      {"lanemask.lt", SrLanemaskLt},
      {"lanemask.ge", SrLanemaskGe},
      {"lanemask.gt", SrLanemaskGt},
      {"clock", SrClock},
      {"clock64", SrClock},
      {"globaltimer", SrClock},
      {"smid", SrSmId},
      {"nsmid", SrNSmId},
      {"gridid", SrGridId}};
  for (const auto &[Name, Code] : Table)
    if (N == Name)
      return Code;
  return -1;
}
} // namespace

namespace {
/// NVVM math \p N (the name after "llvm.nvvm.") of call \p CI as plain IR
/// where LLVM has it; null when it is not one of those.
llvm::Value *nvvmMath(IRBuilder<> &B, CallInst *CI, StringRef N) {
  Type *RT = CI->getType();
  Type *I32 = B.getInt32Ty();
  llvm::Value *New = nullptr;
  std::string Name = N.str();
  for (const char *Drop : {".ftz", ".approx", ".rn", ".full"}) {
    size_t P;
    while ((P = Name.find(Drop)) != std::string::npos)
      Name.erase(P, strlen(Drop));
  }
  StringRef S(Name);
  auto Un = [&](Intrinsic::ID ID) {
    return B.CreateUnaryIntrinsic(ID, CI->getArgOperand(0));
  };
  auto Bin = [&](Intrinsic::ID ID) {
    return B.CreateBinaryIntrinsic(ID, CI->getArgOperand(0),
                                   CI->getArgOperand(1));
  };
  if (S == "fabs.f" || S == "fabs.d" || S == "fabs")
    New = Un(Intrinsic::fabs);
  else if (S == "sqrt.f" || S == "sqrt.d")
    New = Un(Intrinsic::sqrt);
  else if (S == "rsqrt.f" || S == "rsqrt.d")
    New = B.CreateFDiv(ConstantFP::get(RT, 1.0), Un(Intrinsic::sqrt));
  else if (S == "rcp.f" || S == "rcp.d")
    New = B.CreateFDiv(ConstantFP::get(RT, 1.0), CI->getArgOperand(0));
  else if (S == "div.f" || S == "div.d")
    New = B.CreateFDiv(CI->getArgOperand(0), CI->getArgOperand(1));
  else if (S == "fma.f" || S == "fma.d")
    New = B.CreateIntrinsic(
        Intrinsic::fma, {RT},
        {CI->getArgOperand(0), CI->getArgOperand(1), CI->getArgOperand(2)});
  else if (S == "fmin.f" || S == "fmin.d" || S.starts_with("fmin"))
    New = Bin(Intrinsic::minnum);
  else if (S == "fmax.f" || S == "fmax.d" || S.starts_with("fmax"))
    New = Bin(Intrinsic::maxnum);
  else if (S == "ex2.f" || S == "ex2.d")
    New = Un(Intrinsic::exp2);
  else if (S == "lg2.f" || S == "lg2.d")
    New = Un(Intrinsic::log2);
  else if (S == "sin.f")
    New = Un(Intrinsic::sin);
  else if (S == "cos.f")
    New = Un(Intrinsic::cos);
  if (!New && (S == "saturate.f" || S == "saturate.d")) {
    llvm::Value *X = CI->getArgOperand(0);
    New = B.CreateBinaryIntrinsic(
        Intrinsic::minnum,
        B.CreateBinaryIntrinsic(Intrinsic::maxnum, X, ConstantFP::get(RT, 0.0)),
        ConstantFP::get(RT, 1.0));
  }
  if (!New && (S == "mul24.i" || S == "umul24.i")) {
    bool Signed = S[0] == 'm';
    auto Ext = [&](llvm::Value *V) {
      llvm::Value *T = B.CreateTrunc(V, B.getIntNTy(24));
      return Signed ? B.CreateSExt(T, I32) : B.CreateZExt(T, I32);
    };
    New = B.CreateMul(Ext(CI->getArgOperand(0)), Ext(CI->getArgOperand(1)));
  }
  if (!New && (S == "mulhi.i" || S == "mulhi.ui" || S == "mulhi.ll" ||
               S == "mulhi.ull")) {
    bool Signed = S == "mulhi.i" || S == "mulhi.ll";
    unsigned W = RT->getIntegerBitWidth();
    Type *Wide = B.getIntNTy(2 * W);
    auto Ext = [&](llvm::Value *V) {
      return Signed ? B.CreateSExt(V, Wide) : B.CreateZExt(V, Wide);
    };
    New = B.CreateTrunc(B.CreateLShr(B.CreateMul(Ext(CI->getArgOperand(0)),
                                                 Ext(CI->getArgOperand(1))),
                                     W),
                        RT);
  }
  return New;
}
} // namespace

namespace {
/// A warp-level NVVM intrinsic \p N (the name after "llvm.nvvm.") of call
/// \p CI as a call of the runtime's ccl_warp \p WarpFn: the value that
/// replaces the call, or null with \p Erase set for one whose call just
/// goes; nullopt when \p N is not one.
std::optional<llvm::Value *> lowerWarp(IRBuilder<> &B, CallInst *CI,
                                       StringRef N, FunctionCallee WarpFn,
                                       bool &Erase) {
  Type *I32 = B.getInt32Ty();
  Type *RT = CI->getType();
  auto Warp = [&](int Op, llvm::Value *Mask, llvm::Value *A, llvm::Value *Bv,
                  llvm::Value *Cv) {
    return B.CreateCall(WarpFn, {B.getInt32(Op), B.CreateZExtOrTrunc(Mask, I32),
                                 A ? toI64(B, A) : B.getInt64(0),
                                 Bv ? toI64(B, Bv) : B.getInt64(0),
                                 Cv ? toI64(B, Cv) : B.getInt64(0)});
  };
  // {T, i1} from a packed result (value in the low bits, predicate bit 32).
  auto Pair = [&](llvm::Value *R, Type *ST) {
    Type *VT = ST->getStructElementType(0);
    llvm::Value *V = fromI64(B, R, VT);
    llvm::Value *Pr = B.CreateTrunc(B.CreateLShr(R, 32), B.getInt1Ty());
    llvm::Value *S = B.CreateInsertValue(PoisonValue::get(ST), V, 0);
    return B.CreateInsertValue(S, Pr, 1);
  };
  if (N == "bar.warp.sync") {
    Warp(WSync, CI->getArgOperand(0), nullptr, nullptr, nullptr);
    Erase = true;
    return nullptr;
  }
  if (N.consume_front("shfl.sync.")) {
    int Op = N.starts_with("idx")    ? WShflIdx
             : N.starts_with("up")   ? WShflUp
             : N.starts_with("down") ? WShflDown
                                     : WShflBfly;
    llvm::Value *R = Warp(Op, CI->getArgOperand(0), CI->getArgOperand(1),
                          CI->getArgOperand(2), CI->getArgOperand(3));
    return RT->isStructTy() ? Pair(R, RT) : fromI64(B, R, RT);
  }
  if (N.consume_front("vote.")) {
    int Op = N.starts_with("all")   ? WVoteAll
             : N.starts_with("any") ? WVoteAny
             : N.starts_with("uni") ? WVoteUni
                                    : WVoteBallot;
    llvm::Value *R =
        Warp(Op, CI->getArgOperand(0), CI->getArgOperand(1), nullptr, nullptr);
    return fromI64(B, R, RT);
  }
  if (N == "activemask") {
    return fromI64(
        B, Warp(WActiveMask, B.getInt32(-1), nullptr, nullptr, nullptr), RT);
  }
  if (N.consume_front("match.")) {
    int Op = N.starts_with("any") ? WMatchAny : WMatchAll;
    llvm::Value *R =
        Warp(Op, CI->getArgOperand(0), CI->getArgOperand(1), nullptr, nullptr);
    return RT->isStructTy() ? Pair(R, RT) : fromI64(B, R, RT);
  }
  if (N.consume_front("redux.sync.")) {
    int Op = N == "add"    ? WReduxAdd
             : N == "min"  ? WReduxMin
             : N == "max"  ? WReduxMax
             : N == "umin" ? WReduxUMin
             : N == "umax" ? WReduxUMax
             : N == "and"  ? WReduxAnd
             : N == "or"   ? WReduxOr
                           : WReduxXor;
    llvm::Value *R =
        Warp(Op, CI->getArgOperand(1), CI->getArgOperand(0), nullptr, nullptr);
    return fromI64(B, R, RT);
  }
  return std::nullopt;
}
} // namespace

void JitVerifier::Impl::replaceIntrinsics(Function &F) {
  llvm::Module &Mod = *F.getParent();
  LLVMContext &LC = Mod.getContext();
  Type *I32 = Type::getInt32Ty(LC), *I64 = Type::getInt64Ty(LC);
  Type *Ptr = PointerType::getUnqual(LC);
  FunctionCallee Sreg = runtimeFn(Mod, "ccl_sreg", I64, {I32});
  FunctionCallee Barrier = runtimeFn(Mod, "ccl_barrier", I32, {I32, I32});
  FunctionCallee WarpFn =
      runtimeFn(Mod, "ccl_warp", I64, {I32, I32, I64, I64, I64});
  FunctionCallee Unsupported =
      runtimeFn(Mod, "ccl_unsupported", Type::getVoidTy(LC), {Ptr});
  std::vector<CallInst *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction())
        if (Callee->getName().starts_with("llvm.nvvm."))
          Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    StringRef N = CI->getCalledFunction()->getName().drop_front(10);
    IRBuilder<> B(CI);
    Type *RT = CI->getType();
    llvm::Value *New = nullptr;
    bool Erase = false;
    if (N.consume_front("read.ptx.sreg.")) {
      int Code = sregCode(N);
      New = fromI64(B, B.CreateCall(Sreg, {B.getInt32(Code < 0 ? 99 : Code)}),
                    RT);
    } else if (N.starts_with("barrier") || N == "bar.sync") {
      int Kind = N.contains(".and")    ? 1
                 : N.contains(".or")   ? 2
                 : N.contains(".popc") ? 3
                                       : 0;
      llvm::Value *Pred = B.getInt32(0);
      if (Kind && CI->arg_size())
        Pred = B.CreateZExtOrTrunc(CI->getArgOperand(CI->arg_size() - 1), I32);
      llvm::Value *R = B.CreateCall(Barrier, {B.getInt32(Kind), Pred});
      if (!RT->isVoidTy())
        New = B.CreateZExtOrTrunc(R, RT);
      else
        Erase = true;
    } else if (std::optional<llvm::Value *> W =
                   lowerWarp(B, CI, N, WarpFn, Erase)) {
      New = *W;
    } else if (N.starts_with("membar") || N.starts_with("fence")) {
      Erase = true;
    } else {
      // Math the NVVM way, as plain IR where LLVM has it.
      New = nvvmMath(B, CI, N);
      if (!New) {
        // Unknown here: runs until executed, then stops the launch.
        B.CreateCall(Unsupported, {message(Mod, ("llvm.nvvm." + N).str())});
        if (!RT->isVoidTy())
          New = PoisonValue::get(RT);
        else
          Erase = true;
      }
    }
    if (New) {
      CI->replaceAllUsesWith(New);
      CI->eraseFromParent();
    } else if (Erase) {
      if (!RT->isVoidTy())
        CI->replaceAllUsesWith(PoisonValue::get(RT));
      CI->eraseFromParent();
    }
  }
}

namespace {
/// An fp16/bf16 instruction "op.type $0,$1,$2[,$3];": its ccl_ptx_fp16
/// kind and op, or false.
bool fp16Instruction(StringRef Body, int &Kind, int &Op, unsigned &Args) {
  StringRef Name = Body.split(' ').first;
  SmallVector<StringRef, 4> Parts;
  Name.split(Parts, '.');
  if (Parts.size() < 2)
    return false;
  static const std::pair<const char *, int> Ops[] = {
      {"add", 0}, {"sub", 1}, {"mul", 2}, {"fma", 3},
      {"min", 4}, {"max", 5}, {"neg", 6}, {"abs", 7}};
  Op = -1;
  for (const auto &[N, O] : Ops)
    if (Parts[0] == N)
      Op = O;
  if (Op < 0)
    return false;
  StringRef Ty = Parts.back();
  Kind = Ty == "f16"      ? 0
         : Ty == "f16x2"  ? 1
         : Ty == "bf16"   ? 2
         : Ty == "bf16x2" ? 3
                          : -1;
  Args = Op == 3 ? 3 : Op >= 6 ? 1 : 2;
  return Kind >= 0;
}

/// The asm text without braces, comments and extra blanks.
std::string normalizeAsm(StringRef S) {
  std::string Out;
  bool Space = false;
  for (char Ch : S) {
    if (Ch == '{' || Ch == '}' || Ch == '\n' || Ch == '\t' || Ch == ' ') {
      Space = !Out.empty();
      continue;
    }
    if (Space && Ch != ',' && Ch != ';' && Out.back() != ',')
      Out += ' ';
    Space = false;
    Out += Ch;
  }
  return Out;
}
} // namespace

namespace {
/// The runtime's fp16/bf16 entries inline PTX of halves is lowered to.
struct HalfFns {
  FunctionCallee Fp16, F2H, H2F, F2BF, BF2F;
};

/// \p V as an i32 (a floating-point value's bits).
llvm::Value *asI32(IRBuilder<> &B, llvm::Value *V) {
  if (V->getType()->isFloatingPointTy())
    V = B.CreateBitCast(V, B.getIntNTy(V->getType()->getPrimitiveSizeInBits()));
  return B.CreateZExtOrTrunc(V, B.getInt32Ty());
}

/// Inline PTX \p T (statements \p Stmts) of call \p CI on halves: fp16 and
/// bf16 arithmetic, conversions to and from float, packing and unpacking
/// two halves. The value that replaces the call; null when it is none.
llvm::Value *lowerHalves(IRBuilder<> &B, CallInst *CI, StringRef T,
                         ArrayRef<StringRef> Stmts, const HalfFns &Fns) {
  Type *RT = CI->getType();
  llvm::Value *New = nullptr;
  int Kind, Op;
  unsigned NArgs;
  if (Stmts.size() == 1 && fp16Instruction(Stmts[0], Kind, Op, NArgs) &&
      CI->arg_size() == NArgs && !RT->isVoidTy()) {
    llvm::Value *A = asI32(B, CI->getArgOperand(0));
    llvm::Value *Bv =
        NArgs > 1 ? asI32(B, CI->getArgOperand(1)) : B.getInt32(0);
    llvm::Value *Cv =
        NArgs > 2 ? asI32(B, CI->getArgOperand(2)) : B.getInt32(0);
    llvm::Value *R =
        B.CreateCall(Fns.Fp16, {B.getInt32(Kind), B.getInt32(Op), A, Bv, Cv});
    New = B.CreateZExtOrTrunc(R, RT);
  } else if (Stmts.size() == 1 && CI->arg_size() == 1 && !RT->isVoidTy() &&
             (T.starts_with("cvt.rn.f16.f32") ||
              T.starts_with("cvt.rn.bf16.f32"))) {
    bool Bf = T.starts_with("cvt.rn.bf16");
    New = B.CreateZExtOrTrunc(
        B.CreateCall(Bf ? Fns.F2BF : Fns.F2H, {CI->getArgOperand(0)}), RT);
  } else if (Stmts.size() == 1 && CI->arg_size() == 1 && RT->isFloatTy() &&
             (T.starts_with("cvt.f32.f16") || T.starts_with("cvt.f32.bf16"))) {
    bool Bf = T.starts_with("cvt.f32.bf16");
    New = B.CreateCall(
        Bf ? Fns.BF2F : Fns.H2F,
        {B.CreateZExtOrTrunc(asI32(B, CI->getArgOperand(0)), B.getInt16Ty())});
  } else if (Stmts.size() == 2 && CI->arg_size() == 1 && !RT->isVoidTy() &&
             Stmts[0].starts_with(".reg") &&
             (Stmts[1].starts_with("cvt.rn.f16.f32") ||
              Stmts[1].starts_with("cvt.rn.bf16.f32"))) {
    // .reg .f16 low; cvt.rn.f16.f32 low, $1; mov.b32 $0, {low,low}
    // (3 statements) is handled below; this one is a plain conversion.
    New = nullptr;
  }
  if (!New && Stmts.size() == 3 && CI->arg_size() == 1 && RT->isIntegerTy(32) &&
      Stmts[0].starts_with(".reg") &&
      (Stmts[1].starts_with("cvt.rn.f16.f32") ||
       Stmts[1].starts_with("cvt.rn.bf16.f32")) &&
      Stmts[2].starts_with("mov.b32")) {
    bool Bf = Stmts[1].starts_with("cvt.rn.bf16");
    llvm::Value *H = B.CreateZExt(
        B.CreateCall(Bf ? Fns.F2BF : Fns.F2H, {CI->getArgOperand(0)}),
        B.getInt32Ty());
    New = B.CreateOr(H, B.CreateShl(H, 16));
  }
  if (!New && Stmts.size() == 1 && T.starts_with("mov.b32 $0,$1,$2") &&
      CI->arg_size() == 2 && RT->isIntegerTy(32)) {
    // mov.b32 $0, {$1,$2}: pack two halves.
    New =
        B.CreateOr(B.CreateZExt(asI32(B, CI->getArgOperand(0)), B.getInt32Ty()),
                   B.CreateShl(asI32(B, CI->getArgOperand(1)), 16));
  }
  // mov.b32 $0, {0,$1} / {$1,0}: one half and a zero half (cuda_bf16's
  // bfloat16 -> float is the bits in the high half).
  if (!New && Stmts.size() == 1 && CI->arg_size() == 1 &&
      (RT->isIntegerTy(32) || RT->isFloatTy()) &&
      (Stmts[0] == "mov.b32 $0,0,$1" || Stmts[0] == "mov.b32 $0,$1,0")) {
    llvm::Value *H = B.CreateAnd(asI32(B, CI->getArgOperand(0)), 0xffff);
    New = Stmts[0] == "mov.b32 $0,0,$1" ? B.CreateShl(H, 16) : H;
    if (RT->isFloatTy())
      New = B.CreateBitCast(New, RT);
  }
  if (!New && Stmts.size() == 1 && T.starts_with("mov.b32 $0,$1,$2") &&
      CI->arg_size() == 1 && RT->isStructTy() &&
      RT->getStructNumElements() == 2) {
    // mov.b32 {$0,$1}, $2: unpack.
    llvm::Value *V = asI32(B, CI->getArgOperand(0));
    Type *E0 = RT->getStructElementType(0), *E1 = RT->getStructElementType(1);
    llvm::Value *S =
        B.CreateInsertValue(PoisonValue::get(RT), B.CreateTrunc(V, E0), 0);
    New = B.CreateInsertValue(S, B.CreateTrunc(B.CreateLShr(V, 16), E1), 1);
  }
  return New;
}

/// vabsdiff4.u32.u32.u32.add d, a, b, c: the sum of the four bytewise
/// |a - b| plus c (cuda-samples stereoDisparity's __vabsdiff4 sums); null
/// when \p T is not that.
llvm::Value *lowerVabsdiff4(IRBuilder<> &B, CallInst *CI, StringRef T) {
  if (!T.starts_with("vabsdiff4.u32.u32.u32.add") || CI->arg_size() != 3 ||
      !CI->getType()->isIntegerTy(32))
    return nullptr;
  llvm::Value *Sum = asI32(B, CI->getArgOperand(2));
  for (unsigned K = 0; K < 4; ++K) {
    auto Byte = [&](llvm::Value *V) {
      return B.CreateAnd(B.CreateLShr(asI32(B, V), 8 * K), 0xff);
    };
    llvm::Value *X = Byte(CI->getArgOperand(0)),
                *Y = Byte(CI->getArgOperand(1));
    llvm::Value *D = B.CreateSelect(B.CreateICmpUGE(X, Y), B.CreateSub(X, Y),
                                    B.CreateSub(Y, X));
    Sum = B.CreateAdd(Sum, D);
  }
  return Sum;
}
} // namespace

void JitVerifier::Impl::replaceAsm(Function &F) {
  llvm::Module &Mod = *F.getParent();
  LLVMContext &LC = Mod.getContext();
  Type *I32 = Type::getInt32Ty(LC), *I16 = Type::getInt16Ty(LC);
  Type *F32 = Type::getFloatTy(LC);
  Type *Ptr = PointerType::getUnqual(LC);
  HalfFns Halves{runtimeFn(Mod, "ccl_ptx_fp16", I32, {I32, I32, I32, I32, I32}),
                 runtimeFn(Mod, "ccl_f2h", I16, {F32}),
                 runtimeFn(Mod, "ccl_h2f", F32, {I16}),
                 runtimeFn(Mod, "ccl_f2bf", I16, {F32}),
                 runtimeFn(Mod, "ccl_bf2f", F32, {I16})};
  FunctionCallee Unsupported =
      runtimeFn(Mod, "ccl_unsupported", Type::getVoidTy(LC), {Ptr});
  std::vector<CallInst *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (isa<InlineAsm>(CI->getCalledOperand()))
        Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    auto *IA = cast<InlineAsm>(CI->getCalledOperand());
    std::string Text = normalizeAsm(IA->getAsmString());
    Type *RT = CI->getType();
    IRBuilder<> B(CI);
    llvm::Value *New = nullptr;
    StringRef T(Text);
    // Statements separated by ';' (a trailing one is dropped).
    SmallVector<StringRef, 4> Stmts;
    T.split(Stmts, ';', -1, false);
    for (StringRef &S : Stmts)
      S = S.trim();
    if (CI->use_empty() && !IA->hasSideEffects()) {
      CI->eraseFromParent();
      continue;
    }
    // The cache-hint loads and stores (__ldcs, __stwt, ...): plain ones.
    bool Memory = false;
    if (llvm::Value *V = inlinePtxMemory(T, CI, B, Memory); Memory) {
      if (V)
        CI->replaceAllUsesWith(V);
      CI->eraseFromParent();
      continue;
    }
    if (T.contains("%reserved_smem") && !RT->isVoidTy())
      New = Constant::getNullValue(RT);
    else
      New = lowerHalves(B, CI, T, Stmts, Halves);
    if (!New && RT->isVoidTy() &&
        (T.starts_with("membar") || T.starts_with("fence") ||
         T.starts_with("bar.warp.sync") || T.starts_with("prefetch"))) {
      CI->eraseFromParent();
      continue;
    }
    // Texture fetches (tex2D on a texture object: `tex.2d.v4.f32.f32`,
    // tld4): not a global or shared request the analysis predicts; their
    // data is input like the arena's, here all zero.
    if (!New && !RT->isVoidTy() &&
        (T.starts_with("tex.") || T.starts_with("tld4.")))
      New = Constant::getNullValue(RT);
    if (!New)
      New = lowerVabsdiff4(B, CI, T);
    if (!New) {
      std::string What = "inline PTX '" + Text.substr(0, 60) + "'";
      B.CreateCall(Unsupported, {message(Mod, What)});
      if (!RT->isVoidTy())
        New = PoisonValue::get(RT);
    }
    if (New)
      CI->replaceAllUsesWith(New);
    CI->eraseFromParent();
  }
}
