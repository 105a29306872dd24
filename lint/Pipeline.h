//===- Pipeline.h - Lint files: parse, analyze, check, collect ------------===//
//
// The entry point the command line and the language server share: each file
// with its configuration (Config.h) and compile command (CompileCommands.h)
// is parsed for the device side, analyzed and checked (TranslationUnit.h),
// and turned into a FileResult (FileReport.h). Files are independent and
// analyzed in parallel with -j; results keep the order of the files given.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_PIPELINE_H
#define CCL_LINT_PIPELINE_H

#include "lint/Config.h"
#include "lint/Options.h"
#include "lint/Results.h"
#include "lint/TranslationUnit.h"
#include "llvm/Support/Error.h"
#include <functional>

namespace ccl {

/// \p CommandLine with the configuration \p Cfg added where the command line
/// says nothing (check options, BlockDim, Assume, Checks, HeaderFilter).
llvm::Error applyConfig(const LintConfig &Cfg, const LintOptions &CommandLine,
                        LintOptions &Out);

/// The options for one file: its configuration file, overridden by
/// \p CommandLine, and the checks they enable. An invalid configuration or
/// check option is an error (every problem on its own line).
llvm::Error optionsFor(const std::string &File, const LintOptions &CommandLine,
                       LintOptions &Out, CheckList &Checks);

/// Called after each file (from the worker thread, one call at a time).
using FileProgress =
    std::function<void(size_t Done, size_t Total, llvm::StringRef File)>;

/// Lints every file of \p Opts; nothing is printed. An error only when the
/// compilation database cannot be loaded: problems with single files are in
/// their FileResult.
llvm::Expected<LintResults> lintFiles(const LintOptions &Opts,
                                      const FileProgress &Progress = nullptr);

/// An error of the tool as its messages (one per line of its text); consumes
/// it.
std::vector<ToolMessage> errorMessages(llvm::Error E);

} // namespace ccl
#endif
