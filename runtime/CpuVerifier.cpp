//===- CpuVerifier.cpp - Execute kernels on the CPU and measure accesses --===//
#include "runtime/CpuVerifier.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace ccl;

CpuVerifier::CpuVerifier(ASTContext &Ctx, Config C)
    : Ctx(Ctx), C(std::move(C)) {}

namespace {
/// Finds what the CPU runtime cannot execute: inline assembly, warp-level
/// intrinsics, tensor-core fragments.
class Unrunnable : public RecursiveASTVisitor<Unrunnable> {
public:
  std::string Reason;
  std::set<const FunctionDecl *> Seen;
  bool VisitGCCAsmStmt(GCCAsmStmt *) {
    Reason = "inline assembly";
    return false;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD)
      return true;
    std::string Q = FD->getQualifiedNameAsString();
    StringRef N(Q);
    for (StringRef P : {"__shfl", "__ballot", "__any_sync", "__all_sync",
                        "__activemask", "__match", "__reduce", "nvcuda::wmma",
                        "cooperative_groups", "__nvvm", "asm"})
      if (N.contains(P)) {
        Reason = "warp-level or tensor-core intrinsic '" + Q + "'";
        return false;
      }
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def) && Seen.insert(Def).second &&
        !FD->getASTContext().getSourceManager().isInSystemHeader(
            Def->getLocation()))
      TraverseStmt(Def->getBody());
    return Reason.empty();
  }
};

/// The host launches and extern __shared__ declarations of the main file.
class HostParts : public RecursiveASTVisitor<HostParts> {
public:
  explicit HostParts(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    if (SM.isInMainFile(E->getBeginLoc()) && !E->getBeginLoc().isMacroID() &&
        !E->getEndLoc().isMacroID())
      Launches.push_back(E);
    return true;
  }
  bool VisitDeclStmt(DeclStmt *S) {
    if (!S->isSingleDecl())
      return true;
    const auto *VD = dyn_cast<VarDecl>(S->getSingleDecl());
    if (VD && VD->hasAttr<CUDASharedAttr>() && VD->hasExternalStorage() &&
        SM.isInMainFile(SM.getExpansionLoc(S->getBeginLoc())))
      ExternShared.push_back(S);
    return true;
  }
  std::vector<const CUDAKernelCallExpr *> Launches;
  std::vector<const DeclStmt *> ExternShared;

private:
  const SourceManager &SM;
};

std::string printType(QualType T, const PrintingPolicy &PP) {
  return T.getCanonicalType().getAsString(PP);
}

std::string stripAnonymous(std::string S) {
  for (const char *A : {"(anonymous namespace)::", "(anonymous)::"}) {
    size_t P;
    while ((P = S.find(A)) != std::string::npos)
      S.erase(P, strlen(A));
  }
  return S;
}
} // namespace

std::string CpuVerifier::notRunnableReason(const FunctionDecl *Kernel) const {
  Unrunnable U;
  U.TraverseStmt(Kernel->getBody());
  return U.Reason;
}

unsigned CpuVerifier::siteFor(const AccessRecord &R) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *E = R.Site->IgnoreParens();
  auto Skip = [&](const char *Why) {
    Skipped[R.Site] = Why;
    return ~0u;
  };
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return Skip("the access is written inside a macro");
  if (!SM.isInMainFile(E->getBeginLoc()))
    return Skip("the access is in a header; only the main file is rewritten");
  const auto *Call = dyn_cast<CallExpr>(E);
  if (Call &&
      (Call->getNumArgs() == 0 || !Call->getArg(0)->getType()->isPointerType()))
    return Skip("not an instrumentable call");
  if (!Call && !E->isGLValue())
    return Skip("not an lvalue");
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      if (FD->isBitField())
        return Skip("a bit-field");
  std::pair<unsigned, unsigned> Key{SM.getFileOffset(E->getBeginLoc()),
                                    SM.getFileOffset(E->getEndLoc())};
  auto It = SiteIds.find(Key);
  if (It != SiteIds.end())
    return It->second;
  unsigned Id = SiteExprs.size();
  SiteIds[Key] = Id;
  SiteExprs.push_back(E);
  SiteGlobal.push_back(R.Space == MemObject::Global);
  SiteBytes.push_back(R.Bytes);
  return Id;
}

