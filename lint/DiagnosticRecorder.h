//===- DiagnosticRecorder.h - A diagnostic's text rendering, as data ------===//
//
// clang's DiagnosticRenderer decides how a diagnostic is laid out: the
// include stack, the message, the macro backtrace, the snippet with its
// caret and fix-its. DiagnosticRecorder runs that layout while the parse's
// SourceManager is alive and keeps each step as data (Results.h,
// DiagnosticStep), every place as a file and byte offset, with the text of
// each file it names (as the parse read it); report/ renders the steps as
// clang's TextDiagnostic would have. DiagnosticCollector does
// the same for clang's own diagnostics, in place of TextDiagnosticPrinter.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_DIAGNOSTICRECORDER_H
#define CCL_LINT_DIAGNOSTICRECORDER_H

#include "lint/Results.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/DiagnosticRenderer.h"
#include <memory>

namespace ccl {

class DiagnosticRecorder : public clang::DiagnosticRenderer {
public:
  /// Files the steps name get their text in \p Sources.
  DiagnosticRecorder(const clang::SourceManager &SM,
                     const clang::LangOptions &LangOpts,
                     std::map<std::string, SourceText> &Sources);

  /// Records the steps of one diagnostic at \p L (valid) into \p Into.
  void record(clang::SourceLocation L, clang::DiagnosticsEngine::Level Level,
              llvm::StringRef Message,
              llvm::ArrayRef<clang::CharSourceRange> Ranges,
              llvm::ArrayRef<clang::FixItHint> Fixes, DiagnosticText &Into);
  const clang::SourceManager &sourceManager() const { return SM; }

protected:
  void emitDiagnosticMessage(clang::FullSourceLoc Loc, clang::PresumedLoc PLoc,
                             clang::DiagnosticsEngine::Level Level,
                             llvm::StringRef Message,
                             llvm::ArrayRef<clang::CharSourceRange> Ranges,
                             clang::DiagOrStoredDiag D) override;
  void emitDiagnosticLoc(clang::FullSourceLoc, clang::PresumedLoc,
                         clang::DiagnosticsEngine::Level,
                         llvm::ArrayRef<clang::CharSourceRange>) override {}
  void emitCodeContext(clang::FullSourceLoc Loc,
                       clang::DiagnosticsEngine::Level Level,
                       llvm::SmallVectorImpl<clang::CharSourceRange> &Ranges,
                       llvm::ArrayRef<clang::FixItHint> Hints) override;
  void emitIncludeLocation(clang::FullSourceLoc Loc,
                           clang::PresumedLoc PLoc) override;
  // CUDA translation units build no modules.
  void emitImportLocation(clang::FullSourceLoc, clang::PresumedLoc,
                          llvm::StringRef) override {}
  void emitBuildingModuleLocation(clang::FullSourceLoc, clang::PresumedLoc,
                                  llvm::StringRef) override {}

private:
  TextPlace place(clang::FullSourceLoc Loc, clang::PresumedLoc PLoc) const;
  FileSpan span(clang::CharSourceRange R, bool Characters) const;
  std::string fileOf(clang::FileID FID) const;

  const clang::SourceManager &SM;
  std::map<std::string, SourceText> &Sources;
  clang::DiagnosticOptions Options;
  DiagnosticText *Current = nullptr;
};

/// clang's diagnostics as DiagnosticText, one per diagnostic: what
/// TextDiagnosticPrinter would print with default DiagnosticOptions. Without
/// \p Keep (no text output) they are only counted.
class DiagnosticCollector : public clang::DiagnosticConsumer {
public:
  DiagnosticCollector(std::vector<DiagnosticText> &Into,
                      std::map<std::string, SourceText> &Sources, bool Keep)
      : Into(Into), Sources(Sources), Keep(Keep) {}
  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *) override {
    LangOpts = &LO;
  }
  void EndSourceFile() override { Recorder.reset(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  std::vector<DiagnosticText> &Into;
  std::map<std::string, SourceText> &Sources;
  bool Keep;
  const clang::LangOptions *LangOpts = nullptr;
  std::unique_ptr<DiagnosticRecorder> Recorder;
};

} // namespace ccl
#endif
