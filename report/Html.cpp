//===- Html.cpp - --format=html: a self-contained audit report ------------===//
//
// One page, no external resources: per kernel instance a table of every
// access with its numbers, and for each known access a picture of the worst
// warp request: the 32 lanes on top, below them the 32-byte sectors (global)
// or the 32 banks (shared) they touch, a line from each active lane to what
// it hits. In the bank picture a bank's distinct words stack downwards, so a
// conflict is a tall column.
//
//===----------------------------------------------------------------------===//
#include "analyzer/WarpModel.h"
#include "report/Report.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>

using namespace llvm;
using namespace ccl;

namespace {
std::string sys_basename(StringRef P) {
  size_t Slash = P.rfind('/');
  return (Slash == StringRef::npos ? P : P.substr(Slash + 1)).str();
}

std::string esc(StringRef S) {
  std::string O;
  for (char C : S) {
    switch (C) {
    case '&':
      O += "&amp;";
      break;
    case '<':
      O += "&lt;";
      break;
    case '>':
      O += "&gt;";
      break;
    case '"':
      O += "&quot;";
      break;
    default:
      O += C;
    }
  }
  return O;
}

std::string num(bool Have, int64_t V) {
  return Have ? std::to_string(V) : std::string("&ndash;");
}

/// Geometry of the warp picture.
const int W = 18, Left = 70, LaneY = 40;

/// The bottom row: the 32 banks with a bank's distinct words stacked
/// downwards (shared), or the sectors touched (global).
void drawTargets(raw_ostream &OS, bool Shared,
                 const std::map<int, std::vector<int64_t>> &BankWords,
                 const std::map<int64_t, int> &SectorColumn, int Rows,
                 int TargetY) {
  if (Shared) {
    for (int B = 0; B < 32; ++B) {
      auto It = BankWords.find(B);
      int N = It == BankWords.end() ? 0 : It->second.size();
      for (int R = 0; R < std::max(N, 1); ++R)
        OS << "<rect x=\"" << Left + B * W + 1 << "\" y=\"" << TargetY + R * 16
           << "\" width=\"" << W - 2 << "\" height=\"14\" class=\""
           << (N == 0  ? "cell empty"
               : N > 1 ? "cell conflict"
                       : "cell")
           << "\"><title>bank " << B
           << (N ? ", word " + std::to_string(It->second[R]) : std::string())
           << "</title></rect>\n";
      if (B % 4 == 0)
        OS << "<text x=\"" << Left + B * W + 2 << "\" y=\""
           << TargetY + std::max(Rows, 1) * 16 + 12 << "\" class=\"idx\">" << B
           << "</text>\n";
    }
  } else {
    for (auto &KV : SectorColumn)
      OS << "<rect x=\"" << Left + KV.second * W + 1 << "\" y=\"" << TargetY
         << "\" width=\"" << W - 2
         << "\" height=\"14\" class=\"cell\"><title>sector " << KV.first
         << " (bytes " << KV.first * kSectorBytes << "-"
         << KV.first * kSectorBytes + kSectorBytes - 1 << ")</title></rect>\n";
  }
}

/// The warp picture: lanes (top row) to sectors or banks (below).
void picture(raw_ostream &OS, const AccessReport &A) {
  if (!A.Known)
    return;
  int64_t Bytes = A.Bytes ? A.Bytes : 4;
  bool Shared = A.Space == MemObject::Shared;
  std::vector<std::optional<int64_t>> Off;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Off.push_back((A.Worst.Lanes >> K & 1)
                      ? std::optional<int64_t>(A.Worst.WorstOffsets[K])
                      : std::nullopt);
  // Targets: sector numbers (global) or (bank, word) cells (shared).
  std::map<int64_t, int> SectorColumn;
  std::map<int, std::vector<int64_t>> BankWords;
  for (const auto &O : Off) {
    if (!O)
      continue;
    if (Shared) {
      for (int64_t Wd = wordOf(*O); Wd <= wordOf(*O + Bytes - 1); ++Wd) {
        auto &V = BankWords[bankOf(Wd)];
        if (std::find(V.begin(), V.end(), Wd) == V.end())
          V.push_back(Wd);
      }
    } else {
      for (int64_t S = sectorOf(*O); S <= sectorOf(*O + Bytes - 1); ++S)
        SectorColumn.emplace(S, 0);
    }
  }
  int Col = 0;
  for (auto &KV : SectorColumn)
    KV.second = Col++;
  int Columns = Shared ? 32 : std::max(1, (int)SectorColumn.size());
  int Rows = 1;
  for (auto &KV : BankWords)
    Rows = std::max<int>(Rows, KV.second.size());
  int TargetY = 130;
  int Height = TargetY + (Shared ? Rows * 16 : 16) + 30;
  int Width = Left + std::max(32, Columns) * W + 20;
  OS << "<svg class=\"warp\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
     << Width << "\" height=\"" << Height
     << "\" role=\"img\" aria-label=\"one warp request\">\n";
  OS << "<text x=\"4\" y=\"" << LaneY + 12 << "\" class=\"lbl\">lanes</text>\n";
  OS << "<text x=\"4\" y=\"" << TargetY + 12 << "\" class=\"lbl\">"
     << (Shared ? "banks" : "sectors") << "</text>\n";
  auto TargetX = [&](int C) { return Left + C * W + W / 2; };
  for (int K = 0; K < 32; ++K) {
    int X = Left + K * W;
    bool On = Off[K].has_value();
    OS << "<rect x=\"" << X + 1 << "\" y=\"" << LaneY << "\" width=\"" << W - 2
       << "\" height=\"16\" class=\"" << (On ? "lane" : "lane off")
       << "\"><title>lane " << K
       << (On ? ": byte " + std::to_string(*Off[K]) : std::string(": inactive"))
       << "</title></rect>\n";
    if (K % 4 == 0)
      OS << "<text x=\"" << X + 2 << "\" y=\"" << LaneY - 4
         << "\" class=\"idx\">" << K << "</text>\n";
    if (!On)
      continue;
    int C =
        Shared ? (int)bankOf(wordOf(*Off[K])) : SectorColumn[sectorOf(*Off[K])];
    int Row = 0;
    if (Shared) {
      auto &V = BankWords[C];
      Row = std::find(V.begin(), V.end(), wordOf(*Off[K])) - V.begin();
    }
    OS << "<line x1=\"" << X + W / 2 << "\" y1=\"" << LaneY + 16 << "\" x2=\""
       << TargetX(C) << "\" y2=\"" << TargetY + Row * 16
       << "\" class=\"wire\"/>\n";
  }
  drawTargets(OS, Shared, BankWords, SectorColumn, Rows, TargetY);
  OS << "</svg>\n";
}
} // namespace

