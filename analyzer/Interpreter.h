//===- Interpreter.h - Runs one warp of a kernel over the lane domain -----===//
//
// The interpreter executes a kernel body for one warp at a time, with
// concrete thread ids per lane and symbols for everything else (LaneValue.h).
// Every global or shared memory access it meets is handed to a callback with
// its lane addresses and the set of active lanes.
//
// Where an expression kind is handled (one class split by concern, like the
// Clang Static Analyzer's ExprEngine*.cpp):
//   Interpreter.cpp    the entry points: runWarp (one warp of a kernel) and
//                      runHost (host code, for launch shapes)
//   InterpStmt.cpp     statements: if, range-based for (its desugared
//                      loop), return, break, declarations; goto is not
//                      followed (the kernel's records are then not exact)
//   InterpSwitch.cpp   switch (every case label entered by any lane, or
//                      the arms run by lane on a value known in every lane)
//   InterpJoin.cpp     joins of the variables of two paths (the part
//                      JoinRules: InterpJoin.h)
//   InterpLoops.cpp    loops: concrete iterations, and the generalized "any
//   InterpGeneralize.cpp  iteration", checked by induction (the interpreter's
//                      part LoopRules: InterpLoops.h)
//   InterpExpr.cpp     eval's dispatch by expression class (evalInner: the
//                      table of which rule handles which class), literals,
//                      unary and binary operators, assignments, ?:,
//                      constructors
//   InterpArith.cpp    integer and pointer arithmetic, comparisons (the
//                      part ArithRules: InterpArith.h)
//   InterpCasts.cpp    every CastExpr kind (LValueToRValue is a load; of
//                      `c ? a[i] : b[i]`, a load per arm in its lanes)
//   InterpLValues.cpp  lvalues (variables, subscripts, members, *p, the
//                      reference a user function returns)
//   InterpMemory.cpp   loads, stores and the AccessEvents they record
//                      (locals and builtin index variables are no requests;
//                      sizes other than 1/2/4/8/16/32 bytes are split into
//                      the requests their alignment allows); the memory
//                      objects themselves: MemoryModel.h
//   InterpLocals.cpp   local variables and local objects; the three are the
//                      part MemoryRules (InterpMemory.h)
//   InterpCalls.cpp    calls (builtins, atomics, inlined device functions,
//                      assignment operators of classes not inlined),
//                      threadIdx/blockIdx/blockDim/gridDim, <<<>>> launches
//   InterpMinMax.cpp   min and max, and the cases a clamp splits a warp
//                      into; both are the part CallRules (InterpCalls.h)
//   InterpWarp.cpp     warp-level intrinsics (__shfl*_sync lane by lane,
//                      __ballot/__any/__all_sync, __activemask, __mul24,
//                      pure integer intrinsics of uniform arguments)
//   InterpGroups.cpp   cooperative groups (this_thread_block,
//                      tiled_partition, thread_rank, size, meta_group_rank,
//                      group_index, ...); both are the part WarpCalls
//                      (InterpWarp.h)
//   InterpSymbols.cpp  creating and naming symbols (the part SymbolRules:
//                      InterpSymbols.h; the table of them: SymbolTable.h)
//   InterpWarpIndex.cpp  one run for every warp of a block: threadIdx with
//                      a symbolic warp index, splits of the warps into
//                      groups, the replay of the run's events for each warp,
//                      the hooks the rules call (the part WarpIndexRun:
//                      WarpIndexRun.h; its state: WarpIndexState.h)
//   InterpPerWarp.cpp  WarpIndexRun's checked rules: a value of the run
//                      computed again per warp
//   UnobservedFloats.cpp  the float assignment statements exec need not
//                      evaluate (a dependence walk of each function)
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPRETER_H
#define CCL_ANALYZER_INTERPRETER_H

#include "analyzer/AccessEvent.h"
#include "analyzer/AnalysisStats.h"
#include "analyzer/CaseSplits.h"
#include "analyzer/CowMap.h"
#include "analyzer/Dim3.h"
#include "analyzer/InterpArith.h"
#include "analyzer/InterpCalls.h"
#include "analyzer/InterpFrame.h"
#include "analyzer/InterpJoin.h"
#include "analyzer/InterpLoops.h"
#include "analyzer/InterpMemory.h"
#include "analyzer/InterpSymbols.h"
#include "analyzer/InterpWarp.h"
#include "analyzer/InterpreterOptions.h"
#include "analyzer/LaneValue.h"
#include "analyzer/MemoryModel.h"
#include "analyzer/SymbolTable.h"
#include "analyzer/UnobservedFloats.h"
#include "analyzer/WarpIndexRun.h"
#include "analyzer/WarpIndexState.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include <functional>
#include <map>
#include <memory>

