//===- InterpStmt.cpp - Statements, loops and joins of paths --------------===//
//
// Statements transform the set of active lanes: exec(S, M) returns the lanes
// that fall through S. `return`, `break` and `continue` remove lanes;
// `if` splits the mask by the condition, lane by lane, and joins the
// variables of its two paths afterwards (joinFrames); loops run concretely,
// iteration by iteration, while the condition is decided in every active lane
// (each iteration is a separate warp request), and otherwise are generalized:
// each variable that changes by a warp-uniform step d per iteration is
// rewritten as start + j*d with j a new symbol, and the body is analyzed once
// for "any iteration".
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "analyzer/KernelAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <atomic>

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

std::string Interpreter::loopName(const Stmt *Loop) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return "the loop at line " +
         std::to_string(SM.getExpansionLineNumber(Loop->getBeginLoc()));
}

void Interpreter::execDecl(const VarDecl *D, LaneMask M) {
  if (D->hasAttr<CUDASharedAttr>() || D->isStaticLocal() ||
      D->hasExternalStorage())
    return;
  if (OnLaunch && D->getInit()) {
    if (const auto *RD = D->getType()->getAsCXXRecordDecl())
      if (RD->getName() == "dim3")
        Dim3Vars[D] = evalDim3(D->getInit(), M);
  }
  if (D->getInit() && isGroupType(D->getType()))
    if (std::optional<Group> G = groupOf(D->getInit(), M))
      Frames.back().Groups[D] = *G;
  Binding B;
  auto A = Opts.Assume.find(D->getNameAsString());
  if (D->getType()->isReferenceType()) {
    B.IsRef = true;
    B.Ref = D->getInit() ? evalLValue(D->getInit(), M)
                         : LValue::unknown("unbound reference");
    // A reference to a local of this frame (range-for's `auto &&__range =
    // rows`) stays a reference: reads and writes go to that variable, which
    // this frame's joins and loops follow. One to an outer frame's local is
    // a copy (not joined here).
    if (B.Ref.Kind == LValue::Var && !Frames.back().Vars.count(B.Ref.Decl)) {
      B.IsRef = false;
      B.V = readVar(B.Ref.Decl);
    }
  } else if (A != Opts.Assume.end() &&
             D->getType()->isIntegralOrEnumerationType()) {
    if (D->getInit())
      eval(D->getInit(), M);
    B.V = Value::integer(LaneInt::constant(A->second));
  } else if (const auto *IL = dyn_cast_or_null<InitListExpr>(
                 D->getInit() ? D->getInit()->IgnoreImplicit() : nullptr);
             IL &&
             (D->getType()->isArrayType() || D->getType()->isRecordType())) {
    // `int offs[4] = {0, 1, 32, 33};`, `S s = {a, b};`: element by element.
    B.V = Value::unknown("aggregate value");
    unsigned Budget = 256;
    initElems(B, D->getType(), IL, 0, M, Budget);
  } else if (const VarDecl *BV =
                 D->getInit() ? builtinCopied(D->getInit()) : nullptr) {
    // `uint3 t = threadIdx; dim3 b = blockDim;`: x, y, z field by field.
    B.V = Value::unknown("aggregate value");
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      B.Elems[4 * Dim] = {4, builtinField(BV->getName(), Dim)};
  } else if (D->getInit()) {
    B.V = eval(D->getInit(), M);
    if (B.V.isInt() && D->getType()->isIntegerType() &&
        !D->getType()->isBooleanType())
      B.V.I = truncate(B.V.I, Ctx.getIntWidth(D->getType()),
                       D->getType()->isSignedIntegerOrEnumerationType());
  } else {
    B.V = Value::unknown("'" + D->getNameAsString() + "' is uninitialized");
  }
  Frames.back().Vars[D] = B;
}

/// The CUDA builtin variable \p Init copies into a uint3 or dim3 through
/// its conversion operator, if that is all it does.
const VarDecl *Interpreter::builtinCopied(const Expr *Init) {
  const Expr *E = Init;
  for (unsigned Step = 0; E && Step < 8; ++Step) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1 ||
          !CE->getConstructor()->isCopyOrMoveConstructor())
        return nullptr;
      E = CE->getArg(0);
    } else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MT->getSubExpr();
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      if (!isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
        return nullptr;
      E = MC->getImplicitObjectArgument();
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
      if (!VD || !isCudaBuiltinVar(VD))
        return nullptr;
      const auto *RD = Init->getType()->getAsCXXRecordDecl();
      if (!RD || !RD->getIdentifier() ||
          (RD->getName() != "uint3" && RD->getName() != "dim3"))
        return nullptr;
      return VD;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

void Interpreter::initElems(Binding &B, QualType T, const Expr *Init,
                            int64_t Off, const LaneMask &M, unsigned &Budget) {
  if (!Init || Budget == 0)
    return;
  const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    if (!IL)
      return;
    QualType E = AT->getElementType();
    int64_t ES = sizeOf(E);
    uint64_t N = AT->getSize().getZExtValue();
    for (uint64_t I = 0; I < N && ES > 0 && Budget > 0; ++I)
      initElems(B, E,
                I < IL->getNumInits() ? IL->getInit(I) : IL->getArrayFiller(),
                Off + (int64_t)I * ES, M, Budget);
    return;
  }
  if (const auto *RD = T->getAsRecordDecl()) {
    if (!IL || RD->isUnion() || RD->isInvalidDecl() ||
        (isa<CXXRecordDecl>(RD) && cast<CXXRecordDecl>(RD)->getNumBases()))
      return;
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I >= IL->getNumInits() || F->isBitField())
        break;
      initElems(B, F->getType(), IL->getInit(I),
                Off + (int64_t)Layout.getFieldOffset(I) / Ctx.getCharWidth(), M,
                Budget);
      ++I;
    }
    return;
  }
  // A reference member: the address it is bound to (referredBy reads it).
  if (T->isReferenceType()) {
    --Budget;
    Value P = addressOf(evalLValue(Init, M));
    if (P.isPtr())
      B.Elems[Off] = {sizeOf(Ctx.getPointerType(T.getNonReferenceType())), P};
    return;
  }
  if (!(T->isIntegralOrEnumerationType() || T->isPointerType()) || IL)
    return;
  --Budget;
  Value V = eval(Init, M);
  if (V.isInt() && T->isIntegerType() && !T->isBooleanType())
    V.I = truncate(V.I, Ctx.getIntWidth(T),
                   T->isSignedIntegerOrEnumerationType());
  B.Elems[Off] = {sizeOf(T), V};
}

