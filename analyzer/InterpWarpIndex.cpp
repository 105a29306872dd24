//===- InterpWarpIndex.cpp - One run for every warp of a block ------------===//
//
// A kernel is analyzed warp by warp with concrete thread ids (LaneValue.h).
// Most warps of a block do the same work on other data: 8 warps of a
// 256-thread block interpret the same body 8 times. beginWarpIndexRun makes
// the next run stand for all of them: threadIdx becomes the lanes' values in
// warp 0 plus a multiple of a symbol w, the warp index (0 .. warps-1), and
// every access event of that one run is turned into each warp's event by
// substituting w (warpInstance; KernelAnalysis.cpp folds them in warp
// order, as if the warps had run one by one).
//
// That is only right while nothing the run decides or computes would come
// out differently in some warp than "the symbolic result with w replaced":
//   - an operator (evalArith), a join of two paths or a `?:` (Value::join),
//     a truncation to a narrower integer, a shuffle, a min/max, a table
//     element or a cooperative-group rank query that sees w is computed
//     again for every warp from the operands with w replaced (perWarp) and
//     kept as the symbolic result if that is every warp's, else as one form
//     B + w*D, else with one unknown per warp (a family symbol);
//   - a condition (evalCond) or a sign test (isNonNegative) must come out
//     alike in every warp;
//   where they do not, the run *splits* (warpIndexSplit): its warps are run
//   again in groups that compute and decide alike, each resuming from the
//   checkpoint before the kernel-body statement it split in (or from the
//   start after a case split);
//   - a min or max whose warps each split into the same cases, at a
//     threshold that holds w itself, splits the run into those cases once
//     (evalMinMax, caseSplit's CaseW); a resumed run's further case runs
//     send the events before its checkpoint again (KernelAnalysis.cpp).
// The run *escapes* (warpIndexEscaped; the caller then runs the warps one
// by one, so no number changes) when a value mentioning w reaches a rule
// not checked here:
//   - a symbol whose key or factors mention w (a value loaded at an address
//     that depends on w, an opaque product), except a monomial w*x (a
//     product of w and other unknowns, replaced by x times the warp's index);
//   - a local array element at an address mentioning w, any other case
//     split (also one a warp's own result would make), a loop step or
//     induction on w, a join of paths taken by the whole warp;
//   - any other expression whose operand mentions w (consumesWarpIndex:
//     the classes that only move values - parentheses, loads, assignments,
//     subscripts, inlined calls - are let through).
// KernelAnalysis.cpp's CCL_WARP_CROSSCHECK runs both ways and compares.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;

/// The interpreter's state between two statements of the kernel body.
struct Interpreter::Checkpoint {
  size_t Index = 0; ///< the statement about to run
  Frame F;
  LaneMask M;
  unsigned long Steps = 0, Emitted = 0;
  // (Not LoopRuns, FreshRuns: loops and votes after the checkpoint get new
  // unknowns, as in another warp's run.)
  unsigned WarpIterations = 0, MaybeTrips = 0, JoinRuns = 0, SplitRuns = 0;
  std::map<const MemObject *, unsigned> StoreGen;
  /// The closures made so far (a lambda's by-copy captures).
  std::map<const clang::CXXRecordDecl *,
           std::vector<std::pair<const clang::VarDecl *, Binding>>>
      Closures;
};

unsigned long Interpreter::eventsAt(const Checkpoint &C) const {
  return C.Emitted;
}

/// \p W in place of the warp index in every value of the run's state: a
/// group of one warp resumes as that warp's ordinary run.
void Interpreter::fixWarpIndex(int64_t W) {
  auto InLValue = [&](LValue &L) { L.Addr = warpAt(L.Addr, W); };
  auto InBinding = [&](Binding &B) {
    B.V = warpAt(B.V, W);
    InLValue(B.Ref);
    const auto &Elems = B.Elems;
    if (Elems.empty())
      return;
    bool Any = false;
    for (const auto &KV : Elems)
      Any |= !KV.second.second.isUnknown() &&
             !warpAt(KV.second.second.I, W).sharesStorage(KV.second.second.I);
    if (!Any)
      return;
    CowMap<int64_t, std::pair<int64_t, Value>> Fixed;
    for (const auto &KV : Elems)
      Fixed[KV.first] = {KV.second.first, warpAt(KV.second.second, W)};
    B.Elems = Fixed;
  };
  for (Frame &F : Frames) {
    for (auto &KV : F.Vars)
      InBinding(KV.second);
    F.RetVal = warpAt(F.RetVal, W);
    if (F.This)
      InLValue(*F.This);
    if (F.RetRef)
      InLValue(*F.RetRef);
  }
  for (auto &KV : Closures)
    for (auto &P : KV.second)
      InBinding(P.second);
}

