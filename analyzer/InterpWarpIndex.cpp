//===- InterpWarpIndex.cpp - One run for every warp of a block ------------===//
//
// A kernel is analyzed warp by warp with concrete thread ids (LaneValue.h).
// Most warps of a block do the same work on other data: 8 warps of a
// 256-thread block interpret the same body 8 times. WarpIndexRun::begin makes
// the next run stand for all of them: threadIdx becomes the lanes' values in
// warp 0 plus a multiple of a symbol w, the warp index (0 .. warps-1), and
// every access event of that one run is turned into each warp's event by
// substituting w (WarpIndexRun::instance; RecordFolder.cpp folds them in warp
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
//   where they do not, the run *splits* (WarpIndexRun::groups): its warps are
//   run again in groups that compute and decide alike, each resuming from the
//   checkpoint before the kernel-body statement it split in (or from the
//   start after a case split);
//   - a min or max whose warps each split into the same cases, at a
//     threshold that holds w itself, splits the run into those cases once
//     (evalMinMax, caseSplit's CaseW); a resumed run's further case runs
//     send the events before its checkpoint again (KernelAnalysis.cpp).
// The run *escapes* (WarpIndexRun::escaped; the caller then runs the warps one
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
// The rules reach the run only through WarpIndexRun's hooks
// (WarpIndexRun.h: on, mentionsW, escape, warpAt, perWarp, ...); warp by
// warp each hook is the null one. The run's state (WarpIndexState.h) is
// WarpIndexRun's own.
// --warp-crosscheck=FILE (KernelAnalysis.cpp) runs both ways and compares.
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
struct ccl::WarpCheckpoint {
  using Frame = Interpreter::Frame;
  using Binding = Interpreter::Binding;
  size_t Index = 0; ///< the statement about to run
  Frame F;
  LaneMask M;
  unsigned long Steps = 0, Emitted = 0;
  // (Not Looper.Runs, FreshRuns: loops and votes after the checkpoint get new
  // unknowns, as in another warp's run.)
  unsigned WarpIterations = 0, MaybeTrips = 0, JoinRuns = 0, SplitRuns = 0;
  MemoryModel::StoreGens StoreGen;
  /// The closures made so far (a lambda's by-copy captures).
  std::map<const clang::CXXRecordDecl *,
           std::vector<std::pair<const clang::VarDecl *, Binding>>>
      Closures;
};

unsigned long WarpIndexRun::eventsAt(const WarpCheckpoint &C) const {
  return C.Emitted;
}