std::string ccl::htmlReport(const LintResults &R) {
  std::string S;
  raw_string_ostream OS(S);
  OS << R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>cuda-coalesce-lint report</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2330; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 32px; border-bottom: 1px solid #ccd; }
table { border-collapse: collapse; margin: 8px 0 16px; }
td, th { border: 1px solid #dde; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f1f3f8; }
tr.flagged td { background: #fff2e8; }
.access { margin: 12px 0 24px; }
.expr { font-family: ui-monospace, monospace; }
.lbl, .idx { font: 11px sans-serif; fill: #556; }
.lane { fill: #3b6fd8; } .lane.off { fill: #d6dae4; }
.cell { fill: #7bc47f; } .cell.conflict { fill: #e0553d; } .cell.empty { fill: #f1f3f8; }
.wire { stroke: #8a94a8; stroke-width: 1; }
.note { color: #556; }
</style></head><body>
<h1>cuda-coalesce-lint report</h1>
)";
  // Group accesses by kernel instance and block shape, in output order.
  std::vector<std::pair<std::string, std::vector<const AccessReport *>>> Groups;
  size_t NAccesses = 0, NFindings = 0;
  for (const FileResult &F : R.Files) {
    NAccesses += F.Accesses.size();
    NFindings += F.Findings.size();
    for (const AccessReport &A : F.Accesses) {
      std::string Key = A.Kernel + " - block " + A.BlockSource;
      if (Groups.empty() || Groups.back().first != Key)
        Groups.push_back({Key, {}});
      Groups.back().second.push_back(&A);
    }
  }
  OS << "<p class=\"note\">" << NAccesses << " accesses, " << NFindings
     << " findings. Numbers are per warp request, worst "
     << "request of the kernel; sectors are 32 bytes; the ideal is what the "
     << "bytes the lanes use need.</p>\n";
  for (auto &G : Groups) {
    OS << "<h2>" << esc(G.first)
       << "</h2>\n<table><tr><th>where</th><th>access</th>"
       << "<th>bytes</th><th>sectors (ideal)</th><th>wavefronts (ideal, "
          "ways)</th>"
       << "<th>exact</th><th>depends on</th></tr>\n";
    for (const AccessReport *A : G.second) {
      bool G = A->Known && A->Space == MemObject::Global;
      bool S = A->Known && A->Space == MemObject::Shared;
      std::string Deps;
      for (const std::string &D : dependenceList(A->DependsOn))
        Deps += (Deps.empty() ? "" : ", ") + D;
      OS << "<tr" << (A->Flagged ? " class=\"flagged\"" : "") << "><td>"
         << esc(sys_basename(A->Pos.File)) << ":" << A->Pos.Line
         << "</td><td class=\"expr\">" << esc(A->Expr) << "</td><td>"
         << num(A->Bytes != 0, A->Bytes) << "</td><td>"
         << num(G, A->Worst.G.Sectors) << " ("
         << num(G, A->Worst.G.IdealSectors) << ")</td><td>"
         << num(S, A->Worst.S.Wavefronts) << " ("
         << num(S, A->Worst.S.IdealWavefronts) << ", "
         << num(S, A->Worst.S.ConflictWays) << ")</td><td>"
         << (A->Exact ? "yes" : "no") << "</td><td>"
         << esc(Deps.empty() ? "-" : Deps) << "</td></tr>\n";
    }
    OS << "</table>\n";
    for (const AccessReport *A : G.second) {
      if (!A->Known)
        continue;
      OS << "<div class=\"access\"><div class=\"expr\">"
         << esc(sys_basename(A->Pos.File)) << ":" << A->Pos.Line << " "
         << esc(A->Expr) << " &mdash; " << esc(A->Lanes) << "</div>\n";
      picture(OS, *A);
      OS << "</div>\n";
    }
  }
  OS << "</body></html>\n";
  return OS.str();
}
