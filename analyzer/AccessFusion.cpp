//===- AccessFusion.cpp - Adjacent accesses the compiler may fuse ---------===//
#include "analyzer/AccessFusion.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;
using namespace ccl;

namespace {
/// Recent events a fusion partner is looked for in: the vectorizers work on
/// nearby instructions of one block, so a short window is enough.
constexpr size_t kWindow = 16;

/// True when every active lane of \p V is a multiple of \p W, whatever the
/// symbols are.
bool alignedIn(const LaneInt &V, LaneBits Lanes, int64_t W) {
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Lanes >> K & 1))
      continue;
    if (V.consts()[K] % W != 0)
      return false;
    for (const LaneInt::Term &T : V.terms())
      if (T.Coef[K] % W != 0)
        return false;
  }
  return true;
}

uint64_t largestPow2Dividing(uint64_t V) { return V ? V & (~V + 1) : 0; }

/// \p E as an expression plus a constant the compiler folds: `X + 3` is
/// (X, 3), `X - 1` (X, -1), `2 + X` (X, 2); anything else (E, 0).
std::pair<const Expr *, int64_t> splitConstant(const Expr *E,
                                               const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  int64_t C = 0;
  while (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      break;
    Expr::EvalResult R;
    const Expr *RHS = BO->getRHS(), *LHS = BO->getLHS();
    if (!RHS->isValueDependent() && RHS->EvaluateAsInt(R, Ctx)) {
      int64_t V = R.Val.getInt().getExtValue();
      C += BO->getOpcode() == BO_Add ? V : -V;
      E = LHS->IgnoreParenImpCasts();
      continue;
    }
    if (BO->getOpcode() == BO_Add && !LHS->isValueDependent() &&
        LHS->EvaluateAsInt(R, Ctx)) {
      C += R.Val.getInt().getExtValue();
      E = RHS->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  return {E, C};
}

bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// The same memory expression up to constants in its index, field or
/// pointer offset: `a[i]` / `a[i + 1]`, `p[t].x` / `p[t].y`, `*p` /
/// `*(p + 2)`.
bool sameUpToConstant(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  if (const auto *SA = dyn_cast<ArraySubscriptExpr>(A)) {
    const auto *SB = dyn_cast<ArraySubscriptExpr>(B);
    return SB && sameExpr(SA->getBase(), SB->getBase(), Ctx) &&
           sameExpr(splitConstant(SA->getIdx(), Ctx).first,
                    splitConstant(SB->getIdx(), Ctx).first, Ctx);
  }
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = dyn_cast<MemberExpr>(B);
    return MB && MA->isArrow() == MB->isArrow() &&
           (sameExpr(MA->getBase(), MB->getBase(), Ctx) ||
            sameUpToConstant(MA->getBase(), MB->getBase(), Ctx));
  }
  if (const auto *UA = dyn_cast<UnaryOperator>(A)) {
    const auto *UB = dyn_cast<UnaryOperator>(B);
    return UB && UA->getOpcode() == UO_Deref && UB->getOpcode() == UO_Deref &&
           sameExpr(splitConstant(UA->getSubExpr(), Ctx).first,
                    splitConstant(UB->getSubExpr(), Ctx).first, Ctx);
  }
  return false;
}
} // namespace

const ForStmt *AccessFusion::constantTripLoop(const Expr *Site,
                                              const FunctionDecl *Fn,
                                              int64_t &Trips) const {
  // Asked for every pair of events of one site in the window: once per site.
  auto Cached = TripLoops.find(Site);
  if (Cached != TripLoops.end()) {
    Trips = Cached->second.second;
    return Cached->second.first;
  }
  const ForStmt *FS = findConstantTripLoop(Site, Fn, Trips);
  TripLoops[Site] = {FS, Trips};
  return FS;
}

