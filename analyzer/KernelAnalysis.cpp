//===- KernelAnalysis.cpp - Every access of a kernel, worst case per site -===//
#include "analyzer/KernelAnalysis.h"
#include "analyzer/AccessFusion.h"
#include "analyzer/CompiledCode.h"
#include "analyzer/FootprintSharing.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <map>
#include <memory>
#include <mutex>

using namespace clang;
using namespace ccl;

namespace {
/// Memo key for cost computations.
std::string costKey(const AccessEvent &Ev) {
  std::string K;
  auto Put = [&K](const void *P, size_t N) {
    K.append(static_cast<const char *>(P), N);
  };
  Put(&Ev.Obj, sizeof(Ev.Obj));
  Put(&Ev.Bytes, sizeof(Ev.Bytes));
  Put(&Ev.Mask.Must, sizeof(LaneBits));
  Put(&Ev.Mask.May, sizeof(LaneBits));
  const LaneInt &I = Ev.Address.I;
  Put(I.consts().data(), sizeof(LaneArray));
  for (const LaneInt::Term &T : I.terms()) {
    Put(&T.Sym, sizeof(T.Sym));
    Put(T.Coef.data(), sizeof(LaneArray));
  }
  return K;
}

/// Folds the dynamic access events of one kernel into one record per
/// (site, space, op): the worst instance, exactness, dependencies.
class RecordFolder {
public:
  RecordFolder(ASTContext &Ctx, const CompiledCode *CC)
      : CC(CC), Fusion(Ctx), Together(Ctx) {}
  /// The next events come from another warp.
  void newWarp() {
    Fusion.newWarp();
    Together.newWarp();
  }
  /// \p I is the interpreter that sent \p Ev (it names the symbols).
  void add(const AccessEvent &Ev, const Interpreter &I);
  /// The records in source order; every record is inexact when the analysis
  /// stopped early (accesses never reached could be worse).
  std::vector<AccessRecord> finish(const Interpreter &I,
                                   const SourceManager &SM);

private:
  using RecordKey = std::tuple<const Expr *, int, AccessOp>;
  const AccessCost &costOf(const AccessEvent &Ev, const Interpreter &I);
  /// The certain part of \p C, the cost of \p Ev: its best case, and
  /// where data the analysis cannot follow chooses which of the undecided
  /// lanes run (\p ByData: laneDataSymbol), the cost of the certainly
  /// active lanes alone (nothing when there are none: one lane may be all
  /// that runs).
  AccessCost certainOf(const AccessEvent &Ev, const AccessCost &C,
                       const Interpreter &I, bool ByData);
  /// Costs \p Ev as the instructions \p A lists (CompiledCode.h) into
  /// \p R (not analyzed, with the reason, when a cost is not known);
  /// \p ByData as certainOf's.
  void addCompiled(const AccessEvent &Ev, const Interpreter &I,
                   const CompiledAccess &A, AccessRecord &R,
                   const std::tuple<const Expr *, int, AccessOp> &Key,
                   bool ByData);
  const CompiledCode *CC;
  std::map<std::pair<const CompiledAccess *, unsigned>, std::vector<ExecShape>>
      Shapes;
  /// By (site, space, op): a helper's `dst[i] = src[i]` run global->shared
  /// and shared->global is two loads and two stores, one per space (the
  /// space of an unknown address is its own key, reported as global).
  std::map<std::tuple<const Expr *, int, AccessOp>, AccessRecord> Records;
  /// Memo of cost computations: identical patterns recur across warps.
  std::map<std::string, AccessCost> Memo;
  /// Adjacent accesses the compiler may fuse into one (AccessFusion.h).
  AccessFusion Fusion;
  /// Accesses that use each other's sectors (FootprintSharing.h).
  FootprintSharing Together;
  /// Records with instances whose lanes data chooses (certainOf): the
  /// fusion guess does not make them certain again.
  std::set<RecordKey> LanesByData;
};

namespace {
/// Marks \p R as not analyzed, for \p Why.
void notAnalyzed(AccessRecord &R, std::string Why) {
  R.Known = false;
  R.Exact = false;
  R.Reason = std::move(Why);
}

/// Two costs that say the same (sectors and ideal, or wavefronts, ideal
/// and ways).
bool sameCost(const AccessCost &A, const AccessCost &B) {
  if (A.Shared != B.Shared)
    return false;
  if (A.Shared)
    return A.S.Wavefronts == B.S.Wavefronts &&
           A.S.IdealWavefronts == B.S.IdealWavefronts &&
           A.S.ConflictWays == B.S.ConflictWays;
  return A.G.Sectors == B.G.Sectors && A.G.IdealSectors == B.G.IdealSectors;
}

/// \p A plus \p D bytes in every lane (null on overflow).
std::optional<LaneInt> shifted(const LaneInt &A, int64_t D) {
  return add(A, LaneInt::constant(D));
}

/// The certain part of \p C (its best case) as a cost of its own.
AccessCost certainPart(const AccessCost &C) {
  AccessCost B;
  B.Known = true;
  B.Shared = C.Shared;
  B.ActiveLanes = C.ActiveLanes;
  B.G = C.BestG;
  B.S = C.BestS;
  B.Exact = C.Exact;
  return B;
}
} // namespace

const AccessCost &RecordFolder::costOf(const AccessEvent &Ev,
                                       const Interpreter &I) {
  std::string Key = costKey(Ev);
  auto It = Memo.find(Key);
  if (It == Memo.end())
    It = Memo.emplace(Key, computeAccessCost(*Ev.Obj, Ev.Address.I, Ev.Mask,
                                             Ev.Bytes, I.symbolNames()))
             .first;
  return It->second;
}

AccessCost RecordFolder::certainOf(const AccessEvent &Ev, const AccessCost &C,
                                   const Interpreter &I, bool ByData) {
  if (!ByData)
    return certainPart(C);
  if (!Ev.Mask.Must) {
    AccessCost None;
    None.Known = true;
    None.Shared = C.Shared;
    return None;
  }
  AccessEvent Sure = Ev;
  Sure.Mask = LaneMask::all(Ev.Mask.Must);
  const AccessCost &SC = costOf(Sure, I);
  if (!SC.Known)
    return certainPart(C);
  return certainPart(SC);
}

void RecordFolder::add(const AccessEvent &Ev, const Interpreter &I) {
  int SpaceKey = !Ev.Obj ? 2 : Ev.Obj->Space == MemObject::Shared ? 1 : 0;
  // What the compiler made of the access: its instructions cover the whole
  // source access, so the other pieces of a split one add nothing.
  const CompiledAccess *CA = nullptr;
  if (CC && Ev.Obj) {
    CA = CC->lookup(Ev.Site, Ev.Op, SpaceKey == 1);
    if (CA && Ev.PieceOffset != 0)
      return;
  }
  AccessRecord &R = Records[{Ev.Site, SpaceKey, Ev.Op}];
  // (Instructions is set where they are costed, addCompiled: a record
  // whose address is not known has none.)
  using CS = AccessRecord::CompiledState;
  if (!CA && CC && Ev.Obj && R.Compiled == CS::NotAsked)
    R.Compiled = CS::NotLocated;
  // An assignment the compiler may merge with the other arms' into one
  // instruction after the branch, executed by every lane of the warp: no
  // lane took another arm, so that instruction is this access as written.
  bool WholeWarpMerged = !CA && CC && Ev.Obj && Ev.Mask.Must == kAllLanes &&
                         CC->mergedAtJoin(Ev.Site, Ev.Op);
  if (CC && Ev.Obj && R.CompiledBy.empty())
    R.CompiledBy = CC->compiler();
  bool First = R.Instances == 0;
  ++R.Instances;
  if (First) {
    R.Site = Ev.Site;
    R.Op = Ev.Op;
    R.Bytes = Ev.Bytes;
    if (Ev.Obj) {
      R.Space = Ev.Obj->Space == MemObject::Shared ? MemObject::Shared
                                                   : MemObject::Global;
      R.Object = Ev.Obj->Name;
      R.ObjectDecl = Ev.Obj->Decl;
      R.ObjectDynamic = Ev.Obj->Dynamic;
      R.AlignReason = Ev.Obj->AlignReason;
    }
  }
  for (const std::string &N : I.namesOf(Ev.Mask.Deps))
    R.DependsOn.insert(N);
  bool ByData = false;
  if (!Ev.Mask.decided())
    for (const std::string &C : I.laneDataOf(Ev.Mask.Deps)) {
      R.DependsOn.insert("(which lanes run depends on '" + C +
                         "', read per lane)");
      LanesByData.insert({Ev.Site, SpaceKey, Ev.Op});
      ByData = true;
    }
  for (const std::string &N : I.namesOf(Ev.Address.Deps))
    R.DependsOn.insert(N);
  if (!R.Known)
    return;
  if (!Ev.Obj || Ev.Address.isUnknown())
    return notAnalyzed(R, Ev.Address.Reason.empty() ? "address not followed"
                                                    : Ev.Address.Reason);
  if (CA)
    return addCompiled(Ev, I, *CA, R, {Ev.Site, SpaceKey, Ev.Op}, ByData);
  const AccessCost &C = costOf(Ev, I);
  if (!C.Known)
    return notAnalyzed(R, C.Reason);
  for (const std::string &N : I.namesOf(C.Symbols))
    R.DependsOn.insert(N);
  // With compiled code the instructions decide, not a guess at fusion: an
  // access without an instruction here is a bound (below), and the fused
  // cost AccessFusion would give it as its best case is not known to hold.
  if (!CC)
    Fusion.observe(Ev, {Ev.Site, SpaceKey, Ev.Op}, I.symbolNames());
  Together.observe(Ev, {Ev.Site, SpaceKey, Ev.Op}, C, I.symbolNames());
  R.Exact &= C.Exact;
  AccessCost B = certainOf(Ev, C, I, ByData);
  if (R.Instances == 1 || !R.Best.Known || B.badness() > R.Best.badness())
    R.Best = B;
  if (First || C.badness() > R.Worst.badness()) {
    R.Worst = C;
    R.WorstContext = Ev.Context;
    R.HoldsFor = C.HoldsFor;
  }
  // Compiled code without an instruction at this expression: merged into
  // another access's instruction, removed, or moved to no line. The source
  // access's cost is what it costs if it is a request of its own: a worst
  // case, nothing certain.
  if (R.Compiled == CS::NotLocated && !WholeWarpMerged) {
    R.Exact = false;
    std::string Why = CC->whyNotLocated(Ev.Site, Ev.Op, SpaceKey == 1);
    R.DependsOn.insert(Why.empty()
                           ? "(no compiled instruction at this expression: "
                             "merged into another, removed or moved)"
                           : "(" + Why + ")");
    R.Best = AccessCost();
    R.Best.Known = true;
    R.Best.Shared = C.Shared;
  }
}

void RecordFolder::addCompiled(
    const AccessEvent &Ev, const Interpreter &I, const CompiledAccess &A,
    AccessRecord &R, const std::tuple<const Expr *, int, AccessOp> &Key,
    bool ByData) {
  R.Compiled = AccessRecord::CompiledState::Instructions;
  unsigned B = Ev.AccessBytes ? Ev.AccessBytes : Ev.Bytes;
  auto SIt = Shapes.find({&A, B});
  if (SIt == Shapes.end())
    SIt = Shapes.emplace(std::make_pair(&A, B), executionShapes(A, B)).first;
  // Every execution shape, and in each every placement of its first
  // instruction in the access that the listing allows (CompiledCode.h):
  // each is costed, instruction by instruction (each its own request).
  bool HaveWorst = false, HaveCertain = false, Exact = true;
  AccessCost Worst, Certain;
  unsigned WorstBytes = 0;
  std::set<std::string> Descr;
  // Ev's instruction of \p Bytes at byte \p Off of the access.
  auto PieceAt = [&Ev](int64_t Off, unsigned Bytes) {
    std::optional<AccessEvent> E;
    if (std::optional<LaneInt> A = shifted(Ev.Address.I, Off)) {
      E = Ev;
      E->Bytes = Bytes;
      E->Address.I = *A;
    }
    return E;
  };
  for (const ExecShape &S : SIt->second) {
    int64_t Span = 0;
    unsigned G = B;
    for (const ExecPiece &P : S) {
      Span = std::max<int64_t>(Span, P.Rel + P.Bytes);
      G = std::gcd(G, P.Bytes);
    }
    int64_t Lo = Span <= B ? 0 : int64_t(B) - Span;
    int64_t Hi = Span <= B ? int64_t(B) - Span : 0;
    struct Cand {
      int64_t O0;
      AccessCost Worst, Certain;
      unsigned WorstBytes;
      bool Exact, Legal;
    };
    std::vector<Cand> Cands;
    for (int64_t O0 = Lo; O0 <= Hi && Cands.size() < 64; O0 += G) {
      Cand C{O0, {}, {}, 0, true, true};
      bool HaveW = false, HaveC = false;
      for (const ExecPiece &P : S) {
        std::optional<AccessEvent> E = PieceAt(O0 + P.Rel, P.Bytes);
        if (!E)
          return notAnalyzed(R, "address arithmetic overflows");
        const AccessCost &PC = costOf(*E, I);
        if (!PC.Known)
          return notAnalyzed(R, PC.Reason);
        for (const std::string &N : I.namesOf(PC.Symbols))
          R.DependsOn.insert(N);
        C.Exact &= PC.Exact;
        C.Legal &= PC.Legal;
        if (!HaveW || PC.badness() > C.Worst.badness()) {
          C.Worst = PC;
          C.WorstBytes = P.Bytes;
          HaveW = true;
        }
        AccessCost PB = certainOf(*E, PC, I, ByData);
        if (!HaveC || PB.badness() > C.Certain.badness()) {
          C.Certain = PB;
          HaveC = true;
        }
      }
      Cands.push_back(std::move(C));
    }
    // A placement at which an instruction is misaligned in every lane
    // faults: not taken, unless every placement is.
    bool AnyLegal = llvm::any_of(Cands, [](const Cand &C) { return C.Legal; });
    std::vector<const Cand *> Taken;
    for (const Cand &C : Cands)
      if (C.Legal || !AnyLegal)
        Taken.push_back(&C);
    for (const Cand *C : Taken) {
      Exact &= C->Exact;
      if (HaveWorst && !sameCost(C->Worst, Worst))
        Exact = false;
      if (!HaveWorst || C->Worst.badness() > Worst.badness()) {
        Worst = C->Worst;
        WorstBytes = C->WorstBytes;
        HaveWorst = true;
      }
      if (!HaveCertain || C->Certain.badness() < Certain.badness()) {
        Certain = C->Certain;
        HaveCertain = true;
      }
    }
    // The one place where the instructions are not the last word: ptxas
    // places static __shared__ arrays and may fuse their scalar and 8-byte
    // PTX accesses into LDS.64 / LDS.128 (STS); AccessFusion.h decides
    // when it can, from the pieces at their one placement.
    if (Ev.Obj->Space == MemObject::Shared && !Ev.Obj->Dynamic &&
        Taken.size() == 1 && SIt->second.size() == 1)
      for (const ExecPiece &P : S) {
        if (P.Bytes >= 16)
          continue;
        if (std::optional<AccessEvent> E =
                PieceAt(Taken.front()->O0 + P.Rel, P.Bytes)) {
          E->SplitId = S.size() > 1 ? Ev.SplitId : 0;
          Fusion.observe(*E, Key, I.symbolNames());
        }
      }
    for (const ExecPiece &P : S) {
      std::string D = P.Instr->Opcode;
      if (Taken.size() == 1)
        D += " +" + std::to_string(Taken.front()->O0 + P.Rel);
      else
        D += " +?";
      Descr.insert(D);
    }
  }
  if (!HaveWorst)
    return notAnalyzed(R, "no compiled instruction could be costed");
  if (!Exact && Worst.Exact)
    R.DependsOn.insert("(where the compiled instruction lies in the access)");
  for (const std::string &D : Descr)
    if (!llvm::is_contained(R.Instructions, D))
      R.Instructions.push_back(D);
  Together.observe(Ev, Key, Worst, I.symbolNames());
  if (!Exact) {
    Worst.Exact = false;
    Worst.BestG = Certain.G;
    Worst.BestS = Certain.S;
  }
  R.Exact &= Exact;
  if (R.Instances == 1 || !R.Best.Known || Certain.badness() > R.Best.badness())
    R.Best = Certain;
  if (R.Instances == 1 || Worst.badness() > R.Worst.badness()) {
    R.Worst = Worst;
    R.WorstContext = Ev.Context;
    R.HoldsFor = Worst.HoldsFor;
    R.Bytes = WorstBytes;
    R.SourceBytes = B;
  }
}

std::vector<AccessRecord> RecordFolder::finish(const Interpreter &I,
                                               const SourceManager &SM) {
  std::map<RecordKey, AccessCost> Certain;
  for (const RecordKey &K : LanesByData)
    Certain[K] = Records[K].Best;
  Fusion.apply(Records);
  for (auto &KV : Certain)
    Records[KV.first].Best = KV.second;
  Together.apply(Records);
  std::vector<AccessRecord> Out;
  for (auto &KV : Records) {
    if (!I.incompleteReason().empty()) {
      KV.second.Exact = false;
      KV.second.DependsOn.insert("(" + I.incompleteReason() + ")");
    }
    Out.push_back(std::move(KV.second));
  }
  llvm::stable_sort(Out, [&SM](const AccessRecord &A, const AccessRecord &B) {
    SourceLocation LA = SM.getExpansionLoc(A.Site->getBeginLoc());
    SourceLocation LB = SM.getExpansionLoc(B.Site->getBeginLoc());
    if (LA != LB)
      return SM.isBeforeInTranslationUnit(LA, LB);
    if (A.Op != B.Op)
      return A.Op < B.Op;
    return A.Space < B.Space;
  });
  return Out;
}
} // namespace

