//===- Interpreter.cpp - Statements, calls, variables and memory events ---===//
//
// Statements transform the set of active lanes: exec(S, M) returns the lanes
// that fall through S. `return`, `break` and `continue` remove lanes;
// `if` splits the mask by the condition, lane by lane; loops run concretely,
// iteration by iteration, while the condition is decided in every active lane
// (each iteration is a separate warp request), and otherwise are generalized:
// each variable that changes by a warp-uniform step d per iteration is
// rewritten as start + j*d with j a new symbol, and the body is analyzed once
// for "any iteration".
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;

const char *ccl::accessOpName(AccessOp Op) {
  switch (Op) {
  case AccessOp::Load:
    return "load";
  case AccessOp::Store:
    return "store";
  case AccessOp::Atomic:
    return "atomic";
  }
  return "load";
}

std::string Dim3::str() const {
  return std::to_string(X) + "x" + std::to_string(Y) + "x" + std::to_string(Z);
}

Interpreter::Interpreter(ASTContext &Ctx, const InterpreterOptions &Opts,
                         Dim3 Block, Sink OnAccess)
    : Ctx(Ctx), Opts(Opts), Block(Block), OnAccess(std::move(OnAccess)) {}

std::vector<std::string>
Interpreter::namesOf(llvm::ArrayRef<SymbolId> Ids) const {
  std::vector<std::string> R;
  for (SymbolId S : Ids)
    if (S < SymFactors.size())
      for (const std::string &F : SymFactors[S])
        if (!llvm::is_contained(R, F))
          R.push_back(F);
  return R;
}

// ---- Symbols -------------------------------------------------------------------

SymbolId Interpreter::symbolId(llvm::StringRef Name,
                               llvm::ArrayRef<SymbolId> FactorsOf) {
  auto It = SymIds.find(Name);
  if (It != SymIds.end())
    return It->second;
  SymbolId Id = SymNames.size();
  SymNames.push_back(Name.str());
  std::vector<std::string> Factors;
  for (SymbolId F : FactorsOf)
    for (const std::string &N : SymFactors[F])
      if (!llvm::is_contained(Factors, N))
        Factors.push_back(N);
  if (Factors.empty())
    Factors.push_back(Name.str());
  SymFactors.push_back(std::move(Factors));
  SymIds[Name] = Id;
  return Id;
}

Value Interpreter::symbolValue(llvm::StringRef Name) {
  auto A = Opts.Assume.find(Name.str());
  if (A != Opts.Assume.end())
    return Value::integer(LaneInt::constant(A->second));
  return Value::integer(LaneInt::symbol(symbolId(Name)));
}

/// Prints a warp-uniform value as "3 + 256*blockIdx.x" for naming symbols.
static std::string formatUniform(const LaneInt &V,
                                 const std::vector<std::string> &Names) {
  std::string S;
  int64_t C = V.consts()[0];
  for (const LaneInt::Term &T : V.terms()) {
    if (!S.empty())
      S += " + ";
    if (T.Coef[0] != 1)
      S += std::to_string(T.Coef[0]) + "*";
    S += Names[T.Sym];
  }
  if (C != 0 || S.empty())
    S = S.empty() ? std::to_string(C) : S + " + " + std::to_string(C);
  if (!V.terms().empty() && (V.terms().size() > 1 || C != 0 ||
                             V.terms()[0].Coef[0] != 1))
    S = "(" + S + ")";
  return S;
}

Value Interpreter::opaqueSymbol(const Value &A, const Value &B,
                                llvm::StringRef Op) {
  if (!A.isInt() || !B.isInt() || !A.I.isUniform() || !B.I.isUniform())
    return Value::unknown("lane-dependent product of unknown values");
  std::string NA = formatUniform(A.I, SymNames), NB = formatUniform(B.I, SymNames);
  if ((Op == "*" || Op == "min" || Op == "max") && NB < NA)
    std::swap(NA, NB);
  std::string Name = Op == "min" || Op == "max"
                         ? Op.str() + "(" + NA + ", " + NB + ")"
                         : NA + Op.str() + NB;
  auto Assumed = Opts.Assume.find(Name);
  if (Assumed != Opts.Assume.end())
    return Value::integer(LaneInt::constant(Assumed->second));
  llvm::SmallVector<SymbolId, 4> Factors;
  for (const LaneInt::Term &T : A.I.terms())
    Factors.push_back(T.Sym);
  for (const LaneInt::Term &T : B.I.terms())
    Factors.push_back(T.Sym);
  return Value::integer(LaneInt::symbol(symbolId(Name, Factors)));
}

