//===- InterpCalls.cpp - Calls, CUDA builtins and kernel launches ---------===//
//
// evalCall is the rule of every CallExpr kind:
//   kernel<<<grid, block>>>(...)   in host code run by runHost: reports the
//                                  block shape (evalDim3) to the launch hook
//   trivial struct operator=       a load of the source, a store of the
//                                  destination
//   __syncthreads, assert, ...     no-ops (arguments evaluated)
//   atomic*, __ldg, __stcg, ...    an access of the pointed-to memory
//   min, max, ...                  InterpMinMax.cpp: lane by lane, or a
//                                  uniform symbol
//   __shfl_sync, __ballot_sync,    InterpWarp.cpp (evalWarpCall),
//   cooperative groups, memcpy     InterpGroups.cpp
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

std::optional<Value>
CallRules::evalAssignNotInlined(const CallExpr *E, const FunctionDecl *FD,
                                llvm::ArrayRef<const Expr *> Args,
                                const LaneMask &M) {
  // An assignment operator of a class not inlined (__half2, __nv_bfloat16
  // in cuda_fp16.hpp: a body in a system header, or none): `o[i] = v` is a
  // store to o[i] (after loading v if it is memory), `o[i] += v` a load and
  // a store of o[i].
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  if (!OC || !OC->isAssignmentOp() || Args.size() != 2 ||
      !isa<CXXMethodDecl>(FD))
    return std::nullopt;
  const Expr *RHS = Args[1];
  if (RHS->isGLValue()) {
    I.Memory.loadCopied(RHS, M, /*Unfollowed=*/false);
  } else {
    I.eval(RHS, M);
  }
  LValue Dst = I.Memory.evalLValue(Args[0], M);
  if (OC->getOperator() != OO_Equal && Dst.Kind == LValue::Memory)
    I.Memory.load(Args[0], Dst, M);
  I.Memory.store(Args[0], Dst, Value::unknown("struct value"), M);
  return Value::unknown("struct value");
}

