//===- Config.h - .cuda-coalesce-lint.yaml
//---------------------------------===//
//
// Found upward from each analyzed file, like .clang-tidy; the command line
// wins over it. Keys:
//
//   Checks: "cuda-*,-cuda-shared-bank-conflict"   # globs, '-' disables
//   CheckOptions:
//     cuda-uncoalesced-global.MinEfficiency: 50
//   BlockDim: "32,8"                 # default shape (launch sites etc. win)
//   KernelBlockDims: {reshape_and_cache_kernel: "128"}  # per kernel, ditto
//   Assume: {n: 4096, scalar_t: float}
//   HeaderFilter: "include/mylib/.*" # findings in other headers are hidden
//   Compiler: nvcc                   # clang (default), nvcc or none
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_CONFIG_H
#define CCL_LINT_CONFIG_H

#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>

namespace ccl {

struct LintConfig {
  std::string Checks = "cuda-*";
  std::map<std::string, std::string> CheckOptions;
  std::string BlockDim;
  std::map<std::string, std::string> KernelBlockDims;
  std::map<std::string, std::string> Assume;
  std::string HeaderFilter = ".*";
  std::string Compiler; ///< "" = the default (clang)
  std::string Source; ///< the file it came from ("" = defaults)
};

/// The nearest .cuda-coalesce-lint.yaml above \p File (its directory
/// first), parsed; defaults when there is none; an error naming the file,
/// line and key when it is invalid.
llvm::Expected<LintConfig> configFor(const std::string &File);
/// The configuration in \p Path (--config=FILE).
llvm::Expected<LintConfig> readConfig(const std::string &Path);

/// YAML text of \p C (for --dump-config), with every check option: the
/// configured value or the registry's default.
std::string dumpConfig(const LintConfig &C);

} // namespace ccl
#endif
