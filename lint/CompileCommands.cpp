//===- CompileCommands.cpp - Compile commands for the device-side parse ---===//
#include "lint/CompileCommands.h"
#include "lint/NvccOptions.h"
#include "lint/Paths.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace clang;
using namespace ccl;

namespace {
/// A flag that names the GPU architecture to parse for.
bool isArchFlag(StringRef F) {
  return F.starts_with("--cuda-gpu-arch=") || F.starts_with("--offload-arch=");
}

bool hasArg(const tooling::CommandLineArguments &Args, StringRef Prefix) {
  for (const std::string &A : Args)
    if (StringRef(A).starts_with(Prefix))
      return true;
  return false;
}

/// Where the CUDA headers come from: the installation (with CUDA 13's CCCL
/// directory, and the SDK version when libdevice is missing) or the built-in
/// declarations.
void addCudaIncludes(const LintOptions &Opts,
                     const tooling::CommandLineArguments &Args,
                     tooling::CommandLineArguments &Front) {
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
    Front.push_back("-include");
    Front.push_back(shimDir() + "/ccl_cuda_compat.h");
    return;
  }
  Front.push_back("-nocudainc");
  Front.push_back("-nocudalib");
  Front.push_back("-isystem");
  Front.push_back(shimDir());
  Front.push_back("-include");
  Front.push_back(shimDir() + "/cuda_shim.h");
  Front.push_back("-include");
  Front.push_back(shimDir() + "/ccl_cuda_compat.h");
}
} // namespace

namespace {
/// The folder of the host compiler's own headers (omp.h), as nvcc's default
/// host compiler g++ reports it; "" when there is none. Asked once.
const std::string &hostCompilerIncludes() {
  static const std::string Dir = [] {
    ErrorOr<std::string> Gxx = sys::findProgramByName("g++");
    if (!Gxx)
      return std::string();
    SmallString<128> Out;
    if (sys::fs::createTemporaryFile("ccl-gxx", "txt", Out))
      return std::string();
    std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                            StringRef("")};
    int RC = sys::ExecuteAndWait(*Gxx, {*Gxx, "-print-file-name=include"},
                                 std::nullopt, Redirects, 10);
    auto Buf = MemoryBuffer::getFile(Out);
    sys::fs::remove(Out);
    if (RC != 0 || !Buf)
      return std::string();
    std::string D = (*Buf)->getBuffer().trim().str();
    return sys::fs::exists(D + "/omp.h") ? D : std::string();
  }();
  return Dir;
}

bool isNvcc(StringRef Program) {
  return sys::path::filename(Program).starts_with("nvcc");
}

/// \p Extra (--extra-arg, flags after "--" with -p) as clang flags.
std::vector<std::string> clangFlags(ArrayRef<std::string> Extra,
                                    StringRef Directory,
                                    std::vector<std::string> &Notes) {
  if (Extra.empty())
    return {};
  TranslatedFlags T = translateNvccFlags(Extra, FlagDialect::Mixed, Directory);
  for (std::string &N : T.Notes)
    Notes.push_back(std::move(N));
  if (!T.Arch.empty())
    T.Args.push_back("--cuda-gpu-arch=" + T.Arch);
  return std::move(T.Args);
}
} // namespace

DeviceCommands::DeviceCommands(
    std::unique_ptr<tooling::CompilationDatabase> Inner, bool FlagsGiven,
    std::vector<std::string> Before, std::vector<std::string> After)
    : Inner(std::move(Inner)), FlagsGiven(FlagsGiven),
      Before(std::move(Before)), After(std::move(After)) {}

tooling::CompileCommand
DeviceCommands::translate(tooling::CompileCommand C,
                          std::vector<std::string> &Notes) const {
  tooling::CommandLineArguments &Cmd = C.CommandLine;
  if (Cmd.empty())
    return C;
  if (isNvcc(Cmd[0]) || FlagsGiven) {
    std::vector<std::string> Rest(Cmd.begin() + 1, Cmd.end());
    TranslatedFlags T = translateNvccFlags(
        Rest, isNvcc(Cmd[0]) ? FlagDialect::Nvcc : FlagDialect::Mixed,
        C.Directory);
    Notes.insert(Notes.end(), T.Notes.begin(), T.Notes.end());
    tooling::CommandLineArguments Out{isNvcc(Cmd[0]) ? "clang++" : Cmd[0]};
    Out.insert(Out.end(), T.Args.begin(), T.Args.end());
    // nvcc preprocesses with its host compiler, whose own headers (<omp.h>)
    // are always searched; after every other folder, so that clang's own
    // headers win.
    if (isNvcc(Cmd[0]) && !hostCompilerIncludes().empty()) {
      Out.push_back("-idirafter");
      Out.push_back(hostCompilerIncludes());
    }
    if (!T.Arch.empty())
      Out.push_back("--cuda-gpu-arch=" + T.Arch);
    Cmd = std::move(Out);
  }
  std::vector<std::string> B = clangFlags(Before, C.Directory, Notes);
  std::vector<std::string> A = clangFlags(After, C.Directory, Notes);
  Cmd.insert(Cmd.begin() + 1, B.begin(), B.end());
  // Before a "--" that separates the inputs, as clang-tidy inserts.
  Cmd.insert(llvm::find(Cmd, "--"), A.begin(), A.end());
  // One GPU architecture: the last one the extra flags name, else the
  // command's first (a build for several parses the source once).
  auto IsArch = [](StringRef F) { return isArchFlag(F); };
  bool ExtraArch = llvm::any_of(B, IsArch) || llvm::any_of(A, IsArch);
  std::optional<std::string> Keep;
  for (const std::string &F : Cmd)
    if (isArchFlag(F) && (ExtraArch || !Keep))
      Keep = F;
  if (Keep) {
    llvm::erase_if(Cmd, IsArch);
    Cmd.insert(Cmd.begin() + 1, *Keep);
  }
  return C;
}

