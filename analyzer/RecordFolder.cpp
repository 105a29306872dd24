//===- RecordFolder.cpp - Access events folded into one record per site --===//
#include "analyzer/RecordFolder.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

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

namespace {
/// What the first instance of record \p R says of it: its site, op, bytes
/// and object.
void startRecord(AccessRecord &R, const AccessEvent &Ev) {
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
} // namespace

bool RecordFolder::noteDependences(AccessRecord &R, const AccessEvent &Ev,
                                   const Interpreter &I, const RecordKey &K) {
  for (const std::string &N : I.namesOf(Ev.Mask.Deps))
    R.DependsOn.Unknowns.insert(N);
  bool ByData = false;
  if (!Ev.Mask.decided())
    for (const std::string &C : I.laneDataOf(Ev.Mask.Deps)) {
      R.DependsOn.Conditions.insert("which lanes run depends on '" + C +
                                    "', read per lane");
      LanesByData.insert(K);
      ByData = true;
    }
  for (const std::string &N : I.namesOf(Ev.Address.Deps))
    R.DependsOn.Unknowns.insert(N);
  return ByData;
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
                         CC->mergedAtJoin(Ev.Site, Ev.Op, SpaceKey == 1);
  if (CC && Ev.Obj && R.CompiledBy.empty())
    R.CompiledBy = CC->compiler();
  bool First = R.Instances == 0;
  ++R.Instances;
  if (First)
    startRecord(R, Ev);
  bool ByData = noteDependences(R, Ev, I, {Ev.Site, SpaceKey, Ev.Op});
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
    R.DependsOn.Unknowns.insert(N);
  // With compiled code the instructions decide, not a guess at fusion: an
  // access without an instruction here is a bound (below), and the fused
  // cost AccessFusion would give it as its best case is not known to hold.
  if (!CC)
    Fusion.observe(Ev, {Ev.Site, SpaceKey, Ev.Op}, I.symbolNames());
  Together.observe(Ev, {Ev.Site, SpaceKey, Ev.Op}, C, I.symbolNames());
  R.Exact &= C.Exact;
  // Compiled code without an instruction at this expression: merged into
  // another access's instruction, removed, or moved to no line. The source
  // access's cost is what it costs if it is a request of its own: a worst
  // case, nothing certain (in this instance; another, whose whole warp
  // takes a merged arm, may be).
  bool Unlocated = R.Compiled == CS::NotLocated && !WholeWarpMerged;
  AccessCost B = certainOf(Ev, C, I, ByData);
  if (Unlocated) {
    B = AccessCost();
    B.Known = true;
    B.Shared = C.Shared;
  }
  if (R.Instances == 1 || !R.Best.Known || B.badness() > R.Best.badness())
    R.Best = B;
  if (First || C.badness() > R.Worst.badness()) {
    R.Worst = C;
    R.WorstContext = Ev.Context;
    R.HoldsFor = C.HoldsFor;
  }
  if (Unlocated) {
    R.Exact = false;
    std::string Why = CC->whyNotLocated(Ev.Site, Ev.Op, SpaceKey == 1);
    R.DependsOn.Conditions.insert(
        Why.empty() ? "no compiled instruction at this expression: merged "
                      "into another, removed or moved"
                    : Why);
  }
}

namespace {
/// Piece \p Bytes at byte \p Off of the access \p Ev as an event of its
/// own (null when the address overflows).
std::optional<AccessEvent> pieceOf(const AccessEvent &Ev, int64_t Off,
                                   unsigned Bytes) {
  std::optional<AccessEvent> E;
  if (std::optional<LaneInt> A = shifted(Ev.Address.I, Off)) {
    E = Ev;
    E->Bytes = Bytes;
    E->Address.I = *A;
  }
  return E;
}
} // namespace

void RecordFolder::Folded::take(const Placement &C) {
  Exact &= C.Exact;
  if (HaveWorst && !sameCost(C.Worst, Worst))
    Exact = false;
  if (!HaveWorst || C.Worst.badness() > Worst.badness()) {
    Worst = C.Worst;
    WorstBytes = C.WorstBytes;
    HaveWorst = true;
  }
  if (!HaveCertain || C.Certain.badness() < Certain.badness()) {
    Certain = C.Certain;
    HaveCertain = true;
  }
}

std::optional<std::string>
RecordFolder::costPlacements(const AccessEvent &Ev, const Interpreter &I,
                             const ExecShape &S, unsigned B, AccessRecord &R,
                             bool ByData, std::vector<Placement> &Out) {
  int64_t Span = 0;
  unsigned G = B;
  for (const ExecPiece &P : S) {
    Span = std::max<int64_t>(Span, P.Rel + P.Bytes);
    G = std::gcd(G, P.Bytes);
  }
  int64_t Lo = Span <= B ? 0 : int64_t(B) - Span;
  int64_t Hi = Span <= B ? int64_t(B) - Span : 0;
  for (int64_t O0 = Lo; O0 <= Hi && Out.size() < 64; O0 += G) {
    Placement C{O0, {}, {}, 0, true, true};
    bool HaveW = false, HaveC = false;
    for (const ExecPiece &P : S) {
      std::optional<AccessEvent> E = pieceOf(Ev, O0 + P.Rel, P.Bytes);
      if (!E)
        return std::string("address arithmetic overflows");
      const AccessCost &PC = costOf(*E, I);
      if (!PC.Known)
        return PC.Reason;
      for (const std::string &N : I.namesOf(PC.Symbols))
        R.DependsOn.Unknowns.insert(N);
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
    Out.push_back(std::move(C));
  }
  return std::nullopt;
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
  Folded F;
  std::set<std::string> Descr;
  for (const ExecShape &S : SIt->second) {
    std::vector<Placement> Cands;
    if (std::optional<std::string> Why =
            costPlacements(Ev, I, S, B, R, ByData, Cands))
      return notAnalyzed(R, *Why);
    // A placement at which an instruction is misaligned in every lane
    // faults: not taken, unless every placement is.
    bool AnyLegal =
        llvm::any_of(Cands, [](const Placement &C) { return C.Legal; });
    std::vector<const Placement *> Taken;
    for (const Placement &C : Cands)
      if (C.Legal || !AnyLegal)
        Taken.push_back(&C);
    for (const Placement *C : Taken)
      F.take(*C);
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
                pieceOf(Ev, Taken.front()->O0 + P.Rel, P.Bytes)) {
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
  if (!F.HaveWorst)
    return notAnalyzed(R, "no compiled instruction could be costed");
  AccessCost &Worst = F.Worst;
  if (!F.Exact && Worst.Exact)
    R.DependsOn.Conditions.insert(
        "where the compiled instruction lies in the access");
  for (const std::string &D : Descr)
    if (!llvm::is_contained(R.Instructions, D))
      R.Instructions.push_back(D);
  Together.observe(Ev, Key, Worst, I.symbolNames());
  if (!F.Exact) {
    Worst.Exact = false;
    Worst.BestG = F.Certain.G;
    Worst.BestS = F.Certain.S;
  }
  R.Exact &= F.Exact;
  if (R.Instances == 1 || !R.Best.Known ||
      F.Certain.badness() > R.Best.badness())
    R.Best = F.Certain;
  if (R.Instances == 1 || Worst.badness() > R.Worst.badness()) {
    R.Worst = Worst;
    R.WorstContext = Ev.Context;
    R.HoldsFor = Worst.HoldsFor;
    R.Bytes = F.WorstBytes;
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
      KV.second.DependsOn.Conditions.insert(I.incompleteReason());
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
