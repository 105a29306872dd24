//===- TraceModel.h - Counting recorded warp requests ---------------------===//
//
// The harness's own count of what one warp request moved, from the
// addresses its lanes really used: independent of the analyzer's model
// (analyzer/WarpModel.h), so that the two can check each other.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_TRACEMODEL_H
#define CCL_RUNTIME_TRACEMODEL_H

#include <cstdint>
#include <utility>
#include <vector>

namespace ccl {

/// What the trace says one access did, worst warp request over the run.
struct Measurement {
  bool Executed = false;
  unsigned Sectors = 0, IdealSectors = 0;
  unsigned Wavefronts = 0, IdealWavefronts = 0, ConflictWays = 0;
  unsigned Warps = 0;      ///< warp requests observed
  bool OutOfRange = false; ///< some lane's address was outside every buffer
};

/// Counts one warp request from recorded addresses (TraceModel.cpp).
Measurement
measureRequest(const std::vector<std::pair<unsigned, uint64_t>> &Lanes,
               unsigned Bytes, bool Shared);

} // namespace ccl
#endif
