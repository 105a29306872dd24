//===- FileReport.h - A parsed file's analysis as a FileResult ------------===//
//
// What the command line and the language server do with a translation
// unit's analysis (TranslationUnit.h): verification (--verify), NOLINT and
// --header-filter suppressions, the baseline, the checks' findings resolved
// to file positions, and the layout of every warning and remark as clang's
// text renderer would print it (DiagnosticRecorder.h: the layout needs the
// live SourceManager; report/ prints it).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_FILEREPORT_H
#define CCL_LINT_FILEREPORT_H

#include "lint/Results.h"
#include "lint/TranslationUnit.h"
#include <memory>

namespace ccl {

/// What the parse itself left behind.
struct ParseState {
  std::vector<std::string> MissingHeaders;
  unsigned Errors = 0;
  /// Errors inside host-only functions (shown as warnings): the device
  /// analysis does not use them, and nvcc's host compiler may accept what
  /// clang rejects (host `max(float, float)` in cuda-samples). Not in
  /// Errors; the functions they are in.
  unsigned HostErrors = 0;
  /// Errors in the instantiations made from --assume (their values).
  unsigned InstantiationErrors = 0;
  std::vector<std::string> HostErrorFunctions;
  /// Where the errors were (KernelDiscovery's firstErrorIn).
  std::vector<ParseError> ErrorsAt;
  /// -D/-I flags of the parse, for the --verify build.
  std::vector<std::string> HostFlags;
};

/// Fills \p Out (accesses, findings, notes, text, summary) from \p TU.
void reportTranslationUnit(clang::ASTContext &Ctx, TUAnalysis &TU,
                           const LintOptions &Opts, const CheckList &Checks,
                           const ParseState &Parse, FileResult &Out);

/// What identifies a finding across edits: check, file, kernel and the
/// access's own source text and op, not line numbers.
std::string fingerprint(llvm::StringRef Check, llvm::StringRef RelFile,
                        llvm::StringRef Kernel, llvm::StringRef AccessText,
                        llvm::StringRef Op);

} // namespace ccl
#endif
