//===- LaneValue.cpp - The lane-address domain ----------------------------===//
#include "analyzer/LaneValue.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace ccl;

const LaneInt::Rep &LaneInt::zeroRep() {
  static const Rep Zero;
  return Zero;
}

namespace {
/// Freed LaneInt blocks of this thread, reused by the next ones (a list
/// threaded through the blocks themselves). Blocks freed after the list is
/// gone (at thread exit) go back to malloc. Not with AddressSanitizer, which
/// must see every block's life to catch a use after free.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CCL_NO_REP_POOL 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CCL_NO_REP_POOL 1
#endif
#ifndef CCL_NO_REP_POOL
struct RepPool {
  void *Head = nullptr;
  unsigned Size = 0;
  ~RepPool();
};
thread_local bool RepPoolGone = false;
thread_local RepPool Pool;
RepPool::~RepPool() {
  RepPoolGone = true;
  while (Head) {
    void *Next = *static_cast<void **>(Head);
    ::operator delete(Head);
    Head = Next;
  }
}
constexpr unsigned kMaxPooled = 1 << 14;
#endif
} // namespace

void *LaneInt::Rep::operator new(size_t Size) {
#ifndef CCL_NO_REP_POOL
  assert(Size == sizeof(Rep));
  if (!RepPoolGone && Pool.Head) {
    void *P = Pool.Head;
    Pool.Head = *static_cast<void **>(P);
    --Pool.Size;
    return P;
  }
#endif
  return ::operator new(Size);
}

void LaneInt::Rep::operator delete(void *P) {
#ifndef CCL_NO_REP_POOL
  if (!RepPoolGone && Pool.Size < kMaxPooled) {
    *static_cast<void **>(P) = Pool.Head;
    Pool.Head = P;
    ++Pool.Size;
    return;
  }
#endif
  ::operator delete(P);
}

LaneInt::Rep &LaneInt::mut() {
  if (!R)
    R = new Rep();
  else if (R->UseCount() > 1)
    R = new Rep(*R);
  return *R;
}

namespace {
/// The blocks of small constants this thread made, shared by every later
/// LaneInt::constant of the same number: a loop counter, an index, an
/// element size is a constant in most of what the interpreter computes, and
/// a copy is a counter increment where a new block is about 800 bytes
/// written. A shared block is never changed (mut copies it).
constexpr int64_t kCachedConstMin = -1024, kCachedConstMax = 1 << 16;
constexpr unsigned kMaxCachedConsts = 1 << 12;
} // namespace

LaneInt LaneInt::constant(int64_t V) {
  LaneInt Out;
  if (V == 0)
    return Out;
  if (V < kCachedConstMin || V > kCachedConstMax) {
    Out.mut().C.fill(V);
    return Out;
  }
  // Destroyed at thread exit, before or after the block pool: either way
  // the blocks are freed (Rep::operator delete).
  static thread_local llvm::DenseMap<int64_t, llvm::IntrusiveRefCntPtr<Rep>>
      Cache;
  auto It = Cache.find(V);
  if (It != Cache.end()) {
    Out.R = It->second;
    return Out;
  }
  Out.mut().C.fill(V);
  if (Cache.size() < kMaxCachedConsts)
    Cache[V] = Out.R;
  return Out;
}

/// The uniform constant of a value with no terms, if it is one.
static std::optional<int64_t> uniformConst(const LaneInt &A) {
  if (!A.isConcrete())
    return std::nullopt;
  const LaneArray &C = A.consts();
  for (unsigned K = 1; K < kWarpSize; ++K)
    if (C[K] != C[0])
      return std::nullopt;
  return C[0];
}

LaneInt LaneInt::perLane(const LaneArray &V) {
  LaneInt Out;
  Out.mut().C = V;
  return Out;
}

LaneInt LaneInt::symbol(SymbolId S) {
  LaneInt Out;
  Term T;
  T.Sym = S;
  T.Coef.fill(1);
  Out.mut().Terms.push_back(T);
  assert(Out.isCanonical());
  return Out;
}