namespace clang {
class ASTContext;
class CXXForRangeStmt;
class FunctionDecl;
} // namespace clang

namespace ccl {

class Interpreter {
public:
  using Checkpoint = WarpCheckpoint;
  using Sink = std::function<void(const AccessEvent &)>;

  Interpreter(clang::ASTContext &Ctx, const InterpreterOptions &Opts,
              Dim3 Block, Sink OnAccess);

  /// Runs \p Kernel for warp \p Warp of the block.
  void runWarp(const clang::FunctionDecl *Kernel, unsigned Warp);
  /// Called before each further run of a warp split into cases
  /// (caseSplit): its events are another execution, not the previous
  /// run's neighbours (AccessFusion, FootprintSharing windows).
  void onCaseRun(std::function<void()> F) { CaseRun = std::move(F); }

  /// Runs host function \p Fn with one lane (arguments and locals named in
  /// --assume take their values) and calls \p OnLaunch at every <<<>>>
  /// launch it reaches, with the block shape when it evaluates to constants.
  using LaunchHook = CallRules::LaunchHook;
  void runHost(const clang::FunctionDecl *Fn, LaunchHook OnLaunch);

  // ---- One run for every warp (InterpWarpIndex.cpp) ----
  /// Runs every warp of the block at once with the symbolic warp index
  /// (WarpIndexRun.h): begin it before runWarp, then read whether it holds.
  WarpIndexRun &warpIndexRun() { return WarpRun; }
  const WarpIndexRun &warpIndexRun() const { return WarpRun; }
  /// The number of warps of the block.
  unsigned warpsInBlock() const;

  const std::vector<std::string> &symbolNames() const { return Syms.names(); }
  /// Why not every dynamic access was analyzed (empty when all were).
  const std::string &incompleteReason() const { return Incomplete; }
  /// The named unknowns behind the symbols in \p Ids (products are split
  /// into their factors).
  std::vector<std::string> namesOf(llvm::ArrayRef<SymbolId> Ids) const {
    return Syms.namesOf(Ids);
  }
  /// The loads among \p Ids whose values are read per lane
  /// (laneDataSymbol), as source text; empty when there are none.
  std::vector<std::string> laneDataOf(llvm::ArrayRef<SymbolId> Ids) const {
    return Syms.laneDataOf(Ids);
  }
  /// What this interpreter counted so far (its loops' trips).
  const AnalysisStats &stats() const { return Stats; }

private:
  friend struct WarpCheckpoint;
  friend class ArithRules;
  friend class CallRules;
  friend class JoinRules;
  friend class LoopRules;
  friend class MemoryRules;
  friend class SymbolRules;
  friend class WarpIndexRun;
  friend class WarpCalls;
  using LValue = interp::LValue;
  using Group = interp::Group;
  using Binding = interp::Binding;
  using Frame = interp::Frame;
  using VarMap = interp::VarMap;
  using UnsureExits = interp::UnsureExits;
  using LoopCtx = interp::LoopCtx;