Value CallRules::evalCallNotFollowed(const CallExpr *E, const FunctionDecl *FD,
                                     StringRef Name,
                                     llvm::ArrayRef<const Expr *> Args,
                                     const LaneMask &M) {
  const SourceManager &SM = I.Ctx.getSourceManager();
  // Anything else (math functions, library code): evaluate the arguments for
  // their accesses; the result is unknown, except that an integer function
  // of warp-uniform integers (no pointer or reference, no object) is one
  // warp-uniform unknown per function and argument forms.
  llvm::SmallVector<Value, 4> Vals;
  for (const Expr *A : Args)
    Vals.push_back(I.eval(A, M));
  // A local whose address or non-const reference goes to code not followed
  // may be changed there.
  for (unsigned Ix = 0; Ix < Args.size() && Ix < FD->getNumParams(); ++Ix) {
    QualType PT = FD->getParamDecl(Ix)->getType();
    if (PT->isPointerType() && !PT->getPointeeType().isConstQualified())
      I.Memory.forgetLocal(Vals[Ix]);
    if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
      if (const auto *DR =
              dyn_cast<DeclRefExpr>(Args[Ix]->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          if (Binding *B = I.Memory.lookup(VD); B && !B->IsRef) {
            B->V = Value::unknown("value changed by a call not followed");
            B->Elems.clear();
          }
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const Expr *Obj = MC->getImplicitObjectArgument();
    I.eval(Obj, M);
    // A non-const member function not followed may change its object.
    const auto *MD = dyn_cast<CXXMethodDecl>(FD);
    if (Obj && MD && !MD->isConst() && !Obj->getType()->isPointerType())
      if (const auto *DR = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          if (Binding *B = I.Memory.lookup(VD); B && !B->IsRef)
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
    for (unsigned Ix = 0; Ix < Vals.size() && Uniform; ++Ix) {
      QualType PT = Ix < FD->getNumParams() ? FD->getParamDecl(Ix)->getType()
                                            : Args[Ix]->getType();
      Uniform = PT->isIntegralOrEnumerationType() && Vals[Ix].isInt() &&
                Vals[Ix].definedIn(M.May) && Vals[Ix].I.isUniform(M.May);
      if (Uniform)
        Key += " " + I.Symbols.formKey(Vals[Ix].I, M.May);
    }
    if (Uniform) {
      Value R = I.Symbols.symbolValue(
          FD->getNameAsString() + "(...)", Key,
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

Value CallRules::evalCall(const CallExpr *E, const LaneMask &M) {
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E))
    return evalKernelLaunch(K, M);
  const FunctionDecl *FD = E->getDirectCallee();
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());
  if (isTrivialStructAssign(E, FD, Args.size()))
    return evalTrivialAssign(Args, M);
  if (!FD) {
    for (const Expr *A : Args)
      I.eval(A, M);
    return Value::unknown("indirect call");
  }
  StringRef Name = FD->getIdentifier() ? FD->getName() : StringRef();
  const SourceManager &SM = I.Ctx.getSourceManager();

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
  if (std::optional<Value> R = I.WarpCall.evalWarpCall(E, FD, Name, Args, M))
    return *R;
  // CUDA intrinsics the model knows.
  if (startsWithAny(Name, {"__syncthreads", "__syncwarp", "__threadfence",
                           "__builtin_assume", "__trap", "assert"})) {
    for (const Expr *A : Args)
      I.eval(A, M);
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
    return I.eval(Args[0], M);

  // User code with a body: inline it.
  if (const FunctionDecl *Def = followedDefinition(FD, SM))
    if (std::optional<Value> R = evalInlined(E, Def, Args, M))
      return *R;

  // An assignment operator of a class not inlined: a store.
  if (std::optional<Value> R = evalAssignNotInlined(E, FD, Args, M))
    return *R;

  return evalCallNotFollowed(E, FD, Name, Args, M);
}

Value CallRules::evalKernelLaunch(const CUDAKernelCallExpr *E,
                                  const LaneMask &M) {
  // A launch in host code run by runHost: report its block shape.
  if (OnLaunch && E->getConfig() && E->getConfig()->getNumArgs() >= 2)
    OnLaunch(E, evalDim3(E->getConfig()->getArg(1), M));
  return Value::unknown("kernel launch");
}

Value CallRules::evalTrivialAssign(llvm::ArrayRef<const Expr *> Args,
                                   const LaneMask &M) {
  // Load the source, store the destination.
  I.Memory.loadCopied(Args[1], M, /*Unfollowed=*/false);
  LValue Dst = I.Memory.evalLValue(Args[0], M);
  I.Memory.store(Args[0], Dst, Value::unknown("struct value"), M);
  return Value::unknown("struct value");
}

Value CallRules::evalMemoryBuiltin(const CallExpr *E, StringRef Name,
                                   llvm::ArrayRef<const Expr *> Args,
                                   const LaneMask &M) {
  // With the warp index (InterpWarpIndex.cpp): the pointer is an access
  // event's address (and a load's key, checked there); the other operands
  // are dropped.
  I.WarpRun.noteInlined(E);
  Value P = I.eval(Args[0], M);
  LValue L =
      P.isPtr() ? LValue::memory(P)
                : LValue::unknown(P.Reason.empty() ? "pointer of unknown origin"
                                                   : P.Reason);
  for (size_t Ix = 1; Ix < Args.size(); ++Ix)
    I.eval(Args[Ix], M);
  QualType Ty = Args[0]->getType()->getPointeeType();
  if (isAtomicBuiltin(Name))
    I.Memory.record(E, AccessOp::Atomic, L, Ty, M);
  else if (isLoadBuiltin(Name))
    return I.Memory.load(E, L, M);
  else
    I.Memory.record(E, AccessOp::Store, L, Ty, M);
  return Value::unknown("value loaded from memory");
}

std::optional<Value> CallRules::evalInlined(const CallExpr *E,
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
      Value P = I.eval(Obj, M);
      This = P.isPtr() ? LValue::memory(P)
                       : LValue::unknown("object of unknown address");
    } else if (Obj) {
      This = I.Memory.evalLValue(Obj, M);
    }
    return callFunction(Def, Args, E, M, This);
  }
  if (isa<CXXOperatorCallExpr>(E) && !Args.empty()) {
    LValue This = I.Memory.evalLValue(Args[0], M);
    return callFunction(Def, Args.drop_front(), E, M, This);
  }
  return std::nullopt;
}

CallRules::OutParams CallRules::bindArguments(Frame &F, const FunctionDecl *FD,
                                              llvm::ArrayRef<const Expr *> Args,
                                              const LaneMask &M) {
  OutParams Out;
  for (unsigned Ix = 0; Ix < FD->getNumParams() && Ix < Args.size(); ++Ix) {
    const ParmVarDecl *P = FD->getParamDecl(Ix);
    Binding B;
    if (I.WarpCall.isGroupType(P->getType()))
      if (std::optional<Group> G = I.WarpCall.groupOf(Args[Ix], M))
        F.Groups[P] = *G;
    if (P->getType()->isReferenceType()) {
      B.IsRef = true;
      B.Ref = I.Memory.evalLValue(Args[Ix], M);
      if (B.Ref.Kind == LValue::Var) {
        B.IsRef = false;
        B.V = I.Memory.readVar(B.Ref.Decl);
        if (Binding *CB = I.Memory.lookup(B.Ref.Decl))
          B.Elems = CB->Elems;
        if (!P->getType().getNonReferenceType().isConstQualified())
          Out.push_back({P, B.Ref.Decl});
      }
    } else {
      B.V = I.eval(Args[Ix], M);
    }
    F.Vars[P] = B;
  }
  return Out;
}

Value CallRules::callFunction(const FunctionDecl *FD,
                              llvm::ArrayRef<const Expr *> Args,
                              const Expr *CallSite, const LaneMask &M,
                              std::optional<LValue> This) {
  if (CallSite)
    I.WarpRun.noteInlined(CallSite);
  if (I.Frames.size() > I.Opts.MaxCallDepth) {
    for (const Expr *A : Args)
      I.eval(A, M);
    if (I.Incomplete.empty())
      I.Incomplete = "calls nest deeper than " +
                     std::to_string(I.Opts.MaxCallDepth) + " (at '" +
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
    F.ReadAtFn = I.Frames.empty() ? nullptr : I.Frames.back().Fn;
    ReadAtFor = nullptr;
    ReadAtCall = nullptr;
  }
  // A reference to a caller's local is passed in by value and its final
  // value copied back out (an out-parameter), so the callee's paths and
  // loops treat it as one of its own variables.
  OutParams Out = bindArguments(F, FD, Args, M);
  // A lambda's operator(): the captures its closure copied.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  auto Closure = I.Closures.end();
  if (MD && MD->getParent()->isLambda()) {
    Closure = I.Closures.find(MD->getParent());
    if (Closure != I.Closures.end())
      for (const auto &[VD, B] : Closure->second)
        F.Vars.emplace(VD, B);
  }
  I.Frames.push_back(std::move(F));
  std::vector<LoopCtx> SavedLoops;
  std::swap(SavedLoops, I.Loops);
  I.exec(FD->getBody(), M);
  std::swap(SavedLoops, I.Loops);
  // A `mutable` lambda keeps what it changed in its copies.
  if (Closure != I.Closures.end() && !MD->isConst())
    for (auto &[VD, B] : Closure->second)
      B = I.Frames.back().Vars[VD];
  Value R = I.Frames.back().RetVal;
  if (!I.Frames.back().HasRet)
    R = Value::unknown("void");
  if (I.Frames.back().WantRef)
    LastRetRef = I.Frames.back().RetRef;
  llvm::SmallVector<std::pair<const VarDecl *, Binding>, 2> Back;
  for (auto [P, D] : Out)
    Back.push_back({D, I.Frames.back().Vars[P]});
  I.Frames.pop_back();
  for (auto &[D, PB] : Back) {
    I.Memory.writeVar(D, PB.V, M);
    if (Binding *CB = I.Memory.lookup(D))
      CB->Elems = PB.Elems;
  }
  return R;
}

// ---- CUDA builtin variables and launch shapes
// -----------------------------------

// threadIdx / blockIdx / blockDim / gridDim: PseudoObjectExpr over an
// MSPropertyRefExpr on the builtin variable.
Value CallRules::evalCudaBuiltin(const PseudoObjectExpr *E) {
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
Value CallRules::builtinField(StringRef Var, unsigned Dim) {
  if (Var == "threadIdx")
    return Value::integer(I.WarpRun.threadIdx(Dim));
  if (Var == "blockDim")
    return Value::integer(LaneInt::constant(Dim == 0   ? I.Block.X
                                            : Dim == 1 ? I.Block.Y
                                                       : I.Block.Z));
  if (Var == "blockIdx" || Var == "gridDim")
    return I.Symbols.symbolValue((Var + "." +
                                  StringRef(Dim == 0   ? "x"
                                            : Dim == 1 ? "y"
                                                       : "z"))
                                     .str());
  return Value::unknown(("unsupported builtin '" + Var + "'").str());
}

std::optional<Dim3> CallRules::evalDim3(const Expr *E, const LaneMask &M) {
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
    Value V = I.eval(A, M);
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
    for (unsigned Ix = 0; Ix < CE->getNumArgs() && Ix < 3; ++Ix) {
      std::optional<unsigned> C = Component(CE->getArg(Ix));
      if (!C)
        return std::nullopt;
      D[Ix] = *C;
    }
    return Dim3{D[0], D[1], D[2]};
  }
  if (E->getType()->isIntegerType())
    if (std::optional<unsigned> C = Component(E))
      return Dim3{*C, 1, 1};
  return std::nullopt;
}
