//===- CompileCommandsTest.cpp - compile commands for the device parse ----===//
#include "lint/CompileCommands.h"
#include "llvm/ADT/STLExtras.h"
#include "gtest/gtest.h"

using namespace ccl;
using Args = clang::tooling::CommandLineArguments;

namespace {
bool has(const Args &A, llvm::StringRef S) { return llvm::is_contained(A, S); }

/// The value following flag \p F, or "".
std::string after(const Args &A, llvm::StringRef F) {
  for (size_t I = 0; I + 1 < A.size(); ++I)
    if (A[I] == F)
      return A[I + 1];
  return "";
}

TEST(CompileCommands, NvccKeepsMeaningDropsCodegen) {
  std::string Arch;
  Args Out = fromNvcc({"/usr/local/cuda/bin/nvcc", "-gencode",
                       "arch=compute_90,code=sm_90", "-DFOO=1", "-I", "inc",
                       "-Xcompiler", "-fPIC,-DBAR,-isystem,/sys", "--std=c++17",
                       "-Xptxas", "-v", "--expt-relaxed-constexpr", "-o", "k.o",
                       "-c", "k.cu"},
                      Arch);
  EXPECT_EQ(Arch, "sm_90");
  EXPECT_TRUE(has(Out, "-DFOO=1"));
  EXPECT_EQ(after(Out, "-I"), "inc");
  EXPECT_TRUE(has(Out, "-DBAR")); // from -Xcompiler
  EXPECT_EQ(after(Out, "-isystem"), "/sys");
  EXPECT_TRUE(has(Out, "-std=c++17"));
  EXPECT_TRUE(has(Out, "k.cu"));
  EXPECT_FALSE(has(Out, "-gencode"));
  EXPECT_FALSE(has(Out, "-v")); // the value of -Xptxas
  EXPECT_FALSE(has(Out, "-fPIC"));
  EXPECT_FALSE(has(Out, "--expt-relaxed-constexpr"));
  EXPECT_FALSE(has(Out, "k.o"));
}

TEST(CompileCommands, NvccArchFromDefineIsIgnored) {
  std::string Arch;
  fromNvcc({"nvcc", "-DTARGET=sm_70", "-arch=sm_80", "k.cu"}, Arch);
  EXPECT_EQ(Arch, "sm_80");
}

TEST(CompileCommands, CudaFileParsesTheDeviceSide) {
  LintOptions Opts; // no CUDA installation: the built-in declarations
  Args Out = cudaAdjuster(Opts)({"clang++", "-DX", "k.cu"}, "k.cu");
  EXPECT_EQ(after(Out, "-x"), "cuda");
  EXPECT_TRUE(has(Out, "--cuda-device-only"));
  EXPECT_TRUE(has(Out, "--cuda-gpu-arch=sm_89"));
  EXPECT_TRUE(has(Out, "-nocudainc"));
  EXPECT_TRUE(llvm::StringRef(after(Out, "-include")).ends_with("cuda_shim.h"));
  EXPECT_TRUE(has(Out, "-DX"));
  EXPECT_TRUE(has(Out, "-ferror-limit=0"));
}

TEST(CompileCommands, UserChoicesWin) {
  LintOptions Opts;
  Args Out = cudaAdjuster(Opts)(
      {"clang++", "--cuda-host-only", "--cuda-gpu-arch=sm_70", "k.cu"}, "k.cu");
  EXPECT_FALSE(has(Out, "--cuda-device-only"));
  EXPECT_FALSE(has(Out, "--cuda-gpu-arch=sm_89"));
  Opts.GpuArch = "sm_90";
  Opts.GpuArchGiven = true;
  Args Nvcc = cudaAdjuster(Opts)({"nvcc", "-arch=sm_80", "k.cu"}, "k.cu");
  EXPECT_TRUE(has(Nvcc, "--cuda-gpu-arch=sm_90")); // the command line wins
}

TEST(CompileCommands, PlainCxxIsLeftAlone) {
  LintOptions Opts;
  Args Out = cudaAdjuster(Opts)({"clang++", "-O2", "host.cpp"}, "host.cpp");
  EXPECT_FALSE(has(Out, "--cuda-device-only"));
  EXPECT_FALSE(has(Out, "-x"));
  EXPECT_TRUE(has(Out, "-O2"));
}
} // namespace
