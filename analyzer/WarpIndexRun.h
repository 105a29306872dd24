//===- WarpIndexRun.h - Every warp of a block in one run --------*- C++ -*-===//
//
// The interpreter's run with the symbolic warp index (InterpWarpIndex.cpp).
// The caller's side: KernelAnalysis begins it, runs the kernel once
// (Interpreter::runWarp), and then reads whether the run holds for every
// warp, must be split into groups of warps, or escaped, and maps each event
// of the run to each warp. The rules' side: a few hooks the interpreter's
// rules call (what they ask of the run and tell it) and the checked rules
// (InterpPerWarp.cpp) that compute a result again for every warp. Its state
// is WarpIndexState.h. Warp by warp, without begin(), each hook is the null
// one and the run is the plain run.
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_WARPINDEXRUN_H
#define CCL_ANALYZER_WARPINDEXRUN_H

#include "analyzer/AccessEvent.h"
#include "analyzer/WarpIndexState.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
}

namespace ccl {

class Interpreter;
struct WarpCheckpoint;

class WarpIndexRun {
public:
  explicit WarpIndexRun(Interpreter &I) : I(I) {}
  WarpIndexRun(const WarpIndexRun &) = delete;
  WarpIndexRun &operator=(const WarpIndexRun &) = delete;

  /// Makes the next runWarp run every warp of the block at once (or the
  /// warps in \p Set): threadIdx is the lanes' values in warp 0 plus a
  /// multiple of the *warp index*, a symbol w in 0 .. warps-1 (only where
  /// every component of threadIdx is linear in w: 1-D blocks, blocks whose
  /// x extent divides 32, and x = 32). The run stops being valid
  /// ("escapes") as soon as a result or decision could differ between
  /// warps otherwise than by substituting w (a condition decided in some
  /// warp and not here, a value made unknown that one warp knows, a symbol
  /// named after w): escaped() then says so and the caller runs the warps
  /// one by one instead. False when the block's shape does not allow it.
  bool begin(llvm::ArrayRef<unsigned> Set = {});
  /// Why the run with the symbolic warp index is not valid (empty if it is).
  const std::string &escaped() const;
  /// The run met a decision that differs between its warps: the groups of
  /// warps to run again (each with its own run), in order; empty if none.
  const std::vector<std::vector<unsigned>> &groups() const;
  /// What made the run split into groups.
  const std::string &splitWhy() const;
  /// The state before the statement of the kernel body in which the split
  /// happened (the warps' runs resume there: resume), and how many events
  /// the run had sent by then; null when the runs must start over (a case
  /// split came first).
  const std::shared_ptr<const WarpCheckpoint> &splitPoint() const;
  /// How many events the run had sent at \p C.
  unsigned long eventsAt(const WarpCheckpoint &C) const;
  /// The next runWarp resumes from \p C (for the warps of the next
  /// begin); null: from the start.
  void resume(std::shared_ptr<const WarpCheckpoint> C);
  /// Where the next runWarp resumes (resume); null: from the start.
  const std::shared_ptr<const WarpCheckpoint> &resumePoint() const {
    return S.Resume;
  }
  /// The run reached checkpoint \p C between two statements of the kernel
  /// body (null: a point no group can resume from); a split resumes from
  /// the latest.
  void reached(std::shared_ptr<const WarpCheckpoint> C) {
    S.Latest = std::move(C);
  }
  /// Event \p Ev of the symbolic run as warp \p W of the block issues it:
  /// the warp index replaced by W in its address and context.
  AccessEvent instance(const AccessEvent &Ev, unsigned W) const;

  // ---- The rules' hooks ----
  // What the interpreter's rules ask of the run and tell it. Warp by warp
  // (no run with the warp index on) each hook is the null one: on() is
  // false, no value mentions w, escape and the notes do nothing, and
  // threadIdx and the warp's name are the current warp's.