  // ---- Statements (InterpStmt.cpp). Return the lanes that fall through. ----
  LaneMask exec(const clang::Stmt *S, LaneMask M);
  LaneMask execIf(const clang::IfStmt *S, LaneMask M);
  LaneMask execSwitch(const clang::SwitchStmt *S, LaneMask M);
  /// One arm of a switch run by lane (execSwitch): its labels' lanes and
  /// its statements without the final `break`.
  struct SwitchArm {
    LaneBits Lanes = 0;
    std::vector<const clang::Stmt *> Body;
  };
  LaneMask execSwitchArms(const clang::SwitchStmt *S,
                          const std::vector<SwitchArm> &Arms, size_t I,
                          LaneMask M);
  std::optional<std::vector<SwitchArm>>
  switchArms(const clang::SwitchStmt *S, const Value &V,
             const LaneMask &M) const;
  /// Runs \p Then in the lanes where \p C holds and \p Else in the others,
  /// and joins the variables where the paths meet (execIf, the arms of a
  /// switch run by lane).
  LaneMask execBranches(const LaneBool &C, LaneMask M,
                        llvm::function_ref<LaneMask(LaneMask)> Then,
                        llvm::function_ref<LaneMask(LaneMask)> Else,
                        const clang::Stmt *At);
  static bool leavesSwitch(const clang::Stmt *S);
  LaneMask execReturn(const clang::ReturnStmt *S, const LaneMask &M);
  /// A break or continue: its lanes leave to the innermost loop's exit or
  /// next trip.
  LaneMask execBreakContinue(const clang::Stmt *S, const LaneMask &M);
  /// A goto is not followed: the kernel's records are then not exact.
  LaneMask execGoto(const clang::Stmt *S, const LaneMask &M);
  LaneMask execRangeFor(const clang::CXXForRangeStmt *S, LaneMask M);
  void evalDiscarded(const clang::Expr *E, const LaneMask &M);
  /// An assignment statement whose value nothing reported can see
  /// (UnobservedFloats.h): true, with only its left-hand side evaluated,
  /// where that designates the unobserved local itself.
  bool skipUnobserved(const clang::Expr *E, const LaneMask &M);
  Value evalLambda(const clang::LambdaExpr *E, const LaneMask &M);
  void execAsm(const clang::GCCAsmStmt *S, const LaneMask &M);
  void execDecl(const clang::VarDecl *D, LaneMask M);
  /// The elements of a local aggregate from its initializer list (at most
  /// \p Budget scalars).
  void initElems(Binding &B, clang::QualType T, const clang::Expr *Init,
                 int64_t Off, const LaneMask &M, unsigned &Budget);
  std::string loopName(const clang::Stmt *Loop) const;

  // ---- Expressions (InterpExpr.cpp): the dispatch by expression class, ----
  // ---- operators, the conditional operator, constructors.              ----
  Value eval(const clang::Expr *E, const LaneMask &M);
  LaneBool evalCond(const clang::Expr *E, const LaneMask &M);
  /// evalCond of an evaluated condition \p V of \p E.
  LaneBool condOfValue(const Value &V, const LaneMask &M,
                       const clang::Expr *E);
  /// The condition a value stands for (non-zero), lane by lane.
  LaneBool condOf(const Value &V, const LaneMask &M);
  Value evalInner(const clang::Expr *E, const LaneMask &M);
  Value evalThis();
  Value evalRecovery(const clang::RecoveryExpr *E, const LaneMask &M);
  Value evalOther(const clang::Expr *E, const LaneMask &M);
  Value evalBinary(const clang::BinaryOperator *E, const LaneMask &M);
  Value evalLogical(const clang::BinaryOperator *E, const LaneMask &M);
  Value evalAssign(const clang::Expr *E, const clang::Expr *LHS,
                   const clang::Expr *RHS, clang::BinaryOperatorKind Op,
                   const LaneMask &M);
  Value evalUnary(const clang::UnaryOperator *E, const LaneMask &M);
  Value evalIncDec(const clang::UnaryOperator *E, const LaneMask &M);
  Value evalConditional(const clang::AbstractConditionalOperator *E,
                        const LaneMask &M);
  Value evalConstruct(const clang::CXXConstructExpr *E, const LaneMask &M);

  // ---- Casts (InterpCasts.cpp) ----
  Value evalCast(const clang::CastExpr *E, const LaneMask &M);
  Value evalLValueToRValue(const clang::CastExpr *E, const LaneMask &M);
  /// The value of glvalue \p Sub read as type \p To (a load when it is
  /// memory; each arm of a conditional lvalue in its own lanes).
  Value evalRValueOf(const clang::Expr *Sub, clang::QualType To,
                     const LaneMask &M);
  Value evalPointerToIntegral(const clang::CastExpr *E, const LaneMask &M);

  /// The variable a local copies a builtin variable from (InterpStmt.cpp).
  const clang::VarDecl *builtinCopied(const clang::Expr *Init);