LaneMask Interpreter::exec(const Stmt *S, LaneMask M) {
  assert(M.isWellFormed());
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
  case Stmt::ReturnStmtClass:
    ++LaneExits;
    return execReturn(cast<ReturnStmt>(S), M);
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
    ++LaneExits;
    if (!Loops.empty()) {
      LoopCtx &L = Loops.back();
      bool Break = isa<BreakStmt>(S);
      LaneMask &Target = Break ? L.Broken : L.Continued;
      Target = unite(Target, M);
      // Lanes that may or may not leave here (a condition undecided in
      // them, even a warp-uniform one) carry on with the values of the path
      // that stays: where the paths meet, a variable is known in them only
      // if it is the same on both (RT-13).
      if (L.Unsure || !M.decided() ||
          Frames.back().Undecided > L.UndecidedAtStart)
        noteUnsureExit(Break ? L.BrokenVars : L.ContinuedVars, M.May);
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
  case Stmt::SwitchStmtClass:
    return execSwitch(cast<SwitchStmt>(S), M);
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
    // Not followed: the lanes that jump would still count in the accesses
    // they skip (or miss the ones they jump back to). Give up on exactness
    // for the whole kernel, with the reason.
    if (Incomplete.empty())
      Incomplete = "a goto at line " +
                   std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                       S->getBeginLoc())) +
                   " is not followed";
    return M;
  case Stmt::CXXForRangeStmtClass:
    return execRangeFor(cast<CXXForRangeStmt>(S), M);
  case Stmt::GCCAsmStmtClass:
    execAsm(cast<GCCAsmStmt>(S), M);
    return M;
  case Stmt::NullStmtClass:
    return M;
  default:
    if (const auto *E = dyn_cast<Expr>(S))
      evalDiscarded(E, M);
    return M;
  }
}

/// Inline PTX is not followed: its inputs are evaluated (the loads in them
/// count), and every output operand ("=r", "+r") becomes unknown, naming
/// the statement (a lane id read from %laneid, a pointer the asm bumps).
/// Memory the asm itself reads or writes is not seen.
void Interpreter::execAsm(const GCCAsmStmt *S, const LaneMask &M) {
  for (unsigned I = 0; I < S->getNumInputs(); ++I) {
    const Expr *In = S->getInputExpr(I);
    if (In->isGLValue()) // a memory operand ("m"): its address only
      evalLValue(In, M);
    else
      eval(In, M);
  }
  unsigned Line = Ctx.getSourceManager().getExpansionLineNumber(S->getAsmLoc());
  for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
    const Expr *Out = S->getOutputExpr(I);
    Value V = Value::unknown("output of the inline asm statement at line " +
                             std::to_string(Line));
    LValue L = evalLValue(Out, M);
    if (L.Kind == LValue::Var)
      writeVar(L.Decl, V, M);
    else if (L.Kind == LValue::Memory && L.Addr.Base &&
             L.Addr.Base->Space == MemObject::Local)
      storeLocal(L.Addr, Out->getType(), V, M);
  }
}

/// An expression evaluated for its effects only (an expression statement, a
/// loop's increment): a user function returning a reference called here
/// (`a = b;`, `++it;` through operators returning `*this`) does not read
/// the object it returns.
void Interpreter::evalDiscarded(const Expr *E, const LaneMask &M) {
  const Expr *Inner = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *EC = dyn_cast<ExprWithCleanups>(Inner))
    Inner = EC->getSubExpr()->IgnoreImplicit()->IgnoreParens();
  if (const auto *CE = dyn_cast<CallExpr>(Inner))
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      const FunctionDecl *Def = nullptr;
      if (FD->getReturnType()->isReferenceType() && FD->hasBody(Def) && Def)
        DiscardFor = Def;
    }
  eval(E, M);
  DiscardFor = nullptr;
}

/// for (T x : range): the loop Clang desugars it to, `for (auto __begin =
/// begin(range), __end = end(range); __begin != __end; ++__begin) { T x =
/// *__begin; body }`, run as any other loop.
LaneMask Interpreter::execRangeFor(const CXXForRangeStmt *S, LaneMask M) {
  if (S->getInit())
    M = exec(S->getInit(), M);
  exec(S->getRangeStmt(), M);
  exec(S->getBeginStmt(), M);
  exec(S->getEndStmt(), M);
  const Stmt *&Body = RangeForBodies[S];
  if (!Body) {
    Stmt *Parts[] = {const_cast<DeclStmt *>(S->getLoopVarStmt()),
                     const_cast<Stmt *>(S->getBody())};
    Body = CompoundStmt::Create(Ctx, Parts, FPOptionsOverride(),
                                S->getBeginLoc(), S->getEndLoc());
  }
  return execLoop(S, nullptr, S->getCond(), Body, S->getInc(), true, M);
}

LaneMask Interpreter::execReturn(const ReturnStmt *S, const LaneMask &M) {
  // A reference returned to a caller that uses the call as an lvalue: the
  // lvalue, not a load of it.
  if (S->getRetValue() && Frames.back().WantRef) {
    LValue L = evalLValue(S->getRetValue(), M);
    Frame &F = Frames.back();
    if (!F.RetRef)
      F.RetRef = L;
    else if (F.RetRef->Kind == LValue::Memory && L.Kind == LValue::Memory &&
             F.RetRef->Addr.Base == L.Addr.Base)
      F.RetRef->Addr = Value::mergeMasked(F.RetRef->Addr, L.Addr, M);
    else if (!(F.RetRef->Kind == LValue::Var && L.Kind == LValue::Var &&
               F.RetRef->Decl == L.Decl))
      F.RetRef = LValue::unknown("a reference returned on several paths");
    return LaneMask{};
  }
  // A reference returned to a caller that discards it (`return *this;` of
  // an operator= or operator+= used as a statement): binding a reference
  // reads no memory; only the accesses inside the expression count.
  if (S->getRetValue() && Frames.back().Discard) {
    evalLValue(S->getRetValue(), M);
    return LaneMask{};
  }
  if (const Expr *RV = S->getRetValue()) {
    const Expr *SavedRead = ReturnedRead;
    ReturnedRead = Frames.back().ReadAt ? RV->IgnoreParens() : nullptr;
    Value V = eval(RV, M);
    ReturnedRead = SavedRead;
    Frame &F = Frames.back(); // after eval: calls may grow Frames
    // Lanes that may have returned at an earlier return (a condition not
    // decided in them) keep a value only where both returns agree.
    if (F.HasRet) {
      Value J = Value::join(V, F.RetVal, M.May & ~F.UnsureReturned, ~M.May);
      checkJoinPerWarp(J, V, F.RetVal, M.May & ~F.UnsureReturned, ~M.May, 0);
      F.RetVal = J;
    } else {
      F.RetVal = V;
    }
    F.HasRet = true;
  }
  Frame &F = Frames.back();
  if (F.Undecided > 0 || !M.decided())
    F.UnsureReturned |= M.May;
  // Every lane that reaches a return leaves. (Lanes that only may reach
  // it are undecided because of an enclosing condition, whose other path
  // carries them on.)
  return LaneMask{};
}

