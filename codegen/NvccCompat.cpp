//===- NvccCompat.cpp - What makes clang's device code nvcc's -------------===//
#include "codegen/NvccCompat.h"
#include "codegen/DeviceCode.h"
#include "codegen/SiteMatch.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace llvm;
using namespace clang;

namespace {
/// nvcc moves a small aggregate copy (a struct assignment, which LLVM's
/// optimizer turns into a memcpy or memmove) as vector loads and stores of
/// the width its alignment allows: an alignas(16) struct of four floats is
/// ld.global.v4.f32 + st.global.v4.f32, a double3 three 8-byte pairs.
/// NVPTX's own lowering of a memmove stops at 8-byte integers (two
/// ld.b64 for the 16-byte struct). So before the backend, each memcpy and
/// memmove of a constant size up to 128 bytes becomes loads of the widest
/// piece its alignment and size allow (at most 16 bytes), all before the
/// stores (as a memmove needs), at the copy's source location.
/// The element of the vector pieces a copy moves: the copied class's own
/// when its fields are all of one scalar type (a float4 moves as
/// <4 x float>, a char4 as <4 x i8>, so the optimizer keeps it one vector
/// of which it extracts what is used, as NVVM does); null otherwise.
llvm::Type *copiedElement(MemTransferInst *MT, uint64_t W) {
  for (llvm::Value *V : {MT->getRawDest(), MT->getRawSource()}) {
    V = V->stripPointerCasts();
    llvm::Type *T = nullptr;
    if (auto *A = dyn_cast<AllocaInst>(V))
      T = A->getAllocatedType();
    else if (auto *G = dyn_cast<GetElementPtrInst>(V))
      T = G->getResultElementType();
    auto *ST = dyn_cast_or_null<StructType>(T);
    if (!ST || ST->getNumElements() == 0)
      continue;
    llvm::Type *E = ST->getElementType(0);
    if (!(E->isFloatTy() || E->isDoubleTy() || E->isIntegerTy(8) ||
          E->isIntegerTy(16) || E->isIntegerTy(32) || E->isIntegerTy(64)))
      continue;
    bool Same = true;
    for (llvm::Type *F : ST->elements())
      Same = Same && F == E;
    uint64_t Bytes = E->getPrimitiveSizeInBits() / 8;
    if (Same && W % Bytes == 0 && W / Bytes >= 2)
      return E;
  }
  return nullptr;
}

void expandSmallCopies(llvm::Module &M, uint64_t MaxBytes) {
  std::vector<MemTransferInst *> Copies;
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *MT = dyn_cast<MemTransferInst>(&I))
        if (auto *Len = dyn_cast<ConstantInt>(MT->getLength()))
          if (Len->getZExtValue() > 0 && Len->getZExtValue() <= MaxBytes &&
              !MT->isVolatile())
            Copies.push_back(MT);
  for (MemTransferInst *MT : Copies) {
    uint64_t Size = cast<ConstantInt>(MT->getLength())->getZExtValue();
    uint64_t Align = std::min(MT->getSourceAlign().valueOrOne().value(),
                              MT->getDestAlign().valueOrOne().value());
    uint64_t W = 16;
    while (W > 1 && (Size % W != 0 || Align % W != 0))
      W /= 2;
    IRBuilder<> B(MT);
    LLVMContext &C = M.getContext();
    llvm::Type *T = IntegerType::get(C, unsigned(W * 8));
    if (llvm::Type *Elem = copiedElement(MT, W))
      T = FixedVectorType::get(Elem,
                               unsigned(W * 8 / Elem->getPrimitiveSizeInBits()));
    else if (W >= 8)
      T = FixedVectorType::get(llvm::Type::getInt32Ty(C), unsigned(W / 4));
    std::vector<llvm::Value *> Vals;
    // The optimizer made one copy of a load and a store on other lines
    // (`T v = in[i]; ... out[i] = v;` is a memmove at the store): the loads
    // take the location of the source address's computation.
    DebugLoc CopyLoc = MT->getDebugLoc();
    if (auto *SrcI =
            dyn_cast<Instruction>(MT->getRawSource()->stripPointerCasts()))
      if (SrcI->getDebugLoc() && SrcI->getFunction() == MT->getFunction())
        B.SetCurrentDebugLocation(SrcI->getDebugLoc());
    for (uint64_t Off = 0; Off < Size; Off += W) {
      llvm::Value *P =
          B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), MT->getRawSource(), Off);
      Vals.push_back(B.CreateAlignedLoad(T, P, MaybeAlign(W)));
    }
    B.SetCurrentDebugLocation(CopyLoc);
    for (uint64_t Off = 0, K = 0; Off < Size; Off += W, ++K) {
      llvm::Value *P =
          B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), MT->getRawDest(), Off);
      B.CreateAlignedStore(Vals[K], P, MaybeAlign(W));
    }
    MT->eraseFromParent();
  }
}
} // namespace

