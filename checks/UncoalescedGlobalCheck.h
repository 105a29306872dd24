//===- UncoalescedGlobalCheck.h - cuda-uncoalesced-global -----------------===//
//
// Finds global memory accesses whose warp request moves more 32-byte sectors
// than the bytes it uses need: efficiency = ideal sectors / sectors below
// MinEfficiency percent (default 80), and at least MinExcessSectors (default
// 2) sectors more than the ideal.
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
        MinExcessSectors(option("MinExcessSectors")) {}
  bool appliesTo(const AccessRecord &R) const override {
    return R.Space == MemObject::Global;
  }
  bool isFlagged(const AccessRecord &R) const override;
  bool isCertain(const AccessRecord &R) const override;
  void report(const AccessRecord &R, const CheckContext &C,
              Finding &F) const override;

private:
  /// The threshold, on one cost.
  bool flags(const GlobalCost &C) const;
  int64_t MinEfficiency;    ///< percent
  int64_t MinExcessSectors; ///< sectors above the ideal
};
} // namespace ccl
#endif
