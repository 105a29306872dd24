//===- CompileCommandsTest.cpp - compile commands for the device parse ----===//
#include "lint/CompileCommands.h"
#include "lint/NvccOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <set>
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

Args nvcc(std::vector<std::string> A, std::string *Arch = nullptr,
          std::vector<std::string> *Notes = nullptr,
          FlagDialect D = FlagDialect::Nvcc, llvm::StringRef Dir = "") {
  TranslatedFlags T = translateNvccFlags(A, D, Dir);
  if (Arch)
    *Arch = T.Arch;
  if (Notes)
    *Notes = T.Notes;
  return T.Args;
}

TEST(CompileCommands, NvccKeepsMeaningDropsCodegen) {
  std::string Arch;
  Args Out = nvcc({"-gencode", "arch=compute_90,code=sm_90", "-DFOO=1", "-I",
                   "inc", "-Xcompiler", "-fPIC,-DBAR,-isystem,/sys",
                   "--std=c++17", "-Xptxas", "-v", "--expt-relaxed-constexpr",
                   "-o", "k.o", "-c", "k.cu"},
                  &Arch);
  EXPECT_EQ(Arch, "sm_90");
  EXPECT_TRUE(has(Out, "-DFOO=1"));
  EXPECT_TRUE(has(Out, "-Iinc"));
  EXPECT_TRUE(has(Out, "-DBAR")); // from -Xcompiler
  EXPECT_EQ(after(Out, "-isystem"), "/sys");
  EXPECT_TRUE(has(Out, "-std=c++17"));
  EXPECT_TRUE(has(Out, "-D__CUDACC_RELAXED_CONSTEXPR__=1"));
  EXPECT_TRUE(has(Out, "k.cu"));
  EXPECT_FALSE(has(Out, "-gencode"));
  EXPECT_FALSE(has(Out, "-v")); // the value of -Xptxas
  EXPECT_FALSE(has(Out, "-fPIC"));
  EXPECT_FALSE(has(Out, "k.o"));
}

TEST(CompileCommands, NvccArchFromDefineIsIgnored) {
  std::string Arch;
  nvcc({"-DTARGET=sm_70", "-arch=sm_80", "k.cu"}, &Arch);
  EXPECT_EQ(Arch, "sm_80");
  nvcc({"-arch", "compute_75", "k.cu"}, &Arch);
  EXPECT_EQ(Arch, "sm_75");
}

TEST(CompileCommands, NvccSpellings) {
  // Long and short names, '=' or the next argument, lists, glued values.
  Args Out = nvcc({"--define-macro", "A=1,B", "-UC", "--include-path=x,y",
                   "-isystem=/s", "--pre-include", "p.h", "-O3", "--std",
                   "c++20", "-x", "cu", "-rdc=true", "--default-stream",
                   "per-thread", "-G", "--extended-lambda", "--threads=0",
                   "-ccbin", "g++", "--use_fast_math", "-lineinfo", "k.cu"});
  for (const char *F :
       {"-DA=1", "-DB", "-UC", "-Ix", "-Iy", "-std=c++20", "-fgpu-rdc",
        "-D__CUDACC_RDC__", "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1",
        "-D__CUDACC_DEBUG__=1", "-D__CUDACC_EXTENDED_LAMBDA__=1", "k.cu"})
    EXPECT_TRUE(has(Out, F)) << F;
  EXPECT_EQ(after(Out, "-isystem"), "/s");
  EXPECT_EQ(after(Out, "-include"), "p.h");
  EXPECT_EQ(after(Out, "-x"), "cuda");
  for (const char *F : {"g++", "0", "-O3", "-lineinfo", "--use_fast_math"})
    EXPECT_FALSE(has(Out, F)) << F;
  EXPECT_FALSE(has(nvcc({"-rdc=false", "k.cu"}), "-fgpu-rdc"));
  EXPECT_FALSE(has(nvcc({"--default-stream=legacy", "k.cu"}),
                   "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
}

TEST(CompileCommands, UnknownNvccOptionsAreNotedAndDropped) {
  std::vector<std::string> Notes;
  Args Out = nvcc({"--no-such-option", "-DX", "k.cu"}, nullptr, &Notes);
  EXPECT_FALSE(has(Out, "--no-such-option"));
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("'--no-such-option' is not an nvcc option"),
            std::string::npos);
  // ... unless nvcc forwards them to the host compiler.
  Out = nvcc({"-forward-unknown-to-host-compiler", "-DY", "-Wall", "k.cu"},
             nullptr, &Notes);
  EXPECT_TRUE(Notes.empty());
  EXPECT_TRUE(has(Out, "-DY"));
  EXPECT_FALSE(has(Out, "-Wall"));
  // --restrict changes the code; the analysis says it does not model it.
  nvcc({"--restrict", "k.cu"}, nullptr, &Notes);
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("not modelled"), std::string::npos);
}

