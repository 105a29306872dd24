//===- InterpLoops.cpp - Loops: concrete trips and generalization ---------===//
//
// Loops run concretely, iteration by iteration, while the condition is
// decided in every active lane (each iteration is a separate warp request),
// and otherwise are generalized: each variable that changes by a
// warp-uniform step d per iteration is rewritten as start + j*d with j a new
// symbol, and the body is analyzed once for "any iteration".
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpLoops.h"
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

LaneMask LoopRules::execLoopBody(const Stmt *Body, const Expr *Inc, LaneMask M,
                                 LoopCtx &Done, bool Unsure) {
  LoopCtx Ctx;
  Ctx.UndecidedAtStart = I.Frames.back().Undecided;
  Ctx.Unsure = Unsure;
  I.Loops.push_back(Ctx);
  LaneMask F = I.exec(Body, M);
  F = unite(F, I.Loops.back().Continued);
  Done = std::move(I.Loops.back());
  I.Loops.pop_back();
  // Lanes that may have continued meet the others before the increment.
  I.Joiner.applyUnsureExits(Done.ContinuedVars);
  if (Inc && !F.none())
    I.evalDiscarded(Inc, F);
  return F;
}

bool LoopRules::overBudget(unsigned Iter, const Expr *Cond, const Stmt *Body,
                           const Expr *Inc,
                           std::optional<bool> &Multiplicative) {
  bool Over = Iter >= I.Opts.MaxLoopIterations ||
              ++I.WarpIterations > I.Opts.MaxWarpIterations;
  // A loop that multiplies or divides its counter by a power of two
  // (a reduction, a scan's up- and down-sweep, a bitonic stage) runs at
  // most as many trips as the counter has bits, so past the warp's budget
  // (spent by a long loop before it) it still runs trip by trip, up to
  // four times that budget: a scan keeps its per-trip strides.
  if (Over && Cond && Iter < I.Opts.MaxLoopIterations &&
      I.WarpIterations <= 4 * I.Opts.MaxWarpIterations) {
    if (!Multiplicative) {
      const VarDecl *V = nullptr;
      bool G = false;
      Multiplicative = multiplicativeTripBound(Cond, Body, Inc, V, G) > 0;
    }
    Over = !*Multiplicative;
  }
  return Over;
}

bool LoopRules::counterStopped(const VarDecl *Counter, bool Grows,
                               const LaneMask &Active,
                               std::optional<int64_t> &LastCount) {
  std::optional<int64_t> Now;
  if (const Binding *B = I.Memory.lookup(Counter)) {
    if (I.WarpRun.mentionsW(B->V))
      I.WarpRun.escape("a multiplied loop counter of the warp index");
    if (!B->IsRef && B->V.definedIn(Active.May))
      Now = B->V.I.asConstant(Active.May);
  }
  bool Stopped = Now && LastCount && Grows &&
                 (*Now == 0 || (*Now < 0) != (*LastCount < 0) ||
                  std::llabs(*Now) <= std::llabs(*LastCount));
  LastCount = Now;
  return Stopped;
}

