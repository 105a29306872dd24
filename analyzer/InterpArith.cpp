//===- InterpArith.cpp - Integer and pointer arithmetic, comparisons ------===//
//
// evalArith is the rule of every arithmetic BinaryOperator (also reached from
// compound assignments, ++/--, unary - and ~):
//   pointer +/- integer   the offset moves by index * sizeof(element)
//   pointer - pointer     the difference of offsets / sizeof(element)
//   pointer < pointer ... into one object: the offsets compared
//   + - * / % << >> & | ^ LaneInt operations (LaneValue.h); a result that is
//                         not affine but warp-uniform becomes a new symbol
//                         named "a op b" (opaqueSymbol, InterpSymbols.cpp)
//   < > <= >= == !=       decided per lane where both sides, or their
//                         difference, are concrete; undefined elsewhere
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpArith.h"
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

namespace {
/// A / D or A % D with C's truncating semantics, D > 0 and A symbolic.
/// divConst and remConst round toward minus infinity, which is C's result
/// only where the dividend is not negative. Lane k is kept where that is
/// proved: its constant is a multiple of D (both roundings agree), or its
/// constant and every coefficient are >= 0 and each symbol with a non-zero
/// coefficient is known not to be negative (blockIdx, an unsigned argument,
/// a loop's iteration number: \p SymNonNeg); an `int n` may be negative. A lane
/// without symbolic part is computed as in C. Every other lane (in[(256*bx + tx
/// - 1) % 32]: lane 0 is -1 in block 0 and 31 elsewhere) is added to \p Undef.
/// Unsigned dividends (\p Unsigned): a lane that may be negative is a value
/// that wrapped around 2^N in some blocks and not in others, so it is kept
/// only for a remainder by a power of two (the same modulo 2^N).
std::optional<LaneInt> truncatingDivRem(const LaneInt &A, int64_t D, bool Rem,
                                        bool Unsigned,
                                        const std::vector<bool> &SymNonNeg,
                                        LaneBits &Undef) {
  std::optional<LaneInt> R = Rem ? remConst(A, D) : divConst(A, D);
  if (!R)
    return R;
  LaneArray Fixed = R->consts();
  bool Changed = false;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    int64_t C = A.consts()[K];
    bool HasSym = false, NonNeg = C >= 0;
    for (const LaneInt::Term &T : A.terms()) {
      HasSym |= T.Coef[K] != 0;
      NonNeg &= T.Coef[K] >= 0 && (T.Coef[K] == 0 || SymNonNeg[T.Sym]);
    }
    if (!HasSym) {
      int64_t V = Rem ? C % D : C / D;
      Changed |= V != Fixed[K];
      Fixed[K] = V;
      continue;
    }
    bool Modular = Unsigned && Rem && llvm::isPowerOf2_64(D);
    if (!NonNeg && !Modular && (C % D != 0 || Unsigned))
      Undef |= LaneBits(1) << K;
  }
  if (!Changed)
    return R;
  // Lanes without symbols: replace their constants (the terms are 0 there).
  LaneArray Delta;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Delta[K] = Fixed[K] - R->consts()[K];
  return add(*R, LaneInt::perLane(Delta));
}

