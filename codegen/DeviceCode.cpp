//===- DeviceCode.cpp - The PTX clang makes of the parsed file ------------===//
#include "codegen/DeviceCode.h"
#include "codegen/AstErrors.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/InferAlignment.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

using namespace llvm;
using namespace clang;

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

namespace {
void initNvptx() {
  static bool Done = [] {
    // SimplifyCFG sinks an access both arms of a branch make into one
    // instruction after the join, located at no line (Rodinia
    // streamcluster: `lower[K] += ...` and `lower[c] += ...`); nvcc keeps
    // one per arm, each at its own line, and so does this compile (as the
    // JIT of --verify=jit does). The option is the process's; only code
    // generation for the device runs LLVM's optimizer in this process.
    auto &Opts = cl::getRegisteredOptions();
    auto It = Opts.find("simplifycfg-sink-common");
    if (It != Opts.end())
      It->second->addOccurrence(0, "simplifycfg-sink-common", "false");
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    return true;
  }();
  (void)Done;
}
} // namespace

namespace {
/// Hands every declaration the parser would have handed to a code
/// generator: namespace-scope functions and variables, and the
/// instantiations of function templates (clang's Sema passes those as it
/// instantiates them at the end of the file). Member functions defined in
/// their class are found by the generator itself when used.
class DeclFeeder {
public:
  DeclFeeder(CodeGenerator &Gen) : Gen(Gen) {}
  void feed(DeclContext *DC, unsigned Depth) {
    if (Depth > 64)
      return;
    for (Decl *D : DC->decls())
      feedDecl(D, Depth);
  }

private:
  void feedFunction(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext() ||
        !(FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>()) ||
        ccl::functionHasErrors(FD))
      return;
    Gen.HandleTopLevelDecl(DeclGroupRef(FD));
  }
  void feedDecl(Decl *D, unsigned Depth) {
    if (auto *NS = dyn_cast<NamespaceDecl>(D))
      return feed(NS, Depth + 1);
    if (auto *LS = dyn_cast<LinkageSpecDecl>(D))
      return feed(LS, Depth + 1);
    if (auto *ED = dyn_cast<ExportDecl>(D))
      return feed(ED, Depth + 1);
    if (auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      for (FunctionDecl *S : FT->specializations())
        if (S->isThisDeclarationADefinition() ||
            S->getTemplateSpecializationKind() == TSK_ImplicitInstantiation)
          feedFunction(S);
      return;
    }
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      // A member function defined outside its class (`__half2
      // &__half2::operator=(...) { ... }` in cuda_fp16.hpp) is a top-level
      // declaration like any other.
      if (!isa<CXXMethodDecl>(FD) ||
          !isa<CXXRecordDecl>(FD->getLexicalDeclContext()))
        feedFunction(FD);
      return;
    }
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      if (!VD->isInvalidDecl() && !VD->getType()->isDependentType() &&
          !VD->isTemplated() &&
          (VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<CUDAConstantAttr>()))
        Gen.HandleTopLevelDecl(DeclGroupRef(VD));
      return;
    }
  }
  CodeGenerator &Gen;
};
} // namespace

namespace {
std::string realFile(StringRef P) {
  SmallString<256> Out;
  if (sys::fs::real_path(P, Out))
    return P.str();
  return std::string(Out);
}

/// nvcc moves a small aggregate copy (a struct assignment, which LLVM's
/// optimizer turns into a memcpy or memmove) as vector loads and stores of
/// the width its alignment allows: an alignas(16) struct of four floats is
/// ld.global.v4.f32 + st.global.v4.f32, a double3 three 8-byte pairs.
/// NVPTX's own lowering of a memmove stops at 8-byte integers (two
/// ld.b64 for the 16-byte struct). So before the backend, each memcpy and
/// memmove of a constant size up to 128 bytes becomes loads of the widest
/// piece its alignment and size allow (at most 16 bytes), all before the
/// stores (as a memmove needs), at the copy's source location.
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
    llvm::Type *T =
        W >= 8
            ? static_cast<llvm::Type *>(FixedVectorType::get(
                  llvm::Type::getInt32Ty(C), unsigned(W / 4)))
            : static_cast<llvm::Type *>(IntegerType::get(C, unsigned(W * 8)));
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
    Fn.clear();
    raw_string_ostream OS(Fn);
    if (!MC->shouldMangleDeclName(FD))
      OS << FD->getDeclName().getAsString();
    else if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD))
      MC->mangleName(GlobalDecl(CD, Ctor_Complete), OS);
    else if (const auto *DD = dyn_cast<CXXDestructorDecl>(FD))
      MC->mangleName(GlobalDecl(DD, Dtor_Complete), OS);
    else
      MC->mangleName(GlobalDecl(FD), OS);
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
    std::string File = realFile(P.getFilename());
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
        R = realFile(Path);
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

} // namespace

