//===- KernelDiscovery.cpp - Which kernels a file has, and their instances
//-===//
#include "lint/KernelDiscovery.h"
#include "analyzer/SystemCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace clang;
using namespace llvm;
using namespace ccl;

std::string ccl::kernelName(const FunctionDecl *FD) {
  std::string S;
  raw_string_ostream OS(S);
  PrintingPolicy PP(FD->getASTContext().getLangOpts());
  PP.SuppressScope = true;
  FD->getNameForDiagnostic(OS, PP, /*Qualified=*/false);
  return OS.str();
}

namespace {
class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  KernelCollector(const SourceManager &SM, KernelSet &Out) : SM(SM), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(clang::Decl *D) {
    if (ccl::isSystemDecl(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  // A kernel is declared at namespace scope (CUDA allows no __global__
  // member, local class or lambda): no statement needs a visit.
  bool TraverseStmt(Stmt *) { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return true;
    // The main file and the project's own headers; not system headers
    // (CUDA's, -isystem libraries).
    SourceLocation L = SM.getExpansionLoc(FD->getLocation());
    if (!SM.isInMainFile(L) && SM.isInSystemHeader(L))
      return true;
    if (FD->isDependentContext()) {
      Out.Templates.push_back(FD);
      return true;
    }
    Out.Kernels.push_back(FD);
    return true;
  }

private:
  const SourceManager &SM;
  KernelSet &Out;
};

} // namespace

KernelSet ccl::collectKernels(ASTContext &Ctx) {
  KernelSet Out;
  KernelCollector C(Ctx.getSourceManager(), Out);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

namespace {
class NameCollector : public RecursiveASTVisitor<NameCollector> {
public:
  NameCollector(const SourceManager &SM, std::set<std::string> &K,
                std::set<std::string> &N, std::set<std::string> &T)
      : SM(SM), Kernels(K), Names(N), Templates(T) {}
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->getIdentifier())
      Kernels.insert(FD->getName().str());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getIdentifier())
      Names.insert(V->getName().str());
    return true;
  }
  bool VisitNamedDecl(NamedDecl *P) {
    if (isa<TemplateTypeParmDecl, NonTypeTemplateParmDecl>(P) &&
        P->getIdentifier())
      Templates.insert(P->getName().str());
    return true;
  }

private:
  const SourceManager &SM;
  std::set<std::string> &Kernels, &Names, &Templates;
};
} // namespace

AssumableNames ccl::collectAssumableNames(ASTContext &Ctx) {
  std::set<std::string> K, N, T;
  NameCollector C(Ctx.getSourceManager(), K, N, T);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  AssumableNames Out;
  Out.Kernels.assign(K.begin(), K.end());
  Out.Names.assign(N.begin(), N.end());
  Out.TemplateParams.assign(T.begin(), T.end());
  return Out;
}

/// Does template argument \p A print as \p Want (a type name, an integer, or
/// an enumerator, possibly qualified)?
static bool argMatches(const TemplateArgument &A, StringRef Want,
                       ASTContext &Ctx) {
  Want = Want.trim();
  auto TailMatch = [&](StringRef Printed) {
    Printed = Printed.trim();
    for (StringRef P : {"struct ", "class ", "enum "})
      Printed.consume_front(P);
    return Printed == Want || Printed.ends_with(("::" + Want).str()) ||
           Want.ends_with(("::" + Printed).str());
  };
  PrintingPolicy PP(Ctx.getLangOpts());
  if (A.getKind() == TemplateArgument::Type) {
    QualType Canon = A.getAsType().getCanonicalType();
    if (TailMatch(A.getAsType().getAsString(PP)) ||
        TailMatch(Canon.getAsString(PP)))
      return true;
    // A typedef visible at file scope names its type (uint8_t, scalar_t).
    for (const NamedDecl *D :
         Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Want)))
      if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
        if (Ctx.hasSameType(TD->getUnderlyingType(), Canon))
          return true;
    return false;
  }
  if (A.getKind() == TemplateArgument::Integral) {
    int64_t V;
    if (Want == "true" || Want == "false")
      return A.getAsIntegral().getBoolValue() == (Want == "true");
    if (!Want.getAsInteger(0, V))
      return A.getAsIntegral().getExtValue() == V;
    if (const auto *ET = A.getIntegralType()->getAs<EnumType>())
      for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
        if (EC->getInitVal() == A.getAsIntegral())
          return TailMatch(EC->getQualifiedNameAsString()) ||
                 TailMatch(EC->getName());
    return false;
  }
  return false;
}

