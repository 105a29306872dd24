//===- TraceModel.cpp - Counting a recorded warp request ------------------===//
//
// Deliberately separate from analyzer/WarpModel.cpp: the verifier must not
// reuse the arithmetic it checks. Written from the definitions:
//   global: the distinct 32-byte sectors the lanes' [addr, addr+bytes) cover;
//           ideal = ceil(distinct bytes / 32)
//   shared: lanes in phases of 32 (<= 4 bytes), 16 (8 bytes), 8 (16 bytes);
//           per phase the most distinct 4-byte words in one of 32 banks.
//
//===----------------------------------------------------------------------===//
#include "runtime/TraceModel.h"
#include <algorithm>
#include <map>
#include <set>

using namespace ccl;

Measurement
ccl::measureRequest(const std::vector<std::pair<unsigned, uint64_t>> &Lanes,
                    unsigned Bytes, bool Shared) {
  Measurement M;
  M.Executed = !Lanes.empty();
  M.Warps = 1;
  if (Lanes.empty() || Bytes == 0)
    return M;
  if (!Shared) {
    std::set<uint64_t> Sectors, Used;
    for (const auto &[Lane, Addr] : Lanes)
      for (uint64_t B = Addr; B < Addr + Bytes; ++B) {
        Used.insert(B);
        Sectors.insert(B / 32);
      }
    M.Sectors = Sectors.size();
    M.IdealSectors = (Used.size() + 31) / 32;
    return M;
  }
  unsigned PerPhase = Bytes <= 4 ? 32 : Bytes <= 8 ? 16 : 8;
  std::map<unsigned, std::map<unsigned, std::set<uint64_t>>> Phases;
  for (const auto &[Lane, Addr] : Lanes)
    for (uint64_t W = Addr / 4; W <= (Addr + Bytes - 1) / 4; ++W)
      Phases[Lane / PerPhase][W % 32].insert(W);
  for (const auto &[Phase, Banks] : Phases) {
    unsigned Worst = 0;
    for (const auto &[Bank, Words] : Banks)
      Worst = std::max<unsigned>(Worst, Words.size());
    M.Wavefronts += Worst;
    M.IdealWavefronts += 1;
    M.ConflictWays = std::max(M.ConflictWays, Worst);
  }
  return M;
}
