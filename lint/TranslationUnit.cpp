//===- TranslationUnit.cpp - Analysis and checks of one parsed file -------===//
#include "lint/TranslationUnit.h"
#include "lint/NvccView.h"
#include "codegen/CompiledKernel.h"
#include "codegen/DeviceCode.h"
#include "codegen/Nvcc.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Basic/TargetInfo.h"
#include "analyzer/RecordCodec.h"
#include "lint/KernelWorkers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <ctime>
#include <map>
#include <set>
#include <tuple>

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
    // How to instantiate it: one --assume per template parameter.
    std::string How;
    for (const NamedDecl *P : *FTD->getTemplateParameters()) {
      if (!P->getIdentifier())
        continue;
      // A value of the parameter's kind: a type, true, an enumerator as
      // the instantiation must spell it, an integer.
      std::string Example;
      if (isa<TemplateTypeParmDecl>(P)) {
        Example = "float";
      } else if (const auto *N = dyn_cast<NonTypeTemplateParmDecl>(P)) {
        QualType Ty = N->getType();
        if (Ty->isBooleanType())
          Example = "true";
        else if (const auto *ET = Ty->getAs<EnumType>())
          for (const EnumConstantDecl *C : ET->getDecl()->enumerators()) {
            Example = C->getQualifiedNameAsString();
            break;
          }
        else if (Ty->isIntegralOrEnumerationType())
          Example = "256";
      }
      if (!Example.empty())
        How += " --assume=" + T->getNameAsString() + ":" +
               P->getNameAsString() + "=" + Example;
    }
    TU.Remarks.push_back(
        {T->getLocation(),
         "kernel template '" + T->getNameAsString() +
             "' is never instantiated in this file; not analyzed (give its "
             "template parameters with --assume" +
             (How.empty() ? std::string() : ", e.g." + How) + ")"});
  }
}

/// The compiler view (--compiler): the file's device code, generated once
/// (each kernel compiled when it is first analyzed). Where it cannot be had,
/// a remark says so and the source accesses are costed.
void attachDeviceCode(ASTContext &Ctx, TUAnalysis &TU,
                      const LintOptions &Opts,
                      llvm::ArrayRef<std::string> CompileFlags) {
  if (Opts.Compiler == CompilerView::None || TU.Runs.empty())
    return;
  if (Opts.Compiler == CompilerView::Nvcc) {
    auto V = nvccView(Ctx, Opts, CompileFlags);
    if (!V) {
      TU.Remarks.push_back({TU.Runs.front().Kernel->getLocation(),
                            "nvcc's compiled code is not available (" +
                                llvm::toString(V.takeError()) +
                                "); accesses are costed as written"});
      return;
    }
    TU.Device = std::move(*V);
    return;
  }
  llvm::Expected<std::unique_ptr<DeviceCompiler>> C =
      DeviceCompiler::create(Ctx);
  if (!C) {
    TU.Remarks.push_back(
        {TU.Runs.front().Kernel->getLocation(),
         "the compiled code is not available (" +
             llvm::toString(C.takeError()) +
             "); accesses are costed as written"});
    return;
  }
  if (!Opts.DumpPtx.empty()) // each kernel's PTX is appended
    (void)llvm::sys::fs::remove(Opts.DumpPtx);
  TU.Device = std::make_shared<DeviceCodeView>(
      Ctx, std::move(*C), Opts.CompilerBudget, Opts.DumpPtx);
}

/// A remark for the kernel instances analyzed without their compiled code
/// although the compiler view is on (its CPU budget spent, or the compile
/// failed): their accesses are costed as written.
void remarkUncompiled(TUAnalysis &TU) {
  if (!TU.Device)
    return;
  unsigned N = 0;
  const KernelRun *First = nullptr;
  for (const KernelRun &Run : TU.Runs) {
    bool Any = false, Compiled = false;
    for (const AccessRecord &R : Run.Records) {
      Any |= R.Known;
      Compiled |= R.Compiled != AccessRecord::CompiledState::NotAsked;
    }
    if (Any && !Compiled) {
      ++N;
      if (!First)
        First = &Run;
    }
  }
  if (N)
    TU.Remarks.push_back(
        {First->Kernel->getLocation(),
         std::to_string(N) + " kernel instance" + (N == 1 ? "" : "s") +
             " (the first: '" + First->Name +
             "') analyzed without compiled code (no device code for it, "
             "its compile failed, or --compiler-budget was spent); their "
             "accesses are costed as written"});
}

