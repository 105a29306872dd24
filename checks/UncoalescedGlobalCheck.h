//===- UncoalescedGlobalCheck.h - cuda-uncoalesced-global -----------------===//
//
// Finds global memory accesses whose warp request moves more 32-byte sectors
// than the bytes it uses need: efficiency = ideal sectors / sectors below
// MinEfficiency percent (default 80), and at least MinExcessSectors (default
// 2) sectors more than the ideal. An access whose excess sectors the warp
// uses in nearby accesses to the same object (the other fields of one struct
// element: AccessRecord::Together) gets a note saying so, and is only
// "possible" when PiecesTogether is 1 (the default is 0).
// Docs: docs/checks/cuda-uncoalesced-global.md
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CHECKS_UNCOALESCEDGLOBALCHECK_H
#define CCL_CHECKS_UNCOALESCEDGLOBALCHECK_H
#include "checks/Check.h"

namespace ccl {
class UncoalescedGlobalCheck : public Check {
public:
  static const CheckInfo &info();
  UncoalescedGlobalCheck(const CheckInfo &Info, const OptionValues &Options)
      : Check(Info, Options), MinEfficiency(option("MinEfficiency")),
        MinExcessSectors(option("MinExcessSectors")),
        PiecesTogether(option("PiecesTogether")) {}
  bool appliesTo(const AccessRecord &R) const override {
    return R.Space == MemObject::Global;
  }
  bool isFlagged(const AccessRecord &R) const override;
  bool isCertain(const AccessRecord &R) const override;
  void report(const AccessRecord &R, const CheckContext &C,
              Finding &F) const override;
  std::string whyPossible(const AccessRecord &R) const override;

private:
  /// Whether the warp uses the rest of the record's sectors in nearby
  /// accesses, so that together they are not flagged.
  bool coveredTogether(const AccessRecord &R) const;
  /// The threshold, on one cost.
  bool flags(const GlobalCost &C) const;
  int64_t MinEfficiency;    ///< percent
  int64_t MinExcessSectors; ///< sectors above the ideal
  int64_t PiecesTogether;   ///< 1: covered records are only possible (0)
};
} // namespace ccl
#endif
