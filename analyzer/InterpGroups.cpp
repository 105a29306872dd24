//===- InterpGroups.cpp - Cooperative groups ------------------------------===//
//
// Cooperative groups (namespace cooperative_groups) are modelled from what
// a group is: the block, a tile of N consecutive thread ranks of its parent
// (tiled_partition<N>(g), tiled_partition(g, n)), the grid, or the
// coalesced active lanes. With t the thread's linear index in the block
// (x + y*Bx + z*Bx*By):
//   block: thread_rank = t, size = num_threads = Bx*By*Bz,
//          thread_index = threadIdx, group_index = blockIdx,
//          dim_threads = group_dim = blockDim
//   tile of N with a parent of P threads: thread_rank = t % N, size = N,
//          meta_group_rank = (t % P) / N, meta_group_size = ceil(P / N)
//   grid:  thread_rank = block_rank * Bx*By*Bz + t, block_rank = the linear
//          blockIdx, num_threads = gridDim.x*y*z * Bx*By*Bz
//   sync() is a barrier (no access); cg::reduce over a group of at least a
//   warp is one warp-uniform unknown per evaluation.
// Which group a variable holds is kept per frame (Frame::Groups), from its
// initializer or the argument a parameter is bound to; the static type
// (thread_block_tile<32, thread_block>) is the fallback.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/InterpWarp.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

bool ccl::interp::inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D ? D->getDeclContext() : nullptr; C;
       C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getIdentifier() && NS->getName() == "cooperative_groups")
        return true;
  return false;
}

bool WarpCalls::isGroupType(QualType T) {
  T = T.getNonReferenceType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !inCooperativeGroups(RD))
    return false;
  StringRef N = RD->getName();
  return N == "thread_block" || N == "thread_block_tile" ||
         N == "thread_group" || N == "grid_group" || N == "coalesced_group";
}

std::optional<WarpCalls::Group> WarpCalls::groupOfType(QualType T) const {
  T = T.getNonReferenceType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !inCooperativeGroups(RD))
    return std::nullopt;
  StringRef N = RD->getName();
  Group G;
  if (N == "thread_block") {
    G.Kind = Group::Block;
    return G;
  }
  if (N == "grid_group") {
    G.Kind = Group::Grid;
    return G;
  }
  if (N == "coalesced_group") {
    G.Kind = Group::Coalesced;
    return G;
  }
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (N != "thread_block_tile" || !Spec || Spec->getTemplateArgs().size() < 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  G.Kind = Group::Tile;
  G.Size = (unsigned)Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  if (Spec->getTemplateArgs().size() >= 2 &&
      Spec->getTemplateArgs()[1].getKind() == TemplateArgument::Type) {
    std::optional<Group> P =
        groupOfType(Spec->getTemplateArgs()[1].getAsType());
    if (P && P->Kind == Group::Block)
      G.ParentSize = blockThreads();
    else if (P && P->Kind == Group::Tile)
      G.ParentSize = P->Size;
  }
  return G;
}

std::optional<WarpCalls::Group> WarpCalls::groupOf(const Expr *E,
                                                   const LaneMask &M) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else if (const auto *EW = dyn_cast<ExprWithCleanups>(E))
      E = EW->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      E = FC->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && CE->getNumArgs() >= 1 &&
             isGroupType(CE->getArg(0)->getType()))
      E = CE->getArg(0);
    else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
             MC && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()) &&
             isGroupType(MC->getImplicitObjectArgument()->getType()))
      // thread_block_tile<32, thread_block> -> thread_block_tile<32>
      E = MC->getImplicitObjectArgument();
    else
      break;
  }
  if (!E)
    return std::nullopt;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      for (auto F = I.Frames.rbegin(); F != I.Frames.rend(); ++F) {
        auto It = F->Groups.find(VD);
        if (It != F->Groups.end())
          return It->second;
      }
    return groupOfType(E->getType());
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getIdentifier() && inCooperativeGroups(FD)) {
      StringRef N = FD->getName();
      Group G;
      if (N == "this_thread_block")
        return G;
      if (N == "this_grid") {
        G.Kind = Group::Grid;
        return G;
      }
      if (N == "coalesced_threads") {
        G.Kind = Group::Coalesced;
        return G;
      }
      if (N == "tiled_partition" && CE->getNumArgs() >= 1) {
        G.Kind = Group::Tile;
        if (const TemplateArgumentList *TA =
                FD->getTemplateSpecializationArgs())
          if (TA->size() >= 1 &&
              TA->get(0).getKind() == TemplateArgument::Integral)
            G.Size = (unsigned)TA->get(0).getAsIntegral().getZExtValue();
        if (!G.Size && CE->getNumArgs() >= 2) {
          Value N = I.eval(CE->getArg(1), M);
          std::optional<int64_t> C = N.isInt() && N.definedIn(M.May)
                                         ? N.I.asConstant(M.May)
                                         : std::nullopt;
          if (C && *C > 0 && llvm::isPowerOf2_64(*C) && *C <= 1024)
            G.Size = (unsigned)*C;
        }
        std::optional<Group> P = groupOf(CE->getArg(0), M);
        if (P && P->Kind == Group::Block)
          G.ParentSize = blockThreads();
        else if (P && P->Kind == Group::Tile)
          G.ParentSize = P->Size;
        return G;
      }
    }
  }
  return groupOfType(E->getType());
}

