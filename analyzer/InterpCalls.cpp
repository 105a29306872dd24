//===- InterpCalls.cpp - Calls, CUDA builtins and kernel launches ---------===//
//
// evalCall is the rule of every CallExpr kind:
//   kernel<<<grid, block>>>(...)   in host code run by runHost: reports the
//                                  block shape (evalDim3) to the launch hook
//   trivial struct operator=       a load of the source, a store of the
//                                  destination
//   __syncthreads, assert, ...     no-ops (arguments evaluated)
//   atomic*, __ldg, __stcg, ...    an access of the pointed-to memory
//   min, max, ...                  lane by lane, or a uniform symbol
//   __shfl_sync, __ballot_sync,    InterpWarp.cpp (evalWarpCall)
//   cooperative groups, memcpy
//   std::move, std::forward        the argument
//   user code with a body          inlined (callFunction); member functions,
//                                  functors and lambdas with `this` bound;
//                                  a reference to a caller's local is
//                                  copied in and back out
//   anything else                  arguments evaluated, result Unknown;
//                                  an integer library function of
//                                  warp-uniform integers is a uniform
//                                  unknown
// The CUDA builtin variables (threadIdx, blockIdx, blockDim, gridDim) are
// evalCudaBuiltin.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

namespace {
bool startsWithAny(StringRef N, std::initializer_list<StringRef> Ps) {
  for (StringRef P : Ps)
    if (N.starts_with(P))
      return true;
  return false;
}

bool isAtomicBuiltin(StringRef Name) {
  return Name.starts_with("atomic") || Name.starts_with("__nv_atomic");
}
bool isLoadBuiltin(StringRef Name) {
  return startsWithAny(
      Name, {"__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"});
}
bool isStoreBuiltin(StringRef Name) {
  return startsWithAny(Name, {"__stcg", "__stcs", "__stwb", "__stwt"});
}
bool isMinMax(StringRef Name) {
  return Name == "min" || Name == "max" || Name == "umin" || Name == "umax" ||
         Name == "llmin" || Name == "llmax" || Name == "ullmin" ||
         Name == "ullmax";
}

/// A trivial copy or move assignment of a struct (`dst[i] = src[i]`).
bool isTrivialStructAssign(const CallExpr *E, const FunctionDecl *FD,
                           size_t NumArgs) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  return OC && OC->getOperator() == OO_Equal && MD &&
         (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()) &&
         MD->isTrivial() && NumArgs == 2;
}
} // namespace