/// One analysis: its records, and with \p Time (--time-kernels) its CPU
/// seconds on stderr (one line, written at once: workers share stderr).
std::vector<AccessRecord> analyzeRun(ASTContext &Ctx, const KernelRun &Run,
                                     DeviceCodeView *Device, bool Time) {
  std::clock_t T0 = Time ? std::clock() : 0;
  std::shared_ptr<const CompiledCode> Compiled =
      Device ? Device->forKernel(Run.Kernel) : nullptr;
  AnalysisStats Stats;
  std::vector<AccessRecord> Records = analyzeKernel(
      Ctx, Run.Kernel, Run.Shape.Dim, Run.IOpts, Compiled.get(), &Stats);
  if (Time)
    llvm::errs()
        << ("ccl-time\t" + Run.Name + "\t" + Run.Shape.Dim.str() + "\t" +
            std::to_string(double(std::clock() - T0) / CLOCKS_PER_SEC) +
            "\tdry runs by step " + std::to_string(Stats.DryByStep) +
            ", by trip " + std::to_string(Stats.DryByTrip) +
            "; induction checks by step " + std::to_string(Stats.CheckByStep) +
            ", by trip " + std::to_string(Stats.CheckByTrip) + "\n");
  return Records;
}

/// Fills every run's records: here, one by one, or with \p Jobs > 1 in
/// forked workers (KernelWorkers.h). The records are the same either way
/// (analyzeKernel depends only on its arguments). A run whose worker crashed
/// on it is dropped with a remark and counted in TU.AnalysisFailures.
void analyzeRuns(ASTContext &Ctx, TUAnalysis &TU, const LintOptions &Opts) {
  // --warp-crosscheck's log lists kernels in the order they ran. An AST
  // read lazily from a precompiled header or module would load bodies in
  // the worker only: the records' pointers would not exist here.
  unsigned Jobs = Opts.KernelJobs;
  bool Ordered = !Opts.WarpCrossCheck.empty();
  bool Time = Opts.TimeKernels;
  if (Jobs < 2 || TU.Runs.size() < 2 || Ordered || Ctx.getExternalSource()) {
    if (Time)
      llvm::errs() << "ccl-workers\t0\n";
    for (KernelRun &Run : TU.Runs)
      Run.Records = analyzeRun(Ctx, Run, TU.Device.get(), Time);
    return;
  }
  // A fork costs about 0.3 s of wall time here (the fork itself, copying
  // the records, the page faults that follow in both processes: trimat, 180
  // MB), and two workers run about 1.6x as fast as one process on two
  // cores: only work expected to take at least 1 s more goes to workers
  // (docs/benchmarks.md, sixth pass), or 0.5 s spread over many jobs
  // (runInWorkers). --kernel-fork-seconds=S changes that (0: fork at once;
  // for tests).
  WorkerOutcome O = runInWorkers(
      TU.Runs.size(), Jobs,
      [&](size_t I) {
        return encodeRecords(
            analyzeRun(Ctx, TU.Runs[I], TU.Device.get(), Time));
      },
      Opts.KernelForkSeconds, /*ForkOne=*/false, nullptr, Time);
  if (Time)
    llvm::errs() << "ccl-workers\t" << O.Workers << "\n";
  std::map<size_t, std::string> Crashed(O.Crashes.begin(), O.Crashes.end());
  std::vector<KernelRun> Kept;
  for (size_t I = 0; I < TU.Runs.size(); ++I) {
    KernelRun &Run = TU.Runs[I];
    std::optional<std::vector<AccessRecord>> R;
    if (O.Results[I])
      R = decodeRecords(*O.Results[I]);
    if (!R) {
      auto C = Crashed.find(I);
      ++TU.AnalysisFailures;
      TU.Remarks.push_back(
          {Run.Kernel->getLocation(),
           "kernel '" + Run.Name + "' (block " + Run.Shape.Dim.str() +
               ") not analyzed: the analysis crashed (its worker process "
               "ended with " +
               (C != Crashed.end() ? C->second : std::string("no result")) +
               "); --kernel-jobs=1 runs it in this process"});
      continue;
    }
    Run.Records = std::move(*R);
    Kept.push_back(std::move(Run));
  }
  TU.Runs = std::move(Kept);
}
} // namespace

