//===- AccessCost.cpp - From a symbolic lane address to a worst-case cost -===//
#include "analyzer/AccessCost.h"
#include "llvm/ADT/STLExtras.h"
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>

using namespace ccl;

static const int64_t kSamples[] = {
    0,   1,   2,   3,    4,    5,    6,    7,     8,     9,
    10,  11,  12,  13,   14,   15,   16,   17,    24,    31,
    32,  33,  48,  63,   64,   65,   127,  128,   129,   255,
    256, 257, 512, 1024, 1025, 4096, 4097, 65536, 65537, 1 << 20};

/// Whether every active lane of \p Off shifted by \p R is a multiple of
/// the access width (only for one instruction's widths: 2, 4, 8, 16).
static bool alignedAt(const LaneArray &Off, LaneBits Lanes, unsigned Bytes,
                      uint64_t R) {
  if (Bytes < 2 || Bytes > 16 || (Bytes & (Bytes - 1)))
    return true;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if ((Lanes >> K & 1) && ((Off[K] + (int64_t)R) & (int64_t)(Bytes - 1)))
      return false;
  return true;
}

/// Whether some uniform shift 0, Step, ... below \p Mod aligns every lane.
static bool anyAlignedShift(const LaneArray &Off, LaneBits Lanes,
                            unsigned Bytes, uint64_t Step, uint64_t Mod) {
  for (uint64_t R = 0; R < Mod; R += Step)
    if (alignedAt(Off, Lanes, Bytes, R))
      return true;
  return false;
}

/// The period of the cost in a uniform shift: banks repeat every 128
/// bytes, sectors every 32.
static uint64_t shiftModulus(const MemObject &Obj) {
  return Obj.Space == MemObject::Shared ? kBanks * kBankWordBytes
                                        : kSectorBytes;
}

