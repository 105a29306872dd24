//===- UncoalescedGlobalCheck.cpp - cuda-uncoalesced-global ---------------===//
#include "checks/UncoalescedGlobalCheck.h"
#include "clang/AST/Expr.h"
#include <cstdio>

using namespace ccl;

const CheckInfo &UncoalescedGlobalCheck::info() {
  static const CheckInfo Info{
      "cuda-uncoalesced-global",
      "Global memory access moves more 32-byte sectors than it uses",
      "A warp's request to global memory is served in 32-byte sectors. When "
      "adjacent lanes are far apart (a column of a row-major matrix, an array "
      "of structs, a stride) the request moves many sectors for few useful "
      "bytes. Reported when ideal sectors / sectors is below MinEfficiency "
      "(80% by default).",
      "Let threadIdx.x index the fastest-moving dimension, use a struct of "
      "arrays, or stage the access through shared memory. See "
      "docs/checks/cuda-uncoalesced-global.md.",
      "docs/checks/cuda-uncoalesced-global.md",
      {{"MinEfficiency", 80, 1, 100,
        "report an access when ideal sectors / sectors is below this "
        "percentage"},
       {"MinExcessSectors", 2, 1, 1024,
        "and only when it moves at least this many sectors more than the "
        "ideal (2 sectors for an ideal 1 is not worth a warning)"},
       {"PiecesTogether", 0, 0, 1,
        "0: each request is judged alone (what Nsight Compute counts per "
        "request), with a note when nearby accesses to the same object use "
        "its excess sectors; 1: such an access (the other fields of one "
        "struct element, the other half of a double4) is only possible"}},
      [](const CheckInfo &I, const OptionValues &V) -> std::unique_ptr<Check> {
        return std::make_unique<UncoalescedGlobalCheck>(I, V);
      }};
  return Info;
}

bool UncoalescedGlobalCheck::flags(const GlobalCost &G) const {
  if (!G.Sectors)
    return false;
  // sectors * MinEfficiency > ideal * 100  <=>  efficiency < MinEfficiency%
  return (int64_t)G.IdealSectors * 100 < (int64_t)G.Sectors * MinEfficiency &&
         (int64_t)G.Sectors - (int64_t)G.IdealSectors >= MinExcessSectors;
}

bool UncoalescedGlobalCheck::isFlagged(const AccessRecord &R) const {
  return R.Known && appliesTo(R) && flags(R.Worst.G);
}

bool UncoalescedGlobalCheck::coveredTogether(const AccessRecord &R) const {
  return PiecesTogether && R.Together.Covered && !flags(R.Together.G);
}

bool UncoalescedGlobalCheck::isCertain(const AccessRecord &R) const {
  if (coveredTogether(R) || notAtLaunch(R))
    return false;
  return R.Exact || flags(R.Best.G);
}

std::string UncoalescedGlobalCheck::whyPossible(const AccessRecord &R) const {
  if (notAtLaunch(R))
    return launchReason(R);
  if (!coveredTogether(R))
    return "";
  return "possible: " + describeTogether(R) + "; the excess stays in L1 and L2";
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
  if (R.Together.Covered && !coveredTogether(R))
    F.Notes.push_back(
        {R.Site->getBeginLoc(),
         describeTogether(R) +
             (flags(R.Together.G)
                  ? ""
                  : "; the excess of each request stays in L1 and L2 for "
                    "the others: memory moves each byte once, the requests "
                    "still cost the sectors above")});
}
