//===- RecordFolder.h - Access events folded into one record per site ----===//
//
// Internal to the analyzer (KernelAnalysis.cpp runs the interpreter and
// feeds its events here): the worst instance of each (site, space, op),
// its certain part, exactness and dependencies, costed as written or as the
// compiled instructions (CompiledCode.h).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_RECORDFOLDER_H
#define CCL_ANALYZER_RECORDFOLDER_H

#include "analyzer/AccessFusion.h"
#include "analyzer/AccessRecord.h"
#include "analyzer/CompiledCode.h"
#include "analyzer/FootprintSharing.h"
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class SourceManager;
} // namespace clang

namespace ccl {

struct AccessEvent;
class Interpreter;

/// Folds the dynamic access events of one kernel into one record per
/// (site, space, op): the worst instance, exactness, dependencies.
class RecordFolder {
public:
  RecordFolder(clang::ASTContext &Ctx, const CompiledCode *CC)
      : CC(CC), Fusion(Ctx), Together(Ctx) {}
  /// The next events come from another warp.
  void newWarp() {
    Fusion.newWarp();
    Together.newWarp();
  }
  /// \p I is the interpreter that sent \p Ev (it names the symbols).
  void add(const AccessEvent &Ev, const Interpreter &I);
  /// The records in source order; every record is inexact when the analysis
  /// stopped early (accesses never reached could be worse).
  std::vector<AccessRecord> finish(const Interpreter &I,
                                   const clang::SourceManager &SM);

private:
  using RecordKey = std::tuple<const clang::Expr *, int, AccessOp>;
  const AccessCost &costOf(const AccessEvent &Ev, const Interpreter &I);
  /// The unknowns \p Ev's lanes and address depend on, into \p R; true
  /// when data read per lane chooses its lanes (certainOf's ByData).
  bool noteDependences(AccessRecord &R, const AccessEvent &Ev,
                       const Interpreter &I, const RecordKey &K);
  /// The certain part of \p C, the cost of \p Ev: its best case, and
  /// where data the analysis cannot follow chooses which of the undecided
  /// lanes run (\p ByData: laneDataSymbol), the cost of the certainly
  /// active lanes alone (nothing when there are none: one lane may be all
  /// that runs).
  AccessCost certainOf(const AccessEvent &Ev, const AccessCost &C,
                       const Interpreter &I, bool ByData);
  /// Costs \p Ev as the instructions \p A lists (CompiledCode.h) into
  /// \p R (not analyzed, with the reason, when a cost is not known);
  /// \p ByData as certainOf's.
  void addCompiled(const AccessEvent &Ev, const Interpreter &I,
                   const CompiledAccess &A, AccessRecord &R,
                   const std::tuple<const clang::Expr *, int, AccessOp> &Key,
                   bool ByData);
  /// One placement of an execution shape's first instruction in the
  /// access (addCompiled), its instructions costed: the worst one, the
  /// certain part of the worst, and whether every cost is exact and no
  /// instruction is misaligned in every lane (Legal).
  struct Placement {
    int64_t O0;
    AccessCost Worst, Certain;
    unsigned WorstBytes;
    bool Exact, Legal;
  };
  /// Every placement of \p S in the access of \p B bytes that the listing
  /// allows (at most 64), costed into \p Out; the reason when a cost is
  /// not known. The unknowns the costs depend on go into \p R.
  std::optional<std::string> costPlacements(const AccessEvent &Ev,
                                            const Interpreter &I,
                                            const ExecShape &S, unsigned B,
                                            AccessRecord &R, bool ByData,
                                            std::vector<Placement> &Out);
  /// The placements addCompiled takes, folded: the worst cost, the least
  /// certain part, and whether every placement has the same exact cost.
  struct Folded {
    bool HaveWorst = false, HaveCertain = false, Exact = true;
    AccessCost Worst, Certain;
    unsigned WorstBytes = 0;
    void take(const Placement &C);
  };
  const CompiledCode *CC;
  std::map<std::pair<const CompiledAccess *, unsigned>, std::vector<ExecShape>>
      Shapes;
  /// By (site, space, op): a helper's `dst[i] = src[i]` run global->shared
  /// and shared->global is two loads and two stores, one per space (the
  /// space of an unknown address is its own key, reported as global).
  std::map<std::tuple<const clang::Expr *, int, AccessOp>, AccessRecord> Records;
  /// Memo of cost computations: identical patterns recur across warps.
  std::map<std::string, AccessCost> Memo;
  /// Adjacent accesses the compiler may fuse into one (AccessFusion.h).
  AccessFusion Fusion;
  /// Accesses that use each other's sectors (FootprintSharing.h).
  FootprintSharing Together;
  /// Records with instances whose lanes data chooses (certainOf): the
  /// fusion guess does not make them certain again.
  std::set<RecordKey> LanesByData;
};

} // namespace ccl
#endif
