//===- Results.h - What the pipeline found, as typed values ---------------===//
//
// The pipeline (Pipeline.h) turns each file into a FileResult: every access
// record as an AccessReport, every warning as a ReportedFinding with its
// notes and fix-its, verification verdicts, and the file's own notes.
// Locations are resolved to file/line/column (the SourceManager is gone when
// the printers run). Printers at the edge (report/: JSON, SARIF, HTML,
// fix-its; tools/: text, the language server) only read these.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_RESULTS_H
#define CCL_LINT_RESULTS_H

#include "analyzer/KernelAnalysis.h"
#include "lint/Options.h"
#include "runtime/CpuVerifier.h"
#include "runtime/NcuCompare.h"
#include "llvm/Support/Error.h"
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace ccl {

/// A resolved source position (1-based; Line 0 = none).
struct SourcePos {
  std::string File;
  unsigned Line = 0, Column = 0;
  bool valid() const { return Line != 0; }
};

/// A replacement of Length bytes at byte Offset of File.
struct FixIt {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Replacement;
};

struct FindingNote {
  SourcePos Pos;
  std::string Message;
};

/// How a prediction fared against a measurement (--verify).
enum class Verdict {
  None,            ///< --verify not asked
  Confirmed,       ///< exact prediction, measured the same
  Refuted,         ///< the measurement contradicts the prediction
  WithinBound,     ///< worst case, measured no more
  NotExecuted,     ///< the run never reached the access
  NotInstrumented, ///< the access could not be instrumented
  NotRunnable,     ///< the kernel cannot run
  NotVerified,     ///< the run failed
  Unpredicted,     ///< measured, but nothing was predicted
};
/// "confirmed", "not-executed", ... ("" for None).
const char *verdictName(Verdict V);

/// What measured an access under --verify: the CPU run of the
/// instrumented source, the JIT run of clang's code, the GPU run.
enum class Measurer { None, CpuTrace, CpuJit, GpuTrace };
/// "cpu-trace", "cpu-jit", "gpu-trace"; "" for None.
const char *measurerName(Measurer M);

/// How sure the finding on a record is.
enum class FindingCertainty { None, Certain, Possible };
/// "certain", "possible"; "" for None.
const char *certaintyName(FindingCertainty C);
/// The --verify mode's name: "cpu", "jit", "gpu", "ncu-csv"; "" for None.
const char *verifyModeName(VerifyMode M);

/// One access record of one kernel instance and block shape.
struct AccessReport {
  SourcePos Pos;
  SourcePos End; ///< just past the access expression's last token
  /// The source site: "file:line:column:space:op". Instances of a template,
  /// block shapes and callers of a device function share it.
  std::string Site;
  std::string Kernel;
  MemObject::SpaceKind Space = MemObject::Global;
  AccessOp Op = AccessOp::Load;
  unsigned Bytes = 0; ///< per lane; 0 when unknown
  Dim3 Block;
  std::string BlockSource; ///< "32x8x1 (from the launch at k.cu:50)"
  bool Known = false;
  AccessCost Worst; ///< when Known
  bool Exact = false;
  Dependence DependsOn;
  std::string Expr;         ///< "global load 'in[...]'"
  std::string Object;       ///< the memory object's name ("" if unknown)
  std::string Lanes;        ///< "lane k reads byte 128*k" (when Known)
  std::string WorstContext; ///< "warp 0, iteration 3 of the loop at line 9"
  std::string Reason;       ///< why not Known
  std::string HoldsFor;
  /// AccessRecord::Together when Covered: the footprint of this access and
  /// the nearby ones that use the rest of its sectors.
  std::optional<AccessRecord::Footprint> Together;
  /// What the compiler made of the access (AccessRecord::Compiled,
  /// Instructions, SourceBytes).
  AccessRecord::CompiledState Compiled = AccessRecord::CompiledState::NotAsked;
  std::vector<std::string> Instructions;
  unsigned SourceBytes = 0;
  std::string CompiledBy; ///< "clang -O3", "nvcc -O3"

  /// The first check that applies to the record (its memory space), or the
  /// first that flagged it; "" when no enabled check looks at it.
  std::string Check;
  bool Flagged = false; ///< reported as a warning
  /// Flagged by a check: certain (whatever the unknowns) or possible
  /// (needs an unlucky alignment or value; shown with --report=possible);
  /// None when no check flags it.
  FindingCertainty Certainty = FindingCertainty::None;
  bool Suppressed = false; ///< flagged, hidden by NOLINT or --header-filter
  bool InBaseline = false; ///< flagged, hidden by --baseline
  Verdict Verdict = Verdict::None;
  std::optional<Measurement> Measured; ///< from the run
  std::optional<Measurement> Ncu;      ///< Nsight Compute, per request
  /// --ncu-csv: the hardware's averages for this access.
  std::optional<NcuComparison> NcuCsv;
  /// What measured it (None where nothing did).
  Measurer MeasuredBy = Measurer::None;
  /// --verify/--ncu-csv: the sentence that says the verdict and why.
  std::string VerifyText;
};

/// A warning: what a check reported about one source site, for its worst
/// record (instance, block shape); the others are named in a note.
struct ReportedFinding {
  std::string Check;
  SourcePos Pos;
  SourcePos End; ///< just past the access expression (same file as Pos)
  std::string Message;
  std::vector<FindingNote> Notes;
  std::vector<FixIt> Fixes;
  /// What applying Fixes does (a quick-fix title).
  std::string FixDescription;
  std::string Kernel;
  std::string Access;       ///< the access's source text
  std::string RelativeFile; ///< relative to the repository root
  std::string Fingerprint;  ///< what --baseline matches
  size_t Record = 0;        ///< the worst record: index in Accesses
  size_t Instances = 1;     ///< records of the site this check flags
  bool Possible = false;    ///< not certain (--report=possible)
  /// Other sites with the same kernel, object, op and lane pattern, not
  /// reported again ("file:line:column:space:op").
  std::vector<std::string> SameLayoutSites;
};

/// What identifies a finding across edits (--write-baseline).
struct BaselineEntry {
  std::string Fingerprint, Check, File, Kernel, Access, Op;
};

/// What --verify or --ncu-csv verified in one file.
struct VerificationResult {
  bool Asked = false;
  VerifyMode Mode = VerifyMode::None;
  /// Accesses per verdict name ("confirmed", "not-runnable", ...).
  std::map<std::string, unsigned> Verdicts;
  /// Kernel instances whose predictions were not verified, and why.
  std::vector<std::pair<std::string, std::string>> KernelsNotVerified;
  /// Accesses with a measured verdict: confirmed, refuted or within-bound.
  unsigned verified() const;
};

/// A span of bytes in a file, as a diagnostic underlines it.
struct FileSpan {
  std::string File; ///< a key of FileResult::Sources ("" = none)
  unsigned Offset = 0, Length = 0;
  /// The span ends with the token that starts at Offset + Length.
  bool Token = false;
};

/// The text of a file as the parse read it, and its #line directives and
/// line markers (where a diagnostic's source line is numbered from).
struct SourceText {
  std::string Text;
  struct LineNote {
    unsigned Offset = 0, Line = 0;
    std::string File;
    unsigned Kind = 0; ///< clang::SrcMgr::CharacteristicKind
  };
  std::vector<LineNote> Lines;
};

/// Where a diagnostic's message or include line says it is: the byte in the
/// file, and the name, line and column printed (#line directives move them).
struct TextPlace {
  std::string File; ///< a key of FileResult::Sources ("" = no place)
  unsigned Offset = 0;
  std::string Shown;             ///< the file name printed
  unsigned Line = 0, Column = 0; ///< printed (Line 0: no printed place)
};

/// One step of clang's text rendering of a diagnostic (the hooks of
/// clang::DiagnosticRenderer), with every place resolved: report/ replays
/// the steps through clang's TextDiagnostic over the files' text
/// (FileResult::Sources).
struct DiagnosticStep {
  enum Kind : uint8_t {
    Diagnostic, ///< "file:line:col: level: message"
    Snippet,    ///< the source line, the caret, underlined spans, fix-its
    Include,    ///< "In file included from file:line:"
    Plain,      ///< "file: level: message" for the file as a whole
  };
  Kind K = Diagnostic;
  unsigned Level = 0; ///< clang::DiagnosticsEngine::Level
  TextPlace At;
  std::string Message;         ///< Diagnostic, Plain
  std::vector<FileSpan> Spans; ///< Snippet: underlined (character spans)
  std::vector<FixIt> Fixes;    ///< Snippet
  /// Snippet: the renderer's previous diagnostic was at this same place, at
  /// level LastLevel (a caret is not shown twice at one place).
  bool SameAsLast = false;
  unsigned LastLevel = 0;
};

/// A warning with its notes, or one remark or note, as data: what clang's
/// text renderer would print for it, in steps.
struct DiagnosticText {
  std::vector<DiagnosticStep> Steps;
  /// Another file of the run may print the same one (a finding in a header
  /// several files include): printed once per key ("" = always printed).
  std::string SharedKey;
};

/// A message of the linter's own about a file: its input, its compile
/// command ("cuda-coalesce-lint: error: no such file: 'k.cu'").
struct ToolMessage {
  enum Level : uint8_t { Error, Warning, Note };
  Level L = Error;
  std::string Text;
};

/// Everything one file produced.
struct FileResult {
  std::string File;
  unsigned Kernels = 0;
  unsigned Flagged = 0, Unknown = 0, Refuted = 0;
  unsigned Possible = 0; ///< possible findings not shown (--report=possible)
  /// Warnings shown: Flagged counts sites, and the sites of one layout
  /// share a warning.
  unsigned Warnings = 0;
  bool CompileErrors = false;
  bool InputError = false; ///< missing, unreadable, bad configuration, ...
  bool Analyzed = false;   ///< the file was parsed (Info below is valid)
  std::vector<std::string> MissingHeaders;
  std::vector<std::string> Notes; ///< about the file (templates, verify, ...)
  /// About its compile command (nvcc options that do not exist, options
  /// files that cannot be read): printed once per run for all files.
  std::vector<std::string> CommandNotes;
  /// What --assume may name here (KernelDiscovery.h, AssumableNames): the
  /// run checks the command line's names against every file's.
  std::vector<std::string> KernelNames, Names, TemplateParams;
  /// The notes that are about a place in the file (a kernel with errors, a
  /// template never instantiated), with that place.
  std::vector<FindingNote> Remarks;
  std::vector<AccessReport> Accesses;
  std::vector<ReportedFinding> Findings;
  std::vector<BaselineEntry> Baseline;
  VerificationResult Verification;
  /// Text output, in order: the linter's messages about the file itself,
  /// clang's own diagnostics, the findings and remarks (as data: report/
  /// renders them like clang's), and a summary line made from the counts
  /// above (when Analyzed).
  std::vector<ToolMessage> Messages;
  /// clang's own diagnostics (as data), what clang printed itself (its "N
  /// warnings generated" line), and how many errors were not shown.
  std::vector<DiagnosticText> ClangDiagnostics;
  std::string ClangOutput;
  unsigned ErrorsNotShown = 0;
  std::vector<DiagnosticText> Diagnostics;
  /// The text of every file or buffer that the diagnostics above name, as
  /// the parse read it (with --assume's instantiations, the `<scratch
  /// space>` of token pasting, `<built-in>` -D macros), by the name their
  /// steps give it: the text printer shows their lines from here and
  /// re-opens nothing.
  std::map<std::string, SourceText> Sources;
  /// The file's --report: its summary line names what that hides.
  ReportMode Report = ReportMode::Flagged;
};

struct LintResults {
  std::vector<FileResult> Files;
  unsigned flagged() const;
  unsigned refuted() const;
  bool inputError() const;
  /// --verify or --ncu-csv was asked, some access was analyzed, and no
  /// prediction got a measured verdict.
  bool verifiedNothing() const;
  /// The command line's --assume (NAME=VALUE, KERNEL:NAME=VALUE) against
  /// what the linted files declare: a name no file has, a kernel no file
  /// defines, a value that is not an integer for a name that is not a
  /// template parameter (typos that would otherwise change nothing). Empty
  /// when none, or when no file parsed.
  std::vector<std::string>
  assumeTypos(llvm::ArrayRef<std::string> Assume) const;
};

/// Adds the fingerprints of the baseline file \p Path (--baseline: what
/// --write-baseline wrote) to \p Fingerprints.
llvm::Error readBaselineFile(llvm::StringRef Path,
                             std::set<std::string> &Fingerprints);

} // namespace ccl
#endif
