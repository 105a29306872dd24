//===- FileAnalysis.cpp - One file: parse, analyze, check, report ---------===//
#include "analyzer/KernelAnalysis.h"
#include "analyzer/LaunchConfig.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"
#include <atomic>
#include <mutex>
#include <thread>
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "lint/Lint.h"
#include "lint/Config.h"
#include "llvm/Support/Regex.h"
#include "runtime/CpuVerifier.h"
#include "lint/Suppressions.h"


using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {
/// Everything one run over one file produces. Output is buffered so that a
/// second run (with template instantiations added) can replace the first.
struct FileState {
  std::string File;
  std::vector<std::string> MissingHeaders;
  unsigned Errors = 0, ErrorsShown = 0;
  std::string Out, Err, Summary; // buffered stdout, clang's diagnostics, summary
  json::Array Accesses, Diagnostics;
  json::Object Info;
  unsigned Flagged = 0, Refuted = 0;
  json::Array BaselineEntries;
  /// Source to append for kernel templates instantiated by --assume.
  std::string Instantiations;
};

/// Skips #includes that cannot be found (torch, ATen, ... on a machine
/// without them) and records their names.
class SkipMissingHeaders : public PPCallbacks {
public:
  explicit SkipMissingHeaders(FileState &S) : S(S) {}
  bool FileNotFound(StringRef FileName) override {
    if (!llvm::is_contained(S.MissingHeaders, FileName.str()))
      S.MissingHeaders.push_back(FileName.str());
    return true;
  }

private:
  FileState &S;
};

/// Clang's own diagnostics, buffered. At most 20 errors are shown; when
/// headers were skipped, the errors that follow from them are only counted.
class CappedDiagnostics : public TextDiagnosticPrinter {
public:
  CappedDiagnostics(raw_ostream &OS, DiagnosticOptions &Opts, FileState &S)
      : TextDiagnosticPrinter(OS, Opts), S(S) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= DiagnosticsEngine::Error) {
      ++S.Errors;
      Hiding = !S.MissingHeaders.empty() || S.ErrorsShown >= 20;
      if (!Hiding)
        ++S.ErrorsShown;
    } else if (Level != DiagnosticsEngine::Note) {
      Hiding = false;
    }
    if (!Hiding)
      TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
  }

private:
  FileState &S;
  bool Hiding = false;
};

/// bin/../share/cuda-coalesce-lint/runtime: the CPU runtime for --verify=cpu.
std::string runtimeDir();

/// bin/../share/cuda-coalesce-lint/include: the built-in CUDA declarations.
std::string shimDir() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, (void *)&shimDir);
  SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Dir, "share", "cuda-coalesce-lint", "include");
  return std::string(Dir);
}

std::string runtimeDir() {
  SmallString<256> Dir(sys::path::parent_path(shimDir()));
  sys::path::append(Dir, "runtime");
  return std::string(Dir);
}

std::string resourceDir() {
  if (std::optional<std::string> V = sys::Process::GetEnv("CCL_RESOURCE_DIR"))
    return *V;
  return CCL_CLANG_RESOURCE_DIR;
}

bool hasArg(const tooling::CommandLineArguments &Args, StringRef Prefix) {
  for (const std::string &A : Args)
    if (StringRef(A).starts_with(Prefix))
      return true;
  return false;
}

/// nvcc's command line (from a Bear or CMake compilation database) as clang
/// flags: keeps what changes the meaning of the source (-D, -U, -I, -isystem,
/// -include, -std, also inside -Xcompiler), takes the first sm_XX it names as
/// the GPU architecture, and drops the rest (-gencode, --expt-*, -Xptxas...).
tooling::CommandLineArguments fromNvcc(const tooling::CommandLineArguments &In,
                                       std::string &Arch) {
  tooling::CommandLineArguments Out{In[0]};
  auto KeepFlag = [&](StringRef A, StringRef Next, bool &UsedNext) {
    UsedNext = false;
    for (StringRef P : {"-D", "-U", "-I"})
      if (A.starts_with(P)) {
        Out.push_back(A.str());
        if (A == P && !Next.empty()) {
          Out.push_back(Next.str());
          UsedNext = true;
        }
        return;
      }
    if (A == "-isystem" || A == "-include") {
      Out.push_back(A.str());
      if (!Next.empty()) {
        Out.push_back(Next.str());
        UsedNext = true;
      }
      return;
    }
    if (A.starts_with("-std=") || A.starts_with("--std="))
      Out.push_back("-std=" + A.split('=').second.str());
  };
  static const char *TakesValue[] = {"-gencode", "--generate-code", "-arch",
                                     "--gpu-architecture", "-code", "--gpu-code",
                                     "-ccbin", "--compiler-bindir", "-Xptxas",
                                     "-Xcudafe", "-Xfatbin", "-Xnvlink",
                                     "--threads", "-t", "--default-stream",
                                     "-x", "-o", "--options-file", "-maxrregcount"};
  for (size_t I = 1; I < In.size(); ++I) {
    StringRef A = In[I];
    StringRef Next = I + 1 < In.size() ? StringRef(In[I + 1]) : StringRef();
    size_t Pos = A.find("sm_");
    if (Arch.empty() && Pos != StringRef::npos) {
      StringRef SM = A.substr(Pos);
      SM = SM.take_while([](char C) { return C == '_' || isalnum(C); });
      if (SM.size() > 3 && !A.starts_with("-D"))
        Arch = SM.str();
    }
    if (A == "-Xcompiler" || A == "--compiler-options" ||
        A.starts_with("-Xcompiler=") || A.starts_with("--compiler-options=")) {
      StringRef List = A.contains('=') ? A.split('=').second : Next;
      if (!A.contains('='))
        ++I;
      SmallVector<StringRef, 8> Parts;
      List.split(Parts, ',');
      for (size_t J = 0; J < Parts.size(); ++J) {
        bool Used;
        KeepFlag(Parts[J], J + 1 < Parts.size() ? Parts[J + 1] : "", Used);
        J += Used;
      }
      continue;
    }
    bool Skip = false;
    for (const char *T : TakesValue)
      if (A == T) {
        Skip = true;
        if (!Next.empty())
          ++I;
        if (A == "-x")
          Out.push_back("-x"), Out.push_back("cuda");
      }
    if (Skip)
      continue;
    if (!A.starts_with("-")) { // inputs
      Out.push_back(A.str());
      continue;
    }
    bool Used;
    KeepFlag(A, Next, Used);
    I += Used;
  }
  return Out;
}

