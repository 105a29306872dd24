//===- InterpPerWarp.cpp - Results checked against every warp -------------===//
//
// WarpIndexRun's checked rules (WarpIndexRun.h; the run with the symbolic
// warp index: InterpWarpIndex.cpp): a result that sees w is computed again
// for every warp from the operands with w replaced (perWarp) and kept as
// the symbolic result if that is every warp's, else as one form B + w*D
// (fitOverWarps), else with one unknown per warp (warpFamilies); joins and
// truncations are checked the same way; consumesWarpIndex says which
// expression classes may see w at all.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ccl;

bool WarpIndexRun::sameValue(const Value &G, const Value &X) {
  return G.Kind == X.Kind && G.Base == X.Base && G.Defined == X.Defined &&
         G.UndefUniform == X.UndefUniform && G.OtherObjects == X.OtherObjects &&
         (G.isUnknown() || G.I.sameAs(X.I, G.Defined)) &&
         ((!G.isUnknown() && G.Defined == kAllLanes) || G.Reason == X.Reason);
}

std::optional<LaneInt> WarpIndexRun::warpFamilies(const std::vector<Value> &E) {
  // E_w = C_w + sum_p coef_p * s_{p,w}: the terms at position p hold one
  // unknown per warp (an opaque product of the warp's own row number) with
  // the same coefficients in every warp; C_w, the rest, linear in w. Such
  // a term becomes a *family* symbol (Residual -3), each warp's member
  // substituted for it (warpAt).
  size_t N = E[0].I.terms().size();
  for (const Value &V : E)
    if (V.I.terms().size() != N)
      return std::nullopt;
  std::vector<bool> Fam(N, false);
  bool Any = false;
  for (size_t P = 0; P < N; ++P) {
    const LaneInt::Term &T0 = E[0].I.terms()[P];
    for (size_t Ix = 1; Ix < E.size(); ++Ix)
      Fam[P] = Fam[P] || E[Ix].I.terms()[P].Sym != T0.Sym;
    if (!Fam[P])
      continue;
    Any = true;
    // One coefficient per warp, the same in every lane: the member is that
    // multiple of the warp's unknown.
    for (size_t Ix = 0; Ix < E.size(); ++Ix) {
      const LaneArray &C = E[Ix].I.terms()[P].Coef;
      if (!llvm::all_of(C, [&](int64_t X) { return X == C[0]; }))
        return std::nullopt;
    }
  }
  if (!Any)
    return std::nullopt;
  // The rest, as one form in w.
  std::vector<LaneInt> C;
  for (const Value &V : E) {
    std::optional<LaneInt> R = LaneInt::perLane(V.I.consts());
    for (size_t P = 0; P < N && R; ++P)
      if (!Fam[P]) {
        const LaneInt::Term &T = V.I.terms()[P];
        std::optional<LaneInt> Part =
            mul(LaneInt::symbol(T.Sym), LaneInt::perLane(T.Coef));
        R = Part ? add(*R, *Part) : std::nullopt;
      }
    if (!R)
      return std::nullopt;
    C.push_back(*R);
  }
  std::optional<std::pair<LaneInt, LaneInt>> Fit = S.fitOverWarps(C, kAllLanes);
  if (!Fit || !Fit->second.isConcrete())
    return std::nullopt;
  const LaneInt &B = Fit->first, &D = Fit->second;
  std::optional<LaneInt> Out =
      add(B, *mul(LaneInt::symbol(S.W), LaneInt::perLane(D.consts())));
  for (size_t P = 0; P < N && Out; ++P) {
    if (!Fam[P])
      continue;
    std::string Key = "\x01warp family";
    bool NonNeg = true;
    std::map<unsigned, std::pair<SymbolId, int64_t>> Members;
    for (size_t Ix = 0; Ix < E.size(); ++Ix) {
      const LaneInt::Term &T = E[Ix].I.terms()[P];
      Key += " " + std::to_string(S.Set[Ix]) + ":" + std::to_string(T.Sym) +
             "*" + std::to_string(T.Coef[0]);
      NonNeg = NonNeg && I.Syms.nonNegative(T.Sym) && T.Coef[0] >= 0;
      Members[S.Set[Ix]] = {T.Sym, T.Coef[0]};
    }
    SymbolId F = I.Symbols.symbolId(I.Syms.name(Members.begin()->second.first),
                                    {}, Key, NonNeg);
    S.Residual.resize(I.Syms.size(), -1);
    S.Residual[F] = -3;
    S.Family[F] = std::move(Members);
    std::optional<LaneInt> Part = LaneInt::symbol(F);
    Out = Part ? add(*Out, *Part) : std::nullopt;
  }
  return Out;
}

