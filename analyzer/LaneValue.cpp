//===- LaneValue.cpp - The lane-address domain ----------------------------===//
#include "analyzer/LaneValue.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace ccl;

LaneInt LaneInt::constant(int64_t V) {
  LaneInt R;
  R.C.fill(V);
  return R;
}

LaneInt LaneInt::perLane(const LaneArray &V) {
  LaneInt R;
  R.C = V;
  return R;
}

LaneInt LaneInt::symbol(SymbolId S) {
  LaneInt R;
  Term T;
  T.Sym = S;
  T.Coef.fill(1);
  R.Terms.push_back(T);
  assert(R.isCanonical());
  return R;
}

bool LaneInt::isCanonical() const {
  for (size_t I = 0; I < Terms.size(); ++I) {
    if (I > 0 && Terms[I - 1].Sym >= Terms[I].Sym)
      return false; // unsorted, or a symbol twice
    if (llvm::all_of(Terms[I].Coef, [](int64_t V) { return V == 0; }))
      return false;
  }
  return true;
}

void LaneInt::normalize() {
  llvm::sort(Terms, [](const Term &A, const Term &B) { return A.Sym < B.Sym; });
  // Merge equal symbols, drop zero terms.
  llvm::SmallVector<Term, 2> Out;
  for (const Term &T : Terms) {
    if (!Out.empty() && Out.back().Sym == T.Sym) {
      for (unsigned K = 0; K < kWarpSize; ++K)
        Out.back().Coef[K] += T.Coef[K];
    } else {
      Out.push_back(T);
    }
  }
  llvm::erase_if(Out, [](const Term &T) {
    return llvm::all_of(T.Coef, [](int64_t V) { return V == 0; });
  });
  Terms = std::move(Out);
  assert(isCanonical());
}

static bool sameInLanes(const LaneArray &A, LaneBits Lanes) {
  std::optional<int64_t> First;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Lanes >> K & 1))
      continue;
    if (!First)
      First = A[K];
    else if (*First != A[K])
      return false;
  }
  return true;
}

bool LaneInt::isUniform(LaneBits Lanes) const {
  if (!sameInLanes(C, Lanes))
    return false;
  for (const Term &T : Terms)
    if (!sameInLanes(T.Coef, Lanes))
      return false;
  return true;
}

std::optional<int64_t> LaneInt::asConstant(LaneBits Lanes) const {
  if (!isConcrete() || !isUniform(Lanes) || Lanes == 0)
    return std::nullopt;
  return C[llvm::countr_zero(Lanes)];
}

bool LaneInt::sameAs(const LaneInt &O, LaneBits Lanes) const {
  auto Eq = [Lanes](const LaneArray &A, const LaneArray &B) {
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((Lanes >> K & 1) && A[K] != B[K])
        return false;
    return true;
  };
  if (!Eq(C, O.C))
    return false;
  // Compare term by term; a symbol missing on one side has coefficient 0.
  LaneArray Zero;
  Zero.fill(0);
  size_t I = 0, J = 0;
  while (I < Terms.size() || J < O.Terms.size()) {
    if (J == O.Terms.size() ||
        (I < Terms.size() && Terms[I].Sym < O.Terms[J].Sym)) {
      if (!Eq(Terms[I].Coef, Zero))
        return false;
      ++I;
    } else if (I == Terms.size() || O.Terms[J].Sym < Terms[I].Sym) {
      if (!Eq(O.Terms[J].Coef, Zero))
        return false;
      ++J;
    } else {
      if (!Eq(Terms[I].Coef, O.Terms[J].Coef))
        return false;
      ++I, ++J;
    }
  }
  return true;
}