/// Makes a compile command parse the CUDA device side, with the CUDA 13 and
/// clang 22 quirks handled (docs/design.md, "Compile commands").
tooling::ArgumentsAdjuster cudaAdjuster(const LintOptions &Opts) {
  return [&Opts](const tooling::CommandLineArguments &In, StringRef File) {
    tooling::CommandLineArguments Args;
    // A real path lets the driver find the GCC installation next to clang.
    std::string Clang = std::string(CCL_CLANG_BIN_DIR) + "/clang++";
    Args.push_back(sys::fs::exists(Clang) ? Clang : "clang++");
    std::string NvccArch;
    tooling::CommandLineArguments Translated;
    const tooling::CommandLineArguments *Src = &In;
    if (!In.empty() && sys::path::filename(In[0]).starts_with("nvcc")) {
      Translated = fromNvcc(In, NvccArch);
      Src = &Translated;
    }
    const tooling::CommandLineArguments &Cmd = *Src;
    bool UserLang = false, UserCuda = false;
    for (size_t I = 1; I < Cmd.size(); ++I) {
      if (Cmd[I] == "-x" && I + 1 < Cmd.size()) {
        UserLang = true;
        UserCuda = Cmd[I + 1] == "cuda";
      }
      Args.push_back(Cmd[I]);
    }
    bool IsCuda = UserCuda || (!UserLang && (File.ends_with(".cu") ||
                                             File.ends_with(".cuh")));
    if (!IsCuda) // plain C++: parse as given, no CUDA flags
      return Args;
    tooling::CommandLineArguments Front;
    if (IsCuda && !UserLang) {
      Front.push_back("-x");
      Front.push_back("cuda");
    }
    if (!hasArg(Args, "--cuda-host-only") && !hasArg(Args, "--cuda-device-only"))
      Front.push_back("--cuda-device-only");
    if (!hasArg(Args, "--cuda-gpu-arch") && !hasArg(Args, "--offload-arch"))
      Front.push_back("--cuda-gpu-arch=" +
                      (Opts.GpuArchGiven || NvccArch.empty() ? Opts.GpuArch
                                                             : NvccArch));
    if (!hasArg(Args, "-resource-dir"))
      Front.push_back("-resource-dir=" + resourceDir());
    Front.push_back("-Wno-unknown-cuda-version");
    Front.push_back("-ferror-limit=0"); // keep parsing: later kernels count
    if (!hasArg(Args, "-nocudainc")) {
      if (!Opts.CudaPath.empty()) {
        if (!hasArg(Args, "--cuda-path"))
          Front.push_back("--cuda-path=" + Opts.CudaPath);
        // CUDA 13 keeps cuda/std, cub and thrust here; nvcc adds it, clang not.
        if (sys::fs::is_directory(Opts.CudaPath + "/include/cccl")) {
          Front.push_back("-isystem");
          Front.push_back(Opts.CudaPath + "/include/cccl");
        }
        if (!sys::fs::exists(Opts.CudaPath + "/nvvm/libdevice") &&
            !hasArg(Args, "-nocudalib")) {
          Front.push_back("-nocudalib");
          Front.push_back("-Xclang");
          Front.push_back("-target-sdk-version=12.9");
        }
      } else {
        Front.push_back("-nocudainc");
        Front.push_back("-nocudalib");
        Front.push_back("-isystem");
        Front.push_back(shimDir());
        Front.push_back("-include");
        Front.push_back(shimDir() + "/cuda_shim.h");
      }
    }
    Args.insert(Args.begin() + 1, Front.begin(), Front.end());
    return Args;
  };
}

std::string kernelName(const FunctionDecl *FD) {
  std::string S;
  raw_string_ostream OS(S);
  PrintingPolicy PP(FD->getASTContext().getLangOpts());
  PP.SuppressScope = true;
  FD->getNameForDiagnostic(OS, PP, /*Qualified=*/false);
  return OS.str();
}

class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  explicit KernelCollector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return true;
    if (!SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      return true;
    if (FD->isDependentContext()) {
      Templates.push_back(FD);
      return true;
    }
    Kernels.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Kernels, Templates;

private:
  const SourceManager &SM;
};

json::Value locJson(const SourceManager &SM, SourceLocation L) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return nullptr;
  // json::Value does not copy a StringRef: every string here is owned,
  // since the SourceManager is gone when the JSON is printed.
  return json::Object{{"file", std::string(P.getFilename())},
                      {"line", P.getLine()},
                      {"column", P.getColumn()}};
}

std::string relativeToRoot(StringRef Path) {
  static const std::string Root = repoRoot();
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  StringRef A(Abs);
  if (A.consume_front(Root) && (A.empty() || A.front() == '/'))
    return A.ltrim('/').str();
  return std::string(Abs);
}

} // namespace

std::string ccl::relativeForSarif(StringRef Path) { return relativeToRoot(Path); }

std::string ccl::repoRoot() {
  SmallString<256> Dir;
  sys::fs::current_path(Dir);
  // std::string, not SmallString: parent_path returns a view into D.
  for (std::string D(Dir); !D.empty(); D = sys::path::parent_path(D).str()) {
    if (sys::fs::exists(D + "/.git"))
      return D;
    if (sys::path::parent_path(D) == D)
      break;
  }
  return std::string(Dir);
}

namespace {
/// What identifies a finding across edits: check, file, kernel and the
/// access's own source text and op, not line numbers.
std::string fingerprint(StringRef Check, StringRef RelFile, StringRef Kernel,
                        StringRef AccessText, StringRef Op) {
  std::string Key = (Check + "\x1f" + RelFile + "\x1f" + Kernel + "\x1f" +
                     AccessText + "\x1f" + Op)
                        .str();
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx",
           (unsigned long long)llvm::xxh3_64bits(Key));
  return Buf;
}

