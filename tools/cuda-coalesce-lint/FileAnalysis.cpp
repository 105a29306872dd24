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
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "tools/cuda-coalesce-lint/Driver.h"


using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {
/// bin/../share/cuda-coalesce-lint/include: the built-in CUDA declarations.
std::string shimDir() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, (void *)&shimDir);
  SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Dir, "share", "cuda-coalesce-lint", "include");
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

/// Makes a compile command parse the CUDA device side, with the CUDA 13 and
/// clang 22 quirks handled (docs/design.md, "Compile commands").
tooling::ArgumentsAdjuster cudaAdjuster(const LintOptions &Opts) {
  return [&Opts](const tooling::CommandLineArguments &In, StringRef File) {
    tooling::CommandLineArguments Args;
    // A real path lets the driver find the GCC installation next to clang.
    std::string Clang = std::string(CCL_CLANG_BIN_DIR) + "/clang++";
    Args.push_back(sys::fs::exists(Clang) ? Clang : "clang++");
    bool UserLang = false, UserCuda = false;
    for (size_t I = 1; I < In.size(); ++I) {
      if (In[I] == "-x" && I + 1 < In.size()) {
        UserLang = true;
        UserCuda = In[I + 1] == "cuda";
      }
      Args.push_back(In[I]);
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
      Front.push_back("--cuda-gpu-arch=" + Opts.GpuArch);
    if (!hasArg(Args, "-resource-dir"))
      Front.push_back("-resource-dir=" + resourceDir());
    Front.push_back("-Wno-unknown-cuda-version");
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
  return json::Object{{"file", P.getFilename()},
                      {"line", P.getLine()},
                      {"column", P.getColumn()}};
}

json::Value numOrNull(bool Have, unsigned V) {
  return Have ? json::Value(V) : json::Value(nullptr);
}

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const LintOptions &Opts,
               const std::vector<std::unique_ptr<Check>> &Checks,
               LintResults &Results, CompilerInstance &CI, StringRef File)
      : Opts(Opts), Checks(Checks), Results(Results), CI(CI), File(File) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    SourceManager &SM = Ctx.getSourceManager();
    DiagnosticOptions DiagOpts;
    DiagOpts.ShowColors = !Opts.Json && outs().has_colors();
    TextDiagnostic TD(outs(), Ctx.getLangOpts(), DiagOpts);
    auto Emit = [&](SourceLocation L, DiagnosticsEngine::Level Lvl,
                    StringRef Msg, ArrayRef<FixItHint> Fixes = {}) {
      if (Opts.Json)
        return;
      if (L.isValid())
        TD.emitDiagnostic(FullSourceLoc(L, SM), Lvl, Msg, {}, Fixes);
      else
        outs() << File << ": " << (Lvl == DiagnosticsEngine::Note ? "note: " : "remark: ")
               << Msg << "\n";
    };

    KernelCollector KC(SM);
    KC.TraverseDecl(Ctx.getTranslationUnitDecl());
    auto Launches = collectLaunchSites(Ctx);

    InterpreterOptions IOpts;
    IOpts.Assume = Opts.Assume;
    unsigned NAccesses = 0, NFlagged = 0, NUnknown = 0, NKernels = 0;
    json::Array FileNotes;

    for (const FunctionDecl *T : KC.Templates) {
      // Only report templates with no instantiation at all.
      const FunctionTemplateDecl *FTD = T->getDescribedFunctionTemplate();
      if (FTD && FTD->specializations().empty()) {
        std::string Msg = "kernel template '" + T->getNameAsString() +
                          "' is never instantiated in this file; not analyzed";
        Emit(T->getLocation(), DiagnosticsEngine::Remark, Msg);
        FileNotes.push_back(Msg);
      }
    }

    for (const FunctionDecl *K : KC.Kernels) {
      std::string Name = kernelName(K);
      if (K->isInvalidDecl()) {
        std::string Msg = "kernel '" + Name + "' has errors; not analyzed";
        Emit(K->getLocation(), DiagnosticsEngine::Remark, Msg);
        FileNotes.push_back(Msg);
        continue;
      }
      ++NKernels;
      for (const BlockShape &Shape :
           shapesFor(K, Name, Opts.BlockDims, Launches, Ctx)) {
        std::vector<AccessRecord> Records =
            analyzeKernel(Ctx, K, Shape.Dim, IOpts);
        CheckContext CC{Ctx, K, Name, Shape, IOpts, Records};
        for (const AccessRecord &R : Records) {
          ++NAccesses;
          const Check *Owner = nullptr;
          for (const auto &C : Checks)
            if (C->space() == R.Space)
              Owner = C.get();
          bool Flagged = Owner && Owner->isFlagged(R);
          if (!R.Known)
            ++NUnknown;
          Finding F;
          if (Flagged) {
            ++NFlagged;
            F.Check = Owner->name().str();
            F.Record = &R;
            F.Loc = R.Site->getBeginLoc();
            Owner->report(R, CC, F);
            emitFinding(F, Ctx, Emit);
          } else if (Opts.ReportAll) {
            Emit(R.Site->getBeginLoc(), DiagnosticsEngine::Remark,
                 summary(R, Ctx));
          }
          Results.Accesses.push_back(
              accessJson(R, Ctx, Name, Shape, Flagged, Owner));
        }
      }
    }
    if (KC.Kernels.empty() && KC.Templates.empty()) {
      std::string Msg = "no CUDA kernels (__global__ functions) in this file";
      Emit({}, DiagnosticsEngine::Note, Msg);
      FileNotes.push_back(Msg);
    }
    Results.Flagged += NFlagged;
    bool Errors = CI.getDiagnostics().hasErrorOccurred();
    if (!Opts.Json)
      errs() << File << ": " << NAccesses << " accesses in " << NKernels
             << " kernel" << (NKernels == 1 ? "" : "s") << ": " << NFlagged
             << " flagged, " << NUnknown << " not analyzable"
             << (NUnknown && !Opts.ReportAll ? " (see --report=all)" : "")
             << (Errors ? "; the file has compile errors" : "") << "\n";
    Results.Files.push_back(json::Object{{"file", File},
                                         {"kernels", NKernels},
                                         {"accesses", NAccesses},
                                         {"flagged", NFlagged},
                                         {"unknown", NUnknown},
                                         {"compile_errors", Errors},
                                         {"notes", std::move(FileNotes)}});
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
          {"file", SM.getFilename(B)},
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
    Results.Diagnostics.push_back(std::move(D));
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
        {"file", P.isValid() ? P.getFilename() : ""},
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
        {"check", Owner ? json::Value(Owner->name()) : json::Value(nullptr)},
        {"depends_on", std::move(Deps)},
        {"expr", describeAccess(R, Ctx)},
        {"lanes", R.Known ? json::Value(describeLanes(R)) : json::Value(nullptr)},
        {"worst", R.Known ? json::Value(R.WorstContext) : json::Value(nullptr)},
        {"reason", R.Known ? json::Value(nullptr) : json::Value(R.Reason)},
    };
    if (!R.HoldsFor.empty())
      O["holds_for"] = R.HoldsFor;
    return O;
  }

  const LintOptions &Opts;
  const std::vector<std::unique_ptr<Check>> &Checks;
  LintResults &Results;
  CompilerInstance &CI;
  std::string File;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const LintOptions &Opts,
             const std::vector<std::unique_ptr<Check>> &Checks,
             LintResults &Results)
      : Opts(Opts), Checks(Checks), Results(Results) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef File) override {
    return std::make_unique<LintConsumer>(Opts, Checks, Results, CI, File);
  }

