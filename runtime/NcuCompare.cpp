//===- NcuCompare.cpp - Predictions against Nsight Compute's counters -----===//
#include "runtime/NcuCompare.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <cctype>
#include <cmath>

using namespace ccl;
using llvm::StringRef;

namespace {
bool sameOp(const NcuInstruction &I, AccessOp Op) {
  std::string O = StringRef(I.Operation).lower();
  switch (Op) {
  case AccessOp::Load:
    return O == "load";
  case AccessOp::Store:
    return O == "store";
  case AccessOp::Atomic:
    return StringRef(O).contains("atom") || StringRef(O).contains("red");
  }
  return false;
}

/// "5.96", "32", "0.5".
std::string num(double V) {
  std::string S = llvm::formatv("{0:f2}", V).str();
  while (S.find('.') != std::string::npos &&
         (S.back() == '0' || S.back() == '.')) {
    bool Dot = S.back() == '.';
    S.pop_back();
    if (Dot)
      break;
  }
  return S;
}

std::string kind(const NcuPrediction &P) {
  return std::string(P.Shared ? "shared " : "global ") + accessOpName(P.Op);
}

/// "k" from "ns::k<float>".
std::string baseName(StringRef N) {
  int Depth = 0;
  std::string Out;
  for (char Ch : N) {
    if (Ch == '<')
      ++Depth;
    else if (Ch == '>')
      --Depth;
    else if (Depth == 0)
      Out += Ch;
  }
  size_t Colon = Out.rfind("::");
  return Colon == std::string::npos ? Out : Out.substr(Colon + 2);
}

std::string squeeze(StringRef N) {
  std::string S;
  for (char Ch : N)
    if (Ch != ' ')
      S += Ch;
  return S;
}
} // namespace

std::vector<NcuInstruction>
ccl::ncuInstructionsFor(const std::vector<const NcuLaunch *> &Launches,
                        StringRef FileName, unsigned Line,
                        const NcuPrediction &P) {
  std::vector<NcuInstruction> Out;
  auto Add = [](std::optional<double> &To, std::optional<double> V) {
    if (V)
      To = To.value_or(0) + *V;
  };
  for (const NcuLaunch *L : Launches)
    if (const NcuSourceLine *S = L->line(FileName, Line))
      for (const NcuInstruction &I : S->Instructions) {
        if (!(P.Shared ? I.shared() : I.global()) || !sameOp(I, P.Op))
          continue;
        auto Same = llvm::find_if(Out, [&](const NcuInstruction &O) {
          return O.Address == I.Address && O.Bits == I.Bits;
        });
        if (Same == Out.end()) {
          Out.push_back(I);
          continue;
        }
        Same->Executed += I.Executed;
        Add(Same->Threads, I.Threads);
        Add(Same->Sectors, I.Sectors);
        Add(Same->IdealSectors, I.IdealSectors);
        Add(Same->Wavefronts, I.Wavefronts);
        Add(Same->IdealWavefronts, I.IdealWavefronts);
      }
  return Out;
}

std::vector<unsigned>
ccl::ncuLinesWith(const std::vector<const NcuLaunch *> &Launches,
                  StringRef FileName, const NcuPrediction &P) {
  std::vector<unsigned> Out;
  for (const NcuLaunch *L : Launches)
    for (const NcuLaunch::FileBlock &B : L->Files) {
      if (!B.Path.empty() && !L->hasFile(FileName))
        continue;
      for (const NcuSourceLine &S : B.Lines)
        for (const NcuInstruction &I : S.Instructions)
          if ((P.Shared ? I.shared() : I.global()) && sameOp(I, P.Op) &&
              llvm::find(Out, S.Line) == Out.end())
            Out.push_back(S.Line);
    }
  llvm::sort(Out);
  return Out;
}

