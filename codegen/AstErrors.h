//===- AstErrors.h - Declarations clang's code generation cannot take -----===//
//
// A function whose body holds an error (an invalid declaration, an
// expression clang could not build: a RecoveryExpr) cannot be handed to
// clang's code generation. Both users of code generation (DeviceCode.h, the
// JIT of --verify=jit) skip such functions.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_ASTERRORS_H
#define CCL_CODEGEN_ASTERRORS_H

namespace clang {
class FunctionDecl;
class Stmt;
} // namespace clang

namespace ccl {

/// \p S or a statement or expression inside it holds an error.
bool stmtHasErrors(const clang::Stmt *S);

/// \p FD is invalid or its body holds an error.
bool functionHasErrors(const clang::FunctionDecl *FD);

} // namespace ccl
#endif