std::string Interpreter::loopName(const Stmt *Loop) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return "the loop at line " +
         std::to_string(SM.getExpansionLineNumber(Loop->getBeginLoc()));
}

// ---- Objects and variables -------------------------------------------------------

const MemObject *Interpreter::objectFor(const VarDecl *D) {
  auto It = ObjectOf.find(D);
  if (It != ObjectOf.end())
    return It->second;
  Objects.push_back(MemObject{});
  MemObject &O = Objects.back();
  O.Decl = D;
  O.Name = D->getNameAsString();
  uint64_t DeclAlign = Ctx.getDeclAlign(D).getQuantity();
  if (isa<ParmVarDecl>(D)) {
    O.Space = MemObject::Global;
    O.BaseAlign = 256;
    O.AlignReason = "assumed 256-byte aligned (cudaMalloc)";
  } else if (D->hasAttr<CUDASharedAttr>()) {
    O.Space = MemObject::Shared;
    O.Dynamic = D->hasExternalStorage();
    O.BaseAlign = std::max<uint64_t>(DeclAlign, 16);
    O.AlignReason = "assumed 16-byte aligned in shared memory";
  } else if (D->hasAttr<CUDAConstantAttr>()) {
    O.Space = MemObject::Constant;
    O.BaseAlign = DeclAlign;
  } else if (D->hasAttr<CUDADeviceAttr>() && D->hasGlobalStorage()) {
    O.Space = MemObject::Global;
    O.BaseAlign = DeclAlign;
    O.AlignReason = "aligned as declared (" + std::to_string(DeclAlign) +
                    " bytes)";
  } else {
    O.Space = MemObject::Local;
    O.BaseAlign = DeclAlign;
  }
  ObjectOf[D] = &O;
  return &O;
}

const MemObject *Interpreter::namedGlobal(const std::string &Name,
                                          uint64_t Align,
                                          const std::string &AlignReason) {
  const MemObject *&Obj = AnonObjects[Name];
  if (!Obj) {
    Objects.push_back(MemObject{});
    MemObject &O = Objects.back();
    O.Space = MemObject::Global;
    O.Name = Name;
    O.BaseAlign = Align;
    O.AlignReason = AlignReason;
    Obj = &O;
  }
  return Obj;
}

Interpreter::Binding *Interpreter::lookup(const VarDecl *D) {
  // The innermost frame first; a lambda's body names the variables it
  // captured from an enclosing function, found in an outer frame.
  for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
    auto It = F->Vars.find(D);
    if (It != F->Vars.end())
      return &It->second;
  }
  return nullptr;
}

Value Interpreter::readVar(const VarDecl *D) {
  if (Binding *B = lookup(D)) {
    if (B->IsRef)
      return Value::unknown("reference");
    return B->V;
  }
  // Constants: constexpr and const variables with constant initializers.
  if (D->getType()->isIntegralOrEnumerationType() &&
      D->getType().isConstQualified() && D->getInit() &&
      !D->getInit()->isValueDependent() && !D->getInit()->containsErrors()) {
    if (const APValue *V = D->evaluateValue())
      if (V->isInt())
        return Value::integer(LaneInt::constant(V->getInt().getExtValue()));
  }
  auto A = Opts.Assume.find(D->getNameAsString());
  if (A != Opts.Assume.end())
    return Value::integer(LaneInt::constant(A->second));
  return Value::unknown("value of '" + D->getNameAsString() + "'");
}

