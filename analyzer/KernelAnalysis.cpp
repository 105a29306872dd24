//===- KernelAnalysis.cpp - Every access of a kernel, worst case per site -===//
#include "analyzer/KernelAnalysis.h"
#include "analyzer/AccessFusion.h"
#include "analyzer/FootprintSharing.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
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
  explicit RecordFolder(ASTContext &Ctx)
      : Fusion(Ctx), Together(Ctx) {}
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
  const AccessCost &costOf(const AccessEvent &Ev, const Interpreter &I);
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
};

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

void RecordFolder::add(const AccessEvent &Ev, const Interpreter &I) {
  int SpaceKey = !Ev.Obj ? 2 : Ev.Obj->Space == MemObject::Shared ? 1 : 0;
  AccessRecord &R = Records[{Ev.Site, SpaceKey, Ev.Op}];
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
  for (const std::string &N : I.namesOf(Ev.Address.Deps))
    R.DependsOn.insert(N);
  if (!R.Known)
    return;
  if (!Ev.Obj || Ev.Address.isUnknown()) {
    R.Known = false;
    R.Exact = false;
    R.Reason =
        Ev.Address.Reason.empty() ? "address not followed" : Ev.Address.Reason;
    return;
  }
  const AccessCost &C = costOf(Ev, I);
  if (!C.Known) {
    R.Known = false;
    R.Exact = false;
    R.Reason = C.Reason;
    return;
  }
  for (const std::string &N : I.namesOf(C.Symbols))
    R.DependsOn.insert(N);
  Fusion.observe(Ev, {Ev.Site, SpaceKey, Ev.Op}, I.symbolNames());
  Together.observe(Ev, {Ev.Site, SpaceKey, Ev.Op}, C, I.symbolNames());
  R.Exact &= C.Exact;
  AccessCost B;
  B.Known = true;
  B.Shared = C.Shared;
  B.ActiveLanes = C.ActiveLanes;
  B.G = C.BestG;
  B.S = C.BestS;
  B.Exact = C.Exact;
  if (R.Instances == 1 || !R.Best.Known || B.badness() > R.Best.badness())
    R.Best = B;
  if (First || C.badness() > R.Worst.badness()) {
    R.Worst = C;
    R.WorstContext = Ev.Context;
    R.HoldsFor = C.HoldsFor;
  }
}

std::vector<AccessRecord> RecordFolder::finish(const Interpreter &I,
                                               const SourceManager &SM) {
  Fusion.apply(Records);
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
  };
  static_assert(sizeof(InterpreterOptions) == sizeof(Fields),
                "InterpreterOptions changed: extend analysisKey");
  std::string K;
  llvm::raw_string_ostream OS(K);
  OS << (const void *)Kernel << ' ' << Block.X << ' ' << Block.Y << ' '
     << Block.Z << ' ' << Opts.MaxLoopIterations << ' '
     << Opts.MaxWarpIterations << ' ' << Opts.MaxCallDepth << ' '
     << Opts.MaxExprDepth << ' ' << Opts.MaxSteps << " assume";
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

std::vector<AccessRecord> runKernel(ASTContext &Ctx, const FunctionDecl *Kernel,
                                    Dim3 Block,
                                    const InterpreterOptions &Opts) {
  RecordFolder Folder(Ctx);
  Interpreter I(Ctx, Opts, Block,
                [&Folder, &I](const AccessEvent &Ev) { Folder.add(Ev, I); });
  I.onCaseRun([&Folder] { Folder.newWarp(); });
  unsigned Warps = (Block.threads() + kWarpSize - 1) / kWarpSize;
  for (unsigned W = 0; W < Warps; ++W) {
    Folder.newWarp();
    I.runWarp(Kernel, W);
  }
  return Folder.finish(I, Ctx.getSourceManager());
}
} // namespace

std::vector<AccessRecord> ccl::analyzeKernel(ASTContext &Ctx,
                                             const FunctionDecl *Kernel,
                                             Dim3 Block,
                                             const InterpreterOptions &Opts) {
  // Only the padded runs are kept: the plain run of each kernel and shape is
  // made once by its caller, and keeping it would double its memory.
  if (Opts.Pads.empty())
    return runKernel(Ctx, Kernel, Block, Opts);
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
  std::vector<AccessRecord> Records = runKernel(Ctx, Kernel, Block, Opts);
  Memo->Runs.emplace(Key, Records);
  return Records;
}

unsigned long ccl::paddedAnalysisRuns() { return PaddedRuns; }
