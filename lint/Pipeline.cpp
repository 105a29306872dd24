//===- Pipeline.cpp - Lint files: parse, analyze, check, collect ----------===//
#include "lint/Pipeline.h"
#include "analyzer/SystemCode.h"
#include "lint/CompileCommands.h"
#include "lint/Config.h"
#include "lint/DiagnosticRecorder.h"
#include "lint/FileReport.h"
#include "lint/KernelWorkers.h"
#include "lint/ResultCodec.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <atomic>
#include <thread>

using namespace clang;
using namespace llvm;
using namespace ccl;

std::vector<ToolMessage> ccl::errorMessages(Error E) {
  std::vector<ToolMessage> Into;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &EI) {
    std::string Message = EI.message();
    SmallVector<StringRef, 4> Lines;
    StringRef(Message).split(Lines, '\n');
    for (StringRef L : Lines)
      Into.push_back({ToolMessage::Error, L.str()});
  });
  return Into;
}

#include <time.h>
namespace {
/// --time-phases: when the parse reaches \p What, on stderr.
void phase(const LintOptions &Opts, const char *What) {
  if (!Opts.TimePhases)
    return;
  timespec T;
  clock_gettime(Opts.TimeWall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &T);
  fprintf(stderr, "ccl-phase\t%s\t%.3f\n", What, T.tv_sec + T.tv_nsec * 1e-9);
}
/// One parse of one file and what it produced.
struct ParseRun {
  std::string File;
  ParseState Parse;
  unsigned ErrorsShown = 0;
  std::string Instantiations; ///< from --assume, for a second parse
  tooling::CommandLineArguments Command; ///< the clang command it ran
  CompilerInstance *CI = nullptr;        ///< while it parses
  FileResult Result;
};

/// Skips #includes that cannot be found (torch, ATen, ... on a machine
/// without them) and records their names.
class SkipMissingHeaders : public PPCallbacks {
public:
  explicit SkipMissingHeaders(ParseRun &S) : S(S) {}
  bool FileNotFound(StringRef FileName) override {
    if (!llvm::is_contained(S.Parse.MissingHeaders, FileName.str()))
      S.Parse.MissingHeaders.push_back(FileName.str());
    return true;
  }

private:
  ParseRun &S;
};

/// Clang's own diagnostics, buffered. At most 20 errors are shown; when
/// headers were skipped, the errors that follow from them are only counted.
class CappedDiagnostics : public DiagnosticCollector {
public:
  CappedDiagnostics(ParseRun &S, bool Keep)
      : DiagnosticCollector(S.Result.ClangDiagnostics, S.Result.Sources, Keep),
        S(S) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    // (Counted once: by the printer where shown, here where hidden.)
    if (Level == DiagnosticsEngine::Error) {
      if (const FunctionDecl *FD = hostOnlyFunction()) {
        ++S.Parse.HostErrors;
        std::string Name = FD->getQualifiedNameAsString();
        if (!llvm::is_contained(S.Parse.HostErrorFunctions, Name))
          S.Parse.HostErrorFunctions.push_back(Name);
        Hiding = false;
        DiagnosticCollector::HandleDiagnostic(DiagnosticsEngine::Warning, Info);
        return;
      }
    }
    if (Level >= DiagnosticsEngine::Error) {
      ++S.Parse.Errors;
      SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      S.Parse.ErrorsAt.push_back({Info.getLocation(), std::string(Msg)});
      Hiding = !S.Parse.MissingHeaders.empty() || S.ErrorsShown >= 20;
      if (!Hiding)
        ++S.ErrorsShown;
    } else if (Level != DiagnosticsEngine::Note) {
      Hiding = false;
    }
    if (!Hiding)
      DiagnosticCollector::HandleDiagnostic(Level, Info);
    else
      DiagnosticConsumer::HandleDiagnostic(Level, Info);
  }

private:
  /// The host-only function whose body the parser is in, if any.
  const FunctionDecl *hostOnlyFunction() const {
    if (!S.CI || !S.CI->hasSema() || !S.Parse.MissingHeaders.empty())
      return nullptr;
    const FunctionDecl *FD = S.CI->getSema().getCurFunctionDecl(
        /*AllowLambda=*/true);
    // A lambda clang made __host__ __device__ implicitly belongs to the
    // function around it.
    while (FD && isLambdaCallOperator(FD)) {
      const auto *A = FD->getAttr<CUDADeviceAttr>();
      if (A && !A->isImplicit())
        break;
      FD = dyn_cast_or_null<FunctionDecl>(
          cast<CXXMethodDecl>(FD)->getParent()->getDeclContext());
    }
    if (!FD || FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>())
      return nullptr;
    // The instantiations --assume asks for (KernelDiscovery.cpp): an error
    // there is the values' (an enumerator misspelt), not host code's.
    if (FD->getName().starts_with("__ccl_instantiate_")) {
      ++S.Parse.InstantiationErrors;
      return nullptr;
    }
    return FD;
  }
  ParseRun &S;
  bool Hiding = false;
};

