//===- InterpWarp.cpp - Warp-level intrinsics (groups: InterpGroups.cpp) -===//
//
// Calls whose meaning the model knows without a body to inline (their
// bodies are in CUDA's system headers, or are builtins):
//   __shfl_sync, _up, _down, _xor   lane k takes the value of its source lane
//   (and tile.shfl*)                (LaneInt::permuted): a value computed
//                                   lane by lane moves between lanes, a
//                                   uniform value stays what it is; a source
//                                   lane that may be inactive leaves the lane
//                                   undefined
//   __ballot_sync, __any_sync,      decided lane by lane where the predicate
//   __all_sync, __activemask        and the active lanes are; otherwise one
//                                   new warp-uniform unknown per evaluation
//   __mul24, __umul24               a product (operands are assumed to fit in
//                                   24 bits, like the no-overflow assumption
//                                   on symbols)
//   __popc, __clz, __ffs, __brev,   lane by lane for known values; of
//   other integer functions of      warp-uniform arguments, one uniform
//   integer arguments with no body  unknown per function and argument forms
//   __builtin_assume_aligned(p, a)  p
//   memcpy(d, s, n), n constant     a load of s and a store of d, one n-byte
//                                   request each; a local destination gets an
//                                   unknown value
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpWarp.h"
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "analyzer/ShuffleNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Builtins.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

namespace {
/// `int64_t`-valued integer function of integers, computed lane by lane.
std::optional<int64_t> pureIntrinsic(StringRef Name,
                                     llvm::ArrayRef<int64_t> A) {
  auto U32 = [](int64_t V) { return (uint32_t)V; };
  auto U64 = [](int64_t V) { return (uint64_t)V; };
  if (A.size() == 1) {
    if (Name == "__popc")
      return llvm::popcount(U32(A[0]));
    if (Name == "__popcll")
      return llvm::popcount(U64(A[0]));
    if (Name == "__clz")
      return U32(A[0]) ? llvm::countl_zero(U32(A[0])) : 32;
    if (Name == "__clzll")
      return U64(A[0]) ? llvm::countl_zero(U64(A[0])) : 64;
    if (Name == "__ffs")
      return U32(A[0]) ? llvm::countr_zero(U32(A[0])) + 1 : 0;
    if (Name == "__ffsll")
      return U64(A[0]) ? llvm::countr_zero(U64(A[0])) + 1 : 0;
    if (Name == "__brev")
      return (int64_t)llvm::reverseBits(U32(A[0]));
    if (Name == "abs" || Name == "labs" || Name == "llabs")
      return A[0] < 0 ? -A[0] : A[0];
  }
  if (A.size() == 2) {
    if (Name == "__umul24")
      return (int64_t)(uint32_t)((U32(A[0]) & 0xffffff) *
                                 (U32(A[1]) & 0xffffff));
    if (Name == "__mul24") {
      auto S24 = [](int64_t V) { return (int64_t)((int32_t)(V << 8) >> 8); };
      return (int64_t)(int32_t)(uint32_t)(S24(A[0]) * S24(A[1]));
    }
  }
  return std::nullopt;
}

/// "idx", "up", "down" or "xor".
StringRef shuffleKind(StringRef Name) {
  Name.consume_front("__");
  Name.consume_back("_sync");
  Name.consume_front("shfl");
  Name.consume_front("_");
  return Name.empty() ? "idx" : Name;
}
} // namespace

unsigned WarpCalls::blockThreads() const {
  return I.Block.X * I.Block.Y * I.Block.Z;
}

LaneArray WarpCalls::linearTid() const {
  LaneArray T;
  for (unsigned K = 0; K < kWarpSize; ++K)
    T[K] = I.Tid[0][K] + I.Tid[1][K] * (int64_t)I.Block.X +
           I.Tid[2][K] * (int64_t)I.Block.X * I.Block.Y;
  return T;
}

Value WarpCalls::freshUniform(StringRef Name, bool NonNeg) {
  return I.Symbols.symbolValue(Name, "fresh " + std::to_string(FreshRuns++),
                               NonNeg);
}