std::vector<Value>
WarpIndexRun::warpsOwnResults(llvm::function_ref<Value(int64_t)> Expect) {
  S.On = false;
  bool SavedRec = I.Recording;
  I.Recording = false;
  bool SavedIn = S.InExpect, SavedOuter = S.OuterRecording;
  S.InExpect = true;
  S.OuterRecording = SavedIn ? SavedOuter : SavedRec;
  S.ExpectSplit = false;
  std::vector<Value> E;
  E.reserve(S.Set.size());
  for (unsigned W : S.Set)
    E.push_back(Expect(W));
  S.InExpect = SavedIn;
  S.OuterRecording = SavedOuter;
  I.Recording = SavedRec;
  S.On = true;
  return E;
}

std::optional<LaneInt> WarpIndexRun::formInW(const LaneInt &B,
                                             const LaneInt &D) {
  // D * w as terms of W (its unknowns x as monomials W*x).
  std::optional<LaneInt> Form =
      mul(LaneInt::symbol(S.W), LaneInt::perLane(D.consts()));
  for (const LaneInt::Term &T : D.terms()) {
    if (!Form)
      break;
    std::optional<LaneInt> Part =
        mul(LaneInt::symbol(I.Arith.productSymbol(S.W, T.Sym)),
            LaneInt::perLane(T.Coef));
    Form = Part ? add(*Form, *Part) : std::nullopt;
  }
  return Form ? add(B, *Form) : std::nullopt;
}

Value WarpIndexRun::perWarp(const Value *Sym,
                            llvm::function_ref<Value(int64_t)> Expect,
                            llvm::StringRef What) {
  if (!S.On || !S.Escaped.empty() || !S.Split.empty()) {
    if (Sym)
      return *Sym;
    // (A stopped run still finishes its statement: Expect may ask again.)
    bool SavedOn = S.On;
    S.On = false;
    Value V = Expect(S.Set.empty() ? 0 : S.Set[0]);
    S.On = SavedOn;
    return V;
  }
  // Each warp's own result, computed from operands without the warp index
  // (and without side effects on the run: no case splits).
  std::vector<Value> E = warpsOwnResults(Expect);
  if (S.ExpectSplit) {
    S.escape((What + " that splits into cases").str());
    return Sym ? *Sym : E[0];
  }
  // The symbolic result, if it is every warp's.
  bool SymOk = Sym != nullptr;
  for (size_t Ix = 0; Ix < S.Set.size() && SymOk; ++Ix)
    SymOk = sameValue(S.warpAt(*Sym, S.Set[Ix]), E[Ix]);
  if (SymOk)
    return *Sym;
  const Value &E0 = E[0];
  if (S.Set.size() == 1)
    return E0;
  // Else the warps' results as one form B + w * D, when every warp's result
  // is that (w takes only the block's warp numbers, so `tid % 128` and
  // `tid / 64` of a 256-thread block are such forms where the symbolic
  // rule is not).
  bool Linear = true;
  for (size_t Ix = 1; Ix < E.size() && Linear; ++Ix)
    Linear = E[Ix].Kind == E0.Kind && E[Ix].Base == E0.Base &&
             E[Ix].Defined == E0.Defined &&
             E[Ix].UndefUniform == E0.UndefUniform &&
             E[Ix].OtherObjects == E0.OtherObjects &&
             ((!E0.isUnknown() && E0.Defined == kAllLanes) ||
              E[Ix].Reason == E0.Reason);
  if (Linear && E0.isUnknown())
    return E0;
  std::optional<std::pair<LaneInt, LaneInt>> Fit;
  if (Linear) {
    std::vector<LaneInt> Forms;
    for (const Value &V : E)
      Forms.push_back(V.I);
    Fit = S.fitOverWarps(Forms, E0.Defined);
    if (!Fit)
      if (std::optional<LaneInt> F = warpFamilies(E)) {
        Value R = E0;
        R.I = *F;
        return R;
      }
  }
  if (!Fit) {
    // Not one form: run the warps again in groups with equal results.
    split(
        S.warpGroups(E.size(),
                     [&](size_t A, size_t B) { return sameValue(E[A], E[B]); }),
        What);
    return Sym ? *Sym : E0;
  }
  std::optional<LaneInt> Sum = formInW(Fit->first, Fit->second);
  if (!Sum) {
    S.escape((What + " overflows").str());
    return Sym ? *Sym : E0;
  }
  Value R = E0;
  R.I = *Sum;
  return R;
}

