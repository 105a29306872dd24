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
// per access with a lane-varying unknown), so they avoid sorting where they
// can: lane addresses are usually monotone in the lane, and a sorted list of
// equal-length ranges gives the distinct sectors and bytes in one sweep.
GlobalCost ccl::globalCost(const LaneArray &Addr, LaneBits Active,
                           unsigned Bytes) {
  GlobalCost R;
  if (!Active || Bytes == 0)
    return R;
  int64_t A[kWarpSize];
  unsigned N = 0;
  bool Ascending = true, Descending = true;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Active >> K & 1))
      continue;
    if (N) {
      Ascending &= Addr[K] >= A[N - 1];
      Descending &= Addr[K] <= A[N - 1];
    }
    A[N++] = Addr[K];
  }
  if (!Ascending) {
    if (Descending)
      std::reverse(A, A + N);
    else
      std::sort(A, A + N);
  }
  // Ranges [A[i], A[i] + Bytes) by ascending start: their ends ascend too,
  // so each range adds the sectors and bytes past the furthest end so far.
  int64_t End = A[0] + Bytes, LastSector = floorDiv(End - 1, kSectorBytes);
  int64_t Distinct = Bytes,
          Sectors = LastSector - floorDiv(A[0], kSectorBytes) + 1;
  for (unsigned I = 1; I < N; ++I) {
    int64_t B = A[I], E = A[I] + Bytes;
    int64_t First = floorDiv(B, kSectorBytes),
            Last = floorDiv(E - 1, kSectorBytes);
    if (Last > LastSector) {
      Sectors += Last - std::max(First - 1, LastSector);
      LastSector = Last;
    }
    if (E > End) {
      Distinct += E - std::max(B, End);
      End = E;
    }
  }
  R.Sectors = Sectors;
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
    // The distinct words of each bank in this phase, as short lists (a
    // bank's ways are its list's length): no sort, one pass in the usual
    // case of lanes on different banks.
    constexpr unsigned kMaxWords = kWarpSize * 8;
    int64_t Word[kMaxWords];
    int16_t Next[kMaxWords];
    int16_t Head[kBanks];
    uint16_t Count[kBanks] = {};
    std::fill(std::begin(Head), std::end(Head), -1);
    unsigned NWords = 0, Ways = 0;
    bool AnyActive = false, Overflow = false;
    for (unsigned K = P; K < P + PhaseLanes && !Overflow; ++K) {
      if (!(Active >> K & 1))
        continue;
      AnyActive = true;
      for (int64_t W = floorDiv(Addr[K], kBankWordBytes),
                   Last = floorDiv(Addr[K] + Bytes - 1, kBankWordBytes);
           W <= Last; ++W) {
        unsigned Bank = (unsigned)(((W % kBanks) + kBanks) % kBanks);
        bool Seen = false;
        for (int16_t I = Head[Bank]; I >= 0 && !Seen; I = Next[I])
          Seen = Word[I] == W;
        if (Seen)
          continue;
        if (NWords == kMaxWords) {
          Overflow = true;
          break;
        }
        Word[NWords] = W;
        Next[NWords] = Head[Bank];
        Head[Bank] = (int16_t)NWords++;
        Ways = std::max<unsigned>(Ways, ++Count[Bank]);
      }
    }
    if (!AnyActive)
      continue;
    if (Overflow) {
      // Wider than 8 words per lane (only arrays of large structs): sort.
      llvm::SmallVector<std::pair<unsigned, int64_t>, 2 * kWarpSize> Words;
      for (unsigned K = P; K < P + PhaseLanes; ++K) {
        if (!(Active >> K & 1))
          continue;
        for (int64_t W = floorDiv(Addr[K], kBankWordBytes),
                     Last = floorDiv(Addr[K] + Bytes - 1, kBankWordBytes);
             W <= Last; ++W)
          Words.push_back({(unsigned)(((W % kBanks) + kBanks) % kBanks), W});
      }
      llvm::sort(Words);
      Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
      Ways = 0;
      for (size_t I = 0; I < Words.size();) {
        size_t J = I;
        while (J < Words.size() && Words[J].first == Words[I].first)
          ++J;
        Ways = std::max<unsigned>(Ways, J - I);
        I = J;
      }
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