LaneMask LoopRules::execLoop(const Stmt *Loop, const Stmt *Init,
                             const Expr *Cond, const Stmt *Body,
                             const Expr *Inc, bool CondFirst, LaneMask M) {
  if (Init)
    I.exec(Init, M);
  LaneMask Active = M, Exited{0, 0, {}};
  // Lanes that may have left at an earlier point than the last: a break or
  // an exit under a condition not decided in them (RT-13).
  UnsureExits Left;
  // Unrolling: the condition became undecided (warp-uniformly) at a loop
  // whose counter is multiplied or divided by a power of two; the
  // iterations after it run "if the loop gets there", at most Bound more.
  bool Unrolling = false;
  unsigned Bound = 0;
  const VarDecl *Counter = nullptr;
  bool Grows = false;
  std::optional<int64_t> LastCount;
  // Whether the loop's counter is multiplied or divided by a power of two
  // each trip (asked once, when the warp's budget of iterations is spent).
  std::optional<bool> Multiplicative;
  for (unsigned Iter = 0;; ++Iter) {
    if (Active.none())
      break;
    if (overBudget(Iter, Cond, Body, Inc, Multiplicative)) {
      Exited = unite(Exited, execLoopSymbolic(Loop, Cond, Body, Inc, Active));
      break;
    }
    if (Cond && (CondFirst || Iter > 0)) {
      LaneBool C = I.evalCond(Cond, Active);
      LaneBits Open = Active.May & ~(C.True | C.False);
      if (Open) {
        // The trip count depends on something unknown.
        if (!Unrolling && (Open & ~C.Uniform) == 0) {
          Bound = multiplicativeTripBound(Cond, Body, Inc, Counter, Grows);
          Unrolling = Bound > 0;
          Bound += Iter;
          // What runs from here on runs only if the loop gets there: its
          // records are not exact (the cost may differ from trip to trip).
          I.MaybeTrips += Unrolling;
        }
        // No counter wraps around (the documented no-overflow assumption):
        // a multiplied counter that stopped growing ends the loop.
        if (Unrolling && Counter &&
            counterStopped(Counter, Grows, Active, LastCount))
          Bound = Iter;
        if (!Unrolling || (Open & ~C.Uniform) || Iter >= Bound) {
          if (Unrolling && Iter >= Bound && (Open & ~C.Uniform) == 0) {
            // Past the last iteration the counter allows: the loop ends.
            I.Joiner.noteUnsureExit(Left, Active.May, /*Uniform=*/true, Loop);
            Exited = unite(Exited, Active);
            break;
          }
          Exited =
              unite(Exited, execLoopSymbolic(Loop, Cond, Body, Inc, Active));
          break;
        }
        I.Joiner.noteUnsureExit(Left, Open, (Open & ~C.Uniform) == 0, Loop);
      }
      Exited = unite(Exited, intersect(Active, C, true));
      Active = intersect(Active, C, false);
      if (Active.none())
        break;
    }
    I.Context.push_back("iteration " + std::to_string(Iter) + " of " +
                        I.loopName(Loop));
    LoopCtx Done;
    Active = execLoopBody(Body, Inc, Active, Done, Unrolling);
    I.Context.pop_back();
    Exited = unite(Exited, Done.Broken);
    I.Joiner.mergeUnsureExits(Left, Done.BrokenVars, Loop);
    if (!Cond && Active.none())
      break;
  }
  I.MaybeTrips -= Unrolling;
  I.Joiner.applyUnsureExits(Left, Loop);
  return Exited;
}

const LoopSteps *LoopRules::loopStepsOf(const Stmt *Loop, const Stmt *Body,
                                        const Expr *Inc) {
  // --induction-by-trip always runs the trips (to compare both ways).
  if (I.Opts.InductionByTrip || I.Frames.empty() || !I.Frames.back().Fn)
    return nullptr;
  auto It = StepsOf.find(Loop);
  if (It == StepsOf.end())
    It = StepsOf
             .emplace(Loop, findLoopSteps(I.Frames.back().Fn, Body, Inc,
                                          I.Ctx.getSourceManager()))
             .first;
  return It->second.Fn ? &It->second : nullptr;
}

std::optional<llvm::SmallVector<const Expr *, 2>>
LoopRules::dryRunSteps(const LoopSteps &LS) const {
  // A write through a reference or pointer to a caller's local in a dry run
  // makes it unknown (storeLocal): only the kernel's own frame, which has
  // no caller, can do without the trip.
  if (I.Frames.size() != 1)
    return std::nullopt;
  llvm::SmallPtrSet<const VarDecl *, 4> Stepped;
  for (const auto &KV : I.Frames.back().Vars) {
    // A reference binding is not generalized (execLoopSymbolic); what it
    // refers to is a local here (escaped, so changed) or memory.
    if (KV.second.IsRef || LS.unchanged(KV.first))
      continue;
    if (!LS.stepOf(KV.first))
      return std::nullopt;
    Stepped.insert(KV.first);
  }
  llvm::SmallVector<const Expr *, 2> Out;
  for (const auto &S : LS.Steps)
    if (Stepped.count(S.first))
      Out.push_back(S.second);
  return Out;
}

void LoopRules::countStores(const LoopSteps &LS) {
  // A store through a pointer variable the loop does not change goes to the
  // object its value points to; one to an element or field of a variable
  // to that variable's object (evalVarLValue, evalMemberLValue); any other
  // (into a reference, which may be bound to anything, also one declared in
  // the body and not bound yet) may go anywhere: the count under nullptr is
  // part of every load key.
  bool Anywhere = LS.StoresElsewhere;
  for (const auto &[V, IsObject] : LS.StoreRoots) {
    const Binding *B = I.Memory.lookup(V);
    if (IsObject) {
      if (V->getType()->isReferenceType() || (B && B->IsRef))
        Anywhere = true;
      else
        I.Mem.noteStore(I.Mem.objectFor(V));
      continue;
    }
    if (LS.unchanged(V) && B && !B->IsRef && B->V.isPtr() && B->V.Base)
      I.Mem.noteStore(B->V.Base);
    else
      Anywhere = true;
  }
  if (Anywhere)
    I.Mem.noteStore(nullptr);
}

