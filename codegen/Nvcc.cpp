//===- Nvcc.cpp - The PTX nvcc makes of a file (--compiler=nvcc) ----------===//
#include "codegen/Nvcc.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <optional>

using namespace llvm;

Expected<std::string> ccl::findNvcc(StringRef CudaPath) {
  if (!CudaPath.empty()) {
    SmallString<256> P(CudaPath);
    sys::path::append(P, "bin", "nvcc");
    if (sys::fs::can_execute(P))
      return std::string(P);
  }
  if (ErrorOr<std::string> P = sys::findProgramByName("nvcc"))
    return *P;
  return createStringError(
      inconvertibleErrorCode(),
      "no nvcc in " +
          (CudaPath.empty() ? std::string("the CUDA installation (none found)")
                            : CudaPath.str() + "/bin") +
          " or on PATH");
}

namespace {
/// A temporary file removed when it goes out of scope.
struct TempFile {
  SmallString<128> Path;
  explicit TempFile(StringRef Suffix) {
    if (sys::fs::createTemporaryFile("ccl-nvcc", Suffix, Path))
      Path.clear();
  }
  ~TempFile() {
    if (!Path.empty())
      sys::fs::remove(Path);
  }
};
} // namespace

Expected<std::string> ccl::nvccPtx(StringRef Nvcc, StringRef File,
                                   StringRef Arch, ArrayRef<std::string> Flags,
                                   unsigned TimeoutSeconds) {
  TempFile Out("ptx"), Err("txt");
  if (Out.Path.empty() || Err.Path.empty())
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a temporary file for nvcc");
  std::vector<std::string> Args{Nvcc.str(), "-arch=" + Arch.str(), "-ptx",
                                "-lineinfo", "-O3", "-w"};
  Args.insert(Args.end(), Flags.begin(), Flags.end());
  Args.insert(Args.end(), {File.str(), "-o", std::string(Out.Path)});
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Err.Path),
                                          StringRef(Err.Path)};
  std::string Msg;
  int RC = sys::ExecuteAndWait(Nvcc, Argv, std::nullopt, Redirects,
                               TimeoutSeconds, 0, &Msg);
  if (RC != 0) {
    std::string First = Msg;
    if (auto B = MemoryBuffer::getFile(Err.Path)) {
      SmallVector<StringRef, 8> Lines;
      (*B)->getBuffer().split(Lines, '\n', -1, false);
      for (StringRef L : Lines)
        if (L.contains("error")) {
          First = L.trim().str();
          break;
        }
      if (First.empty() && !Lines.empty())
        First = Lines.front().trim().str();
    }
    if (RC == -2)
      First = "nvcc took more than " + std::to_string(TimeoutSeconds) + " s";
    return createStringError(inconvertibleErrorCode(),
                             "nvcc failed: " +
                                 (First.empty() ? "exit status " +
                                                      std::to_string(RC)
                                                : First));
  }
  auto B = MemoryBuffer::getFile(Out.Path);
  if (!B)
    return createStringError(inconvertibleErrorCode(),
                             "nvcc wrote no PTX");
  return (*B)->getBuffer().str();
}