/// A op B for the operators whose rule needs no symbols of the interpreter:
/// + - / % << >> & | ^. Lanes where a concrete operation is undefined
/// (division by zero, shifting by \p Width or more) are added to \p Undef.
std::optional<LaneInt> laneArith(BinaryOperatorKind Op, const LaneInt &A,
                                 const LaneInt &B, bool Unsigned,
                                 unsigned Width,
                                 const std::vector<bool> &SymNonNeg,
                                 LaneBits &Undef) {
  std::optional<int64_t> BC = B.asConstant();
  // Lane-by-lane evaluation for concrete operands.
  auto PerLane = [&](auto F) -> std::optional<LaneInt> {
    if (!A.isConcrete() || !B.isConcrete())
      return std::nullopt;
    LaneArray Out;
    for (unsigned K = 0; K < kWarpSize; ++K) {
      std::optional<int64_t> V = F(A.consts()[K], B.consts()[K]);
      if (!V) {
        Undef |= LaneBits(1) << K;
        Out[K] = 0;
      } else {
        Out[K] = *V;
      }
    }
    return LaneInt::perLane(Out);
  };
  switch (Op) {
  case BO_Add:
    return add(A, B);
  case BO_Sub:
    return sub(A, B);
  case BO_Div:
    if (BC && *BC > 0 && !A.isConcrete())
      return truncatingDivRem(A, *BC, /*Rem=*/false, Unsigned, SymNonNeg,
                              Undef);
    return PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
      if (Y == 0)
        return std::nullopt;
      if (Unsigned)
        return (int64_t)((uint64_t)X / (uint64_t)Y);
      return X / Y;
    });
  case BO_Rem:
    if (BC && *BC > 0 && !A.isConcrete())
      return truncatingDivRem(A, *BC, /*Rem=*/true, Unsigned, SymNonNeg, Undef);
    return PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
      if (Y == 0)
        return std::nullopt;
      if (Unsigned)
        return (int64_t)((uint64_t)X % (uint64_t)Y);
      return X % Y;
    });
  case BO_Shl:
    // Shifting by the operand's width or more is undefined: such lanes are.
    if (BC && *BC >= 0 && *BC < (int64_t)Width)
      return mul(A, LaneInt::constant(int64_t(1) << *BC));
    return PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
      if (Y < 0 || Y >= (int64_t)Width)
        return std::nullopt;
      return (int64_t)((uint64_t)X << Y);
    });
  case BO_Shr:
    // An arithmetic shift rounds down like divConst; an unsigned one of a
    // value that may be negative (wrapped) does not.
    if (BC && *BC >= 0 && *BC < (int64_t)Width && !A.isConcrete())
      return Unsigned ? truncatingDivRem(A, int64_t(1) << *BC, /*Rem=*/false,
                                         Unsigned, SymNonNeg, Undef)
                      : divConst(A, int64_t(1) << *BC);
    return PerLane([&](int64_t X, int64_t Y) -> std::optional<int64_t> {
      if (Y < 0 || Y >= (int64_t)Width)
        return std::nullopt;
      return Unsigned ? (int64_t)((uint64_t)X >> Y) : X >> Y;
    });
  case BO_And:
    if (BC && *BC >= 0 && llvm::isPowerOf2_64((uint64_t)*BC + 1) &&
        !A.isConcrete())
      return remConst(A, *BC + 1);
    return PerLane(
        [](int64_t X, int64_t Y) -> std::optional<int64_t> { return X & Y; });
  case BO_Or:
    return PerLane(
        [](int64_t X, int64_t Y) -> std::optional<int64_t> { return X | Y; });
  case BO_Xor:
    return PerLane(
        [](int64_t X, int64_t Y) -> std::optional<int64_t> { return X ^ Y; });
  default:
    llvm_unreachable("laneArith called for an operator it has no rule for");
  }
}

bool isComparison(BinaryOperatorKind Op) {
  return BinaryOperator::isRelationalOp(Op) || BinaryOperator::isEqualityOp(Op);
}