/// The access expression's source text, whitespace collapsed.
std::string accessText(const Expr *E, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
  std::string Out;
  if (R.isInvalid())
    return Out;
  bool Space = false;
  for (char C : Lexer::getSourceText(R, SM, Ctx.getLangOpts())) {
    if (isspace((unsigned char)C)) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

json::Value numOrNull(bool Have, unsigned V) {
  return Have ? json::Value(V) : json::Value(nullptr);
}

/// Does template argument \p A print as \p Want (a type name, an integer, or
/// an enumerator, possibly qualified)?
bool argMatches(const TemplateArgument &A, StringRef Want, ASTContext &Ctx) {
  Want = Want.trim();
  auto TailMatch = [&](StringRef Printed) {
    Printed = Printed.trim();
    for (StringRef P : {"struct ", "class ", "enum "})
      Printed.consume_front(P);
    return Printed == Want || Printed.ends_with(("::" + Want).str()) ||
           Want.ends_with(("::" + Printed).str());
  };
  PrintingPolicy PP(Ctx.getLangOpts());
  if (A.getKind() == TemplateArgument::Type)
    return TailMatch(A.getAsType().getAsString(PP)) ||
           TailMatch(A.getAsType().getCanonicalType().getAsString(PP));
  if (A.getKind() == TemplateArgument::Integral) {
    int64_t V;
    if (Want == "true" || Want == "false")
      return A.getAsIntegral().getBoolValue() == (Want == "true");
    if (!Want.getAsInteger(0, V))
      return A.getAsIntegral().getExtValue() == V;
    if (const auto *ET = A.getIntegralType()->getAs<EnumType>())
      for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
        if (EC->getInitVal() == A.getAsIntegral())
          return TailMatch(EC->getQualifiedNameAsString()) ||
                 TailMatch(EC->getName());
    return false;
  }
  return false;
}

/// Whether an instantiated kernel agrees with the --assume values given for
/// its template parameters (by name).
bool matchesAssumptions(const FunctionDecl *K,
                        const std::map<std::string, std::string> &Assume,
                        ASTContext &Ctx) {
  const FunctionTemplateDecl *T = K->getPrimaryTemplate();
  const TemplateArgumentList *Args = K->getTemplateSpecializationArgs();
  if (!T || !Args)
    return true;
  const TemplateParameterList *Ps = T->getTemplateParameters();
  for (unsigned I = 0; I < Ps->size() && I < Args->size(); ++I) {
    auto It = Assume.find(Ps->getParam(I)->getNameAsString());
    if (It != Assume.end() && !argMatches(Args->get(I), It->second, Ctx))
      return false;
  }
  return true;
}

/// Source that instantiates kernel template \p T with the --assume values of
/// its parameters, or "" when a parameter without a default has none.
std::string instantiationFor(const FunctionTemplateDecl *T,
                             const std::map<std::string, std::string> &Assume,
                             unsigned Index) {
  const TemplateParameterList *Ps = T->getTemplateParameters();
  std::vector<std::string> Args;
  for (const NamedDecl *P : *Ps) {
    auto It = Assume.find(P->getNameAsString());
    if (It != Assume.end()) {
      Args.push_back(It->second);
      continue;
    }
    bool HasDefault = false;
    if (const auto *TP = dyn_cast<TemplateTypeParmDecl>(P))
      HasDefault = TP->hasDefaultArgument();
    else if (const auto *NP = dyn_cast<NonTypeTemplateParmDecl>(P))
      HasDefault = NP->hasDefaultArgument();
    if (!HasDefault)
      return "";
    break; // this and the following parameters take their defaults
  }
  std::string Open, Close;
  for (const DeclContext *DC = T->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      Open = "namespace " + (NS->isAnonymousNamespace() ? std::string()
                                                        : NS->getNameAsString()) +
             " { " + Open;
      Close += " }";
    } else if (!isa<TranslationUnitDecl>(DC)) {
      return ""; // class members and such: not supported
    }
  }
  std::string List;
  for (size_t I = 0; I < Args.size(); ++I)
    List += (I ? ", " : "") + Args[I];
  return Open + "static void __ccl_instantiate_" + std::to_string(Index) +
         "() { (void)&" + T->getNameAsString() + "<" + List + ">; }" + Close +
         "\n";
}

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const LintOptions &Opts,
               const std::vector<std::unique_ptr<Check>> &Checks,
               FileState &S, CompilerInstance &CI, StringRef File,
               bool AllowInstantiation)
      : Opts(Opts), Checks(Checks), S(S), CI(CI), File(File),
        AllowInstantiation(AllowInstantiation) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    SourceManager &SM = Ctx.getSourceManager();
    DiagnosticOptions DiagOpts;
    DiagOpts.ShowColors = !Opts.Json && outs().has_colors();
    raw_string_ostream OutOS(S.Out);
    TextDiagnostic TD(OutOS, Ctx.getLangOpts(), DiagOpts);
    auto Emit = [&](SourceLocation L, DiagnosticsEngine::Level Lvl,
                    StringRef Msg, ArrayRef<FixItHint> Fixes = {}) {
      if (Opts.Json)
        return;
      if (L.isValid())
        TD.emitDiagnostic(FullSourceLoc(L, SM), Lvl, Msg, {}, Fixes);
      else
        OutOS << File << ": "
              << (Lvl == DiagnosticsEngine::Note ? "note: " : "remark: ")
              << Msg << "\n";
    };

    KernelCollector KC(SM);
    KC.TraverseDecl(Ctx.getTranslationUnitDecl());
    InterpreterOptions IOpts;
    IOpts.Assume = Opts.Assume;
    auto Launches = collectLaunchSites(Ctx, IOpts);
    unsigned NAccesses = 0, NFlagged = 0, NUnknown = 0, NKernels = 0;
    json::Array FileNotes;

    if (!S.MissingHeaders.empty()) {
      std::string Msg = "skipped " + std::to_string(S.MissingHeaders.size()) +
                        " missing header" +
                        (S.MissingHeaders.size() == 1 ? "" : "s") + ": ";
      for (size_t I = 0; I < S.MissingHeaders.size(); ++I)
        Msg += (I ? ", " : "") + S.MissingHeaders[I];
      Msg += "; kernels that still parse are analyzed";
      if (CI.getDiagnostics().hasErrorOccurred())
        Msg += " (the " + std::to_string(S.Errors) +
               (S.Errors == 1 ? " error" : " errors") +
               " that followed " + (S.Errors == 1 ? "is" : "are") +
               " not shown; pass -I for the headers to see them)";
      Emit({}, DiagnosticsEngine::Note, Msg);
      FileNotes.push_back(Msg);
    }

    unsigned InstIndex = 0;
    for (const FunctionDecl *T : KC.Templates) {
      // Templates the file never instantiates: instantiate them with the
      // --assume values of their parameters (in a second run), or say so.
      const FunctionTemplateDecl *FTD = T->getDescribedFunctionTemplate();
      if (!FTD || !FTD->specializations().empty())
        continue;
      std::string Inst =
          AllowInstantiation
              ? instantiationFor(FTD, Opts.AssumeText, InstIndex++)
              : std::string();
      if (!Inst.empty()) {
        S.Instantiations += Inst;
        continue;
      }
      std::string Msg = "kernel template '" + T->getNameAsString() +
                        "' is never instantiated in this file; not analyzed "
                        "(give its template parameters with --assume)";
      Emit(T->getLocation(), DiagnosticsEngine::Remark, Msg);
      FileNotes.push_back(Msg);
    }

    // Phase 1: analyze every kernel instance for every block shape.
    struct Run {
      const FunctionDecl *K;
      std::string Name;
      BlockShape Shape;
      std::vector<AccessRecord> Records;
      unsigned Launch = ~0u;
      std::string NotRunnable;
    };
    std::vector<Run> Runs;
    unsigned Skipped = 0;
    for (const FunctionDecl *K : KC.Kernels) {
      std::string Name = kernelName(K);
      if (!matchesAssumptions(K, Opts.AssumeText, Ctx)) {
        ++Skipped;
        continue;
      }
      if (K->isInvalidDecl()) {
        std::string Msg = "kernel '" + Name + "' has errors; not analyzed";
        Emit(K->getLocation(), DiagnosticsEngine::Remark, Msg);
        FileNotes.push_back(Msg);
        continue;
      }
      ++NKernels;
      for (const BlockShape &Shape :
           shapesFor(K, Name, Opts.BlockDims, Launches, Ctx,
                     Opts.ConfigBlockDim, Opts.ConfigFile))
        Runs.push_back({K, Name, Shape, analyzeKernel(Ctx, K, Shape.Dim, IOpts)});
    }

    // Phase 2 (--verify=cpu): run the kernels and measure.
    std::optional<CpuVerifier> Verifier;
    std::string VerifyError;
    if (Opts.VerifyCpu && !Runs.empty()) {
      CpuVerifier::Config VC;
      VC.AssumeText = Opts.AssumeText;
      VC.RuntimeDir = runtimeDir();
      VC.Spec = Opts.Spec ? &*Opts.Spec : nullptr;
      if (!Opts.VerifyOutput.empty())
        VC.KeepDir = Opts.VerifyOutput + "/" + sys::path::stem(File).str();
      if (Opts.VerifyGpu) {
        VC.Gpu = true;
        std::string Cuda = Opts.CudaPath.empty() ? "/usr/local/cuda" : Opts.CudaPath;
        for (const char *Tool : {"nvcc", "ncu"}) {
          std::string P = Cuda + "/bin/" + Tool;
          if (!sys::fs::exists(P))
            if (auto Found = sys::findProgramByName(Tool))
              P = *Found;
          if (sys::fs::exists(P))
            (StringRef(Tool) == "nvcc" ? VC.Nvcc : VC.Ncu) = P;
        }
        if (VC.Nvcc.empty())
          VerifyError = "nvcc was not found";
      }
      std::string Clang = std::string(CCL_CLANG_BIN_DIR) + "/clang++";
      VC.Compiler = sys::fs::exists(Clang) ? Clang : "clang++";
      for (const std::string &A : CompilerFlagsForHost)
        VC.CompilerFlags.push_back(A);
      Verifier.emplace(Ctx, VC);
      for (Run &R : Runs) {
        R.NotRunnable = Opts.VerifyGpu ? "" : Verifier->notRunnableReason(R.K);
        if (R.NotRunnable.empty())
          R.Launch = Verifier->addLaunch(R.K, R.Name, R.Shape.Dim, R.Records);
      }
      if (!VerifyError.empty() || !Verifier->run(VerifyError)) {
        std::string Msg = std::string(Opts.VerifyGpu ? "--verify=gpu: "
                                                     : "--verify=cpu: ") +
                          VerifyError;
        Emit({}, DiagnosticsEngine::Note, Msg);
        FileNotes.push_back(Msg);
        Verifier.reset();
      }
    }

    // Phase 3: report.
    for (Run &Rn : Runs) {
      const FunctionDecl *K = Rn.K;
      const std::string &Name = Rn.Name;
      const BlockShape &Shape = Rn.Shape;
      std::vector<AccessRecord> &Records = Rn.Records;
      if (Opts.VerifyCpu && !Rn.NotRunnable.empty()) {
        std::string Msg = "kernel '" + Name + "' is not runnable on " +
                          (Opts.VerifyGpu ? "the gpu" : "cpu") + " (" +
                          Rn.NotRunnable + "); its predictions are not verified";
        Emit(K->getLocation(), DiagnosticsEngine::Remark, Msg);
        FileNotes.push_back(Msg);
      }
      {
        CheckContext CC{Ctx, K, Name, Shape, IOpts, Records};
        for (const AccessRecord &R : Records) {
          ++NAccesses;
          const Check *Owner = nullptr;
          for (const auto &C : Checks)
            if (C->space() == R.Space)
              Owner = C.get();
          bool Flagged = Owner && Owner->isFlagged(R);
          bool Suppressed =
              Flagged && isSuppressed(SM, R.Site->getBeginLoc(), Owner->name());
          if (Flagged && !SM.isInMainFile(SM.getExpansionLoc(R.Site->getBeginLoc()))) {
            PresumedLoc HL =
                SM.getPresumedLoc(SM.getExpansionLoc(R.Site->getBeginLoc()));
            if (HL.isValid() &&
                !llvm::Regex(Opts.HeaderFilter).match(HL.getFilename()))
              Suppressed = true; // a header outside the filter
          }
          if (Suppressed)
            Flagged = false;
          std::string RelFile, Print, Text;
          bool InBaseline = false;
          if (Flagged) {
            PresumedLoc PL =
                SM.getPresumedLoc(SM.getExpansionLoc(R.Site->getBeginLoc()));
            RelFile = relativeToRoot(PL.isValid() ? PL.getFilename() : "");
            Text = accessText(R.Site, Ctx);
            Print = fingerprint(Owner->name(), RelFile, Name, Text,
                                accessOpName(R.Op));
            S.BaselineEntries.push_back(json::Object{
                {"fingerprint", Print},
                {"check", Owner->name().str()},
                {"file", RelFile},
                {"kernel", Name},
                {"access", Text},
                {"op", accessOpName(R.Op)}});
            InBaseline = Opts.Baseline.count(Print) > 0;
            if (InBaseline)
              Flagged = false;
          }
          if (!R.Known)
            ++NUnknown;
          json::Value Measured = nullptr;
          std::string Verdict;
          if (Verifier && Rn.Launch != ~0u)
            Measured = verification(R, *Verifier, Rn.Launch, Verdict);
          else if (Opts.VerifyCpu)
            Verdict = Rn.NotRunnable.empty() ? "not-verified" : "not-runnable";
          Finding F;
          if (Flagged) {
            ++NFlagged;
            F.Check = Owner->name().str();
            F.Record = &R;
            F.Loc = R.Site->getBeginLoc();
            Owner->report(R, CC, F);
            if (!Verdict.empty() && !VerifyText.empty())
              F.Notes.push_back({R.Site->getBeginLoc(), VerifyText});
            emitFinding(F, Ctx, Emit);
            json::Object &D = *S.Diagnostics.back().getAsObject();
            D["kernel"] = Name;
            D["op"] = accessOpName(R.Op);
            D["access"] = Text;
            D["relative_file"] = RelFile;
            D["fingerprint"] = Print;
            D["exact"] = R.Exact;
            D["numbers"] = json::Object{
                {"sectors", numOrNull(R.Space == MemObject::Global, R.Worst.G.Sectors)},
                {"ideal_sectors", numOrNull(R.Space == MemObject::Global, R.Worst.G.IdealSectors)},
                {"wavefronts", numOrNull(R.Space == MemObject::Shared, R.Worst.S.Wavefronts)},
                {"ideal_wavefronts", numOrNull(R.Space == MemObject::Shared, R.Worst.S.IdealWavefronts)},
                {"conflict_ways", numOrNull(R.Space == MemObject::Shared, R.Worst.S.ConflictWays)},
                {"block_dim", json::Array{Shape.Dim.X, Shape.Dim.Y, Shape.Dim.Z}}};
          } else if (Opts.ReportAll) {
            Emit(R.Site->getBeginLoc(), DiagnosticsEngine::Remark,
                 summary(R, Ctx) +
                     (VerifyText.empty() ? "" : "; " + VerifyText));
          } else if (Verdict == "refuted") {
            Emit(R.Site->getBeginLoc(), DiagnosticsEngine::Remark,
                 summary(R, Ctx) + "; " + VerifyText);
          }
          json::Value A = accessJson(R, Ctx, Name, Shape, Flagged, Owner);
          if (Suppressed)
            A.getAsObject()->try_emplace("suppressed", true);
          if (InBaseline)
            A.getAsObject()->try_emplace("baseline", true);
          if (Opts.VerifyCpu) {
            A.getAsObject()->try_emplace("measured", std::move(Measured));
            A.getAsObject()->try_emplace("verdict", Verdict);
          }
          S.Accesses.push_back(std::move(A));
        }
      }
    }
    if (Verifier && Opts.VerifyGpu && !Verifier->ncuSkipped().empty()) {
      std::string Msg = "ncu skipped: " + Verifier->ncuSkipped() +
                        "; the device trace results stand";
      Emit({}, DiagnosticsEngine::Note, Msg);
      FileNotes.push_back(Msg);
    }
    if (Opts.VerifyCpu) {
      std::string Msg = std::string("verified on ") +
                        (Opts.VerifyGpu ? "gpu" : "cpu") + ": " + std::to_string(Compared) +
                        " predictions compared with measurements: " +
                        std::to_string(Confirmed) + " confirmed, " +
                        std::to_string(Refuted) + " refuted, " +
                        std::to_string(WithinBound) +
                        " worst cases not exceeded, " +
                        std::to_string(NotExecuted) + " not executed";
      Emit({}, DiagnosticsEngine::Note, Msg);
      FileNotes.push_back(Msg);
      S.Refuted += Refuted;
    }
    if (Skipped) {
      std::string Msg = std::to_string(Skipped) +
                        " template instantiation" + (Skipped == 1 ? "" : "s") +
                        " not analyzed: their arguments differ from --assume";
      Emit({}, DiagnosticsEngine::Note, Msg);
      FileNotes.push_back(Msg);
    }
    if (KC.Kernels.empty() && KC.Templates.empty()) {
      std::string Msg = "no CUDA kernels (__global__ functions) in this file";
      Emit({}, DiagnosticsEngine::Note, Msg);
      FileNotes.push_back(Msg);
    }
    S.Flagged += NFlagged;
    bool Errors = CI.getDiagnostics().hasErrorOccurred();
    raw_string_ostream ErrOS(S.Summary);
    if (!Opts.Json)
      ErrOS << File << ": " << NAccesses << " accesses in " << NKernels
             << " kernel" << (NKernels == 1 ? "" : "s") << ": " << NFlagged
             << " flagged, " << NUnknown << " not analyzable"
             << (NUnknown && !Opts.ReportAll ? " (see --report=all)" : "")
             << (Errors ? "; the file has compile errors" : "") << "\n";
    json::Array Missing;
    for (const std::string &H : S.MissingHeaders)
      Missing.push_back(H);
    S.Info = json::Object{{"file", std::string(File)},
                          {"kernels", NKernels},
                          {"accesses", NAccesses},
                          {"flagged", NFlagged},
                          {"unknown", NUnknown},
                          {"compile_errors", Errors},
                          {"missing_headers", std::move(Missing)},
                          {"notes", std::move(FileNotes)}};
  }

