//===- InterpMinMax.cpp - min and max, and the cases a clamp splits into --===//
//
// min(a, b), max(a, b) and their unsigned and 64-bit forms (umin, llmax,
// ...; evalCall sends them here): lane by lane where both operands are known
// per lane; a warp-uniform symbol ("min(a, b)") where both are uniform;
// where a - b is a per-lane constant plus one uniform unknown, the lanes
// that take a are chosen by one unknown threshold, and the warp is run once
// per threshold interval (clampCases, caseSplit in Interpreter.cpp).
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

Value CallRules::evalMinMax(const CallExpr *E, StringRef Name,
                            llvm::ArrayRef<const Expr *> Args,
                            const LaneMask &M) {
  Value A = I.eval(Args[0], M), B = I.eval(Args[1], M);
  if (!I.WarpRun.mentionsW(A) && !I.WarpRun.mentionsW(B))
    return minMaxOf(Name, A, B, M);
  // With the warp index (InterpWarpIndex.cpp): each warp's min or max of
  // its own operands, as one form (a warp whose run would split into cases
  // stops the run with the warp index).
  I.WarpRun.noteInlined(E);
  // Where each warp's min or max splits its run into cases at a threshold
  // that moves with the warp index (`min(t, t2b + block.thread_rank())`:
  // every warp's lanes are clamped in the same 33 cases), the run with the
  // warp index splits as well, once for all warps, and each warp's own
  // result must be that case's with its index.
  std::optional<Value> Sym;
  bool IsMin = Name.contains("min");
  // (Only where the threshold has an unknown besides W: where it is W
  // alone, each warp's operands are concrete and it makes no split.)
  std::optional<LaneInt> Diff = IsMin ? sub(A.I, B.I) : sub(B.I, A.I);
  bool OtherUnknown =
      A.isInt() && B.isInt() && Diff &&
      llvm::any_of(Diff->terms(), [this](const LaneInt::Term &T) {
        return !I.WarpRun.madeFromW(T.Sym);
      });
  // (An unknown in the difference: the operands are not both concrete, so
  // minMaxOf would not fold them lane by lane.)
  if (OtherUnknown && !(A.I.isUniform() && B.I.isUniform())) {
    I.WarpRun.beginClamp();
    std::optional<Value> C = clampCases(A, B, IsMin, M);
    if (I.WarpRun.endClamp(C.has_value()))
      Sym = derived(*C, A, B);
  }
  Value R = I.WarpRun.perWarp(
      Sym ? &*Sym : nullptr,
      [&](int64_t W) {
        I.WarpRun.beginOwnClamp();
        Value V =
            minMaxOf(Name, I.WarpRun.warpAt(A, W), I.WarpRun.warpAt(B, W), M);
        I.WarpRun.endOwnClamp();
        return V;
      },
      "a min or max");
  I.WarpRun.finishClamp();
  return R;
}

Value CallRules::minMaxOf(StringRef Name, const Value &A, const Value &B,
                          const LaneMask &M) {
  if (A.isInt() && B.isInt()) {
    bool IsMin = Name.contains("min");
    std::optional<LaneInt> R = LaneInt::laneWise(
        A.I, B.I, [IsMin](int64_t X, int64_t Y) -> std::optional<int64_t> {
          return IsMin ? std::min(X, Y) : std::max(X, Y);
        });
    if (R)
      return derived(Value::integer(*R), A, B);
    if (A.I.isUniform() && B.I.isUniform())
      return derived(I.Symbols.opaqueSymbol(A, B, IsMin ? "min" : "max"), A, B);
    if (std::optional<Value> C = clampCases(A, B, IsMin, M))
      return derived(*C, A, B);
  }
  return unknownFrom(A, B, ("result of '" + Name + "'").str());
}