/// L op R for < > <= >= == !=: 0 or 1 in every lane where both sides are
/// concrete, or where the same unknown appears on both sides (the difference
/// is concrete); undefined in the other lanes, which then depend on the
/// difference's symbols.
Value evalCompare(BinaryOperatorKind Op, const Value &L, const Value &R,
                  bool Unsigned) {
  auto Cmp = [Op](auto X, auto Y) -> int64_t {
    switch (Op) {
    case BO_LT:
      return X < Y;
    case BO_GT:
      return X > Y;
    case BO_LE:
      return X <= Y;
    case BO_GE:
      return X >= Y;
    case BO_EQ:
      return X == Y;
    default:
      return X != Y;
    }
  };
  const LaneInt &A = L.I, &B = R.I;
  LaneArray Out;
  Out.fill(0);
  // Constants on both sides (loop counters against their bounds): decided
  // in every lane, one comparison each.
  if (A.isConcrete() && B.isConcrete()) {
    const LaneArray &X = A.consts(), &Y = B.consts();
    for (unsigned K = 0; K < kWarpSize; ++K)
      Out[K] = Unsigned ? Cmp((uint64_t)X[K], (uint64_t)Y[K]) : Cmp(X[K], Y[K]);
    Value V = derived(Value::integer(LaneInt::perLane(Out)), L, R);
    V.UndefUniform = false;
    return V;
  }
  LaneBits Decided = 0;
  std::optional<LaneInt> D = sub(A, B);
  for (unsigned K = 0; K < kWarpSize; ++K) {
    bool AC = true, BCn = true, DC = D.has_value();
    for (const LaneInt::Term &T : A.terms())
      AC &= T.Coef[K] == 0;
    for (const LaneInt::Term &T : B.terms())
      BCn &= T.Coef[K] == 0;
    if (D)
      for (const LaneInt::Term &T : D->terms())
        DC &= T.Coef[K] == 0;
    if (AC && BCn) {
      int64_t X = A.consts()[K], Y = B.consts()[K];
      Out[K] = Unsigned ? Cmp((uint64_t)X, (uint64_t)Y) : Cmp(X, Y);
    } else if (DC) {
      // Same unknown on both sides: compare the difference to zero.
      Out[K] = Cmp(D->consts()[K], (int64_t)0);
    } else {
      continue;
    }
    Decided |= LaneBits(1) << K;
  }
  Value V = derived(Value::integer(LaneInt::perLane(Out)), L, R);
  LaneBits WasDefined = V.Defined;
  V.Defined &= Decided;
  // One unknown difference in every undecided lane: a uniform condition.
  LaneBits Undecided = WasDefined & ~Decided;
  V.UndefUniform = D && Undecided && D->isUniform(Undecided) &&
                   (L.UndefUniform || (L.Defined & R.Defined) == kAllLanes);
  if (Decided != kAllLanes && D)
    appendDeps(V.Deps, symbolsOf(*D));
  return V;
}
} // namespace

/// U * V where U is warp-uniform and V's symbolic terms are too (only its
/// constants vary by lane), e.g. width * (blockDim.y * by + threadIdx.y):
///   U * (c_k + sum b*s) = U*c_k + sum b * (U*s)
/// U*c_k is affine (U's symbols get per-lane coefficients); each U*s is a
/// product of uniform unknowns, a named symbol.
std::optional<LaneInt> ArithRules::distributeProduct(const Value &U,
                                                     const Value &V) {
  if (!U.isInt() || !V.isInt() || !U.I.isUniform())
    return std::nullopt;
  for (const LaneInt::Term &T : V.I.terms())
    if (!llvm::all_of(T.Coef, [&](int64_t C) { return C == T.Coef[0]; }))
      return std::nullopt;
  std::optional<LaneInt> R = mul(U.I, LaneInt::perLane(V.I.consts()));
  for (const LaneInt::Term &T : V.I.terms()) {
    if (!R)
      return std::nullopt;
    Value P = uniformProduct(U, Value::integer(LaneInt::symbol(T.Sym)));
    if (!P.isInt())
      return std::nullopt;
    std::optional<LaneInt> Part = mul(P.I, LaneInt::constant(T.Coef[0]));
    R = Part ? add(*R, *Part) : std::nullopt;
  }
  return R;
}