namespace {
/// The alignment C++ gives the objects of an aggregate copy: both are of
/// the copied class, so both are aligned to it (an access through a
/// misaligned one is undefined). nvcc moves `*reinterpret_cast<float4 *>(
/// &tile[r][c]) = v` as st.shared.v4; clang's code generation keeps the
/// alignment it can prove of `&tile[r][c]` (4) and the copy becomes four
/// 4-byte stores. By (function, file, line, bytes): the largest alignment
/// of a class copied there (the copies' memcpys carry the line; each
/// template instance is its own function: `d[i] = s[i]` copies a 4-aligned
/// struct in one instance and a 16-aligned one of the same size in another).
class CopyAlignments : public RecursiveASTVisitor<CopyAlignments> {
public:
  explicit CopyAlignments(ASTContext &Ctx)
      : Ctx(Ctx), MC(Ctx.createMangleContext()) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || FD->isDependentContext())
      return RecursiveASTVisitor::TraverseDecl(D);
    std::string Saved = std::move(Fn);
    Fn = ccl::irName(*MC, FD);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Fn = std::move(Saved);
    return R;
  }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    if (FD->isDependentContext() ||
        !(FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>()))
      return true;
    return RecursiveASTVisitor::TraverseFunctionDecl(FD);
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *C = E->getConstructor();
    if (C && C->isTrivial() &&
        (C->isCopyConstructor() || C->isMoveConstructor()))
      note(E->getBeginLoc(), E->getType());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() != OO_Equal)
      return true;
    if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee()))
      if (M->isTrivial() &&
          (M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator()))
        note(E->getBeginLoc(), E->getType().getNonReferenceType());
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *E) {
    if (E->getOpcode() == BO_Assign && E->getType()->isRecordType())
      note(E->getBeginLoc(), E->getType());
    return true;
  }
  /// (function, real path, line, bytes) -> alignment.
  std::map<std::tuple<std::string, std::string, unsigned, uint64_t>, uint64_t>
      Align;

private:
  void note(SourceLocation L, QualType T) {
    if (T.isNull() || T->isDependentType() || T->isIncompleteType() ||
        !T->isRecordType())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    // The line of the copy's first token: clang locates the copy's memcpy
    // on one of the expression's lines; the whole statement is looked at.
    SourceLocation B = SM.getExpansionLoc(L);
    PresumedLoc P = SM.getPresumedLoc(B);
    if (!P.isValid())
      return;
    uint64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    uint64_t A = Ctx.getTypeAlignInChars(T).getQuantity();
    std::string File = ccl::realPath(P.getFilename());
    for (unsigned Line = P.getLine(); Line <= P.getLine() + 2; ++Line) {
      uint64_t &Slot = Align[{Fn, File, Line, Bytes}];
      Slot = std::max(Slot, A);
    }
  }
  ASTContext &Ctx;
  std::unique_ptr<MangleContext> MC;
  std::string Fn; ///< the function being walked (its IR name)
};

/// Raises both alignments of each memcpy and memmove to the alignment of
/// the class copied at its line (CopyAlignments), before the optimizer
/// (which keeps the alignments of the accesses it makes of them).
void alignAggregateCopies(llvm::Module &M, const CopyAlignments &CA) {
  std::map<std::string, std::string> Real;
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *MT = dyn_cast<MemTransferInst>(&I);
      if (!MT || !MT->getDebugLoc())
        continue;
      auto *Len = dyn_cast<ConstantInt>(MT->getLength());
      if (!Len)
        continue;
      const DILocation *L = MT->getDebugLoc().get();
      SmallString<256> Path(L->getFilename());
      if (!sys::path::is_absolute(Path))
        sys::path::make_absolute(L->getDirectory(), Path);
      std::string &R = Real[std::string(Path)];
      if (R.empty())
        R = ccl::realPath(Path);
      auto It = CA.Align.find(
          {F.getName().str(), R, L->getLine(), Len->getZExtValue()});
      if (It == CA.Align.end())
        continue;
      uint64_t A = It->second;
      if (MT->getDestAlign().valueOrOne().value() < A)
        MT->setDestAlignment(Align(A));
      if (MT->getSourceAlign().valueOrOne().value() < A)
        MT->setSourceAlignment(Align(A));
    }
}
} // namespace