namespace {
/// A jump that leaves an arm other than through its final `break`:
/// `break`/`continue` outside nested loops and switches, `return`, `goto`,
/// a label another jump may enter at, a case label.
bool jumpsOut(const Stmt *S, bool InLoop) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<LabelStmt>(S) || isa<SwitchCase>(S))
    return true;
  if (!InLoop && (isa<BreakStmt>(S) || isa<ContinueStmt>(S)))
    return true;
  bool Nested = InLoop || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
                isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) ||
                isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (jumpsOut(C, Nested))
      return true;
  return false;
}
} // namespace

LaneMask Interpreter::execSwitchArms(const SwitchStmt *S,
                                     const std::vector<SwitchArm> &Arms,
                                     size_t I, LaneMask M) {
  if (I == Arms.size() || M.none())
    return M; // lanes no label takes (and no default)
  // Like an `if` whose condition is decided in every lane.
  LaneBool C;
  C.True = Arms[I].Lanes & M.May;
  C.False = M.May & ~Arms[I].Lanes;
  return execBranches(
      C, M,
      [&](LaneMask In) {
        for (const Stmt *St : Arms[I].Body)
          In = exec(St, In);
        return In;
      },
      [&](LaneMask In) { return execSwitchArms(S, Arms, I + 1, In); }, S);
}

/// The arms of \p S when its value \p V is known in every lane of \p M and
/// each arm ends in a `break` with no other jump out (execSwitch); none
/// otherwise.
std::optional<std::vector<Interpreter::SwitchArm>>
Interpreter::switchArms(const SwitchStmt *S, const Value &V,
                        const LaneMask &M) const {
  const auto *Compound = dyn_cast_or_null<CompoundStmt>(S->getBody());
  if (!Compound || S->getConditionVariable() || V.Kind != Value::Int ||
      !V.I.terms().empty() || !V.definedIn(M.May) || mentionsW(V))
    return std::nullopt;
  bool Unsigned =
      S->getCond()->getType()->isUnsignedIntegerOrEnumerationType();
  auto Lanes = [&](int64_t L) {
    LaneBits B = 0;
    for (unsigned K = 0; K < kWarpSize; ++K)
      if ((M.May >> K & 1) && V.I.consts()[K] == L)
        B |= LaneBits(1) << K;
    return B;
  };
  std::vector<SwitchArm> Arms;
  LaneBits Taken = 0;
  int Default = -1;
  for (const Stmt *Child : Compound->body()) {
    if (!isa<SwitchCase>(Child)) {
      if (Arms.empty())
        return std::nullopt; // statements before the first label
      Arms.back().Body.push_back(Child);
      continue;
    }
    Arms.push_back({});
    const Stmt *Sub = Child;
    while (const auto *SC = dyn_cast<SwitchCase>(Sub)) {
      if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
        std::optional<llvm::APSInt> L =
            CS->getLHS()->getIntegerConstantExpr(Ctx);
        if (!L || CS->getRHS())
          return std::nullopt;
        Arms.back().Lanes |=
            Lanes(Unsigned ? int64_t(L->getZExtValue()) : L->getExtValue());
      } else {
        Default = int(Arms.size()) - 1;
      }
      Sub = SC->getSubStmt();
    }
    Taken |= Arms.back().Lanes;
    if (Sub && !isa<NullStmt>(Sub))
      Arms.back().Body.push_back(Sub);
  }
  // Each arm ends in `break` (the last may run to the end); nothing else
  // leaves it.
  for (size_t A = 0; A < Arms.size(); ++A) {
    std::vector<const Stmt *> &B = Arms[A].Body;
    if (!B.empty() && isa<BreakStmt>(B.back()))
      B.pop_back();
    else if (A + 1 != Arms.size())
      return std::nullopt; // falls through into the next arm
    for (const Stmt *St : B)
      if (jumpsOut(St, false))
        return std::nullopt;
  }
  if (Default >= 0)
    Arms[Default].Lanes = M.May & ~Taken;
  return Arms;
}

LaneMask Interpreter::execSwitch(const SwitchStmt *S, LaneMask M) {
  if (S->getInit())
    exec(S->getInit(), M);
  Value V = eval(S->getCond(), M);
  // A value known in every active lane (`switch (lane & 3)`) and arms that
  // each end in a `break` with no other jump out: the case labels are lane
  // predicates, each arm runs in the lanes of its labels, like an if /
  // else-if chain.
  if (std::optional<std::vector<SwitchArm>> Arms = switchArms(S, V, M))
    return execSwitchArms(S, *Arms, 0, M);
  // Every case may run in every lane: analyze the body with all lanes
  // undecided.
  LaneBool C = condOfValue(V, M, S->getCond());
  LaneMask Any{0, M.May, M.Deps};
  Any.addDeps(C.Deps);
  VarMap Before = Frames.back().Vars;
  Loops.push_back(LoopCtx{});
  ++Frames.back().Undecided;
  // Every case label may be entered by any lane: a `break` ends the lanes
  // of the case before it, the next label brings them all back (not only
  // the first case runs).
  const Stmt *Body = S->getBody();
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body)) {
    LaneMask Cur = Any;
    for (const Stmt *Child : CS->body()) {
      if (isa<SwitchCase>(Child))
        Cur = unite(Cur, Any);
      Cur = exec(Child, Cur);
    }
  } else {
    exec(Body, Any);
  }
  LoopCtx SwCtx = Loops.back();
  Loops.pop_back();
  --Frames.back().Undecided;
  // `continue` in a switch belongs to the enclosing loop.
  if (!Loops.empty() && !SwCtx.Continued.none()) {
    Loops.back().Continued = unite(Loops.back().Continued, SwCtx.Continued);
    mergeUnsureExits(Loops.back().ContinuedVars, SwCtx.ContinuedVars);
  }
  VarMap After = Frames.back().Vars;
  joinFrames(After, Before, 0, 0, C.Deps);
  // A case left by `break` meets the others here.
  applyUnsureExits(SwCtx.BrokenVars);
  // Lanes that may have returned or continued in some case are no longer
  // certainly active after the switch.
  if (!SwCtx.Continued.none() || leavesSwitch(Body)) {
    LaneMask R{0, M.May, M.Deps};
    R.addDeps(C.Deps);
    return R;
  }
  return M;
}