/// Whether an instantiated kernel agrees with the --assume values given for
/// its template parameters (by name).
bool ccl::matchesAssumptions(const FunctionDecl *K,
                             const std::map<std::string, std::string> &Assume,
                             ASTContext &Ctx) {
  const FunctionTemplateDecl *T = K->getPrimaryTemplate();
  const TemplateArgumentList *Args = K->getTemplateSpecializationArgs();
  if (!T || !Args)
    return true;
  const TemplateParameterList *Ps = T->getTemplateParameters();
  for (unsigned I = 0; I < Ps->size() && I < Args->size(); ++I) {
    auto It = Assume.find(Ps->getParam(I)->getNameAsString());
    if (It != Assume.end() && !argMatches(Args->get(I), It->second, Ctx))
      return false;
  }
  return true;
}

/// Source that instantiates kernel template \p T with the --assume values of
/// its parameters, or "" when a parameter without a default has none.
std::string
ccl::instantiationFor(const FunctionTemplateDecl *T,
                      const std::map<std::string, std::string> &Assume,
                      unsigned Index) {
  const TemplateParameterList *Ps = T->getTemplateParameters();
  std::vector<std::string> Args;
  for (const NamedDecl *P : *Ps) {
    auto It = Assume.find(P->getNameAsString());
    if (It != Assume.end()) {
      Args.push_back(It->second);
      continue;
    }
    bool HasDefault = false;
    if (const auto *TP = dyn_cast<TemplateTypeParmDecl>(P))
      HasDefault = TP->hasDefaultArgument();
    else if (const auto *NP = dyn_cast<NonTypeTemplateParmDecl>(P))
      HasDefault = NP->hasDefaultArgument();
    if (!HasDefault)
      return "";
    break; // this and the following parameters take their defaults
  }
  std::string Open, Close;
  for (const DeclContext *DC = T->getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      Open =
          "namespace " +
          (NS->isAnonymousNamespace() ? std::string() : NS->getNameAsString()) +
          " { " + Open;
      Close += " }";
    } else if (!isa<TranslationUnitDecl>(DC)) {
      return ""; // class members and such: not supported
    }
  }
  std::string List;
  for (size_t I = 0; I < Args.size(); ++I)
    List += (I ? ", " : "") + Args[I];
  return Open + "static void __ccl_instantiate_" + std::to_string(Index) +
         "() { (void)&" + T->getNameAsString() + "<" + List + ">; }" + Close +
         "\n";
}

std::optional<ParseError>
ccl::firstErrorIn(const FunctionDecl *K, const std::vector<ParseError> &Errors,
                  ASTContext &Ctx) {
  if (Errors.empty())
    return std::nullopt;
  const FunctionDecl *Def = K;
  if (const FunctionDecl *P = K->getTemplateInstantiationPattern())
    Def = P;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = Def->getSourceRange();
  SourceLocation B = SM.getExpansionLoc(R.getBegin());
  SourceLocation E = SM.getExpansionLoc(R.getEnd());
  if (B.isInvalid() || E.isInvalid())
    return std::nullopt;
  for (const ParseError &PE : Errors) {
    if (PE.Loc.isInvalid())
      continue;
    SourceLocation L = SM.getExpansionLoc(PE.Loc);
    if (SM.getFileID(L) != SM.getFileID(B))
      continue;
    if (!SM.isBeforeInTranslationUnit(L, B) &&
        !SM.isBeforeInTranslationUnit(E, L))
      return PE;
  }
  return std::nullopt;
}
