//===- NcuCsv.h - Nsight Compute's source-page CSV ------------------------===//
#ifndef CCL_RUNTIME_NCUCSV_H
#define CCL_RUNTIME_NCUCSV_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <string>
#include <vector>

namespace ccl {

/// Nsight Compute's per-source-line counters (SourceCounters section).
struct NcuLine {
  double Sectors = 0, SectorsIdeal = 0, Wavefronts = 0, WavefrontsIdeal = 0;
  bool HasGlobal = false, HasShared = false;
};
/// Parses `ncu -i REP --page source --csv --print-source cuda`: one table per
/// profiled kernel launch, in launch order; each maps a source line to its
/// counters. Columns are found by name: a line-number column ("Line", "#",
/// "Source Line") and the metrics memory_l2_theoretical_sectors_global(_ideal)
/// and memory_l1_wavefronts_shared(_ideal), by metric id or display name.
std::vector<std::map<unsigned, NcuLine>> parseNcuSourceCsv(llvm::StringRef Csv,
                                                           std::string &Error);

} // namespace ccl
#endif