  /// A run with the symbolic warp index is on.
  bool on() const { return S.On; }
  /// \p V holds a symbol made from the warp index (in a run with it).
  bool mentionsW(const Value &V) const { return S.mentionsW(V); }
  bool mentionsW(const LaneInt &V) const { return S.mentionsW(V); }
  bool mentionsW(llvm::ArrayRef<SymbolId> Deps) const {
    return S.mentionsW(Deps);
  }
  /// The run is not valid (\p Why): it stops, and the caller runs the warps
  /// one by one.
  void escape(llvm::StringRef Why) { S.escape(Why); }
  /// The run escaped or split (it is being stopped).
  bool stopped() const { return S.stopped(); }
  /// Called when the run must stop (set once, by the interpreter).
  void onStop(std::function<void()> F) { S.OnStop = std::move(F); }
  /// The warps the run stands for (w takes these values).
  const std::vector<unsigned> &warps() const { return S.Set; }
  /// \p V in warp \p W: the warp index replaced by W (escapes, and gives
  /// \p V, when that overflows).
  Value warpAt(const Value &V, int64_t W) { return S.warpAt(V, W); }
  LaneInt warpAt(const LaneInt &V, int64_t W) { return S.warpAt(V, W); }
  /// \p F(w, V in warp w) for each warp of the run, computed as that
  /// warp's own run would: outside the run (nothing mentions w there).
  void eachWarpOwn(const Value &V,
                   llvm::function_ref<void(unsigned, const Value &)> F);
  void eachWarpOwn(const LaneInt &V,
                   llvm::function_ref<void(unsigned, const LaneInt &)> F);
  /// The run's warps grouped by \p Same (of their positions in warps()),
  /// in order of first member.
  std::vector<std::vector<unsigned>>
  groupsOf(size_t N, llvm::function_ref<bool(size_t, size_t)> Same) const {
    return S.warpGroups(N, Same);
  }
  /// A decision differs between the run's warps: they run again in
  /// \p Groups (the run stops), because of \p What at \p At.
  void split(std::vector<std::vector<unsigned>> Groups, llvm::StringRef What,
             const clang::Expr *At = nullptr);
  /// A call inlined at \p CallSite (its arguments are checked as values).
  void noteInlined(const clang::Expr *CallSite) {
    if (S.On)
      S.Inlined.insert(CallSite);
  }
  /// threadIdx.{x,y,z} (\p Dim): forms in w in the run, the current warp's
  /// lanes otherwise.
  LaneInt threadIdx(unsigned Dim) const;
  /// The warp an access event names: "warp ?" in the run (instance fills
  /// it in), the current warp otherwise.
  std::string warpName() const;

  // Each expression (Interpreter::eval): a value mentioning w may only
  // reach the rules that keep or check it (consumesWarpIndex).
  /// An expression's evaluation begins: gives whether a value with w had
  /// reached its parent so far.
  bool enterExpr() {
    bool Parent = S.ChildW;
    S.ChildW = false;
    return Parent;
  }
  /// Expression \p E evaluated to \p V (\p Parent from enterExpr):
  /// escapes where a child's value with w reached a rule that does not keep
  /// it.
  void leaveExpr(const clang::Expr *E, const Value &V, bool Parent);
  /// While the guard lives, what the expressions evaluated within it tell
  /// of w is forgotten (an lvalue's address: the access events and the
  /// local-memory rules check it).
  class KeepSeen {
  public:
    explicit KeepSeen(WarpIndexRun &R) : Flag(R.S.ChildW), Saved(Flag) {}
    ~KeepSeen() { Flag = Saved; }
    KeepSeen(const KeepSeen &) = delete;
    KeepSeen &operator=(const KeepSeen &) = delete;

  private:
    bool &Flag;
    bool Saved;
  };

  // Symbols (InterpSymbols.cpp, productSymbol).
  /// symbolId found or made (\p New) symbol \p Id of \p FactorsOf: escapes
  /// where a factor is made from w, except in a monomial w*x.
  void symbolInterned(llvm::ArrayRef<SymbolId> FactorsOf, SymbolId Id,
                      bool New);
  /// productSymbol's \p Factors: how many are w itself (escapes on w*w and
  /// on a per-warp unknown), the others in \p Rest; 0 outside the run.
  unsigned factorsOfW(llvm::ArrayRef<SymbolId> Factors,
                      llvm::SmallVectorImpl<SymbolId> &Rest);
  /// The next symbolId makes a monomial of w (\p Making); gives the
  /// setting it replaces.
  bool makingMonomial(bool Making) {
    bool Old = S.MakingMonomial;
    S.MakingMonomial = Making;
    return Old;
  }
  /// Symbol \p Id is w times symbol \p Residual.
  void monomialMade(SymbolId Id, SymbolId Residual) {
    S.Residual[Id] = Residual;
  }
  /// \p Sym is the warp index itself.
  bool isWarpIndex(SymbolId Sym) const { return S.residualOf(Sym) == -2; }
  /// \p Sym is made from the warp index (w, a monomial, a family).
  bool madeFromW(SymbolId Sym) const { return S.residualOf(Sym) != -1; }

