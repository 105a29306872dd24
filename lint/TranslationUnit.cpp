//===- TranslationUnit.cpp - Analysis and checks of one parsed file -------===//
#include "lint/TranslationUnit.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;
using namespace ccl;

namespace {
/// Templates the file never instantiates: instantiated from --assume (in a
/// second parse), or a remark saying how to.
void handleTemplates(TUAnalysis &TU, const LintOptions &Opts,
                     bool AllowInstantiation) {
  unsigned Index = 0;
  for (const FunctionDecl *T : TU.Found.Templates) {
    const FunctionTemplateDecl *FTD = T->getDescribedFunctionTemplate();
    if (!FTD || !FTD->specializations().empty())
      continue;
    std::string Inst =
        AllowInstantiation
            ? instantiationFor(FTD, Opts.assumptionsFor(T->getName()), Index++)
            : std::string();
    if (!Inst.empty()) {
      TU.Instantiations += Inst;
      continue;
    }
    TU.Remarks.push_back(
        {T->getLocation(),
         "kernel template '" + T->getNameAsString() +
             "' is never instantiated in this file; not analyzed (give its "
             "template parameters with --assume)"});
  }
}
} // namespace

TUAnalysis ccl::analyzeTranslationUnit(ASTContext &Ctx, const LintOptions &Opts,
                                       bool AllowInstantiation) {
  TUAnalysis TU;
  TU.Found = collectKernels(Ctx);
  InterpreterOptions HostOpts; // launch shapes from host code
  HostOpts.Assume = Opts.Assume;
  auto Launches = collectLaunchSites(Ctx, HostOpts);
  handleTemplates(TU, Opts, AllowInstantiation);
  for (const FunctionDecl *K : TU.Found.Kernels) {
    std::string Name = kernelName(K);
    if (!matchesAssumptions(K, Opts.assumptionsFor(K->getName()), Ctx)) {
      ++TU.SkippedInstances;
      continue;
    }
    if (K->isInvalidDecl()) {
      TU.Remarks.push_back(
          {K->getLocation(), "kernel '" + Name + "' has errors; not analyzed"});
      continue;
    }
    ++TU.Kernels;
    // The configuration's shape for this kernel, else its default.
    std::optional<Dim3> ConfigDim = Opts.ConfigBlockDim;
    std::string ConfigWhere = "BlockDim in " + Opts.ConfigFile;
    auto KD = Opts.ConfigKernelDims.find(K->getName().str());
    if (KD != Opts.ConfigKernelDims.end()) {
      ConfigDim = KD->second;
      ConfigWhere = "KernelBlockDims in " + Opts.ConfigFile;
    }
    for (const BlockShape &Shape : shapesFor(K, Name, Opts.BlockDims, Launches,
                                             Ctx, ConfigDim, ConfigWhere)) {
      KernelRun Run;
      Run.Kernel = K;
      Run.Name = Name;
      Run.Shape = Shape;
      Run.IOpts.Assume = Opts.integersFor(K->getName());
      Run.Records = analyzeKernel(Ctx, K, Shape.Dim, Run.IOpts);
      TU.Runs.push_back(std::move(Run));
    }
  }
  return TU;
}

CheckVerdicts ccl::classifyRecord(const AccessRecord &R,
                                  const CheckList &Checks) {
  CheckVerdicts V;
  for (const auto &C : Checks) {
    if (!C->appliesTo(R))
      continue;
    if (!V.Owner)
      V.Owner = C.get();
    if (C->isFlagged(R))
      V.FlaggedBy.push_back(C.get());
  }
  return V;
}

Finding ccl::reportFinding(const Check &C, const AccessRecord &R,
                           const KernelRun &Run, const TUAnalysis &TU,
                           ASTContext &Ctx) {
  CheckContext CC{Ctx, Run.Kernel, Run.Name, Run.Shape, Run.IOpts, Run.Records};
  Finding F;
  F.Check = C.name().str();
  F.Record = &R;
  F.Loc = R.Site->getBeginLoc();
  C.report(R, CC, F);
  return F;
}
