//===- JitVerifier.cpp - Execute the device code clang compiles -----------===//
#include "runtime/jit/JitVerifier.h"
#include "runtime/jit/JitVerifierImpl.h"
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
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;
using namespace ccl::jit;
using ccl::AccessRecord;
using ccl::BufferSpec;
using ccl::Dim3;
using ccl::JitVerifier;
using ccl::KernelSpec;
using ccl::Measurement;
using ccl::MemObject;
using clang::ASTContext;
using clang::FunctionDecl;
using clang::GlobalDecl;
using clang::MangleContext;
using clang::ParmVarDecl;
using clang::QualType;
using clang::SourceManager;

namespace {
/// This process's CPU seconds (user + system).
double cpuSeconds() {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_utime.tv_sec + U.ru_stime.tv_sec +
         (U.ru_utime.tv_usec + U.ru_stime.tv_usec) / 1e6;
}

} // namespace

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

Expected<orc::ThreadSafeModule>
JitVerifier::Impl::ownModule(const std::string &Mangled, StringRef Entry) {
  // Its own module, in its own context: the other kernels go.
  auto OwnCtx = std::make_unique<LLVMContext>();
  auto Parsed = parseBitcodeFile(
      MemoryBufferRef(Bitcode.find(Mangled)->second, "device"), *OwnCtx);
  if (!Parsed)
    return Parsed.takeError();
  std::unique_ptr<llvm::Module> Own = std::move(*Parsed);
  for (Function &F : *Own)
    if (!F.isDeclaration() && F.getName() != Entry)
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
    raw_fd_ostream OS(C.KeepDir + "/" + Mangled + ".ll", EC);
    if (!EC)
      Own->print(OS, nullptr);
  }
  return orc::ThreadSafeModule(std::move(Own), std::move(OwnCtx));
}

Error JitVerifier::Impl::linkLaunch(LaunchRec &L, void (*&Entry)(void *),
                                    std::vector<VarRange> &Vars) {
  auto It = KernelByName.find(L.Mangled);
  if (It == KernelByName.end())
    return createStringError(inconvertibleErrorCode(),
                             "clang emitted no device code for it (" +
                                 L.Mangled + ")");
  L.Func = It->second;
  KernelIR &K = Kernels[L.Func];
  Expected<orc::ThreadSafeModule> Own = ownModule(L.Mangled, K.Entry);
  if (!Own)
    return Own.takeError();
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
  if (Error E = J->addIRModule(JD, std::move(*Own)))
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
  const uint64_t *Rows = VarsSym->toPtr<const uint64_t *>();
  for (uint64_t I = 0, N = *NVarsSym->toPtr<const uint64_t *>(); I < N; ++I)
    Vars.push_back({Rows[3 * I], Rows[3 * I + 1], (SpaceKind)Rows[3 * I + 2]});
  Entry = EntrySym->toPtr<void (*)(void *)>();
  return Error::success();
}

void JitVerifier::Impl::bindParams(const LaunchRec &L, LaunchInput &In) {
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
}

Error JitVerifier::Impl::runForked(LaunchRec &L, const LaunchInput &In) {
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

Error JitVerifier::Impl::runLaunch(LaunchRec &L) {
  void (*Entry)(void *) = nullptr;
  std::vector<VarRange> Vars;
  if (Error E = linkLaunch(L, Entry, Vars))
    return E;
  KernelIR &K = Kernels[L.Func];
  LaunchInput In;
  In.Entry = Entry;
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
  bindParams(L, In);
  return runForked(L, In);
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