/// A return (or a goto) somewhere in \p S, outside lambdas.
bool Interpreter::leavesSwitch(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *C : S->children())
    if (leavesSwitch(C))
      return true;
  return false;
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
  return execBranches(
      C, M, [&](LaneMask In) { return exec(S->getThen(), In); },
      [&](LaneMask In) { return S->getElse() ? exec(S->getElse(), In) : In; },
      S);
}

LaneMask Interpreter::execBranches(const LaneBool &C, LaneMask M,
                                   llvm::function_ref<LaneMask(LaneMask)> Then,
                                   llvm::function_ref<LaneMask(LaneMask)> Else,
                                   const Stmt *At) {
  LaneMask MT = intersect(M, C, false), ME = intersect(M, C, true);
  // Every active lane goes one way: no paths to join.
  if (ME.none())
    return unite(Then(MT), ME);
  if (MT.none())
    return unite(MT, Else(ME));
  VarMap Before = Frames.back().Vars;
  bool Undecided = (~(C.True | C.False) & M.May) != 0;
  Frames.back().Undecided += Undecided;
  unsigned ExitsBefore = LaneExits;
  LaneMask FT = Then(MT);
  VarMap AfterThen = Frames.back().Vars;
  Frames.back().Vars = Before;
  LaneMask FE = Else(ME);
  Frames.back().Undecided -= Undecided;
  joinFrames(AfterThen, Frames.back().Vars, C.True, C.False, C.Deps,
             ~(C.True | C.False) & C.Uniform & M.May, At);
  // No lane left either arm (no return, break or continue ran): every lane
  // goes on, also those the condition did not decide.
  if (LaneExits == ExitsBefore)
    return M;
  return unite(FT, FE);
}

void Interpreter::joinFrames(const VarMap &A, const VarMap &B, LaneBits TakeA,
                             LaneBits TakeB, llvm::ArrayRef<SymbolId> Deps,
                             LaneBits Uniform, const Stmt *At) {
  Frames.back().Vars = joinedVars(A, B, TakeA, TakeB, Deps, Uniform, At);
}

namespace {
/// `offs[1]` for the element at byte \p Off of local \p V (elements of
/// \p Size bytes), `v+4` otherwise.
std::string elementName(const VarDecl *V, int64_t Off, int64_t Size) {
  if (Size > 0 && Off % Size == 0)
    return V->getName().str() + "[" + std::to_string(Off / Size) + "]";
  return V->getName().str() + "+" + std::to_string(Off);
}
} // namespace

std::string Interpreter::joinName(StringRef What, const Stmt *At) const {
  std::string N = What.str();
  if (At)
    N += "(line " +
         std::to_string(
             Ctx.getSourceManager().getExpansionLineNumber(At->getBeginLoc())) +
         ")";
  return N;
}

Value Interpreter::joinUniform(Value R, const Value &A, const Value &B,
                               LaneBits Lanes,
                               llvm::function_ref<std::string()> MakeName,
                               unsigned Chain, const void *Who) {
  if (A.Kind != B.Kind || A.isUnknown() || A.Base != B.Base ||
      R.Kind != A.Kind || R.Base != A.Base)
    return R;
  LaneBits L = Lanes & A.Defined & B.Defined & ~R.Defined;
  if (!L || !A.I.isUniform(L) || !B.I.isUniform(L))
    return R;
  // Not negative where neither side is (in the lanes of L).
  bool NN = isNonNegative(A.I, L) && isNonNegative(B.I, L);
  std::string Name = MakeName();
  std::optional<LaneInt> V;
  if (Chain) {
    // The value at whichever exit the warp took: the same symbol for every
    // exit (A or B may be it already), not negative only if no value is.
    // Keyed by the variable itself (two variables may share a name).
    std::string Key = "exit " + std::to_string(Chain) + " " +
                      std::to_string(reinterpret_cast<uintptr_t>(Who)) + " " +
                      Name + (NN ? " nonneg" : "");
    V = LaneInt::symbol(symbolId(Name, {}, Key, NN));
  } else {
    std::string Key = "join " + std::to_string(JoinRuns++) + " " + Name;
    std::optional<LaneInt> D = sub(B.I, A.I);
    if (std::optional<int64_t> C = D ? D->asConstant(L) : std::nullopt) {
      // A + C*t, t in {0, 1}: the analysis enumerates t like any unknown (an
      // over-approximation), but a multiple of C stays one.
      SymbolId T = symbolId(Name, {}, Key, /*NonNeg=*/true);
      if (std::optional<LaneInt> P =
              mul(LaneInt::symbol(T), LaneInt::constant(*C)))
        V = add(A.I, *P);
    } else {
      V = LaneInt::symbol(symbolId(Name, {}, Key, NN));
    }
  }
  if (!V)
    return R;
  R.I = LaneInt::select(L, *V, R.I);
  R.Defined |= L;
  return R;
}

Interpreter::VarMap Interpreter::joinedVars(const VarMap &A, const VarMap &B,
                                            LaneBits TakeA, LaneBits TakeB,
                                            llvm::ArrayRef<SymbolId> Deps,
                                            LaneBits Uniform, const Stmt *At,
                                            unsigned Chain) {
  VarMap Out;
  Uniform &= ~(TakeA | TakeB);
  // Both maps in key order, side by side.
  auto It = B.begin();
  for (const auto &KV : A) {
    while (It != B.end() && B.key_comp()(It->first, KV.first))
      ++It;
    if (It == B.end() || B.key_comp()(KV.first, It->first))
      continue; // declared on one path only: out of scope after the join
    Binding J = KV.second;
    if (!KV.second.IsRef && !It->second.IsRef) {
      J.V = Value::join(KV.second.V, It->second.V, TakeA, TakeB);
      checkJoinPerWarp(J.V, KV.second.V, It->second.V, TakeA, TakeB, Uniform);
      if (Uniform)
        J.V = joinUniform(
            J.V, KV.second.V, It->second.V, Uniform,
            [&] { return joinName(KV.first->getName(), At); }, Chain, KV.first);
      if (!J.V.sameAs(KV.second.V, kAllLanes) ||
          J.V.Defined != KV.second.V.Defined)
        appendDeps(J.V.Deps, Deps);
      // Elements of a local array or struct: joined one by one; one known
      // on one path only is not known after. Elements neither path changed
      // (one shared map) join to themselves (Value::join).
      if (KV.second.Elems.sharesWith(It->second.Elems)) {
        Out.emplace_hint(Out.end(), KV.first, std::move(J));
        continue;
      }
      J.Elems.clear();
      for (const auto &[Off, E] : KV.second.Elems) {
        auto O = It->second.Elems.find(Off);
        if (O == It->second.Elems.end() || O->second.first != E.first)
          continue;
        Value JV = Value::join(E.second, O->second.second, TakeA, TakeB);
        checkJoinPerWarp(JV, E.second, O->second.second, TakeA, TakeB, Uniform);
        if (Uniform)
          JV = joinUniform(
              JV, E.second, O->second.second, Uniform,
              [&, Off = Off, Size = E.first] {
                return joinName(elementName(KV.first, Off, Size), At);
              },
              Chain, KV.first);
        if (!JV.sameAs(E.second, kAllLanes) || JV.Defined != E.second.Defined)
          appendDeps(JV.Deps, Deps);
        J.Elems[Off] = {E.first, JV};
      }
    }
    // A's keys come in order: each goes at the end.
    Out.emplace_hint(Out.end(), KV.first, std::move(J));
  }
  return Out;
}