namespace {
/// Math the NVPTX backend has no instruction for (clang links libdevice
/// for them; the compiler view does not: no memory instruction is in
/// them) becomes a call of an external function of the same type.
void externalizeMath(llvm::Module &M) {
  static const Intrinsic::ID Ids[] = {
      Intrinsic::exp,    Intrinsic::exp2,  Intrinsic::exp10, Intrinsic::log,
      Intrinsic::log2,   Intrinsic::log10, Intrinsic::sin,   Intrinsic::cos,
      Intrinsic::tan,    Intrinsic::pow,   Intrinsic::powi,  Intrinsic::asin,
      Intrinsic::acos,   Intrinsic::atan,  Intrinsic::atan2, Intrinsic::sinh,
      Intrinsic::cosh,   Intrinsic::tanh,  Intrinsic::ldexp, Intrinsic::frexp,
      Intrinsic::sincos, Intrinsic::modf};
  std::vector<IntrinsicInst *> Calls;
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        if (llvm::is_contained(Ids, II->getIntrinsicID()))
          Calls.push_back(II);
  for (IntrinsicInst *II : Calls) {
    llvm::FunctionType *FT = II->getFunctionType();
    std::string Name =
        "__ccl_math." + II->getCalledFunction()->getName().drop_front(5).str();
    FunctionCallee Ext = M.getOrInsertFunction(Name, FT);
    SmallVector<llvm::Value *, 4> Args(II->args());
    CallInst *C = CallInst::Create(Ext, Args, "", II->getIterator());
    C->setDebugLoc(II->getDebugLoc());
    II->replaceAllUsesWith(C);
    II->eraseFromParent();
  }
}

/// CUDA's __ldg is inline assembly for nvcc (`ld.global.nc.v4.s32` of an
/// int4): whole, whatever part of the value is used. Clang turns it into
/// an ordinary load (marked !invariant.load; the built-in CUDA
/// declarations: a template `__ldg` that reads `*p`), which the optimizer
/// narrows to the bytes used. Such loads are made volatile for the
/// optimizer (marked "ccl.pinned", which inlining copies) and ordinary again
/// before the backend (which selects ld.global.nc for the invariant ones).
void pinLdg(llvm::Module &M) {
  LLVMContext &C = M.getContext();
  unsigned Kind = C.getMDKindID("ccl.pinned");
  for (llvm::Function &F : M) {
    bool InLdg = F.getName().starts_with("_Z5__ldg");
    for (Instruction &I : instructions(F))
      if (auto *L = dyn_cast<LoadInst>(&I))
        if (!L->isVolatile() &&
            (InLdg || (L->getPointerAddressSpace() == 1 &&
                       L->hasMetadata(LLVMContext::MD_invariant_load)))) {
          L->setVolatile(true);
          L->setMetadata(Kind, MDNode::get(C, {}));
        }
  }
}

void unpinLdg(llvm::Module &M) {
  unsigned Kind = M.getContext().getMDKindID("ccl.pinned");
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *L = dyn_cast<LoadInst>(&I))
        if (L->getMetadata(Kind)) {
          L->setVolatile(false);
          L->setMetadata(Kind, nullptr);
        }
}

/// Loop-invariant code motion and other moves give an instruction they
/// move a location on no line (LLVM drops it: the instruction no longer
/// sits where its line is): `att_bth[t3]` read in a loop over t2 is one
/// load before the loop, still that access, at line 0. So every memory
/// access keeps its first location in "ccl.loc" (a move keeps an
/// instruction's metadata; an instruction that replaces two, merged from
/// two paths, has none) and gets it back, after the optimizer, if its own
/// is gone.
void rememberLocations(llvm::Module &M) {
  LLVMContext &C = M.getContext();
  unsigned Kind = C.getMDKindID("ccl.loc");
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F))
      if ((isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) ||
           isa<AtomicCmpXchgInst>(I) || isa<MemTransferInst>(I)) &&
          I.getDebugLoc() && I.getDebugLoc().getLine() != 0)
        I.setMetadata(Kind, MDNode::get(C, {I.getDebugLoc().get()}));
}