private:
  const LintOptions &Opts;
  const std::vector<std::unique_ptr<Check>> &Checks;
  LintResults &Results;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(const LintOptions &Opts,
                    const std::vector<std::unique_ptr<Check>> &Checks,
                    LintResults &Results)
      : Opts(Opts), Checks(Checks), Results(Results) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Opts, Checks, Results);
  }

private:
  const LintOptions &Opts;
  const std::vector<std::unique_ptr<Check>> &Checks;
  LintResults &Results;
};
} // namespace

void ccl::analyzeFiles(const LintOptions &Opts,
                       const std::vector<std::unique_ptr<Check>> &Checks,
                       LintResults &Results) {
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
  tooling::FixedCompilationDatabase Fixed(".", Opts.ExtraArgs);
  LintActionFactory Factory(Opts, Checks, Results);

  for (const std::string &File : Opts.Files) {
    if (!sys::fs::exists(File)) {
      errs() << "cuda-coalesce-lint: error: no such file: '" << File << "'\n";
      Results.InputError = true;
      continue;
    }
    if (sys::fs::is_directory(File)) {
      errs() << "cuda-coalesce-lint: error: '" << File << "' is a directory\n";
      Results.InputError = true;
      continue;
    }
    tooling::CompilationDatabase *Use = &Fixed;
    if (DB) {
      SmallString<256> Abs(File);
      sys::fs::make_absolute(Abs);
      if (DB->getCompileCommands(Abs).empty())
        errs() << "cuda-coalesce-lint: warning: '" << File
               << "' is not in the compilation database; using default flags\n";
      else
        Use = DB.get();
    }
    tooling::ClangTool Tool(*Use, {File});
    Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
    Tool.appendArgumentsAdjuster(tooling::getClangStripDependencyFileAdjuster());
    Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
    Tool.appendArgumentsAdjuster(cudaAdjuster(Opts));
    int RC = Tool.run(&Factory);
    if (RC != 0)
      Results.InputError = true;
  }
}