Value Interpreter::evalCall(const CallExpr *E, const LaneMask &M) {
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E))
    return evalKernelLaunch(K, M);
  const FunctionDecl *FD = E->getDirectCallee();
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());
  if (isTrivialStructAssign(E, FD, Args.size()))
    return evalTrivialAssign(Args, M);
  if (!FD) {
    for (const Expr *A : Args)
      eval(A, M);
    return Value::unknown("indirect call");
  }
  StringRef Name = FD->getIdentifier() ? FD->getName() : StringRef();
  const SourceManager &SM = Ctx.getSourceManager();

  // A function the project itself declares and defines shadows a builtin
  // of the same name (a user's `atomicMaxFloat` is its body, not an
  // atomic): inlined before any name is matched. The CUDA headers and the
  // linter's own stand-ins are system headers (#pragma clang
  // system_header).
  if (!SM.isInSystemHeader(
          SM.getExpansionLoc(FD->getFirstDecl()->getLocation())))
    if (const FunctionDecl *Def = followedDefinition(FD, SM))
      if (std::optional<Value> R = evalInlined(E, Def, Args, M))
        return *R;

  // Warp-level intrinsics, cooperative groups, memcpy (InterpWarp.cpp).
  if (std::optional<Value> R = evalWarpCall(E, FD, Name, Args, M))
    return *R;
  // CUDA intrinsics the model knows.
  if (startsWithAny(Name, {"__syncthreads", "__syncwarp", "__threadfence",
                           "__builtin_assume", "__trap", "assert"})) {
    for (const Expr *A : Args)
      eval(A, M);
    return Value::unknown("void");
  }
  if ((isAtomicBuiltin(Name) || isLoadBuiltin(Name) || isStoreBuiltin(Name)) &&
      !Args.empty() && Args[0]->getType()->isPointerType())
    return evalMemoryBuiltin(E, Name, Args, M);
  if (isMinMax(Name) && Args.size() == 2)
    return evalMinMax(E, Name, Args, M);

  // std::move / std::forward: the argument itself.
  if ((Name == "move" || Name == "forward") && Args.size() == 1 &&
      FD->isInStdNamespace())
    return eval(Args[0], M);

  // User code with a body: inline it.
  if (const FunctionDecl *Def = followedDefinition(FD, SM))
    if (std::optional<Value> R = evalInlined(E, Def, Args, M))
      return *R;

  // An assignment operator of a class not inlined (__half2, __nv_bfloat16
  // in cuda_fp16.hpp: a body in a system header, or none): `o[i] = v` is a
  // store to o[i] (after loading v if it is memory), `o[i] += v` a load and
  // a store of o[i].
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (OC->isAssignmentOp() && Args.size() == 2 && isa<CXXMethodDecl>(FD)) {
      const Expr *RHS = Args[1];
      if (RHS->isGLValue()) {
        LValue Src = evalLValue(RHS, M);
        if (Src.Kind == LValue::Memory)
          load(RHS, Src, M);
      } else {
        eval(RHS, M);
      }
      LValue Dst = evalLValue(Args[0], M);
      if (OC->getOperator() != OO_Equal && Dst.Kind == LValue::Memory)
        load(Args[0], Dst, M);
      store(Args[0], Dst, Value::unknown("struct value"), M);
      return Value::unknown("struct value");
    }

  // Anything else (math functions, library code): evaluate the arguments for
  // their accesses; the result is unknown, except that an integer function
  // of warp-uniform integers (no pointer or reference, no object) is one
  // warp-uniform unknown per function and argument forms.
  llvm::SmallVector<Value, 4> Vals;
  for (const Expr *A : Args)
    Vals.push_back(eval(A, M));
  // A local whose address or non-const reference goes to code not followed
  // may be changed there.
  for (unsigned I = 0; I < Args.size() && I < FD->getNumParams(); ++I) {
    QualType PT = FD->getParamDecl(I)->getType();
    if (PT->isPointerType() && !PT->getPointeeType().isConstQualified())
      forgetLocal(Vals[I]);
    if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
      if (const auto *DR =
              dyn_cast<DeclRefExpr>(Args[I]->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          if (Binding *B = lookup(VD); B && !B->IsRef) {
            B->V = Value::unknown("value changed by a call not followed");
            B->Elems.clear();
          }
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    eval(Obj, M);
    // A non-const member function not followed may change its object.
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (Obj && MD && !MD->isConst() && !Obj->getType()->isPointerType())
      if (const auto *DR = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          if (Binding *B = lookup(VD); B && !B->IsRef)
            B->Elems.clear();
  } else if (!Vals.empty() && !isa<CXXMethodDecl>(FD) &&
             E->getType()->isIntegralOrEnumerationType() &&
             !E->getType()->isBooleanType() &&
             (FD->getBuiltinID() || Name.starts_with("__") ||
              SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))) {
    // Library code and (reserved) __intrinsics only: a user function
    // defined in another file may read threadIdx itself.
    bool Uniform = true;
    std::string Key = "call " + FD->getQualifiedNameAsString();
    for (unsigned I = 0; I < Vals.size() && Uniform; ++I) {
      QualType PT = I < FD->getNumParams() ? FD->getParamDecl(I)->getType()
                                           : Args[I]->getType();
      Uniform = PT->isIntegralOrEnumerationType() && Vals[I].isInt() &&
                Vals[I].definedIn(M.May) && Vals[I].I.isUniform(M.May);
      if (Uniform)
        Key += " " + formKey(Vals[I].I, M.May);
    }
    if (Uniform) {
      Value R = symbolValue(FD->getNameAsString() + "(...)", Key,
                            E->getType()->isUnsignedIntegerOrEnumerationType());
      for (const Value &V : Vals)
        appendDeps(R.Deps, V.Deps);
      return R;
    }
  }
  Value R = Value::unknown(("result of '" + FD->getNameAsString() + "'"));
  for (const Value &V : Vals)
    appendDeps(R.Deps, V.Deps);
  return R;
}

Value Interpreter::evalKernelLaunch(const CUDAKernelCallExpr *E,
                                    const LaneMask &M) {
  // A launch in host code run by runHost: report its block shape.
  if (OnLaunch && E->getConfig() && E->getConfig()->getNumArgs() >= 2)
    OnLaunch(E, evalDim3(E->getConfig()->getArg(1), M));
  return Value::unknown("kernel launch");
}

Value Interpreter::evalTrivialAssign(llvm::ArrayRef<const Expr *> Args,
                                     const LaneMask &M) {
  // Load the source, store the destination.
  LValue Src = evalLValue(Args[1], M);
  if (Src.Kind == LValue::Memory)
    load(Args[1], Src, M);
  LValue Dst = evalLValue(Args[0], M);
  store(Args[0], Dst, Value::unknown("struct value"), M);
  return Value::unknown("struct value");
}

Value Interpreter::evalMemoryBuiltin(const CallExpr *E, StringRef Name,
                                     llvm::ArrayRef<const Expr *> Args,
                                     const LaneMask &M) {
  // With the warp index (InterpWarpIndex.cpp): the pointer is an access
  // event's address (and a load's key, checked there); the other operands
  // are dropped.
  if (WI.On)
    WI.Inlined.insert(E);
  Value P = eval(Args[0], M);
  LValue L =
      P.isPtr() ? LValue::memory(P)
                : LValue::unknown(P.Reason.empty() ? "pointer of unknown origin"
                                                   : P.Reason);
  for (size_t I = 1; I < Args.size(); ++I)
    eval(Args[I], M);
  QualType Ty = Args[0]->getType()->getPointeeType();
  if (isAtomicBuiltin(Name))
    record(E, AccessOp::Atomic, L, Ty, M);
  else if (isLoadBuiltin(Name))
    return load(E, L, M);
  else
    record(E, AccessOp::Store, L, Ty, M);
  return Value::unknown("value loaded from memory");
}

Value Interpreter::evalMinMax(const CallExpr *E, StringRef Name,
                              llvm::ArrayRef<const Expr *> Args,
                              const LaneMask &M) {
  Value A = eval(Args[0], M), B = eval(Args[1], M);
  if (!mentionsW(A) && !mentionsW(B))
    return minMaxOf(Name, A, B, M);
  // With the warp index (InterpWarpIndex.cpp): each warp's min or max of
  // its own operands, as one form (a warp whose run would split into cases
  // stops the run with the warp index).
  WI.Inlined.insert(E);
  // Where each warp's min or max splits its run into cases at a threshold
  // that moves with the warp index (`min(t, t2b + block.thread_rank())`:
  // every warp's lanes are clamped in the same 33 cases), the run with the
  // warp index splits as well, once for all warps, and each warp's own
  // result must be that case's with its index.
  std::optional<Value> Sym;
  bool IsMin = Name.contains("min");
  // (Only where the threshold has an unknown besides W: where it is W
  // alone, each warp's operands are concrete and it makes no split.)
  std::optional<LaneInt> Diff = IsMin ? sub(A.I, B.I) : sub(B.I, A.I);
  bool OtherUnknown =
      A.isInt() && B.isInt() && Diff &&
      llvm::any_of(Diff->terms(), [this](const LaneInt::Term &T) {
        return residualOf(T.Sym) == -1;
      });
  // (An unknown in the difference: the operands are not both concrete, so
  // minMaxOf would not fold them lane by lane.)
  if (OtherUnknown && !(A.I.isUniform() && B.I.isUniform())) {
    WI.CaseW = {};
    WI.CaseW.Allow = true;
    std::optional<Value> C = clampCases(A, B, IsMin, M);
    WI.CaseW.Allow = false;
    if (C && WI.CaseW.Made)
      Sym = derived(*C, A, B);
    else
      WI.CaseW.Made = false;
  }
  Value R = perWarp(
      Sym ? &*Sym : nullptr,
      [&](int64_t W) {
        WI.CaseW.Calls = 0;
        Value V = minMaxOf(Name, warpAt(A, W), warpAt(B, W), M);
        if ((WI.CaseW.Made || WI.CaseW.Refused) && WI.CaseW.Calls != 1)
          WI.CaseW.Mismatch = true;
        return V;
      },
      "a min or max");
  bool Mismatch = WI.CaseW.Mismatch;
  WI.CaseW = {};
  if (Mismatch)
    warpEscape("a min or max whose warps split into other cases");
  return R;
}

Value Interpreter::minMaxOf(StringRef Name, const Value &A, const Value &B,
                            const LaneMask &M) {
  if (A.isInt() && B.isInt()) {
    bool IsMin = Name.contains("min");
    std::optional<LaneInt> R = LaneInt::laneWise(
        A.I, B.I, [IsMin](int64_t X, int64_t Y) -> std::optional<int64_t> {
          return IsMin ? std::min(X, Y) : std::max(X, Y);
        });
    if (R)
      return derived(Value::integer(*R), A, B);
    if (A.I.isUniform() && B.I.isUniform())
      return derived(opaqueSymbol(A, B, IsMin ? "min" : "max"), A, B);
    if (std::optional<Value> C = clampCases(A, B, IsMin, M))
      return derived(*C, A, B);
  }
  return unknownFrom(A, B, ("result of '" + Name + "'").str());
}

/// min(A, B) takes A in lane k where D_k = A_k - B_k <= 0 (max: where
/// B_k - A_k <= 0). When D_k = d_k + U, d_k a per-lane constant and U a
/// warp-uniform unknown part (`min(blockIdx.x * 32 + threadIdx.x, w - 1)`:
/// d_k = k + 1, U = 32*blockIdx.x - w), lane k takes A exactly where
/// d_k <= t with t = -U one unknown threshold. With v_1 < ... < v_m the
/// distinct d_k of the lanes that may be active, the cases are: t < v_1
/// (every lane takes B), v_i <= t < v_{i+1} (lanes with d_k <= v_i take A,
/// the others B), t >= v_m (every lane takes A). Where v_{i+1} - v_i is 1,
/// t is v_i, so U = -v_i and the clamped lanes' B_k = A_k - d_k + v_i,
/// written with A's unknowns (the clamped lanes hold the last unclamped
/// lane's value): their addresses keep A's alignment. Otherwise they keep
/// B's form. The warp runs once per case (caseSplit); accesses after it
/// are not exact.
std::optional<Value> Interpreter::clampCases(const Value &A, const Value &B,
                                             bool IsMin, const LaneMask &M) {
  LaneBits Lanes = M.May & A.Defined & B.Defined;
  if (!Lanes)
    return std::nullopt;
  std::optional<LaneInt> D = IsMin ? sub(A.I, B.I) : sub(B.I, A.I);
  if (!D || D->isConcrete())
    return std::nullopt;
  unsigned L0 = llvm::countr_zero(Lanes);
  for (const LaneInt::Term &T : D->terms())
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((Lanes >> K & 1) && T.Coef[K] != T.Coef[L0])
        return std::nullopt;
  // U: D's unknown part (the same in every lane of Lanes); d_k = D_k - U.
  // With the warp index (evalMinMax): also U without W (Rest) and W's
  // coefficient CW, for the keys the warps' own runs give this point.
  bool WarpKeys = WI.CaseW.Allow;
  LaneInt U = LaneInt::constant(0), Rest = U;
  int64_t CW = 0;
  for (const LaneInt::Term &T : D->terms()) {
    std::optional<LaneInt> P =
        mul(LaneInt::symbol(T.Sym), LaneInt::constant(T.Coef[L0]));
    std::optional<LaneInt> S = P ? add(U, *P) : std::nullopt;
    if (!S)
      return std::nullopt;
    U = *S;
    if (!WarpKeys)
      continue;
    if (residualOf(T.Sym) == -2) {
      CW = T.Coef[L0];
    } else {
      std::optional<LaneInt> R = add(Rest, *P);
      if (!R)
        return std::nullopt;
      Rest = *R;
    }
  }
  std::optional<LaneInt> Dc = sub(*D, U);
  if (!Dc)
    return std::nullopt;
  std::vector<int64_t> Vals;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (Lanes >> K & 1)
      Vals.push_back(Dc->consts()[K]);
  llvm::sort(Vals);
  Vals.erase(std::unique(Vals.begin(), Vals.end()), Vals.end());
  unsigned N = Vals.size() + 1;
  auto KeyOf = [&](const LaneInt &Form, int64_t Shift) {
    std::string K = "clamp " + formKey(Form, kAllLanes);
    for (int64_t V : Vals)
      K += " " + std::to_string(V + Shift);
    return K;
  };
  std::string Key = KeyOf(U, 0);
  // With the warp index in U: the key warp w's own run gives this point,
  // W's part CW*w moved into every lane's constant.
  WI.CaseW.WarpKeys.clear();
  if (WarpKeys && mentionsW(U))
    for (unsigned W : WI.Set)
      WI.CaseW.WarpKeys.push_back(KeyOf(Rest, CW * int64_t(W)));
  std::optional<unsigned> Case = caseSplit(N, Key, symbolsOf(U));
  if (!Case)
    return std::nullopt;
  if (*Case == 0)
    return B;
  if (*Case == N - 1)
    return A;
  int64_t Vi = Vals[*Case - 1];
  LaneBits TakeA = 0;
  for (unsigned K = 0; K < kWarpSize; ++K)
    if (!(Lanes >> K & 1) || Dc->consts()[K] <= Vi)
      TakeA |= LaneBits(1) << K;
  LaneInt Other = B.I;
  if (Vals[*Case] - Vi == 1) {
    // t = v_i: B_k = A_k - (d_k - v_i).
    LaneArray Shift;
    for (unsigned K = 0; K < kWarpSize; ++K)
      Shift[K] = Dc->consts()[K] - Vi;
    std::optional<LaneInt> BA = IsMin ? sub(A.I, LaneInt::perLane(Shift))
                                      : add(A.I, LaneInt::perLane(Shift));
    if (BA)
      Other = *BA;
  }
  Value R = A;
  R.I = LaneInt::select(TakeA, A.I, Other);
  return R;
}

std::optional<Value> Interpreter::evalInlined(const CallExpr *E,
                                              const FunctionDecl *Def,
                                              llvm::ArrayRef<const Expr *> Args,
                                              const LaneMask &M) {
  // Member functions, functors and lambdas run with `this` bound to their
  // object.
  const auto *MD = dyn_cast<CXXMethodDecl>(Def);
  if (!MD || MD->isStatic())
    return callFunction(Def, Args, E, M);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    LValue This;
    if (Obj && Obj->getType()->isPointerType()) {
      Value P = eval(Obj, M);
      This = P.isPtr() ? LValue::memory(P)
                       : LValue::unknown("object of unknown address");
    } else if (Obj) {
      This = evalLValue(Obj, M);
    }
    return callFunction(Def, Args, E, M, This);
  }
  if (isa<CXXOperatorCallExpr>(E) && !Args.empty()) {
    LValue This = evalLValue(Args[0], M);
    return callFunction(Def, Args.drop_front(), E, M, This);
  }
  return std::nullopt;
}

