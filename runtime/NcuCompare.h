//===- NcuCompare.h - Predictions against Nsight Compute's counters -------===//
//
// --ncu-csv=FILE: the per-request sectors (global) or wavefronts (shared)
// that the hardware counted, from the SASS rows of a source-page export
// (NcuCsv.h), next to the analyzer's prediction for the same source line,
// memory space, operation and width.
//
// What ncu gives is an average per instruction over every execution (every
// warp, iteration and block), while a prediction is the worst request. So:
//
// * an average above the prediction refutes it (some request cost more);
// * for an exact prediction P, an average in (P-1, P] confirms it: requests
//   cost whole sectors, so some request reached P, and none exceeded it on
//   average (edge blocks with fewer active lanes pull the average down);
// * an average at or below P-1 is within the bound but confirms nothing.
//
// The L2 theoretical sectors are exact counts; the L1 shared wavefronts are
// hardware counters that drift (+0.1-0.5%), so shared values get 1% slack.
// Several SASS instructions on one line (unrolled loops, inlined calls, a
// struct copy split in pieces) are compared by the one with the most per
// request; several analyzed accesses of one kind on a line must each be
// matched by some instruction.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_NCUCOMPARE_H
#define CCL_RUNTIME_NCUCOMPARE_H

#include "analyzer/Dim3.h"
#include "runtime/NcuCsv.h"
#include <string>
#include <vector>

namespace ccl {

/// One analyzed access, as far as the comparison needs it.
struct NcuPrediction {
  bool Shared = false;
  AccessOp Op = AccessOp::Load;
  unsigned Bytes = 0; ///< per lane (0: unknown)
  bool Known = false, Exact = false;
  unsigned Cost = 0, Ideal = 0; ///< sectors or wavefronts per request
  unsigned ActiveLanes = 32;
};

struct NcuComparison {
  enum Kind {
    Confirmed,   ///< exact, and the hardware average is in (P-1, P]
    Refuted,     ///< the hardware average exceeds the prediction
    WithinBound, ///< not above the prediction; confirms nothing more
    Unpredicted, ///< measured, nothing predicted
    NotExecuted, ///< the instructions never ran
    NotFound,    ///< no matching instruction (Text says why)
  };
  Kind Result = NotFound;
  std::string Text; ///< "ncu: 32 wavefronts per request (ideal 1) ..."
  /// The instruction with the most per request, per request.
  double Cost = 0, Ideal = 0, ActiveLanes = 0, Executed = 0;
  unsigned Instructions = 0; ///< matching SASS instructions
  std::string Sass;          ///< that instruction
};

/// The memory instructions of \p Line that match \p P's space and
/// operation, from every launch in \p Launches whose file is \p FileName;
/// the same instruction (address) in several launches is summed.
std::vector<NcuInstruction>
ncuInstructionsFor(const std::vector<const NcuLaunch *> &Launches,
                   llvm::StringRef FileName, unsigned Line,
                   const NcuPrediction &P);

/// The lines of \p FileName in \p Launches that have a memory instruction
/// of \p P's space and operation (to say where they are when \p P's line
/// has none).
std::vector<unsigned>
ncuLinesWith(const std::vector<const NcuLaunch *> &Launches,
             llvm::StringRef FileName, const NcuPrediction &P);

/// The first line whose source text in the export differs from \p Lines
/// (the file's lines, 1-based: Lines[0] is line 1), ignoring white space
/// (a long enough prefix of the line also matches); lines ncu could not
/// open are skipped. 0 when none differs.
unsigned ncuSourceMismatch(const NcuLaunch &Launch, llvm::StringRef FileName,
                           const std::vector<llvm::StringRef> &Lines);

/// Compares prediction \p Which of \p Group (every analyzed access of one
/// kernel on one line with the same space and operation) with \p Instrs.
NcuComparison compareWithNcu(const std::vector<NcuPrediction> &Group,
                             size_t Which,
                             const std::vector<NcuInstruction> &Instrs);

/// The launches of \p Page that ran kernel \p Name ("k", "k<float>",
/// "ns::k"): the same name, else the same name without template arguments
/// and namespaces when that is unambiguous on both sides (\p Others: the
/// other analyzed kernels' names).
std::vector<const NcuLaunch *>
ncuLaunchesOf(const NcuSourcePage &Page, llvm::StringRef Name,
              const std::vector<std::string> &Others);

} // namespace ccl
#endif
