//===- JitInstrument.cpp - Retarget to the host and instrument ------------===//
//
// --verify=jit, step 2 (JitVerifier.h): every basic block starts with a yield
// to the warp scheduler (and knows its reconvergence point); every load,
// store, atomic and small memcpy goes through ccl_acc with its width, address
// space and debug location; each kernel gets a launch wrapper; the module
// gets the host triple and data layout.
//
//===----------------------------------------------------------------------===//
#include "runtime/jit/JitVerifierImpl.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace llvm;
using namespace ccl::jit;
using ccl::AccessOp;
using ccl::JitVerifier;
using ccl::KernelSpec;

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

std::vector<SiteLoc> JitVerifier::Impl::chainOf(const DILocation *DLoc) {
  std::vector<SiteLoc> Locs;
  for (; DLoc; DLoc = DLoc->getInlinedAt()) {
    SmallString<256> Path(DLoc->getFilename());
    if (!sys::path::is_absolute(Path))
      sys::path::make_absolute(DLoc->getDirectory(), Path);
    Locs.push_back(
        {real(std::string(Path)), DLoc->getLine(), DLoc->getColumn()});
  }
  return Locs;
}

int JitVerifier::Impl::newSite(Instruction *I, unsigned Bytes, AccessKind Op,
                               unsigned AS, llvm::Value *P, int KernelIndex) {
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
  Pl.Locs = chainOf(I->getDebugLoc().get());
  if (auto *PI = dyn_cast<Instruction>(P->stripPointerCasts()))
    Pl.AddrLocs = chainOf(PI->getDebugLoc().get());
  Pl.Loose = isa<MemTransferInst>(I) && Op == AccLoad;
  Pl.Bytes = Bytes;
  Places.push_back(std::move(Pl));
  SiteFunc.push_back(KernelIndex);
  return (int)Sites.size() - 1;
}

void JitVerifier::Impl::instrumentMemIntrinsic(MemIntrinsic *MI,
                                               int KernelIndex) {
  // As the NVPTX backend expands a small constant-size copy: loads
  // then stores of the widest size both alignments allow, up to 8
  // bytes (a float4 copy to a 4-byte aligned address: 4-byte moves).
  auto *Len = dyn_cast<ConstantInt>(MI->getLength());
  if (!Len || Len->getZExtValue() == 0 || Len->getZExtValue() > 128)
    return;
  llvm::Module &Mod = *MI->getModule();
  LLVMContext &LC = Mod.getContext();
  Type *I32 = Type::getInt32Ty(LC);
  Type *Ptr = PointerType::getUnqual(LC);
  FunctionCallee Span = runtimeFn(Mod, "ccl_acc_span", Ptr, {I32, I32, Ptr});
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
      int S = newSite(MI, Chunk, Op, AS, P, KernelIndex);
      if (First < 0)
        First = S;
    }
    IRBuilder<> B(MI);
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

namespace {
/// A lane that reaches `unreachable` (after __trap(), or a path the
/// compiler proved impossible) stops the launch, as the GPU stops the
/// kernel; x86 code would run on into whatever follows.
void stopAtUnreachable(Function &F) {
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
  FunctionCallee Unreachable = runtimeFn(*F.getParent(), "ccl_unreachable",
                                         Type::getVoidTy(F.getContext()), {});
  for (Instruction *T : Ends)
    IRBuilder<>(T).CreateCall(Unreachable, {});
}
} // namespace

void JitVerifier::Impl::addBlockYields(Function &F) {
  FunctionCallee BB =
      runtimeFn(*F.getParent(), "ccl_bb", Type::getVoidTy(F.getContext()),
                {Type::getInt32Ty(F.getContext())});
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

void JitVerifier::Impl::instrument(Function &F, int KernelIndex) {
  llvm::Module &Mod = *F.getParent();
  LLVMContext &LC = Mod.getContext();
  const DataLayout &DL = Mod.getDataLayout();
  Type *I32 = Type::getInt32Ty(LC);
  Type *Ptr = PointerType::getUnqual(LC);
  FunctionCallee Acc = runtimeFn(Mod, "ccl_acc", Ptr, {I32, Ptr});
  auto NewSite = [&](Instruction *I, unsigned Bytes, AccessKind Op, unsigned AS,
                     llvm::Value *P) {
    return newSite(I, Bytes, Op, AS, P, KernelIndex);
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
      instrumentMemIntrinsic(MI, KernelIndex);
    }
  }
  stopAtUnreachable(F);
  // Every basic block starts with a yield to the warp scheduler.
  addBlockYields(F);
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

void JitVerifier::Impl::placeSharedVariables(llvm::Module &Mod) {
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
}

namespace {
/// The host's triple and data layout for \p Mod; the NVPTX calling
/// conventions and target attributes go, and libdevice's functions the
/// runtime does not define become the C library's.
void toHostTarget(llvm::Module &Mod) {
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
}

/// Which of gridDim/blockIdx's y and z the kernel \p F reads (its
/// ccl_sreg calls).
std::array<bool, 3> gridDimensionsUsed(Function &F) {
  std::array<bool, 3> Uses{};
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction())
        if (Callee->getName() == "ccl_sreg")
          if (auto *Code = dyn_cast<ConstantInt>(CI->getArgOperand(0))) {
            int64_t V = Code->getSExtValue();
            for (int D = 1; D < 3; ++D)
              if (V == SrCtaidX + D || V == SrNctaidX + D)
                Uses[D] = true;
          }
  return Uses;
}
} // namespace

void JitVerifier::Impl::retarget(llvm::Module &Mod) {
  placeSharedVariables(Mod);
  // Kernels: their functions and launch wrappers.
  std::vector<Function *> KFs;
  for (Function &F : Mod)
    if (F.getCallingConv() == CallingConv::PTX_Kernel && !F.isDeclaration())
      KFs.push_back(&F);
  for (Function *F : KFs) {
    replaceIntrinsics(*F);
    replaceAsm(*F);
  }
  toHostTarget(Mod);
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
    Kernels.back().UsesGrid = gridDimensionsUsed(*F);
    instrument(*F, Index);
    addEntry(*F, Kernels.back());
  }
  addVarTable(Mod);
  StripDebugInfo(Mod);
  if (NamedMDNode *A = Mod.getNamedMetadata("nvvm.annotations"))
    Mod.eraseNamedMetadata(A);
}
