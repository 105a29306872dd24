//===- WarpModel.cpp - What one warp request costs ------------------------===//
#include "analyzer/WarpModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <vector>

using namespace ccl;

unsigned ccl::sharedPhaseLanes(unsigned Bytes) {
  if (Bytes <= 4)
    return 32;
  if (Bytes <= 8)
    return 16;
  return 8;
}

namespace {
/// Floor division: negative offsets stay consistent.
int64_t floorDiv(int64_t A, int64_t D) {
  return A >= 0 ? A / D : -((-A + D - 1) / D);
}
} // namespace

// Both costs run for every value and shift the cost search tries (thousands
// per access with a lane-varying unknown): small sorted vectors, no hash
// sets.
GlobalCost ccl::globalCost(const LaneArray &Addr, LaneBits Active,
                           unsigned Bytes) {
  GlobalCost R;
  if (!Active || Bytes == 0)
    return R;
  llvm::SmallVector<std::pair<int64_t, int64_t>, kWarpSize> Ranges; // [b, e)
  llvm::SmallVector<int64_t, 2 * kWarpSize> Sectors;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Active >> K & 1))
      continue;
    int64_t B = Addr[K], E = Addr[K] + Bytes;
    Ranges.push_back({B, E});
    for (int64_t S = floorDiv(B, kSectorBytes),
                 Last = floorDiv(E - 1, kSectorBytes);
         S <= Last; ++S)
      Sectors.push_back(S);
  }
  llvm::sort(Sectors);
  R.Sectors = std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin();
  llvm::sort(Ranges);
  int64_t Distinct = 0, CurB = Ranges[0].first, CurE = Ranges[0].second;
  for (size_t I = 1; I < Ranges.size(); ++I) {
    if (Ranges[I].first <= CurE) {
      CurE = std::max(CurE, Ranges[I].second);
    } else {
      Distinct += CurE - CurB;
      CurB = Ranges[I].first;
      CurE = Ranges[I].second;
    }
  }
  Distinct += CurE - CurB;
  R.IdealSectors = (Distinct + kSectorBytes - 1) / kSectorBytes;
  return R;
}

SharedCost ccl::sharedCost(const LaneArray &Addr, LaneBits Active,
                           unsigned Bytes) {
  SharedCost R;
  if (!Active || Bytes == 0)
    return R;
  unsigned PhaseLanes = sharedPhaseLanes(Bytes);
  for (unsigned P = 0; P < kWarpSize; P += PhaseLanes) {
    // The distinct words of this phase, sorted by (bank, word): a bank's
    // ways are its run length.
    llvm::SmallVector<std::pair<unsigned, int64_t>, 2 * kWarpSize> Words;
    bool AnyActive = false;
    for (unsigned K = P; K < P + PhaseLanes; ++K) {
      if (!(Active >> K & 1))
        continue;
      AnyActive = true;
      for (int64_t W = floorDiv(Addr[K], kBankWordBytes),
                   Last = floorDiv(Addr[K] + Bytes - 1, kBankWordBytes);
           W <= Last; ++W)
        Words.push_back({(unsigned)(((W % kBanks) + kBanks) % kBanks), W});
    }
    if (!AnyActive)
      continue;
    llvm::sort(Words);
    Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
    unsigned Ways = 0;
    for (size_t I = 0; I < Words.size();) {
      size_t J = I;
      while (J < Words.size() && Words[J].first == Words[I].first)
        ++J;
      Ways = std::max<unsigned>(Ways, J - I);
      I = J;
    }
    // A phase moves at most 128 bytes per wavefront: wider than 16 bytes per
    // lane (double4, 32 B), a phase of 8 lanes needs Bytes*8/128 wavefronts
    // without any conflict.
    unsigned ActiveInPhase = llvm::popcount(
        Active & (PhaseLanes >= 32 ? kAllLanes
                                   : ((LaneBits(1) << PhaseLanes) - 1) << P));
    unsigned Ideal = std::max<unsigned>(
        1, (ActiveInPhase * Bytes + kBanks * kBankWordBytes - 1) /
               (kBanks * kBankWordBytes));
    Ways = std::max(Ways, Ideal);
    R.Wavefronts += Ways;
    R.IdealWavefronts += Ideal;
    R.ConflictWays = std::max(R.ConflictWays, (Ways + Ideal - 1) / Ideal);
  }
  return R;
}