private:
  template <typename EmitFn>
  void emitFinding(const Finding &F, ASTContext &Ctx, EmitFn &Emit) {
    const SourceManager &SM = Ctx.getSourceManager();
    // Fix-its shown with a note are not repeated under the warning.
    std::vector<FixItHint> Inline;
    for (const FixItHint &H : F.Fixes) {
      bool OnNote = false;
      for (const Note &N : F.Notes)
        for (const FixItHint &NH : N.Fixes)
          OnNote |= NH.RemoveRange.getBegin() == H.RemoveRange.getBegin();
      if (!OnNote)
        Inline.push_back(H);
    }
    Emit(F.Loc, DiagnosticsEngine::Warning, F.Message + " [" + F.Check + "]",
         Inline);
    json::Array Notes, Fixes;
    for (const Note &N : F.Notes) {
      Emit(N.Loc, DiagnosticsEngine::Note, N.Message, N.Fixes);
      json::Object O{{"message", N.Message}};
      if (json::Value L = locJson(SM, N.Loc); L.getAsObject())
        for (auto &KV : *L.getAsObject())
          O[KV.first] = KV.second;
      Notes.push_back(std::move(O));
    }
    for (const FixItHint &H : F.Fixes) {
      CharSourceRange R = H.RemoveRange;
      SourceLocation B = SM.getExpansionLoc(R.getBegin());
      SourceLocation E = SM.getExpansionLoc(R.getEnd());
      if (R.isTokenRange())
        E = Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
      Fixes.push_back(json::Object{
          {"file", SM.getFilename(B).str()},
          {"offset", SM.getFileOffset(B)},
          {"length", SM.getFileOffset(E) - SM.getFileOffset(B)},
          {"replacement", H.CodeToInsert}});
    }
    json::Object D{{"check", F.Check},
                   {"severity", "warning"},
                   {"message", F.Message},
                   {"notes", std::move(Notes)},
                   {"fixits", std::move(Fixes)}};
    if (json::Value L = locJson(SM, F.Loc); L.getAsObject())
      for (auto &KV : *L.getAsObject())
        D[KV.first] = KV.second;
    S.Diagnostics.push_back(std::move(D));
  }

  /// Compares a record with its measurement; sets Verdict and VerifyText.
  json::Value verification(const AccessRecord &R, const CpuVerifier &V,
                           unsigned Launch, std::string &Verdict) {
    VerifyText.clear();
    std::optional<Measurement> M = V.measured(Launch, R);
    if (!M) {
      Verdict = "not-instrumented";
      VerifyText = "not verified: " + V.notInstrumentedReason(R);
      return nullptr;
    }
    if (!M->Executed) {
      Verdict = "not-executed";
      ++NotExecuted;
      VerifyText = "not executed in the cpu run";
      return nullptr;
    }
    bool Shared = R.Space == MemObject::Shared;
    unsigned Got = Shared ? M->Wavefronts : M->Sectors;
    unsigned GotIdeal = Shared ? M->IdealWavefronts : M->IdealSectors;
    std::string Unit = Shared ? " wavefronts" : " sectors";
    std::string Measured = std::to_string(Got) + Unit + " (ideal " +
                           std::to_string(GotIdeal) + ") over " +
                           std::to_string(M->Warps) + " warp requests";
    if (M->OutOfRange)
      Measured += "; some lanes addressed outside the buffers";
    if (!R.Known) {
      Verdict = "unpredicted";
      VerifyText = "measured " + Measured + " (no prediction)";
    } else {
      unsigned Pred = Shared ? R.Worst.S.Wavefronts : R.Worst.G.Sectors;
      unsigned PredIdeal = Shared ? R.Worst.S.IdealWavefronts : R.Worst.G.IdealSectors;
      bool Same = Got == Pred && GotIdeal == PredIdeal &&
                  (!Shared || M->ConflictWays == R.Worst.S.ConflictWays);
      ++Compared;
      if (R.Exact && Same) {
        Verdict = "confirmed";
        ++Confirmed;
        VerifyText = "confirmed: measured " + Measured;
      } else if (!R.Exact && Got <= Pred) {
        Verdict = "within-bound";
        ++WithinBound;
        VerifyText = "worst case not exceeded: measured " + Measured;
      } else {
        Verdict = "refuted";
        ++Refuted;
        VerifyText = "REFUTED: predicted " + std::to_string(Pred) + Unit +
                     " (ideal " + std::to_string(PredIdeal) + "), measured " +
                     Measured;
      }
    }
    json::Object O{{"sectors", Shared ? json::Value(nullptr) : json::Value(M->Sectors)},
                   {"ideal_sectors", Shared ? json::Value(nullptr) : json::Value(M->IdealSectors)},
                   {"wavefronts", Shared ? json::Value(M->Wavefronts) : json::Value(nullptr)},
                   {"ideal_wavefronts", Shared ? json::Value(M->IdealWavefronts) : json::Value(nullptr)},
                   {"conflict_ways", Shared ? json::Value(M->ConflictWays) : json::Value(nullptr)},
                   {"warps", M->Warps},
                   {"out_of_range", M->OutOfRange},
                   {"source", Opts.VerifyGpu ? "gpu-trace" : "cpu-trace"}};
    if (std::optional<Measurement> N = V.measuredByNcu(Launch, R)) {
      VerifyText += "; ncu: " +
                    std::to_string(Shared ? N->Wavefronts : N->Sectors) + Unit +
                    " (ideal " +
                    std::to_string(Shared ? N->IdealWavefronts : N->IdealSectors) +
                    ") per request on that line";
      O["ncu"] = json::Object{
          {"sectors", Shared ? json::Value(nullptr) : json::Value(N->Sectors)},
          {"ideal_sectors", Shared ? json::Value(nullptr) : json::Value(N->IdealSectors)},
          {"wavefronts", Shared ? json::Value(N->Wavefronts) : json::Value(nullptr)},
          {"ideal_wavefronts", Shared ? json::Value(N->IdealWavefronts) : json::Value(nullptr)},
          {"warps", N->Warps},
          {"source", "ncu"}};
    }
    return O;
  }

  std::string summary(const AccessRecord &R, ASTContext &Ctx) {
    std::string S = describeAccess(R, Ctx);
    if (!R.Known)
      return S + " not analyzed: " + R.Reason;
    char Buf[64];
    if (R.Space == MemObject::Shared)
      std::snprintf(Buf, sizeof(Buf), ": %u wavefront%s (ideal %u, %u-way)",
                    R.Worst.S.Wavefronts, R.Worst.S.Wavefronts == 1 ? "" : "s",
                    R.Worst.S.IdealWavefronts, R.Worst.S.ConflictWays);
    else
      std::snprintf(Buf, sizeof(Buf), ": %u sector%s (ideal %u, %.1f%%)",
                    R.Worst.G.Sectors, R.Worst.G.Sectors == 1 ? "" : "s",
                    R.Worst.G.IdealSectors, R.Worst.efficiency() * 100);
    return S + Buf + ", " + describeLanes(R) +
           (R.Exact ? ", exact" : describeDependence(R));
  }

  json::Value accessJson(const AccessRecord &R, ASTContext &Ctx,
                         const std::string &Kernel, const BlockShape &Shape,
                         bool Flagged, const Check *Owner) {
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(R.Site->getBeginLoc()));
    bool G = R.Known && R.Space == MemObject::Global;
    bool S = R.Known && R.Space == MemObject::Shared;
    json::Array Deps;
    for (const std::string &D : R.DependsOn)
      Deps.push_back(D);
    json::Object O{
        {"file", std::string(P.isValid() ? P.getFilename() : "")},
        {"line", P.isValid() ? P.getLine() : 0},
        {"column", P.isValid() ? P.getColumn() : 0},
        {"kernel", Kernel},
        {"space", spaceName(R.Space)},
        {"op", accessOpName(R.Op)},
        {"bytes", numOrNull(R.Bytes != 0, R.Bytes)},
        {"block_dim", json::Array{Shape.Dim.X, Shape.Dim.Y, Shape.Dim.Z}},
        {"block_dim_source", Shape.describe(SM)},
        {"active_lanes", numOrNull(R.Known, R.Worst.ActiveLanes)},
        {"sectors", numOrNull(G, R.Worst.G.Sectors)},
        {"ideal_sectors", numOrNull(G, R.Worst.G.IdealSectors)},
        {"wavefronts", numOrNull(S, R.Worst.S.Wavefronts)},
        {"ideal_wavefronts", numOrNull(S, R.Worst.S.IdealWavefronts)},
        {"conflict_ways", numOrNull(S, R.Worst.S.ConflictWays)},
        {"exact", R.Known && R.Exact},
        {"flagged", Flagged},
        {"check", Owner ? json::Value(Owner->name().str()) : json::Value(nullptr)},
        {"depends_on", std::move(Deps)},
        {"expr", describeAccess(R, Ctx)},
        {"lanes", R.Known ? json::Value(describeLanes(R)) : json::Value(nullptr)},
        {"worst", R.Known ? json::Value(R.WorstContext) : json::Value(nullptr)},
        {"reason", R.Known ? json::Value(nullptr) : json::Value(R.Reason)},
    };
    if (!R.HoldsFor.empty())
      O["holds_for"] = R.HoldsFor;
    // The worst request's byte offset in the object per lane (null: lane
    // inactive), for pictures of the warp (--format=html).
    if (R.Known) {
      json::Array Lanes;
      for (unsigned K = 0; K < kWarpSize; ++K)
        Lanes.push_back((R.Worst.Lanes >> K & 1)
                            ? json::Value(R.Worst.WorstOffsets[K])
                            : json::Value(nullptr));
      O["lane_bytes"] = std::move(Lanes);
    }
    return O;
  }

  const LintOptions &Opts;
  const std::vector<std::unique_ptr<Check>> &Checks;
  FileState &S;
  CompilerInstance &CI;
  std::string File;
  bool AllowInstantiation;
  std::string VerifyText;
  unsigned Compared = 0, Confirmed = 0, Refuted = 0, WithinBound = 0,
           NotExecuted = 0;

