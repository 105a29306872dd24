//===- SourcePositions.h - Where an access is, as reports give it --------===//
//
// Positions (absolute file, 1-based line and column, after macro expansion)
// and source text of access expressions, for the per-file report.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_SOURCEPOSITIONS_H
#define CCL_LINT_SOURCEPOSITIONS_H

#include "lint/Results.h"
#include "clang/Basic/SourceLocation.h"
#include <string>

namespace clang {
class ASTContext;
class Expr;
class SourceManager;
} // namespace clang

namespace ccl {

/// The access expression's source text, whitespace collapsed.
std::string accessText(const clang::Expr *E, const clang::ASTContext &Ctx);
/// \p L's expansion as a position; a file name relative to the compile
/// command's directory is made absolute.
SourcePos position(const clang::SourceManager &SM, clang::SourceLocation L);
/// Just past the last token of \p E (its expansion in a macro).
SourcePos endPosition(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace ccl
#endif