namespace {
/// Analyses with padded shared arrays, by (kernel, block shape, options), of
/// one AST: the bank-conflict check verifies its padding fix-it by analyzing
/// the kernel again with the array padded, once per flagged access, and the
/// accesses of one array in one kernel ask the same question. The answer is
/// a function of these inputs only (a fresh interpreter per call), so it is
/// reused as is. A memo lives as long as its ASTContext (freed by the
/// context's deallocation hook, so a later context at the same address
/// starts empty); files linted in parallel have their own contexts.
struct PaddedMemo {
  std::map<std::string, std::vector<AccessRecord>> Runs;
};
std::mutex PaddedMemoMutex;
std::atomic<unsigned long> PaddedRuns{0};
std::map<const ASTContext *, std::unique_ptr<PaddedMemo>> PaddedMemos;

void dropPaddedMemo(void *Ctx) {
  std::lock_guard<std::mutex> G(PaddedMemoMutex);
  PaddedMemos.erase(static_cast<const ASTContext *>(Ctx));
}

/// The memo key: every input of analyzeKernel but the context.
std::string analysisKey(const FunctionDecl *Kernel, Dim3 Block,
                        const InterpreterOptions &Opts) {
  // A new field of InterpreterOptions must be added to this key.
  struct Fields {
    std::map<std::string, int64_t> Assume;
    llvm::DenseMap<const VarDecl *, int64_t> Pads;
    unsigned MaxLoopIterations, MaxWarpIterations, MaxCallDepth, MaxExprDepth;
    unsigned long MaxSteps;
    bool InductionByTrip;
    std::string WarpCrossCheck;
    bool WarpByWarp;
  };
  static_assert(sizeof(InterpreterOptions) == sizeof(Fields),
                "InterpreterOptions changed: extend analysisKey");
  std::string K;
  llvm::raw_string_ostream OS(K);
  OS << (const void *)Kernel << ' ' << Block.X << ' ' << Block.Y << ' '
     << Block.Z << ' ' << Opts.MaxLoopIterations << ' '
     << Opts.MaxWarpIterations << ' ' << Opts.MaxCallDepth << ' '
     << Opts.MaxExprDepth << ' ' << Opts.MaxSteps << ' '
     << Opts.InductionByTrip << Opts.WarpByWarp << ' '
     << Opts.WarpCrossCheck.size() << ':' << Opts.WarpCrossCheck << " assume";
  for (const auto &A : Opts.Assume)
    OS << ' ' << A.first.size() << ':' << A.first << '=' << A.second;
  std::vector<std::pair<const VarDecl *, int64_t>> Pads(Opts.Pads.begin(),
                                                        Opts.Pads.end());
  llvm::sort(Pads);
  OS << " pads";
  for (const auto &P : Pads)
    OS << ' ' << (const void *)P.first << '=' << P.second;
  return K;
}

/// Every warp of the block at once (Interpreter::beginWarpIndexRun): the
/// events of one run with a symbolic warp index, replayed for each warp in
/// order. Nothing when the block's shape does not allow it or the run
/// escaped (then the warps run one by one).
std::optional<std::vector<AccessRecord>>
runAllWarpsAtOnce(ASTContext &Ctx, const FunctionDecl *Kernel, Dim3 Block,
                  const InterpreterOptions &Opts, const CompiledCode *CC,
                  std::string *Why) {
  // An event, or (Site null) the start of a further run of a case split.
  std::vector<AccessEvent> Events;
  Interpreter I(Ctx, Opts, Block,
                [&Events](const AccessEvent &Ev) { Events.push_back(Ev); });
  // A further run of a case split repeats the warp from its start; a run
  // resumed from a checkpoint repeats it from there, so the events before
  // the checkpoint are sent again (they are the same in every case: no
  // checkpoint is made after a case split).
  const std::vector<AccessEvent> *Prefix = nullptr;
  I.onCaseRun([&Events, &Prefix] {
    Events.push_back(AccessEvent{});
    if (Prefix)
      Events.insert(Events.end(), Prefix->begin(), Prefix->end());
  });
  // Runs for groups of warps: a decision that differs between the warps of
  // a run splits it into groups that decide alike (each run again).
  // A group resumes from the statement of the kernel body where its run
  // split off (with the events sent before it), or starts over.
  struct Group {
    std::vector<unsigned> Warps;
    std::shared_ptr<const Interpreter::Checkpoint> From;
    std::shared_ptr<const std::vector<AccessEvent>> Before;
  };
  std::vector<Group> Todo;
  std::vector<std::pair<std::vector<unsigned>, std::vector<AccessEvent>>> Done;
  unsigned Runs = 0;
  std::string SplitWhy;
  Todo.push_back({});
  for (unsigned W = 0; W < I.warpsInBlock(); ++W)
    Todo.back().Warps.push_back(W);
  while (!Todo.empty()) {
    Group G = std::move(Todo.front());
    Todo.erase(Todo.begin());
    if (!I.beginWarpIndexRun(G.Warps)) {
      if (Why)
        *Why = "block shape";
      return std::nullopt;
    }
    Events.clear();
    if (G.Before)
      Events = *G.Before;
    Prefix = G.Before.get();
    I.resumeWarpIndexRun(G.From);
    ++Runs;
    I.runWarp(Kernel, G.Warps.front());
    if (!I.warpIndexEscaped().empty()) {
      if (Why)
        *Why = I.warpIndexEscaped() +
               (SplitWhy.empty() ? "" : " (after splits" + SplitWhy + ")");
      return std::nullopt;
    }
    if (!I.warpIndexSplit().empty()) {
      SplitWhy += "; " + I.warpIndexSplitWhy() + " (" +
                  std::to_string(I.warpIndexSplit().size()) + " groups)";
      std::shared_ptr<const Interpreter::Checkpoint> At;
      std::shared_ptr<const std::vector<AccessEvent>> Before;
      if ((At = I.warpIndexSplitPoint())) {
        Events.resize(I.eventsAt(*At));
        Before = std::make_shared<const std::vector<AccessEvent>>(Events);
      }
      for (const auto &W : I.warpIndexSplit())
        Todo.push_back({W, At, Before});
      continue;
    }
    Done.emplace_back(std::move(G.Warps), std::move(Events));
  }
  if (Why)
    *Why = std::to_string(Runs) + " run(s)" + SplitWhy;
  std::vector<const std::vector<AccessEvent> *> Of(I.warpsInBlock());
  for (const auto &D : Done)
    for (unsigned W : D.first)
      Of[W] = &D.second;
  RecordFolder Folder(Ctx, CC);
  for (unsigned W = 0; W < I.warpsInBlock(); ++W) {
    Folder.newWarp();
    for (const AccessEvent &Ev : *Of[W]) {
      if (!Ev.Site)
        Folder.newWarp();
      else
        Folder.add(I.warpInstance(Ev, W), I);
    }
  }
  return Folder.finish(I, Ctx.getSourceManager());
}

/// A record as text, every field (CCL_WARP_CROSSCHECK).
std::string recordText(const AccessRecord &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  auto G = [&OS](const GlobalCost &C) {
    OS << C.Sectors << '/' << C.IdealSectors << ' ';
  };
  auto S2 = [&OS](const SharedCost &C) {
    OS << C.Wavefronts << '/' << C.IdealWavefronts << '/' << C.ConflictWays
       << ' ';
  };
  auto Cost = [&](const AccessCost &C) {
    OS << C.Known << C.Exact << C.Shared << ' ' << C.ActiveLanes << ' '
       << C.Lanes << ' ';
    G(C.G);
    G(C.BestG);
    S2(C.S);
    S2(C.BestS);
    for (int64_t O : C.WorstOffsets)
      OS << O << ',';
    OS << C.Reason << '|' << C.HoldsFor << '|' << C.Pattern << '|';
  };
  OS << (const void *)R.Site << ' ' << int(R.Op) << ' ' << R.Bytes << ' '
     << int(R.Space) << ' ' << R.Object << ' ' << R.AlignReason << ' '
     << R.Known << R.Exact << ' ' << R.Reason << ' ' << R.Instances << ' '
     << R.WorstContext << '|' << R.HoldsFor << '|';
  Cost(R.Worst);
  Cost(R.Best);
  // Fresh unknowns (a vote, a reduction) are one per warp when the warps
  // run one by one ("ballot(...)#3", "#6", ...): compared without the
  // numbers that tell them apart.
  std::set<std::string> Names;
  for (const std::string &D : R.DependsOn) {
    size_t H = D.rfind('#');
    Names.insert(H != std::string::npos &&
                         D.find_first_not_of("0123456789", H + 1) ==
                             std::string::npos
                     ? D.substr(0, H)
                     : D);
  }
  for (const std::string &D : Names)
    OS << D << ',';
  OS << '|' << R.Together.Covered << R.Together.Span << ' '
     << R.Together.Partners.size() << R.Together.OwnPieces
     << R.Together.OwnIterations;
  G(R.Together.G);
  return S;
}

std::vector<AccessRecord> runWarpByWarp(ASTContext &Ctx,
                                        const FunctionDecl *Kernel, Dim3 Block,
                                        const InterpreterOptions &Opts,
                                        const CompiledCode *CC) {
  RecordFolder Folder(Ctx, CC);
  Interpreter I(Ctx, Opts, Block,
                [&Folder, &I](const AccessEvent &Ev) { Folder.add(Ev, I); });
  I.onCaseRun([&Folder] { Folder.newWarp(); });
  for (unsigned W = 0; W < I.warpsInBlock(); ++W) {
    Folder.newWarp();
    I.runWarp(Kernel, W);
  }
  return Folder.finish(I, Ctx.getSourceManager());
}

std::vector<AccessRecord> runKernel(ASTContext &Ctx, const FunctionDecl *Kernel,
                                    Dim3 Block, const InterpreterOptions &Opts,
                                    const CompiledCode *CC) {
  // --warp-crosscheck=FILE: both ways, differences appended to FILE (the
  // records of the one run are returned where there is one, so a corpus
  // sweep under it also shows what the default gives).
  if (!Opts.WarpCrossCheck.empty()) {
    std::string Why;
    auto Once = runAllWarpsAtOnce(Ctx, Kernel, Block, Opts, CC, &Why);
    std::vector<AccessRecord> Each = runWarpByWarp(Ctx, Kernel, Block, Opts, CC);
    std::string A, B;
    if (Once) {
      for (const AccessRecord &R : *Once)
        A += recordText(R) + "\n";
      for (const AccessRecord &R : Each)
        B += recordText(R) + "\n";
    }
    static std::mutex M;
    std::lock_guard<std::mutex> L(M);
    std::error_code EC;
    llvm::raw_fd_ostream OS(Opts.WarpCrossCheck, EC,
                            llvm::sys::fs::OF_Append);
    if (!EC) {
      PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(
          Ctx.getSourceManager().getExpansionLoc(Kernel->getLocation()));
      OS << (A == B ? (Once ? "SAME" : "ESCAPED") : "DIFFERENT") << '\t'
         << (P.isValid() ? P.getFilename() : "?") << ':'
         << (P.isValid() ? P.getLine() : 0) << '\t' << Kernel->getName() << '\t'
         << Block.str() << '\t' << Why << '\n';
      if (A != B)
        OS << "--- at once\n" << A << "--- warp by warp\n" << B;
    }
    return Once ? std::move(*Once) : std::move(Each);
  }
  if (!Opts.WarpByWarp)
    if (auto Once = runAllWarpsAtOnce(Ctx, Kernel, Block, Opts, CC, nullptr))
      return std::move(*Once);
  return runWarpByWarp(Ctx, Kernel, Block, Opts, CC);
}
} // namespace