void restoreLocations(llvm::Module &M) {
  unsigned Kind = M.getContext().getMDKindID("ccl.loc");
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F)) {
      MDNode *N = I.getMetadata(Kind);
      if (!N)
        continue;
      I.setMetadata(Kind, nullptr);
      if (I.getDebugLoc() && I.getDebugLoc().getLine() != 0)
        continue;
      // The remembered location is the one before inlining: it names the
      // function the access is written in, which is what a site is. A
      // line-0 location keeps the chain of calls it was inlined at.
      auto *L = dyn_cast_or_null<DILocation>(N->getOperand(0));
      if (!L)
        continue;
      DISubprogram *SP = L->getScope()->getSubprogram();
      if (const DILocation *Cur = I.getDebugLoc().get()) {
        if (Cur->getScope()->getSubprogram() == SP)
          I.setDebugLoc(DILocation::get(L->getContext(), L->getLine(),
                                        L->getColumn(), L->getScope(),
                                        Cur->getInlinedAt()));
      } else if (SP && SP == F.getSubprogram()) {
        I.setDebugLoc(DebugLoc(L));
      }
    }
}

/// NVVM keeps a vector load whole unless one element of it is used:
/// `float4 v = q[i]; use(v.w)` is one 4-byte load at byte 12, `use(v.x +
/// v.y)` one ld.v4. LLVM's VectorCombine scalarizes both (it is not run,
/// DeviceCode.cpp); this narrows the loads of which one element is used.
void narrowSingleElementLoads(llvm::Module &M) {
  std::vector<std::pair<LoadInst *, unsigned>> Loads;
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *LI = dyn_cast<LoadInst>(&I);
      if (!LI || !LI->isSimple() || !isa<FixedVectorType>(LI->getType()) ||
          LI->use_empty())
        continue;
      std::optional<uint64_t> Index;
      bool One = true;
      for (User *U : LI->users()) {
        auto *EE = dyn_cast<ExtractElementInst>(U);
        auto *C = EE ? dyn_cast<ConstantInt>(EE->getIndexOperand()) : nullptr;
        if (!C || (Index && *Index != C->getZExtValue())) {
          One = false;
          break;
        }
        Index = C->getZExtValue();
      }
      if (One && Index)
        Loads.push_back({LI, unsigned(*Index)});
    }
  for (auto [LI, Index] : Loads) {
    auto *VT = cast<FixedVectorType>(LI->getType());
    llvm::Type *E = VT->getElementType();
    uint64_t Off = Index * (E->getPrimitiveSizeInBits() / 8);
    IRBuilder<> B(LI);
    llvm::Value *P = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(),
                                                  LI->getPointerOperand(), Off);
    LoadInst *N =
        B.CreateAlignedLoad(E, P, commonAlignment(LI->getAlign(), Off));
    N->copyMetadata(*LI);
    for (User *U : make_early_inc_range(LI->users())) {
      cast<Instruction>(U)->replaceAllUsesWith(N);
      cast<Instruction>(U)->eraseFromParent();
    }
    LI->eraseFromParent();
  }
}

/// nvcc sinks the stores that end every arm of a branch or switch into one
/// store after the join (`if (c) o[4*i] = 1; else o[i] = 2;` is one
/// st.global.f32 of a per-lane address), located at one arm's line; it
/// keeps the loads in their arms, and a store whose address its arm also
/// loads from (`lower[k] += x` in each arm). Clang's SimplifyCFG sinks
/// loads too, so it does not run (DeviceCode.cpp); this sinks the stores
/// nvcc sinks, at no line: the instruction is no one arm's access (each
/// arm's record is then costed as written, as a bound).
void sinkArmStores(llvm::Module &M) {
  for (llvm::Function &F : M)
    for (BasicBlock &BB : F) {
      SmallVector<BasicBlock *, 4> Preds(predecessors(&BB));
      if (Preds.size() < 2 || BB.hasAddressTaken())
        continue;
      SmallVector<StoreInst *, 4> Stores;
      std::set<BasicBlock *> Seen;
      for (BasicBlock *P : Preds) {
        auto *Br = dyn_cast<BranchInst>(P->getTerminator());
        if (!Br || Br->isConditional() || !Seen.insert(P).second ||
            Br == &P->front())
          break;
        auto *SI = dyn_cast<StoreInst>(Br->getPrevNode());
        if (!SI || !SI->isSimple())
          break;
        if (!Stores.empty() &&
            (SI->getValueOperand()->getType() !=
                 Stores[0]->getValueOperand()->getType() ||
             SI->getPointerAddressSpace() != Stores[0]->getPointerAddressSpace()))
          break;
        bool Loaded = false;
        for (User *U : SI->getPointerOperand()->users())
          if (auto *I = dyn_cast<LoadInst>(U))
            Loaded |= I->getParent() == P;
        if (Loaded)
          break;
        Stores.push_back(SI);
      }
      if (Stores.size() != Preds.size())
        continue;
      IRBuilder<> B(&*BB.getFirstInsertionPt());
      auto Merge = [&](unsigned Op) -> llvm::Value * {
        llvm::Value *V0 = Stores[0]->getOperand(Op);
        if (llvm::all_of(Stores, [&](StoreInst *S) {
              return S->getOperand(Op) == V0;
            }))
          return V0;
        PHINode *Phi = PHINode::Create(V0->getType(), Stores.size(), "",
                                       BB.begin());
        for (StoreInst *S : Stores)
          Phi->addIncoming(S->getOperand(Op), S->getParent());
        return Phi;
      };
      llvm::Value *Val = Merge(0), *Ptr = Merge(1);
      Align A = Stores[0]->getAlign();
      for (StoreInst *S : Stores)
        A = std::min(A, S->getAlign());
      StoreInst *N = B.CreateAlignedStore(Val, Ptr, A);
      if (const DILocation *L = Stores[0]->getDebugLoc().get())
        N->setDebugLoc(DILocation::get(L->getContext(), 0, 0, L->getScope(),
                                       L->getInlinedAt()));
      for (StoreInst *S : Stores)
        S->eraseFromParent();
    }
}