  // ---- Case splits (Interpreter.cpp) ----
  /// A choice among \p N cases the analysis cannot decide (which lanes a
  /// min or max clamps): runWarp runs the warp once per combination of the
  /// cases of its choice points, and this returns the case the current run
  /// takes. A second choice with the same \p Key in one run takes the same
  /// case (CaseSplits.h). nullopt when splitting would take more than
  /// CaseSplits::kMaxRuns runs (or in a dry run): the caller then makes its
  /// value Unknown. Accesses recorded after a run's first split are not exact
  /// (the case may not happen, like a trip that runs only if the loop gets
  /// there). \p Deps: the unknowns the choice depends on (named by the records
  /// after it).
  std::optional<unsigned> caseSplit(unsigned N, const std::string &Key,
                                    llvm::ArrayRef<SymbolId> Deps);
  /// Tid and InBlock for warp \p Warp of the block.
  void setThreadIds(unsigned Warp);
  /// One run of the kernel body for the current warp.
  void runWarpOnce(const clang::FunctionDecl *Kernel);
  /// The kernel's body, statement by statement (checkpoints between them
  /// with the warp index: InterpWarpIndex.cpp).
  void runKernelBody(const clang::FunctionDecl *Kernel, LaneMask M);
  void fixWarpIndex(int64_t W);
  std::function<void()> CaseRun;
  /// The choice points of this warp's runs and the case each run takes.
  CaseSplits Cases;

  /// Access events sent so far.
  unsigned long Emitted = 0;

  clang::ASTContext &Ctx;
  const InterpreterOptions &Opts;
  Dim3 Block;
  Sink OnAccess;
  bool Recording = true;
  AnalysisStats Stats;

  LaneArray Tid[3];     ///< threadIdx.{x,y,z} per lane for the current warp.
  LaneBits InBlock = 0; ///< lanes that exist in the current warp.
  unsigned CurWarp = 0;
  std::vector<std::string> Context;
  std::vector<Frame> Frames;
  std::vector<LoopCtx> Loops;
  unsigned ExprDepth = 0;
  std::string Incomplete;
  unsigned long Steps = 0;
  unsigned WarpIterations = 0;
  /// Inside trips of an unrolled loop that run only if its undecided
  /// condition lets them (execLoop): accesses there are not exact.
  unsigned MaybeTrips = 0;
  /// Joins made by joinUniform in this run of the warp: the n-th one at a
  /// point is the same unknown in every warp that gets there (one name).
  unsigned JoinRuns = 0;
  /// Numbers the split accesses (AccessEvent::SplitId).
  unsigned SplitRuns = 0;
  /// Returns, breaks and continues run so far: a branch whose arms ran
  /// none lets every lane it got go on (execBranches).
  unsigned LaneExits = 0;

  /// The unknowns named so far.
  SymbolTable Syms;
  /// Creating and naming them (InterpSymbols.h).
  SymbolRules Symbols{*this};
  /// The memory objects, their store generations, address-taken locals.
  MemoryModel Mem;
  /// Lvalues, loads and stores, locals (InterpMemory.h).
  MemoryRules Memory{*this};
  /// The loop rules and what they keep (InterpLoops.h).
  LoopRules Looper{*this};
  /// The float assignments that need not be evaluated, by function.
  UnobservedFloats Unobserved{Ctx};

  /// Integer and pointer arithmetic (InterpArith.h).
  ArithRules Arith{*this};
  /// The joins of paths where they meet (InterpJoin.h).
  JoinRules Joiner{*this};
  /// Warp-level intrinsics and cooperative groups (InterpWarp.h).
  WarpCalls WarpCall{*this};
  /// Calls, CUDA builtins and launches (InterpCalls.h).
  CallRules Call{*this};
  /// The run with the symbolic warp index (InterpWarpIndex.cpp): the
  /// caller's side, the rules' hooks and its state.
  mutable WarpIndexRun WarpRun{*this};
  /// execReturn -> record: the returned lvalue read for a Frame::ReadAt
  /// caller; its load is recorded at the call.
  const clang::Expr *ReturnedRead = nullptr;
  /// The by-copy captures of each lambda as its closure was made
  /// (evalLambda), bound again in every call of its operator().
  std::map<const clang::CXXRecordDecl *,
           std::vector<std::pair<const clang::VarDecl *, Binding>>>
      Closures;
  /// The loop body of each range-based for (its variable and body).
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> RangeForBodies;
};

} // namespace ccl
#endif
