//===- VerifyNcuCsv.cpp - --ncu-csv: what Nsight Compute measured --------===//
//
// Nothing runs: the source page the user exported from Nsight Compute on
// their GPU says, per source line, what each memory instruction did; every
// analyzed access of a line is compared with the instructions of that line
// (runtime/NcuCompare.h).
//
//===----------------------------------------------------------------------===//
#include "lint/Verifier.h"
#include "runtime/NcuCompare.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;
using namespace llvm;
using namespace ccl;

namespace {

NcuPrediction prediction(const AccessRecord &R) {
  NcuPrediction P;
  P.Shared = R.Space == MemObject::Shared;
  P.Op = R.Op;
  P.Bytes = R.Bytes;
  P.Known = R.Known;
  P.Exact = R.Known && R.Exact;
  P.Cost = predictedCost(R, false);
  P.Ideal = predictedCost(R, true);
  P.ActiveLanes = R.Worst.ActiveLanes;
  return P;
}

Verdict verdictOf(NcuComparison::Kind K) {
  switch (K) {
  case NcuComparison::Confirmed:
    return Verdict::Confirmed;
  case NcuComparison::Refuted:
    return Verdict::Refuted;
  case NcuComparison::WithinBound:
    return Verdict::WithinBound;
  case NcuComparison::Unpredicted:
    return Verdict::Unpredicted;
  case NcuComparison::NotExecuted:
    return Verdict::NotExecuted;
  case NcuComparison::NotFound:
    return Verdict::NotVerified;
  }
  return Verdict::NotVerified;
}

class NcuCsvVerifier : public Verifier {
public:
  explicit NcuCsvVerifier(const LintOptions &Opts) : Opts(Opts) {}

  std::string flag() const override { return "--ncu-csv"; }
  std::string where() const override {
    return "compared with ncu (" + sys::path::filename(Opts.NcuCsv).str() + ")";
  }

  Error run(ASTContext &Ctx, std::vector<KernelRun> &Runs,
            DeviceCompiler *) override;
  std::string judge(const AccessRecord &R, const KernelRun &Run,
                    AccessReport &Out) override;

  /// Nothing runs: a kernel the export cannot speak for is not verified.
  Verdict notMeasured(const KernelRun &) const override {
    return Verdict::NotVerified;
  }
  std::string kernelRemark(const KernelRun &Run) const override {
    return "kernel '" + Run.Name + "' is not verified: " + Run.NotRunnable;
  }

private:
  /// The export the command line read, or read here from Opts.NcuCsv.
  Error readPage();
  /// Why the export cannot speak for \p R ("" when it can; then \p Here
  /// holds its launches of the kernel).
  std::string unmatched(const KernelRun &R, const std::vector<KernelRun> &Runs,
                        const std::vector<std::string> &Names,
                        const std::string &Exported,
                        std::vector<const NcuLaunch *> &Here) const;