unsigned CpuVerifier::addLaunch(const FunctionDecl *Kernel,
                                const std::string &Name, Dim3 Block,
                                const std::vector<AccessRecord> &Records) {
  for (const AccessRecord &R : Records)
    siteFor(R);
  Launches.push_back({Kernel, Name, Block});
  return Launches.size() - 1;
}

std::string CpuVerifier::instrument(std::string &Error) {
  SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  Rewriter RW(SM, LO);
  // Outer accesses open first and close last: sort by begin, then by
  // decreasing end; openings are appended, closings prepended.
  std::vector<unsigned> Order(SiteExprs.size());
  for (unsigned I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    unsigned BA = SM.getFileOffset(SiteExprs[A]->getBeginLoc());
    unsigned BB = SM.getFileOffset(SiteExprs[B]->getBeginLoc());
    if (BA != BB)
      return BA < BB;
    return SM.getFileOffset(SiteExprs[A]->getEndLoc()) >
           SM.getFileOffset(SiteExprs[B]->getEndLoc());
  });
  for (unsigned Id : Order) {
    const Expr *E = SiteExprs[Id];
    const Expr *Target = E;
    std::string Open, Close;
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      Target = Call->getArg(0);
      Open = "::ccl::acc(" + std::to_string(Id) + "u, ";
      Close = ")";
    } else {
      Open = "(*::ccl::acc(" + std::to_string(Id) + "u, &(";
      Close = ")))";
    }
    SourceLocation B = Target->getBeginLoc();
    SourceLocation End =
        Lexer::getLocForEndOfToken(Target->getEndLoc(), 0, SM, LO);
    if (B.isMacroID() || End.isInvalid()) {
      Skipped[E] = "the access is written inside a macro";
      continue;
    }
    RW.InsertText(B, Open, /*InsertAfter=*/true);
    RW.InsertText(End, Close, /*InsertAfter=*/false);
  }
  HostParts HP(SM);
  HP.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const CUDAKernelCallExpr *L : HP.Launches)
    RW.ReplaceText(CharSourceRange::getTokenRange(L->getSourceRange()),
                   "((void)0)");
  PrintingPolicy PP(LO);
  for (const DeclStmt *S :
       C.Gpu ? std::vector<const DeclStmt *>{} : HP.ExternShared) {
    const auto *VD = cast<VarDecl>(S->getSingleDecl());
    QualType Elem = VD->getType();
    if (const auto *AT = Ctx.getAsArrayType(Elem))
      Elem = AT->getElementType();
    std::string T = printType(Elem, PP);
    CharSourceRange R = SM.getExpansionRange(S->getSourceRange());
    RW.ReplaceText(R, "alignas(16) static " + T + " " + VD->getNameAsString() +
                          "[49152 / sizeof(" + T + ")];");
  }
  const llvm::RewriteBuffer *Buf = RW.getRewriteBufferFor(SM.getMainFileID());
  std::string Out;
  if (Buf)
    Out.assign(Buf->begin(), Buf->end());
  else
    Out = SM.getBufferData(SM.getMainFileID()).str();
  (void)Error;
  return Out;
}

/// Buffers the spec describes for launch \p L: contents and extent.
void CpuVerifier::emitBuffers(llvm::raw_ostream &OS, size_t L,
                              const FunctionDecl *K, const KernelSpec *KS,
                              const PrintingPolicy &PP) {
  unsigned Arena = L * 32;
  for (const ParmVarDecl *P : K->parameters()) {
    if (!P->getType()->isPointerType())
      continue;
    unsigned Index = Arena++;
    if (!KS)
      continue;
    auto BIt = KS->Buffers.find(P->getNameAsString());
    if (BIt == KS->Buffers.end())
      continue;
    const BufferSpec &BS = BIt->second;
    QualType Elem = P->getType()->getPointeeType().getUnqualifiedType();
    std::string ES = stripAnonymous(printType(Elem, PP));
    if (BS.Size && !C.Gpu)
      OS << "  ::ccl::set_extent(" << Index << ", " << BS.Size
         << "ull * sizeof(" << ES << "));\n";
    if (BS.Contents == "zeros")
      continue;
    if (!Elem->isArithmeticType()) {
      OS << "  // '" << P->getNameAsString()
         << "': contents need an arithmetic element type; left zero\n";
      continue;
    }
    uint64_t N = BS.Size ? BS.Size : 4096;
    if (C.Gpu)
      OS << "  { std::vector<" << ES << "> hb(" << N << "); " << ES
         << " *b = hb.data(); ";
    else
      OS << "  { " << ES << " *b = (" << ES << " *)::ccl::arena(" << Index
         << "); ";
    std::string Upload = C.Gpu ? " ::ccl::check(cudaMemcpy(h.arena(" +
                                     std::to_string(Index) + "), b, sizeof(" +
                                     ES + ") * " + std::to_string(N) +
                                     ", cudaMemcpyHostToDevice), \"upload\");"
                               : "";
    if (BS.Contents == "iota")
      OS << "for (unsigned long long i = 0; i < " << N << "ull; ++i) b[i] = ("
         << ES << ")i;" << Upload << " }\n";
    else if (BS.Contents == "constant")
      OS << "for (unsigned long long i = 0; i < " << N << "ull; ++i) b[i] = ("
         << ES << ")" << BS.Value << ";" << Upload << " }\n";
    else
      OS << "::ccl::fill_random(b, " << N << "ull, " << BS.Range[0] << ", "
         << BS.Range[1] << ", " << BS.Seed << "ull);" << Upload << " }\n";
  }
}