void Interpreter::runKernelBody(const FunctionDecl *Kernel, LaneMask M) {
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if ((!WI.On && !WI.Resume) || !Body) {
    exec(Kernel->getBody(), M);
    return;
  }
  size_t Start = 0;
  if (WI.Resume) {
    // Resume where the runs of these warps' group split off.
    const Checkpoint &C = *WI.Resume;
    Frames.clear();
    Frames.push_back(C.F);
    M = C.M;
    Steps = C.Steps;
    Emitted = C.Emitted;
    WarpIterations = C.WarpIterations;
    MaybeTrips = C.MaybeTrips;
    JoinRuns = C.JoinRuns;
    SplitRuns = C.SplitRuns;
    StoreGen = C.StoreGen;
    Closures = C.Closures;
    Start = C.Index;
    if (!WI.On) // one warp: its own values from here on
      fixWarpIndex(WI.Set.front());
  } else {
    ++Steps; // exec's count for the body
  }
  WI.Latest.reset();
  for (size_t I = Start; I < Body->size(); ++I) {
    // Only before any case split: the runs of a case split repeat the
    // whole warp (Interpreter::runWarp).
    if (WI.On && CaseSizes.empty() && CasePlan.empty() && Frames.size() == 1 &&
        Loops.empty() && Context.empty()) {
      auto C = std::make_shared<Checkpoint>();
      C->Index = I;
      C->F = Frames.back();
      C->M = M;
      C->Steps = Steps;
      C->Emitted = Emitted;
      C->WarpIterations = WarpIterations;
      C->MaybeTrips = MaybeTrips;
      C->JoinRuns = JoinRuns;
      C->SplitRuns = SplitRuns;
      C->StoreGen = StoreGen;
      C->Closures = Closures;
      WI.Latest = std::move(C);
    } else {
      WI.Latest.reset();
    }
    M = exec(Body->body_begin()[I], M);
    if (M.none() || Steps > Opts.MaxSteps)
      break;
  }
}

unsigned Interpreter::warpsInBlock() const {
  return (Block.threads() + kWarpSize - 1) / kWarpSize;
}

bool Interpreter::beginWarpIndexRun(llvm::ArrayRef<unsigned> Set) {
  if (WI.Warps) {
    // A further run, for some of the warps (after a split).
    WI.Set.assign(Set.begin(), Set.end());
    WI.Escaped.clear();
    WI.Split.clear();
    WI.SplitAt.reset();
    WI.Latest.reset();
    WI.Inlined.clear();
    WI.ChildW = false;
    // A group of one warp runs as that warp (concrete thread ids).
    WI.On = Set.size() > 1;
    return true;
  }
  unsigned Warps = warpsInBlock();
  if (Warps < 2 || Block.threads() % kWarpSize != 0)
    return false;
  // threadIdx of lane k in warp w (setThreadIds); each component must be
  // c_k + a * w. (runWarp sets the thread ids of the warp it runs.)
  setThreadIds(1);
  LaneArray Warp1[3] = {Tid[0], Tid[1], Tid[2]};
  setThreadIds(0);
  LaneArray Warp0[3] = {Tid[0], Tid[1], Tid[2]};
  int64_t Slope[3];
  for (unsigned D = 0; D < 3; ++D)
    Slope[D] = Warp1[D][0] - Warp0[D][0];
  for (unsigned W = 0; W < Warps; ++W) {
    setThreadIds(W);
    for (unsigned D = 0; D < 3; ++D)
      for (unsigned K = 0; K < kWarpSize; ++K)
        if (Tid[D][K] != Warp0[D][K] + Slope[D] * (int64_t)W)
          return false;
  }
  WI = WarpIndexState();
  WI.W = symbolId("warp index", {}, "\x01warp index", /*NonNeg=*/true);
  WI.Warps = Warps;
  if (Set.empty())
    for (unsigned W = 0; W < Warps; ++W)
      WI.Set.push_back(W);
  else
    WI.Set.assign(Set.begin(), Set.end());
  WI.Residual.assign(SymNames.size(), -1);
  WI.Residual[WI.W] = -2;
  for (unsigned D = 0; D < 3; ++D) {
    LaneInt V = LaneInt::perLane(Warp0[D]);
    if (Slope[D])
      V = *add(V, *mul(LaneInt::symbol(WI.W), LaneInt::constant(Slope[D])));
    WI.Tid[D] = V;
  }
  WI.On = true;
  return true;
}