  // Case splits (caseSplit in Interpreter.cpp).
  /// A warp's own result is being computed (perWarp): its case splits are
  /// answered by caseOfWarpsOwnRun.
  bool inWarpsOwnResult() const { return S.InExpect; }
  /// Whether the run records: the run's own setting while a warp's own
  /// result is computed, \p Recording otherwise.
  bool recording(bool Recording) const {
    return S.InExpect ? S.OuterRecording : Recording;
  }
  /// caseSplit within a warp's own result: \p Would, the warp's own run
  /// would split into \p N cases here. The case the run with the warp
  /// index took there, if it split alike; none otherwise.
  std::optional<unsigned> caseOfWarpsOwnRun(unsigned N, bool Would);
  /// A case split of the run at choice point \p Key on \p Deps: whether it
  /// holds w. Escapes unless it is a min or max with w (under a clamp),
  /// or where two of the run's choice points are one in some warp's run.
  bool caseSplitSeen(const std::string &Key, llvm::ArrayRef<SymbolId> Deps);
  /// The split with w takes case \p Case of \p N.
  void caseTaken(unsigned N, unsigned Case) {
    S.CaseW.Made = true;
    S.CaseW.N = N;
    S.CaseW.Case = Case;
  }
  /// The split with w into \p N cases is refused (too many runs).
  void caseRefused(unsigned N) {
    S.CaseW.Refused = true;
    S.CaseW.N = N;
  }
  /// Another run of the warp's case splits begins (runWarp).
  void beginCaseRun() { S.CaseKeysOfWarp.clear(); }

  // A min or max of operands with w that splits into cases (evalMinMax,
  // clampCases in InterpMinMax.cpp).
  /// The run's own clampCases begins: it may split with w.
  void beginClamp() {
    S.CaseW = {};
    S.CaseW.Allow = true;
  }
  /// Within the run's own clampCases.
  bool inClamp() const { return S.CaseW.Allow; }
  /// The keys each warp's own run gives clampCases' choice point
  /// (\p KeyOf(w)), where \p WithW; none otherwise.
  void clampKeys(bool WithW, llvm::function_ref<std::string(unsigned)> KeyOf) {
    S.CaseW.WarpKeys.clear();
    if (WithW)
      for (unsigned W : S.Set)
        S.CaseW.WarpKeys.push_back(KeyOf(W));
  }
  /// The run's own clampCases ended (\p Derived: with a result): whether
  /// the run split into cases with w.
  bool endClamp(bool Derived) {
    S.CaseW.Allow = false;
    if (Derived && S.CaseW.Made)
      return true;
    S.CaseW.Made = false;
    return false;
  }
  /// Each warp's own min or max (within perWarp): before and after it.
  void beginOwnClamp() { S.CaseW.Calls = 0; }
  void endOwnClamp() {
    if ((S.CaseW.Made || S.CaseW.Refused) && S.CaseW.Calls != 1)
      S.CaseW.Mismatch = true;
  }
  /// The min or max is done: escapes where some warp split otherwise.
  void finishClamp() {
    bool Mismatch = S.CaseW.Mismatch;
    S.CaseW = {};
    if (Mismatch)
      escape("a min or max whose warps split into other cases");
  }

  // Checked rules (InterpPerWarp.cpp): a result that sees w is computed
  // again for every warp from the operands with w replaced. Outside the run
  // each is the plain result.
  /// A result that holds in every warp: \p Sym (the symbolic rule's) if,
  /// with w replaced, it is \p Expect(w) (the result computed from the
  /// operands with w replaced) for every warp w, else the warps' results
  /// as one form linear in w; escapes when they are not.
  Value perWarp(const Value *Sym, llvm::function_ref<Value(int64_t)> Expect,
                llvm::StringRef What);
  /// Value::join's result \p J of \p A and \p B, checked against each warp.
  void checkJoinPerWarp(Value &J, const Value &A, const Value &B,
                        LaneBits TakeA, LaneBits TakeB, LaneBits Uniform);
  /// V.truncated(...), checked against each warp.
  LaneInt truncate(const LaneInt &V, unsigned Bits, bool Signed);

private:
  /// leaveExpr's rule: \p E consumes its children's values without
  /// deciding on their form (or decides through a checked rule).
  bool consumesWarpIndex(const clang::Expr *E);
  static bool sameValue(const Value &A, const Value &B);
  /// perWarp's results \p E as a form with family symbols (one unknown per
  /// warp); nullopt when they are not that.
  std::optional<LaneInt> warpFamilies(const std::vector<Value> &E);
  /// Each warp's own result \p Expect(w) for the run's warps, computed
  /// without the warp index and without recording.
  std::vector<Value> warpsOwnResults(llvm::function_ref<Value(int64_t)> Expect);
  /// B + w * D as a form in the warp index (D's unknowns x as monomials
  /// W*x); nullopt on overflow.
  std::optional<LaneInt> formInW(const LaneInt &B, const LaneInt &D);

  Interpreter &I;
  /// Mutable: a query (instance, warpAt) may find an overflow and escape.
  mutable WarpIndexState S;
};

} // namespace ccl
#endif