Value Interpreter::callFunction(const FunctionDecl *FD,
                                llvm::ArrayRef<const Expr *> Args,
                                const Expr *CallSite, const LaneMask &M,
                                std::optional<LValue> This) {
  if (WI.On && CallSite)
    WI.Inlined.insert(CallSite);
  if (Frames.size() > Opts.MaxCallDepth) {
    for (const Expr *A : Args)
      eval(A, M);
    if (Incomplete.empty())
      Incomplete = "calls nest deeper than " +
                   std::to_string(Opts.MaxCallDepth) + " (at '" +
                   FD->getNameAsString() + "'; recursion?)";
    return Value::unknown("call depth limit reached at '" +
                          FD->getNameAsString() +
                          "' (recursive device functions?)");
  }
  Frame F;
  F.Fn = FD;
  F.This = std::move(This);
  if (WantRefFor && WantRefFor == FD) {
    F.WantRef = true;
    WantRefFor = nullptr;
  }
  if (DiscardFor && DiscardFor == FD) {
    F.Discard = true;
    DiscardFor = nullptr;
  }
  if (ReadAtFor && ReadAtFor == FD && ReadAtCall == CallSite) {
    F.ReadAt = ReadAtCall;
    F.ReadAtFn = Frames.empty() ? nullptr : Frames.back().Fn;
    ReadAtFor = nullptr;
    ReadAtCall = nullptr;
  }
  // A reference to a caller's local is passed in by value and its final
  // value copied back out (an out-parameter), so the callee's paths and
  // loops treat it as one of its own variables.
  llvm::SmallVector<std::pair<const ParmVarDecl *, const VarDecl *>, 2> Out;
  for (unsigned I = 0; I < FD->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    Binding B;
    if (isGroupType(P->getType()))
      if (std::optional<Group> G = groupOf(Args[I], M))
        F.Groups[P] = *G;
    if (P->getType()->isReferenceType()) {
      B.IsRef = true;
      B.Ref = evalLValue(Args[I], M);
      if (B.Ref.Kind == LValue::Var) {
        B.IsRef = false;
        B.V = readVar(B.Ref.Decl);
        if (Binding *CB = lookup(B.Ref.Decl))
          B.Elems = CB->Elems;
        if (!P->getType().getNonReferenceType().isConstQualified())
          Out.push_back({P, B.Ref.Decl});
      }
    } else {
      B.V = eval(Args[I], M);
    }
    F.Vars[P] = B;
  }
  // A lambda's operator(): the captures its closure copied.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  auto Closure = Closures.end();
  if (MD && MD->getParent()->isLambda()) {
    Closure = Closures.find(MD->getParent());
    if (Closure != Closures.end())
      for (const auto &[VD, B] : Closure->second)
        F.Vars.emplace(VD, B);
  }
  Frames.push_back(std::move(F));
  std::vector<LoopCtx> SavedLoops;
  std::swap(SavedLoops, Loops);
  exec(FD->getBody(), M);
  std::swap(SavedLoops, Loops);
  // A `mutable` lambda keeps what it changed in its copies.
  if (Closure != Closures.end() && !MD->isConst())
    for (auto &[VD, B] : Closure->second)
      B = Frames.back().Vars[VD];
  Value R = Frames.back().RetVal;
  if (!Frames.back().HasRet)
    R = Value::unknown("void");
  if (Frames.back().WantRef)
    LastRetRef = Frames.back().RetRef;
  llvm::SmallVector<std::pair<const VarDecl *, Binding>, 2> Back;
  for (auto [P, D] : Out)
    Back.push_back({D, Frames.back().Vars[P]});
  Frames.pop_back();
  for (auto &[D, PB] : Back) {
    writeVar(D, PB.V, M);
    if (Binding *CB = lookup(D))
      CB->Elems = PB.Elems;
  }
  return R;
}