/// The kernel arguments of launch \p L: arenas for pointers, --assume
/// values or defaults for scalars.
void CpuVerifier::emitArguments(llvm::raw_ostream &OS, size_t L,
                                const FunctionDecl *K,
                                const PrintingPolicy &PP) {
  bool FirstArg = true;
  unsigned Arena = L * 32;
  std::string ArenaFn = C.Gpu ? "h.arena" : "::ccl::arena";
  for (const ParmVarDecl *P : K->parameters()) {
    QualType T = P->getType();
    std::string TS = stripAnonymous(printType(T, PP));
    auto A = C.AssumeText.find(P->getNameAsString());
    if (!C.Gpu || !FirstArg)
      OS << ", ";
    FirstArg = false;
    if (T->isPointerType())
      OS << "(" << TS << ")" << ArenaFn << "(" << Arena++ << ")";
    else if (T->isBooleanType())
      OS << (A != C.AssumeText.end() ? A->second : "false");
    else if (T->isIntegralOrEnumerationType())
      OS << "(" << TS << ")(" << (A != C.AssumeText.end() ? A->second : "1024")
         << ")";
    else if (T->isRealFloatingType())
      OS << "(" << TS << ")1";
    else
      OS << TS << "{}";
  }
}

std::string CpuVerifier::launcherSource() {
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = false;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "\n// ---- cuda-coalesce-lint --verify launcher ----\n#undef main\n"
     << "int main(int argc, char **argv) {\n"
     << "  if (argc < 2) return 2;\n";
  if (C.Gpu) {
    OS << "  ::ccl::Host h;\n";
  } else {
    OS << "  ::ccl::site_is_global = {";
    for (size_t I = 0; I < SiteGlobal.size(); ++I)
      OS << (I ? ", " : "") << (SiteGlobal[I] ? 1 : 0);
    OS << "};\n";
  }
  for (size_t L = 0; L < Launches.size(); ++L) {
    const FunctionDecl *K = Launches[L].Kernel;
    std::string Callee = K->getQualifiedNameAsString();
    if (const TemplateArgumentList *Args = K->getTemplateSpecializationArgs()) {
      std::string A;
      llvm::raw_string_ostream AOS(A);
      printTemplateArgumentList(AOS, Args->asArray(), PP);
      Callee += AOS.str();
    }
    Callee = stripAnonymous(Callee);
    Dim3 B = Launches[L].Block;
    const KernelSpec *KS =
        C.Spec ? C.Spec->find(K->getNameAsString(), Launches[L].Name) : nullptr;
    unsigned G[3] = {C.GridBlocks, 1, 1};
    if (KS)
      for (size_t I = 0; I < KS->Grid.size() && I < 3; ++I)
        G[I] = KS->Grid[I];
    emitBuffers(OS, L, K, KS, PP);
    if (C.Gpu)
      OS << "  h.begin(" << L << "u, " << SiteExprs.size() << "u, "
         << G[0] * G[1] * G[2] << "u, " << B.threads() << "u);\n  " << Callee
         << "<<<dim3(" << G[0] << ", " << G[1] << ", " << G[2] << "), dim3("
         << B.X << ", " << B.Y << ", " << B.Z << "), "
         << (KS ? KS->DynamicSharedBytes : 0) << ">>>(";
    else
      OS << "  ::ccl::launch(" << L << "u, &" << Callee << ", dim3(" << G[0]
         << ", " << G[1] << ", " << G[2] << "), dim3(" << B.X << ", " << B.Y
         << ", " << B.Z << ")";
    emitArguments(OS, L, K, PP);
    OS << ");\n";
    if (C.Gpu)
      OS << "  h.end();\n";
  }
  OS << (C.Gpu ? "  h.write(argv[1]);\n" : "  ::ccl::write_trace(argv[1]);\n")
     << "  return 0;\n}\n";
  return OS.str();
}

