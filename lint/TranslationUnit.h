//===- TranslationUnit.h - Analysis and checks of one parsed file ---------===//
//
// The part of the pipeline every front end runs on a parsed translation
// unit, the command line and the clang-tidy plugin alike: find the kernels
// (KernelDiscovery.h), pick their block shapes (analyzer/LaunchConfig.h),
// analyze every kernel instance for every shape once, and ask every enabled
// check about every record. What is done with the answers (suppressions,
// baselines, text, JSON, clang-tidy diagnostics) is the front end's.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_TRANSLATIONUNIT_H
#define CCL_LINT_TRANSLATIONUNIT_H

#include "analyzer/KernelAnalysis.h"
#include "analyzer/LaunchConfig.h"
#include "checks/Check.h"
#include "lint/KernelDiscovery.h"
#include "lint/Options.h"
#include <memory>

namespace ccl {

class DeviceCodeView;

using CheckList = std::vector<std::unique_ptr<Check>>;

/// One kernel instance analyzed for one block shape.
struct KernelRun {
  const clang::FunctionDecl *Kernel = nullptr;
  std::string Name;
  BlockShape Shape;
  std::vector<AccessRecord> Records;
  InterpreterOptions IOpts; ///< what the records were computed with
  unsigned Launch = ~0u;    ///< the verification launch, if any
  std::string NotRunnable;  ///< why verification cannot run it
};

/// A remark about the file at a place in it (a template never instantiated,
/// a kernel with errors).
struct TURemark {
  clang::SourceLocation Loc;
  std::string Message;
};

struct TUAnalysis {
  KernelSet Found;
  /// The device code of the file (--compiler), kept while the runs are.
  std::shared_ptr<DeviceCodeView> Device;
  std::vector<KernelRun> Runs;
  std::vector<TURemark> Remarks;
  /// Source instantiating the kernel templates the file never instantiates,
  /// from --assume (for a second parse; empty when none).
  std::string Instantiations;
  unsigned Kernels = 0;          ///< kernel instances analyzed
  unsigned SkippedInstances = 0; ///< their arguments differ from --assume
  /// Runs whose analysis crashed in a worker process (--kernel-jobs): not
  /// analyzed, and the file counts as not linted completely.
  unsigned AnalysisFailures = 0;
};

/// Finds and analyzes every kernel of the main file. With
/// \p AllowInstantiation, templates the file never instantiates but whose
/// parameters --assume names yield Instantiations instead of a remark.
/// Kernels whose definition holds one of \p Errors are not analyzed.
/// \p CompileFlags (-D, -U, -I of the parse) are nvcc's with
/// --compiler=nvcc.
TUAnalysis analyzeTranslationUnit(clang::ASTContext &Ctx,
                                  const LintOptions &Opts,
                                  bool AllowInstantiation,
                                  const std::vector<ParseError> &Errors = {},
                                  llvm::ArrayRef<std::string> CompileFlags = {});

/// What the enabled checks say about one record.
struct CheckVerdicts {
  const Check *Owner = nullptr; ///< the first check that applies
  std::vector<const Check *> FlaggedBy;
};
CheckVerdicts classifyRecord(const AccessRecord &R, const CheckList &Checks);

/// Analyzes \p Run's kernel again under the launches of the file that pass
/// small constants for integer parameters its inexact records depend on
/// (collectSmallLaunchArgs), and links each record to its counterpart there
/// (AccessRecord::AtLaunch).
/// With \p Device, the kernel's compiled code is costed there too.
void addLaunchRuns(clang::ASTContext &Ctx, KernelRun &Run,
                   const std::map<const clang::FunctionDecl *,
                                  std::vector<SmallLaunchArg>> &SmallArgs,
                   DeviceCodeView *Device = nullptr);

/// The finding check \p C reports for record \p R of \p Run.
Finding reportFinding(const Check &C, const AccessRecord &R,
                      const KernelRun &Run, const TUAnalysis &TU,
                      clang::ASTContext &Ctx);

/// One record of a source site a check flags (a template instance, block
/// shape or calling kernel).
struct SiteRecord {
  const AccessRecord *R;
  const KernelRun *Run;
  bool Certain; ///< Check::isCertain
};

/// The record a site's one warning is about: the worst certain record when
/// there is one, else the worst (lowest efficiency, then most sectors or
/// wavefronts).
size_t worstOfSite(llvm::ArrayRef<SiteRecord> Site);

/// The warning for a whole site: the worst record's finding, a note naming
/// the other instances and their range, and "(possible: ...)" in the message
/// when no record is certain.
Finding reportSiteFinding(const Check &C, llvm::ArrayRef<SiteRecord> Site,
                          size_t Worst, const TUAnalysis &TU,
                          clang::ASTContext &Ctx);

/// One warning per layout: for each of \p Sites (flagged by \p Checks[I]),
/// the index of the site whose warning speaks for it. Sites of one kernel
/// with the same check, object, space, op, lane pattern and certainty (a
/// struct of 300 fields read the same way) share the warning of the first
/// of them, in the order given.
std::vector<size_t>
layoutLeaders(llvm::ArrayRef<const Check *> Checks,
              llvm::ArrayRef<std::vector<SiteRecord>> Sites);

/// The warning policy every front end applies (command line, language
/// server, clang-tidy module): which of \p Sites (flagged by \p Checks[I])
/// get a warning, and which warning speaks for each.
struct WarningPlan {
  /// The sites warned about, as indices into Sites, in the order given: a
  /// site with a certain record (its worst record is then certain), or any
  /// site with ShowPossible.
  std::vector<size_t> Shown;
  /// Per position in Shown: the position in Shown whose warning speaks for
  /// it (itself unless GroupLayouts put it in an earlier site's layout).
  std::vector<size_t> Leader;
  /// Sites not shown because no record of theirs is certain.
  size_t HiddenPossible = 0;
};
WarningPlan planWarnings(llvm::ArrayRef<const Check *> Checks,
                         llvm::ArrayRef<std::vector<SiteRecord>> Sites,
                         bool ShowPossible, bool GroupLayouts);

/// Adds to \p F (the warning of the site whose worst record is \p W) the note
/// naming the other sites of its layout, given by their worst records.
void addLayoutNote(Finding &F, const SiteRecord &W,
                   llvm::ArrayRef<SiteRecord> Others, clang::ASTContext &Ctx);

/// Groups the records \p C flags by source site (file position, space and
/// op), in the order of their first record; for front ends that have no
/// per-record policy of their own (the clang-tidy plugin).
std::vector<std::vector<SiteRecord>>
flaggedSites(const Check &C, const TUAnalysis &TU, clang::ASTContext &Ctx);

} // namespace ccl
#endif
