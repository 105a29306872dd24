//===- SmallLaunchArgs.cpp - Small constants passed to kernels ------------===//
//
// collectSmallLaunchArgs (LaunchConfig.h): the integer arguments of each
// launch that are small constants (|value| < 32): a constant expression, or
// a local variable of the launching function whose first constant store
// (its initializer or a plain assignment) is one.
//
//===----------------------------------------------------------------------===//
#include "analyzer/LaunchConfig.h"
#include "analyzer/SystemCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <memory>

using namespace clang;
using namespace ccl;

namespace {
/// Constants assigned to local variables in one function body (their
/// initializers and plain assignments), first occurrence each.
class ConstantStores : public RecursiveASTVisitor<ConstantStores> {
public:
  explicit ConstantStores(ASTContext &Ctx) : Ctx(Ctx) {}
  std::map<const VarDecl *, std::pair<int64_t, SourceLocation>> Small;
  bool VisitVarDecl(VarDecl *V) {
    if (V->isLocalVarDecl() && V->getInit())
      note(V, V->getInit(), V->getLocation());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign)
      return true;
    if (const auto *DR =
            dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        if (V->isLocalVarDecl())
          note(V, B->getRHS(), B->getExprLoc());
    return true;
  }

private:
  void note(const VarDecl *V, const Expr *E, SourceLocation L) {
    if (!V->getType()->isIntegerType() || E->isValueDependent() ||
        E->containsErrors())
      return;
    Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx))
      return;
    int64_t X = R.Val.getInt().getSExtValue();
    if (X > -32 && X < 32 && !Small.count(V))
      Small[V] = {X, L};
  }
  ASTContext &Ctx;
};

class SmallArgVisitor : public RecursiveASTVisitor<SmallArgVisitor> {
public:
  SmallArgVisitor(
      ASTContext &Ctx,
      std::map<const FunctionDecl *, std::vector<SmallLaunchArg>> &Out)
      : Ctx(Ctx), Out(Out) {}
  bool TraverseDecl(Decl *D) {
    if (isSystemDecl(D, Ctx.getSourceManager()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseFunctionDecl(FunctionDecl *F) {
    const FunctionDecl *Saved = Host;
    std::unique_ptr<ConstantStores> SavedStores = std::move(Stores);
    Host = F;
    Stores.reset();
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Host = Saved;
    Stores = std::move(SavedStores);
    return R;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const FunctionDecl *K = E->getDirectCallee();
    if (!K || !Host || !Host->getBody() || E->isValueDependent())
      return true;
    if (const FunctionDecl *P = K->getTemplateInstantiationPattern())
      K = P;
    for (unsigned I = 0; I < E->getNumArgs() && I < K->getNumParams(); ++I) {
      const Expr *A = E->getArg(I)->IgnoreParenImpCasts();
      if (A->getType().isNull() || !A->getType()->isIntegerType() ||
          A->isValueDependent() || A->containsErrors())
        continue;
      Expr::EvalResult R;
      if (A->EvaluateAsInt(R, Ctx)) {
        int64_t X = R.Val.getInt().getSExtValue();
        if (X > -32 && X < 32)
          Out[K->getCanonicalDecl()].push_back(
              {I, X, E->getBeginLoc(), A->getExprLoc()});
        continue;
      }
      const auto *DR = dyn_cast<DeclRefExpr>(A);
      const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      if (!V || !V->isLocalVarDecl())
        continue;
      if (!Stores) {
        Stores = std::make_unique<ConstantStores>(Ctx);
        Stores->TraverseStmt(Host->getBody());
      }
      auto It = Stores->Small.find(V);
      if (It != Stores->Small.end())
        Out[K->getCanonicalDecl()].push_back(
            {I, It->second.first, E->getBeginLoc(), It->second.second});
    }
    return true;
  }

private:
  ASTContext &Ctx;
  std::map<const FunctionDecl *, std::vector<SmallLaunchArg>> &Out;
  const FunctionDecl *Host = nullptr;
  std::unique_ptr<ConstantStores> Stores;
};
} // namespace

std::map<const FunctionDecl *, std::vector<SmallLaunchArg>>
ccl::collectSmallLaunchArgs(ASTContext &Ctx) {
  std::map<const FunctionDecl *, std::vector<SmallLaunchArg>> Out;
  SmallArgVisitor V(Ctx, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}