/// A template parameter list with a parameter that may stand for a kernel:
/// a non-type parameter whose type is not an integer or enumeration (a
/// pointer or reference to a function, `auto`, a dependent type).
bool mayNameKernel(const TemplateParameterList *L) {
  for (const NamedDecl *P : *L)
    if (const auto *N = dyn_cast<NonTypeTemplateParmDecl>(P))
      if (!N->getType()->isIntegralOrEnumerationType())
        return true;
  return false;
}

/// The templated function \p FD, or a class or function template around
/// it, has a parameter that may stand for a kernel.
bool templateMayNameKernel(const FunctionDecl *FD) {
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    if (mayNameKernel(T->getTemplateParameters()))
      return true;
  for (unsigned I = 0; I < FD->getNumTemplateParameterLists(); ++I)
    if (mayNameKernel(FD->getTemplateParameterList(I)))
      return true;
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *RD = dyn_cast<CXXRecordDecl>(DC)) {
      if (const ClassTemplateDecl *CT = RD->getDescribedClassTemplate())
        if (mayNameKernel(CT->getTemplateParameters()))
          return true;
      if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(RD))
        if (mayNameKernel(PS->getTemplateParameters()))
          return true;
    }
    if (const auto *F = dyn_cast<FunctionDecl>(DC))
      if (F->isTemplated() && templateMayNameKernel(F))
        return true;
  }
  return false;
}

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(const LintOptions &Opts, const CheckList &Checks, ParseRun &S,
               CompilerInstance &CI, bool AllowInstantiation)
      : Opts(Opts), Checks(Checks), S(S), CI(CI),
        AllowInstantiation(AllowInstantiation) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    phase(Opts, "parsed");
    // The include paths and macros the file was parsed with.
    for (const auto &M : CI.getPreprocessorOpts().Macros)
      S.Parse.HostFlags.push_back((M.second ? "-U" : "-D") + M.first);
    // Absolute, and the file's own folder for its "" includes: the
    // --verify builds compile a copy of the file elsewhere.
    llvm::vfs::FileSystem &FS = CI.getVirtualFileSystem();
    auto Absolute = [&FS](StringRef P) {
      SmallString<256> A(P);
      if (!FS.makeAbsolute(A))
        sys::path::remove_dots(A, /*remove_dot_dot=*/true);
      return std::string(A);
    };
    SourceManager &SM = Ctx.getSourceManager();
    if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      S.Parse.HostFlags.push_back(
          "-I" + sys::path::parent_path(Absolute(Main->getName())).str());
    for (const auto &E : CI.getHeaderSearchOpts().UserEntries)
      if (E.Group == frontend::Angled || E.Group == frontend::Quoted)
        S.Parse.HostFlags.push_back("-I" + Absolute(E.Path));
    TUAnalysis TU =
        analyzeTranslationUnit(Ctx, Opts, AllowInstantiation,
                               S.Parse.ErrorsAt, S.Parse.HostFlags);
    phase(Opts, "analyzed");
    S.Instantiations = TU.Instantiations;
    S.Result.File = S.File;
    S.Result.CompileErrors =
        CI.getDiagnostics().hasErrorOccurred() && S.Parse.Errors > 0;
    S.Result.MissingHeaders = S.Parse.MissingHeaders;
    // (Only --assume's names are checked against them: no walk without.)
    if (!Opts.AssumeText.empty() || !Opts.KernelAssume.empty()) {
      AssumableNames Names = collectAssumableNames(Ctx);
      S.Result.KernelNames = std::move(Names.Kernels);
      S.Result.Names = std::move(Names.Names);
      S.Result.TemplateParams = std::move(Names.TemplateParams);
    }
    reportTranslationUnit(Ctx, TU, Opts, Checks, S.Parse, S.Result);
    S.Result.InputError |= TU.AnalysisFailures > 0;
    phase(Opts, "reported");
  }

  /// With SkipFunctionBodies (LintAction), the parser asks before it
  /// parses a body. The bodies not needed here are those of host-only
  /// functions in system headers (the C++ library, the CUDA runtime's host
  /// API): nothing in them runs on the device, kernels written in system
  /// headers are not linted (KernelDiscovery), and a launch in them can
  /// only launch such a kernel, or a project kernel given to a template as
  /// a non-type argument (SystemCode.h: `template <void (*K)(float *)>`),
  /// whose body is kept. Sema never asks for a constexpr function or one
  /// with a deduced return type (Sema::canSkipFunctionBody), whose bodies
  /// the rest of the parse may need; host-device functions, implicit ones
  /// included (`#pragma clang force_cuda_host_device`), carry CUDADeviceAttr
  /// and are kept. Bodies in the main file and in user headers are all
  /// parsed.
  bool shouldSkipFunctionBody(Decl *D) override {
    const FunctionDecl *FD = D->getAsFunction();
    if (!FD || FD->hasAttr<CUDADeviceAttr>() || FD->hasAttr<CUDAGlobalAttr>() ||
        (FD->isTemplated() && templateMayNameKernel(FD)))
      return false;
    return isSystemDecl(FD, CI.getSourceManager());
  }

