//===- UncoalescedGlobalCheck.cpp - cuda-uncoalesced-global ---------------===//
#include "checks/UncoalescedGlobalCheck.h"
#include <cstdio>

using namespace ccl;

UncoalescedGlobalCheck::UncoalescedGlobalCheck(const CheckOptions &Opts,
                                               std::vector<std::string> &Errors)
    : Check("cuda-uncoalesced-global") {
  MinEfficiency = intOption(Opts, "MinEfficiency", 80, 1, 100, Errors);
}

std::vector<std::pair<std::string, std::string>>
UncoalescedGlobalCheck::options() const {
  return {{Name + ".MinEfficiency", std::to_string(MinEfficiency)}};
}

bool UncoalescedGlobalCheck::isFlagged(const AccessRecord &R) const {
  if (!R.Known || R.Space != MemObject::Global || !R.Worst.G.Sectors)
    return false;
  // sectors * MinEfficiency > ideal * 100  <=>  efficiency < MinEfficiency%
  return (int64_t)R.Worst.G.IdealSectors * 100 <
         (int64_t)R.Worst.G.Sectors * MinEfficiency;
}

void UncoalescedGlobalCheck::report(const AccessRecord &R,
                                    const CheckContext &C, Finding &F) const {
  char Eff[32];
  std::snprintf(Eff, sizeof(Eff), "%.1f%%", R.Worst.efficiency() * 100);
  F.Message = describeAccess(R, C.Ctx) + " touches " +
              std::to_string(R.Worst.G.Sectors) +
              (R.Worst.G.Sectors == 1 ? " sector" : " sectors") +
              " per warp request (ideal " +
              std::to_string(R.Worst.G.IdealSectors) + ", " + Eff +
              " efficiency): " + describeLanes(R) + describeDependence(R);
  addStandardNotes(R, C, F);
}