unsigned ccl::ncuSourceMismatch(const NcuLaunch &Launch, StringRef FileName,
                                const std::vector<StringRef> &Lines) {
  auto Squeeze = [](StringRef T) {
    std::string S;
    for (char Ch : T)
      if (!std::isspace((unsigned char)Ch))
        S += Ch;
    return S;
  };
  for (const NcuLaunch::FileBlock &B : Launch.Files) {
    StringRef Path(B.Path);
    if (!Path.ends_with(FileName))
      continue;
    for (const NcuSourceLine &S : B.Lines) {
      StringRef T(S.Text);
      if (T.starts_with("<Unable to open") || S.Line == 0)
        continue;
      if (S.Line > Lines.size())
        return S.Line;
      // Equal, or a prefix of 40 characters or more (a shortened line).
      std::string Theirs = Squeeze(T), Ours = Squeeze(Lines[S.Line - 1]);
      if (Theirs != Ours &&
          !(Theirs.size() >= 40 && StringRef(Ours).starts_with(Theirs)))
        return S.Line;
    }
  }
  return 0;
}

namespace {
/// The verdict on prediction \p P against the line's measured per-request
/// costs \p Costs (the most: \p Max, described by \p Measured), given the
/// predictions \p Peers of its width on the line.
void judge(NcuComparison &C, const NcuPrediction &P,
           const std::vector<NcuPrediction> &Peers,
           const std::vector<double> &Costs, double Max,
           const std::string &Measured, const std::string &Unit) {
  double Eps = P.Shared ? 0.01 * std::max(1.0, double(P.Cost)) : 1e-6;
  unsigned MaxP = 0;
  bool AllSame = true;
  for (const NcuPrediction &Q : Peers) {
    MaxP = std::max(MaxP, Q.Cost);
    AllSame &= Q.Cost == P.Cost;
  }
  if (Max > MaxP + Eps) {
    if (P.Cost == MaxP) {
      C.Result = NcuComparison::Refuted;
      C.Text = "REFUTED by ncu: predicted " + std::to_string(P.Cost) + Unit +
               " per request at worst, measured " + Measured;
    } else {
      C.Text = "ncu: not comparable: an instruction on this line exceeds "
               "every prediction for its " +
               kind(P) + "s (" + Measured + ")";
    }
    return;
  }
  bool Reached = false;
  for (double V : Costs)
    Reached |= V > double(P.Cost) - 1 + 1e-9 && V <= P.Cost + Eps;
  if (!AllSame && !Reached) {
    C.Result = NcuComparison::WithinBound;
    C.Text = "ncu: no " + kind(P) + " instruction on this line reached " +
             std::to_string(P.Cost) + Unit + " on average (" + Measured + ")";
    return;
  }
  if (AllSame)
    Reached = Max > double(P.Cost) - 1 + 1e-9;
  if (P.Exact && Reached) {
    C.Result = NcuComparison::Confirmed;
    C.Text = "confirmed by ncu: measured " + Measured;
    return;
  }
  C.Result = NcuComparison::WithinBound;
  C.Text = (Reached ? "worst case not exceeded per ncu: measured "
                    : "below the predicted worst request per ncu (an average "
                      "cannot confirm it): measured ") +
           Measured;
}
} // namespace

namespace {
/// Takes the line's costliest instruction \p Most (per request \p Max; one
/// of \p N of the access's width) into \p C, and says what it measured.
std::string measured(NcuComparison &C, const NcuInstruction &Most, double Max,
                     const NcuPrediction &P, size_t N,
                     const std::string &Unit) {
  C.Cost = Max;
  C.Ideal =
      Most.perRequest(P.Shared ? Most.IdealWavefronts : Most.IdealSectors);
  C.Executed = Most.Executed;
  C.ActiveLanes = Most.activeLanes().value_or(0);
  C.Sass = Most.Sass;
  std::string Measured =
      num(C.Cost) + (C.Cost == 1 ? Unit.substr(0, Unit.size() - 1) : Unit) +
      " (ideal " + num(C.Ideal) + ") per request on average over " +
      num(C.Executed) + " executions";
  if (Most.activeLanes())
    Measured += ", " + num(C.ActiveLanes) + " lanes active on average";
  if (N > 1)
    Measured += " (the most of the " + std::to_string(N) + " " + kind(P) +
                " instructions on the line)";
  return Measured;
}
} // namespace

