//===- AccessCost.cpp - From a symbolic lane address to a worst-case cost -===//
#include "analyzer/AccessCost.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>

using namespace ccl;

static const int64_t kSamples[] = {0,   1,   2,   3,   4,    5,    6,     7,
                                   8,   9,   10,  11,  12,   13,   14,    15,
                                   16,  17,  24,  31,  32,   33,   48,    63,
                                   64,  65,  127, 128, 129,  255,  256,   257,
                                   512, 1024, 1025, 4096, 4097, 65536, 65537,
                                   1 << 20};

static AccessCost costAt(const MemObject &Obj, const LaneArray &Off,
                         LaneBits Lanes, unsigned Bytes, uint64_t Step,
                         bool &ShiftInvariant) {
  bool Shared = Obj.Space == MemObject::Shared;
  uint64_t Mod = Shared ? kBanks * kBankWordBytes : kSectorBytes;
  AccessCost Worst;
  Worst.Shared = Shared;
  bool First = true;
  ShiftInvariant = true;
  for (uint64_t R = 0; R < Mod; R += Step) {
    LaneArray A = Off;
    for (int64_t &V : A)
      V += R;
    AccessCost C;
    C.Shared = Shared;
    if (Shared)
      C.S = sharedCost(A, Lanes, Bytes);
    else
      C.G = globalCost(A, Lanes, Bytes);
    C.WorstOffsets = Off;
    if (!First) {
      bool Same = Shared ? (C.S.Wavefronts == Worst.S.Wavefronts &&
                            C.S.IdealWavefronts == Worst.S.IdealWavefronts &&
                            C.S.ConflictWays == Worst.S.ConflictWays)
                         : (C.G.Sectors == Worst.G.Sectors &&
                            C.G.IdealSectors == Worst.G.IdealSectors);
      if (!Same)
        ShiftInvariant = false;
    }
    if (First || C.badness() > Worst.badness()) {
      Worst = C;
      Worst.WorstOffsets = A;
    }
    First = false;
  }
  return Worst;
}

namespace {
using TermList = llvm::SmallVector<const LaneInt::Term *, 2>;

/// The concrete pattern of \p Offset with each lane-varying term's symbol
/// at the value given in \p Values; uniform terms are dropped (they only
/// shift). False on overflow.
bool patternFor(const LaneInt &Offset, const TermList &Varying,
                llvm::ArrayRef<int64_t> Values, LaneArray &Out) {
  Out = Offset.consts();
  for (size_t I = 0; I < Varying.size(); ++I)
    for (unsigned K = 0; K < kWarpSize; ++K) {
      int64_t P;
      if (__builtin_mul_overflow(Varying[I]->Coef[K], Values[I], &P) ||
          __builtin_add_overflow(Out[K], P, &Out[K]))
        return false;
    }
  return true;
}

/// The worst cost over samples of the (one or two) lane-varying symbols, with
/// HoldsFor when one symbol decides it. Known is false when every sample
/// overflows.
AccessCost sampleVarying(const MemObject &Obj, const LaneInt &Offset,
                         const TermList &Varying, LaneBits Lanes,
                         unsigned Bytes, uint64_t Step,
                         const std::vector<std::string> &SymbolNames) {
  const size_t N = std::size(kSamples);
  AccessCost Worst;
  bool Have = false;
  std::vector<unsigned> BadnessBySample; // only for one varying symbol
  for (size_t I = 0; I < N; ++I) {
    for (size_t J = 0; J < (Varying.size() == 2 ? N : 1); ++J) {
      int64_t Vals[2] = {kSamples[I], kSamples[J]};
      LaneArray Off;
      if (!patternFor(Offset, Varying,
                      llvm::ArrayRef<int64_t>(Vals, Varying.size()), Off))
        continue;
      bool Invariant;
      AccessCost C = costAt(Obj, Off, Lanes, Bytes, Step, Invariant);
      if (Varying.size() == 1)
        BadnessBySample.push_back(C.badness());
      if (!Have || C.badness() > Worst.badness()) {
        Worst = C;
        Have = true;
      }
    }
  }
  if (!Have)
    return Worst;
  Worst.Known = true;
  if (Varying.size() == 1 && BadnessBySample.size() == N) {
    // Smallest sample from which every larger sample is the worst.
    size_t From = N;
    while (From > 0 && BadnessBySample[From - 1] == Worst.badness())
      --From;
    if (From > 0 && From < N && Varying[0]->Sym < SymbolNames.size())
      Worst.HoldsFor =
          SymbolNames[Varying[0]->Sym] + " >= " + std::to_string(kSamples[From]);
  }
  return Worst;
}
} // namespace

AccessCost ccl::computeAccessCost(const MemObject &Obj, const LaneInt &Offset,
                                  const LaneMask &Mask, unsigned Bytes,
                                  const std::vector<std::string> &SymbolNames) {
  assert(Mask.isWellFormed());
  AccessCost Result;
  Result.Shared = Obj.Space == MemObject::Shared;
  LaneBits Lanes = Mask.May;
  Result.Lanes = Lanes;
  Result.ActiveLanes = llvm::popcount(Lanes);
  if (Bytes == 0) {
    Result.Reason = "access of unknown size";
    return Result;
  }
  if (!Lanes) {
    Result.Known = true;
    Result.Exact = Mask.decided();
    return Result;
  }
  unsigned FirstLane = llvm::countr_zero(Lanes);

  // Split terms: uniform ones fold into the shift's alignment.
  uint64_t G = Obj.BaseAlign ? Obj.BaseAlign : 1;
  TermList Varying;
  for (const LaneInt::Term &T : Offset.terms()) {
    Result.Symbols.push_back(T.Sym);
    bool Uniform = true;
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((Lanes >> K & 1) && T.Coef[K] != T.Coef[FirstLane])
        Uniform = false;
    if (Uniform)
      G = std::gcd<uint64_t, uint64_t>(
          G, (uint64_t)std::llabs(T.Coef[FirstLane]));
    else
      Varying.push_back(&T);
  }
  bool Shared = Result.Shared;
  uint64_t Mod = Shared ? kBanks * kBankWordBytes : kSectorBytes;
  uint64_t Step = std::gcd<uint64_t, uint64_t>(G ? G : Mod, Mod);
  if (Step == 0)
    Step = Mod;

  if (Varying.empty()) {
    LaneArray Off;
    patternFor(Offset, Varying, {}, Off);
    bool Invariant;
    AccessCost C = costAt(Obj, Off, Lanes, Bytes, Step, Invariant);
    C.Known = true;
    C.Lanes = Lanes;
    C.ActiveLanes = Result.ActiveLanes;
    C.Exact = Invariant && Mask.decided();
    C.Symbols = Result.Symbols;
    return C;
  }
  if (Varying.size() > 2) {
    Result.Reason = "the lane pattern depends on more than two unknown values";
    return Result;
  }
  AccessCost Worst =
      sampleVarying(Obj, Offset, Varying, Lanes, Bytes, Step, SymbolNames);
  if (!Worst.Known) {
    Result.Reason = "address arithmetic overflows for every sampled value";
    return Result;
  }
  Worst.Exact = false;
  Worst.Pattern = Offset.describeLaneStride(Lanes, SymbolNames);
  Worst.Lanes = Lanes;
  Worst.ActiveLanes = Result.ActiveLanes;
  Worst.Symbols = Result.Symbols;
  return Worst;
}
