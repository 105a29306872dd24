//===- CaseSplits.h - The runs of a warp split into cases -------*- C++ -*-===//
//
// A choice point is a choice among N cases the analysis cannot decide (which
// lanes a min or max clamps: Interpreter::caseSplit). A warp that meets
// choice points is run once per combination of their cases, in depth-first
// order, like an odometer: the plan of the next run keeps the cases of the
// points before the last one that has a case left, takes that one's next
// case, and starts the later ones (which that case may change) from 0. Runs
// are deterministic, so a run meets the same points as the previous one up
// to the one it changes.
//
// A point is named by a key: a second point with the same key in one run is
// the same point and takes the same case. Every path through the points
// takes at most kMaxRuns runs: a point splits only if the product of the
// cases before it on its path, times its own, stays within the bound.
// Accesses recorded after a run's first split are not exact (the case may
// not happen); they depend on the unknowns the choices depend on (deps).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_CASESPLITS_H
#define CCL_ANALYZER_CASESPLITS_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ccl {

class CaseSplits {
public:
  static constexpr unsigned kMaxRuns = 64;

  /// A new warp: its first run takes case 0 at every point.
  void beginWarp() { Plan.clear(); }
  /// A new run of the warp, with the plan nextRun made.
  void beginRun() {
    Sizes.clear();
    OfKey.clear();
    Deps.clear();
    In = false;
  }
  /// After a run: plans the next one; false when every combination of the
  /// cases of the points met has run.
  bool nextRun() {
    Plan.resize(Sizes.size());
    while (!Plan.empty() && Plan.back() + 1 >= Sizes[Plan.size() - 1])
      Plan.pop_back();
    if (Plan.empty())
      return false;
    ++Plan.back();
    return true;
  }
  /// The warp's runs are over.
  void endWarp() {
    Plan.clear();
    Deps.clear();
    In = false;
  }

  /// The point named \p Key met before in this run (its index).
  std::optional<unsigned> pointOf(const std::string &Key) const {
    auto It = OfKey.find(Key);
    if (It == OfKey.end())
      return std::nullopt;
    return It->second;
  }
  /// Whether a new point of \p N cases keeps this path within kMaxRuns.
  bool fits(unsigned N) const {
    uint64_t Runs = N;
    for (unsigned C : Sizes)
      Runs *= C;
    return Runs <= kMaxRuns;
  }
  /// A new point of \p N cases named \p Key: its index. The accesses from
  /// here on are in a case.
  unsigned open(unsigned N, const std::string &Key) {
    unsigned Idx = Sizes.size();
    Sizes.push_back(N);
    OfKey[Key] = Idx;
    In = true;
    return Idx;
  }
  /// The case this run takes at point \p Idx.
  unsigned caseAt(unsigned Idx) const {
    return Idx < Plan.size() ? Plan[Idx] : 0;
  }
  /// The number of cases of point \p Idx.
  unsigned sizeAt(unsigned Idx) const { return Sizes[Idx]; }
  /// The choices of this run depend on \p S too.
  void addDep(SymbolId S) {
    if (!llvm::is_contained(Deps, S))
      Deps.push_back(S);
  }

  /// A point was split in this run: the accesses from there on are not
  /// exact.
  bool inCase() const { return In; }
  /// The unknowns the choices of this run depend on.
  llvm::ArrayRef<SymbolId> deps() const { return Deps; }
  /// This run met a point.
  bool splitInRun() const { return !Sizes.empty(); }
  /// No point met in this run and none planned: this is the warp's only
  /// run so far.
  bool none() const { return Sizes.empty() && Plan.empty(); }

private:
  /// The case of each point, for this run.
  std::vector<unsigned> Plan;
  /// The number of cases of each point this run reached.
  std::vector<unsigned> Sizes;
  /// The point of each key in this run.
  std::map<std::string, unsigned> OfKey;
  bool In = false;
  llvm::SmallVector<SymbolId, 2> Deps;
};

} // namespace ccl
#endif