// ---- CUDA builtin variables and launch shapes
// -----------------------------------

// threadIdx / blockIdx / blockDim / gridDim: PseudoObjectExpr over an
// MSPropertyRefExpr on the builtin variable.
Value Interpreter::evalCudaBuiltin(const PseudoObjectExpr *E) {
  const auto *Prop =
      // `(threadIdx.x)` (a macro's parenthesized argument): the parentheses
      // are inside the syntactic form.
      dyn_cast<MSPropertyRefExpr>(
          E->getSyntacticForm()->IgnoreImplicit()->IgnoreParens());
  if (!Prop)
    return Value::unknown("unsupported pseudo-object expression");
  const Expr *BaseE = Prop->getBaseExpr()->IgnoreImplicit();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(BaseE))
    BaseE = OVE->getSourceExpr()->IgnoreImplicit();
  const auto *Base = dyn_cast_or_null<DeclRefExpr>(BaseE);
  if (!Base)
    return Value::unknown("unsupported property access");
  StringRef Var = Base->getDecl()->getName();
  StringRef Field = Prop->getPropertyDecl()->getName();
  unsigned Dim = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (Dim == 3)
    return Value::unknown("unknown builtin field");
  return builtinField(Var, Dim);
}

/// Field \p Dim (0: x, 1: y, 2: z) of threadIdx, blockIdx, blockDim or
/// gridDim.
Value Interpreter::builtinField(StringRef Var, unsigned Dim) {
  if (Var == "threadIdx")
    return Value::integer(WI.On ? WI.Tid[Dim] : LaneInt::perLane(Tid[Dim]));
  if (Var == "blockDim")
    return Value::integer(LaneInt::constant(Dim == 0   ? Block.X
                                            : Dim == 1 ? Block.Y
                                                       : Block.Z));
  if (Var == "blockIdx" || Var == "gridDim")
    return symbolValue((Var + "." +
                        StringRef(Dim == 0   ? "x"
                                  : Dim == 1 ? "y"
                                             : "z"))
                           .str());
  return Value::unknown(("unsupported builtin '" + Var + "'").str());
}

