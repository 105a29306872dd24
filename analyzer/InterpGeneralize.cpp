//===- InterpGeneralize.cpp - Loop variables for "any iteration" ----------===//
//
// A loop that is not run trip by trip is generalized: each variable that
// changes by a warp-uniform step d per iteration is rewritten as start + j*d
// with j a new symbol (generalizeVar); a variable multiplied or divided by a
// power of two bounds the trip count (multiplicativeTripBound).
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpHelpers.h"
#include "analyzer/InterpLoops.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

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
unsigned LoopRules::multiplicativeTripBound(const Expr *Cond, const Stmt *Body,
                                            const Expr *Inc,
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
    const VarDecl *V = scaledVar(U, I.Ctx, G);
    if (!V || !refersTo(Cond, V))
      continue;
    // Updated once per trip: every other use of it is a read, and a
    // `continue` cannot skip an update in the body.
    if (!onlyReads(Body, V, U) || !onlyReads(Inc, V, U) ||
        (U != Inc && hasContinue(Body)))
      continue;
    Counter = V;
    Grows = G;
    return I.Ctx.getIntWidth(V->getType());
  }
  return 0;
}

Value LoopRules::generalizeVar(const VarDecl *D, const Value &Old,
                               const Value &New, SymbolId J, const Stmt *Loop,
                               const LaneMask &M) {
  Value Gen = Value::unknown("'" + D->getNameAsString() + "' changes across " +
                             I.loopName(Loop) + " in a way not followed");
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
  if (Delta && I.WarpRun.mentionsW(*Delta))
    I.WarpRun.escape("the step of '" + D->getNameAsString() +
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
    SymbolId P = I.Symbols.symbolId(I.Syms.name(J) + "*" + I.Syms.name(T.Sym),
                                    {J, T.Sym},
                                    "iteration product #" + std::to_string(J) +
                                        " #" + std::to_string(T.Sym),
                                    I.Syms.nonNegative(T.Sym));
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
