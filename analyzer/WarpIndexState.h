//===- WarpIndexState.h - One run for every warp of a block -----*- C++ -*-===//
//
// The state of the interpreter's run with a symbolic warp index W
// (InterpWarpIndex.cpp): threadIdx as forms in W, which symbols are made from
// W, the warps the run stands for, where it split them into groups and why it
// stopped. Only WarpIndexRun (WarpIndexRun.h) reads and changes it; its
// queries (mentionsW, warpAt, escape) are WarpIndexState.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_WARPINDEXSTATE_H
#define CCL_ANALYZER_WARPINDEXSTATE_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
}

namespace ccl {

/// The interpreter's state before a statement of the kernel body, where a
/// run of a group of warps resumes (defined in InterpWarpIndex.cpp).
struct WarpCheckpoint;

/// The run's own state: the warps it stands for, W's place in the symbols,
/// and what stops or splits it.
struct WarpIndexState {
  /// A new run's state; the interpreter's stop hook is kept.
  void restart() {
    std::function<void()> Stop = std::move(OnStop);
    *this = WarpIndexState();
    OnStop = std::move(Stop);
  }
  /// Residual of \p S (-1 for symbols made since the run began).
  int64_t residualOf(SymbolId S) const {
    return S < Residual.size() ? Residual[S] : -1;
  }
  /// A term of \p V (a symbol of \p S) is made from W, in a run with it.
  bool mentionsW(const LaneInt &V) const;
  bool mentionsW(const Value &V) const {
    return On && !V.isUnknown() && mentionsW(V.I);
  }
  bool mentionsW(llvm::ArrayRef<SymbolId> S) const;
  /// \p V with the warp index replaced by \p W (escapes, and gives \p V,
  /// when that overflows).
  LaneInt warpAt(const LaneInt &V, int64_t W);
  Value warpAt(const Value &V, int64_t W);
  /// Deps without W, a monomial W*x as x.
  llvm::SmallVector<SymbolId, 2> warpFreeDeps(llvm::ArrayRef<SymbolId> D) const;
  /// The run is not valid (\p Why); it is stopped through OnStop.
  void escape(llvm::StringRef Why);
  /// The run escaped or split (it is being stopped).
  bool stopped() const { return On && (!Split.empty() || !Escaped.empty()); }
  /// (B, D) with \p V[i] = B + w_i * D in \p Lanes for the run's warps
  /// w_i (Set, at least two); nullopt when the values are no such form.
  std::optional<std::pair<LaneInt, LaneInt>>
  fitOverWarps(const std::vector<LaneInt> &V, LaneBits Lanes) const;
  /// The run's warps grouped by \p Same (of their positions in Set), in
  /// order of first member.
  std::vector<std::vector<unsigned>>
  warpGroups(size_t N, llvm::function_ref<bool(size_t, size_t)> Same) const;

  /// Ends the interpreter's run (its step budget); set by the interpreter.
  std::function<void()> OnStop;
  bool On = false;
  SymbolId W = 0;
  unsigned Warps = 0;
  /// The warps this run stands for (W takes these values).
  std::vector<unsigned> Set;
  /// Groups of Set to run again, each alone (a decision differs).
  std::vector<std::vector<unsigned>> Split;
  std::string SplitWhy; ///< what differed, for --warp-crosscheck
  /// The state before the current statement of the kernel body, and the
  /// one the split happened in; where the next run resumes.
  std::shared_ptr<const WarpCheckpoint> Latest, SplitAt, Resume;
  /// threadIdx.{x,y,z} as forms in W.
  LaneInt Tid[3];
  /// Per symbol: -1 not made from W; -2 W itself; -3 a family (one
  /// unknown per warp, Family); >= 0 the other factor of a monomial W*x
  /// (x's symbol).
  std::vector<int64_t> Residual;
  /// The members of each family symbol, by warp.
  /// (The member of warp w is Coef * Sym.)
  std::map<SymbolId, std::map<unsigned, std::pair<SymbolId, int64_t>>> Family;
  /// Why the run is not valid; empty while it is.
  std::string Escaped;
  /// Inlined calls (callFunction's call sites) since the last check.
  llvm::SmallPtrSet<const clang::Expr *, 4> Inlined;
  /// Set by eval when a child's value mentions W.
  bool ChildW = false;
  /// productSymbol is making a monomial of W (symbolId lets it).
  bool MakingMonomial = false;
  /// perWarp is computing a warp's own result; whether the run was
  /// recording; whether that warp's run would have split into cases.
  bool InExpect = false, OuterRecording = false, ExpectSplit = false;
  /// A min or max of operands with W whose run splits into cases
  /// (evalMinMax, clampCases): Allow while the run's own split is made;
  /// then Made, with its number of cases N and the case this run takes.
  /// Each warp's own result (perWarp) must split alike (Calls, N) and
  /// takes the same case; Mismatch where one does not. Refused: the
  /// run's split was refused for too many runs of cases, as each warp's
  /// own split is (the cases before it are the same).
  struct {
    bool Allow = false, Made = false, Refused = false, Mismatch = false;
    unsigned N = 0, Case = 0, Calls = 0;
    /// The key each warp's own run gives the choice point being made
    /// (clampCases: W's part moves into the lanes' constants), by
    /// position in Set; empty for one without W (the same in every warp).
    std::vector<std::string> WarpKeys;
  } CaseW;
  /// Per warp (position in Set): the choice points of this run by the
  /// key that warp's own run gives them. Two points of the run that one
  /// warp would take for the same (its run looks the second up instead
  /// of splitting) stop the run with the warp index.
  std::vector<std::map<std::string, std::string>> CaseKeysOfWarp;
};

} // namespace ccl
#endif
