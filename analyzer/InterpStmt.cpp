//===- InterpStmt.cpp - Statements and branches ---------------------------===//
//
// Statements transform the set of active lanes: exec(S, M) returns the lanes
// that fall through S. `return`, `break` and `continue` remove lanes;
// `if` and `switch` (InterpSwitch.cpp) split the mask by the condition, lane
// by lane, and join the variables of their paths afterwards
// (InterpJoin.cpp). Loops are in InterpLoops.cpp and InterpGeneralize.cpp.
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
  if (Call.OnLaunch && D->getInit()) {
    if (const auto *RD = D->getType()->getAsCXXRecordDecl())
      if (RD->getName() == "dim3")
        Call.Dim3Vars[D] = Call.evalDim3(D->getInit(), M);
  }
  if (D->getInit() && WarpCall.isGroupType(D->getType()))
    if (std::optional<Group> G = WarpCall.groupOf(D->getInit(), M))
      Frames.back().Groups[D] = *G;
  Binding B;
  auto A = Opts.Assume.find(D->getNameAsString());
  if (D->getType()->isReferenceType()) {
    B.IsRef = true;
    B.Ref = D->getInit() ? Memory.evalLValue(D->getInit(), M)
                         : LValue::unknown("unbound reference");
    // A reference to a local of this frame (range-for's `auto &&__range =
    // rows`) stays a reference: reads and writes go to that variable, which
    // this frame's joins and loops follow. One to an outer frame's local is
    // a copy (not joined here).
    if (B.Ref.Kind == LValue::Var && !Frames.back().Vars.count(B.Ref.Decl)) {
      B.IsRef = false;
      B.V = Memory.readVar(B.Ref.Decl);
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
      B.Elems[4 * Dim] = {4, Call.builtinField(BV->getName(), Dim)};
  } else if (D->getInit()) {
    B.V = eval(D->getInit(), M);
    if (B.V.isInt() && D->getType()->isIntegerType() &&
        !D->getType()->isBooleanType())
      B.V.I =
          WarpRun.truncate(B.V.I, Ctx.getIntWidth(D->getType()),
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
      if (!VD || !Memory.isCudaBuiltinVar(VD))
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
    int64_t ES = Memory.sizeOf(E);
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
    Value P = Memory.addressOf(Memory.evalLValue(Init, M));
    if (P.isPtr())
      B.Elems[Off] = {
          Memory.sizeOf(Ctx.getPointerType(T.getNonReferenceType())), P};
    return;
  }
  if (!(T->isIntegralOrEnumerationType() || T->isPointerType()) || IL)
    return;
  --Budget;
  Value V = eval(Init, M);
  if (V.isInt() && T->isIntegerType() && !T->isBooleanType())
    V.I = WarpRun.truncate(V.I, Ctx.getIntWidth(T),
                           T->isSignedIntegerOrEnumerationType());
  B.Elems[Off] = {Memory.sizeOf(T), V};
}

LaneMask Interpreter::execBreakContinue(const Stmt *S, const LaneMask &M) {
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
      Joiner.noteUnsureExit(Break ? L.BrokenVars : L.ContinuedVars, M.May);
  }
  return LaneMask{};
}

LaneMask Interpreter::execGoto(const Stmt *S, const LaneMask &M) {
  // Not followed: the lanes that jump would still count in the accesses
  // they skip (or miss the ones they jump back to). Give up on exactness
  // for the whole kernel, with the reason.
  if (Incomplete.empty())
    Incomplete = "a goto at line " +
                 std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                     S->getBeginLoc())) +
                 " is not followed";
  return M;
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
    return Looper.execLoop(F, F->getInit(), F->getCond(), F->getBody(),
                           F->getInc(), true, M);
  }
  case Stmt::WhileStmtClass: {
    const auto *W = cast<WhileStmt>(S);
    return Looper.execLoop(W, nullptr, W->getCond(), W->getBody(), nullptr,
                           true, M);
  }
  case Stmt::DoStmtClass: {
    const auto *D = cast<DoStmt>(S);
    return Looper.execLoop(D, nullptr, D->getCond(), D->getBody(), nullptr,
                           false, M);
  }
  case Stmt::ReturnStmtClass:
    ++LaneExits;
    return execReturn(cast<ReturnStmt>(S), M);
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
    return execBreakContinue(S, M);
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
    return execGoto(S, M);
  case Stmt::CXXForRangeStmtClass:
    return execRangeFor(cast<CXXForRangeStmt>(S), M);
  case Stmt::GCCAsmStmtClass:
    execAsm(cast<GCCAsmStmt>(S), M);
    return M;
  case Stmt::NullStmtClass:
    return M;
  default:
    if (const auto *E = dyn_cast<Expr>(S))
      if (!skipUnobserved(E, M))
        evalDiscarded(E, M);
    return M;
  }
}