void Interpreter::writeVar(const VarDecl *D, const Value &V,
                           const LaneMask &M) {
  Binding *B = lookup(D);
  if (!B) {
    Frames.back().Vars[D].V = mergeMasked(Value::unknown("unset"), V, M);
    return;
  }
  if (B->IsRef)
    return;
  B->V = mergeMasked(B->V, V, M);
}

// ---- Memory events ------------------------------------------------------------

void Interpreter::record(const Expr *Site, AccessOp Op, const LValue &L,
                         QualType Ty, const LaneMask &M) {
  if (!Recording || M.none())
    return;
  AccessEvent Ev{Site, Op, (unsigned)sizeOf(Ty), nullptr, Value(), M, ""};
  if (L.Kind == LValue::Var)
    return;
  if (L.Kind == LValue::Memory) {
    Ev.Obj = L.Addr.Base;
    if (Ev.Obj && (Ev.Obj->Space == MemObject::Local ||
                   Ev.Obj->Space == MemObject::Constant))
      return;
    Ev.Address = L.Addr;
    if (!L.Addr.definedIn(M.May)) {
      std::string Why = L.Addr.Reason.empty()
                            ? "address not known in every active lane"
                            : L.Addr.Reason;
      Ev.Address = Value::unknown(Why);
      Ev.Address.Deps = L.Addr.Deps;
    }
  } else {
    // Only expressions that are memory accesses by their form are reported
    // when their address is unknown (a local variable is not memory).
    const Expr *E = Site->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        break;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    bool MemoryForm =
        isa<ArraySubscriptExpr>(E) || isa<CallExpr>(E) ||
        (isa<UnaryOperator>(E) &&
         cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
        (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow());
    if (!MemoryForm)
      return;
    Ev.Address = Value::unknown(L.Reason);
  }
  std::string C = "warp " + std::to_string(CurWarp);
  for (const std::string &S : Context)
    C += ", " + S;
  Ev.Context = C;
  OnAccess(Ev);
}

Value Interpreter::load(const Expr *Site, const LValue &L, const LaneMask &M,
                        AccessOp Op) {
  if (L.Kind == LValue::Var)
    return readVar(L.Decl);
  QualType Ty = Site->getType();
  record(Site, Op, L, Ty, M);
  if (L.Kind != LValue::Memory)
    return Value::unknown(L.Reason);
  if (L.Addr.Base && L.Addr.Base->Space == MemObject::Constant &&
      L.Addr.Base->Decl)
    return Value::unknown("value in constant memory");
  if (!L.Addr.Base || L.Addr.Base->Space == MemObject::Local)
    return Value::unknown("value stored in a local object");
  // A value loaded at a warp-uniform address is one unknown per warp: a
  // symbol named by the expression (e.g. slot_mapping[token_idx]).
  if (L.Addr.definedIn(M.May) && L.Addr.I.isUniform(M.May) &&
      (Ty->isIntegralOrEnumerationType() || Ty->isPointerType())) {
    std::string Name = sourceText(Site);
    if (Ty->isIntegralOrEnumerationType())
      return symbolValue(Name);
    uint64_t Align = std::max<int64_t>(
        1, Ctx.getTypeAlignInChars(Ty->getPointeeType().isNull()
                                       ? Ctx.CharTy
                                       : Ty->getPointeeType())
               .getQuantity());
    return Value::pointer(
        namedGlobal(Name, Align,
                    "a pointer loaded from memory, assumed only " +
                        std::to_string(Align) + "-byte aligned"),
        LaneInt::constant(0));
  }
  return Value::unknown("value loaded from memory at a lane-dependent address");
}

void Interpreter::store(const Expr *Site, const LValue &L, const Value &V,
                        const LaneMask &M, AccessOp Op) {
  if (L.Kind == LValue::Var) {
    writeVar(L.Decl, V, M);
    return;
  }
  record(Site, Op, L, Site->getType(), M);
}

// ---- Calls ------------------------------------------------------------------------

Value Interpreter::callFunction(const FunctionDecl *FD,
                                llvm::ArrayRef<const Expr *> Args,
                                const Expr *CallSite, const LaneMask &M,
                                std::optional<LValue> This) {
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
  for (unsigned I = 0; I < FD->getNumParams() && I < Args.size(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    Binding B;
    if (P->getType()->isReferenceType()) {
      B.IsRef = true;
      B.Ref = evalLValue(Args[I], M);
      if (B.Ref.Kind == LValue::Var) {
        // A reference to a caller's local: pass its value in and keep the
        // callee's writes local (a documented approximation).
        B.IsRef = false;
        B.V = readVar(B.Ref.Decl);
      }
    } else {
      B.V = eval(Args[I], M);
    }
    F.Vars[P] = B;
  }
  Frames.push_back(std::move(F));
  std::vector<LoopCtx> SavedLoops;
  std::swap(SavedLoops, Loops);
  exec(FD->getBody(), M);
  std::swap(SavedLoops, Loops);
  Value R = Frames.back().RetVal;
  if (!Frames.back().HasRet)
    R = Value::unknown("void");
  Frames.pop_back();
  return R;
}

// ---- Statements ---------------------------------------------------------------------

void Interpreter::execDecl(const VarDecl *D, LaneMask M) {
  if (D->hasAttr<CUDASharedAttr>() || D->isStaticLocal() ||
      D->hasExternalStorage())
    return;
  if (OnLaunch && D->getInit()) {
    if (const auto *RD = D->getType()->getAsCXXRecordDecl())
      if (RD->getName() == "dim3")
        Dim3Vars[D] = evalDim3(D->getInit(), M);
  }
  Binding B;
  auto A = Opts.Assume.find(D->getNameAsString());
  if (D->getType()->isReferenceType()) {
    B.IsRef = true;
    B.Ref = D->getInit() ? evalLValue(D->getInit(), M)
                         : LValue::unknown("unbound reference");
    if (B.Ref.Kind == LValue::Var) {
      B.IsRef = false;
      B.V = readVar(B.Ref.Decl);
    }
  } else if (A != Opts.Assume.end() &&
             D->getType()->isIntegralOrEnumerationType()) {
    if (D->getInit())
      eval(D->getInit(), M);
    B.V = Value::integer(LaneInt::constant(A->second));
  } else if (D->getInit()) {
    B.V = eval(D->getInit(), M);
    if (B.V.isInt() && D->getType()->isIntegerType() &&
        !D->getType()->isBooleanType())
      B.V.I = B.V.I.truncated(Ctx.getIntWidth(D->getType()),
                              D->getType()->isSignedIntegerOrEnumerationType());
  } else {
    B.V = Value::unknown("'" + D->getNameAsString() + "' is uninitialized");
  }
  Frames.back().Vars[D] = B;
}

LaneMask Interpreter::exec(const Stmt *S, LaneMask M) {
  if (!S || M.none())
    return M;
  if (++Steps > Opts.MaxSteps)
    return M;
  switch (S->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (const Stmt *Child : cast<CompoundStmt>(S)->body()) {
      M = exec(Child, M);
      if (M.none())
        break;
    }
    return M;
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        execDecl(VD, M);
    return M;
  case Stmt::IfStmtClass:
    return execIf(cast<IfStmt>(S), M);
  case Stmt::ForStmtClass: {
    const auto *F = cast<ForStmt>(S);
    return execLoop(F, F->getInit(), F->getCond(), F->getBody(), F->getInc(),
                    true, M);
  }
  case Stmt::WhileStmtClass: {
    const auto *W = cast<WhileStmt>(S);
    return execLoop(W, nullptr, W->getCond(), W->getBody(), nullptr, true, M);
  }
  case Stmt::DoStmtClass: {
    const auto *D = cast<DoStmt>(S);
    return execLoop(D, nullptr, D->getCond(), D->getBody(), nullptr, false, M);
  }
  case Stmt::ReturnStmtClass: {
    const auto *R = cast<ReturnStmt>(S);
    if (const Expr *RV = R->getRetValue()) {
      Value V = eval(RV, M);
      Frame &F = Frames.back(); // after eval: calls may grow Frames
      F.RetVal = F.HasRet ? mergeMasked(F.RetVal, V, M) : V;
      F.HasRet = true;
    }
    // Every lane that reaches a return leaves. (Lanes that only may reach
    // it are undecided because of an enclosing condition, whose other path
    // carries them on.)
    return LaneMask{};
  }
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
    if (!Loops.empty()) {
      LaneMask &Target = isa<BreakStmt>(S) ? Loops.back().Broken
                                           : Loops.back().Continued;
      Target = unite(Target, M);
    }
    return LaneMask{};
  case Stmt::AttributedStmtClass:
    return exec(cast<AttributedStmt>(S)->getSubStmt(), M);
  case Stmt::LabelStmtClass:
    return exec(cast<LabelStmt>(S)->getSubStmt(), M);
  case Stmt::CaseStmtClass:
    return exec(cast<CaseStmt>(S)->getSubStmt(), M);
  case Stmt::DefaultStmtClass:
    return exec(cast<DefaultStmt>(S)->getSubStmt(), M);
  case Stmt::SwitchStmtClass: {
    // Every case may run in every lane: analyze the body with all lanes
    // undecided.
    const auto *Sw = cast<SwitchStmt>(S);
    if (Sw->getInit())
      exec(Sw->getInit(), M);
    LaneBool C = evalCond(Sw->getCond(), M);
    LaneMask Any{0, M.May, M.Deps};
    Any.addDeps(C.Deps);
    VarMap Before = Frames.back().Vars;
    Loops.push_back(LoopCtx{});
    exec(Sw->getBody(), Any);
    Loops.pop_back();
    VarMap After = Frames.back().Vars;
    joinFrames(After, Before, 0, 0, C.Deps);
    return M;
  }
  case Stmt::NullStmtClass:
  case Stmt::GCCAsmStmtClass:
  case Stmt::GotoStmtClass:
  case Stmt::CXXForRangeStmtClass:
    return M;
  default:
    if (const auto *E = dyn_cast<Expr>(S))
      eval(E, M);
    return M;
  }
}

LaneMask Interpreter::execIf(const IfStmt *S, LaneMask M) {
  if (S->getInit())
    M = exec(S->getInit(), M);
  if (const VarDecl *CV = S->getConditionVariable())
    execDecl(CV, M);
  if (S->isConstexpr() || S->isConsteval()) {
    std::optional<const Stmt *> Taken = S->getNondiscardedCase(Ctx);
    if (Taken)
      return *Taken ? exec(*Taken, M) : M;
  }
  LaneBool C = evalCond(S->getCond(), M);
  LaneMask MT = intersect(M, C, false), ME = intersect(M, C, true);
  // Every active lane goes one way: no paths to join.
  if (ME.none())
    return unite(exec(S->getThen(), MT), ME);
  if (MT.none())
    return unite(MT, S->getElse() ? exec(S->getElse(), ME) : ME);
  VarMap Before = Frames.back().Vars;
  LaneMask FT = MT.none() ? MT : exec(S->getThen(), MT);
  VarMap AfterThen = Frames.back().Vars;
  Frames.back().Vars = Before;
  LaneMask FE = ME;
  if (S->getElse() && !ME.none())
    FE = exec(S->getElse(), ME);
  joinFrames(AfterThen, Frames.back().Vars, C.True, C.False, C.Deps);
  return unite(FT, FE);
}

void Interpreter::joinFrames(const VarMap &A, const VarMap &B, LaneBits TakeA,
                             LaneBits TakeB, llvm::ArrayRef<SymbolId> Deps) {
  VarMap Out;
  for (const auto &KV : A) {
    auto It = B.find(KV.first);
    if (It == B.end())
      continue; // declared on one path only: out of scope after the join
    Binding J = KV.second;
    if (!KV.second.IsRef && !It->second.IsRef) {
      J.V = joinValues(KV.second.V, It->second.V, TakeA, TakeB);
      if (!J.V.sameAs(KV.second.V, kAllLanes) ||
          J.V.Defined != KV.second.V.Defined)
        for (SymbolId S : Deps)
          if (!llvm::is_contained(J.V.Deps, S))
            J.V.Deps.push_back(S);
    }
    Out[KV.first] = J;
  }
  Frames.back().Vars = std::move(Out);
}

LaneMask Interpreter::execLoopBody(const Stmt *Body, const Expr *Inc,
                                   LaneMask M, LaneMask &Broken) {
  Loops.push_back(LoopCtx{});
  LaneMask F = exec(Body, M);
  F = unite(F, Loops.back().Continued);
  Broken = Loops.back().Broken;
  Loops.pop_back();
  if (Inc && !F.none())
    eval(Inc, F);
  return F;
}

LaneMask Interpreter::execLoop(const Stmt *Loop, const Stmt *Init,
                               const Expr *Cond, const Stmt *Body,
                               const Expr *Inc, bool CondFirst, LaneMask M) {
  if (Init)
    exec(Init, M);
  LaneMask Active = M, Exited{0, 0, {}};
  for (unsigned Iter = 0;; ++Iter) {
    if (Active.none())
      break;
    if (Iter >= Opts.MaxLoopIterations ||
        ++WarpIterations > Opts.MaxWarpIterations) {
      Exited = unite(Exited, execLoopSymbolic(Loop, Cond, Body, Inc, Active));
      break;
    }
    if (Cond && (CondFirst || Iter > 0)) {
      LaneBool C = evalCond(Cond, Active);
      if (Active.May & ~(C.True | C.False)) {
        // The trip count depends on something unknown: generalize.
        Exited = unite(Exited, execLoopSymbolic(Loop, Cond, Body, Inc, Active));
        break;
      }
      Exited = unite(Exited, intersect(Active, C, true));
      Active = intersect(Active, C, false);
      if (Active.none())
        break;
    }
    Context.push_back("iteration " + std::to_string(Iter) + " of " +
                      loopName(Loop));
    LaneMask Broken;
    Active = execLoopBody(Body, Inc, Active, Broken);
    Context.pop_back();
    Exited = unite(Exited, Broken);
    if (!Cond && Active.none())
      break;
  }
  return Exited;
}

LaneMask Interpreter::execLoopSymbolic(const Stmt *Loop, const Expr *Cond,
                                       const Stmt *Body, const Expr *Inc,
                                       LaneMask M) {
  VarMap Before = Frames.back().Vars;
  // 1. A dry run of one iteration finds how each variable changes.
  bool SavedRec = Recording;
  Recording = false;
  LaneMask Any{0, M.May, M.Deps};
  LaneMask Ignored;
  execLoopBody(Body, Inc, Any, Ignored);
  Recording = SavedRec;
  auto After = Frames.back().Vars;
  Frames.back().Vars = Before;

  // 2. v = start + j * step for every variable with a warp-uniform step.
  SymbolId J = symbolId("iteration(line " +
                        std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                            Loop->getBeginLoc())) +
                        ")");
  for (auto &KV : After) {
    const VarDecl *D = KV.first;
    auto It = Before.find(D);
    if (It == Before.end() || KV.second.IsRef || It->second.IsRef)
      continue;
    const Value &Old = It->second.V, &New = KV.second.V;
    if (New.sameAs(Old, M.May) && (New.Defined & M.May) == (Old.Defined & M.May))
      continue;
    Value Gen = Value::unknown("'" + D->getNameAsString() + "' changes across " +
                               loopName(Loop) + " in a way not followed");
    Gen.Deps.push_back(J);
    if (Old.Kind == New.Kind && Old.Kind != Value::Unknown &&
        Old.Base == New.Base && Old.definedIn(M.May) && New.definedIn(M.May)) {
      std::optional<LaneInt> Delta = sub(New.I, Old.I);
      if (Delta && Delta->isUniform(M.May)) {
        // j*delta = j*c + sum a * (j*s); products become named symbols.
        unsigned L0 = llvm::countr_zero(M.May ? M.May : 1u);
        int64_t C = Delta->consts()[L0];
        std::optional<LaneInt> Step =
            mul(LaneInt::symbol(J), LaneInt::constant(C));
        for (const LaneInt::Term &T : Delta->terms()) {
          if (!Step)
            break;
          SymbolId P = symbolId(SymNames[J] + "*" + SymNames[T.Sym],
                                {J, T.Sym});
          std::optional<LaneInt> Part =
              mul(LaneInt::symbol(P), LaneInt::constant(T.Coef[L0]));
          Step = Part ? add(*Step, *Part) : std::nullopt;
        }
        std::optional<LaneInt> Sum = Step ? add(Old.I, *Step) : std::nullopt;
        if (Sum) {
          Gen = Old;
          Gen.I = *Sum;
        }
      }
    }
    Frames.back().Vars[D].V = Gen;
  }

  // 3. One recorded pass for "any iteration": lanes whose condition is
  // uniformly undecided run it together (if it runs at all).
  LaneMask Iter = Any;
  if (Cond) {
    LaneBool C = evalCond(Cond, M);
    Iter = intersect(M, C, false);
  }
  Iter.addDeps({J});
  Context.push_back("any iteration of " + loopName(Loop));
  LaneMask Ignored2;
  execLoopBody(Body, Inc, Iter, Ignored2);
  Context.pop_back();
  return M;
}

