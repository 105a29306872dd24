//===- DeviceCode.cpp - The PTX clang makes of the parsed file ------------===//
#include "codegen/DeviceCode.h"
#include "codegen/AstErrors.h"
#include "codegen/NvccCompat.h"
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

std::string ccl::irName(MangleContext &MC, const FunctionDecl *FD) {
  std::string S;
  raw_string_ostream OS(S);
  if (!MC.shouldMangleDeclName(FD))
    OS << FD->getDeclName().getAsString();
  else if (const auto *CD = dyn_cast<CXXConstructorDecl>(FD))
    MC.mangleName(GlobalDecl(CD, Ctor_Complete), OS);
  else if (const auto *DD = dyn_cast<CXXDestructorDecl>(FD))
    MC.mangleName(GlobalDecl(DD, Dtor_Complete), OS);
  else
    MC.mangleName(GlobalDecl(FD), OS);
  return S;
}

std::string ccl::ptxName(ASTContext &Ctx, const FunctionDecl *Kernel) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  return irName(*MC, Kernel);
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
  nvccBeforeOptimizer(Ctx, M);

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
        !F.isDeclaration()) {
      C->Kernels.emplace(F.getName().str(), C->Order.size());
      C->Order.push_back(F.getName().str());
    }
  return C;
}

ccl::DeviceCompiler::~DeviceCompiler() = default;

namespace {
/// \p Kernels and the functions they reach in \p M (calls, and functions
/// whose address they take).
std::set<const llvm::Function *> reachedFrom(const llvm::Module &M,
                                             ArrayRef<std::string> Kernels) {
  std::set<const llvm::Function *> Reached;
  std::vector<const llvm::Function *> Work;
  for (const std::string &K : Kernels)
    Work.push_back(M.getFunction(K));
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
  return Reached;
}

/// The -O3 pipeline of \p PB as text, with every SimplifyCFG's
/// sink-common-insts turned off.
std::string noSinkPipeline(PassBuilder &PB, PassInstrumentationCallbacks &PIC) {
  std::string Pipeline;
  ModulePassManager Default =
      PB.buildPerModuleDefaultPipeline(OptimizationLevel::O3);
  raw_string_ostream OS(Pipeline);
  Default.printPipeline(OS, [&PIC](StringRef ClassName) {
    StringRef Name = PIC.getPassNameForClassName(ClassName);
    return Name.empty() ? ClassName : Name;
  });
  const std::string Sink = ";sink-common-insts",
                    NoSink = ";no-sink-common-insts";
  for (size_t At = 0; (At = Pipeline.find(Sink, At)) != std::string::npos;
       At += NoSink.size())
    Pipeline.replace(At, Sink.size(), NoSink);
  return Pipeline;
}
} // namespace

namespace {
/// The backend's IR passes when it optimizes: SROA, EarlyCSE, address
/// spaces and alignment inferred, the load/store vectorizer.
void backendIRPasses(llvm::Module &K, ModuleAnalysisManager &MAM) {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InferAddressSpacesPass());
  FPM.addPass(InferAlignmentPass());
  FPM.addPass(LoadStoreVectorizerPass());
  ModulePassManager Late;
  Late.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  Late.run(K, MAM);
}
} // namespace

std::vector<std::string> ccl::DeviceCompiler::group(unsigned G) const {
  std::vector<std::string> Names;
  for (size_t Ix = size_t(G) * GroupSize;
       Ix < Order.size() && Ix < size_t(G + 1) * GroupSize; ++Ix)
    Names.push_back(Order[Ix]);
  return Names;
}

Error ccl::DeviceCompiler::knows(StringRef Kernel) const {
  if (Kernels.count(Kernel.str()))
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "no device code for this kernel");
}