TEST(CompileCommands, OptionsFilesAreRead) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ccl-optf", Dir));
  {
    std::error_code EC;
    llvm::raw_fd_ostream F((Dir + "/includes_CUDA.rsp").str(), EC);
    ASSERT_FALSE(EC);
    F << "-I\"/with space/inc\" -isystem=/sys --define-macro=FROM_FILE\n";
  }
  std::vector<std::string> Notes;
  Args Out = nvcc({"--options-file", "includes_CUDA.rsp", "-optf", "gone.rsp",
                   "k.cu"},
                  nullptr, &Notes, FlagDialect::Nvcc, Dir);
  EXPECT_TRUE(has(Out, "-I/with space/inc"));
  EXPECT_EQ(after(Out, "-isystem"), "/sys");
  EXPECT_TRUE(has(Out, "-DFROM_FILE"));
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("cannot read the options file"), std::string::npos);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(CompileCommands, MixedFlagsKeepClangSpellings) {
  // After "--": clang's flags as written, nvcc's translated.
  std::string Arch;
  Args Out = nvcc({"-DA=1,2", "-I", "inc", "-rdc=true", "-arch=sm_80",
                   "--expt-relaxed-constexpr", "-Wall", "-x", "cuda",
                   "--cuda-path=/c", "-march=native"},
                  &Arch, nullptr, FlagDialect::Mixed);
  EXPECT_TRUE(has(Out, "-DA=1,2")); // not split at the comma
  EXPECT_EQ(after(Out, "-I"), "inc");
  EXPECT_TRUE(has(Out, "-fgpu-rdc"));
  EXPECT_EQ(Arch, "sm_80");
  EXPECT_TRUE(has(Out, "-D__CUDACC_RELAXED_CONSTEXPR__=1"));
  EXPECT_TRUE(has(Out, "-Wall"));
  EXPECT_EQ(after(Out, "-x"), "cuda");
  EXPECT_TRUE(has(Out, "--cuda-path=/c"));
  EXPECT_TRUE(has(Out, "-march=native"));
}

TEST(CompileCommands, TableHasEveryOptionOnce) {
  std::set<std::string> Long, Short;
  for (const NvccOption &O : nvccOptions()) {
    EXPECT_TRUE(Long.insert(O.Long).second) << O.Long;
    if (O.Short)
      EXPECT_TRUE(Short.insert(O.Short).second) << O.Short;
    if (O.Effect == NvccEffect::Clang || O.Effect == NvccEffect::Flags)
      EXPECT_NE(O.Clang, nullptr) << O.Long;
  }
  EXPECT_EQ(Long.size(), 143u); // `nvcc --help` of CUDA 13.0
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
  Args Db = cudaAdjuster(Opts)({"clang++", "--cuda-gpu-arch=sm_80", "k.cu"},
                               "k.cu");
  EXPECT_TRUE(has(Db, "--cuda-gpu-arch=sm_90")); // the command line wins
  EXPECT_FALSE(has(Db, "--cuda-gpu-arch=sm_80"));
}

TEST(CompileCommands, PlainCxxIsLeftAlone) {
  LintOptions Opts;
  Args Out = cudaAdjuster(Opts)({"clang++", "-O2", "host.cpp"}, "host.cpp");
  EXPECT_FALSE(has(Out, "--cuda-device-only"));
  EXPECT_FALSE(has(Out, "-x"));
  EXPECT_TRUE(has(Out, "-O2"));
}
} // namespace