  const LintOptions &Opts;
  ASTContext *Ctx = nullptr;
  std::shared_ptr<const NcuSourcePage> Page;
  /// Per KernelRun::Launch, the export's launches of the kernel.
  std::vector<std::vector<const NcuLaunch *>> Launches;
};

Error NcuCsvVerifier::readPage() {
  // Read once by the command line; a front end that gives only the path
  // has it read here.
  Page = Opts.NcuPage;
  if (Page)
    return Error::success();
  Expected<NcuSourcePage> Parsed = readNcuSourcePage(Opts.NcuCsv);
  if (!Parsed)
    return Parsed.takeError();
  Page = std::make_shared<const NcuSourcePage>(std::move(*Parsed));
  return Error::success();
}

std::string NcuCsvVerifier::unmatched(
    const KernelRun &R, const std::vector<KernelRun> &Runs,
    const std::vector<std::string> &Names, const std::string &Exported,
    std::vector<const NcuLaunch *> &Here) const {
  // The source page does not say the block shape: compare only under one
  // that is the launch's, not a guess, and not one of several.
  if (R.Shape.Source == BlockShape::Default)
    return "its block shape " + R.Shape.Dim.str() +
           " is a guess; give the launch's (the details page's "
           "Block Size) with --block-dim=KERNEL:X,Y,Z";
  std::set<Dim3> Shapes;
  for (const KernelRun &O : Runs)
    if (O.Name == R.Name)
      Shapes.insert(O.Shape.Dim);
  if (Shapes.size() > 1) {
    std::string List;
    for (const Dim3 &D : Shapes)
      List += (List.empty() ? "" : ", ") + D.str();
    return "it is analyzed with several block shapes (" + List +
           ") and the export does not say which launch used "
           "which; pick one with --block-dim=KERNEL:X,Y,Z";
  }
  std::vector<const NcuLaunch *> Ls = ncuLaunchesOf(*Page, R.Name, Names);
  if (Ls.empty())
    return "it is not in " + sys::path::filename(Opts.NcuCsv).str() +
           ", which has " + Exported;
  const SourceManager &SM = Ctx->getSourceManager();
  StringRef Defined = sys::path::filename(
      SM.getFilename(SM.getExpansionLoc(R.Kernel->getLocation())));
  for (const NcuLaunch *L : Ls)
    if (L->hasFile(Defined))
      Here.push_back(L);
  if (Here.empty())
    return "the export's '" + Ls[0]->Name + "' comes from " +
           (Ls[0]->Files.empty() ? std::string("no source file")
                                 : Ls[0]->Files[0].Path) +
           ", not from " + Defined.str();
  // The export's source text must be this file's (when ncu had it).
  FileID FID = SM.getFileID(SM.getExpansionLoc(R.Kernel->getLocation()));
  SmallVector<StringRef, 0> Split;
  SM.getBufferData(FID).split(Split, '\n');
  std::vector<StringRef> Lines(Split.begin(), Split.end());
  if (unsigned Bad = ncuSourceMismatch(*Here[0], Defined, Lines))
    return "the export's line " + std::to_string(Bad) + " of " + Defined.str() +
           " differs from this file's (was the report recorded "
           "from another version of it?)";
  return "";
}

Error NcuCsvVerifier::run(ASTContext &Ctx, std::vector<KernelRun> &Runs,
                          DeviceCompiler *) {
  this->Ctx = &Ctx;
  if (Error E = readPage())
    return E;
  std::vector<std::string> Names;
  for (const KernelRun &R : Runs)
    Names.push_back(R.Name);
  std::string Exported;
  for (const NcuLaunch &L : Page->Launches)
    if (!StringRef(Exported).contains("'" + L.Name + "'"))
      Exported += (Exported.empty() ? "'" : ", '") + L.Name + "'";
  for (KernelRun &R : Runs) {
    std::vector<const NcuLaunch *> Here;
    R.NotRunnable = unmatched(R, Runs, Names, Exported, Here);
    if (!R.NotRunnable.empty())
      continue;
    R.Launch = Launches.size();
    Launches.push_back(std::move(Here));
  }
  return Error::success();
}

std::string NcuCsvVerifier::judge(const AccessRecord &R, const KernelRun &Run,
                                  AccessReport &Out) {
  const SourceManager &SM = Ctx->getSourceManager();
  auto Where = [&](const AccessRecord &A) {
    SourceLocation L = SM.getExpansionLoc(A.Site->getBeginLoc());
    return std::make_pair(sys::path::filename(SM.getFilename(L)).str(),
                          SM.getExpansionLineNumber(L));
  };
  auto [FileName, Line] = Where(R);
  // Every analyzed access of this kind on the line.
  std::vector<NcuPrediction> Group;
  size_t Which = 0;
  for (const AccessRecord &O : Run.Records) {
    if (O.Space != R.Space || O.Op != R.Op || Where(O) != Where(R))
      continue;
    if (&O == &R)
      Which = Group.size();
    Group.push_back(prediction(O));
  }
  if (Group.empty()) {
    Which = 0;
    Group.push_back(prediction(R));
  }
  NcuComparison C = compareWithNcu(
      Group, Which,
      ncuInstructionsFor(Launches[Run.Launch], FileName, Line, Group[Which]));
  if (C.Result == NcuComparison::NotFound && C.Instructions == 0 &&
      StringRef(C.Text).starts_with("ncu: no ")) {
    std::vector<unsigned> Elsewhere =
        ncuLinesWith(Launches[Run.Launch], FileName, Group[Which]);
    if (!Elsewhere.empty()) {
      C.Text += "; the export has them on line";
      C.Text += Elsewhere.size() > 1 ? "s " : " ";
      for (size_t I = 0; I < Elsewhere.size() && I < 8; ++I)
        C.Text += (I ? ", " : "") + std::to_string(Elsewhere[I]);
    }
  }
  Out.NcuCsv = C;
  Out.Verdict = verdictOf(C.Result);
  return C.Text;
}

} // namespace

std::unique_ptr<Verifier> ccl::makeNcuCsvVerifier(const LintOptions &Opts) {
  return std::make_unique<NcuCsvVerifier>(Opts);
}