/// The worst cost of pattern \p Off over the uniform shifts 0, Step, ...
/// below the modulus; \p Best (if given) receives the most favourable one.
/// Only shifts under which every active lane's address is a multiple of
/// the access width are taken: one load or store of 2, 4, 8 or 16 bytes
/// at a misaligned address faults, so no execution has that cost (a float4
/// row at an unknown pitch is 16-byte aligned in every lane, or the kernel
/// does not run). \p Legal is false when no shift is; then every shift is
/// taken, as the pattern itself cannot be aligned.
static AccessCost costAt(const MemObject &Obj, const LaneArray &Off,
                         LaneBits Lanes, unsigned Bytes, unsigned AlignW,
                         uint64_t Step, bool &ShiftInvariant,
                         AccessCost *Best = nullptr, bool *Legal = nullptr) {
  bool Shared = Obj.Space == MemObject::Shared;
  uint64_t Mod = shiftModulus(Obj);
  AccessCost Worst;
  Worst.Shared = Shared;
  bool First = true;
  ShiftInvariant = true;
  bool AnyLegal = anyAlignedShift(Off, Lanes, AlignW, Step, Mod);
  if (Legal)
    *Legal = AnyLegal;
  for (uint64_t R = 0; R < Mod; R += Step) {
    if (AnyLegal && !alignedAt(Off, Lanes, AlignW, R))
      continue;
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
    if (Best && (First || C.badness() < Best->badness()))
      *Best = C;
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

/// The worst cost over values of the (one or two) lane-varying symbols, with
/// in \p HoldsFrom the value from which one symbol decides it, and in \p Best
/// the most favourable cost over values whose term is at least 32 elements.
/// Known is false when every value overflows.
///
/// One symbol s (lane k at c_k + a_k*s, s >= 0) is enumerated, not sampled:
/// s = 0 .. S0, then one full period S0' .. S0' + 127 (S0' the first multiple
/// of 128 above S0), where S0 = max |c_j - c_k| + Bytes + 32 over lanes.
/// Beyond S0 two lanes with different a_k are more than 32 + Bytes apart:
/// they share no sector and no word, so the cost depends only on a_k*s mod
/// 128 (banks) or mod 32 (sectors), i.e. on s mod 128: the period covers
/// every residue (tile[lane * (cols + 2)] is 32-way at cols = 30). Exact
/// worst; when S0 is too large (over 4096) or with two symbols, samples are
/// used and the result is marked Sampled.
/// The values of the varying symbols sampleVarying costs: every value up
/// to the lanes' span plus a period of 128 after it when that is few
/// enough (\p Sampled false), else kSamples.
std::vector<int64_t> valuesToTry(const LaneInt &Offset, const TermList &Varying,
                                 LaneBits Lanes, unsigned Bytes,
                                 bool &Sampled) {
  std::vector<int64_t> Values;
  Sampled = true;
  if (Varying.size() == 1) {
    int64_t Span = 0;
    const LaneArray &C = Offset.consts();
    for (unsigned J = 0; J < kWarpSize; ++J) {
      if (!(Lanes >> J & 1))
        continue;
      for (unsigned K = 0; K < kWarpSize; ++K)
        if (Lanes >> K & 1)
          Span = std::max<int64_t>(Span, std::llabs(C[J] - C[K]));
    }
    int64_t S0 = Span + Bytes + 32;
    if (S0 <= 4096) {
      Sampled = false;
      for (int64_t V = 0; V <= S0; ++V)
        Values.push_back(V);
      int64_t P = (S0 / 128 + 1) * 128;
      for (int64_t V = P; V < P + 128; ++V)
        Values.push_back(V);
    }
  }
  if (Values.empty())
    Values.assign(std::begin(kSamples), std::end(kSamples));
  return Values;
}

/// The term of a value counts as "at least 32 elements" when its smallest
/// lane coefficient times the value is at least 32 * \p Bytes bytes.
bool bigEnough(const TermList &Varying, LaneBits Lanes, unsigned Bytes,
               llvm::ArrayRef<int64_t> Vals) {
  for (size_t I = 0; I < Varying.size(); ++I) {
    int64_t MinCoef = 0;
    for (unsigned K = 0; K < kWarpSize; ++K) {
      int64_t A = std::llabs(Varying[I]->Coef[K]);
      if ((Lanes >> K & 1) && A && (!MinCoef || A < MinCoef))
        MinCoef = A;
    }
    if (MinCoef * Vals[I] < 32 * (int64_t)Bytes)
      return false;
  }
  return true;
}

/// Whether some value of the varying symbols keeps every lane's access
/// aligned (see costAt).
bool anyLegalValue(const MemObject &Obj, const LaneInt &Offset,
                   const TermList &Varying, const std::vector<int64_t> &Values,
                   LaneBits Lanes, unsigned AlignW, uint64_t Step) {
  const size_t N = Values.size();
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J < (Varying.size() == 2 ? N : 1); ++J) {
      int64_t Vals[2] = {Values[I], Values[J]};
      LaneArray Off;
      if (patternFor(Offset, Varying,
                     llvm::ArrayRef<int64_t>(Vals, Varying.size()), Off) &&
          anyAlignedShift(Off, Lanes, AlignW, Step, shiftModulus(Obj)))
        return true;
    }
  return false;
}

AccessCost sampleVarying(const MemObject &Obj, const LaneInt &Offset,
                         const TermList &Varying, LaneBits Lanes,
                         unsigned Bytes, unsigned AlignW, uint64_t Step,
                         AccessCost &Best, bool &Sampled,
                         std::optional<int64_t> &HoldsFrom) {
  std::vector<int64_t> Values =
      valuesToTry(Offset, Varying, Lanes, Bytes, Sampled);
  const size_t N = Values.size();
  AccessCost Worst;
  bool Have = false, HaveBest = false;
  std::vector<unsigned> BadnessByValue; // only for one varying symbol
  // Whether any value keeps every lane aligned (see costAt).
  bool AnyLegalValue =
      anyLegalValue(Obj, Offset, Varying, Values, Lanes, AlignW, Step);
  for (size_t I = 0; I < N; ++I) {
    for (size_t J = 0; J < (Varying.size() == 2 ? N : 1); ++J) {
      int64_t Vals[2] = {Values[I], Values[J]};
      llvm::ArrayRef<int64_t> VA(Vals, Varying.size());
      LaneArray Off;
      if (!patternFor(Offset, Varying, VA, Off))
        continue;
      bool Invariant, Legal;
      AccessCost B;
      AccessCost C =
          costAt(Obj, Off, Lanes, Bytes, AlignW, Step, Invariant, &B, &Legal);
      // A value of the symbol that misaligns some lane's access is one no
      // execution has (it faults): skipped, unless every value does.
      if (!Legal && AnyLegalValue)
        continue;
      if (Varying.size() == 1)
        BadnessByValue.push_back(C.badness());
      if (!Have || C.badness() > Worst.badness()) {
        Worst = C;
        Have = true;
      }
      if (bigEnough(Varying, Lanes, Bytes, VA) &&
          (!HaveBest || B.badness() < Best.badness())) {
        Best = B;
        HaveBest = true;
      }
    }
  }
  if (!Have)
    return Worst;
  Worst.Known = true;
  if (!HaveBest)
    Best = Worst;
  if (Varying.size() == 1 && BadnessByValue.size() == N) {
    // Smallest value from which every larger value is the worst (for the
    // enumeration: the whole period must be the worst).
    size_t From = N;
    while (From > 0 && BadnessByValue[From - 1] == Worst.badness())
      --From;
    if (From > 0 && From < N && (Sampled || From <= N - 128))
      HoldsFrom = Values[From];
  }
  return Worst;
}

/// sampleVarying, remembered: the search depends only on the pattern (the
/// active lanes' constants and coefficients, not which symbols), so the
/// same pattern in another trip of a loop or another call is not searched
/// again. One cache per thread, emptied when it grows large.
AccessCost cachedVarying(const MemObject &Obj, const LaneInt &Offset,
                         const TermList &Varying, LaneBits Lanes,
                         unsigned Bytes, unsigned AlignW, uint64_t Step,
                         const std::vector<std::string> &SymbolNames,
                         AccessCost &Best) {
  struct Entry {
    AccessCost Worst, Best;
    std::optional<int64_t> HoldsFrom;
  };
  thread_local std::unordered_map<std::string, Entry> Cache;
  std::string Key;
  auto Put = [&Key](int64_t V) {
    Key.append(reinterpret_cast<const char *>(&V), sizeof V);
  };
  Put(Obj.Space == MemObject::Shared);
  Put(Lanes);
  Put(Bytes);
  Put(AlignW);
  Put((int64_t)Step);
  Put((int64_t)Varying.size());
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Lanes >> K & 1))
      continue;
    Put(Offset.consts()[K]);
    for (const LaneInt::Term *T : Varying)
      Put(T->Coef[K]);
  }
  auto It = Cache.find(Key);
  if (It == Cache.end()) {
    if (Cache.size() > 16384)
      Cache.clear();
    Entry E;
    bool Sampled = true;
    E.Worst = sampleVarying(Obj, Offset, Varying, Lanes, Bytes, AlignW, Step,
                            E.Best, Sampled, E.HoldsFrom);
    It = Cache.emplace(std::move(Key), std::move(E)).first;
  }
  Best = It->second.Best;
  AccessCost Worst = It->second.Worst;
  if (It->second.HoldsFrom && Varying[0]->Sym < SymbolNames.size())
    Worst.HoldsFor = SymbolNames[Varying[0]->Sym] +
                     " >= " + std::to_string(*It->second.HoldsFrom);
  return Worst;
}
} // namespace