static bool allZero(const LaneArray &A) {
  return llvm::all_of(A, [](int64_t V) { return V == 0; });
}

bool LaneInt::isCanonical() const {
  const TermList &Ts = terms();
  for (size_t I = 0; I < Ts.size(); ++I) {
    if (I > 0 && Ts[I - 1].Sym >= Ts[I].Sym)
      return false; // unsorted, or a symbol twice
    if (allZero(Ts[I].Coef))
      return false;
  }
  return true;
}

void LaneInt::normalize() {
  if (!R)
    return;
  TermList &Terms = mut().Terms;
  // Already canonical (the usual case: at most one term, or terms built in
  // order): nothing to do.
  bool Sorted = true;
  for (size_t I = 0; I < Terms.size() && Sorted; ++I)
    Sorted =
        (I == 0 || Terms[I - 1].Sym < Terms[I].Sym) && !allZero(Terms[I].Coef);
  if (!Sorted) {
    llvm::sort(Terms,
               [](const Term &A, const Term &B) { return A.Sym < B.Sym; });
    // Merge equal symbols, drop zero terms.
    size_t Out = 0;
    for (size_t I = 0; I < Terms.size(); ++I) {
      if (Out > 0 && Terms[Out - 1].Sym == Terms[I].Sym) {
        for (unsigned K = 0; K < kWarpSize; ++K)
          Terms[Out - 1].Coef[K] += Terms[I].Coef[K];
      } else {
        if (Out != I)
          Terms[Out] = Terms[I];
        ++Out;
      }
    }
    Terms.resize(Out);
    llvm::erase_if(Terms, [](const Term &T) { return allZero(T.Coef); });
  }
  assert(isCanonical());
}

static bool sameInLanes(const LaneArray &A, LaneBits Lanes) {
  if (Lanes == 0)
    return true;
  int64_t First = A[llvm::countr_zero(Lanes)];
  for (unsigned K = 0; K < kWarpSize; ++K)
    if ((Lanes >> K & 1) && A[K] != First)
      return false;
  return true;
}

bool LaneInt::isUniform(LaneBits Lanes) const {
  if (!R)
    return true;
  if (!sameInLanes(R->C, Lanes))
    return false;
  for (const Term &T : R->Terms)
    if (!sameInLanes(T.Coef, Lanes))
      return false;
  return true;
}

std::optional<int64_t> LaneInt::asConstant(LaneBits Lanes) const {
  if (!isConcrete() || !isUniform(Lanes) || Lanes == 0)
    return std::nullopt;
  return consts()[llvm::countr_zero(Lanes)];
}

/// The lanes where \p A and \p B hold the same number.
static LaneBits equalLanes(const LaneArray &A, const LaneArray &B) {
  LaneBits Out = 0;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Out |= LaneBits(A[K] == B[K]) << K;
  return Out;
}

/// The lanes where \p A is 0.
static LaneBits zeroLanes(const LaneArray &A) {
  LaneBits Out = 0;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Out |= LaneBits(A[K] == 0) << K;
  return Out;
}

LaneBits LaneInt::laneEquals(const LaneInt &O) const {
  if (R == O.R)
    return kAllLanes;
  LaneBits Out = equalLanes(consts(), O.consts());
  // Term by term; a symbol missing on one side has coefficient 0.
  const TermList &A = terms(), &B = O.terms();
  size_t I = 0, J = 0;
  while (Out && (I < A.size() || J < B.size())) {
    if (J == B.size() || (I < A.size() && A[I].Sym < B[J].Sym)) {
      Out &= zeroLanes(A[I].Coef);
      ++I;
    } else if (I == A.size() || B[J].Sym < A[I].Sym) {
      Out &= zeroLanes(B[J].Coef);
      ++J;
    } else {
      Out &= equalLanes(A[I].Coef, B[J].Coef);
      ++I, ++J;
    }
  }
  return Out;
}