private:
  const LintOptions &Opts;
  const CheckList &Checks;
  ParseRun &S;
  CompilerInstance &CI;
  bool AllowInstantiation;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const LintOptions &Opts, const CheckList &Checks, ParseRun &S,
             bool AllowInstantiation)
      : Opts(Opts), Checks(Checks), S(S),
        AllowInstantiation(AllowInstantiation) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // The last parse of the run: its AST is left to the process's exit,
    // as clang's own driver does (-disable-free).
    // (Not a first parse that --assume may follow with a second one.)
    if (!Opts.FreeAST && (!AllowInstantiation || Opts.AssumeText.empty()))
      CI.getFrontendOpts().DisableFree = true;
    // Host-only bodies in system headers are not parsed
    // (LintConsumer::shouldSkipFunctionBody); --parse-all-bodies parses
    // them (to compare).
    if (!Opts.ParseAllBodies)
      CI.getFrontendOpts().SkipFunctionBodies = true;
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<SkipMissingHeaders>(S));
    // What clang prints itself ("N errors generated", -v) is kept as
    // printed, after its diagnostics.
    ErrOS = std::make_unique<raw_string_ostream>(S.Result.ClangOutput);
    CI.setVerboseOutputStream(*ErrOS);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    S.CI = &CI;
    return std::make_unique<LintConsumer>(Opts, Checks, S, CI,
                                          AllowInstantiation);
  }

private:
  const LintOptions &Opts;
  const CheckList &Checks;
  ParseRun &S;
  bool AllowInstantiation;
  std::unique_ptr<raw_string_ostream> ErrOS;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(const LintOptions &Opts, const CheckList &Checks,
                    ParseRun &S, bool AllowInstantiation)
      : Opts(Opts), Checks(Checks), S(S),
        AllowInstantiation(AllowInstantiation) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Opts, Checks, S, AllowInstantiation);
  }

private:
  const LintOptions &Opts;
  const CheckList &Checks;
  ParseRun &S;
  bool AllowInstantiation;
};

/// Parses and lints \p File once; \p Extra is source appended to it in
/// memory (template instantiations from --assume). Returns clang's status.
int parseOnce(ParseRun &S, const tooling::CompilationDatabase &DB,
              const LintOptions &Opts, const CheckList &Checks,
              const std::string &Extra) {
  tooling::ClangTool Tool(DB, {S.File});
  Tool.setPrintErrorMessage(false); // the summary line says it instead
  Tool.appendArgumentsAdjuster(tooling::getClangStripOutputAdjuster());
  Tool.appendArgumentsAdjuster(tooling::getClangStripDependencyFileAdjuster());
  Tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
  Tool.appendArgumentsAdjuster(cudaAdjuster(Opts));
  Tool.appendArgumentsAdjuster(
      [&S](const tooling::CommandLineArguments &A, StringRef) {
        S.Command = A;
        return A;
      });
  // Unsaved buffers, and the instantiations appended to the file in memory.
  // mapVirtualFile keeps references: the strings live until the run ends.
  std::string Contents;
  SmallString<256> Abs(S.File);
  sys::fs::make_absolute(Abs);
  // (The file itself, when instantiations are appended, is mapped below
  // only: the first mapping of a path wins, and the editor's buffer without
  // them would hide them: the language server lost every --assume
  // instantiation.)
  for (const auto &KV : Opts.Overlay)
    if (Extra.empty() || KV.first != Abs.str())
      Tool.mapVirtualFile(KV.first, KV.second);
  if (!Extra.empty()) {
    auto It = Opts.Overlay.find(std::string(Abs));
    if (It != Opts.Overlay.end()) {
      Contents = It->second;
    } else if (auto Buf = MemoryBuffer::getFile(Abs)) {
      Contents = (*Buf)->getBuffer().str();
    }
    Contents +=
        "\n// cuda-coalesce-lint: instantiations from --assume\n" + Extra;
    Tool.mapVirtualFile(Abs, Contents);
  }
  CappedDiagnostics Diags(S, Opts.textOutput());
  Tool.setDiagnosticConsumer(&Diags);
  LintActionFactory Factory(Opts, Checks, S, Extra.empty());
  phase(Opts, "before-run");
  int RC = Tool.run(&Factory);
  phase(Opts, "after-run");
  if (S.Parse.Errors > S.ErrorsShown && S.Parse.MissingHeaders.empty())
    S.Result.ErrorsNotShown = S.Parse.Errors - S.ErrorsShown;
  return RC;
}