int64_t Interpreter::residualOf(SymbolId S) const {
  return S < WI.Residual.size() ? WI.Residual[S] : -1;
}

bool Interpreter::mentionsW(const LaneInt &V) const {
  return WI.On && llvm::any_of(V.terms(), [this](const LaneInt::Term &T) {
           return residualOf(T.Sym) != -1;
         });
}

bool Interpreter::mentionsW(llvm::ArrayRef<SymbolId> S) const {
  return WI.On &&
         llvm::any_of(S, [this](SymbolId Id) { return residualOf(Id) != -1; });
}

void Interpreter::warpSplit(std::vector<std::vector<unsigned>> Groups,
                            llvm::StringRef What, const Expr *At) const {
  if (!WI.On || !WI.Escaped.empty() || !WI.Split.empty())
    return;
  WI.Split = std::move(Groups);
  WI.SplitWhy = What.str();
  if (At)
    WI.SplitWhy +=
        " at line " +
        std::to_string(
            Ctx.getSourceManager().getPresumedLoc(At->getExprLoc()).getLine());
  // After a case split the groups start over: every run of a case split
  // repeats the warp from its start (runWarp), the part before the
  // checkpoint included.
  WI.SplitAt = CaseSizes.empty() ? WI.Latest : nullptr;
  const_cast<Interpreter *>(this)->Steps = Opts.MaxSteps + 1;
}

void Interpreter::warpEscape(llvm::StringRef Why) const {
  if (WI.On && WI.Escaped.empty() && WI.Split.empty()) {
    WI.Escaped = Why.empty() ? std::string("escaped") : Why.str();
    // The run will be thrown away: stop it (the step budget is its end).
    const_cast<Interpreter *>(this)->Steps = Opts.MaxSteps + 1;
  }
}

LaneInt Interpreter::warpAt(const LaneInt &V, int64_t W) const {
  if (llvm::none_of(V.terms(), [this](const LaneInt::Term &T) {
        return residualOf(T.Sym) != -1;
      }))
    return V;
  std::optional<LaneInt> Out = LaneInt::perLane(V.consts());
  for (const LaneInt::Term &T : V.terms()) {
    if (!Out)
      break;
    int64_t R = residualOf(T.Sym);
    LaneArray Coef = T.Coef;
    if (R == -3) {
      // One unknown per warp: that warp's.
      auto F = WI.Family.find(T.Sym);
      auto M = F == WI.Family.end() ? nullptr : &F->second;
      auto It = M ? M->find(W) : decltype(F->second.end())();
      if (!M || It == M->end()) {
        Out = std::nullopt;
        break;
      }
      LaneArray C = Coef;
      bool Over = false;
      for (unsigned K = 0; K < kWarpSize; ++K)
        Over |= __builtin_mul_overflow(Coef[K], It->second.second, &C[K]);
      std::optional<LaneInt> Part =
          Over ? std::nullopt
               : mul(LaneInt::symbol(It->second.first), LaneInt::perLane(C));
      Out = Part ? add(*Out, *Part) : std::nullopt;
      continue;
    }
    if (R != -1)
      for (unsigned K = 0; K < kWarpSize; ++K)
        if (__builtin_mul_overflow(Coef[K], W, &Coef[K])) {
          Out = std::nullopt;
          break;
        }
    if (!Out)
      break;
    std::optional<LaneInt> Part =
        R == -2 ? LaneInt::perLane(Coef)
                : mul(LaneInt::symbol(R == -1 ? T.Sym : (SymbolId)R),
                      LaneInt::perLane(Coef));
    Out = Part ? add(*Out, *Part) : std::nullopt;
  }
  if (!Out) {
    warpEscape("a form overflows in some warp");
    return V;
  }
  return *Out;
}