SymbolId ArithRules::productSymbol(SymbolId A, SymbolId B) {
  llvm::SmallVector<SymbolId, 4> Factors;
  for (SymbolId S : {A, B}) {
    if (const llvm::SmallVector<SymbolId, 4> *F = I.Syms.productFactors(S))
      Factors.append(F->begin(), F->end());
    else
      Factors.push_back(S);
  }
  llvm::sort(Factors);
  std::string Key = "monomial";
  llvm::SmallVector<std::string, 4> Names;
  bool NonNeg = true;
  for (SymbolId F : Factors) {
    Key += " #" + std::to_string(F);
    Names.push_back(I.Syms.name(F));
    NonNeg &= I.Syms.nonNegative(F);
  }
  llvm::sort(Names);
  std::string Name = llvm::join(Names, "*");
  // With the symbolic warp index (InterpWarpIndex.cpp), W*x is x times the
  // warp's index: its residual x is made too. W*W is not followed.
  llvm::SmallVector<SymbolId, 4> Rest;
  unsigned Ws = I.WarpRun.factorsOfW(Factors, Rest);
  bool SavedMaking = I.WarpRun.makingMonomial(Ws == 1);
  SymbolId Id = I.Symbols.symbolId(Name, Factors, Key, NonNeg);
  I.WarpRun.makingMonomial(SavedMaking);
  I.Syms.setProductFactors(Id, Factors);
  if (Ws == 1 && !Rest.empty()) {
    SymbolId R = Rest[0];
    for (size_t I = 1; I < Rest.size(); ++I)
      R = productSymbol(R, Rest[I]);
    I.WarpRun.monomialMade(Id, R);
  }
  return Id;
}

std::optional<LaneInt> ArithRules::polyMul(const LaneInt &A, const LaneInt &B) {
  if (A.isConcrete() || B.isConcrete())
    return mul(A, B);
  if (A.terms().size() * B.terms().size() > 64)
    return std::nullopt;
  LaneInt CA = LaneInt::perLane(A.consts()), CB = LaneInt::perLane(B.consts());
  std::optional<LaneInt> R = mul(CA, CB);
  // One term s*coef (coef per lane) times the other side's constants.
  auto TermTimes = [](const LaneInt::Term &T, const LaneInt &Scale) {
    return mul(mul(LaneInt::symbol(T.Sym), LaneInt::perLane(T.Coef)).value(),
               Scale);
  };
  for (const LaneInt::Term &T : B.terms()) {
    std::optional<LaneInt> P = TermTimes(T, CA);
    R = R && P ? add(*R, *P) : std::nullopt;
  }
  for (const LaneInt::Term &T : A.terms()) {
    std::optional<LaneInt> P = TermTimes(T, CB);
    R = R && P ? add(*R, *P) : std::nullopt;
  }
  for (const LaneInt::Term &TA : A.terms())
    for (const LaneInt::Term &TB : B.terms()) {
      if (!R)
        return R;
      LaneArray Coef;
      bool Any = false;
      for (unsigned K = 0; K < kWarpSize; ++K) {
        if (__builtin_mul_overflow(TA.Coef[K], TB.Coef[K], &Coef[K]))
          return std::nullopt;
        Any |= Coef[K] != 0;
      }
      if (!Any)
        continue;
      std::optional<LaneInt> P =
          mul(LaneInt::symbol(productSymbol(TA.Sym, TB.Sym)),
              LaneInt::perLane(Coef));
      R = P ? add(*R, *P) : std::nullopt;
    }
  return R;
}

Value ArithRules::uniformProduct(const Value &A, const Value &B) {
  auto Monomial = [](const LaneInt &V) {
    return V.isUniform() && V.terms().size() == 1 && V.consts()[0] == 0;
  };
  if (A.isInt() && B.isInt() && Monomial(A.I) && Monomial(B.I)) {
    int64_t C;
    if (!__builtin_mul_overflow(A.I.terms()[0].Coef[0], B.I.terms()[0].Coef[0],
                                &C))
      if (std::optional<LaneInt> P =
              mul(LaneInt::symbol(
                      productSymbol(A.I.terms()[0].Sym, B.I.terms()[0].Sym)),
                  LaneInt::constant(C)))
        return Value::integer(*P);
  }
  return I.Symbols.opaqueSymbol(A, B, "*");
}