std::vector<AccessRecord> ccl::analyzeKernel(ASTContext &Ctx,
                                             const FunctionDecl *Kernel,
                                             Dim3 Block,
                                             const InterpreterOptions &Opts,
                                             const CompiledCode *CC) {
  // Only the padded runs are kept: the plain run of each kernel and shape is
  // made once by its caller, and keeping it would double its memory.
  if (Opts.Pads.empty())
    return runKernel(Ctx, Kernel, Block, Opts, CC);
  std::string Key = analysisKey(Kernel, Block, Opts);
  PaddedMemo *Memo;
  {
    std::lock_guard<std::mutex> G(PaddedMemoMutex);
    std::unique_ptr<PaddedMemo> &M = PaddedMemos[&Ctx];
    if (!M) {
      M = std::make_unique<PaddedMemo>();
      Ctx.AddDeallocation(dropPaddedMemo, &Ctx);
    }
    Memo = M.get();
    auto It = Memo->Runs.find(Key);
    if (It != Memo->Runs.end())
      return It->second;
  }
  // One context is analyzed by one thread: no other thread fills this memo.
  ++PaddedRuns;
  std::vector<AccessRecord> Records = runKernel(Ctx, Kernel, Block, Opts, CC);
  Memo->Runs.emplace(Key, Records);
  return Records;
}

