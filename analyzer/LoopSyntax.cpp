//===- LoopSyntax.cpp - Syntactic walks behind LoopSteps ------------------===//
#include "analyzer/LoopSyntax.h"
#include "analyzer/LoopSteps.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace ccl::loopsyntax {

bool isLocalOf(const VarDecl *D, const FunctionDecl *Fn) {
  if (!D || !Fn || !D->hasLocalStorage())
    return false;
  const auto *Owner =
      dyn_cast_or_null<FunctionDecl>(D->getParentFunctionOrMethod());
  return Owner && Owner->getCanonicalDecl() == Fn->getCanonicalDecl();
}

const VarDecl *readOf(const Stmt *S) {
  const auto *ICE = dyn_cast<ImplicitCastExpr>(S);
  if (!ICE || ICE->getCastKind() != CK_LValueToRValue)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

const VarDecl *varOf(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

bool isOpaque(const Stmt *S) {
  return isa<LambdaExpr>(S) || isa<BlockExpr>(S) || isa<GotoStmt>(S) ||
         isa<IndirectGotoStmt>(S) || isa<CoroutineBodyStmt>(S) ||
         isa<StmtExpr>(S);
}

CallParts callParts(const Stmt *S) {
  CallParts C;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    C.Callee = CE->getDirectCallee();
    C.Args.assign(CE->arg_begin(), CE->arg_end());
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(C.Callee);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      C.Object = MC->getImplicitObjectArgument();
    } else if (isa<CXXOperatorCallExpr>(CE) && MD && !MD->isStatic() &&
               !C.Args.empty()) {
      C.Object = C.Args.front();
      C.Args.erase(C.Args.begin());
    }
  } else if (const auto *CC = dyn_cast<CXXConstructExpr>(S)) {
    C.Callee = CC->getConstructor();
    C.Args.assign(CC->arg_begin(), CC->arg_end());
  }
  return C;
}

llvm::SmallVector<const Stmt *, 4> codeOf(const FunctionDecl *Def) {
  llvm::SmallVector<const Stmt *, 4> Out{Def->getBody()};
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      Out.push_back(Init->getInit());
  return Out;
}

bool constAccessReads(const VarDecl *V) {
  if (!V || V->getType()->isReferenceType())
    return false;
  const auto *RD =
      V->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  return !RD || (RD->hasDefinition() && !RD->hasMutableFields());
}

bool castsAwayConst(const Stmt *S, const SourceManager &SM,
                    llvm::DenseSet<const FunctionDecl *> &Seen) {
  if (!S)
    return false;
  if (isOpaque(S) || isa<CXXConstCastExpr>(S))
    return true;
  if (isa<CStyleCastExpr>(S) || isa<CXXFunctionalCastExpr>(S)) {
    QualType T = cast<Expr>(S)->getType();
    if (T->isPointerType() || T->isReferenceType() ||
        cast<Expr>(S)->isGLValue())
      return true;
  }
  const FunctionDecl *Def = followedDefinition(callParts(S).Callee, SM);
  if (Def && Seen.insert(Def).second)
    for (const Stmt *Code : codeOf(Def))
      if (castsAwayConst(Code, SM, Seen))
        return true;
  for (const Stmt *C : S->children())
    if (castsAwayConst(C, SM, Seen))
      return true;
  return false;
}

const VarDecl *objectRoot(const Expr *E, bool &IsObject, InitOf Init) {
  E = E->IgnoreParens();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return pointerRoot(AS->getBase(), IsObject, Init);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref
               ? pointerRoot(UO->getSubExpr(), IsObject, Init)
               : nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() ? pointerRoot(ME->getBase(), IsObject, Init)
                         : objectRoot(ME->getBase(), IsObject, Init);
  const VarDecl *V = varOf(E);
  if (!V)
    return nullptr;
  IsObject = true;
  return V;
}

const VarDecl *pointerRoot(const Expr *E, bool &IsObject, InitOf Init) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return objectRoot(C->getSubExpr(), IsObject, Init);
    case CK_LValueToRValue: {
      const VarDecl *V = varOf(C->getSubExpr());
      if (!V || V->getType()->isReferenceType() ||
          !V->getType()->isPointerType())
        return nullptr;
      if (const Expr *I = Init(V))
        return pointerRoot(I, IsObject, Init);
      IsObject = false;
      return V;
    }
    case CK_NoOp:
    case CK_BitCast:
      return C->getSubExpr()->getType()->isPointerType()
                 ? pointerRoot(C->getSubExpr(), IsObject, Init)
                 : nullptr;
    default:
      return nullptr;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_AddrOf
               ? objectRoot(UO->getSubExpr(), IsObject, Init)
               : nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAdditiveOp() && BO->getType()->isPointerType())
      return pointerRoot(BO->getLHS()->getType()->isPointerType()
                             ? BO->getLHS()
                             : BO->getRHS(),
                         IsObject, Init);
  return nullptr;
}

bool isVariableWrite(const Expr *E) {
  const VarDecl *V = varOf(E);
  return V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
         !V->getType()->isRecordType() && !V->getType()->isArrayType() &&
         !V->hasAttr<CUDASharedAttr>() && !V->hasAttr<CUDADeviceAttr>() &&
         !V->hasAttr<CUDAConstantAttr>();
}

} // namespace ccl::loopsyntax