// ---- Entry ------------------------------------------------------------------------------

std::optional<Dim3> Interpreter::evalDim3(const Expr *E, const LaneMask &M) {
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
    if (CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
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

void Interpreter::runHost(const FunctionDecl *Fn, LaunchHook Hook) {
  OnLaunch = std::move(Hook);
  Recording = false;
  CurWarp = 0;
  Steps = 0;
  WarpIterations = 0;
  for (unsigned D = 0; D < 3; ++D)
    Tid[D].fill(0);
  Frames.clear();
  Frame F;
  F.Fn = Fn;
  for (const ParmVarDecl *P : Fn->parameters()) {
    Binding B;
    auto A = Opts.Assume.find(P->getNameAsString());
    if (A != Opts.Assume.end() && P->getType()->isIntegralOrEnumerationType())
      B.V = Value::integer(LaneInt::constant(A->second));
    else if (P->getType()->isIntegralOrEnumerationType())
      B.V = symbolValue(P->getName());
    else
      B.V = Value::unknown("host argument");
    F.Vars[P] = B;
  }
  Frames.push_back(std::move(F));
  exec(Fn->getBody(), LaneMask::all(1));
  Frames.clear();
  OnLaunch = nullptr;
}

void Interpreter::runWarp(const FunctionDecl *Kernel, unsigned Warp) {
  CurWarp = Warp;
  Steps = 0;
  WarpIterations = 0;
  ExprDepth = 0;
  InBlock = 0;
  unsigned Threads = Block.threads();
  for (unsigned K = 0; K < kWarpSize; ++K) {
    unsigned T = Warp * kWarpSize + K;
    if (T < Threads)
      InBlock |= LaneBits(1) << K;
    Tid[0][K] = T % Block.X;
    Tid[1][K] = (T / Block.X) % Block.Y;
    Tid[2][K] = T / (Block.X * Block.Y);
  }
  Frames.clear();
  Loops.clear();
  Context.clear();
  Frame F;
  F.Fn = Kernel;
  for (const ParmVarDecl *P : Kernel->parameters()) {
    Binding B;
    QualType T = P->getType();
    auto A = Opts.Assume.find(P->getNameAsString());
    if (A != Opts.Assume.end() && T->isIntegralOrEnumerationType())
      B.V = Value::integer(LaneInt::constant(A->second));
    else if (T->isPointerType())
      B.V = Value::pointer(objectFor(P), LaneInt::constant(0));
    else if (T->isIntegralOrEnumerationType())
      B.V = symbolValue(P->getName());
    else
      B.V = Value::unknown("kernel argument '" + P->getNameAsString() +
                           "' of type " + T.getAsString());
    F.Vars[P] = B;
  }
  Frames.push_back(std::move(F));
  exec(Kernel->getBody(), LaneMask::all(InBlock));
  if (Steps > Opts.MaxSteps && Incomplete.empty())
    Incomplete = "the analysis step budget ran out";
  Frames.clear();
}
