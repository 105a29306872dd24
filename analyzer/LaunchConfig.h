//===- LaunchConfig.h - Which block shapes a kernel runs with
//--------------===//
//
// In order of precedence: --block-dim for the kernel, --block-dim for all
// kernels, a comment on the kernel (`// cuda-coalesce-lint: block-dim=32,8`
// in the three lines above its declaration or on its first line), the
// <<<grid, block>>> launch sites in the file (constant or dim3 with constant
// arguments), __launch_bounds__ (1-D), the configuration file's BlockDim
// (a project default), and an assumed 256x1x1.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_LAUNCHCONFIG_H
#define CCL_ANALYZER_LAUNCHCONFIG_H

#include "analyzer/Dim3.h"
#include "analyzer/InterpreterOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace ccl {

struct BlockShape {
  Dim3 Dim;
  enum SourceKind {
    CommandLine,
    Comment,
    LaunchSite,
    LaunchBounds,
    Configuration,
    Default
  } Source;
  clang::SourceLocation Loc;    ///< The launch site or attribute, if any.
  bool UsedAssumptions = false; ///< computed from host code with --assume
  /// Configuration: where it was set ("BlockDim in .cuda-coalesce-lint.yaml")
  std::string ConfigFile;
  std::string describe(const clang::SourceManager &SM) const;
};

/// Parses "X[,Y[,Z]]".
std::optional<Dim3> parseDim3(llvm::StringRef S);

/// Every <<<...>>> launch in the translation unit, by kernel (canonical decl).
/// Block arguments that are not constants are evaluated by running the host
/// function that launches with the --assume values in \p Opts.
std::map<const clang::FunctionDecl *, std::vector<BlockShape>>
collectLaunchSites(clang::ASTContext &Ctx, const InterpreterOptions &Opts);

/// The shapes to analyze \p Kernel with. \p ConfigDefault is the
/// configuration file's shape for it, if any; \p ConfigFile says where it was
/// set ("BlockDim in /p/.cuda-coalesce-lint.yaml").
std::vector<BlockShape>
shapesFor(const clang::FunctionDecl *Kernel, llvm::StringRef KernelName,
          const std::map<std::string, Dim3> &CommandLine,
          const std::map<const clang::FunctionDecl *, std::vector<BlockShape>>
              &Launches,
          clang::ASTContext &Ctx,
          std::optional<Dim3> ConfigDefault = std::nullopt,
          llvm::StringRef ConfigFile = "");

} // namespace ccl
#endif