/// \p W in place of the warp index in every value of the run's state: a
/// group of one warp resumes as that warp's ordinary run.
void Interpreter::fixWarpIndex(int64_t W) {
  auto InLValue = [&](LValue &L) { L.Addr = WarpRun.warpAt(L.Addr, W); };
  auto InBinding = [&](Binding &B) {
    B.V = WarpRun.warpAt(B.V, W);
    InLValue(B.Ref);
    const auto &Elems = B.Elems;
    if (Elems.empty())
      return;
    bool Any = false;
    for (const auto &KV : Elems)
      Any |= !KV.second.second.isUnknown() &&
             !WarpRun.warpAt(KV.second.second.I, W)
                  .sharesStorage(KV.second.second.I);
    if (!Any)
      return;
    CowMap<int64_t, std::pair<int64_t, Value>> Fixed;
    for (const auto &KV : Elems)
      Fixed[KV.first] = {KV.second.first, WarpRun.warpAt(KV.second.second, W)};
    B.Elems = Fixed;
  };
  for (Frame &F : Frames) {
    for (auto &KV : F.Vars)
      InBinding(KV.second);
    F.RetVal = WarpRun.warpAt(F.RetVal, W);
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
  if ((!WarpRun.on() && !WarpRun.resumePoint()) || !Body) {
    exec(Kernel->getBody(), M);
    return;
  }
  size_t Start = 0;
  if (WarpRun.resumePoint()) {
    // Resume where the runs of these warps' group split off.
    const Checkpoint &C = *WarpRun.resumePoint();
    Frames.clear();
    Frames.push_back(C.F);
    M = C.M;
    Steps = C.Steps;
    Emitted = C.Emitted;
    WarpIterations = C.WarpIterations;
    MaybeTrips = C.MaybeTrips;
    JoinRuns = C.JoinRuns;
    SplitRuns = C.SplitRuns;
    Mem.setStoreGens(C.StoreGen);
    Closures = C.Closures;
    Start = C.Index;
    if (!WarpRun.on()) // one warp: its own values from here on
      fixWarpIndex(WarpRun.warps().front());
  } else {
    ++Steps; // exec's count for the body
  }
  WarpRun.reached(nullptr);
  for (size_t I = Start; I < Body->size(); ++I) {
    // Only before any case split: the runs of a case split repeat the
    // whole warp (Interpreter::runWarp).
    if (WarpRun.on() && Cases.none() && Frames.size() == 1 && Loops.empty() &&
        Context.empty()) {
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
      C->StoreGen = Mem.storeGens();
      C->Closures = Closures;
      WarpRun.reached(std::move(C));
    } else {
      WarpRun.reached(nullptr);
    }
    M = exec(Body->body_begin()[I], M);
    if (M.none() || Steps > Opts.MaxSteps)
      break;
  }
}

unsigned Interpreter::warpsInBlock() const {
  return (Block.threads() + kWarpSize - 1) / kWarpSize;
}

bool WarpIndexRun::begin(llvm::ArrayRef<unsigned> Set) {
  if (S.Warps) {
    // A further run, for some of the warps (after a split).
    S.Set.assign(Set.begin(), Set.end());
    S.Escaped.clear();
    S.Split.clear();
    S.SplitAt.reset();
    S.Latest.reset();
    S.Inlined.clear();
    S.ChildW = false;
    // A group of one warp runs as that warp (concrete thread ids).
    S.On = Set.size() > 1;
    return true;
  }
  unsigned Warps = I.warpsInBlock();
  if (Warps < 2 || I.Block.threads() % kWarpSize != 0)
    return false;
  // threadIdx of lane k in warp w (setThreadIds); each component must be
  // c_k + a * w. (runWarp sets the thread ids of the warp it runs.)
  I.setThreadIds(1);
  LaneArray Warp1[3] = {I.Tid[0], I.Tid[1], I.Tid[2]};
  I.setThreadIds(0);
  LaneArray Warp0[3] = {I.Tid[0], I.Tid[1], I.Tid[2]};
  int64_t Slope[3];
  for (unsigned D = 0; D < 3; ++D)
    Slope[D] = Warp1[D][0] - Warp0[D][0];
  for (unsigned W = 0; W < Warps; ++W) {
    I.setThreadIds(W);
    for (unsigned D = 0; D < 3; ++D)
      for (unsigned K = 0; K < kWarpSize; ++K)
        if (I.Tid[D][K] != Warp0[D][K] + Slope[D] * (int64_t)W)
          return false;
  }
  S.restart();
  S.W = I.Symbols.symbolId("warp index", {}, "\x01warp index", /*NonNeg=*/true);
  S.Warps = Warps;
  if (Set.empty())
    for (unsigned W = 0; W < Warps; ++W)
      S.Set.push_back(W);
  else
    S.Set.assign(Set.begin(), Set.end());
  S.Residual.assign(I.Syms.size(), -1);
  S.Residual[S.W] = -2;
  for (unsigned D = 0; D < 3; ++D) {
    LaneInt V = LaneInt::perLane(Warp0[D]);
    if (Slope[D])
      V = *add(V, *mul(LaneInt::symbol(S.W), LaneInt::constant(Slope[D])));
    S.Tid[D] = V;
  }
  S.On = true;
  return true;
}

AccessEvent WarpIndexRun::instance(const AccessEvent &Ev, unsigned W) const {
  AccessEvent Out = Ev;
  Out.Address = S.warpAt(Ev.Address, W);
  Out.Address.Deps = S.warpFreeDeps(Ev.Address.Deps);
  Out.Mask.Deps = S.warpFreeDeps(Ev.Mask.Deps);
  static const char Placeholder[] = "warp ?";
  if (llvm::StringRef(Ev.Context).starts_with(Placeholder))
    Out.Context = "warp " + std::to_string(W) +
                  Ev.Context.substr(sizeof(Placeholder) - 1);
  return Out;
}

const std::string &WarpIndexRun::escaped() const { return S.Escaped; }

const std::vector<std::vector<unsigned>> &WarpIndexRun::groups() const {
  return S.Split;
}

const std::string &WarpIndexRun::splitWhy() const { return S.SplitWhy; }

const std::shared_ptr<const WarpCheckpoint> &WarpIndexRun::splitPoint() const {
  return S.SplitAt;
}

void WarpIndexRun::resume(std::shared_ptr<const WarpCheckpoint> C) {
  S.Resume = std::move(C);
}

void WarpIndexRun::eachWarpOwn(
    const Value &V, llvm::function_ref<void(unsigned, const Value &)> F) {
  S.On = false;
  for (unsigned W : S.Set)
    F(W, S.warpAt(V, W));
  S.On = true;
}

void WarpIndexRun::eachWarpOwn(
    const LaneInt &V, llvm::function_ref<void(unsigned, const LaneInt &)> F) {
  S.On = false;
  for (unsigned W : S.Set)
    F(W, S.warpAt(V, W));
  S.On = true;
}

void WarpIndexRun::split(std::vector<std::vector<unsigned>> Groups,
                         llvm::StringRef What, const Expr *At) {
  if (!S.On || !S.Escaped.empty() || !S.Split.empty())
    return;
  S.Split = std::move(Groups);
  S.SplitWhy = What.str();
  if (At)
    S.SplitWhy +=
        " at line " + std::to_string(I.Ctx.getSourceManager()
                                         .getPresumedLoc(At->getExprLoc())
                                         .getLine());
  // After a case split the groups start over: every run of a case split
  // repeats the warp from its start (runWarp), the part before the
  // checkpoint included.
  S.SplitAt = !I.Cases.splitInRun() ? S.Latest : nullptr;
  S.OnStop(); // the run is stopped as an escaped one is
}

LaneInt WarpIndexRun::threadIdx(unsigned Dim) const {
  return S.On ? S.Tid[Dim] : LaneInt::perLane(I.Tid[Dim]);
}

std::string WarpIndexRun::warpName() const {
  return S.On ? "warp ?" : "warp " + std::to_string(I.CurWarp);
}

void WarpIndexRun::symbolInterned(llvm::ArrayRef<SymbolId> FactorsOf,
                                  SymbolId Id, bool New) {
  if (S.On && !S.MakingMonomial && S.mentionsW(FactorsOf))
    S.escape("a symbol made from the warp index");
  if (S.On && New)
    S.Residual.resize(Id + 1, -1);
}

unsigned WarpIndexRun::factorsOfW(llvm::ArrayRef<SymbolId> Factors,
                                  llvm::SmallVectorImpl<SymbolId> &Rest) {
  unsigned Ws = 0;
  if (!S.On)
    return Ws;
  for (SymbolId F : Factors) {
    if (S.residualOf(F) == -2)
      ++Ws;
    else
      Rest.push_back(F);
    if (S.residualOf(F) == -3)
      S.escape("a product of a per-warp unknown");
  }
  if (Ws > 1)
    S.escape("a product of the warp index with itself");
  return Ws;
}

std::optional<unsigned> WarpIndexRun::caseOfWarpsOwnRun(unsigned N,
                                                        bool Would) {
  // The run with the warp index split at this min or max (evalMinMax):
  // the warp's own run splits the same way and takes the same case.
  if (S.CaseW.Made) {
    ++S.CaseW.Calls;
    if (!Would || N != S.CaseW.N) {
      S.CaseW.Mismatch = true;
      return std::nullopt;
    }
    return S.CaseW.Case;
  }
  if (S.CaseW.Refused) {
    ++S.CaseW.Calls;
    if (Would && N != S.CaseW.N)
      S.CaseW.Mismatch = true;
    return std::nullopt;
  }
  if (Would)
    S.ExpectSplit = true;
  return std::nullopt;
}

bool WarpIndexRun::caseSplitSeen(const std::string &Key,
                                 llvm::ArrayRef<SymbolId> Deps) {
  // Only a min or max whose unknown part holds W itself (a warp's own run
  // has the same cases, its threshold moved by a multiple of its index;
  // the keys of the warps' own runs in WarpKeys), checked warp by warp in
  // evalMinMax.
  bool WithW = S.mentionsW(Deps);
  if (WithW && (!S.CaseW.Allow || S.CaseW.WarpKeys.size() != S.Set.size() ||
                llvm::any_of(Deps, [this](SymbolId Sym) {
                  int64_t R = S.residualOf(Sym);
                  return R != -1 && R != -2;
                })))
    S.escape("a case split on the warp index");
  // Each warp's own run names this choice point by its own key: one that
  // another choice point of this run has for that warp would be looked up
  // there, not split again (`min(threadIdx.x, n)` then `min(threadIdx.y *
  // 32 + threadIdx.x, n)` in a 32x8 block: the same key in warp 0).
  if (S.On && !S.Set.empty()) {
    S.CaseKeysOfWarp.resize(S.Set.size());
    bool Own = WithW && S.CaseW.WarpKeys.size() == S.Set.size();
    for (size_t I = 0; I < S.Set.size(); ++I) {
      auto [It, New] =
          S.CaseKeysOfWarp[I].emplace(Own ? S.CaseW.WarpKeys[I] : Key, Key);
      if (!New && It->second != Key)
        S.escape("two case splits a warp's own run takes for one");
    }
  }
  return WithW;
}

void WarpIndexRun::leaveExpr(const Expr *E, const Value &V, bool Parent) {
  if (S.ChildW && !consumesWarpIndex(E)) {
    std::string What = E->getStmtClassName();
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = CE->getDirectCallee())
        What += " of " + FD->getNameAsString();
    S.escape("the warp index reaches a '" + What + "'");
  }
  S.ChildW = Parent || S.mentionsW(V);
}