/// The compiler command that builds the instrumented kernels and launcher.
std::vector<std::string>
CpuVerifier::buildCommand(const std::string &SrcPath,
                          const std::string &Bin) const {
  std::vector<std::string> Args;
  if (C.Gpu) {
    // nvcc, -lineinfo for Nsight Compute, the two architectures of interest.
    Args = {C.Nvcc,
            "-std=c++17",
            "-O1",
            "-lineinfo",
            "-w",
            "-gencode",
            "arch=compute_89,code=sm_89",
            "-gencode",
            "arch=compute_90,code=sm_90",
            "-include",
            C.RuntimeDir + "/../gpu/ccl_gpu_runtime.cuh",
            "-Dmain=ccl_user_main",
            "-x",
            "cu"};
    for (const std::string &F : C.CompilerFlags)
      Args.push_back(F);
    Args.insert(Args.end(), {SrcPath, "-o", Bin});
  } else {
    Args = {C.Compiler,
            "-std=c++20",
            "-O1",
            "-w",
            "-pthread",
            "-x",
            "c++",
            "-include",
            C.RuntimeDir + "/ccl_cpu_runtime.h",
            "-I",
            C.RuntimeDir + "/include",
            "-Dmain=ccl_user_main"};
    for (const std::string &F : C.CompilerFlags)
      Args.push_back(F);
    // Host code the launcher never calls may reference functions defined
    // elsewhere: unreferenced sections (and their references) are dropped.
    Args.insert(Args.end(), {"-ffunction-sections", "-fdata-sections",
                             "-Wl,--gc-sections", SrcPath, "-o", Bin});
  }
  return Args;
}

/// Groups the trace's events into warp requests and measures each; the
/// worst request per (launch, site) is kept.
void CpuVerifier::readTrace(llvm::StringRef Text) {
  // Group events into warp requests.
  struct Key {
    unsigned Launch, Site, Block, Warp, Instance;
    bool operator<(const Key &O) const {
      return std::tie(Launch, Site, Block, Warp, Instance) <
             std::tie(O.Launch, O.Site, O.Block, O.Warp, O.Instance);
    }
  };
  std::map<Key, std::vector<std::pair<unsigned, uint64_t>>> Requests;
  std::set<std::pair<unsigned, unsigned>> OutOfRange;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    unsigned Launch, Site, Block, Thread, Inst, Bad;
    unsigned long long Addr;
    if (sscanf(Line.str().c_str(), "%u %u %u %u %u %llu %u", &Launch, &Site,
               &Block, &Thread, &Inst, &Addr, &Bad) != 7)
      continue;
    Requests[{Launch, Site, Block, Thread / 32, Inst}].push_back(
        {Thread % 32, (uint64_t)Addr});
    if (Bad)
      OutOfRange.insert({Launch, Site});
  }
  for (const auto &[K, Lanes] : Requests) {
    if (K.Site >= SiteExprs.size())
      continue;
    Measurement M =
        measureRequest(Lanes, SiteBytes[K.Site], !SiteGlobal[K.Site]);
    Measurement &W = Results[{K.Launch, K.Site}];
    unsigned Warps = W.Warps + 1;
    bool Worse =
        !W.Executed || (SiteGlobal[K.Site] ? M.Sectors > W.Sectors
                                           : M.Wavefronts > W.Wavefronts);
    if (Worse)
      W = M;
    W.Warps = Warps;
    W.Executed = true;
  }
  for (const auto &P : OutOfRange)
    Results[P].OutOfRange = true;
}

