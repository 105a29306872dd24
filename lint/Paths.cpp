//===- Paths.cpp - Where the tool's files and the user's repository are ---===//
#include "lint/Paths.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

std::string ccl::shimDir() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, (void *)&shimDir);
  SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Dir, "share", "cuda-coalesce-lint", "include");
  return std::string(Dir);
}

std::string ccl::runtimeDir() {
  SmallString<256> Dir(sys::path::parent_path(shimDir()));
  sys::path::append(Dir, "runtime");
  return std::string(Dir);
}

namespace {
std::string &givenResourceDir() {
  static std::string Dir;
  return Dir;
}
} // namespace

void ccl::setResourceDir(std::string Dir) { givenResourceDir() = std::move(Dir); }

std::string ccl::resourceDir() {
  if (!givenResourceDir().empty())
    return givenResourceDir();
  return CCL_CLANG_RESOURCE_DIR;
}

std::string ccl::clangBinary() {
  std::string Clang = std::string(CCL_CLANG_BIN_DIR) + "/clang++";
  return sys::fs::exists(Clang) ? Clang : "clang++";
}

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

std::string ccl::relativeToRoot(StringRef Path) {
  static const std::string Root = repoRoot();
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  StringRef A(Abs);
  if (A.consume_front(Root) && (A.empty() || A.front() == '/'))
    return A.ltrim('/').str();
  return std::string(Abs);
}

std::string ccl::findCudaInstallation() {
  auto IsDir = [](const std::string &P) {
    return !P.empty() && sys::fs::is_directory(P);
  };
  for (const char *Env : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> V = sys::Process::GetEnv(Env))
      if (IsDir(*V + "/include"))
        return *V;
  if (IsDir("/usr/local/cuda/include"))
    return "/usr/local/cuda";
  return "";
}