std::vector<tooling::CompileCommand>
DeviceCommands::getCompileCommands(StringRef File) const {
  std::vector<tooling::CompileCommand> R = Inner->getCompileCommands(File);
  std::vector<std::string> Notes;
  for (tooling::CompileCommand &C : R)
    C = translate(std::move(C), Notes);
  std::lock_guard<std::mutex> G(NotesMutex);
  NotesOf[File.str()] = std::move(Notes);
  return R;
}

std::vector<std::string> DeviceCommands::getAllFiles() const {
  return Inner->getAllFiles();
}

std::vector<tooling::CompileCommand>
DeviceCommands::getAllCompileCommands() const {
  std::vector<tooling::CompileCommand> R = Inner->getAllCompileCommands();
  std::vector<std::string> Notes;
  for (tooling::CompileCommand &C : R)
    C = translate(std::move(C), Notes);
  return R;
}

std::vector<std::string> DeviceCommands::notesFor(StringRef File) const {
  std::vector<std::string> Notes;
  bool Known = false;
  {
    std::lock_guard<std::mutex> G(NotesMutex);
    auto It = NotesOf.find(File.str());
    Known = It != NotesOf.end();
    if (Known)
      Notes = It->second;
  }
  if (!Known) // not asked for yet (the parse asks first)
    for (tooling::CompileCommand &C : Inner->getCompileCommands(File))
      translate(std::move(C), Notes);
  std::vector<std::string> Unique;
  for (std::string &N : Notes)
    if (!llvm::is_contained(Unique, N))
      Unique.push_back(std::move(N));
  return Unique;
}

/// Makes a compile command parse the CUDA device side, with the CUDA 13 and
/// clang 22 quirks handled (docs/design.md, "Compile commands").
tooling::ArgumentsAdjuster ccl::cudaAdjuster(const LintOptions &Opts) {
  return [&Opts](const tooling::CommandLineArguments &In, StringRef File) {
    tooling::CommandLineArguments Args;
    // A real path lets the driver find the GCC installation next to clang.
    Args.push_back(clangBinary());
    bool UserLang = false, UserCuda = false;
    for (size_t I = 1; I < In.size(); ++I) {
      StringRef A = In[I];
      if (A == "-x" && I + 1 < In.size()) {
        UserLang = true;
        UserCuda = In[I + 1] == "cuda";
      }
      // --cuda-gpu-arch on the linter's command line wins over the
      // compile command's.
      if (Opts.GpuArchGiven && isArchFlag(A))
        continue;
      Args.push_back(In[I]);
    }
    bool IsCuda =
        UserCuda ||
        (!UserLang && (File.ends_with(".cu") || File.ends_with(".cuh")));
    if (!IsCuda) // plain C++: parse as given, no CUDA flags
      return Args;
    tooling::CommandLineArguments Front;
    if (IsCuda && !UserLang) {
      Front.push_back("-x");
      Front.push_back("cuda");
    }
    if (!hasArg(Args, "--cuda-host-only") &&
        !hasArg(Args, "--cuda-device-only"))
      Front.push_back("--cuda-device-only");
    if (!hasArg(Args, "--cuda-gpu-arch") && !hasArg(Args, "--offload-arch"))
      Front.push_back("--cuda-gpu-arch=" + Opts.GpuArch);
    if (!hasArg(Args, "-resource-dir"))
      Front.push_back("-resource-dir=" + resourceDir());
    Front.push_back("-Wno-unknown-cuda-version");
    Front.push_back("-ferror-limit=0"); // keep parsing: later kernels count
    if (!hasArg(Args, "-nocudainc"))
      addCudaIncludes(Opts, Args, Front);
    Args.insert(Args.begin() + 1, Front.begin(), Front.end());
    return Args;
  };
}

Error ccl::cudaFilesOfDatabase(StringRef BuildPath, StringRef FileFilter,
                               std::vector<std::string> &Files) {
  auto Fail = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(), Msg);
  };
  std::string Err;
  auto DB = tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath,
                                                                  Err);
  if (!DB)
    return Fail("cannot load a compilation database from '" + BuildPath +
                "': " + Err);
  Regex Filter(FileFilter.empty() ? std::string(".*") : FileFilter.str());
  std::string RegexErr;
  if (!Filter.isValid(RegexErr))
    return Fail("invalid --file-filter '" + FileFilter + "': " + RegexErr);
  for (const std::string &F : DB->getAllFiles())
    if ((StringRef(F).ends_with(".cu") || StringRef(F).ends_with(".cuh")) &&
        Filter.match(F))
      Files.push_back(F);
  llvm::sort(Files);
  if (Files.empty())
    return Fail("the compilation database in '" + BuildPath +
                "' has no CUDA entries" +
                (FileFilter.empty() ? std::string()
                                    : std::string(" matching --file-filter")));
  return Error::success();
}
