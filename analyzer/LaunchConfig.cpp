//===- LaunchConfig.cpp - Which block shapes a kernel runs with ----------===//
#include "analyzer/LaunchConfig.h"
#include "analyzer/Interpreter.h"
#include "analyzer/SystemCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/ErrorHandling.h"
#include <memory>
#include <set>

using namespace clang;
using namespace ccl;

std::string BlockShape::describe(const SourceManager &SM) const {
  std::string S = Dim.str();
  auto Where = [&]() {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return std::string();
    return std::string(llvm::sys::path::filename(P.getFilename())) + ":" +
           std::to_string(P.getLine());
  };
  switch (Source) {
  case CommandLine:
    return S + " (from --block-dim)";
  case Comment:
    return S + " (from the comment at " + Where() + ")";
  case LaunchSite:
    return S + " (from the launch at " + Where() +
           (UsedAssumptions ? ", with --assume" : "") + ")";
  case LaunchBounds:
    return S + " (from __launch_bounds__)";
  case Configuration:
    return S + " (from " + ConfigFile + ")";
  case Default:
    if (Loc.isValid())
      return S + " (assumed; the block shape of the launch at " + Where() +
             " is not followed: give it with --block-dim)";
    return S + " (assumed; no launch site, __launch_bounds__ or --block-dim)";
  case UnresolvedLaunch:
    return S + " (the launch at " + Where() + " has a shape not followed)";
  }
  llvm_unreachable("unknown BlockShape source");
}

std::optional<Dim3> ccl::parseDim3(llvm::StringRef S) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  unsigned V[3] = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, V[I]) || V[I] == 0 || V[I] > 1024)
      return std::nullopt;
  Dim3 D{V[0], V[1], V[2]};
  if (D.threads() > 1024)
    return std::nullopt;
  return D;
}

namespace {
std::optional<unsigned> constInt(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->containsErrors())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  int64_t V = R.Val.getInt().getExtValue();
  if (V <= 0 || V > 1024)
    return std::nullopt;
  return (unsigned)V;
}

std::optional<Dim3> evalBlockArg(const Expr *E, ASTContext &Ctx,
                                 const Stmt *Body, int Depth = 0);

/// Every expression of \p Body that may change \p VD (see mayBeModified).
std::vector<const Expr *> modificationsOf(const VarDecl *VD, const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *VD;
    std::vector<const Expr *> Found;
    bool names(const Expr *E) const {
      E = E->IgnoreParenImpCasts();
      while (const auto *ME = dyn_cast<MemberExpr>(E))
        E = ME->getBase()->IgnoreParenImpCasts();
      const auto *DR = dyn_cast<DeclRefExpr>(E);
      return DR && DR->getDecl() == VD;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp() && names(B->getLHS()))
        Found.push_back(B);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
          names(U->getSubExpr()))
        Found.push_back(U);
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
      if (C->getNumArgs() && C->isAssignmentOp() && names(C->getArg(0)))
        Found.push_back(C);
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (M && !M->isConst() && C->getImplicitObjectArgument() &&
          names(C->getImplicitObjectArgument()))
        Found.push_back(C);
      return true;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      for (unsigned I = 0; I < C->getNumArgs(); ++I) {
        if (!names(C->getArg(I)))
          continue;
        const ParmVarDecl *P =
            F && I < F->getNumParams() ? F->getParamDecl(I) : nullptr;
        QualType T = P ? P->getType() : QualType();
        if (!P || (T->isReferenceType() &&
                   !T.getNonReferenceType().isConstQualified()))
          Found.push_back(C);
      }
      return true;
    }
  } F;
  F.VD = VD;
  if (Body)
    F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

