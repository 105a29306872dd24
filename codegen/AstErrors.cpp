//===- AstErrors.cpp - Declarations clang's code generation cannot take ---===//
#include "codegen/AstErrors.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

using namespace clang;

bool ccl::stmtHasErrors(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    return E->containsErrors();
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (D->isInvalidDecl())
        return true;
  for (const Stmt *C : S->children())
    if (stmtHasErrors(C))
      return true;
  return false;
}

bool ccl::functionHasErrors(const FunctionDecl *FD) {
  return FD->isInvalidDecl() || stmtHasErrors(FD->getBody());
}
