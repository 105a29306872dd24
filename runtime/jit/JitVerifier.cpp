//===- JitVerifier.cpp - Execute the device code clang compiles -----------===//
#include "runtime/jit/JitVerifier.h"
#include "codegen/DeviceCode.h"
#include "codegen/SiteMatch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "runtime/jit/InlinePtxMemory.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include <csignal>
#include <set>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace ccl::jit;
using ccl::AccessOp;
using ccl::AccessRecord;
using ccl::BufferSpec;
using ccl::Dim3;
using ccl::JitVerifier;
using ccl::KernelSpec;
using ccl::Measurement;
using ccl::MemObject;
using clang::ASTContext;
using clang::Expr;
using clang::FunctionDecl;
using clang::GlobalDecl;
using clang::MangleContext;
using clang::ParmVarDecl;
using clang::QualType;
using clang::SourceManager;

namespace {
/// One place a memory instruction's debug location names (the instruction's
/// own, then each call site it was inlined at).
using SiteLoc = ccl::ptx::SrcLoc;

struct LaunchRec {
  const FunctionDecl *Kernel;
  std::string Name, Mangled;
  Dim3 Block;
  unsigned Grid[3] = {1, 1, 1};
  bool GridFromSpec = false;
  std::string Failure;
  std::vector<SiteResult> Results;
  int Func = -1; ///< index in Kernels
  /// CPU seconds: JIT-compiling its module (this process), running it
  /// (the forked child).
  double JitSeconds = 0, RunSeconds = 0;
  bool Truncated = false; ///< stopped at the step limit
  uint64_t StepLimit = 0;
};

struct KernelIR {
  std::string Name;  ///< mangled
  std::string Entry; ///< its launch wrapper
  std::vector<ParamInput> Params;
  unsigned ArgBytes = 0;
  /// The kernel reads blockIdx.y/gridDim.y (z): the default grid then has
  /// 2 blocks in that dimension, so both sides of `if (blockIdx.y == 0)` run.
  bool UsesGrid[3] = {false, false, false};
};

/// This process's CPU seconds (user + system).
double cpuSeconds() {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_utime.tv_sec + U.ru_stime.tv_sec +
         (U.ru_utime.tv_usec + U.ru_stime.tv_usec) / 1e6;
}

} // namespace

struct JitVerifier::Impl {
  ASTContext &Ctx;
  Config C;
  std::vector<LaunchRec> Launches;
  // What the instrumentation recorded.
  std::vector<SiteInfo> Sites;
  /// Where each site comes from (SiteMatch.h); AddrLocs: where its address
  /// was computed (the pointer operand's own location and the calls it was
  /// inlined into): a `T &operator[]` whose load or store happens in the
  /// caller has its subscript there.
  std::vector<ccl::InstrPlace> Places;
  std::vector<int> SiteFunc; ///< kernel index of each site
  std::vector<int> IPDom;
  std::vector<KernelIR> Kernels;
  std::map<std::string, int> KernelByName;
  std::map<const Expr *, std::string> NoSite;
  std::unique_ptr<orc::LLJIT> J;
  mutable ccl::SiteMatcher Matcher;
  /// Each kernel's retargeted module, for one copy per launch.
  std::map<std::string, std::string> Bitcode;
  std::string SessionErrors; ///< what the JIT session reported meanwhile

  Impl(ASTContext &Ctx, Config C)
      : Ctx(Ctx), C(std::move(C)), Matcher(Ctx) {}

  void devicePasses(llvm::Module &Mod, llvm::TargetMachine *TM);
  void retarget(llvm::Module &Mod);
  void instrument(Function &F, int KernelIndex);
  void replaceIntrinsics(Function &F);
  void replaceAsm(Function &F);
  void addEntry(Function &F, KernelIR &K);
  void addVarTable(llvm::Module &Mod);
  Error runLaunch(LaunchRec &L);
  std::vector<unsigned> sitesOf(unsigned Launch, const AccessRecord &R,
                                std::string *Why) const;
  const std::string &real(const std::string &P) { return Matcher.real(P); }
};

JitVerifier::JitVerifier(ASTContext &Ctx, Config C)
    : P(std::make_unique<Impl>(Ctx, std::move(C))) {}
JitVerifier::~JitVerifier() = default;

unsigned JitVerifier::addLaunch(const FunctionDecl *Kernel,
                                const std::string &Name, Dim3 Block) {
  LaunchRec L;
  L.Kernel = Kernel;
  L.Name = Name;
  L.Block = Block;
  std::unique_ptr<MangleContext> MC(P->Ctx.createMangleContext());
  raw_string_ostream OS(L.Mangled);
  if (MC->shouldMangleDeclName(Kernel))
    MC->mangleName(GlobalDecl(Kernel), OS);
  else
    OS << Kernel->getName();
  L.Grid[0] = P->C.GridBlocks;
  if (P->C.Spec)
    if (const KernelSpec *KS = P->C.Spec->find(Kernel->getNameAsString(), Name))
      for (size_t I = 0; I < KS->Grid.size() && I < 3; ++I) {
        L.Grid[I] = KS->Grid[I];
        L.GridFromSpec = true;
      }
  P->Launches.push_back(std::move(L));
  return P->Launches.size() - 1;
}

const std::string &JitVerifier::launchFailure(unsigned Launch) const {
  return P->Launches[Launch].Failure;
}

std::string JitVerifier::truncation(unsigned Launch) const {
  const LaunchRec &L = P->Launches[Launch];
  if (!L.Truncated)
    return "";
  return "the run was stopped after " + std::to_string(L.StepLimit) +
         " basic blocks (all threads)";
}

std::string JitVerifier::gridText(unsigned Launch) const {
  const LaunchRec &L = P->Launches[Launch];
  return std::to_string(L.Grid[0]) + "x" + std::to_string(L.Grid[1]) + "x" +
         std::to_string(L.Grid[2]) + " blocks" +
         (L.GridFromSpec ? " (harness spec)" : " (default grid)");
}

//===-- 1. Compile for the device
//------------------------------------------===//

namespace {
void initTargets() {
  static bool Done = [] {
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
    return true;
  }();
  (void)Done;
}

} // namespace

/// Every call inlined (a warp's reconvergence is computed per function), and
/// the address spaces that inlining makes known: no width changes, the
/// compiler view's code is already as the NVPTX backend receives it.
void JitVerifier::Impl::devicePasses(llvm::Module &Mod, TargetMachine *TM) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  for (Function &F : Mod)
    if (!F.isDeclaration() && F.getCallingConv() != CallingConv::PTX_Kernel) {
      F.removeFnAttr(Attribute::NoInline);
      F.removeFnAttr(Attribute::OptimizeNone);
      F.addFnAttr(Attribute::AlwaysInline);
    }
  ModulePassManager MPM;
  MPM.addPass(AlwaysInlinerPass());
  FunctionPassManager FPM;
  FPM.addPass(InferAddressSpacesPass());
  MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  MPM.run(Mod, MAM);
}