std::optional<LaneInt> ArithRules::laneQuotient(const LaneInt &X,
                                                const LaneInt &D) {
  if (!D.isUniform())
    return std::nullopt;
  auto Show = [&](const LaneInt &V) {
    std::string S;
    for (const LaneInt::Term &T : V.terms())
      S += (S.empty() ? "" : " + ") +
           (T.Coef[0] == 1 ? "" : std::to_string(T.Coef[0]) + "*") +
           I.Syms.name(T.Sym);
    if (V.consts()[0] != 0 || S.empty())
      S += (S.empty() ? "" : " + ") + std::to_string(V.consts()[0]);
    return V.terms().empty() || (V.terms().size() == 1 && V.consts()[0] == 0 &&
                                 V.terms()[0].Coef[0] == 1)
               ? S
               : "(" + S + ")";
  };
  std::optional<int64_t> DC = D.asConstant();
  if (DC && *DC == 0)
    return std::nullopt;
  std::string DKey = I.Symbols.formKey(D, kAllLanes), DName = Show(D);
  bool DNonNeg = I.Symbols.isNonNegative(D);
  LaneArray Concrete;
  Concrete.fill(0);
  std::optional<LaneInt> R = LaneInt();
  for (unsigned K = 0; K < kWarpSize && R; ++K) {
    std::array<uint8_t, kWarpSize> From;
    From.fill((uint8_t)K);
    LaneInt Form = X.permuted(From);
    if (Form.isConcrete() && DC) {
      Concrete[K] = Form.consts()[0] / *DC;
      continue;
    }
    SymbolId Q = I.Symbols.symbolId(
        Show(Form) + "/" + DName, symbolsOf(Form),
        "quotient " + I.Symbols.formKey(Form, kAllLanes) + " / " + DKey,
        DNonNeg && I.Symbols.isNonNegative(Form));
    LaneArray E;
    E.fill(0);
    E[K] = 1;
    std::optional<LaneInt> P = mul(LaneInt::symbol(Q), LaneInt::perLane(E));
    R = P ? add(*R, *P) : std::nullopt;
  }
  return R ? add(*R, LaneInt::perLane(Concrete)) : std::nullopt;
}

Value ArithRules::evalPointerArith(BinaryOperatorKind Op, const Value &L,
                                   const Value &R, QualType LTy, QualType RTy) {
  if (L.isPtr() && R.isInt() && (Op == BO_Add || Op == BO_Sub)) {
    int64_t Size = I.Memory.elementSize(L, LTy->getPointeeType());
    if (Size == 0)
      return Value::unknown("pointer arithmetic on an incomplete type");
    std::optional<LaneInt> Scaled = mul(R.I, LaneInt::constant(Size));
    std::optional<LaneInt> Off =
        Scaled ? (Op == BO_Add ? add(L.I, *Scaled) : sub(L.I, *Scaled))
               : std::nullopt;
    if (!Off)
      return Value::unknown("pointer arithmetic overflows");
    Value V = L;
    V.I = *Off;
    return derived(V, L, R);
  }
  if (R.isPtr() && L.isInt() && Op == BO_Add)
    return evalPointerArith(Op, R, L, RTy, LTy);
  // Comparisons of two pointers into one object compare their offsets.
  if (L.isPtr() && R.isPtr() && isComparison(Op) && L.Base == R.Base) {
    auto AsInt = [](Value V) {
      V.Kind = Value::Int;
      V.Base = nullptr;
      return V;
    };
    return evalCompare(Op, AsInt(L), AsInt(R), /*Unsigned=*/false);
  }
  if (L.isPtr() && R.isPtr() && Op == BO_Sub && L.Base == R.Base) {
    int64_t Size = I.Memory.sizeOf(LTy->getPointeeType());
    std::optional<LaneInt> D = sub(L.I, R.I);
    std::optional<LaneInt> Q = D && Size ? divConst(*D, Size) : std::nullopt;
    if (!Q)
      return Value::unknown("pointer difference");
    return derived(Value::integer(*Q), L, R);
  }
  // An unknown operand is the reason, not the arithmetic.
  if (L.isUnknown() || R.isUnknown())
    return unknownFrom(L, R, "pointer comparison or arithmetic not followed");
  return Value::unknown(L.isPtr() && R.isPtr() && L.Base != R.Base
                            ? "pointers into different objects compared"
                            : "pointer comparison or arithmetic not followed");
}