void WarpIndexRun::checkJoinPerWarp(Value &J, const Value &A, const Value &B,
                                    LaneBits TakeA, LaneBits TakeB,
                                    LaneBits Uniform) {
  if (!S.mentionsW(A) && !S.mentionsW(B))
    return;
  // Paths the whole warp took make new unknowns (joinUniform), keyed by
  // what differs: not followed with the warp index.
  if (Uniform & ~J.Defined)
    S.escape("a join of paths taken by the whole warp");
  // A value joined with itself (a variable neither path changed: J is A):
  // each warp's join is that warp's form of it, which perWarp finds equal
  // to J's. Of perWarp's work only what may stop the run remains: a form
  // that overflows in some warp (warpAt).
  if (Value::identical(A, B) && Value::identical(J, A)) {
    if (S.On && S.Escaped.empty() && S.Split.empty())
      for (unsigned W : S.Set)
        S.warpAt(J, W);
    return;
  }
  J = perWarp(
      &J,
      [&](int64_t W) {
        return Value::join(S.warpAt(A, W), S.warpAt(B, W), TakeA, TakeB);
      },
      "a join of two paths");
}

LaneInt WarpIndexRun::truncate(const LaneInt &V, unsigned Bits, bool Signed) {
  LaneInt R = V.truncated(Bits, Signed);
  if (S.mentionsW(V)) {
    Value Sym = Value::integer(R);
    return perWarp(
               &Sym,
               [&](int64_t W) {
                 return Value::integer(S.warpAt(V, W).truncated(Bits, Signed));
               },
               "a conversion to a narrower integer")
        .I;
  }
  return R;
}

bool WarpIndexRun::consumesWarpIndex(const Expr *E) {
  switch (E->getStmtClass()) {
  case Stmt::ParenExprClass:
  case Stmt::ConstantExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::ExprWithCleanupsClass:
  case Stmt::MaterializeTemporaryExprClass:
  case Stmt::CXXBindTemporaryExprClass:
  case Stmt::CXXDefaultArgExprClass:
  case Stmt::CXXDefaultInitExprClass:
  case Stmt::BinaryOperatorClass: // evalArith and evalCond check
  case Stmt::CompoundAssignOperatorClass:
  case Stmt::ConditionalOperatorClass: // evalCond, selectValues check
  case Stmt::BinaryConditionalOperatorClass:
  case Stmt::ArraySubscriptExprClass: // pointer arithmetic (evalArith)
  case Stmt::MemberExprClass:
  case Stmt::CXXConstructExprClass: // copies and inlined constructors
  case Stmt::CXXTemporaryObjectExprClass:
  case Stmt::InitListExprClass:
    return true;
  case Stmt::UnaryOperatorClass:
    switch (cast<UnaryOperator>(E)->getOpcode()) {
    case UO_Plus:
    case UO_Minus: // exact (sub from 0)
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
    case UO_Deref:
    case UO_AddrOf:
    case UO_LNot: // evalCond checks
      return true;
    default:
      return false;
    }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    // Inlined user code binds the values to parameters; a builtin rule
    // (shuffles, min/max, intrinsics) may decide on their form.
    return S.Inlined.erase(E);
  default:
    break;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_IntegralCast:      // truncate checks
    case CK_IntegralToBoolean: // evalCond checks
    case CK_PointerToBoolean:
    case CK_ArrayToPointerDecay:
    case CK_FunctionToPointerDecay:
    case CK_BitCast:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_ConstructorConversion:
    case CK_UserDefinedConversion:
    case CK_LValueBitCast:
    case CK_IntegralToFloating: // unknown in every warp
    case CK_AddressSpaceConversion:
      return true;
    default:
      return false;
    }
  }
  return false;
}
