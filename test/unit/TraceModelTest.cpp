// The verifier's own counting of recorded warp requests (runtime/TraceModel.cpp),
// checked on hand-computed cases independently of analyzer/WarpModel.
#include "runtime/CpuVerifier.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {
std::vector<std::pair<unsigned, uint64_t>> lanes(uint64_t Base, uint64_t Stride,
                                                 unsigned N = 32) {
  std::vector<std::pair<unsigned, uint64_t>> L;
  for (unsigned K = 0; K < N; ++K)
    L.push_back({K, Base + Stride * K});
  return L;
}
} // namespace

TEST(TraceModel, GlobalSectors) {
  Measurement M = measureRequest(lanes(4096, 4), 4, false);
  EXPECT_EQ(M.Sectors, 4u);
  EXPECT_EQ(M.IdealSectors, 4u);
  M = measureRequest(lanes(4096, 128), 4, false);
  EXPECT_EQ(M.Sectors, 32u);
  EXPECT_EQ(M.IdealSectors, 4u);
  M = measureRequest(lanes(4100, 4), 4, false); // one word off
  EXPECT_EQ(M.Sectors, 5u);
  M = measureRequest(lanes(0, 0), 4, false); // broadcast
  EXPECT_EQ(M.Sectors, 1u);
  EXPECT_EQ(M.IdealSectors, 1u);
  M = measureRequest(lanes(0, 256), 16, false); // float4, 256 apart
  EXPECT_EQ(M.Sectors, 32u);
  EXPECT_EQ(M.IdealSectors, 16u);
}

TEST(TraceModel, SharedWavefronts) {
  Measurement M = measureRequest(lanes(0, 128), 4, true); // a tile column
  EXPECT_EQ(M.Wavefronts, 32u);
  EXPECT_EQ(M.ConflictWays, 32u);
  EXPECT_EQ(M.IdealWavefronts, 1u);
  M = measureRequest(lanes(0, 132), 4, true); // padded column
  EXPECT_EQ(M.ConflictWays, 1u);
  M = measureRequest(lanes(0, 16), 16, true); // float4: 4 phases of 8 lanes
  EXPECT_EQ(M.Wavefronts, 4u);
  EXPECT_EQ(M.IdealWavefronts, 4u);
  M = measureRequest(lanes(0, 16), 8, true); // double at 16: 2-way per phase
  EXPECT_EQ(M.ConflictWays, 2u);
  EXPECT_EQ(M.Wavefronts, 4u);
  M = measureRequest(lanes(0, 128, 8), 4, true); // 8 active lanes
  EXPECT_EQ(M.ConflictWays, 8u);
}
