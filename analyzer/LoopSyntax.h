//===- LoopSyntax.h - Syntactic walks behind LoopSteps --------------------===//
//
// Internal to the analyzer: included only by LoopSteps.cpp and
// LoopSyntax.cpp. What a statement does to variables, read from the syntax
// alone: which locals it uses otherwise than by reading them, which calls
// it makes and with what, what object or pointer an lvalue goes through.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_LOOPSYNTAX_H
#define CCL_ANALYZER_LOOPSYNTAX_H

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace ccl::loopsyntax {
using namespace clang;

/// \p D is a variable with automatic storage declared in \p Fn (a parameter
/// or a local of its body).
bool isLocalOf(const VarDecl *D, const FunctionDecl *Fn);

/// The local a plain read `v` (an lvalue-to-rvalue conversion of a
/// reference to it) reads, or null.
const VarDecl *readOf(const Stmt *S);

/// The variable \p E refers to directly (`v`, `(v)`), or null.
const VarDecl *varOf(const Expr *E);

/// Constructs after which nothing is known: code the walks below do not
/// see through (a lambda's captures, a jump into or out of the loop).
bool isOpaque(const Stmt *S);

/// A call's parts: the function called (a direct callee or a
/// constructor), the object of a member function (a member call's implicit
/// object, an operator's first operand) and the arguments that go to the
/// parameters, in order.
struct CallParts {
  const FunctionDecl *Callee = nullptr;
  const Expr *Object = nullptr;
  llvm::SmallVector<const Expr *, 4> Args;
};
CallParts callParts(const Stmt *S);

/// The code of \p Def the walks follow: its body and, for a constructor,
/// its member initializers.
llvm::SmallVector<const Stmt *, 4> codeOf(const FunctionDecl *Def);

/// \p V may be read through a `const T&` or as a const object without
/// being changed: it is not a reference, and no field of its type is
/// mutable.
bool constAccessReads(const VarDecl *V);

/// Walks \p S: every use of a variable that is not a plain read goes to
/// \p Use (with whether it is an assignment, increment or decrement of it).
/// With \p ConstRefReads, a local passed to a `const T&` parameter or used
/// as the object of a const member function counts as read. False when
/// \p S holds an opaque construct.
template <typename Fn>
bool forEachNonRead(const Stmt *S, Fn &&Use, bool ConstRefReads) {
  if (!S)
    return true;
  if (isOpaque(S))
    return false;
  if (readOf(S))
    return true;
  auto Walk = [&](const Stmt *C) {
    return forEachNonRead(C, Use, ConstRefReads);
  };
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Use(VD, DRE, false);
    return true;
  }
  // `v = e`, `v op= e`: the left side is written, not escaped.
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp())
      if (const VarDecl *V = varOf(BO->getLHS())) {
        Use(V, BO->getLHS()->IgnoreParens(), true);
        return Walk(BO->getRHS());
      }
  if (const auto *UO = dyn_cast<UnaryOperator>(S))
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *V = varOf(UO->getSubExpr())) {
        Use(V, UO->getSubExpr()->IgnoreParens(), true);
        return true;
      }
  if (ConstRefReads) {
    // An argument bound to a `const T&` parameter, or the object of a const
    // member function: a local there is read (the walk goes on with the
    // other operands).
    auto IsRead = [](const Expr *A, QualType Ref) {
      return Ref->isLValueReferenceType() &&
             Ref->getPointeeType().isConstQualified() &&
             constAccessReads(varOf(A->IgnoreImplicit()));
    };
    CallParts C = callParts(S);
    if (C.Callee) {
      bool Ok = true;
      if (C.Object) {
        const auto *Method = dyn_cast<CXXMethodDecl>(C.Callee);
        const auto *ME = dyn_cast<MemberExpr>(
            cast<CallExpr>(S)->getCallee()->IgnoreParenImpCasts());
        bool ObjRead = Method && Method->isConst() && !(ME && ME->isArrow()) &&
                       constAccessReads(varOf(C.Object->IgnoreImplicit()));
        if (!ObjRead)
          Ok &= Walk(C.Object);
      }
      for (unsigned I = 0; I < C.Args.size(); ++I) {
        bool Read = I < C.Callee->getNumParams() &&
                    IsRead(C.Args[I], C.Callee->getParamDecl(I)->getType());
        if (!Read)
          Ok &= Walk(C.Args[I]);
      }
      // The callee expression itself (a member expression's base is the
      // object, handled above).
      if (const auto *CE = dyn_cast<CallExpr>(S))
        if (!C.Object)
          Ok &= Walk(CE->getCallee());
      return Ok;
    }
  }
  for (const Stmt *C : S->children())
    if (!Walk(C))
      return false;
  return true;
}

/// Something in \p S (or code it calls that the interpreter follows: a
/// direct callee with a body outside system headers) may write through a
/// `const T&` or const object: a const_cast, or a C-style or functional
/// cast to a pointer or reference. Or something the walk cannot see
/// through.
bool castsAwayConst(const Stmt *S, const SourceManager &SM,
                    llvm::DenseSet<const FunctionDecl *> &Seen);

/// A local pointer variable's initializer, where the variable is never
/// written after it (StoreFinder::initOf); null otherwise.
using InitOf = llvm::function_ref<const Expr *(const VarDecl *)>;

/// The variable whose object the lvalue \p E designates part of (`a[i]`,
/// `s.f`, `a[i].f` of an array or struct variable, `r` or `r[i]` of a
/// reference: IsObject), or whose
/// value is the pointer it goes through (`p[i]`, `*p`, `p->f`, `(p + 4)[i]`:
/// not IsObject); null when there is no such variable.
const VarDecl *objectRoot(const Expr *E, bool &IsObject, InitOf Init);

/// The same for the pointer value \p E: an array that decays, the address
/// of an object, a pointer variable (or, through \p Init, the initializer
/// of a local pointer never written after it), a pointer plus or minus an
/// integer, a cast of a pointer to a pointer.
const VarDecl *pointerRoot(const Expr *E, bool &IsObject, InitOf Init);

/// \p E is a local scalar the interpreter writes as a variable (no store
/// to memory): a parameter or local of non-reference, non-record,
/// non-array type, not __shared__.
bool isVariableWrite(const Expr *E);

} // namespace ccl::loopsyntax
#endif
