//===- LoopSteps.h - What a loop trip may change, from the syntax ---------===//
//
// A generalized loop (Interpreter::execLoopSymbolic) checks its induction by
// running one more trip from the generalized state: every variable must come
// out of it either unchanged (if it did not change in the first trip) or
// changed by the same step. Most loops need no such run to know the answer:
//
//   for (int i = tid; i < n; i += blockDim.x * gridDim.x) { ... }
//
// Nothing in the body can change `i` or the variables its step reads, so the
// trip from the generalized state changes `i` by `blockDim.x * gridDim.x` and
// leaves the others alone: evaluating the step `i += ...` alone gives every
// value the whole trip would. This file finds such loops from the syntax of
// the body, the increment and the enclosing function; the interpreter asks
// it and runs the increment alone where it may (InterpStmt.cpp,
// checkInduction).
//
// The facts, for a loop in function F (locals of F: its parameters and the
// variables declared in its body, with automatic storage):
//
// - A local is *escaped* when some use of it anywhere in F is not one of:
//   reading its value, assigning it (`v = e`, `v op= e`), incrementing or
//   decrementing it. Its address or a reference to it may then be kept and
//   written through later, where the syntax does not show it.
// - A local is *changed by the loop* when it is escaped, declared in the
//   body, or used in the body or increment in any way but reading its value.
//   A local not changed by the loop has, after any trip, the value it had
//   before (the interpreter writes a variable only through a use of it).
// - A *step* of a local v is an expression statement of the loop that is
//   `v += e`, `v -= e`, `++v`, `v++`, `--v` or `v--`, that runs exactly once
//   in every trip in every lane that starts it, and that is the loop's only
//   use of v other than reads: it is the increment, or an operand of a comma
//   increment, and the body has no `break`, `return` or `goto` of its own;
//   or it is a statement of the body's top level, and the body also has no
//   `continue`. Its `e` reads only locals the loop does not change,
//   constants and the CUDA built-in variables, and calls nothing. Then, in
//   any trip, v's value where the step runs is its value at the start of the
//   trip, and `e` has the same value as at the start of the trip.
//
// Where every variable that matters to the check is either not changed by
// the loop or has a step, the check's trip can be replaced by evaluating the
// steps alone: each variable comes out of both with the same value.
//
// The same holds for the loop's dry run (the first unrecorded trip) in the
// kernel's own frame, where every variable of the frame is unchanged or
// stepped. There a local passed to a `const T&` parameter or used as the
// object of a const member function is read, not changed, unless the
// function or code it calls casts constness away or the type has a mutable
// field. The dry run also counted its stores (Interpreter::record: a load
// after a store to its object is a new unknown); the syntax gives where a
// trip may store (StoreRoots, StoresElsewhere), and the interpreter counts
// those instead (Interpreter::countStores).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_LOOPSTEPS_H
#define CCL_ANALYZER_LOOPSTEPS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <utility>

namespace ccl {

/// The syntactic facts of one loop (see the file comment).
struct LoopSteps {
  /// The function the facts are about; null when nothing is known (every
  /// variable counts as changed, without a step).
  const clang::FunctionDecl *Fn = nullptr;
  /// Locals of the function that a trip may change.
  llvm::DenseSet<const clang::VarDecl *> Changed;
  /// The locals that have a step, with it, in the order they run in a trip.
  llvm::SmallVector<std::pair<const clang::VarDecl *, const clang::Expr *>, 2>
      Steps;
  /// Where a trip may store to memory (local memory included). A store to
  /// an element or field of a variable, or through a pointer variable
  /// (`p[i]`, `*p`, `p->f`, `(p + k)[i]`), has that variable as its root
  /// (true: the variable's own object; false: the object its value points
  /// to). A pointer local never written after its initializer (declared in
  /// the body, or in a called function) stands for its initializer's root;
  /// a store in a called function through its pointer or reference
  /// parameter has the argument's root. Any other store (an atomic or store
  /// intrinsic, a memcpy, inline assembly, through `this`, a pointer loaded
  /// from memory, a called function's own pointer) sets StoresElsewhere.
  llvm::SmallVector<std::pair<const clang::VarDecl *, bool>, 4> StoreRoots;
  bool StoresElsewhere = true;

  /// \p D is a local of Fn the loop does not change.
  bool unchanged(const clang::VarDecl *D) const;
  /// The step of \p D, or null.
  const clang::Expr *stepOf(const clang::VarDecl *D) const;
};

/// The facts of the loop with body \p Body and increment \p Inc, written in
/// function \p Fn (nothing is known when Fn is null, the body is not in
/// Fn's, or Fn has a construct the walks do not see through: a lambda, a
/// block, a statement expression, a goto).
LoopSteps findLoopSteps(const clang::FunctionDecl *Fn, const clang::Stmt *Body,
                        const clang::Expr *Inc, const clang::SourceManager &SM);

/// The definition of \p FD whose body the interpreter inlines at a call
/// (Interpreter::evalCall, evalCallLValue): one with a body outside system
/// headers; null otherwise. The walks here follow the same calls.
const clang::FunctionDecl *followedDefinition(const clang::FunctionDecl *FD,
                                              const clang::SourceManager &SM);

} // namespace ccl
#endif