public:
  /// -D/-I/-include/-std flags of the compile command, for the CPU build.
  std::vector<std::string> CompilerFlagsForHost;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const LintOptions &Opts,
             const std::vector<std::unique_ptr<Check>> &Checks, FileState &S,
             bool AllowInstantiation)
      : Opts(Opts), Checks(Checks), S(S),
        AllowInstantiation(AllowInstantiation) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkipMissingHeaders>(S));
    // "N errors generated" goes with the other buffered diagnostics.
    ErrOS = std::make_unique<raw_string_ostream>(S.Err);
    CI.setVerboseOutputStream(*ErrOS);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    auto C = std::make_unique<LintConsumer>(Opts, Checks, S, CI, S.File,
                                            AllowInstantiation);
    // The include paths and macros the file was parsed with.
    const auto &PP = CI.getPreprocessorOpts();
    for (const auto &M : PP.Macros)
      C->CompilerFlagsForHost.push_back((M.second ? "-U" : "-D") + M.first);
    for (const auto &E : CI.getHeaderSearchOpts().UserEntries)
      if (E.Group == frontend::Angled || E.Group == frontend::Quoted)
        C->CompilerFlagsForHost.push_back("-I" + E.Path);
    return C;
  }

private:
  const LintOptions &Opts;
  const std::vector<std::unique_ptr<Check>> &Checks;
  FileState &S;
  bool AllowInstantiation;
  std::unique_ptr<raw_string_ostream> ErrOS;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(const LintOptions &Opts,
                    const std::vector<std::unique_ptr<Check>> &Checks,
                    FileState &S, bool AllowInstantiation)
      : Opts(Opts), Checks(Checks), S(S),
        AllowInstantiation(AllowInstantiation) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Opts, Checks, S, AllowInstantiation);
  }