Expected<std::unique_ptr<llvm::Module>>
ccl::DeviceCompiler::optimized(StringRef Kernel) {
  if (Error E = knows(Kernel))
    return std::move(E);
  // The group's code, optimized once; the kernel with the functions it
  // reaches there is copied out of it. A group the backend failed on was
  // compiled kernel by kernel (ptxFor), and so is this kernel.
  unsigned G = groupOf(Kernel);
  if (!GroupEmits.count(G)) {
    std::unique_ptr<llvm::Module> Kept;
    Expected<std::string> Ptx = compile(group(G), &Kept);
    GroupEmits[G] = bool(Ptx);
    consumeError(Ptx.takeError());
    if (GroupEmits[G]) {
      CachedModule = std::move(Kept);
      CachedGroup = G;
    }
  }
  if (!GroupEmits[G])
    return optimizedWith({Kernel.str()});
  if (G != CachedGroup || !CachedModule) {
    CachedModule.reset();
    CachedGroup = ~0u;
    Expected<std::unique_ptr<llvm::Module>> Mod = optimizedWith(group(G));
    if (!Mod)
      return Mod.takeError();
    CachedModule = std::move(*Mod);
    CachedGroup = G;
  }
  std::set<const llvm::Function *> Reached =
      reachedFrom(*CachedModule, {Kernel.str()});
  ValueToValueMapTy VMap;
  return CloneModule(*CachedModule, VMap, [&](const GlobalValue *GV) {
    const auto *F = dyn_cast<llvm::Function>(GV);
    return !F || Reached.count(F);
  });
}

Expected<std::unique_ptr<llvm::Module>>
ccl::DeviceCompiler::optimizedWith(ArrayRef<std::string> Names) {
  // The kernels with the device functions they reach and every variable
  // (the other functions' bodies are not copied).
  std::set<const llvm::Function *> Reached = reachedFrom(*M, Names);
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
  PassInstrumentationCallbacks PIC;
  PIC.registerShouldRunOptionalPassCallback([](StringRef Pass, Any) {
    return Pass != "VectorCombinePass";
  });
  PassBuilder PB(TM.get(), PTO, std::nullopt, &PIC);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  // SimplifyCFG without sinking: it sinks an access both arms of a branch
  // make into one instruction after the join, loads too (Rodinia
  // streamcluster: `lower[K] += ...` and `lower[c] += ...`); nvcc keeps the
  // loads in their arms (the stores it merges, as sinkArmStores does). The
  // -O3 pipeline is written out as text with every SimplifyCFG's
  // sink-common-insts turned off and read back: LLVM's own switch for it is
  // a process-wide option.
  // (The text is made once: it depends on the target and the options.)
  if (Pipeline.empty()) {
    Pipeline = noSinkPipeline(PB, PIC);
  }
  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, Pipeline))
    return createStringError(inconvertibleErrorCode(),
                             "the optimizer's pipeline could not be set up: " +
                                 toString(std::move(E)));
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

  nvccAfterOptimizer(*K);
  // What the backend's IR passes do when it optimizes: locals a copy left
  // in memory become values again (SROA), then the load/store vectorizer.
  backendIRPasses(*K, MAM);

  nvccBeforeBackend(*K);
  return K;
}

Expected<std::string> ccl::DeviceCompiler::ptxFor(StringRef Kernel,
                                                  bool &OfGroup) {
  if (Error E = knows(Kernel))
    return std::move(E);
  unsigned G = groupOf(Kernel);
  OfGroup = !GroupEmits.count(G) || GroupEmits[G];
  if (OfGroup) {
    Expected<std::string> Ptx = compile(group(G));
    GroupEmits[G] = bool(Ptx);
    if (Ptx)
      return Ptx;
    consumeError(Ptx.takeError());
    OfGroup = false;
  }
  return compile({Kernel.str()});
}

Expected<std::string> ccl::DeviceCompiler::ptxAlone(StringRef Kernel) {
  if (Error E = knows(Kernel))
    return std::move(E);
  return compile({Kernel.str()});
}

Expected<std::string>
ccl::DeviceCompiler::compile(ArrayRef<std::string> Names,
                             std::unique_ptr<llvm::Module> *Keep) {
  Errors->First.clear();
  Expected<std::unique_ptr<llvm::Module>> Opt = optimizedWith(Names);
  if (!Opt)
    return Opt.takeError();
  llvm::Module &K = **Opt;
  if (Keep) {
    ValueToValueMapTy VMap;
    *Keep = CloneModule(K, VMap);
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
    CG.run(K);
  }
  if (!Errors->First.empty())
    return createStringError(inconvertibleErrorCode(),
                             "the NVPTX backend failed: " + Errors->First);
  return Ptx;
}