NcuComparison ccl::compareWithNcu(const std::vector<NcuPrediction> &Group,
                                  size_t Which,
                                  const std::vector<NcuInstruction> &Instrs) {
  const NcuPrediction &P = Group[Which];
  NcuComparison C;
  std::string Unit = P.Shared ? " wavefronts" : " sectors";
  if (Instrs.empty()) {
    C.Text = "ncu: no " + kind(P) +
             " instruction on this line (the compiler merged, moved or "
             "removed it)";
    return C;
  }
  // The instructions of the access's width; accesses of other widths on
  // the line are compared with theirs.
  std::vector<const NcuInstruction *> Same;
  std::vector<unsigned> Widths;
  for (const NcuInstruction &I : Instrs) {
    if (!P.Bytes || I.Bits == P.Bytes * 8)
      Same.push_back(&I);
    if (llvm::find(Widths, I.Bits) == Widths.end())
      Widths.push_back(I.Bits);
  }
  if (Same.empty()) {
    std::string W;
    for (unsigned B : Widths)
      W += (W.empty() ? "" : ", ") + std::to_string(B);
    C.Text = "ncu: the " + kind(P) + "s on this line are " + W +
             "-bit instructions and the access is " +
             std::to_string(P.Bytes * 8) +
             "-bit (the compiler vectorized or split it): not comparable";
    return C;
  }
  std::vector<NcuPrediction> Peers;
  for (const NcuPrediction &Q : Group)
    if (!P.Bytes || !Q.Bytes || Q.Bytes == P.Bytes)
      Peers.push_back(Q);

  const NcuInstruction *Most = nullptr;
  double Max = -1;
  std::vector<double> Costs;
  for (const NcuInstruction *I : Same) {
    std::optional<double> V = P.Shared ? I->Wavefronts : I->Sectors;
    if (!V) {
      C.Text = std::string("ncu: the export has no '") +
               (P.Shared ? "L1 Wavefronts Shared"
                         : "L2 Theoretical Sectors Global") +
               "' column (profile with --section SourceCounters)";
      return C;
    }
    if (I->Executed <= 0)
      continue;
    double Per = I->perRequest(V);
    Costs.push_back(Per);
    if (Per > Max) {
      Max = Per;
      Most = I;
    }
  }
  C.Instructions = Same.size();
  if (!Most) {
    C.Result = NcuComparison::NotExecuted;
    C.Text = "ncu: the " + kind(P) + " on this line never ran";
    return C;
  }
  std::string Measured = measured(C, *Most, Max, P, Same.size(), Unit);
  if (!P.Known) {
    C.Result = NcuComparison::Unpredicted;
    C.Text = "ncu measured " + Measured + " (no prediction)";
    return C;
  }
  judge(C, P, Peers, Costs, Max, Measured, Unit);
  return C;
}

std::vector<const NcuLaunch *>
ccl::ncuLaunchesOf(const NcuSourcePage &Page, StringRef Name,
                   const std::vector<std::string> &Others) {
  std::vector<const NcuLaunch *> Out;
  std::string Want = squeeze(Name);
  for (const NcuLaunch &L : Page.Launches)
    if (squeeze(L.Name) == Want)
      Out.push_back(&L);
  if (!Out.empty())
    return Out;
  std::string Base = baseName(Want);
  for (const std::string &O : Others)
    if (squeeze(O) != Want && baseName(squeeze(O)) == Base)
      return Out; // another analyzed kernel has that base name
  std::string Full;
  for (const NcuLaunch &L : Page.Launches)
    if (baseName(squeeze(L.Name)) == Base) {
      if (!Full.empty() && Full != squeeze(L.Name))
        return {}; // two instances in the export
      Full = squeeze(L.Name);
      Out.push_back(&L);
    }
  return Out;
}
