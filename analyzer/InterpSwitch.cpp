//===- InterpSwitch.cpp - switch statements -------------------------------===//
//
// A switch on a value known in every active lane (`switch (lane & 3)`),
// whose arms each end in a `break` with no other jump out, runs each arm in
// the lanes of its case labels, like an if / else-if chain (switchArms,
// execSwitchArms). Otherwise every case may run in every lane: the body is
// analyzed with all lanes undecided, each case label bringing every lane
// back, and the variables of the paths are joined after it.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

namespace {
/// A jump that leaves an arm other than through its final `break`:
/// `break`/`continue` outside nested loops and switches, `return`, `goto`,
/// a label another jump may enter at, a case label.
bool jumpsOut(const Stmt *S, bool InLoop) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return true;
  if (!InLoop && (isa<BreakStmt>(S) || isa<ContinueStmt>(S)))
    return true;
  bool Nested = InLoop || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) || isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (jumpsOut(C, Nested))
      return true;
  return false;
}
} // namespace

LaneMask Interpreter::execSwitchArms(const SwitchStmt *S,
                                     const std::vector<SwitchArm> &Arms,
                                     size_t I, LaneMask M) {
  if (I == Arms.size() || M.none())
    return M; // lanes no label takes (and no default)
  // Like an `if` whose condition is decided in every lane.
  LaneBool C;
  C.True = Arms[I].Lanes & M.May;
  C.False = M.May & ~Arms[I].Lanes;
  return execBranches(
      C, M,
      [&](LaneMask In) {
        for (const Stmt *St : Arms[I].Body)
          In = exec(St, In);
        return In;
      },
      [&](LaneMask In) { return execSwitchArms(S, Arms, I + 1, In); }, S);
}

/// The arms of \p S when its value \p V is known in every lane of \p M and
/// each arm ends in a `break` with no other jump out (execSwitch); none
/// otherwise.
std::optional<std::vector<Interpreter::SwitchArm>>
Interpreter::switchArms(const SwitchStmt *S, const Value &V,
                        const LaneMask &M) const {
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(S->getBody());
  if (!Compound || S->getConditionVariable() || V.Kind != Value::Int ||
      !V.I.terms().empty() || !V.definedIn(M.May) || WarpRun.mentionsW(V))
    return std::nullopt;
  bool Unsigned = S->getCond()->getType()->isUnsignedIntegerOrEnumerationType();
  auto Lanes = [&](int64_t L) {
    LaneBits B = 0;
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((M.May >> K & 1) && V.I.consts()[K] == L)
        B |= LaneBits(1) << K;
    return B;
  };
  std::vector<SwitchArm> Arms;
  LaneBits Taken = 0;
  int Default = -1;
  for (const Stmt *Child : Compound->body()) {
    if (!isa<SwitchCase>(Child)) {
      if (Arms.empty())
        return std::nullopt; // statements before the first label
      Arms.back().Body.push_back(Child);
      continue;
    }
    Arms.push_back({});
    const Stmt *Sub = Child;
    while (const auto *SC = dyn_cast<SwitchCase>(Sub)) {
      if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
        std::optional<llvm::APSInt> L =
            CS->getLHS()->getIntegerConstantExpr(Ctx);
        if (!L || CS->getRHS())
          return std::nullopt;
        Arms.back().Lanes |=
            Lanes(Unsigned ? int64_t(L->getZExtValue()) : L->getExtValue());
      } else {
        Default = int(Arms.size()) - 1;
      }
      Sub = SC->getSubStmt();
    }
    Taken |= Arms.back().Lanes;
    if (Sub && !isa<NullStmt>(Sub))
      Arms.back().Body.push_back(Sub);
  }
  // Each arm ends in `break` (the last may run to the end); nothing else
  // leaves it.
  for (size_t A = 0; A < Arms.size(); ++A) {
    std::vector<const Stmt *> &B = Arms[A].Body;
    if (!B.empty() && isa<BreakStmt>(B.back()))
      B.pop_back();
    else if (A + 1 != Arms.size())
      return std::nullopt; // falls through into the next arm
    for (const Stmt *St : B)
      if (jumpsOut(St, false))
        return std::nullopt;
  }
  if (Default >= 0)
    Arms[Default].Lanes = M.May & ~Taken;
  return Arms;
}

LaneMask Interpreter::execSwitch(const SwitchStmt *S, LaneMask M) {
  if (S->getInit())
    exec(S->getInit(), M);
  Value V = eval(S->getCond(), M);
  // A value known in every active lane (`switch (lane & 3)`) and arms that
  // each end in a `break` with no other jump out: the case labels are lane
  // predicates, each arm runs in the lanes of its labels, like an if /
  // else-if chain.
  if (std::optional<std::vector<SwitchArm>> Arms = switchArms(S, V, M))
    return execSwitchArms(S, *Arms, 0, M);
  // Every case may run in every lane: analyze the body with all lanes
  // undecided.
  LaneBool C = condOfValue(V, M, S->getCond());
  LaneMask Any{0, M.May, M.Deps};
  Any.addDeps(C.Deps);
  VarMap Before = Frames.back().Vars;
  Loops.push_back(LoopCtx{});
  ++Frames.back().Undecided;
  // Every case label may be entered by any lane: a `break` ends the lanes
  // of the case before it, the next label brings them all back (not only
  // the first case runs).
  const Stmt *Body = S->getBody();
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
    LaneMask Cur = Any;
    for (const Stmt *Child : CS->body()) {
      if (isa<SwitchCase>(Child))
        Cur = unite(Cur, Any);
      Cur = exec(Child, Cur);
    }
  } else {
    exec(Body, Any);
  }
  LoopCtx SwCtx = Loops.back();
  Loops.pop_back();
  --Frames.back().Undecided;
  // `continue` in a switch belongs to the enclosing loop.
  if (!Loops.empty() && !SwCtx.Continued.none()) {
    Loops.back().Continued = unite(Loops.back().Continued, SwCtx.Continued);
    Joiner.mergeUnsureExits(Loops.back().ContinuedVars, SwCtx.ContinuedVars);
  }
  VarMap After = Frames.back().Vars;
  Joiner.joinFrames(After, Before, 0, 0, C.Deps);
  // A case left by `break` meets the others here.
  Joiner.applyUnsureExits(SwCtx.BrokenVars);
  // Lanes that may have returned or continued in some case are no longer
  // certainly active after the switch.
  if (!SwCtx.Continued.none() || leavesSwitch(Body)) {
    LaneMask R{0, M.May, M.Deps};
    R.addDeps(C.Deps);
    return R;
  }
  return M;
}

/// A return (or a goto) somewhere in \p S, outside lambdas.
bool Interpreter::leavesSwitch(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *C : S->children())
    if (leavesSwitch(C))
      return true;
  return false;
}