/// min(A, B) takes A in lane k where D_k = A_k - B_k <= 0 (max: where
/// B_k - A_k <= 0). When D_k = d_k + U, d_k a per-lane constant and U a
/// warp-uniform unknown part (`min(blockIdx.x * 32 + threadIdx.x, w - 1)`:
/// d_k = k + 1, U = 32*blockIdx.x - w), lane k takes A exactly where
/// d_k <= t with t = -U one unknown threshold. With v_1 < ... < v_m the
/// distinct d_k of the lanes that may be active, the cases are: t < v_1
/// (every lane takes B), v_i <= t < v_{i+1} (lanes with d_k <= v_i take A,
/// the others B), t >= v_m (every lane takes A). Where v_{i+1} - v_i is 1,
/// t is v_i, so U = -v_i and the clamped lanes' B_k = A_k - d_k + v_i,
/// written with A's unknowns (the clamped lanes hold the last unclamped
/// lane's value): their addresses keep A's alignment. Otherwise they keep
/// B's form. The warp runs once per case (caseSplit); accesses after it
/// are not exact.
namespace {
/// \p D's unknown part \p U, the same in every lane of \p Lanes; with the
/// run with the warp index \p Run, also U without W (\p Rest) and W's
/// coefficient \p CW. False when D's unknowns have different coefficients
/// in two lanes, or a product overflows.
bool uniformPart(const LaneInt &D, LaneBits Lanes, const WarpIndexRun *Run,
                 LaneInt &U, LaneInt &Rest, int64_t &CW) {
  unsigned L0 = llvm::countr_zero(Lanes);
  for (const LaneInt::Term &T : D.terms())
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((Lanes >> K & 1) && T.Coef[K] != T.Coef[L0])
        return false;
  for (const LaneInt::Term &T : D.terms()) {
    std::optional<LaneInt> P =
        mul(LaneInt::symbol(T.Sym), LaneInt::constant(T.Coef[L0]));
    std::optional<LaneInt> S = P ? add(U, *P) : std::nullopt;
    if (!S)
      return false;
    U = *S;
    if (!Run)
      continue;
    if (Run->isWarpIndex(T.Sym)) {
      CW = T.Coef[L0];
    } else {
      std::optional<LaneInt> R = add(Rest, *P);
      if (!R)
        return false;
      Rest = *R;
    }
  }
  return true;
}
} // namespace

std::optional<Value> CallRules::clampCases(const Value &A, const Value &B,
                                           bool IsMin, const LaneMask &M) {
  LaneBits Lanes = M.May & A.Defined & B.Defined;
  if (!Lanes)
    return std::nullopt;
  std::optional<LaneInt> D = IsMin ? sub(A.I, B.I) : sub(B.I, A.I);
  if (!D || D->isConcrete())
    return std::nullopt;
  // U: D's unknown part (the same in every lane of Lanes); d_k = D_k - U.
  // With the warp index (evalMinMax): also U without W (Rest) and W's
  // coefficient CW, for the keys the warps' own runs give this point.
  bool WarpKeys = I.WarpRun.inClamp();
  LaneInt U = LaneInt::constant(0), Rest = U;
  int64_t CW = 0;
  if (!uniformPart(*D, Lanes, WarpKeys ? &I.WarpRun : nullptr, U, Rest, CW))
    return std::nullopt;
  std::optional<LaneInt> Dc = sub(*D, U);
  if (!Dc)
    return std::nullopt;
  std::vector<int64_t> Vals;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (Lanes >> K & 1)
      Vals.push_back(Dc->consts()[K]);
  llvm::sort(Vals);
  Vals.erase(std::unique(Vals.begin(), Vals.end()), Vals.end());
  unsigned N = Vals.size() + 1;
  auto KeyOf = [&](const LaneInt &Form, int64_t Shift) {
    std::string K = "clamp " + I.Symbols.formKey(Form, kAllLanes);
    for (int64_t V : Vals)
      K += " " + std::to_string(V + Shift);
    return K;
  };
  std::string Key = KeyOf(U, 0);
  // With the warp index in U: the key warp w's own run gives this point,
  // W's part CW*w moved into every lane's constant.
  I.WarpRun.clampKeys(WarpKeys && I.WarpRun.mentionsW(U),
                      [&](unsigned W) { return KeyOf(Rest, CW * int64_t(W)); });
  std::optional<unsigned> Case = I.caseSplit(N, Key, symbolsOf(U));
  if (!Case)
    return std::nullopt;
  if (*Case == 0)
    return B;
  if (*Case == N - 1)
    return A;
  int64_t Vi = Vals[*Case - 1];
  LaneBits TakeA = 0;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (!(Lanes >> K & 1) || Dc->consts()[K] <= Vi)
      TakeA |= LaneBits(1) << K;
  LaneInt Other = B.I;
  if (Vals[*Case] - Vi == 1) {
    // t = v_i: B_k = A_k - (d_k - v_i).
    LaneArray Shift;
    for (unsigned K = 0; K < kWarpSize; ++K)
      Shift[K] = Dc->consts()[K] - Vi;
    std::optional<LaneInt> BA = IsMin ? sub(A.I, LaneInt::perLane(Shift))
                                      : add(A.I, LaneInt::perLane(Shift));
    if (BA)
      Other = *BA;
  }
  Value R = A;
  R.I = LaneInt::select(TakeA, A.I, Other);
  return R;
}