Value Interpreter::warpAt(const Value &V, int64_t W) const {
  if (V.isUnknown())
    return V;
  Value R = V;
  R.I = warpAt(V.I, W);
  return R;
}

llvm::SmallVector<SymbolId, 2>
Interpreter::warpFreeDeps(llvm::ArrayRef<SymbolId> D) const {
  llvm::SmallVector<SymbolId, 2> Out;
  for (SymbolId S : D) {
    int64_t R = residualOf(S);
    if (R == -2)
      continue;
    if (R == -3) { // the family's first member stands for its name
      auto F = WI.Family.find(S);
      if (F != WI.Family.end() && !F->second.empty())
        S = F->second.begin()->second.first;
      R = -1;
    }
    SymbolId Id = R == -1 ? S : (SymbolId)R;
    if (!llvm::is_contained(Out, Id))
      Out.push_back(Id);
  }
  return Out;
}

bool Interpreter::sameValue(const Value &G, const Value &X) {
  return G.Kind == X.Kind && G.Base == X.Base && G.Defined == X.Defined &&
         G.UndefUniform == X.UndefUniform && G.OtherObjects == X.OtherObjects &&
         (G.isUnknown() || G.I.sameAs(X.I, G.Defined)) &&
         ((!G.isUnknown() && G.Defined == kAllLanes) || G.Reason == X.Reason);
}

std::optional<std::pair<LaneInt, LaneInt>>
Interpreter::fitOverWarps(const std::vector<LaneInt> &V, LaneBits Lanes) const {
  // D from the first two warps of the run (exactly divisible by their
  // distance), B = V_0 - w_0 * D; then every warp's value must be B + w*D.
  int64_t Dw = int64_t(WI.Set[1]) - WI.Set[0];
  std::optional<LaneInt> Diff = sub(V[1], V[0]);
  std::optional<LaneInt> D = Diff ? divConst(*Diff, Dw) : std::nullopt;
  std::optional<LaneInt> Back = D ? mul(*D, LaneInt::constant(Dw)) : D;
  if (!Back || !Back->sameAs(*Diff))
    return std::nullopt;
  std::optional<LaneInt> Off = mul(*D, LaneInt::constant(WI.Set[0]));
  std::optional<LaneInt> B = Off ? sub(V[0], *Off) : std::nullopt;
  for (size_t I = 0; I < V.size() && B; ++I) {
    std::optional<LaneInt> Step = mul(*D, LaneInt::constant(WI.Set[I]));
    std::optional<LaneInt> Want = Step ? add(*B, *Step) : std::nullopt;
    if (!Want || !Want->sameAs(V[I], Lanes))
      return std::nullopt;
  }
  if (!B)
    return std::nullopt;
  return std::make_pair(*B, *D);
}

std::vector<std::vector<unsigned>>
Interpreter::warpGroups(size_t N,
                        llvm::function_ref<bool(size_t, size_t)> Same) const {
  std::vector<std::vector<unsigned>> Groups;
  std::vector<size_t> Rep; // the first member of each group
  for (size_t I = 0; I < N; ++I) {
    size_t G = 0;
    while (G < Rep.size() && !Same(Rep[G], I))
      ++G;
    if (G == Rep.size()) {
      Rep.push_back(I);
      Groups.emplace_back();
    }
    Groups[G].push_back(WI.Set[I]);
  }
  return Groups;
}

