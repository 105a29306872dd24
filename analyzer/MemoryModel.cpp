//===- MemoryModel.cpp - The memory objects of one interpretation ---------===//
//
// MemoryModel.h says what the objects are; the alignment each is assumed to
// have is set here (objectFor).
//
//===----------------------------------------------------------------------===//
#include "analyzer/MemoryModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <algorithm>

using namespace clang;
using namespace ccl;

MemObject &MemoryModel::make() {
  Objects.push_back(MemObject{});
  return Objects.back();
}

const MemObject *MemoryModel::objectFor(const VarDecl *D) {
  auto It = ObjectOf.find(D);
  if (It != ObjectOf.end())
    return It->second;
  MemObject &O = make();
  O.Decl = D;
  O.Name = D->getNameAsString();
  uint64_t DeclAlign = Ctx.getDeclAlign(D).getQuantity();
  // A pointer parameter stands for the memory it points to; a parameter
  // passed by value (a struct) is the callee's local.
  if (isa<ParmVarDecl>(D) && D->getType()->isPointerType()) {
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
    O.AlignReason =
        "aligned as declared (" + std::to_string(DeclAlign) + " bytes)";
  } else {
    O.Space = MemObject::Local;
    O.BaseAlign = DeclAlign;
  }
  ObjectOf[D] = &O;
  return &O;
}

const MemObject *MemoryModel::namedGlobal(const std::string &Name,
                                          uint64_t Align,
                                          const std::string &AlignReason,
                                          const std::string &Key) {
  const MemObject *&Obj = AnonObjects[Key.empty() ? Name : Key];
  if (!Obj) {
    MemObject &O = make();
    O.Space = MemObject::Global;
    O.Name = Name;
    O.BaseAlign = Align;
    O.AlignReason = AlignReason;
    Obj = &O;
  }
  return Obj;
}

const MemObject *MemoryModel::eitherOf(const MemObject *A, const MemObject *B) {
  std::string Key = "either " + std::to_string((uintptr_t)A) + " " +
                    std::to_string((uintptr_t)B);
  const MemObject *&Either = AnonObjects[Key];
  if (!Either) {
    MemObject &O = make();
    O.Space = A->Space;
    O.Name = A->Name + " or " + B->Name;
    O.Dynamic = A->Dynamic || B->Dynamic;
    const MemObject *Weak = A->BaseAlign <= B->BaseAlign ? A : B;
    O.BaseAlign = Weak->BaseAlign;
    O.AlignReason = Weak->AlignReason;
    Either = &O;
  }
  return Either;
}

namespace {
/// The locals of a function body whose address escapes: `&v` (also of a
/// field or element), an array decaying to a pointer, a non-const
/// reference bound to it (a reference variable or argument).
class AddressTakenCollector
    : public RecursiveASTVisitor<AddressTakenCollector> {
public:
  std::set<const VarDecl *> &Out;
  explicit AddressTakenCollector(std::set<const VarDecl *> &Out) : Out(Out) {}
  void root(const Expr *E) {
    while (E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return;
        E = ME->getBase();
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
        if (!AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
          return;
        E = AS->getBase();
      } else if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
          Out.insert(V);
        return;
      } else {
        return;
      }
    }
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      root(U->getSubExpr());
    return true;
  }
  /// `a[i]` of a local array decays `a` without letting its address out.
  bool TraverseArraySubscriptExpr(ArraySubscriptExpr *A) {
    const auto *C = dyn_cast<ImplicitCastExpr>(A->getBase()->IgnoreParens());
    if (C && C->getCastKind() == CK_ArrayToPointerDecay) {
      if (!TraverseStmt(const_cast<Expr *>(C->getSubExpr())))
        return false;
      return TraverseStmt(A->getIdx());
    }
    return RecursiveASTVisitor::TraverseArraySubscriptExpr(A);
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      root(C->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isReferenceType() && V->getInit() &&
        !V->getType().getNonReferenceType().isConstQualified())
      root(V->getInit());
    return true;
  }
  void args(const FunctionDecl *F, llvm::ArrayRef<const Expr *> Args) {
    if (!F)
      return;
    for (unsigned I = 0; I < Args.size() && I < F->getNumParams(); ++I) {
      QualType T = F->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        root(Args[I]);
    }
  }
  bool VisitCallExpr(CallExpr *C) {
    args(C->getDirectCallee(),
         llvm::ArrayRef<const Expr *>(C->getArgs(), C->getNumArgs()));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    args(C->getConstructor(),
         llvm::ArrayRef<const Expr *>(C->getArgs(), C->getNumArgs()));
    return true;
  }
};
} // namespace

bool MemoryModel::addressTaken(const VarDecl *VD) {
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return true;
  auto It = AddrTaken.find(FD);
  if (It == AddrTaken.end()) {
    It = AddrTaken.emplace(FD, std::set<const VarDecl *>{}).first;
    AddressTakenCollector C(It->second);
    C.TraverseStmt(FD->getBody());
  }
  return It->second.count(VD);
}
