//===- Interpreter.cpp - Entry points: one warp of a kernel, or host code -===//
//
// runWarp sets up the lanes of one warp (concrete threadIdx per lane) and the
// kernel's parameters, then executes the body (InterpStmt.cpp). runHost runs
// a host function with one lane to find the block shapes of its launches.
// The other Interp*.cpp files hold the rules (see Interpreter.h).
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

using namespace clang;
using namespace ccl;

Interpreter::Interpreter(ASTContext &Ctx, const InterpreterOptions &Opts,
                         Dim3 Block, Sink OnAccess)
    : Ctx(Ctx), Opts(Opts), Block(Block), Mem(Ctx) {
  WarpRun.onStop([this] { Steps = this->Opts.MaxSteps + 1; });
  this->OnAccess = [this, F = std::move(OnAccess)](const AccessEvent &Ev) {
    ++Emitted;
    F(Ev);
  };
}

void Interpreter::runWarp(const FunctionDecl *Kernel, unsigned Warp) {
  CurWarp = Warp;
  setThreadIds(Warp);
  // One run per combination of the cases of the choice points a run meets
  // (caseSplit), in the order CaseSplits.h gives. Every run starts from the
  // same counters, so a loop or vote gets the same symbol in every run.
  Cases.beginWarp();
  unsigned Loops0 = Looper.Runs, Fresh0 = WarpCall.FreshRuns;
  unsigned long TotalSteps = 0;
  for (bool First = true;; First = false) {
    if (!First && CaseRun)
      CaseRun();
    Looper.Runs = Loops0;
    WarpCall.FreshRuns = Fresh0;
    Cases.beginRun();
    WarpRun.beginCaseRun();
    runWarpOnce(Kernel);
    TotalSteps += Steps;
    if (!Cases.nextRun())
      break;
    // Not every case is analyzed: the records may miss a worse one.
    if (TotalSteps > 4 * Opts.MaxSteps) {
      if (Incomplete.empty() && !WarpRun.stopped())
        Incomplete = "the runs of a case split ran out of the step budget";
      break;
    }
  }
  Cases.endWarp();
}

void Interpreter::setThreadIds(unsigned Warp) {
  InBlock = 0;
  unsigned Threads = Block.threads();
  for (unsigned K = 0; K < kWarpSize; ++K) {
    unsigned T = Warp * kWarpSize + K;
    if (T < Threads)
      InBlock |= LaneBits(1) << K;
    Tid[0][K] = T % Block.X;
    Tid[1][K] = (T / Block.X) % Block.Y;
    Tid[2][K] = T / (Block.X * Block.Y);
  }
}

void Interpreter::runWarpOnce(const FunctionDecl *Kernel) {
  Steps = 0;
  Emitted = 0;
  WarpIterations = 0;
  MaybeTrips = 0;
  JoinRuns = 0;
  ExprDepth = 0;
  Frames.clear();
  Loops.clear();
  Mem.clearStores();
  Context.clear();
  Frame F;
  F.Fn = Kernel;
  for (const ParmVarDecl *P : Kernel->parameters()) {
    Binding B;
    QualType T = P->getType();
    auto A = Opts.Assume.find(P->getNameAsString());
    if (A != Opts.Assume.end() && T->isIntegralOrEnumerationType())
      B.V = Value::integer(LaneInt::constant(A->second));
    else if (T->isPointerType())
      B.V = Value::pointer(Mem.objectFor(P), LaneInt::constant(0));
    else if (T->isIntegralOrEnumerationType())
      B.V = Symbols.symbolValue(P->getName(), Symbols.parmKey(P),
                                T->isUnsignedIntegerOrEnumerationType());
    else
      B.V = Value::unknown("kernel argument '" + P->getNameAsString() +
                           "' of type " + T.getAsString());
    F.Vars[P] = B;
  }
  Frames.push_back(std::move(F));
  runKernelBody(Kernel, LaneMask::all(InBlock));
  // (A run with the warp index that escaped or split is stopped through
  // the budget, and thrown away.)
  if (Steps > Opts.MaxSteps && Incomplete.empty() && !WarpRun.stopped())
    Incomplete = "the analysis step budget ran out";
  if (Steps > Opts.MaxSteps)
    WarpRun.escape("the step budget ran out");
  Frames.clear();
}

std::optional<unsigned> Interpreter::caseSplit(unsigned N,
                                               const std::string &Key,
                                               llvm::ArrayRef<SymbolId> Deps) {
  // A warp's own result computed for the run with the warp index
  // (perWarp): a split that warp's run would make stops that run.
  bool Would = N > 0 && WarpRun.recording(Recording) &&
               Steps <= Opts.MaxSteps / CaseSplits::kMaxRuns;
  if (WarpRun.inWarpsOwnResult())
    return WarpRun.caseOfWarpsOwnRun(N, Would);
  // Not in dry runs; not where one run is already costly (every further
  // case runs the whole warp again).
  if (!Would)
    return std::nullopt;
  // With the warp index: only a min or max whose unknown part holds W
  // itself (WarpIndexRun::caseSplitSeen).
  bool WithW = WarpRun.caseSplitSeen(Key, Deps);
  auto Taken = [&](unsigned Idx, unsigned Case) {
    if (WithW)
      WarpRun.caseTaken(Cases.sizeAt(Idx), Case);
    return Case;
  };
  if (std::optional<unsigned> Idx = Cases.pointOf(Key))
    return Taken(*Idx, Cases.caseAt(*Idx));
  // Every path through the choice points takes at most CaseSplits::kMaxRuns
  // runs.
  if (!Cases.fits(N)) {
    if (WithW)
      WarpRun.caseRefused(N);
    return std::nullopt;
  }
  unsigned Idx = Cases.open(N, Key);
  for (SymbolId S : Deps)
    if (!(WithW && WarpRun.isWarpIndex(S)))
      Cases.addDep(S);
  return Taken(Idx, Cases.caseAt(Idx));
}

void Interpreter::runHost(const FunctionDecl *Fn, LaunchHook Hook) {
  Call.OnLaunch = std::move(Hook);
  Recording = false;
  CurWarp = 0;
  Steps = 0;
  WarpIterations = 0;
  MaybeTrips = 0;
  for (unsigned D = 0; D < 3; ++D)
    Tid[D].fill(0);
  Frames.clear();
  Frame F;
  F.Fn = Fn;
  for (const ParmVarDecl *P : Fn->parameters()) {
    Binding B;
    auto A = Opts.Assume.find(P->getNameAsString());
    if (A != Opts.Assume.end() && P->getType()->isIntegralOrEnumerationType())
      B.V = Value::integer(LaneInt::constant(A->second));
    else if (P->getType()->isIntegralOrEnumerationType())
      B.V = Symbols.symbolValue(
          P->getName(), Symbols.parmKey(P),
          P->getType()->isUnsignedIntegerOrEnumerationType());
    else
      B.V = Value::unknown("host argument");
    F.Vars[P] = B;
  }
  Frames.push_back(std::move(F));
  exec(Fn->getBody(), LaneMask::all(1));
  Frames.clear();
  Call.OnLaunch = nullptr;
}
