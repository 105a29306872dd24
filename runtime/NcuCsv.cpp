//===- NcuCsv.cpp - Reading Nsight Compute's source page as CSV -----------===//
#include "runtime/NcuCsv.h"
#include "llvm/ADT/SmallVector.h"
#include <cctype>

using namespace ccl;

namespace {
/// One CSV record: quoted cells may contain commas and doubled quotes.
std::vector<std::string> splitCsv(llvm::StringRef Line) {
  std::vector<std::string> Cells(1);
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char Ch = Line[I];
    if (Quoted) {
      if (Ch == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Cells.back() += '"';
        ++I;
      } else if (Ch == '"') {
        Quoted = false;
      } else {
        Cells.back() += Ch;
      }
    } else if (Ch == '"') {
      Quoted = true;
    } else if (Ch == ',') {
      Cells.emplace_back();
    } else if (Ch != '\r') {
      Cells.back() += Ch;
    }
  }
  return Cells;
}

/// "L2 Theoretical Sectors Global" and "memory_l2_theoretical_sectors_global"
/// both become "l2_theoretical_sectors_global".
std::string normalize(llvm::StringRef Name) {
  std::string S;
  for (char Ch : Name.trim()) {
    if (std::isalnum((unsigned char)Ch))
      S += (char)std::tolower((unsigned char)Ch);
    else if (!S.empty() && S.back() != '_')
      S += '_';
  }
  while (!S.empty() && S.back() == '_')
    S.pop_back();
  llvm::StringRef R(S);
  R.consume_front("memory_");
  return R.str();
}

enum Column {
  None,
  LineNo,
  Sectors,
  SectorsIdeal,
  Wavefronts,
  WavefrontsIdeal
};

Column classify(const std::string &N) {
  if (N == "line" || N == "source_line" || N == "line_number" || N.empty())
    return N.empty() ? None : LineNo;
  if (N == "l2_theoretical_sectors_global")
    return Sectors;
  if (N == "l2_theoretical_sectors_global_ideal")
    return SectorsIdeal;
  if (N == "l1_wavefronts_shared")
    return Wavefronts;
  if (N == "l1_wavefronts_shared_ideal")
    return WavefrontsIdeal;
  return None;
}

bool number(llvm::StringRef Cell, double &V) {
  std::string Digits;
  for (char Ch : Cell)
    if (std::isdigit((unsigned char)Ch) || Ch == '.' || Ch == '-' ||
        Ch == 'e' || Ch == 'E' || Ch == '+')
      Digits += Ch;
  if (Digits.empty())
    return false;
  return !llvm::StringRef(Digits).getAsDouble(V);
}
} // namespace

std::vector<std::map<unsigned, NcuLine>>
ccl::parseNcuSourceCsv(llvm::StringRef Csv, std::string &Error) {
  std::vector<std::map<unsigned, NcuLine>> Tables;
  std::vector<Column> Cols;
  int LineCol = -1;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Csv.split(Lines, '\n');
  for (llvm::StringRef Raw : Lines) {
    if (Raw.trim().empty())
      continue;
    std::vector<std::string> Cells = splitCsv(Raw);
    // A header row names a line column and at least one known metric.
    std::vector<Column> Kinds;
    int L = -1;
    bool AnyMetric = false;
    for (size_t I = 0; I < Cells.size(); ++I) {
      std::string N = normalize(Cells[I]);
      Column K = classify(N);
      if (Cells[I] == "#" || K == LineNo) {
        if (L < 0)
          L = I;
        K = LineNo;
      }
      AnyMetric |= K != None && K != LineNo;
      Kinds.push_back(K);
    }
    if (L >= 0 && AnyMetric) {
      Cols = Kinds;
      LineCol = L;
      Tables.emplace_back();
      continue;
    }
    if (LineCol < 0 || (size_t)LineCol >= Cells.size())
      continue;
    double LineV;
    if (!number(Cells[LineCol], LineV) || LineV < 1)
      continue;
    NcuLine &Out = Tables.back()[(unsigned)LineV];
    for (size_t I = 0; I < Cells.size() && I < Cols.size(); ++I) {
      double V;
      if (Cols[I] == None || Cols[I] == LineNo || !number(Cells[I], V))
        continue;
      switch (Cols[I]) {
      case Sectors:
        Out.Sectors += V;
        Out.HasGlobal = true;
        break;
      case SectorsIdeal:
        Out.SectorsIdeal += V;
        break;
      case Wavefronts:
        Out.Wavefronts += V;
        Out.HasShared = true;
        break;
      case WavefrontsIdeal:
        Out.WavefrontsIdeal += V;
        break;
      default:
        break;
      }
    }
  }
  if (Tables.empty())
    Error = "no header row with a line column and the SourceCounters metrics";
  return Tables;
}