bool LaneInt::sameAs(const LaneInt &O, LaneBits Lanes) const {
  if (R == O.R)
    return true;
  return (laneEquals(O) & Lanes) == Lanes;
}

LaneBits LaneInt::concreteLanes() const {
  LaneBits Out = kAllLanes;
  for (const Term &T : terms())
    Out &= zeroLanes(T.Coef);
  return Out;
}

LaneBits LaneInt::lanesEqualTo(int64_t V) const {
  const LaneArray &A = consts();
  LaneBits Out = 0;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Out |= LaneBits(A[K] == V) << K;
  return Out ? Out & concreteLanes() : 0;
}

static std::optional<LaneArray> addArrays(const LaneArray &A,
                                          const LaneArray &B, bool Negate) {
  LaneArray R;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    int64_t V;
    bool Ovf = Negate ? __builtin_sub_overflow(A[K], B[K], &V)
                      : __builtin_add_overflow(A[K], B[K], &V);
    if (Ovf)
      return std::nullopt;
    R[K] = V;
  }
  return R;
}

/// Appends the terms of sorted lists \p A and \p B (B negated when \p Negate)
/// to \p Out in symbol order, adding the coefficients of a symbol on both
/// sides and dropping those that cancel. False when negating a coefficient
/// overflows; the sum of two coefficients wraps (as the sum of the terms of
/// a value always has).
static bool mergeTerms(const LaneInt::TermList &A, const LaneInt::TermList &B,
                       bool Negate, LaneInt::TermList &Out) {
  static const LaneArray Zero{};
  size_t I = 0, J = 0;
  while (I < A.size() || J < B.size()) {
    if (J == B.size() || (I < A.size() && A[I].Sym < B[J].Sym)) {
      Out.push_back(A[I++]);
      continue;
    }
    LaneArray C = B[J].Coef;
    if (Negate) {
      std::optional<LaneArray> N = addArrays(Zero, C, true);
      if (!N)
        return false;
      C = *N;
    }
    bool Both = I < A.size() && A[I].Sym == B[J].Sym;
    if (Both) {
      for (unsigned K = 0; K < kWarpSize; ++K)
        C[K] = static_cast<int64_t>(static_cast<uint64_t>(A[I].Coef[K]) +
                                    static_cast<uint64_t>(C[K]));
      ++I;
    }
    if (!Both || !allZero(C))
      Out.push_back({B[J].Sym, C});
    ++J;
  }
  return true;
}

