//===- Driver.h - The command line of cuda-coalesce-lint ------------------===//
#ifndef CCL_TOOLS_DRIVER_H
#define CCL_TOOLS_DRIVER_H

#include "lint/Options.h"

namespace ccl {

/// The command line: parses the options, lints, prints; the exit status.
int lintMain(int argc, const char **argv);

/// --lsp: a Language Server over stdio; returns the exit status.
int runLsp(const LintOptions &Base);

} // namespace ccl
#endif