void Interpreter::mergeUnsureExits(UnsureExits &Into, const UnsureExits &From,
                                   const Stmt *At) {
  if (!From.Vars || !From.Lanes)
    return;
  if (!Into.Vars) {
    Into = From;
    return;
  }
  // Lanes leaving for the first time take the new point's values; lanes
  // not leaving there keep the earlier points'; lanes that may leave at
  // both keep a value only where the two agree, or (every point a
  // warp-uniform decision of the same lanes) one unknown value.
  LaneBits Uniform = Into.Uniform == From.Uniform ? Into.Uniform : 0;
  if (Into.Lanes != From.Lanes)
    Uniform = 0;
  Into.Vars = joinedVars(*From.Vars, *Into.Vars, From.Lanes & ~Into.Lanes,
                         ~From.Lanes, {}, Uniform, At, Into.Chain);
  Into.Lanes |= From.Lanes;
  Into.Uniform = Uniform;
}

void Interpreter::noteUnsureExit(UnsureExits &U, LaneBits Lanes, bool Uniform,
                                 const Stmt *At) {
  if (!U.Vars)
    U.Chain = ++JoinRuns;
  mergeUnsureExits(
      U, UnsureExits{Frames.back().Vars, Lanes, Uniform ? Lanes : 0, U.Chain},
      At);
}

void Interpreter::applyUnsureExits(const UnsureExits &U, const Stmt *At) {
  if (!U.Vars || !U.Lanes)
    return;
  // Variables declared after an exit point are out of scope where the
  // paths meet; keep them from the current state.
  VarMap Now = Frames.back().Vars;
  VarMap J = joinedVars(*U.Vars, Now, 0, ~U.Lanes, {}, U.Uniform & U.Lanes, At,
                        U.Chain);
  for (auto &KV : Now)
    if (!J.count(KV.first))
      J.insert(KV);
  Frames.back().Vars = std::move(J);
}

// ---- Loops ------------------------------------------------------------------

LaneMask Interpreter::execLoopBody(const Stmt *Body, const Expr *Inc,
                                   LaneMask M, LoopCtx &Done, bool Unsure) {
  LoopCtx Ctx;
  Ctx.UndecidedAtStart = Frames.back().Undecided;
  Ctx.Unsure = Unsure;
  Loops.push_back(Ctx);
  LaneMask F = exec(Body, M);
  F = unite(F, Loops.back().Continued);
  Done = std::move(Loops.back());
  Loops.pop_back();
  // Lanes that may have continued meet the others before the increment.
  applyUnsureExits(Done.ContinuedVars);
  if (Inc && !F.none())
    evalDiscarded(Inc, F);
  return F;
}

LaneMask Interpreter::execLoop(const Stmt *Loop, const Stmt *Init,
                               const Expr *Cond, const Stmt *Body,
                               const Expr *Inc, bool CondFirst, LaneMask M) {
  if (Init)
    exec(Init, M);
  LaneMask Active = M, Exited{0, 0, {}};
  // Lanes that may have left at an earlier point than the last: a break or
  // an exit under a condition not decided in them (RT-13).
  UnsureExits Left;
  // Unrolling: the condition became undecided (warp-uniformly) at a loop
  // whose counter is multiplied or divided by a power of two; the
  // iterations after it run "if the loop gets there", at most Bound more.
  bool Unrolling = false;
  unsigned Bound = 0;
  const VarDecl *Counter = nullptr;
  bool Grows = false;
  std::optional<int64_t> LastCount;
  // Whether the loop's counter is multiplied or divided by a power of two
  // each trip (asked once, when the warp's budget of iterations is spent).
  std::optional<bool> Multiplicative;
  for (unsigned Iter = 0;; ++Iter) {
    if (Active.none())
      break;
    bool OverBudget = Iter >= Opts.MaxLoopIterations ||
                      ++WarpIterations > Opts.MaxWarpIterations;
    // A loop that multiplies or divides its counter by a power of two
    // (a reduction, a scan's up- and down-sweep, a bitonic stage) runs at
    // most as many trips as the counter has bits, so past the warp's budget
    // (spent by a long loop before it) it still runs trip by trip, up to
    // four times that budget: a scan keeps its per-trip strides.
    if (OverBudget && Cond && Iter < Opts.MaxLoopIterations &&
        WarpIterations <= 4 * Opts.MaxWarpIterations) {
      if (!Multiplicative) {
        const VarDecl *V = nullptr;
        bool G = false;
        Multiplicative = multiplicativeTripBound(Cond, Body, Inc, V, G) > 0;
      }
      OverBudget = !*Multiplicative;
    }
    if (OverBudget) {
      Exited = unite(Exited, execLoopSymbolic(Loop, Cond, Body, Inc, Active));
      break;
    }
    if (Cond && (CondFirst || Iter > 0)) {
      LaneBool C = evalCond(Cond, Active);
      LaneBits Open = Active.May & ~(C.True | C.False);
      if (Open) {
        // The trip count depends on something unknown.
        if (!Unrolling && (Open & ~C.Uniform) == 0) {
          Bound = multiplicativeTripBound(Cond, Body, Inc, Counter, Grows);
          Unrolling = Bound > 0;
          Bound += Iter;
          // What runs from here on runs only if the loop gets there: its
          // records are not exact (the cost may differ from trip to trip).
          MaybeTrips += Unrolling;
        }
        if (Unrolling && Counter) {
          // No counter wraps around (the documented no-overflow
          // assumption): a multiplied counter that stopped growing (bits
          // shifted out, the sign flipped) ends the loop.
          std::optional<int64_t> Now;
          if (const Binding *B = lookup(Counter)) {
            if (mentionsW(B->V))
              warpEscape("a multiplied loop counter of the warp index");
            if (!B->IsRef && B->V.definedIn(Active.May))
              Now = B->V.I.asConstant(Active.May);
          }
          if (Now && LastCount && Grows &&
              (*Now == 0 || (*Now < 0) != (*LastCount < 0) ||
               std::llabs(*Now) <= std::llabs(*LastCount)))
            Bound = Iter;
          LastCount = Now;
        }
        if (!Unrolling || (Open & ~C.Uniform) || Iter >= Bound) {
          if (Unrolling && Iter >= Bound && (Open & ~C.Uniform) == 0) {
            // Past the last iteration the counter allows: the loop ends.
            noteUnsureExit(Left, Active.May, /*Uniform=*/true, Loop);
            Exited = unite(Exited, Active);
            break;
          }
          Exited =
              unite(Exited, execLoopSymbolic(Loop, Cond, Body, Inc, Active));
          break;
        }
        noteUnsureExit(Left, Open, (Open & ~C.Uniform) == 0, Loop);
      }
      Exited = unite(Exited, intersect(Active, C, true));
      Active = intersect(Active, C, false);
      if (Active.none())
        break;
    }
    Context.push_back("iteration " + std::to_string(Iter) + " of " +
                      loopName(Loop));
    LoopCtx Done;
    Active = execLoopBody(Body, Inc, Active, Done, Unrolling);
    Context.pop_back();
    Exited = unite(Exited, Done.Broken);
    mergeUnsureExits(Left, Done.BrokenVars, Loop);
    if (!Cond && Active.none())
      break;
  }
  MaybeTrips -= Unrolling;
  applyUnsureExits(Left, Loop);
  return Exited;
}

