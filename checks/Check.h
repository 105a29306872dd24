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

/// Options as "check-name.Key" -> value strings (clang-tidy style).
using CheckOptions = std::map<std::string, std::string>;

class Check {
public:
  explicit Check(llvm::StringRef Name) : Name(Name.str()) {}
  virtual ~Check() = default;
  llvm::StringRef name() const { return Name; }
  /// The memory space this check is about.
  virtual MemObject::SpaceKind space() const = 0;
  /// Whether a (known) record is costly enough to report.
  virtual bool isFlagged(const AccessRecord &R) const = 0;
  /// Fills the message, notes and fixes of a flagged record.
  virtual void report(const AccessRecord &R, const CheckContext &C,
                      Finding &F) const = 0;
  /// Options with their effective values, for --dump-config and docs.
  virtual std::vector<std::pair<std::string, std::string>> options() const = 0;

  /// Creates every check; bad option values are reported in \p Errors and
  /// the default is kept.
  static std::vector<std::unique_ptr<Check>>
  createAll(const CheckOptions &Opts, std::vector<std::string> &Errors);

protected:
  /// Reads an integer option "name.Key" in [Min, Max].
  int64_t intOption(const CheckOptions &Opts, llvm::StringRef Key,
                    int64_t Default, int64_t Min, int64_t Max,
                    std::vector<std::string> &Errors) const;
  std::string Name;
};

// Helpers shared by the checks' explanations.
/// "global load 'in[...]'"
std::string describeAccess(const AccessRecord &R, const clang::ASTContext &Ctx);
/// "lane k reads byte 128*k" or the first lanes' offsets.
std::string describeLanes(const AccessRecord &R);
/// "; worst case over blockIdx.x, n (holds for n >= 8)" or "".
std::string describeDependence(const AccessRecord &R);
/// Notes on block shape, alignment, the worst instance and index provenance.
void addStandardNotes(const AccessRecord &R, const CheckContext &C, Finding &F);

} // namespace ccl
#endif