private:
  const LintOptions &Opts;
  const std::vector<std::unique_ptr<Check>> &Checks;
  FileState &S;
  bool AllowInstantiation;
};
} // namespace

/// The options for one file: its configuration file, overridden by the
/// command line. False (with a message printed) when either is invalid.
static bool optionsFor(const std::string &File, const LintOptions &CLI,
                       LintOptions &Out,
                       std::vector<std::unique_ptr<Check>> &Checks,
                       raw_ostream &ErrOS) {
  std::string Err;
  std::optional<LintConfig> Cfg = configFor(File, Err);
  if (!Cfg) {
    ErrOS << "cuda-coalesce-lint: error: " << Err << "\n";
    return false;
  }
  Out = CLI;
  for (const auto &KV : Cfg->CheckOptions)
    Out.CheckOpts.try_emplace(KV.first, KV.second);
  Out.ConfigFile = Cfg->Source;
  if (!Cfg->BlockDim.empty()) {
    std::optional<Dim3> D = parseDim3(Cfg->BlockDim);
    if (!D) {
      ErrOS << "cuda-coalesce-lint: error: invalid configuration "
             << Cfg->Source << ": BlockDim '" << Cfg->BlockDim
             << "' (expected X[,Y[,Z]], at most 1024 threads)\n";
      return false;
    }
    Out.ConfigBlockDim = *D; // a default: launch sites and attributes win
  }
  for (const auto &KV : Cfg->Assume)
    Out.assume(KV.first, KV.second, /*Overwrite=*/false);
  if (Out.ChecksGlob.empty())
    Out.ChecksGlob = Cfg->Checks;
  if (Out.HeaderFilter.empty())
    Out.HeaderFilter = Cfg->HeaderFilter;
  std::string RegexErr;
  if (!llvm::Regex(Out.HeaderFilter).isValid(RegexErr)) {
    ErrOS << "cuda-coalesce-lint: error: invalid header filter '"
           << Out.HeaderFilter << "': " << RegexErr << "\n";
    return false;
  }
  std::vector<std::string> Errors;
  for (auto &C : Check::createAll(Out.CheckOpts, Errors))
    if (checkEnabled(Out.ChecksGlob, C->name().str()))
      Checks.push_back(std::move(C));
  for (const std::string &E : Errors)
    ErrOS << "cuda-coalesce-lint: error: "
           << (Cfg->Source.empty() ? "" : "in " + Cfg->Source + " or the command line: ")
           << E << "\n";
  return Errors.empty();
}