std::optional<Value>
WarpCalls::evalShuffleCall(const CallExpr *E, StringRef Name,
                           llvm::ArrayRef<const Expr *> Args,
                           const LaneMask &M) {
  bool Sync = Name.ends_with("_sync");
  unsigned First = Sync ? 1 : 0;
  if (Args.size() < First + 2)
    return std::nullopt;
  if (Sync)
    I.eval(Args[0], M);
  Value V = I.eval(Args[First], M);
  Value L = I.eval(Args[First + 1], M);
  unsigned Width = 32;
  if (Args.size() > First + 2) {
    Value W = I.eval(Args[First + 2], M);
    if (I.WarpRun.mentionsW(W))
      I.WarpRun.escape("a shuffle width of the warp index");
    std::optional<int64_t> C =
        W.isInt() && W.definedIn(M.May) ? W.I.asConstant(M.May) : std::nullopt;
    if (!C || *C <= 0 || *C > 32 || !llvm::isPowerOf2_64(*C))
      return V.isInt() && V.I.isUniform(M.May) && V.definedIn(M.May)
                 ? V
                 : Value::unknown("shuffle of an unknown width");
    Width = (unsigned)*C;
  }
  return shuffleChecked(E, shuffleKind(Name), V, L, Width, M);
}

std::optional<Value> WarpCalls::evalGroupCall(const CallExpr *E, StringRef Name,
                                              llvm::ArrayRef<const Expr *> Args,
                                              const LaneMask &M) {
  // The group a member function is called on (a static one, such as CUDA's
  // thread_block_tile::thread_rank, is a plain call of `warp.thread_rank`).
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  const Expr *Obj = MC ? MC->getImplicitObjectArgument() : nullptr;
  if (!Obj)
    if (const auto *ME = dyn_cast<MemberExpr>(E->getCallee()->IgnoreImpCasts()))
      Obj = ME->getBase();
  std::optional<Group> G;
  llvm::ArrayRef<const Expr *> Rest = Args;
  if (Obj) {
    G = groupOf(Obj, M);
  } else if (!Args.empty() && isGroupType(Args[0]->getType())) {
    G = groupOf(Args[0], M);
    Rest = Args.drop_front();
  }
  if (Name == "sync" || Name == "barrier_arrive" || Name == "barrier_wait") {
    for (const Expr *A : Rest)
      I.eval(A, M);
    return Value::unknown("void");
  }
  if (Name == "thread_rank" || Name == "size" || Name == "num_threads" ||
      Name == "group_size" || Name == "meta_group_rank" ||
      Name == "meta_group_size" || Name == "block_rank" ||
      Name == "num_blocks") {
    if (!G)
      return Value::unknown("'" + Name.str() +
                            "' of a cooperative group not followed");
    return groupQuery(*G, Name, M);
  }
  if (Name.starts_with("shfl") && G && Rest.size() >= 2) {
    Value V = I.eval(Rest[0], M), L = I.eval(Rest[1], M);
    unsigned W =
        G->Kind == Group::Tile && G->Size && G->Size <= 32 ? G->Size : 32;
    return shuffleChecked(E, shuffleKind(Name), V, L, W, M);
  }
  if ((Name == "any" || Name == "all" || Name == "ballot") && G &&
      Rest.size() == 1 && G->Kind == Group::Tile && G->Size == 32)
    return evalVote(Name, Rest[0], E, M);
  if (Name == "reduce") {
    for (const Expr *A : Rest)
      I.eval(A, M);
    bool WarpWide =
        G && (G->Kind == Group::Block || G->Kind == Group::Grid ||
              (G->Kind == Group::Tile && G->Size >= 32 && G->Size % 32 == 0));
    if (WarpWide && E->getType()->isIntegralOrEnumerationType())
      return freshUniform("reduce(...)",
                          E->getType()->isUnsignedIntegerOrEnumerationType());
    return Value::unknown(
        WarpWide ? "result of 'reduce' (not an integer)"
                 : "result of 'reduce' (one value per tile, not per warp)");
  }
  return std::nullopt;
}