std::string ccl::ptxName(ASTContext &Ctx, const FunctionDecl *Kernel) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  std::string S;
  raw_string_ostream OS(S);
  if (MC->shouldMangleDeclName(Kernel))
    MC->mangleName(GlobalDecl(Kernel), OS);
  else
    OS << Kernel->getDeclName().getAsString();
  return S;
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

/// Keeps the backend's errors (an instruction it cannot select) from the
/// user's terminal; the first one is the reason the view is not available.
struct ccl::DeviceCompiler::BackendErrors : public DiagnosticHandler {
  std::string First;
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() == DS_Error && First.empty()) {
      std::string S;
      raw_string_ostream OS(S);
      DiagnosticPrinterRawOStream DP(OS);
      DI.print(DP);
      First = S;
    }
    return true;
  }
};

Expected<std::unique_ptr<ccl::DeviceCompiler>>
ccl::DeviceCompiler::create(ASTContext &Ctx) {
  const LangOptions &LO = Ctx.getLangOpts();
  if (!LO.CUDA || !LO.CUDAIsDevice)
    return createStringError(inconvertibleErrorCode(),
                             "the file was not parsed for the device");
  initNvptx();
  std::unique_ptr<DeviceCompiler> C(new DeviceCompiler());

  // Diagnostics of code generation are not the user's: the parse has
  // reported what is wrong with the file.
  DiagnosticOptions DOpts;
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DOpts,
                          new IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  Diags.setSourceManager(&Ctx.getSourceManager());
  HeaderSearchOptions HSOpts;
  PreprocessorOptions PPOpts;
  CodeGenOptions CGOpts;
  CGOpts.OptimizationLevel = 3;
  // Line directives only: the .loc lines, no DWARF sections to write.
  CGOpts.setDebugInfo(codegenoptions::DebugDirectivesOnly);
  CGOpts.DebugColumnInfo = true;
  CGOpts.DwarfVersion = 2;
  CGOpts.UnrollLoops = true;
  CGOpts.VectorizeLoop = true;
  CGOpts.VectorizeSLP = true;
  auto Handler = std::make_unique<BackendErrors>();
  C->Errors = Handler.get();
  C->LCtx.setDiagnosticHandler(std::move(Handler));
  std::unique_ptr<CodeGenerator> Gen(CreateLLVMCodeGen(
      Diags, "ccl-device",
      Ctx.getSourceManager().getFileManager().getVirtualFileSystemPtr(), HSOpts,
      PPOpts, CGOpts, C->LCtx));
  Gen->Initialize(Ctx);
  DeclFeeder(*Gen).feed(Ctx.getTranslationUnitDecl(), 0);
  Gen->HandleTranslationUnit(Ctx);
  C->M = Gen->ReleaseModule();
  if (!C->M)
    return createStringError(inconvertibleErrorCode(),
                             "clang's code generation made no module");
  llvm::Module &M = *C->M;
  // nvcc aligns every extern __shared__ array to 16 bytes (its PTX
  // declares `.extern .shared .align 16`), so `sh[2*t], sh[2*t+1]` of an
  // extern float array is one ld.shared.v2.f32; clang declares the
  // element's alignment.
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == 3 && G.isDeclaration() &&
        G.getAlign().valueOrOne().value() < 16)
      G.setAlignment(Align(16));
  CopyAlignments CA(Ctx);
  CA.TraverseDecl(Ctx.getTranslationUnitDecl());
  alignAggregateCopies(M, CA);
  // A copy of at most 4 bytes (a char4) is one integer move for nvcc, which
  // then extracts the bytes it uses (ld.shared.u32): moved so before the
  // optimizer, which would otherwise narrow it to the bytes used
  // (ld.shared.v2.b8). Wider copies are split by SROA first, which narrows
  // them as nvcc does (`float4 v = q[i]; use(v.w)` is one 4-byte load at
  // byte 12, located at the copy), and expanded after the optimizer.
  expandSmallCopies(M, /*MaxBytes=*/4);
  pinLdg(M);
  rememberLocations(M);

  const TargetInfo &TI = Ctx.getTargetInfo();
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(M.getTargetTriple(), Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(),
                             "no NVPTX target: " + Err);
  std::string Features = llvm::join(TI.getTargetOpts().Features, ",");
  llvm::TargetOptions TOpts;
  // The directive comments carry the inlined-at chain (Ptx.h).
  TOpts.MCOptions.AsmVerbose = true;
  // The backend's own optimizations change no width that matters here
  // once the load/store vectorizer has run (below); without them it is
  // four times as quick (fp32_router_gemm: 22 s -> 5 s).
  C->TM.reset(T->createTargetMachine(
      M.getTargetTriple(), TI.getTargetOpts().CPU, Features, TOpts,
      std::nullopt, std::nullopt, CodeGenOptLevel::None));
  if (!C->TM)
    return createStringError(inconvertibleErrorCode(),
                             "no NVPTX target machine");
  M.setDataLayout(C->TM->createDataLayout());
  for (llvm::Function &F : M)
    if (F.getCallingConv() == llvm::CallingConv::PTX_Kernel &&
        !F.isDeclaration())
      C->Kernels.insert(F.getName().str());
  return C;
}