bool Interpreter::skipUnobserved(const Expr *E, const LaneMask &M) {
  if (Frames.empty())
    return false;
  const VarDecl *V = Unobserved.skippable(Frames.back().Fn, E);
  if (!V)
    return false;
  // The left-hand side must be the local itself (its binding, or an element
  // at an address known in every lane): a store anywhere else may write
  // other locals (MemoryRules::store), so it is evaluated.
  LValue L = Memory.evalLValue(cast<BinaryOperator>(E)->getLHS(), M);
  if (L.Kind == LValue::Var)
    return L.Decl == V;
  return L.Kind == LValue::Memory && L.Addr.isPtr() && L.Addr.Base &&
         L.Addr.Base->Space == MemObject::Local && L.Addr.Base->Decl == V &&
         !L.Addr.OtherObjects && L.Addr.definedIn(M.May);
}

/// Inline PTX is not followed: its inputs are evaluated (the loads in them
/// count), and every output operand ("=r", "+r") becomes unknown, naming
/// the statement (a lane id read from %laneid, a pointer the asm bumps).
/// Memory the asm itself reads or writes is not seen.
void Interpreter::execAsm(const GCCAsmStmt *S, const LaneMask &M) {
  for (unsigned I = 0; I < S->getNumInputs(); ++I) {
    const Expr *In = S->getInputExpr(I);
    if (In->isGLValue()) // a memory operand ("m"): its address only
      Memory.evalLValue(In, M);
    else
      eval(In, M);
  }
  unsigned Line = Ctx.getSourceManager().getExpansionLineNumber(S->getAsmLoc());
  for (unsigned I = 0; I < S->getNumOutputs(); ++I) {
    const Expr *Out = S->getOutputExpr(I);
    Value V = Value::unknown("output of the inline asm statement at line " +
                             std::to_string(Line));
    LValue L = Memory.evalLValue(Out, M);
    if (L.Kind == LValue::Var)
      Memory.writeVar(L.Decl, V, M);
    else if (L.Kind == LValue::Memory && L.Addr.Base &&
             L.Addr.Base->Space == MemObject::Local)
      Memory.storeLocal(L.Addr, Out->getType(), V, M);
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
        Call.DiscardFor = Def;
    }
  eval(E, M);
  Call.DiscardFor = nullptr;
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
  return Looper.execLoop(S, nullptr, S->getCond(), Body, S->getInc(), true, M);
}

LaneMask Interpreter::execReturn(const ReturnStmt *S, const LaneMask &M) {
  // A reference returned to a caller that uses the call as an lvalue: the
  // lvalue, not a load of it.
  if (S->getRetValue() && Frames.back().WantRef) {
    LValue L = Memory.evalLValue(S->getRetValue(), M);
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
    Memory.evalLValue(S->getRetValue(), M);
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
      WarpRun.checkJoinPerWarp(J, V, F.RetVal, M.May & ~F.UnsureReturned,
                               ~M.May, 0);
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
  Joiner.joinFrames(AfterThen, Frames.back().Vars, C.True, C.False, C.Deps,
                    ~(C.True | C.False) & C.Uniform & M.May, At);
  // No lane left either arm (no return, break or continue ran): every lane
  // goes on, also those the condition did not decide.
  if (LaneExits == ExitsBefore)
    return M;
  return unite(FT, FE);
}