std::optional<llvm::SmallVector<const Expr *, 2>>
LoopRules::stepsOnly(const LoopSteps &LS, const VarMap &Before,
                     const VarMap &After) const {
  llvm::SmallVector<const Expr *, 2> Out;
  llvm::SmallPtrSet<const VarDecl *, 4> Stepped;
  for (const auto &KV : I.Frames.back().Vars) {
    const VarDecl *D = KV.first;
    auto B = Before.find(D), A = After.find(D);
    // The variables checkInduction does not compare.
    if (B == Before.end() || A == After.end() || KV.second.IsRef ||
        B->second.IsRef || A->second.IsRef || KV.second.V.isUnknown())
      continue;
    if (LS.unchanged(D))
      continue;
    if (!LS.stepOf(D))
      return std::nullopt;
    Stepped.insert(D);
  }
  for (const auto &S : LS.Steps)
    if (Stepped.count(S.first))
      Out.push_back(S.second);
  return Out;
}

/// The generalization v(j) = v(0) + j * step holds only when the step is the
/// same in every iteration: `off += step; step = 1;` steps 8 first, then 1.
/// Induction: one more dry run from the generalized state (iteration j) must
/// give v(j) + step for every generalized variable; one that does not
/// (or that depends on one that does not: repeated until nothing changes)
/// becomes unknown.
void LoopRules::checkInduction(const VarMap &Before, const VarMap &After,
                               SymbolId J, const Stmt *Loop, const Stmt *Body,
                               const Expr *Inc, const LaneMask &Any) {
  // A trip of the check need not run where the syntax shows what it would
  // give (LoopSteps.h): when every variable the check compares is one the
  // loop does not change or one with a step, the steps are evaluated alone.
  const LoopSteps *LS = loopStepsOf(Loop, Body, Inc);
  for (unsigned Round = 0; Round < 4; ++Round) {
    VarMap Gen = I.Frames.back().Vars;
    bool SavedRec = I.Recording;
    I.Recording = false;
    std::optional<llvm::SmallVector<const Expr *, 2>> Steps =
        LS ? stepsOnly(*LS, Before, After) : std::nullopt;
    if (Steps) {
      ++I.Stats.CheckByStep;
      for (const Expr *S : *Steps)
        I.evalDiscarded(S, Any);
    } else {
      ++I.Stats.CheckByTrip;
      LoopCtx Ignored;
      execLoopBody(Body, Inc, Any, Ignored, /*Unsure=*/true);
    }
    I.Recording = SavedRec;
    VarMap Next = I.Frames.back().Vars;
    I.Frames.back().Vars = Gen;
    bool Changed = false;
    for (auto &KV : Gen) {
      const VarDecl *D = KV.first;
      auto B = Before.find(D), A = After.find(D);
      auto N = Next.find(D);
      if (B == Before.end() || A == After.end() || N == Next.end() ||
          KV.second.IsRef || N->second.IsRef || B->second.IsRef ||
          A->second.IsRef)
        continue;
      const Value &G = KV.second.V;
      if (G.isUnknown())
        continue;
      // Expected: G + (After - Before), the same step as the first trip.
      const Value &Old = B->second.V, &New = A->second.V;
      bool Ok = false;
      if (I.WarpRun.mentionsW(Old) || I.WarpRun.mentionsW(New)) {
        // Which comparison is made must not differ between warps.
        bool Same = New.sameAs(Old, Any.May);
        for (unsigned W : I.WarpRun.warps())
          if (I.WarpRun.warpAt(New, W).sameAs(I.WarpRun.warpAt(Old, W),
                                              Any.May) != Same)
            I.WarpRun.escape("a loop induction on the warp index");
      }
      if (New.sameAs(Old, Any.May) &&
          (New.Defined & Any.May) == (Old.Defined & Any.May)) {
        Ok = N->second.V.sameAs(G, Any.May) &&
             (N->second.V.Defined & Any.May) == (G.Defined & Any.May);
      } else if (New.Kind == G.Kind && N->second.V.Kind == G.Kind &&
                 N->second.V.Base == G.Base && N->second.V.definedIn(Any.May)) {
        std::optional<LaneInt> Step = sub(New.I, Old.I);
        std::optional<LaneInt> Got = sub(N->second.V.I, G.I);
        Ok = Step && Got && Got->sameAs(*Step, Any.May);
      }
      if (!Ok && (I.WarpRun.mentionsW(G) || I.WarpRun.mentionsW(N->second.V) ||
                  I.WarpRun.mentionsW(Old) || I.WarpRun.mentionsW(New)))
        I.WarpRun.escape("a loop induction on the warp index");
      if (!Ok) {
        Value U = Value::unknown("'" + D->getNameAsString() +
                                 "' does not change by the same step in "
                                 "every iteration of " +
                                 I.loopName(Loop));
        U.Deps.push_back(J);
        I.Frames.back().Vars[D].V = U;
        Changed = true;
      }
    }
    if (!Changed)
      return;
  }
}