void ccl::analyzeFiles(const LintOptions &CLIOpts, LintResults &Results) {
  const LintOptions &Opts = CLIOpts;
  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (!Opts.BuildPath.empty()) {
    std::string Err;
    DB = tooling::CompilationDatabase::autoDetectFromDirectory(Opts.BuildPath,
                                                               Err);
    if (!DB) {
      errs() << "cuda-coalesce-lint: error: cannot load a compilation database "
                "from '"
             << Opts.BuildPath << "': " << Err << "\n";
      Results.InputError = true;
      return;
    }
  }
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  tooling::FixedCompilationDatabase Fixed(Cwd, Opts.ExtraArgs);

  // Each file is analyzed on its own (in parallel with -j) into a buffered
  // outcome; outcomes are printed in the order the files were given.
  struct Outcome {
    FileState S;
    std::string Pre; ///< messages about the file itself (missing, config)
    bool InputError = false;
  };
  std::vector<Outcome> Outcomes(Opts.Files.size());
  auto Process = [&](size_t Index) {
    const std::string &File = Opts.Files[Index];
    Outcome &O = Outcomes[Index];
    raw_string_ostream PreOS(O.Pre);
    if (!sys::fs::exists(File)) {
      PreOS << "cuda-coalesce-lint: error: no such file: '" << File << "'\n";
      O.InputError = true;
      return;
    }
    if (sys::fs::is_directory(File)) {
      PreOS << "cuda-coalesce-lint: error: '" << File << "' is a directory\n";
      O.InputError = true;
      return;
    }
    LintOptions FileOpts;
    std::vector<std::unique_ptr<Check>> Checks;
    if (!optionsFor(File, CLIOpts, FileOpts, Checks, PreOS)) {
      O.InputError = true;
      return;
    }
    tooling::CompilationDatabase *Use = &Fixed;
    if (DB) {
      SmallString<256> Abs(File);
      sys::fs::make_absolute(Abs);
      if (DB->getCompileCommands(Abs).empty())
        PreOS << "cuda-coalesce-lint: warning: '" << File
               << "' is not in the compilation database; using default flags\n";
      else
        Use = DB.get();
    }
    // One run; a second one when kernel templates must be instantiated
    // from --assume (the instantiations are appended to the file in memory).
    auto RunOnce = [&](FileState &S, const std::string &Extra) {
      S.File = File;
      tooling::ClangTool Tool(*Use, {File});
      Tool.setPrintErrorMessage(false); // the summary line says it instead
      Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
      Tool.appendArgumentsAdjuster(tooling::getClangStripDependencyFileAdjuster());
      Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
      Tool.appendArgumentsAdjuster(cudaAdjuster(FileOpts));
      // mapVirtualFile keeps references: both strings live until the run ends.
      std::string Contents;
      SmallString<256> Abs(File);
      sys::fs::make_absolute(Abs);
      if (!Extra.empty()) {
        if (auto Buf = MemoryBuffer::getFile(Abs)) {
          Contents = (*Buf)->getBuffer().str() +
                     "\n// cuda-coalesce-lint: instantiations from --assume\n" +
                     Extra;
          Tool.mapVirtualFile(Abs, Contents);
        }
      }
      DiagnosticOptions DiagOpts;
      DiagOpts.ShowColors = errs().has_colors();
      raw_string_ostream ErrOS(S.Err);
      CappedDiagnostics Diags(ErrOS, DiagOpts, S);
      Tool.setDiagnosticConsumer(&Diags);
      LintActionFactory Factory(FileOpts, Checks, S, Extra.empty());
      int RC = Tool.run(&Factory);
      if (S.Errors > S.ErrorsShown && S.MissingHeaders.empty())
        ErrOS << File << ": " << (S.Errors - S.ErrorsShown)
              << " more errors not shown\n";
      return RC;
    };
    FileState S;
    int RC = RunOnce(S, "");
    if (!S.Instantiations.empty()) {
      FileState Second;
      RC = RunOnce(Second, S.Instantiations);
      S = std::move(Second);
    }
    O.InputError = RC != 0;
    O.S = std::move(S);
  };

  unsigned Jobs = std::max(1u, std::min<unsigned>(Opts.Jobs, Opts.Files.size()));
  bool Progress = Opts.Files.size() > 3 && errs().is_displayed();
  std::atomic<size_t> Next{0}, Done{0};
  std::mutex ProgressMutex;
  auto Worker = [&] {
    for (size_t I; (I = Next++) < Opts.Files.size();) {
      Process(I);
      if (Progress) {
        std::lock_guard<std::mutex> G(ProgressMutex);
        errs() << "\r[" << ++Done << "/" << Opts.Files.size() << "] "
               << sys::path::filename(Opts.Files[I]) << "\x1b[K";
      }
    }
  };
  if (Jobs == 1) {
    Worker();
  } else {
    std::vector<std::thread> Pool;
    for (unsigned J = 0; J < Jobs; ++J)
      Pool.emplace_back(Worker);
    for (std::thread &T : Pool)
      T.join();
  }
  if (Progress)
    errs() << "\r\x1b[K";

  for (Outcome &O : Outcomes) {
    FileState &S = O.S;
    // Per file: messages about it, clang's diagnostics, the findings, then
    // the summary line.
    errs() << O.Pre << S.Err;
    errs().flush();
    outs() << S.Out;
    outs().flush();
    errs() << S.Summary;
    for (json::Value &V : S.Accesses)
      Results.Accesses.push_back(std::move(V));
    for (json::Value &V : S.Diagnostics)
      Results.Diagnostics.push_back(std::move(V));
    if (S.Info.size())
      Results.Files.push_back(std::move(S.Info));
    Results.Flagged += S.Flagged;
    Results.Refuted += S.Refuted;
    for (json::Value &V : S.BaselineEntries)
      Results.BaselineEntries.push_back(std::move(V));
    if (O.InputError)
      Results.InputError = true;
  }
}