static AccessCost computeCost(const MemObject &Obj, const LaneInt &Offset,
                              const LaneMask &Mask, unsigned Bytes,
                              unsigned AlignW,
                              const std::vector<std::string> &SymbolNames);

AccessCost ccl::computeAccessCost(const MemObject &Obj, const LaneInt &Offset,
                                  const LaneMask &Mask, unsigned Bytes,
                                  const std::vector<std::string> &SymbolNames,
                                  unsigned AlignW) {
  // The best case is over alignments and offsets, on the same lanes as the
  // worst: which lanes a bound (`i < n`, a loop's last trip) leaves active
  // does not make a finding merely possible, since the full requests exist.
  return computeCost(Obj, Offset, Mask, Bytes, AlignW ? AlignW : Bytes,
                     SymbolNames);
}

static AccessCost computeCost(const MemObject &Obj, const LaneInt &Offset,
                              const LaneMask &Mask, unsigned Bytes,
                              unsigned AlignW,
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
      G = std::gcd<uint64_t, uint64_t>(G,
                                       (uint64_t)std::llabs(T.Coef[FirstLane]));
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
    bool Invariant, Legal = true;
    AccessCost B;
    AccessCost C =
        costAt(Obj, Off, Lanes, Bytes, AlignW, Step, Invariant, &B, &Legal);
    C.Known = true;
    C.Legal = Legal;
    C.Lanes = Lanes;
    C.ActiveLanes = Result.ActiveLanes;
    C.Exact = Invariant && Mask.decided();
    C.Symbols = Result.Symbols;
    C.BestG = C.Exact ? C.G : B.G;
    C.BestS = C.Exact ? C.S : B.S;
    return C;
  }
  if (Varying.size() > 2) {
    Result.Reason = "the lane pattern depends on more than two unknown values";
    return Result;
  }
  AccessCost Best;
  AccessCost Worst = cachedVarying(Obj, Offset, Varying, Lanes, Bytes, AlignW,
                                   Step, SymbolNames, Best);
  if (!Worst.Known) {
    Result.Reason = "address arithmetic overflows for every sampled value";
    return Result;
  }
  Worst.Exact = false;
  Worst.BestG = Best.G;
  Worst.BestS = Best.S;
  Worst.Pattern = Offset.describeLaneStride(Lanes, SymbolNames);
  Worst.Lanes = Lanes;
  Worst.ActiveLanes = Result.ActiveLanes;
  Worst.Symbols = Result.Symbols;
  return Worst;
}