void LoopRules::forgetChangedElements(const VarMap &After, SymbolId J,
                                      const Stmt *Loop, const LaneMask &M) {
  for (auto &KV : I.Frames.back().Vars) {
    auto A = After.find(KV.first);
    if (A == After.end() || KV.second.IsRef)
      continue;
    for (auto E = KV.second.Elems.begin(); E != KV.second.Elems.end();) {
      auto N = A->second.Elems.find(E->first);
      if (N == A->second.Elems.end() || N->second.first != E->second.first) {
        E = KV.second.Elems.erase(E);
        continue;
      }
      if (!N->second.second.sameAs(E->second.second, M.May) ||
          (N->second.second.Defined & M.May) !=
              (E->second.second.Defined & M.May)) {
        Value U = Value::unknown(
            "an element of '" + KV.first->getNameAsString() +
            "' changes across " + I.loopName(Loop) + " in a way not followed");
        U.Deps.push_back(J);
        E->second.second = U;
      }
      ++E;
    }
  }
}

LaneMask LoopRules::execLoopSymbolic(const Stmt *Loop, const Expr *Cond,
                                     const Stmt *Body, const Expr *Inc,
                                     LaneMask M) {
  VarMap Before = I.Frames.back().Vars;
  ++I.Frames.back().Undecided;
  // 1. A dry run of one iteration finds how each variable changes.
  bool SavedRec = I.Recording;
  I.Recording = false;
  LaneMask Any{0, M.May, M.Deps};
  // In the kernel's own frame, where every variable is one the loop does
  // not change or one with a step (LoopSteps.h), evaluating the steps alone
  // gives every variable the value the trip would.
  const LoopSteps *LS = loopStepsOf(Loop, Body, Inc);
  if (std::optional<llvm::SmallVector<const Expr *, 2>> Steps =
          LS ? dryRunSteps(*LS) : std::nullopt) {
    ++I.Stats.DryByStep;
    for (const Expr *S : *Steps)
      I.evalDiscarded(S, Any);
    // The trip's stores count as the dry run's would (record): a load in
    // "any iteration" is not the load of that address before the loop when
    // an earlier iteration may have stored there.
    countStores(*LS);
  } else {
    ++I.Stats.DryByTrip;
    LoopCtx Ignored;
    execLoopBody(Body, Inc, Any, Ignored, /*Unsure=*/true);
  }
  I.Recording = SavedRec;
  auto After = I.Frames.back().Vars;
  I.Frames.back().Vars = Before;

  // 2. v = start + j * step for every variable with a warp-uniform step.
  // Each dynamic execution of a generalized loop has its own iteration
  // number (a helper's loop run twice, two loops on one line).
  SymbolId J = I.Symbols.symbolId(
      "iteration(line " +
          std::to_string(I.Ctx.getSourceManager().getExpansionLineNumber(
              Loop->getBeginLoc())) +
          ")",
      {}, "loop run " + std::to_string(Runs++),
      /*NonNeg=*/true);
  for (auto &KV : After) {
    const VarDecl *D = KV.first;
    auto It = Before.find(D);
    if (It == Before.end() || KV.second.IsRef || It->second.IsRef)
      continue;
    const Value &Old = It->second.V, &New = KV.second.V;
    if (New.sameAs(Old, M.May) &&
        (New.Defined & M.May) == (Old.Defined & M.May))
      continue;
    // Unknown before and after: it stays unknown for its own reason.
    if (Old.isUnknown() && New.isUnknown() && Old.Reason == New.Reason)
      continue;
    I.Frames.back().Vars[D].V = generalizeVar(D, Old, New, J, Loop, M);
  }
  // Elements of local arrays and structs the loop changes are not followed.
  forgetChangedElements(After, J, Loop, M);
  checkInduction(Before, After, J, Loop, Body, Inc, Any);

  // 3. One recorded pass for "any iteration": lanes whose condition is
  // uniformly undecided run it together (if it runs at all).
  LaneMask Iter = Any;
  if (Cond) {
    LaneBool C = I.evalCond(Cond, M);
    Iter = intersect(M, C, false);
  }
  Iter.addDeps({J});
  I.Context.push_back("any iteration of " + I.loopName(Loop));
  LoopCtx Done;
  execLoopBody(Body, Inc, Iter, Done, /*Unsure=*/true);
  I.Context.pop_back();
  // Lanes that may have broken out in "any iteration" leave with that
  // iteration's values.
  I.Joiner.applyUnsureExits(Done.BrokenVars);
  --I.Frames.back().Undecided;
  return M;
}
