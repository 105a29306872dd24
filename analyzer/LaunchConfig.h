//===- LaunchConfig.h - Which block shapes a kernel runs with
//--------------===//
//
// In order of precedence: --block-dim for the kernel, --block-dim for all
// kernels, a comment on the kernel (`// cuda-coalesce-lint: block-dim=32,8`
// in the three lines above its declaration or on its first line), the
// <<<grid, block>>> launch sites in the file, __launch_bounds__ (1-D), the
// configuration file's BlockDim (a project default), and an assumed 256x1x1
// (whose records are then not exact).
//
// A launch's block is followed through host code: a constant, dim3(x, y, z),
// a local dim3 with the field stores that follow it in straight-line code
// (`dim3 b; b.x = 8; b.y = 32;`), a parameter of the launching function (the
// arguments its callers pass, one level), a launch through a function
// pointer (for each kernel the launching function names), and otherwise by
// running the launching function with --assume. A local dim3 changed in any
// other way (a store under a condition, passed by reference) leaves the
// launch's shape unknown rather than taken from its initializer.
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
    Default,
    /// A launch whose shape is not known (only in collectLaunchSites'
    /// result: shapesFor turns it into Default naming that launch).
    UnresolvedLaunch
  } Source;
  clang::SourceLocation Loc;    ///< The launch site or attribute, if any.
  bool UsedAssumptions = false; ///< computed from host code with --assume
  /// Configuration: where it was set ("BlockDim in .cuda-coalesce-lint.yaml")
  std::string ConfigFile;

  BlockShape() : Source(Default) {}
  BlockShape(Dim3 D, SourceKind S, clang::SourceLocation L)
      : Dim(D), Source(S), Loc(L) {}
  std::string describe(const clang::SourceManager &SM) const;
};

/// Parses "X[,Y[,Z]]".
std::optional<Dim3> parseDim3(llvm::StringRef S);

/// Every <<<...>>> launch in the translation unit, by kernel (canonical decl).
/// Block arguments that are not constants are evaluated by running the host
/// function that launches with the --assume values in \p Opts.
std::map<const clang::FunctionDecl *, std::vector<BlockShape>>
collectLaunchSites(clang::ASTContext &Ctx, const InterpreterOptions &Opts);

/// A small integer a launch passes for a kernel parameter: a constant, or a
/// local of the launching function that is set to a constant there
/// (Rodinia srad's `mul = 1;` before the loop that launches `reduce(...,
/// mul, ...)` and then multiplies it). An unknown lane stride is taken to
/// be large (32 elements or more) when a finding is called certain; such a
/// launch says it is not always.
struct SmallLaunchArg {
  unsigned Param;                    ///< index of the kernel parameter
  int64_t Value;                     ///< the constant, |Value| < 32
  clang::SourceLocation Launch, Set; ///< the launch; where it is set
};

/// Every small launch argument of the translation unit, by kernel
/// (canonical declaration).
std::map<const clang::FunctionDecl *, std::vector<SmallLaunchArg>>
collectSmallLaunchArgs(clang::ASTContext &Ctx);

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

/// Whether \p Kernel (or a function it calls, transitively) reads the block
/// shape: blockDim, threadIdx.y / .z, or a cooperative groups call (ranks
/// and sizes come from the shape). A kernel that does not gets the same
/// per-warp addresses under any block of at least 32 threads along x.
bool readsBlockShape(const clang::FunctionDecl *Kernel);

} // namespace ccl
#endif
