//===- AccessFusion.h - Adjacent accesses the compiler may fuse -----------===//
//
// NVCC and clang fuse adjacent loads (or stores) of one object into one
// vector access when they can prove its alignment: `d.x, d.y, d.z, d.w` of a
// `const uint4 &` become one ld.global.v4.u32 (16 bytes per lane), and
// `sh[2*t], sh[2*t+1]` of an `extern __shared__ float sh[]` (which NVCC
// aligns to 16 bytes) one ld.shared.v2.f32. The hardware then serves one
// 8- or 16-byte request, not two or four 4-byte ones, and the per-access
// numbers of the unfused accesses are wrong.
//
// Whether the compiler fuses depends on things the analysis does not see
// (what lies between the accesses, which compiler), so a fusable group is
// not modelled as one access: each of its records becomes inexact, keeps the
// unfused cost as its worst case, and takes the fused access's cost as its
// best case (the certain part: AccessRecord::Best). A finding that only the
// unfused form has is then "possible", and the note names the fusion.
//
// A group is: events of one warp, close together (a window of recent events),
// on the same object, op, width and lane mask, whose lane offsets differ by
// the same constant in every lane and cover [s, s + W) contiguously, with W
// of 8 or 16 bytes, W-aligned in every active lane, and an alignment the
// compiler itself knows to be at least W (the aligned record type the fields
// belong to, NVCC's 16-byte alignment of extern __shared__ arrays, the 16
// alignment ptxas gives the __shared__ arrays it places), and a distance the
// compiler sees too (staticallyAdjacent): `sdata[i] += sdata[i + s]` in a
// reduction over s is adjacent only in the trip s = 1, which the compiler
// does not know.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_ACCESSFUSION_H
#define CCL_ANALYZER_ACCESSFUSION_H

#include "analyzer/AccessRecord.h"
#include "analyzer/LaneValue.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include <deque>
#include <map>
#include <tuple>

namespace clang {
class ASTContext;
class ForStmt;
} // namespace clang

namespace ccl {

struct AccessEvent;

class AccessFusion {
public:
  /// Record key: (site, space key, op), as the record folder keys records.
  using Key = std::tuple<const clang::Expr *, int, AccessOp>;

  explicit AccessFusion(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Forget the window: the next events belong to another warp.
  void newWarp() { Window.clear(); }
  /// Looks at one analyzed event (known object and address) of record \p K.
  void observe(const AccessEvent &Ev, const Key &K,
               const std::vector<std::string> &SymbolNames);
  /// Makes the records of fusable groups inexact, with the fused cost as
  /// their best case and a note naming the fusion.
  void apply(std::map<Key, AccessRecord> &Records) const;

private:
  struct Entry {
    Key K;
    const MemObject *Obj;
    AccessOp Op;
    unsigned Bytes;
    LaneBits Must, May;
    LaneInt Offset;
    const clang::Expr *Site;
    unsigned SplitId;
    const clang::FunctionDecl *Fn;
  };
  struct Fused {
    unsigned Width = 0;
    AccessCost Cost; ///< The fused access, worst over the groups seen.
    std::set<std::pair<unsigned, unsigned>> Partners; ///< line, column
    /// Fused with pieces of its own split access (a struct copy).
    bool Pieces = false;
  };
  /// The alignment the compiler can prove for the first byte of \p E's
  /// access, as far as fusion goes.
  uint64_t compilerAlign(const Entry &E) const;
  /// Whether the compiler can see that \p A and \p B are a constant apart
  /// (not only the analysis, which runs loop counters concretely): pieces
  /// of one split access; one site in the trips of a loop with constant
  /// bounds (unrolled); two sites whose addresses are the same expression
  /// plus different constants (`sh[2*t]`, `sh[2*t + 1]`; `d.x`, `d.y`).
  bool staticallyAdjacent(const Entry &A, const Entry &B) const;
  bool inConstantTripLoop(const Entry &E) const;
  /// The nearest loop around \p Site (in the body of \p Fn) if it is a
  /// `for` with constant bounds stepping by 1 (its trip count in \p Trips),
  /// else null.
  const clang::ForStmt *constantTripLoop(const clang::Expr *Site,
                                         const clang::FunctionDecl *Fn,
                                         int64_t &Trips) const;
  const clang::ForStmt *findConstantTripLoop(const clang::Expr *Site,
                                             const clang::FunctionDecl *Fn,
                                             int64_t &Trips) const;
  const clang::ForStmt *findConstantTripLoopInTU(const clang::Expr *Site,
                                                 int64_t &Trips) const;
  bool constantTrips(const clang::ForStmt *FS, int64_t &Trips) const;
  /// An event of "any iteration" of a generalized loop the compiler unrolls.
  void observeGeneralized(const Entry &E,
                          const std::vector<std::string> &SymbolNames);
  /// The entries of the window \p E may fuse with (same object, op, width
  /// and lanes, statically adjacent) by their constant distance from it.
  std::map<int64_t, const Entry *> partnersOf(const Entry &E) const;
  /// The fused access of \p W bytes at \p Start (from E) costs \p C: each
  /// member's group, unless a wider one has it.
  void noteGroup(const std::map<int64_t, const Entry *> &ByDelta,
                 const Entry &E, int64_t W, int64_t Start, const AccessCost &C);

  clang::ASTContext &Ctx;
  std::deque<Entry> Window;
  /// constantTripLoop's answers by site (the AST does not change).
  mutable std::map<const clang::Expr *,
                   std::pair<const clang::ForStmt *, int64_t>>
      TripLoops;
  /// Parents within one function's body, built on first use: Clang's
  /// parent map of the whole translation unit (ASTContext::getParents)
  /// costs 20-25% more peak memory on a file that includes the CUDA
  /// headers.
  mutable std::map<const clang::FunctionDecl *,
                   std::unique_ptr<clang::ParentMap>>
      Parents;
  std::map<Key, Fused> Groups;
};

} // namespace ccl
#endif