namespace {
/// The variable \p S multiplies or divides by a power of two (`v <<= 1`,
/// `v >>= 2`, `v *= 2`, `v /= 4`, `v = v >> 1`), or null; \p Grows when it
/// is multiplied.
const VarDecl *scaledVar(const Stmt *S, const ASTContext &Ctx, bool &Grows) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return nullptr;
  auto VarOf = [](const Expr *X) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return VD && VD->getType()->isIntegerType() ? VD : nullptr;
  };
  BinaryOperatorKind Op = BO->getOpcode();
  const Expr *Amount = BO->getRHS();
  const VarDecl *V = VarOf(BO->getLHS());
  if (!V)
    return nullptr;
  switch (Op) {
  case BO_ShlAssign:
    Op = BO_Shl;
    break;
  case BO_ShrAssign:
    Op = BO_Shr;
    break;
  case BO_MulAssign:
    Op = BO_Mul;
    break;
  case BO_DivAssign:
    Op = BO_Div;
    break;
  case BO_Assign: {
    const auto *R =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!R || VarOf(R->getLHS()) != V)
      return nullptr;
    Op = R->getOpcode();
    Amount = R->getRHS();
    break;
  }
  default:
    return nullptr;
  }
  Expr::EvalResult ER;
  if (Amount->isValueDependent() || !Amount->EvaluateAsInt(ER, Ctx))
    return nullptr;
  llvm::APSInt A = ER.Val.getInt();
  if (A.isNegative() || A.getActiveBits() > 16)
    return nullptr;
  uint64_t N = A.getZExtValue();
  switch (Op) {
  case BO_Shl:
  case BO_Shr:
    if (N < 1 || N > 8)
      return nullptr;
    Grows = Op == BO_Shl;
    return V;
  case BO_Mul:
  case BO_Div:
    if (N < 2 || !llvm::isPowerOf2_64(N))
      return nullptr;
    Grows = Op == BO_Mul;
    return V;
  default:
    return nullptr;
  }
}

/// Every use of \p V in \p S outside \p Skip reads its value (no
/// assignment, increment, address or reference taken).
bool onlyReads(const Stmt *S, const VarDecl *V, const Stmt *Skip) {
  if (!S || S == Skip)
    return true;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S))
    if (ICE->getCastKind() == CK_LValueToRValue)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens()))
        if (DRE->getDecl() == V)
          return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() != V;
  for (const Stmt *C : S->children())
    if (!onlyReads(C, V, Skip))
      return false;
  return true;
}

bool hasContinue(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ContinueStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (hasContinue(C))
      return true;
  return false;
}

bool refersTo(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == V;
  for (const Stmt *C : S->children())
    if (refersTo(C, V))
      return true;
  return false;
}
} // namespace

/// A counter that a loop multiplies (divides) by a power of two each trip
/// and whose value the condition tests cannot keep the loop going for more
/// than its width in bits without wrapping around (reaching 0): `size <<=
/// 1` with `size < n`, `d >>= 1` with `d > 0`. The update is the increment
/// or a statement of the body's top level (run in every trip).
unsigned Interpreter::multiplicativeTripBound(const Expr *Cond,
                                              const Stmt *Body, const Expr *Inc,
                                              const VarDecl *&Counter,
                                              bool &Grows) {
  llvm::SmallVector<const Stmt *, 8> Updates;
  if (Inc)
    Updates.push_back(Inc);
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    for (const Stmt *C : CS->body())
      Updates.push_back(C);
  else if (Body)
    Updates.push_back(Body);
  for (const Stmt *U : Updates) {
    bool G = false;
    const VarDecl *V = scaledVar(U, Ctx, G);
    if (!V || !refersTo(Cond, V))
      continue;
    // Updated once per trip: every other use of it is a read, and a
    // `continue` cannot skip an update in the body.
    if (!onlyReads(Body, V, U) || !onlyReads(Inc, V, U) ||
        (U != Inc && hasContinue(Body)))
      continue;
    Counter = V;
    Grows = G;
    return Ctx.getIntWidth(V->getType());
  }
  return 0;
}