LaneBits LaneInt::laneEquals(const LaneInt &O) const {
  LaneBits R = 0;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (sameAs(O, LaneBits(1) << K))
      R |= LaneBits(1) << K;
  return R;
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

namespace ccl {
std::optional<LaneInt> add(const LaneInt &A, const LaneInt &B) {
  std::optional<LaneArray> C = addArrays(A.C, B.C, false);
  if (!C)
    return std::nullopt;
  LaneInt R;
  R.C = *C;
  R.Terms = A.Terms;
  R.Terms.append(B.Terms.begin(), B.Terms.end());
  R.normalize();
  return R;
}

std::optional<LaneInt> sub(const LaneInt &A, const LaneInt &B) {
  std::optional<LaneArray> C = addArrays(A.C, B.C, true);
  if (!C)
    return std::nullopt;
  LaneInt R;
  R.C = *C;
  R.Terms = A.Terms;
  LaneArray Zero;
  Zero.fill(0);
  for (const LaneInt::Term &T : B.Terms) {
    std::optional<LaneArray> Neg = addArrays(Zero, T.Coef, true);
    if (!Neg)
      return std::nullopt;
    R.Terms.push_back({T.Sym, *Neg});
  }
  R.normalize();
  return R;
}

std::optional<LaneInt> mul(const LaneInt &A, const LaneInt &B) {
  if (!A.isConcrete() && !B.isConcrete())
    return std::nullopt;
  const LaneInt &Scale = A.isConcrete() ? A : B;
  const LaneInt &Other = A.isConcrete() ? B : A;
  LaneInt R;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (__builtin_mul_overflow(Other.C[K], Scale.C[K], &R.C[K]))
      return std::nullopt;
  for (const LaneInt::Term &T : Other.Terms) {
    LaneInt::Term N{T.Sym, {}};
    for (unsigned K = 0; K < kWarpSize; ++K)
      if (__builtin_mul_overflow(T.Coef[K], Scale.C[K], &N.Coef[K]))
        return std::nullopt;
    R.Terms.push_back(N);
  }
  R.normalize();
  return R;
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
  LaneInt R;
  for (const LaneInt::Term &T : A.Terms) {
    LaneInt::Term N{T.Sym, {}};
    for (unsigned K = 0; K < kWarpSize; ++K) {
      if (T.Coef[K] % D != 0)
        return std::nullopt;
      N.Coef[K] = T.Coef[K] / D;
    }
    R.Terms.push_back(N);
  }
  for (unsigned K = 0; K < kWarpSize; ++K)
    R.C[K] = A.Terms.empty() ? A.C[K] / D : floorDiv(A.C[K], D);
  R.normalize();
  return R;
}

std::optional<LaneInt> remConst(const LaneInt &A, int64_t D) {
  if (D <= 0)
    return std::nullopt;
  for (const LaneInt::Term &T : A.Terms)
    for (unsigned K = 0; K < kWarpSize; ++K)
      if (T.Coef[K] % D != 0)
        return std::nullopt;
  LaneInt R;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (A.Terms.empty())
      R.C[K] = A.C[K] % D; // C semantics for fully known values
    else
      R.C[K] = A.C[K] - floorDiv(A.C[K], D) * D;
  }
  return R;
}
} // namespace ccl

LaneInt LaneInt::select(LaneBits Pick, const LaneInt &A, const LaneInt &B) {
  LaneInt R;
  for (unsigned K = 0; K < kWarpSize; ++K)
    R.C[K] = (Pick >> K & 1) ? A.C[K] : B.C[K];
  auto AddTerms = [&](const LaneInt &Src, bool Want) {
    for (const Term &T : Src.Terms) {
      Term N{T.Sym, {}};
      for (unsigned K = 0; K < kWarpSize; ++K)
        N.Coef[K] = (((Pick >> K) & 1) == Want) ? T.Coef[K] : 0;
      R.Terms.push_back(N);
    }
  };
  AddTerms(A, true);
  AddTerms(B, false);
  R.normalize();
  return R;
}

LaneInt LaneInt::permuted(const std::array<uint8_t, kWarpSize> &From) const {
  LaneInt R;
  for (unsigned K = 0; K < kWarpSize; ++K)
    R.C[K] = C[From[K]];
  for (const Term &T : Terms) {
    Term N{T.Sym, {}};
    for (unsigned K = 0; K < kWarpSize; ++K)
      N.Coef[K] = T.Coef[From[K]];
    R.Terms.push_back(N);
  }
  R.normalize();
  return R;
}

LaneInt LaneInt::truncated(unsigned Bits, bool Signed) const {
  if (Bits >= 64)
    return *this;
  LaneInt R = *this;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    // A lane with a symbolic part is not wrapped: the no-overflow assumption
    // is on the whole value (y * width + x - 1 with unsigned y, width is
    // not 2^32 - 1 + ... in the lane whose constant is -1).
    if (llvm::any_of(Terms, [K](const Term &T) { return T.Coef[K] != 0; }))
      continue;
    uint64_t U = static_cast<uint64_t>(C[K]) & ((uint64_t(1) << Bits) - 1);
    if (Signed)
      R.C[K] = llvm::SignExtend64(U, Bits);
    else
      R.C[K] = static_cast<int64_t>(U);
  }
  return R;
}