TUAnalysis ccl::analyzeTranslationUnit(ASTContext &Ctx, const LintOptions &Opts,
                                       bool AllowInstantiation,
                                       const std::vector<ParseError> &Errors,
                                       llvm::ArrayRef<std::string> CompileFlags) {
  TUAnalysis TU;
  TU.Found = collectKernels(Ctx);
  InterpreterOptions HostOpts; // launch shapes from host code
  HostOpts.Assume = Opts.Assume;
  auto Launches = collectLaunchSites(Ctx, HostOpts);
  auto SmallArgs = collectSmallLaunchArgs(Ctx);
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
    if (std::optional<ParseError> E = firstErrorIn(K, Errors, Ctx)) {
      PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(
          Ctx.getSourceManager().getExpansionLoc(E->Loc));
      TU.Remarks.push_back(
          {K->getLocation(),
           "kernel '" + Name + "' not analyzed: clang reported an error in it" +
               (P.isValid() ? " at line " + std::to_string(P.getLine()) : "") +
               " ('" + E->Message + "')"});
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
      Run.IOpts.InductionByTrip = Opts.InductionByTrip;
      Run.IOpts.WarpByWarp = Opts.WarpByWarp;
      Run.IOpts.WarpCrossCheck = Opts.WarpCrossCheck;
      TU.Runs.push_back(std::move(Run));
    }
  }
  attachDeviceCode(Ctx, TU, Opts, CompileFlags);
  analyzeRuns(Ctx, TU, Opts);
  remarkUncompiled(TU);
  for (KernelRun &Run : TU.Runs) {
    const BlockShape &Shape = Run.Shape;
    // A shape nobody stated is an assumption: no number under it is exact.
    if (Shape.Source == BlockShape::Default)
      for (AccessRecord &R : Run.Records) {
        R.Exact = false;
        R.DependsOn.Conditions.insert("under the assumed block shape " +
                                      Shape.Dim.str());
      }
    // __launch_bounds__ gives the most threads a launch may have, not its
    // shape: numbers that read the shape (blockDim, threadIdx.y, groups)
    // hold only for a block of exactly that many threads along x.
    if (Shape.Source == BlockShape::LaunchBounds && readsBlockShape(Run.Kernel))
      for (AccessRecord &R : Run.Records) {
        R.Exact = false;
        R.DependsOn.Conditions.insert("under a block of " + Shape.Dim.str() +
                                      ", the most __launch_bounds__ allows");
      }
    addLaunchRuns(Ctx, Run, SmallArgs, TU.Device.get());
  }
  return TU;
}

