//===- FootprintSharing.cpp - Accesses that use each other's sectors ------===//
#include "analyzer/FootprintSharing.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;

FootprintSharing::FootprintSharing(ASTContext &Ctx)
    : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

void FootprintSharing::newWarp() {
  for (; Next < Window.size(); ++Next)
    evaluate(Next);
  Window.clear();
  Next = 0;
}

void FootprintSharing::observe(const AccessEvent &Ev, const Key &K,
                               const AccessCost &Own,
                               const std::vector<std::string> &SymbolNames) {
  Names = &SymbolNames;
  if (!Ev.Obj || Ev.Obj->Space != MemObject::Global || Ev.Bytes == 0 ||
      Ev.Mask.May == 0 || Own.Shared)
    return;
  Window.push_back({K, Ev.Obj, Ev.Op, Ev.Bytes, Ev.Mask.Must, Ev.Mask.May,
                    Ev.Address.I, Ev.Site, Ev.Context,
                    Own.G.Sectors > Own.G.IdealSectors});
  // An entry is evaluated once kWindow events follow it, and dropped once
  // no later entry can look back at it.
  while (Next < Window.size() && Window.size() - Next > kWindow)
    evaluate(Next++);
  while (Next > kWindow) {
    Window.pop_front();
    --Next;
  }
}

std::vector<FootprintSharing::Range>
FootprintSharing::rangesAround(size_t I) const {
  const Entry &E = Window[I];
  std::vector<Range> Ranges{{0, (int64_t)E.Bytes, &E}};
  size_t From = I > kWindow ? I - kWindow : 0;
  size_t To = std::min(Window.size(), I + kWindow + 1);
  // An access whose size one instruction could move, split because its
  // type is aligned below that: its own pieces do not excuse it.
  QualType T = E.Site->getType();
  int64_t Whole = T->isIncompleteType() || T->isDependentType()
                      ? 0
                      : Ctx.getTypeSizeInChars(T).getQuantity();
  bool UnderAligned = Whole != E.Bytes &&
                      (Whole == 2 || Whole == 4 || Whole == 8 || Whole == 16);
  for (size_t J = From; J < To; ++J) {
    if (J == I)
      continue;
    const Entry &P = Window[J];
    if (UnderAligned && P.Site == E.Site && P.Context == E.Context)
      continue;
    if (P.Obj != E.Obj || P.Op != E.Op || P.Must != E.Must || P.May != E.May)
      continue;
    std::optional<LaneInt> D = sub(P.Offset, E.Offset);
    if (!D)
      continue;
    std::optional<int64_t> C = D->asConstant(E.May);
    if (!C || *C <= -kMaxSpan || *C >= kMaxSpan)
      continue;
    Ranges.push_back({*C, *C + (int64_t)P.Bytes, &P});
  }
  return Ranges;
}

std::optional<FootprintSharing::Group>
FootprintSharing::groupOf(std::vector<Range> Ranges, unsigned Bytes) {
  // The interval of touching or overlapping ranges that holds E's own.
  llvm::sort(Ranges, [](const Range &A, const Range &B) {
    return A.Lo < B.Lo || (A.Lo == B.Lo && A.Hi > B.Hi);
  });
  for (size_t A = 0; A < Ranges.size();) {
    int64_t L = Ranges[A].Lo, H = Ranges[A].Hi;
    size_t B = A + 1;
    while (B < Ranges.size() && Ranges[B].Lo <= H)
      H = std::max(H, Ranges[B++].Hi);
    if (L <= 0 && (int64_t)Bytes <= H) {
      Group G;
      G.Lo = L;
      G.Hi = H;
      G.FirstWidth = Ranges[A].M->Bytes;
      for (size_t X = A; X < B; ++X)
        G.Members.push_back(Ranges[X].M);
      return G;
    }
    A = B;
  }
  return std::nullopt;
}

const AccessCost &FootprintSharing::groupCost(const Entry &E,
                                              const LaneInt &Start,
                                              unsigned Span,
                                              unsigned FirstWidth) {
  LaneMask M{E.Must, E.May, {}};
  // Memo key: object, lanes, span and the start's pattern.
  std::string MK;
  auto Put = [&MK](const void *P, size_t N) {
    MK.append(static_cast<const char *>(P), N);
  };
  Put(&E.Obj, sizeof(E.Obj));
  Put(&E.Must, sizeof(LaneBits));
  Put(&E.May, sizeof(LaneBits));
  Put(&Span, sizeof(Span));
  Put(&FirstWidth, sizeof(FirstWidth));
  Put(Start.consts().data(), sizeof(LaneArray));
  for (const LaneInt::Term &T : Start.terms()) {
    Put(&T.Sym, sizeof(T.Sym));
    Put(T.Coef.data(), sizeof(LaneArray));
  }
  auto It = Memo.find(MK);
  if (It == Memo.end())
    It = Memo.emplace(MK, computeAccessCost(*E.Obj, Start, M, Span,
                                            Names ? *Names
                                                  : std::vector<std::string>{},
                                            FirstWidth))
             .first;
  return It->second;
}

void FootprintSharing::evaluate(size_t I) {
  const Entry &E = Window[I];
  if (!E.Excess)
    return;
  State &St = States[E.K];
  if (St.Uncovered)
    return;
  std::optional<Group> G = groupOf(rangesAround(I), E.Bytes);
  int64_t Lo = G ? G->Lo : 0, Hi = G ? G->Hi : 0;
  if (!G || Hi - Lo <= (int64_t)E.Bytes || Hi - Lo > kMaxSpan) {
    St.Uncovered = true;
    return;
  }
  std::optional<LaneInt> Start = add(E.Offset, LaneInt::constant(Lo));
  if (!Start) {
    St.Uncovered = true;
    return;
  }
  unsigned Span = unsigned(Hi - Lo);
  const AccessCost &U = groupCost(E, *Start, Span, G->FirstWidth);
  if (!U.Known) {
    St.Uncovered = true;
    return;
  }
  AccessRecord::Footprint &F = St.F;
  bool FirstGroup = !F.Covered;
  F.Covered = true;
  if (FirstGroup || U.G.Sectors * std::max(1u, F.G.IdealSectors) >
                        F.G.Sectors * std::max(1u, U.G.IdealSectors))
    F.G = U.G; // the least efficient group
  F.Span = std::max(F.Span, Span);
  for (const Entry *P : G->Members) {
    if (P == &E)
      continue;
    if (P->Site == E.Site) {
      (P->Context == E.Context ? F.OwnPieces : F.OwnIterations) = true;
      continue;
    }
    SourceLocation L = SM.getExpansionLoc(P->Site->getBeginLoc());
    F.Partners.insert(
        {SM.getExpansionLineNumber(L), SM.getExpansionColumnNumber(L)});
  }
}

void FootprintSharing::apply(std::map<Key, AccessRecord> &Records) {
  newWarp();
  for (const auto &KV : States) {
    if (KV.second.Uncovered || !KV.second.F.Covered)
      continue;
    auto It = Records.find(KV.first);
    if (It == Records.end() || !It->second.Known)
      continue;
    It->second.Together = KV.second.F;
  }
}
