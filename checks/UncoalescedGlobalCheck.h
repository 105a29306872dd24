//===- UncoalescedGlobalCheck.h - cuda-uncoalesced-global -----------------===//
//
// Finds global memory accesses whose warp request moves more 32-byte sectors
// than the bytes it uses need: efficiency = ideal sectors / sectors below
// MinEfficiency percent (default 80).
// Docs: docs/checks/cuda-uncoalesced-global.md
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CHECKS_UNCOALESCEDGLOBALCHECK_H
#define CCL_CHECKS_UNCOALESCEDGLOBALCHECK_H
#include "checks/Check.h"

namespace ccl {
class UncoalescedGlobalCheck : public Check {
public:
  UncoalescedGlobalCheck(const CheckOptions &Opts,
                         std::vector<std::string> &Errors);
  MemObject::SpaceKind space() const override { return MemObject::Global; }
  bool isFlagged(const AccessRecord &R) const override;
  void report(const AccessRecord &R, const CheckContext &C,
              Finding &F) const override;
  std::vector<std::pair<std::string, std::string>> options() const override;

private:
  int64_t MinEfficiency; ///< percent
};
} // namespace ccl
#endif