const ForStmt *AccessFusion::findConstantTripLoop(const Expr *Site,
                                                  const FunctionDecl *Fn,
                                                  int64_t &Trips) const {
  // The nearest enclosing loop: a `for` whose counter starts at a constant,
  // is compared with a constant and steps by 1 (the compiler unrolls it, and
  // the trips' accesses are a constant apart in its view too). The walk
  // ends at the function's body (or a lambda in it).
  const ParentMap *PM = nullptr;
  if (Fn && Fn->getBody()) {
    std::unique_ptr<ParentMap> &Slot = Parents[Fn];
    if (!Slot)
      Slot = std::make_unique<ParentMap>(Fn->getBody());
    if (Slot->hasParent(Site))
      PM = Slot.get();
  }
  if (!PM)
    return findConstantTripLoopInTU(Site, Trips);
  const Stmt *P = PM->getParent(Site);
  for (unsigned Depth = 0; Depth < 64 && P; ++Depth, P = PM->getParent(P)) {
    if (isa<LambdaExpr, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return nullptr;
    if (const auto *FS = dyn_cast<ForStmt>(P))
      return constantTrips(FS, Trips) ? FS : nullptr;
  }
  return nullptr;
}

bool AccessFusion::constantTrips(const ForStmt *FS, int64_t &Trips) const {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
  const auto *VD = DS && DS->isSingleDecl()
                       ? dyn_cast<VarDecl>(DS->getSingleDecl())
                       : nullptr;
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(
      FS->getInc() ? FS->getInc()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !VD || !VD->getInit() || !Inc || !Inc->isIncrementOp() ||
      (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return false;
  Expr::EvalResult B, I;
  const Expr *Bound = Cond->getRHS(), *Init = VD->getInit();
  if (Bound->isValueDependent() || !Bound->EvaluateAsInt(B, Ctx) ||
      Init->isValueDependent() || !Init->EvaluateAsInt(I, Ctx))
    return false;
  Trips = B.Val.getInt().getExtValue() - I.Val.getInt().getExtValue() +
          (Cond->getOpcode() == BO_LE);
  return true;
}

/// A site outside its function's body (a default argument): Clang's
/// parent map of the translation unit.
const ForStmt *AccessFusion::findConstantTripLoopInTU(const Expr *Site,
                                                      int64_t &Trips) const {
  DynTypedNodeList Parents = Ctx.getParents(*Site);
  for (unsigned Depth = 0; Depth < 64 && !Parents.empty(); ++Depth) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>() || P.get<WhileStmt>() ||
        P.get<DoStmt>() || P.get<CXXForRangeStmt>())
      return nullptr;
    if (const auto *FS = P.get<ForStmt>())
      return constantTrips(FS, Trips) ? FS : nullptr;
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

bool AccessFusion::inConstantTripLoop(const Entry &E) const {
  int64_t Trips = 0;
  return constantTripLoop(E.Site, E.Fn, Trips) && Trips >= 2;
}

bool AccessFusion::staticallyAdjacent(const Entry &A, const Entry &B) const {
  if (A.SplitId && A.SplitId == B.SplitId)
    return true;
  if (A.Site == B.Site)
    return inConstantTripLoop(A);
  return sameUpToConstant(A.Site, B.Site, Ctx);
}

uint64_t AccessFusion::compilerAlign(const Entry &E) const {
  const Expr *S = E.Site->IgnoreParenImpCasts();
  // A field of an aligned record or vector type: `d.x` of a uint4,
  // `p[t].y` of a float2.
  if (const auto *ME = dyn_cast<MemberExpr>(S)) {
    QualType BaseTy = ME->getBase()->getType();
    if (ME->isArrow())
      if (const auto *PT = BaseTy->getAs<PointerType>())
        BaseTy = PT->getPointeeType();
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (FD && !BaseTy->isDependentType() && !BaseTy->isIncompleteType()) {
      uint64_t RecordAlign = Ctx.getTypeAlignInChars(BaseTy).getQuantity();
      const RecordDecl *RD = FD->getParent();
      if (RD && RD->getDefinition() && !RD->isInvalidDecl()) {
        uint64_t Off = Ctx.getFieldOffset(FD) / Ctx.getCharWidth();
        return Off ? std::min(RecordAlign, largestPow2Dividing(Off))
                   : RecordAlign;
      }
    }
  }
  // A __shared__ array: NVCC aligns every extern __shared__ array to 16
  // bytes, and ptxas, which places the static ones itself, fuses their
  // scalar accesses too (`reg[i] = s[r * 8 + i]` over an unrolled i is two
  // LDS.128 in the SASS, though the PTX has eight ld.shared.f32; SGEMM_CUDA
  // kernels 5 and 10, Rodinia lavaMD's struct copies): 16 for both.
  if (E.Obj->Space == MemObject::Shared && E.Obj->Decl)
    return std::max<uint64_t>(16, Ctx.getDeclAlign(E.Obj->Decl).getQuantity());
  QualType T = S->getType();
  if (T->isDependentType() || T->isIncompleteType())
    return 1;
  return Ctx.getTypeAlignInChars(T).getQuantity();
}

std::map<int64_t, const AccessFusion::Entry *>
AccessFusion::partnersOf(const Entry &E) const {
  std::map<int64_t, const Entry *> ByDelta;
  for (const Entry &P : Window) {
    if (P.Obj != E.Obj || P.Op != E.Op || P.Bytes != E.Bytes ||
        P.Must != E.Must || P.May != E.May)
      continue;
    std::optional<LaneInt> D = sub(P.Offset, E.Offset);
    if (!D)
      continue;
    std::optional<int64_t> C = D->asConstant(E.May);
    if (!C || *C == 0 || *C % E.Bytes != 0 || *C <= -16 || *C >= 16)
      continue;
    if (!staticallyAdjacent(E, P))
      continue;
    ByDelta[*C] = &P; // the latest partner at that offset
  }
  return ByDelta;
}

void AccessFusion::noteGroup(const std::map<int64_t, const Entry *> &ByDelta,
                             const Entry &E, int64_t W, int64_t Start,
                             const AccessCost &C) {
  const SourceManager &SM = Ctx.getSourceManager();
  int64_t N = W / E.Bytes;
  for (int64_t J = 0; J < N; ++J) {
    auto MIt = ByDelta.find(Start + J * E.Bytes);
    if (MIt == ByDelta.end())
      continue; // a gap in a fused load
    const Entry &M = *MIt->second;
    Fused &F = Groups[M.K];
    // The widest fusion wins (`d.x, d.y` pair up before `d.z, d.w`
    // complete the 16-byte group).
    if (W > F.Width || (W == F.Width && C.badness() > F.Cost.badness())) {
      if (W > F.Width)
        F.Partners.clear();
      F.Width = W;
      F.Cost = C;
    }
    if (W < F.Width)
      continue;
    if (M.SplitId && M.SplitId == E.SplitId)
      F.Pieces = true;
    for (int64_t L = 0; L < N; ++L) {
      auto OIt = ByDelta.find(Start + L * E.Bytes);
      if (OIt == ByDelta.end())
        continue;
      const Entry &O = *OIt->second;
      if (O.Site == M.Site)
        continue;
      SourceLocation OL = SM.getExpansionLoc(O.Site->getBeginLoc());
      F.Partners.insert(
          {SM.getExpansionLineNumber(OL), SM.getExpansionColumnNumber(OL)});
    }
  }
}

void AccessFusion::observe(const AccessEvent &Ev, const Key &K,
                           const std::vector<std::string> &SymbolNames) {
  Entry E{K,           Ev.Obj,       Ev.Op,   Ev.Bytes,   Ev.Mask.Must,
          Ev.Mask.May, Ev.Address.I, Ev.Site, Ev.SplitId, Ev.Fn};
  auto Push = [&] {
    Window.push_back(std::move(E));
    if (Window.size() > kWindow)
      Window.pop_front();
  };
  if (!E.Obj || E.Bytes == 0 || E.Bytes >= 16 || (E.Bytes & (E.Bytes - 1)) ||
      E.May == 0)
    return Push();
  observeGeneralized(E, SymbolNames);

  // Partners: same object, op, width and lanes; offset = E's + a constant.
  std::map<int64_t, const Entry *> ByDelta = partnersOf(E);
  if (ByDelta.empty())
    return Push();
  ByDelta[0] = &E;

  for (int64_t W : {16, 8, 4, 2}) {
    if (W <= E.Bytes)
      continue;
    int64_t N = W / E.Bytes;
    // Every run of N contiguous accesses that contains E. Loads may leave
    // gaps after the first: reading the rest of an aligned chunk is
    // harmless, and NVCC does it (`p[i].x`, `.y`, `.z` of a uchar4 are one
    // ld.global.v4.u8); stores may not (they would write bytes the
    // program does not).
    for (int64_t Start = -(N - 1) * E.Bytes; Start <= 0; Start += E.Bytes) {
      bool All = ByDelta.count(Start);
      int64_t Present = 0;
      for (int64_t J = 0; J < N && All; ++J) {
        bool Here = ByDelta.count(Start + J * E.Bytes);
        Present += Here;
        All = Here || E.Op == AccessOp::Load;
      }
      if (!All || Present < 2 || (E.Op != AccessOp::Load && Present < N))
        continue;
      const Entry &First = *ByDelta[Start];
      if (E.Obj->BaseAlign < (uint64_t)W ||
          !alignedIn(First.Offset, E.May, W) ||
          compilerAlign(First) < (uint64_t)W)
        continue;
      AccessCost C = computeAccessCost(
          *E.Obj, First.Offset, LaneMask{E.Must, E.May, {}}, W, SymbolNames);
      if (!C.Known)
        continue;
      noteGroup(ByDelta, E, W, Start, C);
      return Push();
    }
  }
  Push();
}

void AccessFusion::observeGeneralized(
    const Entry &E, const std::vector<std::string> &SymbolNames) {
  // "Any iteration" of a loop the analysis generalized (its trips are one
  // pass, not neighbouring events) that the compiler unrolls: when one trip
  // moves the address by the access's width, W / Bytes trips are one W-byte
  // access in the compiler's view (SGEMM_CUDA kernel 10's `regM[i] = As[...
  // + i]` under generalized outer loops).
  int64_t Trips = 0;
  const ForStmt *FS = nullptr;
  for (const LaneInt::Term &T : E.Offset.terms()) {
    if (T.Sym >= SymbolNames.size() ||
        !llvm::StringRef(SymbolNames[T.Sym]).starts_with("iteration(line "))
      continue;
    unsigned L0 = llvm::countr_zero(E.May);
    int64_t C = T.Coef[L0];
    bool Uniform = true;
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((E.May >> K & 1) && T.Coef[K] != C)
        Uniform = false;
    if (!Uniform || C != (int64_t)E.Bytes)
      continue;
    if (!FS && !(FS = constantTripLoop(E.Site, E.Fn, Trips)))
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Own =
        "iteration(line " +
        std::to_string(SM.getExpansionLineNumber(FS->getBeginLoc())) + ")";
    if (SymbolNames[T.Sym] != Own)
      continue;
    // The first trip's address: the term taken out.
    std::optional<LaneInt> Step =
        mul(LaneInt::symbol(T.Sym), LaneInt::constant(C));
    std::optional<LaneInt> F = Step ? sub(E.Offset, *Step) : std::nullopt;
    if (!F)
      return;
    const LaneInt &First = *F;
    for (int64_t W : {16, 8, 4, 2}) {
      if (W <= E.Bytes || Trips < W / E.Bytes ||
          E.Obj->BaseAlign < (uint64_t)W || !alignedIn(First, E.May, W))
        continue;
      Entry G = E;
      G.Offset = First;
      if (compilerAlign(G) < (uint64_t)W)
        continue;
      AccessCost Cost = computeAccessCost(
          *E.Obj, First, LaneMask{E.Must, E.May, {}}, W, SymbolNames);
      if (!Cost.Known)
        continue;
      Fused &Fu = Groups[E.K];
      if (W > Fu.Width ||
          (W == Fu.Width && Cost.badness() > Fu.Cost.badness())) {
        Fu.Width = W;
        Fu.Cost = Cost;
      }
      return;
    }
    return;
  }
}

void AccessFusion::apply(std::map<Key, AccessRecord> &Records) const {
  for (const auto &KV : Groups) {
    auto It = Records.find(KV.first);
    if (It == Records.end() || !It->second.Known)
      continue;
    AccessRecord &R = It->second;
    const Fused &F = KV.second;
    R.Exact = false;
    R.Best.Known = true;
    R.Best.Shared = F.Cost.Shared;
    R.Best.ActiveLanes = F.Cost.ActiveLanes;
    R.Best.G = F.Cost.BestG;
    R.Best.S = F.Cost.BestS;
    R.Best.Exact = false;
    std::string With;
    if (F.Partners.empty()) {
      With = F.Pieces ? "its other pieces" : "its neighbouring iterations";
    } else {
      With = F.Partners.size() == 1 ? "the access at " : "the accesses at ";
      bool FirstOne = true;
      for (auto [Line, Col] : F.Partners) {
        With += (FirstOne ? "" : ", ") + std::to_string(Line) + ":" +
                std::to_string(Col);
        FirstOne = false;
      }
    }
    std::string Then =
        F.Cost.Shared
            ? std::to_string(F.Cost.S.Wavefronts) + " wavefronts, ideal " +
                  std::to_string(F.Cost.S.IdealWavefronts)
            : std::to_string(F.Cost.G.Sectors) + " sectors, ideal " +
                  std::to_string(F.Cost.G.IdealSectors);
    R.DependsOn.Conditions.insert("unless the compiler fuses it with " +
                                  With + " into one " +
                                  std::to_string(F.Width) +
                                  "-byte access: then " + Then);
  }
}
