//===- Paths.h - Where the tool's files and the user's repository are -----===//
#ifndef CCL_LINT_PATHS_H
#define CCL_LINT_PATHS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace ccl {

/// bin/../share/cuda-coalesce-lint/include: the built-in CUDA declarations.
std::string shimDir();
/// bin/../share/cuda-coalesce-lint/runtime: the CPU runtime of --verify=cpu.
std::string runtimeDir();
/// The clang resource directory (--resource-dir, else the one of the clang
/// the linter was built with).
std::string resourceDir();
/// --resource-dir: a clang resource directory in another place.
void setResourceDir(std::string Dir);
/// The CUDA installation: $CUDA_PATH, $CUDA_HOME, /usr/local/cuda (the
/// first with an include folder), or "".
std::string findCudaInstallation();
/// clang++ of the LLVM installation the tool was built with (a real path
/// lets the driver find the GCC installation next to it).
std::string clangBinary();

/// The repository root: the nearest directory above the current one that
/// has .git, else the current directory. SARIF and baselines use paths
/// relative to it.
std::string repoRoot();
/// \p Path relative to the repository root when it is inside it, else
/// absolute.
std::string relativeToRoot(llvm::StringRef Path);

} // namespace ccl
#endif