/// True when the statement holding expression \p E sits in straight-line
/// code of \p Body: only compound statements between it and the body.
/// \p PM: the parents within \p Body (Clang's parent map of the whole
/// translation unit, ASTContext::getParents, would cost 20-25% more peak
/// memory on a file that includes the CUDA headers).
bool straightLine(const Expr *E, const Stmt *Body, const ParentMap &PM) {
  if (!PM.hasParent(E))
    return false;
  const Stmt *N = E;
  bool InExpr = true; // still climbing the expression \p E is part of
  for (int Depth = 0; Depth < 256; ++Depth) {
    const Stmt *P = PM.getParent(N);
    if (!P)
      return false;
    if (P == Body)
      return true;
    if (InExpr && isa<Expr>(P)) {
      N = P;
      continue;
    }
    InExpr = false;
    if (!isa<CompoundStmt>(P))
      return false;
    N = P;
  }
  return false;
}

/// `b` in `k<<<g, b>>>`: the variable a block argument copies, if any.
const VarDecl *blockVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
    if (CE->getNumArgs() == 1 &&
        CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0)->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    E = MT->getSubExpr()->IgnoreParenImpCasts();
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

/// A local dim3 read at \p Use: its initializer, then the field stores
/// (`b.x = 8;`) made in straight-line code before \p Use. Nothing when
/// anything else may change it.
std::optional<Dim3> evalLocalDim3(const VarDecl *VD, const Expr *Use,
                                  ASTContext &Ctx, const Stmt *Body,
                                  int Depth) {
  if (!VD->getInit())
    return std::nullopt;
  std::vector<const Expr *> Mods = modificationsOf(VD, Body);
  std::optional<Dim3> D = evalBlockArg(VD->getInit(), Ctx, Body, Depth + 1);
  if (!D || Mods.empty())
    return D;
  const SourceManager &SM = Ctx.getSourceManager();
  const ParentMap PM(const_cast<Stmt *>(Body));
  std::vector<const BinaryOperator *> Stores;
  for (const Expr *M : Mods) {
    const auto *B = dyn_cast<BinaryOperator>(M);
    const auto *ME =
        B ? dyn_cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts()) : nullptr;
    if (!B || B->getOpcode() != BO_Assign || !ME ||
        !isa<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
        !straightLine(B, Body, PM) || !straightLine(Use, Body, PM))
      return std::nullopt;
    if (SM.isBeforeInTranslationUnit(B->getBeginLoc(), Use->getBeginLoc()))
      Stores.push_back(B);
  }
  llvm::sort(Stores, [&](const BinaryOperator *A, const BinaryOperator *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
  unsigned V[3] = {D->X, D->Y, D->Z};
  for (const BinaryOperator *B : Stores) {
    StringRef Field = cast<MemberExpr>(B->getLHS()->IgnoreParenImpCasts())
                          ->getMemberDecl()
                          ->getName();
    int Idx = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : -1;
    std::optional<unsigned> C = constInt(B->getRHS(), Ctx);
    if (Idx < 0 || !C)
      return std::nullopt;
    V[Idx] = *C;
  }
  return Dim3{V[0], V[1], V[2]};
}

/// The block argument of a launch: an integer, dim3(x, y, z), or a local
/// dim3 variable initialized that way, with the field stores that follow in
/// straight-line code (\p Body is the launching function's body).
std::optional<Dim3> evalBlockArg(const Expr *E, ASTContext &Ctx,
                                 const Stmt *Body, int Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalBlockArg(FC->getSubExpr(), Ctx, Body, Depth + 1);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalBlockArg(MT->getSubExpr(), Ctx, Body, Depth + 1);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return evalBlockArg(BT->getSubExpr(), Ctx, Body, Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() &&
        CE->getNumArgs() == 1)
      return evalBlockArg(CE->getArg(0), Ctx, Body, Depth + 1);
    if (CE->getNumArgs() >= 1 && CE->getNumArgs() <= 3) {
      unsigned V[3] = {1, 1, 1};
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        std::optional<unsigned> X = constInt(CE->getArg(I), Ctx);
        if (!X)
          return std::nullopt;
        V[I] = *X;
      }
      return Dim3{V[0], V[1], V[2]};
    }
    return std::nullopt;
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (VD->getInit() && !isa<ParmVarDecl>(VD)) {
        if (VD->getType().isConstQualified())
          return evalBlockArg(VD->getInit(), Ctx, Body, Depth + 1);
        if (VD->isLocalVarDecl())
          return evalLocalDim3(VD, DR, Ctx, Body, Depth);
      }
  if (!E->getType().isNull() && E->getType()->isIntegerType())
    if (std::optional<unsigned> X = constInt(E, Ctx))
      return Dim3{*X, 1, 1};
  return std::nullopt;
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Ctx,
                std::map<const FunctionDecl *, std::vector<BlockShape>> &Out)
      : Ctx(Ctx), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (isSystemDecl(D, Ctx.getSourceManager()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const CallExpr *Config = E->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return true;
    const Expr *Block = Config->getArg(1);
    std::optional<Dim3> D =
        evalBlockArg(Block, Ctx, Current ? Current->getBody() : nullptr);
    if (!D) {
      addUnresolved(E);
      // A parameter of the launching function: the shape comes from its
      // callers (`void launch(dim3 block) { k<<<g, block>>>(); }`).
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(blockVariable(Block)))
        ParamLaunches.push_back({E, Current, P});
      // A local dim3 changed in ways not followed here: running the host
      // code would read its initializer, so the shape stays unknown.
      // (Running the host code follows stores to integers, not to a dim3's
      // fields.)
      if (const VarDecl *VD = blockVariable(Block))
        if (VD->isLocalVarDecl() && VD->getType()->isRecordType() && Current &&
            !modificationsOf(VD, Current->getBody()).empty())
          return true;
      Pending.insert(E);
      if (Current && Current->hasBody() && !llvm::is_contained(Hosts, Current))
        Hosts.push_back(Current);
      return true;
    }
    add(E, *D, false, E->getBeginLoc());
    return true;
  }
  /// Kernels named other than as a direct callee: launched through a
  /// function pointer (cuda-samples transpose) from the function that names
  /// them.
  bool VisitDeclRefExpr(DeclRefExpr *DR) {
    const auto *F = dyn_cast<FunctionDecl>(DR->getDecl());
    if (F && Current && F->hasAttr<CUDAGlobalAttr>() && !CalleeRefs.count(DR)) {
      auto &V = AddressTaken[Current];
      if (!llvm::is_contained(V, F->getCanonicalDecl()))
        V.push_back(F->getCanonicalDecl());
    }
    return true;
  }
  void add(const CUDAKernelCallExpr *E, Dim3 D, bool Assumed,
           SourceLocation Loc) {
    if (D.threads() > 1024)
      return;
    llvm::SmallVector<const FunctionDecl *, 4> Kernels;
    if (const FunctionDecl *K = E->getDirectCallee()) {
      Kernels.push_back(K->getCanonicalDecl());
    } else if (const FunctionDecl *Host = launcherOf(E)) {
      // Through a pointer: every kernel the launching function names.
      auto It = AddressTaken.find(Host);
      if (It != AddressTaken.end())
        Kernels.append(It->second.begin(), It->second.end());
    }
    for (const FunctionDecl *K : Kernels) {
      auto &V = Out[K];
      if (llvm::any_of(V, [&](const BlockShape &S) {
            return S.Source != BlockShape::UnresolvedLaunch && S.Dim == D;
          }))
        continue;
      BlockShape S{D, BlockShape::LaunchSite, Loc};
      S.UsedAssumptions = Assumed;
      V.push_back(S);
    }
  }
  /// A direct launch whose shape is not known (yet): remembered so that an
  /// assumed shape can name it.
  void addUnresolved(const CUDAKernelCallExpr *E) {
    const FunctionDecl *K = E->getDirectCallee();
    if (!K)
      return;
    auto &V = Out[K->getCanonicalDecl()];
    if (llvm::none_of(V, [](const BlockShape &S) {
          return S.Source == BlockShape::UnresolvedLaunch;
        }))
      V.push_back(BlockShape{Dim3{256, 1, 1}, BlockShape::UnresolvedLaunch,
                             E->getBeginLoc()});
  }
  /// After the traversal: launches whose block is a parameter take the
  /// shapes the launching function's callers pass (one level).
  void resolveParamLaunches() {
    for (const ParamLaunch &PL : ParamLaunches)
      for (const auto &[Call, Caller] : CallsTo[PL.Host->getCanonicalDecl()]) {
        unsigned Idx = PL.Param->getFunctionScopeIndex();
        if (Idx >= Call->getNumArgs())
          continue;
        if (std::optional<Dim3> D = evalBlockArg(
                Call->getArg(Idx), Ctx, Caller ? Caller->getBody() : nullptr))
          add(PL.Launch, *D, false, Call->getBeginLoc());
      }
  }
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee())
      CallsTo[F->getCanonicalDecl()].push_back({C, Current});
    if (const auto *DR =
            dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      CalleeRefs.insert(DR);
    return true;
  }
  /// Host functions with launches whose block shape is not a constant.
  std::vector<const FunctionDecl *> Hosts;
  /// Launches whose shape running the host code may give.
  std::set<const CUDAKernelCallExpr *> Pending;

