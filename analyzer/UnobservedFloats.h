//===- UnobservedFloats.h - Float assignments nothing reported can see ----===//
//
// The domain has no floating-point numbers: a float is Unknown, with a
// reason. Yet the interpreter still evaluates every float statement, lane
// by lane: in a GEMM's unrolled inner loop,
//
//     acc[m][e] += a[k] * b[e][k];    // a, b, acc: local float arrays
//
// is most of the analysis, and its result is never an address, a
// condition, or anything else a record or a message depends on. This is the
// dependence walk that proves it, per function, from the syntax:
//
//   - A candidate is a float local of the function (a float, double, or a
//     constant array of them; not static, not a reference, not volatile).
//   - A candidate's value flows along float arithmetic, float casts, the
//     arms of `?:`, the value operand of a shuffle (__shfl*_sync, whose
//     result is its operand's value in another lane), and assignments and
//     initializations of candidates. A store to a __shared__ or __device__
//     variable does not pass it on: the interpreter does not keep what is
//     stored in global or shared memory (a later load is a new unknown).
//   - Anywhere else a candidate's value is observed: a conversion to an
//     integer, a comparison, a condition, an index, an argument of any other
//     call, a return, a store through a pointer, its address taken.
//   - A candidate is unobserved if no value that flows from it is observed.
//
// An assignment statement (`=`, `+=`, ...) to an unobserved candidate, or an
// element of one, whose right-hand side and indices are pure (literals,
// locals, parameters, local array elements, arithmetic and casts; no call,
// no load of memory, no side effect) need not be evaluated: what it writes
// is never seen, and it records nothing. Interpreter::exec evaluates only
// its left-hand side, to check that it designates that local (Interpreter.h,
// skipUnobserved).
//
// A function with a lambda, a statement expression or a range-based for is
// not walked (none of its statements is skipped).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_UNOBSERVEDFLOATS_H
#define CCL_ANALYZER_UNOBSERVEDFLOATS_H

#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace ccl {

/// Assignment statement -> the unobserved local it writes.
using UnobservedAssignments =
    llvm::DenseMap<const clang::Expr *, const clang::VarDecl *>;

/// The assignment statements of \p FD's body that need not be evaluated.
UnobservedAssignments unobservedAssignments(clang::ASTContext &Ctx,
                                            const clang::FunctionDecl *FD);

/// unobservedAssignments, function by function, made once each.
class UnobservedFloats {
public:
  explicit UnobservedFloats(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The local the statement \p E of \p FD's body writes, where \p E need
  /// not be evaluated; null otherwise.
  const clang::VarDecl *skippable(const clang::FunctionDecl *FD,
                                  const clang::Expr *E);

private:
  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::FunctionDecl *, UnobservedAssignments> Done;
};

} // namespace ccl
#endif
