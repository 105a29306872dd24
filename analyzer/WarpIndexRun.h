//===- WarpIndexRun.h - Every warp of a block in one run --------*- C++ -*-===//
//
// The caller's side of the interpreter's run with the symbolic warp index
// (InterpWarpIndex.cpp): KernelAnalysis begins it, runs the kernel once
// (Interpreter::runWarp), and then reads whether the run holds for every
// warp, must be split into groups of warps, or escaped, and maps each event
// of the run to each warp. The rules that keep the run valid are
// WarpChecks (InterpPerWarp.h); its state is WarpIndexState.h. Warp by
// warp, without begin(), is the plain run.
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_WARPINDEXRUN_H
#define CCL_ANALYZER_WARPINDEXRUN_H

#include "analyzer/AccessEvent.h"
#include "analyzer/WarpIndexState.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class Expr;
}

namespace ccl {

class Interpreter;
struct WarpCheckpoint;

class WarpIndexRun {
public:
  WarpIndexRun(Interpreter &I, WarpIndexState &S) : I(I), S(S) {}
  WarpIndexRun(const WarpIndexRun &) = delete;
  WarpIndexRun &operator=(const WarpIndexRun &) = delete;

  /// Makes the next runWarp run every warp of the block at once (or the
  /// warps in \p Set): threadIdx is the lanes' values in warp 0 plus a
  /// multiple of the *warp index*, a symbol w in 0 .. warps-1 (only where
  /// every component of threadIdx is linear in w: 1-D blocks, blocks whose
  /// x extent divides 32, and x = 32). The run stops being valid
  /// ("escapes") as soon as a result or decision could differ between
  /// warps otherwise than by substituting w (a condition decided in some
  /// warp and not here, a value made unknown that one warp knows, a symbol
  /// named after w): escaped() then says so and the caller runs the warps
  /// one by one instead. False when the block's shape does not allow it.
  bool begin(llvm::ArrayRef<unsigned> Set = {});
  /// Why the run with the symbolic warp index is not valid (empty if it is).
  const std::string &escaped() const;
  /// The run met a decision that differs between its warps: the groups of
  /// warps to run again (each with its own run), in order; empty if none.
  const std::vector<std::vector<unsigned>> &groups() const;
  /// What made the run split into groups.
  const std::string &splitWhy() const;
  /// The state before the statement of the kernel body in which the split
  /// happened (the warps' runs resume there: resume), and how many events
  /// the run had sent by then; null when the runs must start over (a case
  /// split came first).
  const std::shared_ptr<const WarpCheckpoint> &splitPoint() const;
  /// How many events the run had sent at \p C.
  unsigned long eventsAt(const WarpCheckpoint &C) const;
  /// The next runWarp resumes from \p C (for the warps of the next
  /// begin); null: from the start.
  void resume(std::shared_ptr<const WarpCheckpoint> C);
  /// Event \p Ev of the symbolic run as warp \p W of the block issues it:
  /// the warp index replaced by W in its address and context.
  AccessEvent instance(const AccessEvent &Ev, unsigned W) const;

  // ---- The rules' hooks ----
  // What the interpreter's rules ask of the run and tell it. Warp by warp
  // (no run with the warp index on) each hook is the null one: on() is
  // false, no value mentions w, escape and the notes do nothing, and
  // threadIdx and the warp's name are the current warp's.

  /// A run with the symbolic warp index is on.
  bool on() const { return S.On; }
  /// \p V holds a symbol made from the warp index (in a run with it).
  bool mentionsW(const Value &V) const { return S.mentionsW(V); }
  bool mentionsW(const LaneInt &V) const { return S.mentionsW(V); }
  bool mentionsW(llvm::ArrayRef<SymbolId> Deps) const {
    return S.mentionsW(Deps);
  }
  /// The run is not valid (\p Why): it stops, and the caller runs the warps
  /// one by one.
  void escape(llvm::StringRef Why) { S.escape(Why); }
  /// The run escaped or split (it is being stopped).
  bool stopped() const { return S.stopped(); }
  /// Called when the run must stop (set once, by the interpreter).
  void onStop(std::function<void()> F) { S.OnStop = std::move(F); }
  /// The warps the run stands for (w takes these values).
  const std::vector<unsigned> &warps() const { return S.Set; }
  /// \p V in warp \p W: the warp index replaced by W (escapes, and gives
  /// \p V, when that overflows).
  Value warpAt(const Value &V, int64_t W) { return S.warpAt(V, W); }
  LaneInt warpAt(const LaneInt &V, int64_t W) { return S.warpAt(V, W); }
  /// \p F(w, V in warp w) for each warp of the run, computed as that
  /// warp's own run would: outside the run (nothing mentions w there).
  void eachWarpOwn(const Value &V,
                   llvm::function_ref<void(unsigned, const Value &)> F);
  void eachWarpOwn(const LaneInt &V,
                   llvm::function_ref<void(unsigned, const LaneInt &)> F);
  /// The run's warps grouped by \p Same (of their positions in warps()),
  /// in order of first member.
  std::vector<std::vector<unsigned>>
  groupsOf(size_t N, llvm::function_ref<bool(size_t, size_t)> Same) const {
    return S.warpGroups(N, Same);
  }
  /// A decision differs between the run's warps: they run again in
  /// \p Groups (the run stops), because of \p What at \p At.
  void split(std::vector<std::vector<unsigned>> Groups, llvm::StringRef What,
             const clang::Expr *At = nullptr);
  /// A call inlined at \p CallSite (its arguments are checked as values).
  void noteInlined(const clang::Expr *CallSite) {
    if (S.On)
      S.Inlined.insert(CallSite);
  }
  /// threadIdx.{x,y,z} (\p Dim): forms in w in the run, the current warp's
  /// lanes otherwise.
  LaneInt threadIdx(unsigned Dim) const;
  /// The warp an access event names: "warp ?" in the run (instance fills
  /// it in), the current warp otherwise.
  std::string warpName() const;

private:
  Interpreter &I;
  WarpIndexState &S;
};

} // namespace ccl
#endif
