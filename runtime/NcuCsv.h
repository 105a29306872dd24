//===- NcuCsv.h - Nsight Compute's source page as CSV ---------------------===//
//
// Reads what `ncu -i REPORT --page source --csv --print-source cuda,sass
// --print-units base` prints (checked on real exports, see
// docs/verify.md, "--ncu-csv"):
//
//   "File Path","/path/k.cu"
//   "Function Name","void k<float>(float *, int)"
//   "Line No","Source","Address","Source",<metric labels...>
//   "95","<source text, quotes NOT escaped>","-","-",<line totals>
//   "","","0x7fd4a325d2e0","  LDG.E R2, [R2.64] ",<per-instruction values>
//   "","","...","...","-",...                       (filler)
//
// One "File Path"/"Function Name" block per launch and source file, in
// launch order. Per-request values must come from the SASS rows (a line's
// totals add loads and stores, unrolled copies and every non-memory
// instruction of the line), so the reader keeps every instruction.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_NCUCSV_H
#define CCL_RUNTIME_NCUCSV_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ccl {

/// One SASS row: an instruction and its counters over the whole launch.
struct NcuInstruction {
  std::string Address;   ///< "0x7fd4a325d2e0"
  std::string Sass;      ///< "LDG.E R2, [R2.64]"
  std::string Space;     ///< "Global", "Shared", "Local", ... ("" if none)
  std::string Operation; ///< "Load", "Store", ... ("" if none)
  unsigned Bits = 0;     ///< Access Size (0 when not a memory instruction)
  double Executed = 0;   ///< warp-level instructions executed
  /// Predicated-on thread instructions executed (nullopt: column absent).
  std::optional<double> Threads;
  std::optional<double> Sectors, IdealSectors;       ///< L2 theoretical
  std::optional<double> Wavefronts, IdealWavefronts; ///< L1 shared
  std::optional<double> ConflictWays; ///< "L1 Conflicts Shared N-Way"

  bool global() const { return Space == "Global"; }
  bool shared() const { return Space == "Shared"; }
  /// Average over the executions of the instruction (0 when never run).
  double perRequest(std::optional<double> V) const {
    return V && Executed > 0 ? *V / Executed : 0;
  }
  /// Average active (predicated-on) lanes per execution; nullopt when the
  /// column is absent.
  std::optional<double> activeLanes() const {
    if (!Threads || Executed <= 0)
      return std::nullopt;
    return *Threads / Executed;
  }
};

/// A CUDA source row and the SASS rows attributed to it.
struct NcuSourceLine {
  unsigned Line = 0;
  std::string Text;
  std::vector<NcuInstruction> Instructions;
};

/// One profiled kernel launch: its blocks, one per source file.
struct NcuLaunch {
  std::string Function; ///< as ncu prints it: "void Sobel<double>(uchar4 *)"
  std::string Name;     ///< without return type and parameters: "Sobel<double>"
  struct FileBlock {
    std::string Path;
    std::vector<NcuSourceLine> Lines;
  };
  std::vector<FileBlock> Files;

  /// The rows of \p Line in the block whose path ends in \p FileName (a
  /// file name, as the export's paths are those of the profiled machine).
  const NcuSourceLine *line(llvm::StringRef FileName, unsigned Line) const;
  /// Some block's path ends in \p FileName.
  bool hasFile(llvm::StringRef FileName) const;
};

struct NcuSourcePage {
  std::vector<NcuLaunch> Launches;
  /// Data rows that had fewer cells than the header (skipped).
  unsigned MalformedRows = 0;
};

/// Parses a `--print-source cuda,sass` export. An export made with
/// `--print-source cuda` (no metric columns) or `sass` (no source lines) is
/// an error that says how to export it instead.
llvm::Expected<NcuSourcePage> parseNcuSourcePage(llvm::StringRef Csv);

/// Reads and parses the export at \p Path. Its errors name it after
/// \p Label: "cannot read LABEL'PATH'", "LABEL'PATH': why" (\p Label is
/// "--ncu-csv " on the command line, "" where the option is not named).
llvm::Expected<NcuSourcePage> readNcuSourcePage(llvm::StringRef Path,
                                                llvm::StringRef Label = "");

/// "Sobel<double>" from "void Sobel<double>(uchar4 *, uchar4 *, int, int)".
std::string ncuKernelName(llvm::StringRef Function);

/// Per line of one launch, for --verify=gpu (one launch per kernel run):
/// the per-request values of the line's instruction of a space with the
/// most sectors or wavefronts per execution.
struct NcuLine {
  double Sectors = 0, SectorsIdeal = 0, Wavefronts = 0, WavefrontsIdeal = 0;
  bool HasGlobal = false, HasShared = false;
};
std::vector<std::map<unsigned, NcuLine>> parseNcuSourceCsv(llvm::StringRef Csv,
                                                           std::string &Error);

} // namespace ccl
#endif
