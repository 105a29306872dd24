//===- SharedBankConflictCheck.h - cuda-shared-bank-conflict --------------===//
//
// Finds shared memory accesses whose lanes hit different words of one bank:
// reported when the worst phase needs more than MaxConflictWays wavefronts
// (default 1). For a 2-D __shared__ array read across rows it offers to pad
// the innermost dimension by one element, but only after re-running the
// analysis with the padding and seeing every access to that array become
// conflict-free for the same block shape.
// Docs: docs/checks/cuda-shared-bank-conflict.md
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CHECKS_SHAREDBANKCONFLICTCHECK_H
#define CCL_CHECKS_SHAREDBANKCONFLICTCHECK_H
#include "checks/Check.h"

namespace ccl {
class SharedBankConflictCheck : public Check {
public:
  static const CheckInfo &info();
  SharedBankConflictCheck(const CheckInfo &Info, const OptionValues &Options)
      : Check(Info, Options), MaxConflictWays(option("MaxConflictWays")) {}
  bool appliesTo(const AccessRecord &R) const override {
    return R.Space == MemObject::Shared;
  }
  bool isFlagged(const AccessRecord &R) const override;
  bool isCertain(const AccessRecord &R) const override;
  std::string whyPossible(const AccessRecord &R) const override;
  void report(const AccessRecord &R, const CheckContext &C,
              Finding &F) const override;

private:
  /// The threshold, on one cost.
  bool flags(const SharedCost &C) const;
  std::optional<clang::FixItHint> paddingFix(const AccessRecord &R,
                                             const CheckContext &C) const;
  int64_t MaxConflictWays;
};
} // namespace ccl
#endif
