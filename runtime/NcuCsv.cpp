//===- NcuCsv.cpp - Reading Nsight Compute's source page as CSV -----------===//
#include "runtime/NcuCsv.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cctype>

using namespace ccl;
using llvm::StringRef;

namespace {
llvm::Error fail(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// The cells of one row. ncu quotes every cell and separates them with
/// `","`, but does not escape quotes inside the source text: splitting on
/// the separator is exact for every cell but that text, which the caller
/// joins back (it knows the header's width).
std::vector<std::string> splitRow(StringRef Row) {
  Row = Row.trim();
  if (Row.ends_with(","))
    Row = Row.drop_back(); // "Kernel Name","k", (sass-only exports)
  if (Row.starts_with("\""))
    Row = Row.drop_front();
  if (Row.ends_with("\""))
    Row = Row.drop_back();
  llvm::SmallVector<StringRef, 80> Parts;
  Row.split(Parts, "\",\"");
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

/// "L2 Theoretical Sectors Global" and "memory_l2_theoretical_sectors_global"
/// both become "l2_theoretical_sectors_global".
std::string normalize(StringRef Name) {
  std::string S;
  for (char Ch : Name.trim()) {
    if (std::isalnum((unsigned char)Ch))
      S += (char)std::tolower((unsigned char)Ch);
    else if (!S.empty() && S.back() != '_')
      S += '_';
  }
  while (!S.empty() && S.back() == '_')
    S.pop_back();
  StringRef R(S);
  R.consume_front("memory_");
  R.consume_front("derived_memory_");
  return R.str();
}

enum Column {
  Other,
  Executed,
  Threads,
  Space,
  Operation,
  Size,
  Sectors,
  SectorsIdeal,
  Wavefronts,
  WavefrontsIdeal,
  Ways
};

Column classify(StringRef Label) {
  std::string N = normalize(Label);
  if (N == "instructions_executed" || N == "inst_executed")
    return Executed;
  if (N == "predicated_on_thread_instructions_executed" ||
      N == "thread_inst_executed_true")
    return Threads;
  if (N == "address_space")
    return Space;
  if (N == "access_operation")
    return Operation;
  if (N == "access_size")
    return Size;
  if (N == "l2_theoretical_sectors_global")
    return Sectors;
  if (N == "l2_theoretical_sectors_global_ideal")
    return SectorsIdeal;
  if (N == "l1_wavefronts_shared")
    return Wavefronts;
  if (N == "l1_wavefronts_shared_ideal")
    return WavefrontsIdeal;
  if (N == "l1_conflicts_shared_n_way" || N == "l1_conflicts_shared_nway")
    return Ways;
  return Other;
}

/// A plain number; "-" and "" (not applicable) are nullopt. Thousands
/// separators are dropped. Anything else (a scaled unit) is an error.
llvm::Expected<std::optional<double>> number(StringRef Cell) {
  Cell = Cell.trim();
  if (Cell.empty() || Cell == "-")
    return std::nullopt;
  std::string Digits;
  for (char Ch : Cell)
    if (Ch != ',')
      Digits += Ch;
  double V;
  if (StringRef(Digits).getAsDouble(V))
    return fail("value '" + Cell +
                "' is not a plain number (export with "
                "--print-units base)");
  return V;
}

struct Header {
  std::vector<Column> Cols; ///< per cell
  size_t Width = 0;
};

/// Fills \p I from \p Cells (the header's width) by the header's columns.
llvm::Error readInstruction(const Header &H,
                            const std::vector<std::string> &Cells,
                            NcuInstruction &I) {
  I.Address = Cells[2];
  I.Sass = StringRef(Cells[3]).trim().str();
  for (size_t C = 4; C < H.Width; ++C) {
    StringRef Cell = StringRef(Cells[C]).trim();
    switch (H.Cols[C]) {
    case Other:
      continue;
    case Space:
      I.Space = Cell == "-" ? "" : Cell.str();
      continue;
    case Operation:
      I.Operation = Cell == "-" ? "" : Cell.str();
      continue;
    case Size:
      if (Cell.getAsInteger(10, I.Bits))
        I.Bits = 0;
      continue;
    default:
      break;
    }
    llvm::Expected<std::optional<double>> V = number(Cell);
    if (!V)
      return V.takeError();
    switch (H.Cols[C]) {
    case Executed:
      I.Executed = V->value_or(0);
      break;
    case Threads:
      I.Threads = *V;
      break;
    case Sectors:
      I.Sectors = *V;
      break;
    case SectorsIdeal:
      I.IdealSectors = *V;
      break;
    case Wavefronts:
      I.Wavefronts = *V;
      break;
    case WavefrontsIdeal:
      I.IdealWavefronts = *V;
      break;
    case Ways:
      I.ConflictWays = *V;
      break;
    default:
      break;
    }
  }
  return llvm::Error::success();
}

bool endsWithFile(StringRef Path, StringRef FileName) {
  if (FileName.empty())
    return false;
  if (!Path.ends_with(FileName))
    return false;
  if (Path.size() == FileName.size())
    return true;
  char Before = Path[Path.size() - FileName.size() - 1];
  return Before == '/' || Before == '\\';
}
} // namespace

std::string ccl::ncuKernelName(StringRef F) {
  F = F.trim();
  // The parameter list: the last top-level "(...)".
  if (F.ends_with(")")) {
    int Depth = 0;
    for (size_t I = F.size(); I-- > 0;) {
      if (F[I] == ')')
        ++Depth;
      else if (F[I] == '(' && --Depth == 0) {
        F = F.take_front(I).rtrim();
        break;
      }
    }
  }
  // The return type: up to the last space outside <> and ().
  int Angle = 0, Paren = 0;
  size_t Start = 0;
  for (size_t I = 0; I < F.size(); ++I) {
    char Ch = F[I];
    if (Ch == '<')
      ++Angle;
    else if (Ch == '>')
      --Angle;
    else if (Ch == '(')
      ++Paren;
    else if (Ch == ')')
      --Paren;
    else if (Ch == ' ' && Angle == 0 && Paren == 0)
      Start = I + 1;
  }
  return F.drop_front(Start).str();
}

const NcuSourceLine *NcuLaunch::line(StringRef FileName, unsigned Line) const {
  for (const FileBlock &B : Files)
    if (endsWithFile(B.Path, FileName))
      for (const NcuSourceLine &L : B.Lines)
        if (L.Line == Line)
          return &L;
  return nullptr;
}

bool NcuLaunch::hasFile(StringRef FileName) const {
  for (const FileBlock &B : Files)
    if (endsWithFile(B.Path, FileName))
      return true;
  return false;
}

namespace {
/// The block of rows of function \p F in source file \p Path: a new
/// launch unless it continues the current launch with another file.
NcuLaunch::FileBlock *startBlock(NcuSourcePage &Page, const std::string &F,
                                 const std::string &Path) {
  bool Continues = !Page.Launches.empty() &&
                   Page.Launches.back().Function == F &&
                   !Page.Launches.back().hasFile(Path) && !Path.empty();
  if (!Continues) {
    Page.Launches.emplace_back();
    Page.Launches.back().Function = F;
    Page.Launches.back().Name = ncuKernelName(F);
  }
  Page.Launches.back().Files.push_back({Path, {}});
  return &Page.Launches.back().Files.back();
}

/// A page with no launch, or no SASS row: what was exported instead, and
/// how to export it (\p SassOnly, \p CudaOnly: the headers of the other
/// --print-source choices were seen).
llvm::Error checkPage(const NcuSourcePage &Page, bool SassOnly, bool CudaOnly) {
  if (Page.Launches.empty()) {
    if (SassOnly)
      return fail("the CSV was exported with --print-source sass, which has "
                  "no source lines; export it with ncu -i REPORT --page "
                  "source --csv --print-source cuda,sass --print-units base");
    if (CudaOnly)
      return fail("the CSV was exported with --print-source cuda, which "
                  "prints no metrics; export it with ncu -i REPORT --page "
                  "source --csv --print-source cuda,sass --print-units base");
    return fail("not an Nsight Compute source page (expected the output of "
                "ncu -i REPORT --page source --csv --print-source cuda,sass "
                "--print-units base)");
  }
  bool AnyInstruction = false;
  for (const NcuLaunch &L : Page.Launches)
    for (const NcuLaunch::FileBlock &B : L.Files)
      for (const NcuSourceLine &S : B.Lines)
        AnyInstruction |= !S.Instructions.empty();
  if (!AnyInstruction)
    return fail("the source page has no SASS rows; export it with "
                "--print-source cuda,sass");
  return llvm::Error::success();
}
} // namespace

namespace {
/// The header of a `--print-source cuda,sass` block ("Line No", "Source",
/// "Address", ...); nullopt for another layout.
std::optional<Header> sassHeader(const std::vector<std::string> &Cells) {
  if (Cells.size() < 5 || Cells[2] != "Address")
    return std::nullopt;
  Header H;
  H.Width = Cells.size();
  for (const std::string &C : Cells)
    H.Cols.push_back(classify(C));
  return H;
}

/// A row whose source text had `","` in it, split into too many cells:
/// the text's pieces joined back into cell 1, \p Width cells in all.
void joinSourceCells(std::vector<std::string> &Cells, size_t Width) {
  size_t Extra = Cells.size() - Width;
  for (size_t I = 0; I < Extra; ++I)
    Cells[1] += "\",\"" + Cells[2 + I];
  Cells.erase(Cells.begin() + 2, Cells.begin() + 2 + Extra);
}
} // namespace

llvm::Expected<NcuSourcePage> ccl::parseNcuSourcePage(StringRef Csv) {
  NcuSourcePage Page;
  bool CudaOnly = false, SassOnly = false;
  std::string Path;
  std::optional<Header> H;
  NcuLaunch::FileBlock *Block = nullptr;
  NcuSourceLine *Line = nullptr;
  llvm::SmallVector<StringRef, 0> Rows;
  Csv.split(Rows, '\n');
  for (StringRef Row : Rows) {
    if (Row.ends_with("\r"))
      Row = Row.drop_back();
    if (!Row.starts_with("\""))
      continue; // ==PROF==, ==WARNING==, blank
    std::vector<std::string> Cells = splitRow(Row);
    StringRef First = Cells[0];
    if (First == "File Path") {
      Path = Cells.size() > 1 ? Cells[1] : "";
      Block = nullptr;
      H.reset();
      continue;
    }
    if (First == "Function Name") {
      Block = startBlock(Page, Cells.size() > 1 ? Cells[1] : "", Path);
      Line = nullptr;
      H.reset();
      continue;
    }
    if (First == "File Name") {
      CudaOnly = true;
      continue;
    }
    if (First == "Kernel Name" || First == "Address") {
      SassOnly = true;
      continue;
    }
    if (First == "Line No") {
      H = sassHeader(Cells);
      CudaOnly |= !H;
      continue;
    }
    if (!H || !Block)
      continue;
    if (Cells.size() < H->Width) {
      ++Page.MalformedRows;
      continue;
    }
    if (Cells.size() > H->Width) // the source text had `","` in it
      joinSourceCells(Cells, H->Width);
    if (!Cells[0].empty()) {
      unsigned N;
      if (StringRef(Cells[0]).trim().getAsInteger(10, N)) {
        ++Page.MalformedRows;
        continue;
      }
      StringRef Text(Cells[1]);
      if (Text.ends_with("\r"))
        Text = Text.drop_back(); // a CRLF source file
      Block->Lines.push_back({N, Text.str(), {}});
      Line = &Block->Lines.back();
      continue;
    }
    if (Cells[2] == "..." || Cells[2].empty() || !Line)
      continue;
    NcuInstruction I;
    if (llvm::Error E = readInstruction(*H, Cells, I))
      return fail("line " + llvm::Twine(Line->Line) + " of '" +
                  Page.Launches.back().Function +
                  "': " + llvm::toString(std::move(E)));
    Line->Instructions.push_back(std::move(I));
  }
  if (llvm::Error E = checkPage(Page, SassOnly, CudaOnly))
    return std::move(E);
  return Page;
}

std::vector<std::map<unsigned, NcuLine>>
ccl::parseNcuSourceCsv(StringRef Csv, std::string &Error) {
  std::vector<std::map<unsigned, NcuLine>> Tables;
  llvm::Expected<NcuSourcePage> Page = parseNcuSourcePage(Csv);
  if (!Page) {
    Error = llvm::toString(Page.takeError());
    return Tables;
  }
  for (const NcuLaunch &L : Page->Launches) {
    std::map<unsigned, NcuLine> &T = Tables.emplace_back();
    for (const NcuLaunch::FileBlock &B : L.Files)
      for (const NcuSourceLine &S : B.Lines)
        for (const NcuInstruction &I : S.Instructions) {
          if (I.Executed <= 0)
            continue;
          NcuLine &Out = T[S.Line];
          if (I.global() && I.Sectors &&
              I.perRequest(I.Sectors) >= Out.Sectors) {
            Out.HasGlobal = true;
            Out.Sectors = I.perRequest(I.Sectors);
            Out.SectorsIdeal = I.perRequest(I.IdealSectors);
          }
          if (I.shared() && I.Wavefronts &&
              I.perRequest(I.Wavefronts) >= Out.Wavefronts) {
            Out.HasShared = true;
            Out.Wavefronts = I.perRequest(I.Wavefronts);
            Out.WavefrontsIdeal = I.perRequest(I.IdealWavefronts);
          }
        }
  }
  return Tables;
}

llvm::Expected<NcuSourcePage> ccl::readNcuSourcePage(StringRef Path,
                                                     StringRef Label) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read " + Label + "'" + Path + "'");
  llvm::Expected<NcuSourcePage> Page = parseNcuSourcePage((*Buf)->getBuffer());
  if (!Page)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Label + "'" + Path +
                                       "': " + toString(Page.takeError()));
  return Page;
}