std::optional<Dim3> Interpreter::evalDim3(const Expr *E, const LaneMask &M) {
  // An expression clang could not type (a recovery expression for
  // `dim3 g(unknown_fn(n))`) has no shape.
  if (!E || E->getType().isNull() || E->containsErrors())
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(FC->getSubExpr(), M);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalDim3(MT->getSubExpr(), M);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return evalDim3(BT->getSubExpr(), M);
  if (const auto *EW = dyn_cast<ExprWithCleanups>(E))
    return evalDim3(EW->getSubExpr(), M);
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    auto It = Dim3Vars.find(dyn_cast<VarDecl>(DR->getDecl()));
    return It == Dim3Vars.end() ? std::nullopt : It->second;
  }
  auto Component = [&](const Expr *A) -> std::optional<unsigned> {
    Value V = eval(A, M);
    if (!V.isInt() || !(V.Defined & 1))
      return std::nullopt;
    std::optional<int64_t> C = V.I.asConstant(1);
    if (!C || *C <= 0 || *C > 1024)
      return std::nullopt;
    return (unsigned)*C;
  };
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() &&
        CE->getNumArgs() == 1)
      return evalDim3(CE->getArg(0), M);
    unsigned D[3] = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      std::optional<unsigned> C = Component(CE->getArg(I));
      if (!C)
        return std::nullopt;
      D[I] = *C;
    }
    return Dim3{D[0], D[1], D[2]};
  }
  if (E->getType()->isIntegerType())
    if (std::optional<unsigned> C = Component(E))
      return Dim3{*C, 1, 1};
  return std::nullopt;
}
