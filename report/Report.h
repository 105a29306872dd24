//===- Report.h - Printers of the pipeline's results ----------------------===//
//
// Every output format reads the typed results of lint/Results.h: text,
// JSON (docs/user-guide.md, "JSON output"), SARIF 2.1.0, the HTML report,
// baselines and fix-its.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_REPORT_REPORT_H
#define CCL_REPORT_REPORT_H

#include "lint/Results.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace ccl {

/// Text: per file, messages about it and clang's diagnostics on \p Err,
/// findings and remarks on \p Out, then the summary line on \p Err.
void printText(const LintResults &R, llvm::raw_ostream &Out,
               llvm::raw_ostream &Err);

/// The linter's own messages, a line each
/// ("cuda-coalesce-lint: error: no such file: 'k.cu'").
std::string toolMessagesText(llvm::ArrayRef<ToolMessage> Messages);

/// The JSON document (version 1): accesses, diagnostics, files.
llvm::json::Value jsonDocument(const LintResults &R);
/// A record's dependence as the reports list it: the conditions written in
/// parentheses and the named unknowns, in one sorted list
/// ("(under the assumed block shape 256x1x1)", "n").
std::vector<std::string> dependenceList(const Dependence &D);

/// One access record / one finding as in the JSON document.
llvm::json::Value accessJson(const AccessReport &A, bool Verify);
llvm::json::Value findingJson(const ReportedFinding &F, const AccessReport &A);

/// SARIF 2.1.0 for the findings, one run, rules from the check registry.
llvm::json::Value sarifDocument(const LintResults &R);

/// --format=html: a self-contained report with a picture of each warp.
std::string htmlReport(const LintResults &R);

/// --write-baseline: every current finding.
llvm::json::Value baselineDocument(const LintResults &R);

/// --export-fixes: clang-apply-replacements YAML of every fix-it.
/// \p Warning says which fixes conflicted (they are left out).
llvm::Error exportFixes(const LintResults &R, llvm::StringRef Path,
                        std::string &Warning);
/// --fix: applies every fix-it in place, atomically per file; returns how
/// many were applied.
llvm::Expected<unsigned> applyFixes(const LintResults &R, std::string &Warning);

} // namespace ccl
#endif