Value ArithRules::evalNonAffine(BinaryOperatorKind Op, const Value &L,
                                const Value &R) {
  // If both sides are warp-uniform, the result is one (unknown) value per
  // warp, a new symbol.
  if (L.I.isUniform() && R.I.isUniform())
    return derived(
        I.Symbols.opaqueSymbol(L, R, BinaryOperator::getOpcodeStr(Op)), L, R);
  // A lane-dependent dividend over a uniform divisor: per-lane quotient
  // symbols, and the remainder X - D * (X / D) (exact for C's truncating
  // '/' and '%' whatever the signs).
  if ((Op == BO_Div || Op == BO_Rem) && R.I.isUniform())
    if (std::optional<LaneInt> Q = laneQuotient(L.I, R.I)) {
      std::optional<LaneInt> P = Op == BO_Div ? Q : polyMul(R.I, *Q);
      std::optional<LaneInt> Res =
          Op == BO_Div ? P : (P ? sub(L.I, *P) : std::nullopt);
      if (Res)
        return derived(Value::integer(*Res), L, R);
    }
  Value U = unknownFrom(L, R,
                        std::string("lane-dependent '") +
                            BinaryOperator::getOpcodeStr(Op).str() +
                            "' of an unknown value");
  appendDeps(U.Deps, symbolsOf(L.I));
  appendDeps(U.Deps, symbolsOf(R.I));
  return U;
}

Value ArithRules::evalArith(BinaryOperatorKind Op, const Value &L,
                            const Value &R, QualType LTy, QualType RTy,
                            QualType ResTy) {
  if (!I.WarpRun.mentionsW(L) && !I.WarpRun.mentionsW(R))
    return evalArithImpl(Op, L, R, LTy, RTy, ResTy);
  // The symbolic warp index (InterpWarpIndex.cpp): the result must be what
  // every warp computes from its own operands. A shift by an unknown may
  // split the run into cases: not with the warp index.
  if (Op == BO_Shl && !R.I.isConcrete()) {
    I.WarpRun.escape("a shift by an unknown amount");
    return Value::unknown("shift by the warp index");
  }
  // Each warp's result from its own operands, as one form in w.
  return I.WarpRun.perWarp(
      nullptr,
      [&](int64_t W) {
        return evalArithImpl(Op, I.WarpRun.warpAt(L, W), I.WarpRun.warpAt(R, W),
                             LTy, RTy, ResTy);
      },
      std::string("operator '") + BinaryOperator::getOpcodeStr(Op).str() + "'");
}