std::optional<LaneInt> Interpreter::warpFamilies(const std::vector<Value> &E) {
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
    for (size_t I = 1; I < E.size(); ++I)
      Fam[P] = Fam[P] || E[I].I.terms()[P].Sym != T0.Sym;
    if (!Fam[P])
      continue;
    Any = true;
    // One coefficient per warp, the same in every lane: the member is that
    // multiple of the warp's unknown.
    for (size_t I = 0; I < E.size(); ++I) {
      const LaneArray &C = E[I].I.terms()[P].Coef;
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
  std::optional<std::pair<LaneInt, LaneInt>> Fit = fitOverWarps(C, kAllLanes);
  if (!Fit || !Fit->second.isConcrete())
    return std::nullopt;
  const LaneInt &B = Fit->first, &D = Fit->second;
  std::optional<LaneInt> Out =
      add(B, *mul(LaneInt::symbol(WI.W), LaneInt::perLane(D.consts())));
  for (size_t P = 0; P < N && Out; ++P) {
    if (!Fam[P])
      continue;
    std::string Key = "\x01warp family";
    bool NonNeg = true;
    std::map<unsigned, std::pair<SymbolId, int64_t>> Members;
    for (size_t I = 0; I < E.size(); ++I) {
      const LaneInt::Term &T = E[I].I.terms()[P];
      Key += " " + std::to_string(WI.Set[I]) + ":" + std::to_string(T.Sym) +
             "*" + std::to_string(T.Coef[0]);
      NonNeg = NonNeg && SymNonNeg[T.Sym] && T.Coef[0] >= 0;
      Members[WI.Set[I]] = {T.Sym, T.Coef[0]};
    }
    SymbolId F =
        symbolId(SymNames[Members.begin()->second.first], {}, Key, NonNeg);
    WI.Residual.resize(SymNames.size(), -1);
    WI.Residual[F] = -3;
    WI.Family[F] = std::move(Members);
    std::optional<LaneInt> Part = LaneInt::symbol(F);
    Out = Part ? add(*Out, *Part) : std::nullopt;
  }
  return Out;
}

Value Interpreter::perWarp(const Value *Sym,
                           llvm::function_ref<Value(int64_t)> Expect,
                           llvm::StringRef What) {
  if (!WI.On || !WI.Escaped.empty() || !WI.Split.empty()) {
    if (Sym)
      return *Sym;
    // (A stopped run still finishes its statement: Expect may ask again.)
    bool SavedOn = WI.On;
    WI.On = false;
    Value V = Expect(WI.Set.empty() ? 0 : WI.Set[0]);
    WI.On = SavedOn;
    return V;
  }
  // Each warp's own result, computed from operands without the warp index
  // (and without side effects on the run: no case splits).
  WI.On = false;
  bool SavedRec = Recording;
  Recording = false;
  bool SavedIn = WI.InExpect, SavedOuter = WI.OuterRecording;
  WI.InExpect = true;
  WI.OuterRecording = SavedIn ? SavedOuter : SavedRec;
  WI.ExpectSplit = false;
  std::vector<Value> E;
  E.reserve(WI.Set.size());
  for (unsigned W : WI.Set)
    E.push_back(Expect(W));
  WI.InExpect = SavedIn;
  WI.OuterRecording = SavedOuter;
  Recording = SavedRec;
  WI.On = true;
  if (WI.ExpectSplit) {
    warpEscape((What + " that splits into cases").str());
    return Sym ? *Sym : E[0];
  }
  // The symbolic result, if it is every warp's.
  bool SymOk = Sym != nullptr;
  for (size_t I = 0; I < WI.Set.size() && SymOk; ++I)
    SymOk = sameValue(warpAt(*Sym, WI.Set[I]), E[I]);
  if (SymOk)
    return *Sym;
  const Value &E0 = E[0];
  if (WI.Set.size() == 1)
    return E0;
  // Else the warps' results as one form B + w * D, when every warp's result
  // is that (w takes only the block's warp numbers, so `tid % 128` and
  // `tid / 64` of a 256-thread block are such forms where the symbolic
  // rule is not).
  bool Linear = true;
  for (size_t I = 1; I < E.size() && Linear; ++I)
    Linear = E[I].Kind == E0.Kind && E[I].Base == E0.Base &&
             E[I].Defined == E0.Defined &&
             E[I].UndefUniform == E0.UndefUniform &&
             E[I].OtherObjects == E0.OtherObjects &&
             ((!E0.isUnknown() && E0.Defined == kAllLanes) ||
              E[I].Reason == E0.Reason);
  if (Linear && E0.isUnknown())
    return E0;
  std::optional<std::pair<LaneInt, LaneInt>> Fit;
  if (Linear) {
    std::vector<LaneInt> Forms;
    for (const Value &V : E)
      Forms.push_back(V.I);
    Fit = fitOverWarps(Forms, E0.Defined);
    if (!Fit)
      if (std::optional<LaneInt> F = warpFamilies(E)) {
        Value R = E0;
        R.I = *F;
        return R;
      }
  }
  if (!Fit) {
    // Not one form: run the warps again in groups with equal results.
    warpSplit(
        warpGroups(E.size(),
                   [&](size_t A, size_t B) { return sameValue(E[A], E[B]); }),
        What);
    return Sym ? *Sym : E0;
  }
  const LaneInt &B = Fit->first, &D = Fit->second;
  // D * w as terms of W (its unknowns x as monomials W*x).
  std::optional<LaneInt> Form =
      mul(LaneInt::symbol(WI.W), LaneInt::perLane(D.consts()));
  for (const LaneInt::Term &T : D.terms()) {
    if (!Form)
      break;
    std::optional<LaneInt> Part = mul(
        LaneInt::symbol(productSymbol(WI.W, T.Sym)), LaneInt::perLane(T.Coef));
    Form = Part ? add(*Form, *Part) : std::nullopt;
  }
  std::optional<LaneInt> Sum = Form ? add(B, *Form) : std::nullopt;
  if (!Sum) {
    warpEscape((What + " overflows").str());
    return Sym ? *Sym : E0;
  }
  Value R = E0;
  R.I = *Sum;
  return R;
}

void Interpreter::checkJoinPerWarp(Value &J, const Value &A, const Value &B,
                                   LaneBits TakeA, LaneBits TakeB,
                                   LaneBits Uniform) {
  if (!mentionsW(A) && !mentionsW(B))
    return;
  // Paths the whole warp took make new unknowns (joinUniform), keyed by
  // what differs: not followed with the warp index.
  if (Uniform & ~J.Defined)
    warpEscape("a join of paths taken by the whole warp");
  // A value joined with itself (a variable neither path changed: J is A):
  // each warp's join is that warp's form of it, which perWarp finds equal
  // to J's. Of perWarp's work only what may stop the run remains: a form
  // that overflows in some warp (warpAt).
  if (Value::identical(A, B) && Value::identical(J, A)) {
    if (WI.On && WI.Escaped.empty() && WI.Split.empty())
      for (unsigned W : WI.Set)
        warpAt(J, W);
    return;
  }
  J = perWarp(
      &J,
      [&](int64_t W) {
        return Value::join(warpAt(A, W), warpAt(B, W), TakeA, TakeB);
      },
      "a join of two paths");
}

LaneInt Interpreter::truncate(const LaneInt &V, unsigned Bits,
                              bool Signed) const {
  LaneInt R = V.truncated(Bits, Signed);
  if (mentionsW(V)) {
    Value Sym = Value::integer(R);
    return const_cast<Interpreter *>(this)
        ->perWarp(
            &Sym,
            [&](int64_t W) {
              return Value::integer(warpAt(V, W).truncated(Bits, Signed));
            },
            "a conversion to a narrower integer")
        .I;
  }
  return R;
}

bool Interpreter::consumesWarpIndex(const Expr *E) {
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
    return WI.Inlined.erase(E);
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

AccessEvent Interpreter::warpInstance(const AccessEvent &Ev, unsigned W) const {
  AccessEvent Out = Ev;
  Out.Address = warpAt(Ev.Address, W);
  Out.Address.Deps = warpFreeDeps(Ev.Address.Deps);
  Out.Mask.Deps = warpFreeDeps(Ev.Mask.Deps);
  static const char Placeholder[] = "warp ?";
  if (llvm::StringRef(Ev.Context).starts_with(Placeholder))
    Out.Context = "warp " + std::to_string(W) +
                  Ev.Context.substr(sizeof(Placeholder) - 1);
  return Out;
}