namespace ccl {
std::optional<LaneInt> add(const LaneInt &A, const LaneInt &B) {
  if (!B.R)
    return A; // + 0
  if (!A.R)
    return B;
  if (std::optional<int64_t> X = uniformConst(A))
    if (std::optional<int64_t> Y = uniformConst(B)) {
      int64_t Sum;
      if (__builtin_add_overflow(*X, *Y, &Sum))
        return std::nullopt;
      return LaneInt::constant(Sum);
    }
  std::optional<LaneArray> C = addArrays(A.R->C, B.R->C, false);
  if (!C)
    return std::nullopt;
  LaneInt Out;
  LaneInt::Rep &P = Out.mut();
  P.C = *C;
  if (!mergeTerms(A.R->Terms, B.R->Terms, false, P.Terms))
    return std::nullopt;
  assert(Out.isCanonical());
  return Out;
}

std::optional<LaneInt> sub(const LaneInt &A, const LaneInt &B) {
  if (!B.R)
    return A; // - 0
  if (std::optional<int64_t> X = uniformConst(A))
    if (std::optional<int64_t> Y = uniformConst(B)) {
      int64_t Diff;
      if (__builtin_sub_overflow(*X, *Y, &Diff))
        return std::nullopt;
      return LaneInt::constant(Diff);
    }
  const LaneArray &AC = A.consts();
  std::optional<LaneArray> C = addArrays(AC, B.R->C, true);
  if (!C)
    return std::nullopt;
  LaneInt Out;
  LaneInt::Rep &P = Out.mut();
  P.C = *C;
  if (!mergeTerms(A.terms(), B.R->Terms, true, P.Terms))
    return std::nullopt;
  assert(Out.isCanonical());
  return Out;
}

std::optional<LaneInt> mul(const LaneInt &A, const LaneInt &B) {
  if (!A.isConcrete() && !B.isConcrete())
    return std::nullopt;
  const LaneInt &Scale = A.isConcrete() ? A : B;
  const LaneInt &Other = A.isConcrete() ? B : A;
  if (!Other.R)
    return LaneInt(); // 0 * anything
  if (!Scale.R)
    return LaneInt();
  if (std::optional<int64_t> X = uniformConst(Other))
    if (std::optional<int64_t> Y = uniformConst(Scale)) {
      int64_t Prod;
      if (__builtin_mul_overflow(*X, *Y, &Prod))
        return std::nullopt;
      return LaneInt::constant(Prod);
    }
  const LaneArray &SC = Scale.R->C;
  LaneInt Out;
  LaneInt::Rep &P = Out.mut();
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (__builtin_mul_overflow(Other.R->C[K], SC[K], &P.C[K]))
      return std::nullopt;
  for (const LaneInt::Term &T : Other.R->Terms) {
    LaneInt::Term N{T.Sym, {}};
    for (unsigned K = 0; K < kWarpSize; ++K)
      if (__builtin_mul_overflow(T.Coef[K], SC[K], &N.Coef[K]))
        return std::nullopt;
    P.Terms.push_back(N);
  }
  Out.normalize(); // drops terms scaled to 0
  return Out;
}

static int64_t floorDiv(int64_t A, int64_t D) {
  int64_t Q = A / D;
  if ((A % D != 0) && ((A < 0) != (D < 0)))
    --Q;
  return Q;
}

std::optional<LaneInt> divConst(const LaneInt &A, int64_t D) {
  if (D <= 0)
    return std::nullopt;
  if (!A.R)
    return A;
  LaneInt Out;
  LaneInt::Rep &P = Out.mut();
  for (const LaneInt::Term &T : A.R->Terms) {
    LaneInt::Term N{T.Sym, {}};
    for (unsigned K = 0; K < kWarpSize; ++K) {
      if (T.Coef[K] % D != 0)
        return std::nullopt;
      N.Coef[K] = T.Coef[K] / D;
    }
    P.Terms.push_back(N);
  }
  for (unsigned K = 0; K < kWarpSize; ++K)
    P.C[K] = A.R->Terms.empty() ? A.R->C[K] / D : floorDiv(A.R->C[K], D);
  Out.normalize();
  return Out;
}

std::optional<LaneInt> remConst(const LaneInt &A, int64_t D) {
  if (D <= 0)
    return std::nullopt;
  if (!A.R)
    return A;
  for (const LaneInt::Term &T : A.R->Terms)
    for (unsigned K = 0; K < kWarpSize; ++K)
      if (T.Coef[K] % D != 0)
        return std::nullopt;
  LaneInt Out;
  LaneInt::Rep &P = Out.mut();
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (A.R->Terms.empty())
      P.C[K] = A.R->C[K] % D; // C semantics for fully known values
    else
      P.C[K] = A.R->C[K] - floorDiv(A.R->C[K], D) * D;
  }
  return Out;
}
} // namespace ccl

LaneInt LaneInt::select(LaneBits Pick, const LaneInt &A, const LaneInt &B) {
  // A value selected with itself, or entirely from one side, is that value
  // (both are canonical).
  if (A.R == B.R || Pick == kAllLanes)
    return A;
  if (Pick == 0)
    return B;
  LaneInt Out;
  Rep &P = Out.mut();
  const LaneArray &AC = A.consts(), &BC = B.consts();
  for (unsigned K = 0; K < kWarpSize; ++K)
    P.C[K] = (Pick >> K & 1) ? AC[K] : BC[K];
  auto AddTerms = [&](const LaneInt &Src, bool Want) {
    for (const Term &T : Src.terms()) {
      Term N{T.Sym, {}};
      for (unsigned K = 0; K < kWarpSize; ++K)
        N.Coef[K] = (((Pick >> K) & 1) == Want) ? T.Coef[K] : 0;
      P.Terms.push_back(N);
    }
  };
  AddTerms(A, true);
  AddTerms(B, false);
  Out.normalize();
  return Out;
}