//===-- 2. Retarget and instrument
//-----------------------------------------===//

namespace {
FunctionCallee runtimeFn(llvm::Module &M, StringRef Name, Type *Ret,
                         ArrayRef<Type *> Args) {
  return M.getOrInsertFunction(Name, FunctionType::get(Ret, Args, false));
}

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

/// A global string constant for messages.
Constant *message(llvm::Module &M, StringRef S) {
  IRBuilder<> B(M.getContext());
  auto *GV = new GlobalVariable(M, ArrayType::get(B.getInt8Ty(), S.size() + 1),
                                true, GlobalValue::PrivateLinkage,
                                ConstantDataArray::getString(M.getContext(), S),
                                "ccl.msg");
  return GV;
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
    auto Warp = [&](int Op, llvm::Value *Mask, llvm::Value *A, llvm::Value *Bv,
                    llvm::Value *Cv) {
      return B.CreateCall(WarpFn,
                          {B.getInt32(Op), B.CreateZExtOrTrunc(Mask, I32),
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
    } else if (N == "bar.warp.sync") {
      Warp(WSync, CI->getArgOperand(0), nullptr, nullptr, nullptr);
      Erase = true;
    } else if (N.consume_front("shfl.sync.")) {
      int Op = N.starts_with("idx")    ? WShflIdx
               : N.starts_with("up")   ? WShflUp
               : N.starts_with("down") ? WShflDown
                                       : WShflBfly;
      llvm::Value *R = Warp(Op, CI->getArgOperand(0), CI->getArgOperand(1),
                            CI->getArgOperand(2), CI->getArgOperand(3));
      New = RT->isStructTy() ? Pair(R, RT) : fromI64(B, R, RT);
    } else if (N.consume_front("vote.")) {
      int Op = N.starts_with("all")   ? WVoteAll
               : N.starts_with("any") ? WVoteAny
               : N.starts_with("uni") ? WVoteUni
                                      : WVoteBallot;
      llvm::Value *R = Warp(Op, CI->getArgOperand(0), CI->getArgOperand(1),
                            nullptr, nullptr);
      New = fromI64(B, R, RT);
    } else if (N == "activemask") {
      New = fromI64(
          B, Warp(WActiveMask, B.getInt32(-1), nullptr, nullptr, nullptr), RT);
    } else if (N.consume_front("match.")) {
      int Op = N.starts_with("any") ? WMatchAny : WMatchAll;
      llvm::Value *R = Warp(Op, CI->getArgOperand(0), CI->getArgOperand(1),
                            nullptr, nullptr);
      New = RT->isStructTy() ? Pair(R, RT) : fromI64(B, R, RT);
    } else if (N.consume_front("redux.sync.")) {
      int Op = N == "add"    ? WReduxAdd
               : N == "min"  ? WReduxMin
               : N == "max"  ? WReduxMax
               : N == "umin" ? WReduxUMin
               : N == "umax" ? WReduxUMax
               : N == "and"  ? WReduxAnd
               : N == "or"   ? WReduxOr
                             : WReduxXor;
      llvm::Value *R = Warp(Op, CI->getArgOperand(1), CI->getArgOperand(0),
                            nullptr, nullptr);
      New = fromI64(B, R, RT);
    } else if (N.starts_with("membar") || N.starts_with("fence")) {
      Erase = true;
    } else {
      // Math the NVVM way, as plain IR where LLVM has it.
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
            B.CreateBinaryIntrinsic(Intrinsic::maxnum, X,
                                    ConstantFP::get(RT, 0.0)),
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

void JitVerifier::Impl::replaceAsm(Function &F) {
  llvm::Module &Mod = *F.getParent();
  LLVMContext &LC = Mod.getContext();
  Type *I32 = Type::getInt32Ty(LC), *I16 = Type::getInt16Ty(LC);
  Type *F32 = Type::getFloatTy(LC);
  Type *Ptr = PointerType::getUnqual(LC);
  FunctionCallee Fp16 =
      runtimeFn(Mod, "ccl_ptx_fp16", I32, {I32, I32, I32, I32, I32});
  FunctionCallee F2H = runtimeFn(Mod, "ccl_f2h", I16, {F32});
  FunctionCallee H2F = runtimeFn(Mod, "ccl_h2f", F32, {I16});
  FunctionCallee F2BF = runtimeFn(Mod, "ccl_f2bf", I16, {F32});
  FunctionCallee BF2F = runtimeFn(Mod, "ccl_bf2f", F32, {I16});
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
    auto Arg = [&](unsigned I) { return CI->getArgOperand(I); };
    auto AsI32 = [&](llvm::Value *V) {
      if (V->getType()->isFloatingPointTy())
        V = B.CreateBitCast(
            V, B.getIntNTy(V->getType()->getPrimitiveSizeInBits()));
      return B.CreateZExtOrTrunc(V, I32);
    };
    int Kind, Op;
    unsigned NArgs;
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
    if (T.contains("%reserved_smem") && !RT->isVoidTy()) {
      New = Constant::getNullValue(RT);
    } else if (Stmts.size() == 1 &&
               fp16Instruction(Stmts[0], Kind, Op, NArgs) &&
               CI->arg_size() == NArgs && !RT->isVoidTy()) {
      llvm::Value *A = AsI32(Arg(0));
      llvm::Value *Bv = NArgs > 1 ? AsI32(Arg(1)) : B.getInt32(0);
      llvm::Value *Cv = NArgs > 2 ? AsI32(Arg(2)) : B.getInt32(0);
      llvm::Value *R =
          B.CreateCall(Fp16, {B.getInt32(Kind), B.getInt32(Op), A, Bv, Cv});
      New = B.CreateZExtOrTrunc(R, RT);
    } else if (Stmts.size() == 1 && CI->arg_size() == 1 && !RT->isVoidTy() &&
               (T.starts_with("cvt.rn.f16.f32") ||
                T.starts_with("cvt.rn.bf16.f32"))) {
      bool Bf = T.starts_with("cvt.rn.bf16");
      New = B.CreateZExtOrTrunc(B.CreateCall(Bf ? F2BF : F2H, {Arg(0)}), RT);
    } else if (Stmts.size() == 1 && CI->arg_size() == 1 && RT->isFloatTy() &&
               (T.starts_with("cvt.f32.f16") ||
                T.starts_with("cvt.f32.bf16"))) {
      bool Bf = T.starts_with("cvt.f32.bf16");
      New = B.CreateCall(Bf ? BF2F : H2F,
                         {B.CreateZExtOrTrunc(AsI32(Arg(0)), I16)});
    } else if (Stmts.size() == 2 && CI->arg_size() == 1 && !RT->isVoidTy() &&
               Stmts[0].starts_with(".reg") &&
               (Stmts[1].starts_with("cvt.rn.f16.f32") ||
                Stmts[1].starts_with("cvt.rn.bf16.f32"))) {
      // .reg .f16 low; cvt.rn.f16.f32 low, $1; mov.b32 $0, {low,low}
      // (3 statements) is handled below; this one is a plain conversion.
      New = nullptr;
    }
    if (!New && Stmts.size() == 3 && CI->arg_size() == 1 &&
        RT->isIntegerTy(32) && Stmts[0].starts_with(".reg") &&
        (Stmts[1].starts_with("cvt.rn.f16.f32") ||
         Stmts[1].starts_with("cvt.rn.bf16.f32")) &&
        Stmts[2].starts_with("mov.b32")) {
      bool Bf = Stmts[1].starts_with("cvt.rn.bf16");
      llvm::Value *H =
          B.CreateZExt(B.CreateCall(Bf ? F2BF : F2H, {Arg(0)}), I32);
      New = B.CreateOr(H, B.CreateShl(H, 16));
    }
    if (!New && Stmts.size() == 1 && T.starts_with("mov.b32 $0,$1,$2") &&
        CI->arg_size() == 2 && RT->isIntegerTy(32)) {
      // mov.b32 $0, {$1,$2}: pack two halves.
      New = B.CreateOr(B.CreateZExt(AsI32(Arg(0)), I32),
                       B.CreateShl(AsI32(Arg(1)), 16));
    }
    // mov.b32 $0, {0,$1} / {$1,0}: one half and a zero half (cuda_bf16's
    // bfloat16 -> float is the bits in the high half).
    if (!New && Stmts.size() == 1 && CI->arg_size() == 1 &&
        (RT->isIntegerTy(32) || RT->isFloatTy()) &&
        (Stmts[0] == "mov.b32 $0,0,$1" || Stmts[0] == "mov.b32 $0,$1,0")) {
      llvm::Value *H = B.CreateAnd(AsI32(Arg(0)), 0xffff);
      New = Stmts[0] == "mov.b32 $0,0,$1" ? B.CreateShl(H, 16) : H;
      if (RT->isFloatTy())
        New = B.CreateBitCast(New, RT);
    }
    if (!New && Stmts.size() == 1 && T.starts_with("mov.b32 $0,$1,$2") &&
        CI->arg_size() == 1 && RT->isStructTy() &&
        RT->getStructNumElements() == 2) {
      // mov.b32 {$0,$1}, $2: unpack.
      llvm::Value *V = AsI32(Arg(0));
      Type *E0 = RT->getStructElementType(0), *E1 = RT->getStructElementType(1);
      llvm::Value *S =
          B.CreateInsertValue(PoisonValue::get(RT), B.CreateTrunc(V, E0), 0);
      New = B.CreateInsertValue(S, B.CreateTrunc(B.CreateLShr(V, 16), E1), 1);
    }
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
    // vabsdiff4.u32.u32.u32.add d, a, b, c: the sum of the four bytewise
    // |a - b| plus c (cuda-samples stereoDisparity's __vabsdiff4 sums).
    if (!New && T.starts_with("vabsdiff4.u32.u32.u32.add") &&
        CI->arg_size() == 3 && RT->isIntegerTy(32)) {
      llvm::Value *Sum = AsI32(Arg(2));
      for (unsigned K = 0; K < 4; ++K) {
        auto Byte = [&](llvm::Value *V) {
          return B.CreateAnd(B.CreateLShr(AsI32(V), 8 * K), 0xff);
        };
        llvm::Value *X = Byte(Arg(0)), *Y = Byte(Arg(1));
        llvm::Value *D = B.CreateSelect(B.CreateICmpUGE(X, Y),
                                        B.CreateSub(X, Y), B.CreateSub(Y, X));
        Sum = B.CreateAdd(Sum, D);
      }
      New = Sum;
    }
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

namespace {
/// Where the lanes that diverge at the end of each block meet again: its
/// immediate post-dominator, on the CFG without the blocks from which no
/// return is reachable (`unreachable` after a trap or an impossible switch
/// default): a path no lane takes must not move the meeting point to the
/// kernel's end (LLVM's PostDominatorTree would give such a branch the
/// virtual exit). nullptr: the lanes meet only at the end.
/// Cooper, Harvey and Kennedy's iterative algorithm on the reverse CFG.
std::map<BasicBlock *, BasicBlock *> reconvergencePoints(Function &F) {
  std::vector<BasicBlock *> Blocks;
  std::map<BasicBlock *, int> Num;
  for (BasicBlock &B : F) {
    Num[&B] = Blocks.size();
    Blocks.push_back(&B);
  }
  size_t N = Blocks.size();
  const int Exit = N; // the virtual exit, after every return
  std::vector<std::vector<int>> Preds(N + 1), Succs(N + 1);
  for (size_t I = 0; I < N; ++I) {
    if (isa<ReturnInst>(Blocks[I]->getTerminator())) {
      Succs[I].push_back(Exit);
      Preds[Exit].push_back(I);
    }
    for (BasicBlock *S : successors(Blocks[I])) {
      Succs[I].push_back(Num[S]);
      Preds[Num[S]].push_back(I);
    }
  }
  // Post-order of the reverse CFG from the exit (iterative DFS over Preds);
  // blocks it does not reach cannot return.
  std::vector<int> Order, PO(N + 1, -1);
  {
    std::vector<std::pair<int, size_t>> Stack{{Exit, 0}};
    std::vector<bool> Seen(N + 1, false);
    Seen[Exit] = true;
    while (!Stack.empty()) {
      auto &[V, K] = Stack.back();
      if (K < Preds[V].size()) {
        int W = Preds[V][K++];
        if (!Seen[W]) {
          Seen[W] = true;
          Stack.push_back({W, 0});
        }
        continue;
      }
      PO[V] = Order.size();
      Order.push_back(V);
      Stack.pop_back();
    }
  }
  std::vector<int> Dom(N + 1, -1);
  Dom[Exit] = Exit;
  auto Intersect = [&](int A, int B) {
    while (A != B) {
      while (PO[A] < PO[B])
        A = Dom[A];
      while (PO[B] < PO[A])
        B = Dom[B];
    }
    return A;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
      int V = *It;
      if (V == Exit)
        continue;
      int New = -1;
      for (int S : Succs[V])
        if (PO[S] >= 0 && Dom[S] >= 0)
          New = New < 0 ? S : Intersect(S, New);
      if (New >= 0 && Dom[V] != New) {
        Dom[V] = New;
        Changed = true;
      }
    }
  }
  std::map<BasicBlock *, BasicBlock *> Out;
  for (size_t I = 0; I < N; ++I)
    Out[Blocks[I]] = Dom[I] >= 0 && Dom[I] != Exit ? Blocks[Dom[I]] : nullptr;
  return Out;
}
} // namespace

void JitVerifier::Impl::instrument(Function &F, int KernelIndex) {
  llvm::Module &Mod = *F.getParent();
  LLVMContext &LC = Mod.getContext();
  const DataLayout &DL = Mod.getDataLayout();
  Type *I32 = Type::getInt32Ty(LC);
  Type *Ptr = PointerType::getUnqual(LC);
  FunctionCallee Acc = runtimeFn(Mod, "ccl_acc", Ptr, {I32, Ptr});
  FunctionCallee Span = runtimeFn(Mod, "ccl_acc_span", Ptr, {I32, I32, Ptr});
  FunctionCallee BB = runtimeFn(Mod, "ccl_bb", Type::getVoidTy(LC), {I32});
  auto Chain = [&](const DILocation *DLoc) {
    std::vector<SiteLoc> Locs;
    for (; DLoc; DLoc = DLoc->getInlinedAt()) {
      SmallString<256> Path(DLoc->getFilename());
      if (!sys::path::is_absolute(Path))
        sys::path::make_absolute(DLoc->getDirectory(), Path);
      Locs.push_back(
          {real(std::string(Path)), DLoc->getLine(), DLoc->getColumn()});
    }
    return Locs;
  };
  auto NewSite = [&](Instruction *I, unsigned Bytes, AccessKind Op, unsigned AS,
                     llvm::Value *P) {
    SiteInfo S;
    S.Bytes = Bytes;
    S.Op = Op;
    S.StaticSpace = AS == 1   ? SpGlobal
                    : AS == 3 ? SpShared
                    : AS == 4 ? SpConst
                    : AS == 5 ? SpLocal
                              : SpGeneric;
    Sites.push_back(S);
    ccl::InstrPlace Pl;
    Pl.Op = Op == AccLoad    ? AccessOp::Load
            : Op == AccStore ? AccessOp::Store
                             : AccessOp::Atomic;
    Pl.Locs = Chain(I->getDebugLoc().get());
    if (auto *PI = dyn_cast<Instruction>(P->stripPointerCasts()))
      Pl.AddrLocs = Chain(PI->getDebugLoc().get());
    Pl.Loose = isa<MemTransferInst>(I) && Op == AccLoad;
    Places.push_back(std::move(Pl));
    SiteFunc.push_back(KernelIndex);
    return (int)Sites.size() - 1;
  };
  // Through ccl_acc: the pointer the instruction then uses.
  auto Wrap = [&](Instruction *I, llvm::Value *P, int Site) {
    IRBuilder<> B(I);
    unsigned AS = P->getType()->getPointerAddressSpace();
    llvm::Value *Gen = AS ? B.CreateAddrSpaceCast(P, Ptr) : P;
    llvm::Value *R = B.CreateCall(Acc, {B.getInt32(Site), Gen});
    return AS ? B.CreateAddrSpaceCast(R, P->getType()) : R;
  };
  std::vector<Instruction *> Mem;
  for (Instruction &I : instructions(F))
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst,
            MemIntrinsic>(&I))
      Mem.push_back(&I);
  for (Instruction *I : Mem) {
    if (auto *LI = dyn_cast<LoadInst>(I)) {
      llvm::Value *P = LI->getPointerOperand();
      unsigned AS = P->getType()->getPointerAddressSpace();
      if (AS == 5)
        continue;
      int S = NewSite(I, DL.getTypeStoreSize(LI->getType()), AccLoad, AS, P);
      LI->setOperand(0, Wrap(I, P, S));
    } else if (auto *SI = dyn_cast<StoreInst>(I)) {
      llvm::Value *P = SI->getPointerOperand();
      unsigned AS = P->getType()->getPointerAddressSpace();
      if (AS == 5)
        continue;
      int S = NewSite(I, DL.getTypeStoreSize(SI->getValueOperand()->getType()),
                      AccStore, AS, P);
      SI->setOperand(1, Wrap(I, P, S));
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
      llvm::Value *P = RMW->getPointerOperand();
      int S = NewSite(I, DL.getTypeStoreSize(RMW->getValOperand()->getType()),
                      AccAtomic, P->getType()->getPointerAddressSpace(), P);
      RMW->setOperand(0, Wrap(I, P, S));
    } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
      llvm::Value *P = CX->getPointerOperand();
      int S = NewSite(I, DL.getTypeStoreSize(CX->getNewValOperand()->getType()),
                      AccAtomic, P->getType()->getPointerAddressSpace(), P);
      CX->setOperand(0, Wrap(I, P, S));
    } else if (auto *MI = dyn_cast<MemIntrinsic>(I)) {
      // As the NVPTX backend expands a small constant-size copy: loads
      // then stores of the widest size both alignments allow, up to 8
      // bytes (a float4 copy to a 4-byte aligned address: 4-byte moves).
      auto *Len = dyn_cast<ConstantInt>(MI->getLength());
      if (!Len || Len->getZExtValue() == 0 || Len->getZExtValue() > 128)
        continue;
      uint64_t N = Len->getZExtValue();
      // Loads and stores of one width, which both sides' alignments allow.
      uint64_t Aligned = MI->getDestAlign() ? MI->getDestAlign()->value() : 1;
      if (auto *MT = dyn_cast<MemTransferInst>(MI))
        Aligned = std::min<uint64_t>(
            Aligned, MT->getSourceAlign() ? MT->getSourceAlign()->value() : 1);
      auto Sides = [&](llvm::Value *P, AccessKind Op) {
        unsigned AS = P->getType()->getPointerAddressSpace();
        if (AS == 5)
          return;
        uint64_t Chunk = std::min<uint64_t>(Aligned, 8);
        while (N % Chunk)
          Chunk /= 2;
        int First = -1;
        for (uint64_t Off = 0; Off < N; Off += Chunk) {
          int S = NewSite(I, Chunk, Op, AS, P);
          if (First < 0)
            First = S;
        }
        IRBuilder<> B(I);
        llvm::Value *Gen = AS ? B.CreateAddrSpaceCast(P, Ptr) : P;
        llvm::Value *R =
            B.CreateCall(Span, {B.getInt32(First), B.getInt32(N / Chunk), Gen});
        llvm::Value *Back = AS ? B.CreateAddrSpaceCast(R, P->getType()) : R;
        if (P == MI->getRawDest())
          MI->setDest(Back);
        else
          cast<MemTransferInst>(MI)->setSource(Back);
      };
      if (auto *MT = dyn_cast<MemTransferInst>(MI))
        Sides(MT->getRawSource(), AccLoad);
      Sides(MI->getRawDest(), AccStore);
    }
  }
  // A lane that reaches `unreachable` (after __trap(), or a path the
  // compiler proved impossible) stops the launch, as the GPU stops the
  // kernel; x86 code would run on into whatever follows.
  {
    std::vector<CallInst *> Traps;
    std::vector<Instruction *> Ends;
    for (Instruction &I : instructions(F)) {
      if (isa<UnreachableInst>(&I))
        Ends.push_back(&I);
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction())
          if (Callee->getIntrinsicID() == Intrinsic::trap ||
              Callee->getIntrinsicID() == Intrinsic::debugtrap)
            Traps.push_back(CI);
    }
    for (CallInst *CI : Traps)
      CI->eraseFromParent();
    FunctionCallee Unreachable =
        runtimeFn(Mod, "ccl_unreachable", Type::getVoidTy(LC), {});
    for (Instruction *T : Ends)
      IRBuilder<>(T).CreateCall(Unreachable, {});
  }
  // Every basic block starts with a yield to the warp scheduler.
  std::map<BasicBlock *, int> Ids;
  for (BasicBlock &BB : F)
    Ids[&BB] = IPDom.size() + Ids.size();
  size_t Base = IPDom.size();
  IPDom.resize(Base + Ids.size(), -1);
  std::map<BasicBlock *, BasicBlock *> Meet = reconvergencePoints(F);
  for (BasicBlock &Blk : F) {
    int Id = Ids[&Blk];
    auto It = Meet.find(&Blk);
    if (It != Meet.end() && It->second)
      IPDom[Id] = Ids[It->second];
    IRBuilder<> B(&*Blk.getFirstInsertionPt());
    B.CreateCall(BB, {B.getInt32(Id)});
  }
}

/// void ccl.entry.N(ptr args): loads each parameter from the argument buffer
/// (16-byte aligned slots) and calls the kernel.
void JitVerifier::Impl::addEntry(Function &F, KernelIR &K) {
  llvm::Module &Mod = *F.getParent();
  LLVMContext &LC = Mod.getContext();
  const DataLayout &DL = Mod.getDataLayout();
  K.Entry = "ccl_entry_" + std::to_string(&K - Kernels.data());
  Function *E =
      Function::Create(FunctionType::get(Type::getVoidTy(LC),
                                         {PointerType::getUnqual(LC)}, false),
                       GlobalValue::ExternalLinkage, K.Entry, Mod);
  IRBuilder<> B(BasicBlock::Create(LC, "", E));
  std::vector<llvm::Value *> Args;
  unsigned Off = 0;
  for (Argument &A : F.args()) {
    ParamInput P;
    Type *T = A.getType();
    llvm::Value *Slot = B.CreateConstGEP1_32(B.getInt8Ty(), E->getArg(0), Off);
    uint64_t Size = DL.getTypeAllocSize(T);
    if (Type *BV = A.getParamByValType()) {
      Size = DL.getTypeAllocSize(BV);
      P.K = ParamInput::Bytes;
      llvm::Value *V = Slot;
      if (T->getPointerAddressSpace())
        V = B.CreateAddrSpaceCast(Slot, T);
      Args.push_back(V);
    } else {
      if (T->isPointerTy())
        P.K = ParamInput::Pointer;
      else if (T->isIntegerTy())
        P.K = ParamInput::Int;
      else if (T->isFloatTy())
        P.K = ParamInput::Float;
      else if (T->isDoubleTy())
        P.K = ParamInput::Double;
      Args.push_back(B.CreateLoad(T, Slot));
    }
    P.Offset = Off;
    P.Size = T->isIntegerTy() ? (T->getIntegerBitWidth() + 7) / 8 : Size;
    K.Params.push_back(P);
    Off += (Size + 15) / 16 * 16;
  }
  K.ArgBytes = Off;
  B.CreateCall(&F, Args);
  B.CreateRetVoid();
}

/// ccl_vars: [begin, size, space] of every module variable, and ccl_nvars.
void JitVerifier::Impl::addVarTable(llvm::Module &Mod) {
  LLVMContext &LC = Mod.getContext();
  Type *I64 = Type::getInt64Ty(LC);
  StructType *ST = StructType::get(LC, {I64, I64, I64});
  std::vector<Constant *> Rows;
  const DataLayout &DL = Mod.getDataLayout();
  for (GlobalVariable &G : Mod.globals()) {
    unsigned AS = G.getAddressSpace();
    if ((AS != 1 && AS != 3 && AS != 4) || G.isDeclaration())
      continue;
    Constant *Begin = ConstantExpr::getPtrToInt(&G, I64);
    uint64_t Size = DL.getTypeAllocSize(G.getValueType());
    uint64_t Space = AS == 1 ? SpGlobal : AS == 3 ? SpShared : SpConst;
    Rows.push_back(ConstantStruct::get(ST, {Begin, ConstantInt::get(I64, Size),
                                            ConstantInt::get(I64, Space)}));
  }
  ArrayType *AT = ArrayType::get(ST, Rows.size());
  new GlobalVariable(Mod, AT, true, GlobalValue::ExternalLinkage,
                     ConstantArray::get(AT, Rows), "ccl_vars");
  new GlobalVariable(Mod, I64, true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(I64, Rows.size()), "ccl_nvars");
}

void JitVerifier::Impl::retarget(llvm::Module &Mod) {
  LLVMContext &LC = Mod.getContext();
  // __shared__ variables: 128-byte aligned (bank 0 at their start), an
  // extern __shared__ array gets the spec's dynamic size or 48 KiB.
  std::vector<GlobalVariable *> Extern;
  for (GlobalVariable &G : Mod.globals())
    if (G.getAddressSpace() == 3) {
      if (G.isDeclaration())
        Extern.push_back(&G);
      else
        G.setAlignment(Align(
            std::max<uint64_t>(G.getAlign() ? G.getAlign()->value() : 1, 128)));
    }
  uint64_t Dyn = 48 * 1024;
  if (C.Spec)
    for (const KernelSpec &KS : C.Spec->Kernels)
      if (KS.DynamicSharedBytes)
        Dyn = std::max<uint64_t>(KS.DynamicSharedBytes, 16);
  for (GlobalVariable *G : Extern) {
    auto *AT = ArrayType::get(Type::getInt8Ty(LC), Dyn);
    auto *NG = new GlobalVariable(Mod, AT, false, GlobalValue::InternalLinkage,
                                  ConstantAggregateZero::get(AT),
                                  G->getName() + ".dyn", nullptr,
                                  GlobalValue::NotThreadLocal, 3);
    NG->setAlignment(Align(128));
    G->replaceAllUsesWith(NG);
    G->eraseFromParent();
  }
  // Kernels: their functions and launch wrappers.
  std::vector<Function *> KFs;
  for (Function &F : Mod)
    if (F.getCallingConv() == CallingConv::PTX_Kernel && !F.isDeclaration())
      KFs.push_back(&F);
  for (Function *F : KFs) {
    replaceIntrinsics(*F);
    replaceAsm(*F);
  }
  // Host triple and data layout; the NVPTX calling conventions and target
  // attributes go.
  auto JTMB = orc::JITTargetMachineBuilder::detectHost();
  if (JTMB) {
    Mod.setTargetTriple(JTMB->getTargetTriple());
    if (auto DL = JTMB->getDefaultDataLayoutForTarget())
      Mod.setDataLayout(*DL);
  }
  // libdevice's __nv_X that the runtime does not define is the C library's
  // X (__nv_expf is expf, __nv_fast_expf too).
  std::set<std::string> Own;
  for (const auto &KV : runtimeSymbols())
    Own.insert(KV.first);
  for (Function &F : Mod)
    if (F.isDeclaration() && F.getName().starts_with("__nv_") &&
        !Own.count(F.getName().str())) {
      StringRef Base = F.getName().drop_front(5);
      Base.consume_front("fast_");
      std::string Name = Base.str();
      if (Function *Existing = Mod.getFunction(Name))
        F.replaceAllUsesWith(Existing);
      else
        F.setName(Name);
    }
  for (Function &F : Mod) {
    F.setCallingConv(CallingConv::C);
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
    F.removeFnAttr("nvptx-f32ftz");
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        CB->setCallingConv(CallingConv::C);
  }
  // --verify-output: the kernel as it is measured (the compiler view's
  // code with every call inlined, retargeted, before instrumentation).
  if (!C.KeepDir.empty() && !KFs.empty()) {
    sys::fs::create_directories(C.KeepDir);
    std::error_code EC;
    raw_fd_ostream OS(C.KeepDir + "/" + KFs.front()->getName().str() +
                          ".device.ll",
                      EC);
    if (!EC)
      Mod.print(OS, nullptr);
  }
  for (Function *F : KFs) {
    int Index = Kernels.size();
    Kernels.push_back({});
    Kernels.back().Name = F->getName().str();
    KernelByName[F->getName().str()] = Index;
    for (Instruction &I : instructions(*F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction())
          if (Callee->getName() == "ccl_sreg")
            if (auto *Code = dyn_cast<ConstantInt>(CI->getArgOperand(0))) {
              int64_t V = Code->getSExtValue();
              for (int D = 1; D < 3; ++D)
                if (V == SrCtaidX + D || V == SrNctaidX + D)
                  Kernels.back().UsesGrid[D] = true;
            }
    instrument(*F, Index);
    addEntry(*F, Kernels.back());
  }
  addVarTable(Mod);
  StripDebugInfo(Mod);
  if (NamedMDNode *A = Mod.getNamedMetadata("nvvm.annotations"))
    Mod.eraseNamedMetadata(A);
}

//===-- 3. Launch
//------------------------------------------------------------===//

namespace {
/// Writes all of \p N bytes; false on failure.
bool writeAll(int FD, const void *Data, size_t N) {
  const char *P = (const char *)Data;
  while (N) {
    ssize_t W = ::write(FD, P, N);
    if (W <= 0)
      return false;
    P += W;
    N -= W;
  }
  return true;
}

std::string signalText(int Sig) {
  switch (Sig) {
  case SIGSEGV:
    return "a segmentation fault";
  case SIGBUS:
    return "a bus error";
  case SIGFPE:
    return "an arithmetic exception (division by zero?)";
  case SIGILL:
    return "an illegal instruction (unreachable code reached?)";
  case SIGABRT:
    return "an abort";
  default:
    return "signal " + std::to_string(Sig);
  }
}
} // namespace

Error JitVerifier::Impl::runLaunch(LaunchRec &L) {
  auto It = KernelByName.find(L.Mangled);
  if (It == KernelByName.end())
    return createStringError(inconvertibleErrorCode(),
                             "clang emitted no device code for it (" +
                                 L.Mangled + ")");
  L.Func = It->second;
  KernelIR &K = Kernels[L.Func];
  // Its own module, in its own context: the other kernels go.
  auto OwnCtx = std::make_unique<LLVMContext>();
  auto Parsed = parseBitcodeFile(
      MemoryBufferRef(Bitcode.find(L.Mangled)->second, "device"), *OwnCtx);
  if (!Parsed)
    return Parsed.takeError();
  std::unique_ptr<llvm::Module> Own = std::move(*Parsed);
  for (Function &F : *Own)
    if (!F.isDeclaration() && F.getName() != K.Entry)
      F.setLinkage(GlobalValue::InternalLinkage);
  {
    ModuleAnalysisManager MAM;
    PassBuilder PB;
    PB.registerModuleAnalyses(MAM);
    GlobalDCEPass().run(*Own, MAM);
  }
  std::string VerifyErr;
  raw_string_ostream VOS(VerifyErr);
  if (verifyModule(*Own, &VOS))
    return createStringError(
        inconvertibleErrorCode(),
        "the retargeted code is not valid IR (a verifier bug: " +
            StringRef(VerifyErr).split('\n').first.str() + ")");
  if (!C.KeepDir.empty()) {
    sys::fs::create_directories(C.KeepDir);
    std::error_code EC;
    raw_fd_ostream OS(C.KeepDir + "/" + L.Mangled + ".ll", EC);
    if (!EC)
      Own->print(OS, nullptr);
  }
  auto JDOr =
      J->createJITDylib("launch" + std::to_string(&L - Launches.data()));
  if (!JDOr)
    return JDOr.takeError();
  orc::JITDylib &JD = *JDOr;
  orc::SymbolMap Syms;
  for (const auto &[Name, Addr] : runtimeSymbols())
    Syms[J->mangleAndIntern(Name)] = {orc::ExecutorAddr::fromPtr(Addr),
                                      JITSymbolFlags::Exported};
  if (Error E = JD.define(orc::absoluteSymbols(std::move(Syms))))
    return E;
  if (auto G = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          J->getDataLayout().getGlobalPrefix()))
    JD.addGenerator(std::move(*G));
  if (Error E = J->addIRModule(
          JD, orc::ThreadSafeModule(std::move(Own), std::move(OwnCtx))))
    return E;
  double JitStart = cpuSeconds();
  SessionErrors.clear();
  auto EntrySym = J->lookup(JD, K.Entry);
  L.JitSeconds = cpuSeconds() - JitStart;
  if (!EntrySym) {
    std::string Why = toString(EntrySym.takeError());
    // "Failed to materialize symbols: {...}" follows the reason the session
    // reported ("Symbols not found: [ f ]").
    if (!SessionErrors.empty())
      Why = SessionErrors;
    if (Why.size() > 300)
      Why = Why.substr(0, 300) + "...";
    return createStringError(inconvertibleErrorCode(),
                             "its code does not link: " + Why);
  }
  auto VarsSym = J->lookup(JD, "ccl_vars");
  auto NVarsSym = J->lookup(JD, "ccl_nvars");
  if (!VarsSym || !NVarsSym) {
    consumeError(VarsSym.takeError());
    consumeError(NVarsSym.takeError());
    return createStringError(inconvertibleErrorCode(),
                             "no variable table (a verifier bug)");
  }
  std::vector<VarRange> Vars;
  const uint64_t *Rows = VarsSym->toPtr<const uint64_t *>();
  for (uint64_t I = 0, N = *NVarsSym->toPtr<const uint64_t *>(); I < N; ++I)
    Vars.push_back({Rows[3 * I], Rows[3 * I + 1], (SpaceKind)Rows[3 * I + 2]});

  LaunchInput In;
  In.Entry = EntrySym->toPtr<void (*)(void *)>();
  In.Vars = Vars.data();
  In.NumVars = Vars.size();
  In.Params = K.Params;
  In.ArgBytes = K.ArgBytes;
  for (int D = 1; D < 3; ++D)
    if (!L.GridFromSpec && K.UsesGrid[D])
      L.Grid[D] = 2;
  for (int D = 0; D < 3; ++D)
    In.Grid[D] = L.Grid[D];
  In.Block[0] = L.Block.X;
  In.Block[1] = L.Block.Y;
  In.Block[2] = L.Block.Z;
  In.Sites = &Sites;
  In.IPDom = &IPDom;
  // --jit-step-limit shortens (or lengthens) the bound on the run.
  if (C.StepLimit)
    In.StepLimit = C.StepLimit;
  // Scalars from --assume (per kernel first), buffers from the spec.
  std::string Plain = L.Kernel->getNameAsString();
  const KernelSpec *KS = C.Spec ? C.Spec->find(Plain, L.Name) : nullptr;
  auto KA = C.KernelAssume.find(Plain);
  for (unsigned A = 0; A < In.Params.size() && A < L.Kernel->getNumParams();
       ++A) {
    const ParmVarDecl *PD = L.Kernel->getParamDecl(A);
    ParamInput &PI = In.Params[A];
    std::string Name = PD->getNameAsString();
    std::optional<std::string> Text;
    if (KA != C.KernelAssume.end() && KA->second.count(Name))
      Text = KA->second.at(Name);
    else if (C.AssumeText.count(Name))
      Text = C.AssumeText.at(Name);
    if (PI.K == ParamInput::Int) {
      PI.IntValue = PD->getType()->isBooleanType() ? 0 : 1024;
      long long V;
      if (Text && !StringRef(*Text).getAsInteger(0, V))
        PI.IntValue = V;
      else if (Text && (*Text == "true" || *Text == "false"))
        PI.IntValue = *Text == "true";
    } else if (PI.K == ParamInput::Float || PI.K == ParamInput::Double) {
      PI.FloatValue = 1;
      double V;
      if (Text && !StringRef(*Text).getAsDouble(V))
        PI.FloatValue = V;
    } else if (PI.K == ParamInput::Pointer && KS) {
      auto BIt = KS->Buffers.find(Name);
      QualType Elem = PD->getType()->isPointerType()
                          ? PD->getType()->getPointeeType()
                          : QualType();
      if (BIt != KS->Buffers.end() && !Elem.isNull() &&
          !Elem->isIncompleteType()) {
        uint64_t EB = Ctx.getTypeSizeInChars(Elem).getQuantity();
        const BufferSpec &BS = BIt->second;
        PI.ExtentBytes = BS.Size * EB;
        PI.Contents = BS.Contents;
        if (Elem->isArithmeticType()) {
          PI.ElemBytes = EB;
          PI.ElemFloat = Elem->isRealFloatingType();
        }
        if (BS.Range.size() == 2) {
          PI.Lo = BS.Range[0];
          PI.Hi = BS.Range[1];
        }
        PI.Constant = BS.Value;
        PI.Seed = BS.Seed;
      }
    }
  }

  // One process per launch: a crash or a hang costs this launch only.
  int Pipe[2];
  if (pipe(Pipe))
    return createStringError(inconvertibleErrorCode(), "cannot create a pipe");
  fflush(nullptr);
  pid_t Pid = fork();
  if (Pid < 0)
    return createStringError(inconvertibleErrorCode(), "cannot fork");
  if (Pid == 0) {
    close(Pipe[0]);
    alarm(C.TimeoutSeconds);
    LaunchOutput O = jit::runLaunch(In);
    uint64_t N = O.Failure.size();
    writeAll(Pipe[1], &N, sizeof(N));
    writeAll(Pipe[1], O.Failure.data(), N);
    N = O.Sites.size();
    writeAll(Pipe[1], &N, sizeof(N));
    writeAll(Pipe[1], O.Sites.data(), N * sizeof(SiteResult));
    N = O.Truncated;
    writeAll(Pipe[1], &N, sizeof(N));
    close(Pipe[1]);
    _exit(0);
  }
  close(Pipe[1]);
  std::string Data;
  char Buf[65536];
  for (ssize_t R; (R = read(Pipe[0], Buf, sizeof(Buf))) != 0;) {
    if (R < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    Data.append(Buf, R);
  }
  close(Pipe[0]);
  int Status = 0;
  struct rusage Child = {};
  while (wait4(Pid, &Status, 0, &Child) < 0 && errno == EINTR)
    ;
  L.RunSeconds = Child.ru_utime.tv_sec + Child.ru_stime.tv_sec +
                 (Child.ru_utime.tv_usec + Child.ru_stime.tv_usec) / 1e6;
  if (WIFSIGNALED(Status)) {
    int Sig = WTERMSIG(Status);
    return createStringError(inconvertibleErrorCode(),
                             Sig == SIGALRM
                                 ? "its run did not finish within " +
                                       std::to_string(C.TimeoutSeconds) + " s"
                                 : "its run stopped with " + signalText(Sig));
  }
  uint64_t N = 0;
  size_t Off = 0;
  auto Take = [&](void *Out, size_t Bytes) {
    if (Off + Bytes > Data.size())
      return false;
    memcpy(Out, Data.data() + Off, Bytes);
    Off += Bytes;
    return true;
  };
  std::string Failure;
  if (!Take(&N, sizeof(N)) || N > Data.size())
    return createStringError(inconvertibleErrorCode(),
                             "its run reported nothing");
  Failure.resize(N);
  Take(Failure.data(), N);
  if (!Take(&N, sizeof(N)) || N != Sites.size())
    return createStringError(inconvertibleErrorCode(),
                             "its run reported nothing");
  L.Results.resize(N);
  Take(L.Results.data(), N * sizeof(SiteResult));
  if (Take(&N, sizeof(N)))
    L.Truncated = N != 0;
  L.StepLimit = In.StepLimit;
  if (!Failure.empty()) {
    L.Results.clear();
    return createStringError(inconvertibleErrorCode(),
                             "its run stopped: " + Failure);
  }
  return Error::success();
}

Error JitVerifier::run() {
  Impl &I = *P;
  if (I.Launches.empty())
    return Error::success();
  initTargets();
  double Start = cpuSeconds();
  // The compiler view's code (codegen/DeviceCode.h), made from the parsed
  // AST: the instructions measured are those the analysis costs.
  // The analysis' own when it made one (the same AST).
  DeviceCompiler *DC = I.C.Compiler;
  std::unique_ptr<DeviceCompiler> Own;
  if (!DC) {
    Expected<std::unique_ptr<DeviceCompiler>> Made =
        DeviceCompiler::create(I.Ctx);
    if (!Made)
      return createStringError(inconvertibleErrorCode(),
                               "the file does not compile for the device "
                               "with clang (" +
                                   toString(Made.takeError()) + ")");
    Own = std::move(*Made);
    DC = Own.get();
  }
  std::map<std::string, std::string> Failed;
  for (LaunchRec &L : I.Launches) {
    if (Failed.count(L.Mangled)) {
      L.Failure = Failed[L.Mangled];
      continue;
    }
    if (I.Bitcode.count(L.Mangled) || !DC->has(L.Mangled))
      continue;
    Expected<std::unique_ptr<llvm::Module>> Mod = DC->optimized(L.Mangled);
    if (!Mod) {
      L.Failure = Failed[L.Mangled] = "its device code was not made (" +
                                      toString(Mod.takeError()) + ")";
      continue;
    }
    I.devicePasses(**Mod, DC->targetMachine());
    I.retarget(**Mod);
    raw_string_ostream OS(I.Bitcode[L.Mangled]);
    WriteBitcodeToFile(**Mod, OS);
  }
  double CompileSeconds = cpuSeconds() - Start;
  auto JB = orc::LLJITBuilder().create();
  if (!JB)
    return JB.takeError();
  I.J = std::move(*JB);
  I.J->getExecutionSession().setErrorReporter([&I](Error E) {
    std::string Msg = toString(std::move(E));
    if (I.SessionErrors.find(Msg) == std::string::npos)
      I.SessionErrors += (I.SessionErrors.empty() ? "" : "; ") + Msg;
  });
  for (LaunchRec &L : I.Launches)
    if (L.Failure.empty())
      if (Error E = I.runLaunch(L))
        L.Failure = toString(std::move(E));
  // --verify-output: what each launch cost (utils/bench reads it).
  if (!I.C.KeepDir.empty()) {
    sys::fs::create_directories(I.C.KeepDir);
    std::error_code EC;
    raw_fd_ostream OS(I.C.KeepDir + "/launches.tsv", EC);
    if (!EC) {
      OS << "kernel\tblock\tgrid\tjit_cpu_s\trun_cpu_s\tfailure\n";
      OS << "(device compile)\t\t\t" << format("%.3f", CompileSeconds)
         << "\t0\t\n";
      for (unsigned N = 0; N < I.Launches.size(); ++N) {
        const LaunchRec &L = I.Launches[N];
        OS << L.Name << "\t" << L.Block.str() << "\t" << gridText(N) << "\t"
           << format("%.3f", L.JitSeconds) << "\t"
           << format("%.3f", L.RunSeconds) << "\t" << L.Failure << "\n";
      }
    }
  }
  return Error::success();
}

//===-- 4. Records and measurements
//----------------------------------------===//

std::vector<unsigned> JitVerifier::Impl::sitesOf(unsigned Launch,
                                                 const AccessRecord &R,
                                                 std::string *Why) const {
  const LaunchRec &L = Launches[Launch];
  std::vector<const ccl::InstrPlace *> Of;
  std::vector<unsigned> Index;
  for (unsigned S = 0; S < Places.size(); ++S)
    if (SiteFunc[S] == L.Func) {
      Of.push_back(&Places[S]);
      Index.push_back(S);
    }
  std::vector<unsigned> Out;
  for (unsigned K : Matcher.match(R.Site, R.Op, Of, Why))
    Out.push_back(Index[K]);
  return Out;
}

std::optional<Measurement> JitVerifier::measured(unsigned Launch,
                                                 const AccessRecord &R) const {
  std::string Why;
  std::vector<unsigned> Sites = P->sitesOf(Launch, R, &Why);
  if (Sites.empty()) {
    P->NoSite[R.Site] = Why;
    return std::nullopt;
  }
  const LaunchRec &L = P->Launches[Launch];
  int Sp = R.Space == MemObject::Shared ? 1 : 0;
  Measurement W;
  unsigned Warps = 0;
  for (unsigned S : Sites) {
    if (S >= L.Results.size())
      continue;
    const SiteResult &SR = L.Results[S];
    Warps += SR.Requests[Sp];
    W.OutOfRange |= SR.OutOfRange;
    const Measurement &M = SR.Worst[Sp];
    if (!M.Executed)
      continue;
    bool Worse = !W.Executed || (Sp == 0 ? M.Sectors > W.Sectors
                                         : M.Wavefronts > W.Wavefronts);
    if (Worse) {
      bool OOR = W.OutOfRange;
      W = M;
      W.OutOfRange = OOR;
    }
  }
  W.Warps = Warps;
  return W;
}

unsigned JitVerifier::measuredBytes(unsigned Launch,
                                    const AccessRecord &R) const {
  unsigned Bytes = 0;
  for (unsigned S : P->sitesOf(Launch, R, nullptr))
    Bytes = std::max(Bytes, P->Sites[S].Bytes);
  return Bytes;
}

std::string JitVerifier::notInstrumentedReason(const AccessRecord &R) const {
  auto It = P->NoSite.find(R.Site);
  return It == P->NoSite.end() ? "not instrumented" : It->second;
}