std::optional<Value> WarpCalls::gridQuery(StringRef What, const LaneArray &T) {
  QualType U = I.Ctx.UnsignedLongLongTy;
  auto Mul = [&](const Value &A, const Value &B) {
    return I.Arith.evalArith(BO_Mul, A, B, U, U, U);
  };
  auto Add = [&](const Value &A, const Value &B) {
    return I.Arith.evalArith(BO_Add, A, B, U, U, U);
  };
  Value GX = I.Symbols.symbolValue("gridDim.x"),
        GY = I.Symbols.symbolValue("gridDim.y"),
        GZ = I.Symbols.symbolValue("gridDim.z");
  Value Blocks = Mul(Mul(GX, GY), GZ);
  Value Rank = Add(I.Symbols.symbolValue("blockIdx.x"),
                   Mul(GX, Add(I.Symbols.symbolValue("blockIdx.y"),
                               Mul(GY, I.Symbols.symbolValue("blockIdx.z")))));
  Value BTV = Value::integer(LaneInt::constant(blockThreads()));
  if (What == "block_rank")
    return Rank;
  if (What == "num_blocks")
    return Blocks;
  if (What == "size" || What == "num_threads" || What == "group_size")
    return Mul(Blocks, BTV);
  if (What == "thread_rank")
    return Add(Mul(Rank, BTV), Value::integer(LaneInt::perLane(T)));
  return std::nullopt;
}

Value WarpCalls::groupQuery(const Group &G, StringRef What, const LaneMask &M) {
  // Per-lane functions of the thread's rank: with the warp index
  // (InterpWarpIndex.cpp), each warp's answer from its own thread ids, as
  // one form in w (a block's thread_rank, a tile's meta_group_rank).
  bool SameInEveryWarp = What == "size" || What == "num_threads" ||
                         What == "group_size" || G.Kind == Group::Coalesced ||
                         (G.Kind == Group::Tile && G.Size &&
                          kWarpSize % G.Size == 0 && What == "thread_rank");
  if (I.WarpRun.on() && !SameInEveryWarp) {
    LaneArray Saved[3] = {I.Tid[0], I.Tid[1], I.Tid[2]};
    Value R = I.WarpRun.perWarp(
        nullptr,
        [&](int64_t W) {
          I.setThreadIds(unsigned(W));
          return groupQuery(G, What, M);
        },
        "a cooperative-groups query");
    for (unsigned D = 0; D < 3; ++D)
      I.Tid[D] = Saved[D];
    return R;
  }
  LaneArray T = linearTid();
  auto PerLane = [&](auto F) {
    LaneArray Out;
    for (unsigned K = 0; K < kWarpSize; ++K)
      Out[K] = F(T[K], K);
    return Value::integer(LaneInt::perLane(Out));
  };
  int64_t BT = blockThreads();
  bool IsSize = What == "size" || What == "num_threads" || What == "group_size";
  switch (G.Kind) {
  case Group::Block:
    if (What == "thread_rank")
      return PerLane([](int64_t X, unsigned) { return X; });
    if (IsSize)
      return Value::integer(LaneInt::constant(BT));
    break;
  case Group::Tile: {
    if (!G.Size)
      return Value::unknown("'" + What.str() +
                            "' of a tile whose size is not known");
    int64_t N = G.Size, P = G.ParentSize;
    if (What == "thread_rank")
      return PerLane([N](int64_t X, unsigned) { return X % N; });
    if (IsSize)
      return Value::integer(LaneInt::constant(N));
    if (What == "meta_group_rank" || What == "meta_group_size") {
      if (!P)
        return Value::unknown("'" + What.str() +
                              "' of a tile whose parent group is not known");
      if (What == "meta_group_size")
        return Value::integer(LaneInt::constant((P + N - 1) / N));
      return PerLane([N, P](int64_t X, unsigned) { return (X % P) / N; });
    }
    break;
  }
  case Group::Grid:
    if (std::optional<Value> R = gridQuery(What, T))
      return *R;
    break;
  case Group::Coalesced:
    if (!M.decided())
      return Value::unknown("'" + What.str() +
                            "' of a coalesced group whose lanes are not known");
    if (What == "thread_rank")
      return PerLane([&](int64_t, unsigned K) -> int64_t {
        return llvm::popcount(M.Must & ((LaneBits(1) << K) - 1));
      });
    if (IsSize)
      return Value::integer(LaneInt::constant(llvm::popcount(M.Must)));
    break;
  }
  return Value::unknown("'" + What.str() +
                        "' of a cooperative group not followed");
}

std::optional<Value> WarpCalls::evalGroupDim3Field(const CallExpr *Call,
                                                   unsigned Dim,
                                                   const LaneMask &M) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier() || !inCooperativeGroups(FD) || Dim > 2)
    return std::nullopt;
  StringRef N = FD->getName();
  std::optional<Group> G;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
    G = groupOf(MC->getImplicitObjectArgument(), M);
  else if (const auto *ME =
               dyn_cast<MemberExpr>(Call->getCallee()->IgnoreImpCasts()))
    G = groupOf(ME->getBase(), M);
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    G = groupOfType(MD->getThisType()->getPointeeType());
  if (!G)
    return std::nullopt;
  static const char *XYZ[] = {"x", "y", "z"};
  unsigned BD[3] = {I.Block.X, I.Block.Y, I.Block.Z};
  if (G->Kind == Group::Block) {
    if (N == "thread_index")
      return Value::integer(I.WarpRun.threadIdx(Dim));
    if (N == "group_index")
      return I.Symbols.symbolValue(std::string("blockIdx.") + XYZ[Dim]);
    if (N == "dim_threads" || N == "group_dim")
      return Value::integer(LaneInt::constant(BD[Dim]));
  }
  if (G->Kind == Group::Grid) {
    if (N == "block_index")
      return I.Symbols.symbolValue(std::string("blockIdx.") + XYZ[Dim]);
    if (N == "dim_blocks")
      return I.Symbols.symbolValue(std::string("gridDim.") + XYZ[Dim]);
  }
  return std::nullopt;
}
