//===- LaunchConfig.cpp - Which block shapes a kernel runs with
//------------===//
#include "analyzer/LaunchConfig.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/ErrorHandling.h"

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
    return S + " (assumed; no launch site, __launch_bounds__ or --block-dim)";
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

/// The block argument of a launch: an integer, dim3(x, y, z), or a local
/// dim3 variable initialized that way.
std::optional<Dim3> evalBlockArg(const Expr *E, ASTContext &Ctx,
                                 int Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalBlockArg(FC->getSubExpr(), Ctx, Depth + 1);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return evalBlockArg(MT->getSubExpr(), Ctx, Depth + 1);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return evalBlockArg(BT->getSubExpr(), Ctx, Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() &&
        CE->getNumArgs() == 1)
      return evalBlockArg(CE->getArg(0), Ctx, Depth + 1);
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
      if (VD->getInit())
        return evalBlockArg(VD->getInit(), Ctx, Depth + 1);
  if (E->getType()->isIntegerType())
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
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const FunctionDecl *K = E->getDirectCallee();
    const CallExpr *Config = E->getConfig();
    if (!K || !Config || Config->getNumArgs() < 2)
      return true;
    std::optional<Dim3> D = evalBlockArg(Config->getArg(1), Ctx);
    if (!D) {
      if (Current && Current->hasBody() && !llvm::is_contained(Hosts, Current))
        Hosts.push_back(Current);
      return true;
    }
    add(E, *D, false);
    return true;
  }
  void add(const CUDAKernelCallExpr *E, Dim3 D, bool Assumed) {
    const FunctionDecl *K = E->getDirectCallee();
    if (!K || D.threads() > 1024)
      return;
    auto &V = Out[K->getCanonicalDecl()];
    for (const BlockShape &S : V)
      if (S.Dim == D)
        return;
    BlockShape S{D, BlockShape::LaunchSite, E->getBeginLoc()};
    S.UsedAssumptions = Assumed;
    V.push_back(S);
  }
  /// Host functions with launches whose block shape is not a constant.
  std::vector<const FunctionDecl *> Hosts;

private:
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
  // Launch shapes computed by host code: run it with the assumptions.
  for (const FunctionDecl *Host : V.Hosts) {
    if (Host->isInvalidDecl() || Host->isDependentContext())
      continue;
    Interpreter I(Ctx, Opts, Dim3{1, 1, 1}, [](const AccessEvent &) {});
    I.runHost(Host, [&](const CUDAKernelCallExpr *E, std::optional<Dim3> D) {
      if (D)
        V.add(E, *D, true);
    });
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
  if (L != Launches.end() && !L->second.empty())
    return L->second;
  if (const auto *LB = Kernel->getAttr<CUDALaunchBoundsAttr>())
    if (std::optional<unsigned> N = constInt(LB->getMaxThreads(), Ctx))
      return {BlockShape{Dim3{*N, 1, 1}, BlockShape::LaunchBounds,
                         LB->getLocation()}};
  if (ConfigDefault) {
    BlockShape S{*ConfigDefault, BlockShape::Configuration, {}};
    S.ConfigFile = ConfigFile.str();
    return {S};
  }
  return {BlockShape{Dim3{256, 1, 1}, BlockShape::Default, {}}};
}
