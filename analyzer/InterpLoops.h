//===- InterpLoops.h - The interpreter's loops ------------------*- C++ -*-===//
//
// How the interpreter runs a loop (InterpLoops.cpp, InterpGeneralize.cpp):
// trip by trip while the condition is decided in every active lane, and
// otherwise once for "any iteration" j, each variable with a warp-uniform
// step rewritten as start + j*step and checked by induction.
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema: it
// evaluates statements and expressions through its interpreter and keeps
// what only loops need (the syntactic facts of each loop met, the count of
// generalized loop runs that numbers their iteration symbols).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPLOOPS_H
#define CCL_ANALYZER_INTERPLOOPS_H

#include "analyzer/InterpFrame.h"
#include "analyzer/LaneValue.h"
#include "analyzer/LoopSteps.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>

namespace clang {
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace ccl {

class Interpreter;

class LoopRules {
public:
  explicit LoopRules(Interpreter &I) : I(I) {}
  LoopRules(const LoopRules &) = delete;
  LoopRules &operator=(const LoopRules &) = delete;

  /// Runs the loop \p Loop (a for, while or do, or a range-based for's
  /// desugared loop) in the lanes of \p M: \p Init once, then \p Cond
  /// (before the first trip when \p CondFirst), \p Body and \p Inc.
  /// Returns the lanes that leave it.
  LaneMask execLoop(const clang::Stmt *Loop, const clang::Stmt *Init,
                    const clang::Expr *Cond, const clang::Stmt *Body,
                    const clang::Expr *Inc, bool CondFirst, LaneMask M);

  /// Generalized loop runs so far: each has its own iteration symbol. A
  /// warp's case runs start from the same count (the same loop is the same
  /// symbol in every case).
  unsigned Runs = 0;

private:
  using VarMap = interp::VarMap;
  using LoopCtx = interp::LoopCtx;
  using UnsureExits = interp::UnsureExits;
  using Binding = interp::Binding;

  /// Trip \p Iter of a loop is past the loop's or the warp's budget of
  /// iterations (a loop that multiplies or divides its counter by a power of
  /// two gets four times the warp's: \p Multiplicative, asked once).
  bool overBudget(unsigned Iter, const clang::Expr *Cond,
                  const clang::Stmt *Body, const clang::Expr *Inc,
                  std::optional<bool> &Multiplicative);
  /// A multiplied loop counter stopped growing since \p LastCount (bits
  /// shifted out, the sign flipped); \p LastCount becomes its value now.
  bool counterStopped(const clang::VarDecl *Counter, bool Grows,
                      const LaneMask &Active,
                      std::optional<int64_t> &LastCount);
  LaneMask execLoopSymbolic(const clang::Stmt *Loop, const clang::Expr *Cond,
                            const clang::Stmt *Body, const clang::Expr *Inc,
                            LaneMask M);
  /// Makes unknown every element of a local array or struct that the dry
  /// run of a generalized loop (\p After) changed; an element it dropped
  /// is dropped.
  void forgetChangedElements(const VarMap &After, SymbolId J,
                             const clang::Stmt *Loop, const LaneMask &M);
  /// The value of \p D for "any iteration" j of a generalized loop, from its
  /// value before (\p Old) and after (\p New) one dry-run iteration.
  Value generalizeVar(const clang::VarDecl *D, const Value &Old,
                      const Value &New, SymbolId J, const clang::Stmt *Loop,
                      const LaneMask &M);
  /// The syntactic facts of \p Loop (cached; null when nothing is known, or
  /// under --induction-by-trip).
  const LoopSteps *loopStepsOf(const clang::Stmt *Loop, const clang::Stmt *Body,
                               const clang::Expr *Inc);
  /// The steps whose evaluation alone gives what the dry run of the loop of
  /// \p LS would give every variable of the current frame, in the order
  /// they run; nullopt when the trip must run.
  std::optional<llvm::SmallVector<const clang::Expr *, 2>>
  dryRunSteps(const LoopSteps &LS) const;
  /// Counts the stores a trip of the loop of \p LS may make (StoreGen), as
  /// running the trip would: where it stores is known by the syntax only
  /// to the variable a store goes through (LoopSteps::StoreRoots).
  void countStores(const LoopSteps &LS);
  /// The steps whose evaluation alone gives what a trip of the loop of \p LS
  /// from the current state would give to every variable checkInduction
  /// compares, in the order they run; nullopt when a trip must run.
  std::optional<llvm::SmallVector<const clang::Expr *, 2>>
  stepsOnly(const LoopSteps &LS, const VarMap &Before,
            const VarMap &After) const;
  /// Makes unknown every generalized variable whose step is not the same
  /// in every iteration (an inductive dry run from the generalized state).
  void checkInduction(const VarMap &Before, const VarMap &After, SymbolId J,
                      const clang::Stmt *Loop, const clang::Stmt *Body,
                      const clang::Expr *Inc, const LaneMask &Any);
  LaneMask execLoopBody(const clang::Stmt *Body, const clang::Expr *Inc,
                        LaneMask M, LoopCtx &Done, bool Unsure = false);
  /// How many more iterations a loop whose condition is uniformly undecided
  /// may run, from a variable of the condition that the loop multiplies or
  /// divides by a power of two (0: no such variable); its declaration in
  /// \p Counter, \p Grows when it is multiplied.
  unsigned multiplicativeTripBound(const clang::Expr *Cond,
                                   const clang::Stmt *Body,
                                   const clang::Expr *Inc,
                                   const clang::VarDecl *&Counter, bool &Grows);

  Interpreter &I;
  /// The syntactic facts of each loop checkInduction has met (LoopSteps.h).
  std::map<const clang::Stmt *, LoopSteps> StepsOf;
};

} // namespace ccl
#endif