llvm::Error CpuVerifier::buildHarness(const std::string &SrcPath,
                                      const std::string &Bin,
                                      const std::string &Log) {
  auto Fail = [](const std::string &Error) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Error);
  };
  std::vector<std::string> Args = buildCommand(SrcPath, Bin);
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {
      std::nullopt, llvm::StringRef(Log), llvm::StringRef(Log)};
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(Args[0], Refs, std::nullopt, Redirects,
                                     C.TimeoutSeconds, 0, &ErrMsg);
  if (RC != 0) {
    auto LogBuf = llvm::MemoryBuffer::getFile(Log);
    std::string First;
    if (LogBuf) {
      llvm::StringRef L = (*LogBuf)->getBuffer();
      size_t P = L.find("error:");
      First = P == llvm::StringRef::npos
                  ? L.take_front(300).str()
                  : L.substr(P, 300).split('\n').first.str();
    }
    return Fail(std::string(C.Gpu ? "the file does not build with nvcc ("
                                  : "the file does not build as host C++ for "
                                    "the CPU runtime (") +
                First + "); kept in " + SrcPath);
  }
  return llvm::Error::success();
}

llvm::Error CpuVerifier::runHarness(const std::string &Bin,
                                    const std::string &Trace,
                                    const std::string &Log,
                                    const std::string &Dir) {
  auto Fail = [](const std::string &Error) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Error);
  };
  std::vector<llvm::StringRef> RunArgs = {Bin, Trace};
  std::string ErrMsg;
  std::optional<llvm::StringRef> Redirects[] = {
      std::nullopt, llvm::StringRef(Log), llvm::StringRef(Log)};
  int RC = llvm::sys::ExecuteAndWait(Bin, RunArgs, std::nullopt, Redirects,
                                     C.TimeoutSeconds, 0, &ErrMsg);
  if (RC != 0) {
    std::string Why;
    if (auto LogBuf = llvm::MemoryBuffer::getFile(Log)) {
      auto Parts = (*LogBuf)->getBuffer().trim().rsplit('\n');
      Why = (Parts.second.empty() ? Parts.first : Parts.second).str();
    }
    return Fail(std::string(C.Gpu ? "the kernels failed on the GPU"
                                  : "the kernels failed on the CPU") +
                " (exit status " + std::to_string(RC) +
                (ErrMsg.empty() ? "" : ", " + ErrMsg) +
                (Why.empty() ? "" : ": " + Why) + "); build in " + Dir);
  }
  return llvm::Error::success();
}

llvm::Error CpuVerifier::run() {
  std::string Error;
  auto Fail = [&] {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Error);
  };
  if (Launches.empty())
    return llvm::Error::success();
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("ccl-verify", Dir)) {
    Error = "cannot create a temporary directory";
    return Fail();
  }
  std::string Src = instrument(Error) + launcherSource();
  std::string SrcPath = (Dir + "/kernels.cpp").str();
  std::string Bin = (Dir + "/kernels").str();
  std::string Trace = (Dir + "/trace.txt").str();
  std::string Log = (Dir + "/build.log").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream F(SrcPath, EC);
    if (EC) {
      Error = "cannot write " + SrcPath;
      return Fail();
    }
    F << Src;
  }
  if (llvm::Error E = buildHarness(SrcPath, Bin, Log))
    return E;
  if (llvm::Error E = runHarness(Bin, Trace, Log, std::string(Dir)))
    return E;
  auto TraceBuf = llvm::MemoryBuffer::getFile(Trace);
  if (!TraceBuf) {
    Error = "no trace was written";
    return Fail();
  }
  readTrace((*TraceBuf)->getBuffer());
  if (C.Gpu)
    runNcu(std::string(Dir), Bin); // if it fails the trace result stands
  if (!C.KeepDir.empty()) {
    llvm::sys::fs::create_directories(C.KeepDir);
    for (const char *F :
         {"kernels.cpp", "trace.txt", "source.csv", "ncu.log", "build.log"}) {
      std::string From = (Dir + "/" + F).str();
      if (llvm::sys::fs::exists(From))
        llvm::sys::fs::copy_file(From, C.KeepDir + "/" + F);
    }
  }
  llvm::sys::fs::remove_directories(Dir);
  return llvm::Error::success();
}

std::optional<Measurement> CpuVerifier::measured(unsigned Launch,
                                                 const AccessRecord &R) const {
  if (Skipped.count(R.Site))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *E = R.Site->IgnoreParens();
  auto It = SiteIds.find(
      {SM.getFileOffset(E->getBeginLoc()), SM.getFileOffset(E->getEndLoc())});
  if (It == SiteIds.end())
    return std::nullopt;
  auto M = Results.find({Launch, It->second});
  if (M == Results.end())
    return Measurement{}; // instrumented, never executed
  return M->second;
}

std::string CpuVerifier::notInstrumentedReason(const AccessRecord &R) const {
  auto It = Skipped.find(R.Site);
  return It == Skipped.end() ? "not instrumented" : It->second;
}