unsigned long ccl::paddedAnalysisRuns() { return PaddedRuns; }

CompiledCode::~CompiledCode() = default;

std::vector<ExecShape> ccl::executionShapes(const CompiledAccess &A,
                                            unsigned AccessBytes) {
  std::map<unsigned, std::vector<const CompiledInstr *>> ByBase;
  for (const CompiledInstr &I : A.Instrs)
    ByBase[I.Base].push_back(&I);
  std::set<std::vector<std::pair<int64_t, unsigned>>> Seen;
  std::vector<ExecShape> Out;
  auto Flush = [&](ExecShape &S) {
    if (S.empty())
      return;
    int64_t First = S.front().Rel;
    std::vector<std::pair<int64_t, unsigned>> K;
    for (ExecPiece &P : S) {
      P.Rel -= First;
      K.push_back({P.Rel, P.Bytes});
    }
    if (Seen.insert(K).second)
      Out.push_back(S);
    S.clear();
  };
  for (auto &KV : ByBase) {
    std::vector<const CompiledInstr *> &L = KV.second;
    llvm::stable_sort(L, [](const CompiledInstr *X, const CompiledInstr *Y) {
      return X->Disp < Y->Disp;
    });
    ExecShape Cur;
    int64_t Start = 0;
    for (const CompiledInstr *I : L) {
      int64_t Fit = std::max<int64_t>(AccessBytes, I->Bytes);
      // A second instruction at the same place (the load and the reload
      // of one value, copies on two paths) is another execution.
      bool Again = llvm::any_of(Cur, [&](const ExecPiece &P) {
        return P.Rel == I->Disp;
      });
      if (!Cur.empty() && (I->Disp + int64_t(I->Bytes) - Start > Fit || Again))
        Flush(Cur);
      if (Cur.empty())
        Start = I->Disp;
      Cur.push_back({I->Bytes, I->Disp, I});
    }
    Flush(Cur);
  }
  return Out;
}