private:
  struct ParamLaunch {
    const CUDAKernelCallExpr *Launch;
    const FunctionDecl *Host;
    const ParmVarDecl *Param;
  };
  const FunctionDecl *launcherOf(const CUDAKernelCallExpr *E) const {
    auto It = LauncherOf.find(E);
    return It == LauncherOf.end() ? nullptr : It->second;
  }

public:
  bool TraverseCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    LauncherOf[E] = Current;
    return RecursiveASTVisitor::TraverseCUDAKernelCallExpr(E);
  }

private:
  std::vector<ParamLaunch> ParamLaunches;
  std::map<const FunctionDecl *,
           std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>
      CallsTo;
  std::map<const FunctionDecl *, std::vector<const FunctionDecl *>>
      AddressTaken;
  std::map<const CUDAKernelCallExpr *, const FunctionDecl *> LauncherOf;
  std::set<const DeclRefExpr *> CalleeRefs; ///< direct callees, not pointers
  const FunctionDecl *Current = nullptr;
  ASTContext &Ctx;
  std::map<const FunctionDecl *, std::vector<BlockShape>> &Out;
};
} // namespace

std::map<const FunctionDecl *, std::vector<BlockShape>>
ccl::collectLaunchSites(ASTContext &Ctx, const InterpreterOptions &Opts) {
  std::map<const FunctionDecl *, std::vector<BlockShape>> Out;
  LaunchVisitor V(Ctx, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  V.resolveParamLaunches();
  // Launch shapes computed by host code: run it with the assumptions.
  for (const FunctionDecl *Host : V.Hosts) {
    if (Host->isInvalidDecl() || Host->isDependentContext())
      continue;
    Interpreter I(Ctx, Opts, Dim3{1, 1, 1}, [](const AccessEvent &) {});
    I.runHost(Host, [&](const CUDAKernelCallExpr *E, std::optional<Dim3> D) {
      if (D && V.Pending.count(E))
        V.add(E, *D, !Opts.Assume.empty(), E->getBeginLoc());
    });
  }
  // A kernel some launch gives a shape to needs no unresolved marker.
  for (auto &KV : Out) {
    auto IsMarker = [](const BlockShape &S) {
      return S.Source == BlockShape::UnresolvedLaunch;
    };
    if (!llvm::all_of(KV.second, IsMarker))
      llvm::erase_if(KV.second, IsMarker);
  }
  return Out;
}

std::vector<BlockShape> ccl::shapesFor(
    const FunctionDecl *Kernel, llvm::StringRef KernelName,
    const std::map<std::string, Dim3> &CommandLine,
    const std::map<const FunctionDecl *, std::vector<BlockShape>> &Launches,
    ASTContext &Ctx, std::optional<Dim3> ConfigDefault,
    llvm::StringRef ConfigFile) {
  auto It = CommandLine.find(KernelName.str());
  if (It == CommandLine.end())
    It = CommandLine.find(Kernel->getNameAsString());
  if (It == CommandLine.end())
    It = CommandLine.find("");
  if (It != CommandLine.end())
    return {BlockShape{It->second, BlockShape::CommandLine, {}}};
  // A comment declaring the shape, just above the kernel or on its line.
  {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(Kernel->getLocation());
    FileID FID = SM.getFileID(Loc);
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(FID, &Invalid);
    unsigned Line = SM.getLineNumber(FID, SM.getFileOffset(Loc));
    if (!Invalid)
      for (unsigned L = Line > 3 ? Line - 3 : 1; L <= Line; ++L) {
        SourceLocation LS = SM.translateLineCol(FID, L, 1);
        unsigned Off = SM.getFileOffset(LS);
        StringRef Text = Buf.substr(Off).split('\n').first;
        size_t P = Text.find("cuda-coalesce-lint:");
        if (P == StringRef::npos)
          continue;
        StringRef Rest = Text.substr(P + 19).ltrim();
        if (!Rest.consume_front("block-dim="))
          continue;
        Rest = Rest.take_while([](char C) { return isdigit(C) || C == ','; });
        if (std::optional<Dim3> D = parseDim3(Rest))
          return {BlockShape{*D, BlockShape::Comment, LS}};
      }
  }
  auto L = Launches.find(Kernel->getCanonicalDecl());
  SourceLocation Unresolved;
  if (L != Launches.end()) {
    std::vector<BlockShape> Known;
    for (const BlockShape &S : L->second)
      if (S.Source == BlockShape::UnresolvedLaunch)
        Unresolved = S.Loc;
      else
        Known.push_back(S);
    if (!Known.empty())
      return Known;
  }
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
    if (std::optional<unsigned> N = constInt(LB->getMaxThreads(), Ctx))
      return {BlockShape{Dim3{*N, 1, 1}, BlockShape::LaunchBounds,
                         LB->getLocation()}};
  if (ConfigDefault) {
    BlockShape S{*ConfigDefault, BlockShape::Configuration, {}};
    S.ConfigFile = ConfigFile.str();
    return {S};
  }
  return {BlockShape{Dim3{256, 1, 1}, BlockShape::Default, Unresolved}};
}

namespace {
/// readsBlockShape's walk over a function and its callees.
class ShapeReader : public RecursiveASTVisitor<ShapeReader> {
public:
  bool Found = false;
  std::set<const FunctionDecl *> Seen;
  std::vector<const FunctionDecl *> Work;

  static bool isBuiltin(const ValueDecl *D, StringRef Name) {
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && VD->getIdentifier() && VD->getName() == Name &&
           VD->hasGlobalStorage() &&
           VD->getType().getAsString().find("__cuda_builtin_") !=
               std::string::npos;
  }
  bool VisitMSPropertyRefExpr(MSPropertyRefExpr *E) {
    const auto *Base =
        dyn_cast<DeclRefExpr>(E->getBaseExpr()->IgnoreImplicit());
    if (Base && isBuiltin(Base->getDecl(), "threadIdx") &&
        E->getPropertyDecl()->getName() != "x")
      Found = true;
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isBuiltin(E->getDecl(), "blockDim"))
      Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *FD = E->getDirectCallee();
    if (!FD)
      return true;
    if (StringRef(FD->getQualifiedNameAsString())
            .starts_with("cooperative_groups::")) {
      Found = true;
      return false;
    }
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def) && Def && Seen.insert(Def).second)
      Work.push_back(Def);
    return true;
  }
};
} // namespace

bool ccl::readsBlockShape(const FunctionDecl *Kernel) {
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def)
    return false;
  ShapeReader R;
  R.Seen.insert(Def);
  R.Work.push_back(Def);
  for (unsigned I = 0; I < R.Work.size() && !R.Found; ++I) {
    if (I >= 256)
      return true; // too many functions to look through: assume it does
    R.TraverseStmt(R.Work[I]->getBody());
  }
  return R.Found;
}