std::optional<LaneArray>
LaneInt::evaluate(const std::vector<std::optional<int64_t>> &Values) const {
  LaneArray R = C;
  for (const Term &T : Terms) {
    if (T.Sym >= Values.size() || !Values[T.Sym])
      return std::nullopt;
    int64_t S = *Values[T.Sym];
    for (unsigned K = 0; K < kWarpSize; ++K) {
      int64_t P;
      if (__builtin_mul_overflow(T.Coef[K], S, &P) ||
          __builtin_add_overflow(R[K], P, &R[K]))
        return std::nullopt;
    }
  }
  return R;
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
  std::optional<int64_t> S = laneSlope(C, Lanes);
  if (!S)
    return "";
  if (*S != 0)
    Out = std::to_string(*S) + "*k";
  for (const Term &T : Terms) {
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

const char *ccl::spaceName(MemObject::SpaceKind S) {
  switch (S) {
  case MemObject::Global:
    return "global";
  case MemObject::Shared:
    return "shared";
  case MemObject::Local:
    return "local";
  case MemObject::Constant:
    return "constant";
  case MemObject::Generic:
    return "generic";
  }
  llvm_unreachable("unknown memory space");
}

bool Value::sameAs(const Value &O, LaneBits Lanes) const {
  if (Kind != O.Kind || Kind == Unknown)
    return false;
  if (Kind == Ptr && Base != O.Base)
    return false;
  return I.sameAs(O.I, Lanes);
}

Value Value::mergeMasked(const Value &Old, const Value &New,
                         const LaneMask &M) {
  assert(Old.isWellFormed() && New.isWellFormed() && M.isWellFormed());
  // Every lane that may execute the assignment takes the new value: a lane
  // that does not reach it is inactive here, and where paths that did and did
  // not assign meet again, join decides per lane.
  return join(New, Old, M.May, ~M.May);
}

Value Value::join(const Value &A, const Value &B, LaneBits TakeA,
                  LaneBits TakeB) {
  assert(A.isWellFormed() && B.isWellFormed());
  LaneBits Open = ~(TakeA | TakeB);
  Value R;
  bool AKnown = A.Kind != Unknown && (A.Defined & (TakeA | Open));
  bool BKnown = B.Kind != Unknown && (B.Defined & (TakeB | Open));
  if (!AKnown && !BKnown) {
    R = A.isUnknown() ? A : B;
    R.Defined = 0;
  } else if (!BKnown) {
    R = A;
    R.Defined = A.Defined & TakeA;
  } else if (!AKnown) {
    R = B;
    R.Defined = B.Defined & TakeB;
    if (!A.Reason.empty())
      R.Reason = A.Reason;
  } else if (A.Kind == B.Kind && (A.Kind == Int || A.Base == B.Base)) {
    R = A;
    R.I = LaneInt::select(TakeA | Open, A.I, B.I);
    LaneBits Agree = A.I.laneEquals(B.I);
    R.Defined = (A.Defined & TakeA) | (B.Defined & TakeB) |
                (A.Defined & B.Defined & Open & Agree);
  } else if (A.Defined & TakeA) {
    R = A;
    R.Defined = A.Defined & TakeA;
  } else {
    R = B;
    R.Defined = B.Defined & TakeB;
  }
  for (const Value *V : {&A, &B})
    for (SymbolId S : V->Deps)
      if (!llvm::is_contained(R.Deps, S))
        R.Deps.push_back(S);
  assert(R.isWellFormed());
  return R;
}

void LaneMask::addDeps(llvm::ArrayRef<SymbolId> D) {
  for (SymbolId S : D)
    if (!llvm::is_contained(Deps, S))
      Deps.push_back(S);
}

LaneMask ccl::intersect(const LaneMask &M, const LaneBool &C, bool Negate) {
  assert(M.isWellFormed() && C.isWellFormed());
  LaneBits Undecided = ~(C.True | C.False);
  LaneBits Yes = (Negate ? C.False : C.True) | (Undecided & C.Uniform);
  LaneBits No = Negate ? C.True : C.False;
  LaneMask R;
  R.Must = M.Must & Yes;
  R.May = M.May & ~No;
  R.Deps = M.Deps;
  if (R.May & Undecided)
    R.addDeps(C.Deps);
  assert(R.isWellFormed());
  return R;
}

LaneMask ccl::unite(const LaneMask &A, const LaneMask &B) {
  assert(A.isWellFormed() && B.isWellFormed());
  LaneMask R;
  R.Must = A.Must | B.Must;
  R.May = A.May | B.May;
  R.Deps = A.Deps;
  R.addDeps(B.Deps);
  assert(R.isWellFormed());
  return R;
}

LaneMask ccl::subtract(const LaneMask &M, const LaneMask &Left) {
  assert(M.isWellFormed() && Left.isWellFormed());
  LaneMask R;
  R.Must = M.Must & ~Left.May;
  R.May = M.May & ~Left.Must;
  R.Deps = M.Deps;
  if (R.Must != R.May)
    R.addDeps(Left.Deps);
  assert(R.isWellFormed());
  return R;
}