/// \p A as a POSIX shell word.
std::string shellQuoted(StringRef A) {
  if (!A.empty() && A.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_=+./,:@%") ==
                        StringRef::npos)
    return A.str();
  std::string Q = "'";
  for (char C : A)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

/// Everything about one file, messages about the file itself included.
FileResult lintFile(const std::string &File, const LintOptions &CommandLine,
                    const DeviceCommands *DB, const DeviceCommands &Fixed) {
  FileResult Pre;
  Pre.File = File;
  SmallString<256> AbsFile(File);
  sys::fs::make_absolute(AbsFile);
  bool InMemory = CommandLine.Overlay.count(std::string(AbsFile));
  if (!InMemory && (!sys::fs::exists(File) || sys::fs::is_directory(File))) {
    Pre.Messages.push_back(
        {ToolMessage::Error, sys::fs::exists(File)
                                 ? "'" + File + "' is a directory"
                                 : "no such file: '" + File + "'"});
    Pre.InputError = true;
    return Pre;
  }
  LintOptions Opts;
  CheckList Checks;
  if (Error E = optionsFor(File, CommandLine, Opts, Checks)) {
    Pre.Messages = errorMessages(std::move(E));
    Pre.InputError = true;
    return Pre;
  }
  const DeviceCommands *Use = &Fixed;
  if (DB) {
    // The database guesses a command for a file it does not list from the
    // most similar entry (clang's InterpolatingCompilationDatabase).
    std::vector<tooling::CompileCommand> Cs =
        DB->inner().getCompileCommands(AbsFile);
    std::string NotIn = "'" + File +
                        "' is not in the compilation database in '" +
                        CommandLine.BuildPath + "'; ";
    if (Cs.empty())
      Pre.Messages.push_back(
          {ToolMessage::Warning,
           NotIn + "parsed with " +
               (CommandLine.ExtraArgs.empty()
                    ? std::string("no flags but the linter's own")
                    : "the flags after '--'")});
    else if (!Cs.front().Heuristic.empty())
      Pre.Messages.push_back(
          {ToolMessage::Warning,
           NotIn + "its flags are guessed (" + Cs.front().Heuristic + ")"});
    if (!Cs.empty())
      Use = DB;
  }
  // A second parse when kernel templates must be instantiated from --assume.
  auto S = std::make_unique<ParseRun>();
  S->File = File;
  int RC = parseOnce(*S, *Use, Opts, Checks, "");
  if (!S->Instantiations.empty()) {
    auto Second = std::make_unique<ParseRun>();
    Second->File = File;
    RC = parseOnce(*Second, *Use, Opts, Checks, S->Instantiations);
    S = std::move(Second);
  }
  FileResult R = std::move(S->Result);
  R.File = File;
  if (Opts.ShowCommand) {
    std::string Command = "'" + File + "' is parsed with:";
    for (const std::string &A : S->Command)
      Command += " " + shellQuoted(A);
    Pre.Messages.push_back({ToolMessage::Note, std::move(Command)});
  }
  R.Messages = std::move(Pre.Messages);
  R.CommandNotes = Use->notesFor(AbsFile);
  // Errors only in host code do not make the file an input error.
  bool OnlyHostErrors = S->Parse.Errors == 0 && S->Parse.HostErrors > 0;
  R.InputError = R.InputError || (RC != 0 && !OnlyHostErrors);
  return R;
}
} // namespace

