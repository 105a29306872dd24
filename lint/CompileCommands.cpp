//===- CompileCommands.cpp - Compile commands for the device-side parse ---===//
#include "lint/CompileCommands.h"
#include "lint/Paths.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace clang;
using namespace ccl;

namespace {
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

/// nvcc's command line (from a Bear or CMake compilation database) as clang
/// flags: keeps what changes the meaning of the source (-D, -U, -I, -isystem,
/// -include, -std, also inside -Xcompiler), takes the first sm_XX it names as
/// the GPU architecture, and drops the rest (-gencode, --expt-*, -Xptxas...).
tooling::CommandLineArguments
ccl::fromNvcc(const tooling::CommandLineArguments &In, std::string &Arch) {
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
  static const char *TakesValue[] = {"-gencode",
                                     "--generate-code",
                                     "-arch",
                                     "--gpu-architecture",
                                     "-code",
                                     "--gpu-code",
                                     "-ccbin",
                                     "--compiler-bindir",
                                     "-Xptxas",
                                     "-Xcudafe",
                                     "-Xfatbin",
                                     "-Xnvlink",
                                     "--threads",
                                     "-t",
                                     "--default-stream",
                                     "-x",
                                     "-o",
                                     "--options-file",
                                     "-maxrregcount"};
  for (size_t I = 1; I < In.size(); ++I) {
    StringRef A = In[I];
    StringRef Next = I + 1 < In.size() ? StringRef(In[I + 1]) : StringRef();
    // The first sm_XX named, also in a flag's value (-gencode
    // arch=compute_90,code=sm_90), but not in a macro definition.
    bool ArchFlag =
        llvm::is_contained({"-gencode", "--generate-code", "-arch",
                            "--gpu-architecture", "-code", "--gpu-code"},
                           A);
    for (StringRef Where : {A, ArchFlag ? Next : StringRef()}) {
      size_t Pos = Where.find("sm_");
      if (!Arch.empty() || Pos == StringRef::npos || Where.starts_with("-D"))
        continue;
      StringRef SM = Where.substr(Pos).take_while(
          [](char C) { return C == '_' || isalnum(C); });
      if (SM.size() > 3)
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
tooling::ArgumentsAdjuster ccl::cudaAdjuster(const LintOptions &Opts) {
  return [&Opts](const tooling::CommandLineArguments &In, StringRef File) {
    tooling::CommandLineArguments Args;
    // A real path lets the driver find the GCC installation next to clang.
    Args.push_back(clangBinary());
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
      Front.push_back(
          "--cuda-gpu-arch=" +
          (Opts.GpuArchGiven || NvccArch.empty() ? Opts.GpuArch : NvccArch));
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