/// The NVPTX backend stores only the changed element of a loaded vector
/// stored back (`float4 t = p[i]; t.x += 1; p[i] = t;`: st.global.f32);
/// nvcc stores the vector. A freeze between the insertion and the store
/// keeps the backend from seeing the pattern (it changes no value).
void keepVectorStores(llvm::Module &M) {
  for (llvm::Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI || !isa<InsertElementInst>(SI->getValueOperand()))
        continue;
      auto *Fr = new FreezeInst(SI->getValueOperand(), "", SI->getIterator());
      Fr->setDebugLoc(SI->getDebugLoc());
      SI->setOperand(0, Fr);
    }
}

/// A `static __device__` variable is internal to the file, but the host
/// writes it (cudaMemcpyToSymbol), and kernels the compiler view compiles
/// in another group may too: nvcc keeps every load of one (`ld.global.u32
/// [counter]`), where clang's device-only IR takes the initializer for its
/// value and removes them. Such variables become external (writable from
/// outside the module). (`static __constant__` ones are loaded by nvcc too;
/// no access the view costs is in constant memory.)
void hostWritableVariables(llvm::Module &M) {
  for (GlobalVariable &G : M.globals())
    // (Private ones are the compiler's own: literals, initializers.)
    if (G.hasInternalLinkage() && !G.hasGlobalUnnamedAddr() &&
        !G.isDeclaration() && G.getAddressSpace() == 1 && !G.isConstant())
      G.setLinkage(GlobalValue::ExternalLinkage);
}

} // namespace

void ccl::nvccBeforeOptimizer(ASTContext &Ctx, llvm::Module &M) {
  // nvcc aligns every extern __shared__ array to 16 bytes (its PTX
  // declares `.extern .shared .align 16`), so `sh[2*t], sh[2*t+1]` of an
  // extern float array is one ld.shared.v2.f32; clang declares the
  // element's alignment.
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == 3 && G.isDeclaration() &&
        G.getAlign().valueOrOne().value() < 16)
      G.setAlignment(Align(16));
  hostWritableVariables(M);
  CopyAlignments CA(Ctx);
  CA.TraverseDecl(Ctx.getTranslationUnitDecl());
  alignAggregateCopies(M, CA);
  // nvcc moves a copy whole, as vectors of the class's element (a float4
  // one <4 x float>, a char4 one <4 x i8>), and keeps a vector load whole
  // unless one element of it is used (narrowSingleElementLoads, after the
  // optimizer). Moved so before the optimizer, which would otherwise split
  // the copy into the fields used (SROA) and fuse them again (.x and .y of
  // a float4: ld.v2). Copies left by the optimizer are expanded after it.
  expandSmallCopies(M, /*MaxBytes=*/128);
  pinLdg(M);
  rememberLocations(M);
}

void ccl::nvccAfterOptimizer(llvm::Module &M) {
  restoreLocations(M);
  sinkArmStores(M);
  narrowSingleElementLoads(M);
  expandSmallCopies(M, /*MaxBytes=*/128);
  externalizeMath(M);
  unpinLdg(M);
}

void ccl::nvccBeforeBackend(llvm::Module &M) { keepVectorStores(M); }