void ccl::addLaunchRuns(
    ASTContext &Ctx, KernelRun &Run,
    const std::map<const FunctionDecl *, std::vector<SmallLaunchArg>>
        &SmallArgs,
    DeviceCodeView *Device) {
  const FunctionDecl *K = Run.Kernel;
  const FunctionDecl *Pattern = K->getTemplateInstantiationPattern();
  auto It = SmallArgs.find((Pattern ? Pattern : K)->getCanonicalDecl());
  if (It == SmallArgs.end())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Where = [&SM](SourceLocation L) {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
    return P.isValid() ? llvm::sys::path::filename(P.getFilename()).str() +
                             ":" + std::to_string(P.getLine())
                       : std::string("?");
  };
  // One run per launch, with every small argument of that launch; only the
  // parameters an inexact record depends on matter.
  std::map<unsigned, std::vector<const SmallLaunchArg *>> ByLaunch;
  for (const SmallLaunchArg &A : It->second) {
    if (A.Param >= K->getNumParams() ||
        Run.IOpts.Assume.count(K->getParamDecl(A.Param)->getName().str()))
      continue;
    std::string Name = K->getParamDecl(A.Param)->getName().str();
    bool Used = llvm::any_of(Run.Records, [&](const AccessRecord &R) {
      return !R.Exact && R.Known && R.DependsOn.Unknowns.count(Name);
    });
    if (Used)
      ByLaunch[A.Launch.getRawEncoding()].push_back(&A);
  }
  unsigned Runs = 0;
  for (const auto &KV : ByLaunch) {
    if (Runs++ == 2) // the first two launches are enough to show it
      break;
    InterpreterOptions O = Run.IOpts;
    std::string Why = "at the launch at " + Where(KV.second.front()->Launch);
    bool First = true;
    for (const SmallLaunchArg *A : KV.second) {
      std::string Name = K->getParamDecl(A->Param)->getName().str();
      O.Assume[Name] = A->Value;
      Why += std::string(First ? ", '" : " and '") + Name + "' is " +
             std::to_string(A->Value) +
             (A->Set != A->Launch && Where(A->Set) != Where(A->Launch)
                  ? " (set at " + Where(A->Set) + ")"
                  : "");
      First = false;
    }
    std::shared_ptr<const CompiledCode> Compiled =
        Device ? Device->forKernel(K) : nullptr;
    std::vector<AccessRecord> Alt =
        analyzeKernel(Ctx, K, Run.Shape.Dim, O, Compiled.get());
    std::map<std::tuple<const Expr *, int, int>, const AccessRecord *> ByKey;
    auto Shared = std::make_shared<std::vector<AccessRecord>>(std::move(Alt));
    for (const AccessRecord &R : *Shared)
      ByKey[{R.Site, int(R.Space), int(R.Op)}] = &R;
    for (AccessRecord &R : Run.Records) {
      if (R.Exact || R.AtLaunch)
        continue;
      auto A = ByKey.find({R.Site, int(R.Space), int(R.Op)});
      if (A == ByKey.end() || !A->second->Known)
        continue;
      // The aliasing constructor keeps the launch's records alive.
      R.AtLaunch = std::shared_ptr<const AccessRecord>(Shared, A->second);
      R.AtLaunchWhy = Why;
    }
  }
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

size_t ccl::worstOfSite(llvm::ArrayRef<SiteRecord> Site) {
  bool AnyCertain =
      llvm::any_of(Site, [](const SiteRecord &S) { return S.Certain; });
  size_t W = ~size_t(0);
  for (size_t I = 0; I < Site.size(); ++I) {
    if (AnyCertain && !Site[I].Certain)
      continue;
    if (W == ~size_t(0)) {
      W = I;
      continue;
    }
    const AccessCost &A = Site[I].R->Worst, &B = Site[W].R->Worst;
    if (A.efficiency() < B.efficiency() ||
        (A.efficiency() == B.efficiency() && A.badness() > B.badness()))
      W = I;
  }
  return W;
}

Finding ccl::reportSiteFinding(const Check &C, llvm::ArrayRef<SiteRecord> Site,
                               size_t Worst, const TUAnalysis &TU,
                               ASTContext &Ctx) {
  const SiteRecord &W = Site[Worst];
  Finding F = reportFinding(C, *W.R, *W.Run, TU, Ctx);
  if (!llvm::any_of(Site, [](const SiteRecord &S) { return S.Certain; })) {
    // The conditions are in the message already ("worst case: ...").
    DependenceParts P = splitDependence(*W.R);
    std::string Own = C.whyPossible(*W.R);
    if (!Own.empty())
      F.Message += " (" + Own + ")";
    else if (P.Conditions.find("which lanes run depends on '") != std::string::npos)
      F.Message += " (possible: data decides which lanes run; this is the "
                   "cost when all of them do)";
    else if (!P.Names.empty() || P.Conditions.empty())
      F.Message += " (possible: only for some alignments or values of " +
                   (P.Names.empty() ? std::string("the unknowns") : P.Names) +
                   ")";
    else
      F.Message += " (possible)";
  }
  if (Site.size() < 2)
    return F;
  std::set<std::string> Names;
  unsigned Lo = ~0u, Hi = 0;
  for (size_t I = 0; I < Site.size(); ++I) {
    if (I == Worst)
      continue;
    Names.insert(Site[I].Run->Name + " with a block of " +
                 Site[I].Run->Shape.Dim.str());
    Lo = std::min(Lo, Site[I].R->Worst.badness());
    Hi = std::max(Hi, Site[I].R->Worst.badness());
  }
  std::string List;
  for (const std::string &N : Names)
    List += (List.empty() ? "" : ", ") + N;
  std::string Unit =
      W.R->Space == MemObject::Shared ? " wavefronts" : " sectors";
  F.Notes.push_back(
      {W.R->Site->getBeginLoc(),
       "also flagged in " + std::to_string(Site.size() - 1) +
           " other instance" + (Site.size() == 2 ? "" : "s") + " (" + List +
           "): " +
           (Lo == Hi ? std::to_string(Lo)
                     : std::to_string(Lo) + "-" + std::to_string(Hi)) +
           Unit + " per request"});
  return F;
}

std::vector<size_t>
ccl::layoutLeaders(llvm::ArrayRef<const Check *> Checks,
                   llvm::ArrayRef<std::vector<SiteRecord>> Sites) {
  std::map<std::tuple<const Check *, const Decl *, std::string, const VarDecl *,
                      int, int, std::string, bool>,
           size_t>
      Layouts;
  std::vector<size_t> Leader(Sites.size());
  for (size_t I = 0; I < Sites.size(); ++I) {
    const SiteRecord &W = Sites[I][worstOfSite(Sites[I])];
    const FunctionDecl *K = W.Run->Kernel;
    if (const FunctionDecl *P = K->getTemplateInstantiationPattern())
      K = P;
    bool Certain =
        llvm::any_of(Sites[I], [](const SiteRecord &S) { return S.Certain; });
    auto Key = std::make_tuple(Checks[I], (const Decl *)K->getCanonicalDecl(),
                               W.R->Object, W.R->ObjectDecl, int(W.R->Space),
                               int(W.R->Op), describeLanes(*W.R), Certain);
    Leader[I] = W.R->Known ? Layouts.try_emplace(Key, I).first->second : I;
  }
  return Leader;
}

WarningPlan
ccl::planWarnings(llvm::ArrayRef<const Check *> Checks,
                  llvm::ArrayRef<std::vector<SiteRecord>> Sites,
                  bool ShowPossible, bool GroupLayouts) {
  WarningPlan P;
  std::vector<const Check *> ShownChecks;
  std::vector<std::vector<SiteRecord>> ShownSites;
  for (size_t I = 0; I < Sites.size(); ++I) {
    if (!ShowPossible && llvm::none_of(Sites[I], [](const SiteRecord &S) {
          return S.Certain;
        })) {
      ++P.HiddenPossible;
      continue;
    }
    P.Shown.push_back(I);
    ShownChecks.push_back(Checks[I]);
    ShownSites.push_back(Sites[I]);
  }
  P.Leader = layoutLeaders(ShownChecks, ShownSites);
  if (!GroupLayouts)
    for (size_t I = 0; I < P.Leader.size(); ++I)
      P.Leader[I] = I;
  return P;
}

void ccl::addLayoutNote(Finding &F, const SiteRecord &W,
                        llvm::ArrayRef<SiteRecord> Others, ASTContext &Ctx) {
  if (Others.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc Here =
      SM.getPresumedLoc(SM.getExpansionLoc(W.R->Site->getBeginLoc()));
  std::string Lines;
  unsigned Lo = ~0u, Hi = 0;
  for (size_t I = 0; I < Others.size(); ++I) {
    const AccessRecord &R = *Others[I].R;
    Lo = std::min(Lo, R.Worst.badness());
    Hi = std::max(Hi, R.Worst.badness());
    if (I == 8) {
      Lines += ", ...";
      continue;
    }
    if (I > 8)
      continue;
    PresumedLoc P =
        SM.getPresumedLoc(SM.getExpansionLoc(R.Site->getBeginLoc()));
    if (P.isInvalid())
      continue;
    bool SameFile =
        Here.isValid() && StringRef(P.getFilename()) == Here.getFilename();
    Lines +=
        (I == 0 ? "" : ", ") +
        (SameFile ? std::string()
                  : llvm::sys::path::filename(P.getFilename()).str() + ":") +
        std::to_string(P.getLine());
  }
  size_t N = Others.size();
  std::string Unit =
      W.R->Space == MemObject::Shared ? " wavefronts" : " sectors";
  F.Notes.push_back(
      {W.R->Site->getBeginLoc(),
       std::to_string(N) + " other site" + (N == 1 ? "" : "s") +
           " of kernel '" + W.Run->Name + "' access" + (N == 1 ? "es" : "") +
           " '" + W.R->Object + "' with the same lane pattern (line" +
           (N == 1 ? " " : "s ") + Lines + "; " +
           (Lo == Hi ? std::to_string(Lo)
                     : std::to_string(Lo) + "-" + std::to_string(Hi)) +
           Unit + " per request) and " + (N == 1 ? "is" : "are") +
           " not reported separately"});
}

std::vector<std::vector<SiteRecord>>
ccl::flaggedSites(const Check &C, const TUAnalysis &TU, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<std::tuple<unsigned, int, int>, size_t> Index;
  std::vector<std::vector<SiteRecord>> Sites;
  for (const KernelRun &Run : TU.Runs)
    for (const AccessRecord &R : Run.Records) {
      if (!C.appliesTo(R) || !C.isFlagged(R))
        continue;
      auto Key = std::make_tuple(
          SM.getExpansionLoc(R.Site->getBeginLoc()).getRawEncoding(),
          int(R.Space), int(R.Op));
      auto It = Index.try_emplace(Key, Sites.size()).first;
      if (It->second == Sites.size())
        Sites.emplace_back();
      Sites[It->second].push_back({&R, &Run, C.isCertain(R)});
    }
  return Sites;
}