ccl::DeviceCompiler::~DeviceCompiler() = default;

Expected<std::string> ccl::DeviceCompiler::ptxFor(StringRef Kernel) {
  if (!Kernels.count(Kernel.str()))
    return createStringError(inconvertibleErrorCode(),
                             "no device code for this kernel");
  Errors->First.clear();
  // The kernel alone, with the device functions it reaches and every
  // variable (the other functions' bodies are not copied).
  std::set<const llvm::Function *> Reached;
  std::vector<const llvm::Function *> Work{M->getFunction(Kernel)};
  while (!Work.empty()) {
    const llvm::Function *F = Work.back();
    Work.pop_back();
    if (!F || !Reached.insert(F).second)
      continue;
    for (const Instruction &I : instructions(*F))
      for (const Use &U : I.operands()) {
        const llvm::Value *V = U.get()->stripPointerCasts();
        if (const auto *G = dyn_cast<llvm::Function>(V))
          Work.push_back(G);
        else if (const auto *CE = dyn_cast<llvm::ConstantExpr>(V))
          for (const Use &O : CE->operands())
            if (const auto *G = dyn_cast<llvm::Function>(O.get()))
              Work.push_back(G);
      }
  }
  ValueToValueMapTy VMap;
  std::unique_ptr<llvm::Module> K =
      CloneModule(*M, VMap, [&](const GlobalValue *GV) {
        const auto *F = dyn_cast<llvm::Function>(GV);
        return !F || Reached.count(F);
      });

  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PipelineTuningOptions PTO;
  PTO.LoopUnrolling = true;
  PTO.LoopInterleaving = true;
  PTO.LoopVectorization = true;
  PTO.SLPVectorization = true;
  PassBuilder PB(TM.get(), PTO);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM =
      PB.buildPerModuleDefaultPipeline(OptimizationLevel::O3);
  // nvcc's NVVM knows the alignment that address arithmetic proves
  // (`tile[t][k .. k+3]` of a __shared__ __align__(16) float[..][32] is 16
  // bytes aligned) and fuses such loads into ld.shared.v4; clang's NVPTX
  // backend vectorizes only accesses whose alignment the instruction
  // states. The alignments are inferred once the address spaces are known
  // (shared, global), then the load/store vectorizer runs (the backend
  // runs it only when it optimizes).
  MPM.addPass(createModuleToFunctionPassAdaptor([] {
    FunctionPassManager FPM;
    FPM.addPass(InferAddressSpacesPass());
    FPM.addPass(InferAlignmentPass());
    return FPM;
  }()));
  MPM.run(*K, MAM);

  restoreLocations(*K);
  expandSmallCopies(*K, /*MaxBytes=*/128);
  externalizeMath(*K);
  unpinLdg(*K);
  // What the backend's IR passes do when it optimizes: locals a copy left
  // in memory become values again (SROA), then the load/store vectorizer.
  {
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.addPass(EarlyCSEPass());
    FPM.addPass(InferAddressSpacesPass());
    FPM.addPass(InferAlignmentPass());
    FPM.addPass(LoadStoreVectorizerPass());
    ModulePassManager Late;
    Late.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
    Late.run(*K, MAM);
  }

  std::string Ptx;
  {
    raw_string_ostream OS(Ptx);
    buffer_ostream BOS(OS);
    legacy::PassManager CG;
    if (TM->addPassesToEmitFile(CG, BOS, nullptr,
                                CodeGenFileType::AssemblyFile))
      return createStringError(inconvertibleErrorCode(),
                               "the NVPTX backend cannot write PTX");
    CG.run(*K);
  }
  if (!Errors->First.empty())
    return createStringError(inconvertibleErrorCode(),
                             "the NVPTX backend failed: " + Errors->First);
  return Ptx;
}