/// `1 << k` with k a warp-uniform unknown: a power of two, 2^k for one k
/// in 0 .. width-1 (a shift by the width or more, or by a negative amount,
/// is undefined). The warp is run once per k (caseSplit): `N = 1 <<
/// log2N`, then `pos & (N / 4 - 1)` and the strides of the loops over N
/// are known in each run. Other uses of k stay unknown.
std::optional<Value> ArithRules::evalShiftByUnknown(BinaryOperatorKind Op,
                                                    const Value &L,
                                                    const Value &R,
                                                    QualType LTy, QualType RTy,
                                                    QualType ResTy) {
  if (Op == BO_Shl && L.I.isConcrete() && !R.I.isConcrete() &&
      R.I.isUniform() && (R.Defined & I.InBlock) == I.InBlock &&
      LTy->isIntegerType()) {
    unsigned Width = std::min<unsigned>(I.Ctx.getIntWidth(LTy), 63);
    if (std::optional<unsigned> K =
            I.caseSplit(Width, "shift by " + I.Symbols.formKey(R.I, kAllLanes),
                        symbolsOf(R.I))) {
      Value RK = derived(Value::integer(LaneInt::constant(*K)), R, R);
      return evalArith(Op, L, RK, LTy, RTy, ResTy);
    }
  }
  return std::nullopt;
}

Value ArithRules::evalArithImpl(BinaryOperatorKind Op, const Value &L,
                                const Value &R, QualType LTy, QualType RTy,
                                QualType ResTy) {
  if (L.isPtr() || R.isPtr())
    return evalPointerArith(Op, L, R, LTy, RTy);
  if (!L.isInt() || !R.isInt())
    return unknownFrom(L, R, "operand of unknown value");
  bool Unsigned = LTy->isUnsignedIntegerOrEnumerationType();
  if (isComparison(Op))
    return evalCompare(Op, L, R, Unsigned);
  if (std::optional<Value> V = evalShiftByUnknown(Op, L, R, LTy, RTy, ResTy))
    return *V;
  std::optional<LaneInt> Res;
  LaneBits Undef = 0; // lanes made undefined (division by zero, ...)
  switch (Op) {
  case BO_Mul:
    Res = mul(L.I, R.I);
    if (!Res)
      Res = distributeProduct(L, R);
    if (!Res)
      Res = distributeProduct(R, L);
    if (!Res && L.I.isUniform() && R.I.isUniform())
      return derived(uniformProduct(L, R), L, R);
    if (!Res)
      Res = polyMul(L.I, R.I);
    if (!Res)
      return derived(I.Symbols.opaqueSymbol(L, R, "*"), L, R);
    break;
  case BO_Add:
  case BO_Sub:
  case BO_Div:
  case BO_Rem:
  case BO_Shl:
  case BO_Shr:
  case BO_And:
  case BO_Or:
  case BO_Xor: {
    unsigned Width = LTy->isIntegerType()
                         ? std::min<unsigned>(I.Ctx.getIntWidth(LTy), 63)
                         : 63;
    Res = laneArith(Op, L.I, R.I, Unsigned, Width, I.Syms.nonNegativeFlags(),
                    Undef);
    break;
  }
  case BO_Comma:
    return R;
  default:
    return Value::unknown("unsupported operator");
  }
  if (!Res)
    return evalNonAffine(Op, L, R);
  // A warp-uniform dividend whose sign is not known (`(2 + threadIdx.y) * C
  // / x128::size` with `int C`): one unknown quotient per warp, a symbol,
  // rather than undefined.
  if (Undef && (Op == BO_Div || Op == BO_Rem) && !L.I.isConcrete() &&
      L.I.isUniform() && R.I.isUniform() && L.definedIn(kAllLanes))
    return evalNonAffine(Op, L, R);
  Value V = derived(Value::integer(*Res), L, R);
  if (Undef & V.Defined) {
    if (V.Reason.empty())
      V.Reason = (Op == BO_Div || Op == BO_Rem) && !L.I.isConcrete()
                     ? "the sign of the dividend is not known in every lane "
                       "(C's '/' and '%' truncate toward zero)"
                     : "an operation undefined in some lanes";
    appendDeps(V.Deps, symbolsOf(L.I));
  }
  V.Defined &= ~Undef;
  if (ResTy->isIntegerType() && !ResTy->isBooleanType())
    V.I = V.I.truncated(I.Ctx.getIntWidth(ResTy),
                        ResTy->isSignedIntegerOrEnumerationType());
  return V;
}
