//===- InterpPerWarp.h - Results checked against every warp -----*- C++ -*-===//
//
// The checked rules of the run with the symbolic warp index
// (InterpPerWarp.cpp): a result that sees the warp index w is computed again
// for every warp from the operands with w replaced, and kept as the
// symbolic result if that is every warp's, else as one form B + w*D, else
// with one unknown per warp; joins and truncations are checked the same
// way, and consumesWarpIndex says which expression classes may see w at
// all. Outside that run (warp by warp) each check is the plain result.
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema: it
// computes each warp's own result through its interpreter, and reads the
// run's state there (WarpIndexState.h).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPPERWARP_H
#define CCL_ANALYZER_INTERPPERWARP_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <vector>

namespace clang {
class Expr;
} // namespace clang

namespace ccl {

class Interpreter;

class WarpChecks {
public:
  explicit WarpChecks(Interpreter &I) : I(I) {}
  WarpChecks(const WarpChecks &) = delete;
  WarpChecks &operator=(const WarpChecks &) = delete;

  /// A result that holds in every warp: \p Sym (the symbolic rule's) if,
  /// with w replaced, it is \p Expect(w) (the result computed from the
  /// operands with w replaced) for every warp w, else the warps' results
  /// as one form linear in w; escapes when they are not.
  Value perWarp(const Value *Sym, llvm::function_ref<Value(int64_t)> Expect,
                llvm::StringRef What);
  /// eval's rule: \p E consumes its children's values without deciding on
  /// their form (or decides through a checked rule).
  bool consumesWarpIndex(const clang::Expr *E);
  /// Value::join's result \p J of \p A and \p B, checked against each warp.
  void checkJoinPerWarp(Value &J, const Value &A, const Value &B,
                        LaneBits TakeA, LaneBits TakeB, LaneBits Uniform);
  /// V.truncated(...), checked against each warp.
  LaneInt truncate(const LaneInt &V, unsigned Bits, bool Signed) const;

private:
  static bool sameValue(const Value &A, const Value &B);
  /// perWarp's results \p E as a form with family symbols (one unknown per
  /// warp); nullopt when they are not that.
  std::optional<LaneInt> warpFamilies(const std::vector<Value> &E);
  /// Each warp's own result \p Expect(w) for the run's warps, computed
  /// without the warp index and without recording.
  std::vector<Value> warpsOwnResults(llvm::function_ref<Value(int64_t)> Expect);
  /// B + w * D as a form in the warp index (D's unknowns x as monomials
  /// W*x); nullopt on overflow.
  std::optional<LaneInt> formInW(const LaneInt &B, const LaneInt &D);

  Interpreter &I;
};

} // namespace ccl
#endif
