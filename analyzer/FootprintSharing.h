//===- FootprintSharing.h - Accesses that use each other's sectors --------===//
//
// A warp that reads the fields of one struct element (`p[t].lat`, then
// `p[t].lng`), both 16-byte halves of a double4, the six 8-byte pieces of a
// 48-byte curandState, or four floats of one 16-byte chunk in an unrolled
// loop, makes one request per piece. Each request on its own moves more
// sectors than it uses (8 for an ideal 4 at a stride of 8 bytes), and that is
// what a profiler counts per request. But together the pieces use every byte
// of those sectors: the first request brings them into L1, the others hit
// there, and DRAM moves each byte once. Such an access is a layout choice
// (an array of structs), not a bug a maintainer fixes access by access.
//
// This pass finds them. For every global access event of a warp, with excess
// sectors, it looks at the events of the same warp close to it (a window of
// recent and following events): same object, op and lane mask, with lane
// offsets that differ from its own by one constant in every lane. The union
// of their byte ranges, per lane, is an interval [lo, hi) around the access's
// own range; when it reaches beyond the access (a partner adds bytes) and
// spans at most kMaxSpan bytes per lane (the pieces of one element, not a
// lane's walk over a whole row), the warp's footprint together is one
// access of hi - lo bytes at offset lo, costed by computeAccessCost.
//
// A record is "covered" when every one of its instances with excess sectors
// has such a group; its Together field then carries the worst footprint
// cost over those instances and the partners' positions. Whether that makes
// a finding merely possible is the check's decision (UncoalescedGlobalCheck).
// Shared memory has no such reuse (every request's bank conflicts are paid),
// so shared accesses are not considered. Nor are the pieces of an access of
// 2, 4, 8 or 16 bytes split only because its type is aligned below its size
// (a struct of four floats without __align__(16), cuda-samples alignedTypes):
// one aligned instruction would do, and that is the fix.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_FOOTPRINTSHARING_H
#define CCL_ANALYZER_FOOTPRINTSHARING_H

#include "analyzer/AccessRecord.h"
#include "analyzer/LaneValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include <deque>
#include <map>
#include <tuple>

namespace ccl {

struct AccessEvent;

class FootprintSharing {
public:
  /// Record key: (site, space key, op), as the record folder keys records.
  using Key = std::tuple<const clang::Expr *, int, AccessOp>;
  /// Bytes per lane a group may span: a 48-byte curandState or a
  /// FOUR_VECTOR of doubles is one element; a 128-byte row walked by one
  /// lane is not.
  static constexpr int64_t kMaxSpan = 64;
  /// Events looked at on each side of an event.
  static constexpr size_t kWindow = 16;

  explicit FootprintSharing(clang::ASTContext &Ctx);

  /// The next events belong to another warp: groups end here.
  void newWarp();
  /// Looks at one analyzed event (known object and address) of record \p K,
  /// whose own cost is \p Own.
  void observe(const AccessEvent &Ev, const Key &K, const AccessCost &Own,
               const std::vector<std::string> &SymbolNames);
  /// Sets AccessRecord::Together on the covered records.
  void apply(std::map<Key, AccessRecord> &Records);

private:
  struct Entry {
    Key K;
    const MemObject *Obj;
    AccessOp Op;
    unsigned Bytes;
    LaneBits Must, May;
    LaneInt Offset;
    const clang::Expr *Site;
    std::string Context; ///< pieces of one access share it
    bool Excess;         ///< its own request moves more sectors than it uses
  };
  struct State {
    bool Uncovered = false; ///< an instance with excess had no group
    AccessRecord::Footprint F;
  };
  /// Looks for the group of Window[I] among its neighbours.
  void evaluate(size_t I);
  /// A neighbour's bytes relative to an entry's own offset.
  struct Range {
    int64_t Lo, Hi;
    const Entry *M;
  };
  /// The entries whose bytes span [Lo, Hi) together with an entry's own,
  /// relative to its offset; FirstWidth: the bytes of the first of them.
  struct Group {
    int64_t Lo = 0, Hi = 0;
    unsigned FirstWidth = 0;
    std::vector<const Entry *> Members;
  };
  /// Window[I]'s own range and those of its neighbours of the same
  /// object, op and lanes at a constant distance.
  std::vector<Range> rangesAround(size_t I) const;
  /// The interval of touching or overlapping ranges that holds the own
  /// range [0, \p Bytes).
  static std::optional<Group> groupOf(std::vector<Range> Ranges,
                                      unsigned Bytes);
  /// The cost of the group starting at \p Start of \p Span bytes per lane,
  /// as one access (memoized).
  const AccessCost &groupCost(const Entry &E, const LaneInt &Start,
                              unsigned Span, unsigned FirstWidth);

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const std::vector<std::string> *Names = nullptr;
  std::deque<Entry> Window;
  size_t Next = 0; ///< the first entry of Window not evaluated yet
  std::map<Key, State> States;
  std::map<std::string, AccessCost> Memo;
};

} // namespace ccl
#endif
