//===- CompileCommands.h - Compile commands for the device-side parse -----===//
//
// A compile command from a compilation database (clang or nvcc) or after
// "--" becomes a clang command line that parses the CUDA device side, with
// the CUDA 13 and clang 22 quirks handled (docs/design.md, "Compile
// commands").
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_COMPILECOMMANDS_H
#define CCL_LINT_COMPILECOMMANDS_H

#include "lint/Options.h"
#include "clang/Tooling/ArgumentsAdjusters.h"

namespace ccl {

/// nvcc's command line as clang flags: keeps what changes the meaning of the
/// source (-D, -U, -I, -isystem, -include, -std, also inside -Xcompiler),
/// sets \p Arch to the first sm_XX it names, and drops the rest (-gencode,
/// --expt-*, -Xptxas...).
clang::tooling::CommandLineArguments
fromNvcc(const clang::tooling::CommandLineArguments &In, std::string &Arch);

/// Makes a compile command parse the CUDA device side (.cu/.cuh or -x cuda;
/// plain C++ is left as given). \p Opts must outlive the adjuster.
clang::tooling::ArgumentsAdjuster cudaAdjuster(const LintOptions &Opts);

} // namespace ccl
#endif