namespace {
/// Lints the files -j at a time, each in a process of its own
/// (KernelWorkers.h), which sends its FileResult back as bytes
/// (ResultCodec.h): a file whose analysis crashes has no result, a message
/// says so, and the others keep theirs.
void lintIsolated(const LintOptions &Opts,
                  llvm::function_ref<const LintOptions &(size_t)> OptsFor,
                  unsigned Jobs, const DeviceCommands *DB,
                  const DeviceCommands &Fixed,
                  LintResults &Results, const FileProgress &Progress) {
  size_t Done = 0;
  WorkerOutcome O = runInWorkers(
      Opts.Files.size(), Jobs,
      [&](size_t I) {
        return encodeFileResult(lintFile(Opts.Files[I], OptsFor(I), DB, Fixed));
      },
      /*MinForkSeconds=*/0, /*ForkOne=*/true, [&](size_t I) {
        if (Progress)
          Progress(++Done, Opts.Files.size(), Opts.Files[I]);
      });
  std::map<size_t, std::string> Crashed(O.Crashes.begin(), O.Crashes.end());
  for (size_t I = 0; I < Opts.Files.size(); ++I) {
    std::optional<FileResult> R;
    if (O.Results[I])
      R = decodeFileResult(*O.Results[I]);
    if (R) {
      Results.Files[I] = std::move(*R);
      continue;
    }
    FileResult &L = Results.Files[I];
    L.File = Opts.Files[I];
    L.InputError = true;
    auto C = Crashed.find(I);
    L.Messages.push_back(
        {ToolMessage::Error,
         "the analysis of '" + Opts.Files[I] + "' " +
             (C != Crashed.end()
                  ? "crashed (" + C->second + ")"
                  : std::string("sent back no readable result")) +
             "; no results for this file, the other files are not affected "
             "(please report it with the file)"});
  }
}
} // namespace

Expected<LintResults> ccl::lintFiles(const LintOptions &Opts,
                                     const FileProgress &Progress) {
  // With -p, the flags after "--" are added to the database's commands (as
  // --extra-arg); without, they are every file's command.
  std::unique_ptr<DeviceCommands> DB;
  std::vector<std::string> After = Opts.ExtraArgsAfter;
  if (!Opts.BuildPath.empty()) {
    std::string Err;
    std::unique_ptr<tooling::CompilationDatabase> Found =
        tooling::CompilationDatabase::autoDetectFromDirectory(Opts.BuildPath,
                                                              Err);
    if (!Found)
      return createStringError(inconvertibleErrorCode(),
                               "cannot load a compilation database from '" +
                                   Opts.BuildPath + "': " + Err);
    std::vector<std::string> DBAfter = Opts.ExtraArgs;
    DBAfter.insert(DBAfter.end(), After.begin(), After.end());
    DB = std::make_unique<DeviceCommands>(
        tooling::expandResponseFiles(std::move(Found),
                                     llvm::vfs::getRealFileSystem()),
        /*FlagsGiven=*/false, Opts.ExtraArgsBefore, std::move(DBAfter));
  }
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  DeviceCommands Fixed(
      tooling::expandResponseFiles(
          std::make_unique<tooling::FixedCompilationDatabase>(
              Cwd, Opts.ExtraArgs),
          llvm::vfs::getRealFileSystem()),
      /*FlagsGiven=*/true, Opts.ExtraArgsBefore, After);

  // Files are analyzed in parallel with -j; results keep the given order.
  LintResults Results;
  Results.Files.resize(Opts.Files.size());
  unsigned Jobs =
      std::max(1u, std::min<unsigned>(Opts.Jobs, Opts.Files.size()));
  // Workers within a file are processes forked from this one: only while
  // it has no other thread (files one at a time).
  LintOptions FileOpts = Opts;
  if (Jobs > 1)
    FileOpts.KernelJobs = 1;
  // The last file linted one at a time keeps its AST to the exit.
  std::optional<LintOptions> LastOpts;
  if (Opts.KeepLastAST && Jobs == 1) {
    LastOpts = FileOpts;
    LastOpts->FreeAST = false;
  }
  auto OptsFor = [&](size_t I) -> const LintOptions & {
    return LastOpts && I + 1 == Opts.Files.size() ? *LastOpts : FileOpts;
  };
  if (Opts.IsolateFiles) {
    lintIsolated(Opts, OptsFor, Jobs, DB.get(), Fixed, Results, Progress);
    return Results;
  }
  std::atomic<size_t> Next{0}, Done{0};
  std::mutex ProgressMutex;
  auto Worker = [&] {
    for (size_t I; (I = Next++) < Opts.Files.size();) {
      Results.Files[I] = lintFile(Opts.Files[I], OptsFor(I), DB.get(), Fixed);
      if (Progress) {
        std::lock_guard<std::mutex> G(ProgressMutex);
        Progress(++Done, Opts.Files.size(), Opts.Files[I]);
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
  return Results;
}
