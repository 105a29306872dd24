//===- SourcePositions.cpp - Where an access is, as reports give it ------===//
#include "lint/SourcePositions.h"
#include "checks/Check.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;
using namespace ccl;

/// The access expression's source text, whitespace collapsed.
std::string ccl::accessText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  return oneLine(Lexer::getSourceText(R, SM, Ctx.getLangOpts()));
}

SourcePos ccl::position(const SourceManager &SM, SourceLocation L) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return {};
  // A name relative to the compile command's directory (a database entry
  // `-c t.cu`) is made absolute: editors and reports find the file by it.
  SmallString<256> File(P.getFilename());
  if (!File.empty() && !llvm::sys::path::is_absolute(File) &&
      !SM.getFileManager().getVirtualFileSystem().makeAbsolute(File))
    llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
  return {std::string(File), P.getLine(), P.getColumn()};
}

/// Just past the last token of \p E (its expansion in a macro).
SourcePos ccl::endPosition(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (R.isInvalid())
    return position(
        SM, Lexer::getLocForEndOfToken(SM.getExpansionLoc(E->getEndLoc()), 0,
                                       SM, Ctx.getLangOpts()));
  return position(SM, R.getEnd());
}
