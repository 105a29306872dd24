//===- WarpModel.h - What one warp request costs --------------------------===//
//
// Pure arithmetic on concrete byte addresses; everything symbolic is resolved
// before these functions are called (AccessCost.h).
//
// Global memory: lane k covers [Addr[k], Addr[k] + Bytes). The request moves
// every distinct 32-byte sector covered by an active lane.
//   Sectors      = |{ floor(b / 32) : b covered by an active lane }|
//   IdealSectors = ceil(distinct bytes covered / 32)
// e.g. 32 lanes reading 4-byte words at byte 128*k: 32 sectors, ideal 4.
//
// Shared memory: 32 banks of 4-byte words, bank(word) = word % 32. A warp
// request is served in phases of 32 lanes (Bytes <= 4), 16 lanes (8 bytes) or
// 8 lanes (16 bytes). Within a phase the lanes hitting different words of one
// bank serialize; lanes hitting the same word share it (broadcast).
//   wavefronts(phase) = max over banks of distinct words touched in that bank
//   Wavefronts        = sum over phases with an active lane
//   ideal(phase)      = max(1, ceil(active lanes in phase * Bytes / 128)):
//                       1 up to 16 bytes per lane; a 32-byte double4 needs 2
//                       per phase of 8 lanes (8 for a full warp)
//   IdealWavefronts   = sum over phases with an active lane of ideal(phase)
//   ConflictWays      = max over phases of ceil(wavefronts / ideal)
// e.g. lane k reading word 32*k: 32 wavefronts, ideal 1, 32-way.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_WARPMODEL_H
#define CCL_ANALYZER_WARPMODEL_H

#include "analyzer/LaneValue.h"

namespace ccl {

constexpr unsigned kSectorBytes = 32;
constexpr unsigned kBanks = 32;
constexpr unsigned kBankWordBytes = 4;

struct GlobalCost {
  unsigned Sectors = 0;
  unsigned IdealSectors = 0;
};

struct SharedCost {
  unsigned Wavefronts = 0;
  unsigned IdealWavefronts = 0;
  unsigned ConflictWays = 0;
};

/// The 32-byte sector holding byte \p Byte of global memory (floor).
inline int64_t sectorOf(int64_t Byte) {
  return Byte >= 0 ? Byte / kSectorBytes
                   : -((-Byte + kSectorBytes - 1) / int64_t(kSectorBytes));
}
/// The 4-byte word holding byte \p Byte of shared memory (floor), and its bank.
inline int64_t wordOf(int64_t Byte) {
  return Byte >= 0 ? Byte / kBankWordBytes
                   : -((-Byte + kBankWordBytes - 1) / int64_t(kBankWordBytes));
}
inline unsigned bankOf(int64_t Word) {
  return unsigned(((Word % kBanks) + kBanks) % kBanks);
}

/// Lanes per phase for a shared access of \p Bytes per lane.
unsigned sharedPhaseLanes(unsigned Bytes);

GlobalCost globalCost(const LaneArray &Addr, LaneBits Active, unsigned Bytes);
SharedCost sharedCost(const LaneArray &Addr, LaneBits Active, unsigned Bytes);

} // namespace ccl
#endif