Value Interpreter::generalizeVar(const VarDecl *D, const Value &Old,
                                 const Value &New, SymbolId J, const Stmt *Loop,
                                 const LaneMask &M) {
  Value Gen = Value::unknown("'" + D->getNameAsString() + "' changes across " +
                             loopName(Loop) + " in a way not followed");
  Gen.Deps.push_back(J);
  // A value the loop makes unknown keeps the reason it is unknown (an
  // unmodelled call, an unknown operand), not "changes across the loop".
  if (New.isUnknown() && !New.Reason.empty()) {
    Gen.Reason = New.Reason;
    appendDeps(Gen.Deps, New.Deps);
    return Gen;
  }
  if (Old.Kind != New.Kind || Old.Kind == Value::Unknown ||
      Old.Base != New.Base || !Old.definedIn(M.May) || !New.definedIn(M.May))
    return Gen;
  std::optional<LaneInt> Delta = sub(New.I, Old.I);
  if (Delta && mentionsW(*Delta))
    warpEscape("the step of '" + D->getNameAsString() +
               "' in a loop depends on the warp index");
  if (!Delta || !Delta->isUniform(M.May))
    return Gen;
  // j*delta = j*c + sum a * (j*s); products become named symbols.
  unsigned L0 = llvm::countr_zero(M.May ? M.May : 1u);
  int64_t C = Delta->consts()[L0];
  std::optional<LaneInt> Step = mul(LaneInt::symbol(J), LaneInt::constant(C));
  for (const LaneInt::Term &T : Delta->terms()) {
    if (!Step)
      break;
    SymbolId P = symbolId(SymNames[J] + "*" + SymNames[T.Sym], {J, T.Sym},
                          "iteration product #" + std::to_string(J) + " #" +
                              std::to_string(T.Sym),
                          SymNonNeg[T.Sym]);
    std::optional<LaneInt> Part =
        mul(LaneInt::symbol(P), LaneInt::constant(T.Coef[L0]));
    Step = Part ? add(*Step, *Part) : std::nullopt;
  }
  std::optional<LaneInt> Sum = Step ? add(Old.I, *Step) : std::nullopt;
  if (!Sum)
    return Gen;
  Gen = Old;
  Gen.I = *Sum;
  return Gen;
}

namespace {
std::atomic<unsigned long> DryRunsByStep{0}, DryRunsByTrip{0};
std::atomic<unsigned long> InductionChecksByStep{0}, InductionChecksByTrip{0};
} // namespace

LoopTripCounts ccl::loopTripCounts() {
  LoopTripCounts C;
  C.DryByStep = DryRunsByStep;
  C.DryByTrip = DryRunsByTrip;
  C.CheckByStep = InductionChecksByStep;
  C.CheckByTrip = InductionChecksByTrip;
  return C;
}

const LoopSteps *Interpreter::loopStepsOf(const Stmt *Loop, const Stmt *Body,
                                          const Expr *Inc) {
  // --induction-by-trip always runs the trips (to compare both ways).
  if (Opts.InductionByTrip || Frames.empty() || !Frames.back().Fn)
    return nullptr;
  auto It = StepsOf.find(Loop);
  if (It == StepsOf.end())
    It = StepsOf
             .emplace(Loop, findLoopSteps(Frames.back().Fn, Body, Inc,
                                          Ctx.getSourceManager()))
             .first;
  return It->second.Fn ? &It->second : nullptr;
}

std::optional<llvm::SmallVector<const Expr *, 2>>
Interpreter::dryRunSteps(const LoopSteps &LS) const {
  // A write through a reference or pointer to a caller's local in a dry run
  // makes it unknown (storeLocal): only the kernel's own frame, which has
  // no caller, can do without the trip.
  if (Frames.size() != 1)
    return std::nullopt;
  llvm::SmallPtrSet<const VarDecl *, 4> Stepped;
  for (const auto &KV : Frames.back().Vars) {
    // A reference binding is not generalized (execLoopSymbolic); what it
    // refers to is a local here (escaped, so changed) or memory.
    if (KV.second.IsRef || LS.unchanged(KV.first))
      continue;
    if (!LS.stepOf(KV.first))
      return std::nullopt;
    Stepped.insert(KV.first);
  }
  llvm::SmallVector<const Expr *, 2> Out;
  for (const auto &S : LS.Steps)
    if (Stepped.count(S.first))
      Out.push_back(S.second);
  return Out;
}

void Interpreter::countStores(const LoopSteps &LS) {
  // A store through a pointer variable the loop does not change goes to the
  // object its value points to; one to an element or field of a variable
  // to that variable's object (evalVarLValue, evalMemberLValue); any other
  // (into a reference, which may be bound to anything, also one declared in
  // the body and not bound yet) may go anywhere: the count under nullptr is
  // part of every load key.
  bool Anywhere = LS.StoresElsewhere;
  for (const auto &[V, IsObject] : LS.StoreRoots) {
    const Binding *B = lookup(V);
    if (IsObject) {
      if (V->getType()->isReferenceType() || (B && B->IsRef))
        Anywhere = true;
      else
        ++StoreGen[objectFor(V)];
      continue;
    }
    if (LS.unchanged(V) && B && !B->IsRef && B->V.isPtr() && B->V.Base)
      ++StoreGen[B->V.Base];
    else
      Anywhere = true;
  }
  if (Anywhere)
    ++StoreGen[nullptr];
}

std::optional<llvm::SmallVector<const Expr *, 2>>
Interpreter::stepsOnly(const LoopSteps &LS, const VarMap &Before,
                       const VarMap &After) const {
  llvm::SmallVector<const Expr *, 2> Out;
  llvm::SmallPtrSet<const VarDecl *, 4> Stepped;
  for (const auto &KV : Frames.back().Vars) {
    const VarDecl *D = KV.first;
    auto B = Before.find(D), A = After.find(D);
    // The variables checkInduction does not compare.
    if (B == Before.end() || A == After.end() || KV.second.IsRef ||
        B->second.IsRef || A->second.IsRef || KV.second.V.isUnknown())
      continue;
    if (LS.unchanged(D))
      continue;
    if (!LS.stepOf(D))
      return std::nullopt;
    Stepped.insert(D);
  }
  for (const auto &S : LS.Steps)
    if (Stepped.count(S.first))
      Out.push_back(S.second);
  return Out;
}