std::optional<Value> WarpCalls::evalWarpCall(const CallExpr *E,
                                             const FunctionDecl *FD,
                                             StringRef Name,
                                             llvm::ArrayRef<const Expr *> Args,
                                             const LaneMask &M) {
  unsigned BID = FD->getBuiltinID();
  if (BID == Builtin::BI__builtin_assume_aligned && !Args.empty()) {
    Value P = I.eval(Args[0], M);
    for (const Expr *A : Args.drop_front())
      I.eval(A, M);
    return P;
  }
  if ((BID == Builtin::BImemcpy || BID == Builtin::BI__builtin_memcpy ||
       Name == "memcpy") &&
      Args.size() == 3)
    return evalMemcpy(E, Args, M);

  // Shuffles.
  if (isShuffleName(Name) && Args.size() >= 2)
    return evalShuffleCall(E, Name, Args, M);

  // Votes and the active mask.
  if ((Name == "__ballot_sync" || Name == "__any_sync" ||
       Name == "__all_sync") &&
      Args.size() == 2) {
    I.eval(Args[0], M);
    return evalVote(Name.drop_front(2).drop_back(5), Args[1], E, M);
  }
  if ((Name == "__ballot" || Name == "__any" || Name == "__all") &&
      Args.size() == 1)
    return evalVote(Name.drop_front(2), Args[0], E, M);
  if (Name == "__activemask" && Args.empty())
    return M.decided() ? Value::integer(LaneInt::constant(M.Must))
                       : freshUniform("__activemask()", true);

  // __mul24, __popc, ...: lane by lane, a product for symbolic 24-bit
  // operands, one uniform unknown of uniform arguments.
  if ((Name == "__mul24" || Name == "__umul24") && Args.size() == 2) {
    Value A = I.eval(Args[0], M), B = I.eval(Args[1], M);
    if (A.isInt() && B.isInt() && A.I.isConcrete() && B.I.isConcrete()) {
      std::optional<LaneInt> R = LaneInt::laneWise(
          A.I, B.I, [&](int64_t X, int64_t Y) -> std::optional<int64_t> {
            return pureIntrinsic(Name, {X, Y});
          });
      if (R)
        return derived(Value::integer(*R), A, B);
    }
    QualType T = Name == "__umul24" ? I.Ctx.UnsignedIntTy : I.Ctx.IntTy;
    return I.Arith.evalArith(BO_Mul, A, B, T, T, T);
  }

  // __popc, __clz, __ffs, __brev, abs: lane by lane when every argument is
  // known; of uniform arguments one uniform unknown; else unknown.
  if (Args.size() == 1 && pureIntrinsic(Name, {0}).has_value()) {
    Value A = I.eval(Args[0], M);
    if (A.isInt() && A.I.isConcrete()) {
      LaneArray Out;
      for (unsigned K = 0; K < kWarpSize; ++K)
        Out[K] = *pureIntrinsic(Name, {A.I.consts()[K]});
      Value R = Value::integer(LaneInt::perLane(Out));
      R.Defined = A.Defined;
      R.Deps = A.Deps;
      return R;
    }
    if (A.isInt() && A.definedIn(M.May) && A.I.isUniform(M.May)) {
      Value R = I.Symbols.symbolValue(Name.str() + "(...)",
                                      "call " + Name.str() + " " +
                                          I.Symbols.formKey(A.I, M.May),
                                      /*NonNeg=*/Name != "__brev");
      R.Deps = A.Deps;
      return R;
    }
    return unknownFrom(A, A, "result of '" + Name.str() + "'");
  }

  // Cooperative groups.
  if (!inCooperativeGroups(FD))
    return std::nullopt;
  return evalGroupCall(E, Name, Args, M);
}

Value WarpCalls::shuffleChecked(const CallExpr *E, StringRef Kind,
                                const Value &V, const Value &L, unsigned Width,
                                const LaneMask &M) {
  if (!I.WarpRun.mentionsW(V) && !I.WarpRun.mentionsW(L))
    return evalShuffle(Kind, V, L, Width, M);
  // With the warp index (InterpWarpIndex.cpp): each warp's shuffle of its
  // own values, as one form (`__shfl_sync(mask, threadIdx.x / 32, 0)`).
  I.WarpRun.noteInlined(E);
  return I.WarpRun.perWarp(
      nullptr,
      [&](int64_t W) {
        return evalShuffle(Kind, I.WarpRun.warpAt(V, W), I.WarpRun.warpAt(L, W),
                           Width, M);
      },
      "a shuffle");
}

