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
#include "llvm/ADT/ArrayRef.h"
#include <memory>
#include <string>
#include <vector>

namespace ccl {

class Interpreter;
struct WarpCheckpoint;

class WarpIndexRun {
public:
  explicit WarpIndexRun(Interpreter &I) : I(I) {}
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

private:
  Interpreter &I;
};

} // namespace ccl
#endif
