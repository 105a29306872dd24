//===- KernelAnalysis.cpp - Every access of a kernel, worst case per site -===//
#include "analyzer/KernelAnalysis.h"
#include "analyzer/CompiledCode.h"
#include "analyzer/Interpreter.h"
#include "analyzer/RecordFolder.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <memory>
#include <mutex>

using namespace clang;
using namespace ccl;

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

/// The events of each group of warps a run with the symbolic warp index
/// stood for.
using WarpGroupEvents =
    std::vector<std::pair<std::vector<unsigned>, std::vector<AccessEvent>>>;

/// Folds every warp's events, in the order of the warps (those of the run
/// of its group, with the warp index replaced by the warp's), into records.
std::vector<AccessRecord> foldWarpGroups(ASTContext &Ctx,
                                         const CompiledCode *CC,
                                         const Interpreter &I,
                                         const WarpGroupEvents &Done) {
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
        Folder.add(I.warpIndexRun().instance(Ev, W), I);
    }
  }
  return Folder.finish(I, Ctx.getSourceManager());
}

/// Every warp of the block at once (WarpIndexRun::begin): the
/// events of one run with a symbolic warp index, replayed for each warp in
/// order. Nothing when the block's shape does not allow it or the run
/// escaped (then the warps run one by one).
std::optional<std::vector<AccessRecord>>
runAllWarpsAtOnce(ASTContext &Ctx, const FunctionDecl *Kernel, Dim3 Block,
                  const InterpreterOptions &Opts, const CompiledCode *CC,
                  AnalysisStats &Stats, std::string *Why) {
  // An event, or (Site null) the start of a further run of a case split.
  std::vector<AccessEvent> Events;
  Interpreter I(Ctx, Opts, Block,
                [&Events](const AccessEvent &Ev) { Events.push_back(Ev); });
  llvm::scope_exit Count([&] { Stats += I.stats(); });
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
  WarpGroupEvents Done;
  unsigned Runs = 0;
  std::string SplitWhy;
  Todo.push_back({});
  for (unsigned W = 0; W < I.warpsInBlock(); ++W)
    Todo.back().Warps.push_back(W);
  while (!Todo.empty()) {
    Group G = std::move(Todo.front());
    Todo.erase(Todo.begin());
    if (!I.warpIndexRun().begin(G.Warps)) {
      if (Why)
        *Why = "block shape";
      return std::nullopt;
    }
    Events.clear();
    if (G.Before)
      Events = *G.Before;
    Prefix = G.Before.get();
    I.warpIndexRun().resume(G.From);
    ++Runs;
    I.runWarp(Kernel, G.Warps.front());
    if (!I.warpIndexRun().escaped().empty()) {
      if (Why)
        *Why = I.warpIndexRun().escaped() +
               (SplitWhy.empty() ? "" : " (after splits" + SplitWhy + ")");
      return std::nullopt;
    }
    if (!I.warpIndexRun().groups().empty()) {
      SplitWhy += "; " + I.warpIndexRun().splitWhy() + " (" +
                  std::to_string(I.warpIndexRun().groups().size()) + " groups)";
      std::shared_ptr<const Interpreter::Checkpoint> At;
      std::shared_ptr<const std::vector<AccessEvent>> Before;
      if ((At = I.warpIndexRun().splitPoint())) {
        Events.resize(I.warpIndexRun().eventsAt(*At));
        Before = std::make_shared<const std::vector<AccessEvent>>(Events);
      }
      for (const auto &W : I.warpIndexRun().groups())
        Todo.push_back({W, At, Before});
      continue;
    }
    Done.emplace_back(std::move(G.Warps), std::move(Events));
  }
  if (Why)
    *Why = std::to_string(Runs) + " run(s)" + SplitWhy;
  return foldWarpGroups(Ctx, CC, I, Done);
}

/// A record as text, every field (--warp-crosscheck).
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
  for (const std::string &D : R.DependsOn.Conditions)
    OS << '(' << D << "),";
  std::set<std::string> Names;
  for (const std::string &D : R.DependsOn.Unknowns) {
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
                                        const CompiledCode *CC,
                                        AnalysisStats &Stats) {
  RecordFolder Folder(Ctx, CC);
  Interpreter I(Ctx, Opts, Block,
                [&Folder, &I](const AccessEvent &Ev) { Folder.add(Ev, I); });
  I.onCaseRun([&Folder] { Folder.newWarp(); });
  for (unsigned W = 0; W < I.warpsInBlock(); ++W) {
    Folder.newWarp();
    I.runWarp(Kernel, W);
  }
  std::vector<AccessRecord> Records = Folder.finish(I, Ctx.getSourceManager());
  Stats += I.stats();
  return Records;
}

std::vector<AccessRecord> runKernel(ASTContext &Ctx, const FunctionDecl *Kernel,
                                    Dim3 Block, const InterpreterOptions &Opts,
                                    const CompiledCode *CC,
                                    AnalysisStats &Stats) {
  // --warp-crosscheck=FILE: both ways, differences appended to FILE (the
  // records of the one run are returned where there is one, so a corpus
  // sweep under it also shows what the default gives).
  if (!Opts.WarpCrossCheck.empty()) {
    std::string Why;
    auto Once = runAllWarpsAtOnce(Ctx, Kernel, Block, Opts, CC, Stats, &Why);
    std::vector<AccessRecord> Each =
        runWarpByWarp(Ctx, Kernel, Block, Opts, CC, Stats);
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
    if (auto Once =
            runAllWarpsAtOnce(Ctx, Kernel, Block, Opts, CC, Stats, nullptr))
      return std::move(*Once);
  return runWarpByWarp(Ctx, Kernel, Block, Opts, CC, Stats);
}
} // namespace

std::vector<AccessRecord> ccl::analyzeKernel(ASTContext &Ctx,
                                             const FunctionDecl *Kernel,
                                             Dim3 Block,
                                             const InterpreterOptions &Opts,
                                             const CompiledCode *CC,
                                             AnalysisStats *Stats) {
  AnalysisStats Own;
  AnalysisStats &S = Stats ? *Stats : Own;
  // Only the padded runs are kept: the plain run of each kernel and shape is
  // made once by its caller, and keeping it would double its memory.
  if (Opts.Pads.empty())
    return runKernel(Ctx, Kernel, Block, Opts, CC, S);
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
  ++S.PaddedRuns;
  std::vector<AccessRecord> Records =
      runKernel(Ctx, Kernel, Block, Opts, CC, S);
  Memo->Runs.emplace(Key, Records);
  return Records;
}