Value WarpCalls::evalShuffle(StringRef Kind, const Value &V, const Value &L,
                             unsigned Width, const LaneMask &M) {
  if (V.isUnknown())
    return V;
  // A warp-uniform value is the same whatever lane it comes from.
  if (V.isInt() && V.definedIn(M.May) && V.I.isUniform(M.May))
    return V;
  if (!L.isInt() || !L.I.isConcrete())
    return unknownFrom(L, V, "shuffle from a lane not known in every lane");
  std::array<uint8_t, kWarpSize> From;
  LaneBits Defined = 0;
  for (unsigned K = 0; K < kWarpSize; ++K) {
    int64_t Arg = L.I.consts()[K];
    int64_t Seg = K & ~(int64_t)(Width - 1), Pos = K & (Width - 1);
    int64_t Src = K;
    if (Kind == "idx")
      Src = Seg + (Arg & (Width - 1));
    else if (Kind == "up")
      Src = Pos >= Arg ? K - Arg : K;
    else if (Kind == "down")
      Src = Pos + Arg < (int64_t)Width ? K + Arg : K;
    else if (Kind == "xor")
      Src = (K ^ Arg) >= Seg + (int64_t)Width || (K ^ Arg) < 0 ? K : K ^ Arg;
    else
      return Value::unknown("shuffle not followed");
    if (Src < 0 || Src >= (int64_t)kWarpSize)
      Src = K;
    From[K] = (uint8_t)Src;
    LaneBits SrcBit = LaneBits(1) << Src;
    if ((L.Defined >> K & 1) && (V.Defined & SrcBit) && (M.Must & SrcBit))
      Defined |= LaneBits(1) << K;
  }
  Value R = V;
  R.I = V.I.permuted(From);
  R.Defined = Defined;
  appendDeps(R.Deps, L.Deps);
  if ((Defined & M.May) != M.May && R.Reason.empty())
    R.Reason = "shuffle from a lane that may be inactive";
  return R;
}

Value WarpCalls::evalVote(StringRef Kind, const Expr *Pred, const CallExpr *E,
                          const LaneMask &M) {
  LaneBool B = I.evalCond(Pred, M);
  if (M.decided() && ((B.True | B.False) & M.Must) == M.Must) {
    LaneBits T = B.True & M.Must;
    int64_t V = Kind == "ballot" ? (int64_t)T
                : Kind == "any"  ? (int64_t)(T != 0)
                                 : (int64_t)(T == M.Must);
    return Value::integer(LaneInt::constant(V));
  }
  return freshUniform(Kind.str() + "(...)", true);
}

Value WarpCalls::evalMemcpy(const CallExpr *E,
                            llvm::ArrayRef<const Expr *> Args,
                            const LaneMask &M) {
  Value Dst = I.eval(Args[0], M), Src = I.eval(Args[1], M),
        N = I.eval(Args[2], M);
  std::optional<int64_t> Bytes =
      N.isInt() && N.definedIn(M.May) ? N.I.asConstant(M.May) : std::nullopt;
  // The type of the bytes moved: the pointee of either side when it has
  // that size, else an integer of that size.
  QualType Ty;
  for (const Expr *A : {Args[1], Args[0]}) {
    QualType P = A->IgnoreParenImpCasts()->getType();
    if (Ty.isNull() && P->isPointerType() && Bytes &&
        I.Memory.sizeOf(P->getPointeeType()) == *Bytes)
      Ty = P->getPointeeType();
  }
  if (Ty.isNull() && Bytes && llvm::is_contained({1, 2, 4, 8}, *Bytes))
    Ty = I.Ctx.getIntTypeForBitwidth(*Bytes * 8, false);
  if (Ty.isNull() && Bytes && *Bytes == 16)
    Ty = I.Ctx.UnsignedInt128Ty;
  if (!Ty.isNull() && Src.isPtr())
    I.Memory.record(Args[1], AccessOp::Load, LValue::memory(Src), Ty, M);
  if (Dst.isPtr() && Dst.Base->Space == MemObject::Local) {
    // The destination local gets bytes the analysis does not follow.
    if (Dst.Base->Decl && I.Memory.lookup(Dst.Base->Decl))
      I.Memory.writeVar(Dst.Base->Decl,
                        Value::unknown("value copied by memcpy"), M);
  } else if (!Ty.isNull() && Dst.isPtr()) {
    I.Memory.record(Args[0], AccessOp::Store, LValue::memory(Dst), Ty, M);
  }
  (void)E;
  return Dst;
}

bool ccl::isShuffleName(StringRef Name) {
  return Name == "__shfl_sync" || Name == "__shfl_up_sync" ||
         Name == "__shfl_down_sync" || Name == "__shfl_xor_sync" ||
         Name == "__shfl" || Name == "__shfl_up" || Name == "__shfl_down" ||
         Name == "__shfl_xor";
}
