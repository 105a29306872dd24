//===- WarpModel.cpp - What one warp request costs ------------------------===//
#include "analyzer/WarpModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
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

GlobalCost ccl::globalCost(const LaneArray &Addr, LaneBits Active,
                           unsigned Bytes) {
  GlobalCost R;
  if (!Active || Bytes == 0)
    return R;
  std::vector<std::pair<int64_t, int64_t>> Ranges; // [begin, end)
  llvm::DenseSet<int64_t> Sectors;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Active >> K & 1))
      continue;
    int64_t B = Addr[K], E = Addr[K] + Bytes;
    Ranges.push_back({B, E});
    // Floor division so that negative offsets stay consistent.
    auto Sec = [](int64_t A) {
      return A >= 0 ? A / kSectorBytes
                    : -((-A + kSectorBytes - 1) / kSectorBytes);
    };
    for (int64_t S = Sec(B), Last = Sec(E - 1); S <= Last; ++S)
      Sectors.insert(S);
  }
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
  R.Sectors = Sectors.size();
  R.IdealSectors = (Distinct + kSectorBytes - 1) / kSectorBytes;
  return R;
}

SharedCost ccl::sharedCost(const LaneArray &Addr, LaneBits Active,
                           unsigned Bytes) {
  SharedCost R;
  if (!Active || Bytes == 0)
    return R;
  unsigned PhaseLanes = sharedPhaseLanes(Bytes);
  auto Word = [](int64_t A) {
    return A >= 0 ? A / (int64_t)kBankWordBytes
                  : -((-A + kBankWordBytes - 1) / (int64_t)kBankWordBytes);
  };
  for (unsigned P = 0; P < kWarpSize; P += PhaseLanes) {
    // bank -> distinct words in that bank, for this phase.
    llvm::DenseMap<unsigned, llvm::DenseSet<int64_t>> Banks;
    bool AnyActive = false;
    for (unsigned K = P; K < P + PhaseLanes; ++K) {
      if (!(Active >> K & 1))
        continue;
      AnyActive = true;
      for (int64_t W = Word(Addr[K]), Last = Word(Addr[K] + Bytes - 1);
           W <= Last; ++W)
        Banks[(unsigned)(((W % kBanks) + kBanks) % kBanks)].insert(W);
    }
    if (!AnyActive)
      continue;
    unsigned Ways = 0;
    for (auto &B : Banks)
      Ways = std::max<unsigned>(Ways, B.second.size());
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