LaneInt LaneInt::permuted(const std::array<uint8_t, kWarpSize> &From) const {
  if (!R)
    return *this;
  LaneInt Out;
  Rep &P = Out.mut();
  for (unsigned K = 0; K < kWarpSize; ++K)
    P.C[K] = R->C[From[K]];
  for (const Term &T : R->Terms) {
    Term N{T.Sym, {}};
    for (unsigned K = 0; K < kWarpSize; ++K)
      N.Coef[K] = T.Coef[From[K]];
    P.Terms.push_back(N);
  }
  Out.normalize();
  return Out;
}

LaneInt LaneInt::truncated(unsigned Bits, bool Signed) const {
  if (Bits >= 64 || !R)
    return *this;
  // A lane with a symbolic part is not wrapped: the no-overflow assumption
  // is on the whole value (y * width + x - 1 with unsigned y, width is
  // not 2^32 - 1 + ... in the lane whose constant is -1).
  LaneBits Concrete = concreteLanes();
  LaneInt Out = *this;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Concrete >> K & 1))
      continue;
    int64_t V = R->C[K];
    uint64_t U = static_cast<uint64_t>(V) & ((uint64_t(1) << Bits) - 1);
    int64_t W = Signed ? llvm::SignExtend64(U, Bits) : static_cast<int64_t>(U);
    if (W != V)
      Out.mut().C[K] = W; // the first change copies the storage
  }
  return Out;
}

std::optional<LaneArray>
LaneInt::evaluate(const std::vector<std::optional<int64_t>> &Values) const {
  LaneArray Out = consts();
  for (const Term &T : terms()) {
    if (T.Sym >= Values.size() || !Values[T.Sym])
      return std::nullopt;
    int64_t S = *Values[T.Sym];
    for (unsigned K = 0; K < kWarpSize; ++K) {
      int64_t P;
      if (__builtin_mul_overflow(T.Coef[K], S, &P) ||
          __builtin_add_overflow(Out[K], P, &Out[K]))
        return std::nullopt;
    }
  }
  return Out;
}

/// The slope a of V[k] - V[first] = a * (k - first) over \p Lanes, if linear.
static std::optional<int64_t> laneSlope(const LaneArray &V, LaneBits Lanes) {
  unsigned First = llvm::countr_zero(Lanes);
  std::optional<int64_t> Slope;
  for (unsigned K = First + 1; K < kWarpSize; ++K) {
    if (!(Lanes >> K & 1))
      continue;
    int64_t D = V[K] - V[First];
    if (D % (int64_t)(K - First) != 0)
      return std::nullopt;
    int64_t S = D / (int64_t)(K - First);
    if (Slope && *Slope != S)
      return std::nullopt;
    Slope = S;
  }
  return Slope.value_or(0);
}

std::string
LaneInt::describeLaneStride(LaneBits Lanes,
                            const std::vector<std::string> &Names) const {
  if (Lanes == 0)
    return "";
  std::string Out;
  std::optional<int64_t> S = laneSlope(consts(), Lanes);
  if (!S)
    return "";
  if (*S != 0)
    Out = std::to_string(*S) + "*k";
  for (const Term &T : terms()) {
    std::optional<int64_t> TS = laneSlope(T.Coef, Lanes);
    if (!TS)
      return "";
    if (*TS == 0)
      continue; // uniform: shifts every lane equally
    std::string Name = T.Sym < Names.size() ? Names[T.Sym] : "?";
    if (!Out.empty())
      Out += " + ";
    Out += (*TS == 1 ? "" : std::to_string(*TS) + "*") + Name + "*k";
  }
  return Out.empty() ? "0" : Out;
}

