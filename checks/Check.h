//===- Check.h - The interface every check implements ---------------------===//
//
// A check looks at the analyzer's AccessRecords of one kernel (one block
// shape) and turns the costly ones into Findings: a message stating the
// computed fact, notes with the assumptions it rests on, and fix-its that are
// safe. Checks never compute addresses themselves; they only ask the analyzer.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CHECKS_CHECK_H
#define CCL_CHECKS_CHECK_H

#include "analyzer/KernelAnalysis.h"
#include "analyzer/LaunchConfig.h"
#include "checks/CheckRegistry.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringMap.h"
#include <memory>

namespace ccl {

struct Note {
  clang::SourceLocation Loc;
  std::string Message;
  /// Fix-its shown with this note (a fix away from the warning's line).
  std::vector<clang::FixItHint> Fixes = {};
};

struct Finding {
  std::string Check;
  const AccessRecord *Record = nullptr;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<Note> Notes;
  /// Every fix-it of the finding (also those shown with a note).
  std::vector<clang::FixItHint> Fixes;
  /// What applying Fixes does, as an editor's quick-fix title.
  std::string FixTitle;
};

/// What a check may look at while reporting one kernel.
struct CheckContext {
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel;
  std::string KernelName;
  BlockShape Shape;
  const InterpreterOptions &Opts;
  const std::vector<AccessRecord> &Records;
};

/// A check: which records it looks at, which of those are costly enough to
/// report, and what it says about them. Its name, options and rule text are
/// in its CheckInfo (CheckRegistry.h).
class Check {
public:
  Check(const CheckInfo &Info, const OptionValues &Options)
      : Info(Info), Options(Options) {}
  virtual ~Check() = default;
  llvm::StringRef name() const { return Info.Name; }
  const CheckInfo &info() const { return Info; }
  /// The effective value of option \p Key (declared in the CheckInfo).
  int64_t option(llvm::StringRef Key) const;

  /// Whether this check looks at \p R at all (its memory space, ...); the
  /// JSON output names the first such check for every record.
  virtual bool appliesTo(const AccessRecord &R) const = 0;
  /// Whether a record it applies to is costly enough to report (in the
  /// worst case over the unknowns).
  virtual bool isFlagged(const AccessRecord &R) const = 0;
  /// Whether a flagged record is flagged whatever the unknown alignments
  /// and offsets are and for every large value of an unknown lane stride
  /// (AccessRecord::Best): "certain". Otherwise it is "possible": it needs
  /// an unlucky alignment or a specific small value.
  virtual bool isCertain(const AccessRecord &R) const = 0;
  /// Why a flagged record that is not certain is only possible, when the
  /// check has its own reason ("possible: ..."); "" for the general one
  /// (it needs some alignments or values of the unknowns).
  virtual std::string whyPossible(const AccessRecord &) const { return ""; }
  /// Whether a launch of the file passes small constants under which this
  /// access is not flagged (AccessRecord::AtLaunch): then it is only
  /// possible.
  bool notAtLaunch(const AccessRecord &R) const {
    return R.AtLaunch && !isFlagged(*R.AtLaunch);
  }
  /// "possible: at the launch at main.cu:329, 'mul' is 1 (set at
  /// main.cu:322): 1 sector for an ideal 1 there"
  static std::string launchReason(const AccessRecord &R);
  /// Fills the message, notes and fixes of a flagged record.
  virtual void report(const AccessRecord &R, const CheckContext &C,
                      Finding &F) const = 0;

private:
  const CheckInfo &Info;
  OptionValues Options;
};

// Helpers shared by the checks' explanations.
/// \p Text on one line: every run of whitespace (a cast broken over two
/// lines) becomes one space, and none leads.
std::string oneLine(llvm::StringRef Text);
/// "global load 'in[...]'"
std::string describeAccess(const AccessRecord &R, const clang::ASTContext &Ctx);
/// "lane k reads byte 128*k" or the first lanes' offsets.
std::string describeLanes(const AccessRecord &R);
/// "; worst case over blockIdx.x, n (holds for n >= 8)" or "".
std::string describeDependence(const AccessRecord &R);

/// "together with the accesses at 12:5, 13:5 the warp moves 8 sectors for
/// an ideal 8 (16 bytes per lane)": AccessRecord::Together.
std::string describeTogether(const AccessRecord &R);

/// A record's dependencies as text: the named unknowns ("n, blockIdx.x"),
/// joined by ", ", and the conditions ("a goto at line 9 is not followed"),
/// joined by "; ".
struct DependenceParts {
  std::string Names, Conditions;
};
DependenceParts splitDependence(const AccessRecord &R);
/// "compiled (clang -O3) to ld.global.nc.b32 at byte 12 of the 16-byte
/// access; ..." when the instructions differ from the access as written;
/// "" otherwise.
std::string describeCompiled(const AccessRecord &R);

/// Notes on block shape, alignment, the worst instance and index provenance.
void addStandardNotes(const AccessRecord &R, const CheckContext &C, Finding &F);

} // namespace ccl
#endif