/// The generalization v(j) = v(0) + j * step holds only when the step is the
/// same in every iteration: `off += step; step = 1;` steps 8 first, then 1.
/// Induction: one more dry run from the generalized state (iteration j) must
/// give v(j) + step for every generalized variable; one that does not
/// (or that depends on one that does not: repeated until nothing changes)
/// becomes unknown.
void Interpreter::checkInduction(const VarMap &Before, const VarMap &After,
                                 SymbolId J, const Stmt *Loop, const Stmt *Body,
                                 const Expr *Inc, const LaneMask &Any) {
  // A trip of the check need not run where the syntax shows what it would
  // give (LoopSteps.h): when every variable the check compares is one the
  // loop does not change or one with a step, the steps are evaluated alone.
  const LoopSteps *LS = loopStepsOf(Loop, Body, Inc);
  for (unsigned Round = 0; Round < 4; ++Round) {
    VarMap Gen = Frames.back().Vars;
    bool SavedRec = Recording;
    Recording = false;
    std::optional<llvm::SmallVector<const Expr *, 2>> Steps =
        LS ? stepsOnly(*LS, Before, After) : std::nullopt;
    if (Steps) {
      ++InductionChecksByStep;
      for (const Expr *S : *Steps)
        evalDiscarded(S, Any);
    } else {
      ++InductionChecksByTrip;
      LoopCtx Ignored;
      execLoopBody(Body, Inc, Any, Ignored, /*Unsure=*/true);
    }
    Recording = SavedRec;
    VarMap Next = Frames.back().Vars;
    Frames.back().Vars = Gen;
    bool Changed = false;
    for (auto &KV : Gen) {
      const VarDecl *D = KV.first;
      auto B = Before.find(D), A = After.find(D);
      auto N = Next.find(D);
      if (B == Before.end() || A == After.end() || N == Next.end() ||
          KV.second.IsRef || N->second.IsRef || B->second.IsRef ||
          A->second.IsRef)
        continue;
      const Value &G = KV.second.V;
      if (G.isUnknown())
        continue;
      // Expected: G + (After - Before), the same step as the first trip.
      const Value &Old = B->second.V, &New = A->second.V;
      bool Ok = false;
      if (mentionsW(Old) || mentionsW(New)) {
        // Which comparison is made must not differ between warps.
        bool Same = New.sameAs(Old, Any.May);
        for (unsigned W : WI.Set)
          if (warpAt(New, W).sameAs(warpAt(Old, W), Any.May) != Same)
            warpEscape("a loop induction on the warp index");
      }
      if (New.sameAs(Old, Any.May) &&
          (New.Defined & Any.May) == (Old.Defined & Any.May)) {
        Ok = N->second.V.sameAs(G, Any.May) &&
             (N->second.V.Defined & Any.May) == (G.Defined & Any.May);
      } else if (New.Kind == G.Kind && N->second.V.Kind == G.Kind &&
                 N->second.V.Base == G.Base && N->second.V.definedIn(Any.May)) {
        std::optional<LaneInt> Step = sub(New.I, Old.I);
        std::optional<LaneInt> Got = sub(N->second.V.I, G.I);
        Ok = Step && Got && Got->sameAs(*Step, Any.May);
      }
      if (!Ok && (mentionsW(G) || mentionsW(N->second.V) || mentionsW(Old) ||
                  mentionsW(New)))
        warpEscape("a loop induction on the warp index");
      if (!Ok) {
        Value U = Value::unknown("'" + D->getNameAsString() +
                                 "' does not change by the same step in "
                                 "every iteration of " +
                                 loopName(Loop));
        U.Deps.push_back(J);
        Frames.back().Vars[D].V = U;
        Changed = true;
      }
    }
    if (!Changed)
      return;
  }
}

LaneMask Interpreter::execLoopSymbolic(const Stmt *Loop, const Expr *Cond,
                                       const Stmt *Body, const Expr *Inc,
                                       LaneMask M) {
  VarMap Before = Frames.back().Vars;
  ++Frames.back().Undecided;
  // 1. A dry run of one iteration finds how each variable changes.
  bool SavedRec = Recording;
  Recording = false;
  LaneMask Any{0, M.May, M.Deps};
  // In the kernel's own frame, where every variable is one the loop does
  // not change or one with a step (LoopSteps.h), evaluating the steps alone
  // gives every variable the value the trip would.
  const LoopSteps *LS = loopStepsOf(Loop, Body, Inc);
  if (std::optional<llvm::SmallVector<const Expr *, 2>> Steps =
          LS ? dryRunSteps(*LS) : std::nullopt) {
    ++DryRunsByStep;
    for (const Expr *S : *Steps)
      evalDiscarded(S, Any);
    // The trip's stores count as the dry run's would (record): a load in
    // "any iteration" is not the load of that address before the loop when
    // an earlier iteration may have stored there.
    countStores(*LS);
  } else {
    ++DryRunsByTrip;
    LoopCtx Ignored;
    execLoopBody(Body, Inc, Any, Ignored, /*Unsure=*/true);
  }
  Recording = SavedRec;
  auto After = Frames.back().Vars;
  Frames.back().Vars = Before;

  // 2. v = start + j * step for every variable with a warp-uniform step.
  // Each dynamic execution of a generalized loop has its own iteration
  // number (a helper's loop run twice, two loops on one line).
  SymbolId J =
      symbolId("iteration(line " +
                   std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                       Loop->getBeginLoc())) +
                   ")",
               {}, "loop run " + std::to_string(LoopRuns++),
               /*NonNeg=*/true);
  for (auto &KV : After) {
    const VarDecl *D = KV.first;
    auto It = Before.find(D);
    if (It == Before.end() || KV.second.IsRef || It->second.IsRef)
      continue;
    const Value &Old = It->second.V, &New = KV.second.V;
    if (New.sameAs(Old, M.May) &&
        (New.Defined & M.May) == (Old.Defined & M.May))
      continue;
    // Unknown before and after: it stays unknown for its own reason.
    if (Old.isUnknown() && New.isUnknown() && Old.Reason == New.Reason)
      continue;
    Frames.back().Vars[D].V = generalizeVar(D, Old, New, J, Loop, M);
  }
  // Elements of local arrays and structs the loop changes are not followed.
  for (auto &KV : Frames.back().Vars) {
    auto A = After.find(KV.first);
    if (A == After.end() || KV.second.IsRef)
      continue;
    for (auto E = KV.second.Elems.begin(); E != KV.second.Elems.end();) {
      auto N = A->second.Elems.find(E->first);
      if (N == A->second.Elems.end() || N->second.first != E->second.first) {
        E = KV.second.Elems.erase(E);
        continue;
      }
      if (!N->second.second.sameAs(E->second.second, M.May) ||
          (N->second.second.Defined & M.May) !=
              (E->second.second.Defined & M.May)) {
        Value U = Value::unknown(
            "an element of '" + KV.first->getNameAsString() +
            "' changes across " + loopName(Loop) + " in a way not followed");
        U.Deps.push_back(J);
        E->second.second = U;
      }
      ++E;
    }
  }
  checkInduction(Before, After, J, Loop, Body, Inc, Any);

  // 3. One recorded pass for "any iteration": lanes whose condition is
  // uniformly undecided run it together (if it runs at all).
  LaneMask Iter = Any;
  if (Cond) {
    LaneBool C = evalCond(Cond, M);
    Iter = intersect(M, C, false);
  }
  Iter.addDeps({J});
  Context.push_back("any iteration of " + loopName(Loop));
  LoopCtx Done;
  execLoopBody(Body, Inc, Iter, Done, /*Unsure=*/true);
  Context.pop_back();
  // Lanes that may have broken out in "any iteration" leave with that
  // iteration's values.
  applyUnsureExits(Done.BrokenVars);
  --Frames.back().Undecided;
  return M;
}
