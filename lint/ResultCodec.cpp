//===- ResultCodec.cpp - A file's results as bytes, for an isolated file --===//
//
// One field list per struct (its io()), walked by a writer and by a reader:
// what is written is what is read. The mirrors below fail to compile when a
// struct changes size: a new field must be added to its io().
//
//===----------------------------------------------------------------------===//
#include "lint/ResultCodec.h"
#include "analyzer/ByteCodec.h"
#include <cstring>
#include <type_traits>

using namespace ccl;

namespace {

struct SourcePosFields {
  std::string File;
  unsigned Line, Column;
};
static_assert(sizeof(SourcePos) == sizeof(SourcePosFields),
              "SourcePos changed: extend ResultCodec");
struct MeasurementFields {
  bool Executed;
  unsigned A, B, C, D, E, F;
  bool OutOfRange;
};
static_assert(sizeof(Measurement) == sizeof(MeasurementFields),
              "Measurement changed: extend ResultCodec");
struct AccessFields {
  SourcePos Pos, End;
  std::string Site, Kernel;
  MemObject::SpaceKind Space;
  AccessOp Op;
  unsigned Bytes;
  Dim3 Block;
  std::string BlockSource;
  bool Known;
  AccessCost Worst;
  bool Exact;
  Dependence DependsOn;
  std::string Expr, Object, Lanes, WorstContext, Reason, HoldsFor;
  std::optional<AccessRecord::Footprint> Together;
  AccessRecord::CompiledState Compiled;
  std::vector<std::string> Instructions;
  unsigned SourceBytes;
  std::string CompiledBy, Check;
  bool Flagged;
  FindingCertainty Certainty;
  bool Suppressed, InBaseline;
  Verdict V;
  std::optional<Measurement> Measured, Ncu;
  std::optional<NcuComparison> NcuCsv;
  Measurer MeasuredBy;
  std::string VerifyText;
};
static_assert(sizeof(AccessReport) == sizeof(AccessFields),
              "AccessReport changed: extend ResultCodec");
struct NcuFields {
  NcuComparison::Kind Result;
  std::string Text;
  double Cost, Ideal, ActiveLanes, Executed;
  unsigned Instructions;
  std::string Sass;
};
static_assert(sizeof(NcuComparison) == sizeof(NcuFields),
              "NcuComparison changed: extend ResultCodec");
struct FindingFields {
  std::string Check;
  SourcePos Pos, End;
  std::string Message;
  std::vector<FindingNote> Notes;
  std::vector<FixIt> Fixes;
  std::string FixDescription, Kernel, Access, RelativeFile, Fingerprint;
  size_t Record, Instances;
  bool Possible;
  std::vector<std::string> SameLayoutSites;
};
static_assert(sizeof(ReportedFinding) == sizeof(FindingFields),
              "ReportedFinding changed: extend ResultCodec");
struct FileSpanFields {
  std::string File;
  unsigned Offset, Length;
  bool Token;
};
static_assert(sizeof(FileSpan) == sizeof(FileSpanFields),
              "FileSpan changed: extend ResultCodec");
struct LineNoteFields {
  unsigned Offset, Line;
  std::string File;
  unsigned Kind;
};
static_assert(sizeof(SourceText::LineNote) == sizeof(LineNoteFields),
              "SourceText::LineNote changed: extend ResultCodec");
struct SourceTextFields {
  std::string Text;
  std::vector<SourceText::LineNote> Lines;
};
static_assert(sizeof(SourceText) == sizeof(SourceTextFields),
              "SourceText changed: extend ResultCodec");
struct TextPlaceFields {
  std::string File;
  unsigned Offset;
  std::string Shown;
  unsigned Line, Column;
};
static_assert(sizeof(TextPlace) == sizeof(TextPlaceFields),
              "TextPlace changed: extend ResultCodec");
struct StepFields {
  DiagnosticStep::Kind K;
  unsigned Level;
  TextPlace At;
  std::string Message;
  std::vector<FileSpan> Spans;
  std::vector<FixIt> Fixes;
  bool SameAsLast;
  unsigned LastLevel;
};
static_assert(sizeof(DiagnosticStep) == sizeof(StepFields),
              "DiagnosticStep changed: extend ResultCodec");
struct DiagnosticTextFields {
  std::vector<DiagnosticStep> Steps;
  std::string SharedKey;
};
static_assert(sizeof(DiagnosticText) == sizeof(DiagnosticTextFields),
              "DiagnosticText changed: extend ResultCodec");
struct ToolMessageFields {
  ToolMessage::Level L;
  std::string Text;
};
static_assert(sizeof(ToolMessage) == sizeof(ToolMessageFields),
              "ToolMessage changed: extend ResultCodec");
struct FileFields {
  std::string File;
  unsigned Kernels, Flagged, Unknown, Refuted, Possible, Warnings;
  bool CompileErrors, InputError, Analyzed;
  std::vector<std::string> MissingHeaders, Notes, CommandNotes, KernelNames,
      Names, TemplateParams;
  std::vector<FindingNote> Remarks;
  std::vector<AccessReport> Accesses;
  std::vector<ReportedFinding> Findings;
  std::vector<BaselineEntry> Baseline;
  VerificationResult Verification;
  std::vector<ToolMessage> Messages;
  std::vector<DiagnosticText> ClangDiagnostics;
  std::string ClangOutput;
  unsigned ErrorsNotShown;
  std::vector<DiagnosticText> Diagnostics;
  std::map<std::string, SourceText> Sources;
  ReportMode Report;
};
static_assert(sizeof(FileResult) == sizeof(FileFields),
              "FileResult changed: extend ResultCodec");

/// The walk below with ByteWriter's or ByteReader's primitives: num() and
/// str() write from or read into the value, count() writes or reads a size.
class Writer : public ByteWriter {
public:
  static constexpr bool Reading = false;
  using ByteWriter::ByteWriter;
  template <typename T> void num(const T &V) {
    if constexpr (std::is_same_v<T, double>) {
      uint64_t B;
      std::memcpy(&B, &V, 8);
      u64(B);
    } else {
      u64(uint64_t(V));
    }
  }
  uint64_t count(uint64_t N) {
    u64(N);
    return N;
  }
  bool ok() const { return true; }
};

class Reader : public ByteReader {
public:
  static constexpr bool Reading = true;
  using ByteReader::ByteReader;
  template <typename T> void num(T &V) {
    uint64_t B = u64();
    if constexpr (std::is_same_v<T, double>)
      std::memcpy(&V, &B, 8);
    else
      V = T(B);
  }
  void str(std::string &S) { S = ByteReader::str(); }
  uint64_t count(uint64_t) { return ByteReader::count(); }
};

// ---- The walk: io(X, V) writes or reads V.

template <typename IO> void io(IO &X, std::string &S) { X.str(S); }
template <typename IO, typename T>
std::enable_if_t<std::is_arithmetic_v<T> || std::is_enum_v<T>> io(IO &X,
                                                                   T &V) {
  if constexpr (std::is_enum_v<T>) {
    using U = std::underlying_type_t<T>;
    U N = U(V);
    X.num(N);
    V = T(N);
  } else {
    X.num(V);
  }
}
template <typename IO, typename T> void io(IO &X, std::vector<T> &V);
template <typename IO, typename T> void io(IO &X, std::optional<T> &V);
template <typename IO, typename A, typename B>
void io(IO &X, std::pair<A, B> &P);
template <typename IO, typename K, typename V>
void io(IO &X, std::map<K, V> &M);
template <typename IO, typename T, typename Cmp>
void io(IO &X, std::set<T, Cmp> &S);
template <typename IO> void io(IO &X, Dependence &D);
template <typename IO> void io(IO &X, SourcePos &P);
template <typename IO> void io(IO &X, FindingNote &N);
template <typename IO> void io(IO &X, FixIt &F);
template <typename IO> void io(IO &X, FileSpan &S);
template <typename IO> void io(IO &X, SourceText::LineNote &N);
template <typename IO> void io(IO &X, SourceText &S);
template <typename IO> void io(IO &X, TextPlace &P);
template <typename IO> void io(IO &X, DiagnosticStep &S);
template <typename IO> void io(IO &X, DiagnosticText &D);
template <typename IO> void io(IO &X, ToolMessage &M);
template <typename IO> void io(IO &X, GlobalCost &C);
template <typename IO> void io(IO &X, SharedCost &C);
template <typename IO> void io(IO &X, AccessCost &C);
template <typename IO> void io(IO &X, AccessRecord::Footprint &F);
template <typename IO> void io(IO &X, Measurement &M);
template <typename IO> void io(IO &X, NcuComparison &N);
template <typename IO> void io(IO &X, Dim3 &D);
template <typename IO> void io(IO &X, AccessReport &A);
template <typename IO> void io(IO &X, ReportedFinding &F);
template <typename IO> void io(IO &X, BaselineEntry &B);
template <typename IO> void io(IO &X, VerificationResult &V);

template <typename IO, typename... T> void all(IO &X, T &...V) {
  (io(X, V), ...);
}

template <typename IO, typename T> void io(IO &X, std::vector<T> &V) {
  uint64_t N = X.count(V.size());
  if constexpr (IO::Reading)
    V.resize(N);
  for (T &E : V)
    if (X.ok())
      io(X, E);
}
template <typename IO, typename T> void io(IO &X, std::optional<T> &V) {
  bool Has = V.has_value();
  io(X, Has);
  if (Has && !V)
    V.emplace();
  if (Has && X.ok())
    io(X, *V);
}
template <typename IO, typename A, typename B>
void io(IO &X, std::pair<A, B> &P) {
  all(X, P.first, P.second);
}
/// A container as the vector of its items.
template <typename IO, typename C, typename Item>
void asVector(IO &X, C &Container) {
  std::vector<Item> Items(Container.begin(), Container.end());
  io(X, Items);
  if constexpr (IO::Reading)
    Container = C(Items.begin(), Items.end());
}
template <typename IO, typename K, typename V>
void io(IO &X, std::map<K, V> &M) {
  asVector<IO, std::map<K, V>, std::pair<K, V>>(X, M);
}
template <typename IO, typename T, typename Cmp>
void io(IO &X, std::set<T, Cmp> &S) {
  asVector<IO, std::set<T, Cmp>, T>(X, S);
}
template <typename IO> void io(IO &X, Dependence &D) {
  all(X, D.Unknowns, D.Conditions);
}
template <typename IO> void io(IO &X, SourcePos &P) {
  all(X, P.File, P.Line, P.Column);
}
template <typename IO> void io(IO &X, FileSpan &S) {
  all(X, S.File, S.Offset, S.Length, S.Token);
}
template <typename IO> void io(IO &X, SourceText::LineNote &N) {
  all(X, N.Offset, N.Line, N.File, N.Kind);
}
template <typename IO> void io(IO &X, SourceText &S) {
  all(X, S.Text, S.Lines);
}
template <typename IO> void io(IO &X, TextPlace &P) {
  all(X, P.File, P.Offset, P.Shown, P.Line, P.Column);
}
template <typename IO> void io(IO &X, DiagnosticStep &S) {
  all(X, S.K, S.Level, S.At, S.Message, S.Spans, S.Fixes, S.SameAsLast,
      S.LastLevel);
}
template <typename IO> void io(IO &X, ToolMessage &M) { all(X, M.L, M.Text); }
template <typename IO> void io(IO &X, DiagnosticText &D) {
  all(X, D.Steps, D.SharedKey);
}
template <typename IO> void io(IO &X, FindingNote &N) {
  all(X, N.Pos, N.Message);
}
template <typename IO> void io(IO &X, FixIt &F) {
  all(X, F.File, F.Offset, F.Length, F.Replacement);
}
template <typename IO> void io(IO &X, GlobalCost &C) {
  all(X, C.Sectors, C.IdealSectors);
}
template <typename IO> void io(IO &X, SharedCost &C) {
  all(X, C.Wavefronts, C.IdealWavefronts, C.ConflictWays);
}
template <typename IO> void io(IO &X, AccessCost &C) {
  all(X, C.Known, C.Reason, C.ActiveLanes, C.Shared, C.G, C.S, C.BestG,
      C.BestS, C.Exact, C.Legal, C.Lanes, C.Pattern, C.HoldsFor);
  for (int64_t &O : C.WorstOffsets)
    io(X, O);
  asVector<IO, decltype(C.Symbols), SymbolId>(X, C.Symbols);
}
template <typename IO> void io(IO &X, AccessRecord::Footprint &F) {
  all(X, F.Covered, F.Span, F.G, F.Partners, F.OwnPieces, F.OwnIterations);
}
template <typename IO> void io(IO &X, Measurement &M) {
  all(X, M.Executed, M.Sectors, M.IdealSectors, M.Wavefronts,
      M.IdealWavefronts, M.ConflictWays, M.Warps, M.OutOfRange);
}
template <typename IO> void io(IO &X, NcuComparison &N) {
  all(X, N.Result, N.Text, N.Cost, N.Ideal, N.ActiveLanes, N.Executed,
      N.Instructions, N.Sass);
}
template <typename IO> void io(IO &X, Dim3 &D) { all(X, D.X, D.Y, D.Z); }
template <typename IO> void io(IO &X, AccessReport &A) {
  all(X, A.Pos, A.End, A.Site, A.Kernel, A.Space, A.Op, A.Bytes, A.Block,
      A.BlockSource, A.Known, A.Worst, A.Exact, A.DependsOn, A.Expr, A.Object,
      A.Lanes, A.WorstContext, A.Reason, A.HoldsFor, A.Together, A.Compiled,
      A.Instructions, A.SourceBytes, A.CompiledBy, A.Check, A.Flagged,
      A.Certainty, A.Suppressed, A.InBaseline, A.Verdict, A.Measured, A.Ncu,
      A.NcuCsv, A.MeasuredBy, A.VerifyText);
}
template <typename IO> void io(IO &X, ReportedFinding &F) {
  all(X, F.Check, F.Pos, F.End, F.Message, F.Notes, F.Fixes,
      F.FixDescription, F.Kernel, F.Access, F.RelativeFile, F.Fingerprint,
      F.Record, F.Instances, F.Possible, F.SameLayoutSites);
}
template <typename IO> void io(IO &X, BaselineEntry &B) {
  all(X, B.Fingerprint, B.Check, B.File, B.Kernel, B.Access, B.Op);
}
template <typename IO> void io(IO &X, VerificationResult &V) {
  all(X, V.Asked, V.Mode, V.Verdicts, V.KernelsNotVerified);
}
template <typename IO> void io(IO &X, FileResult &R) {
  all(X, R.File, R.Kernels, R.Flagged, R.Unknown, R.Refuted, R.Possible,
      R.Warnings, R.CompileErrors, R.InputError, R.Analyzed, R.MissingHeaders,
      R.Notes, R.CommandNotes, R.KernelNames, R.Names, R.TemplateParams,
      R.Remarks, R.Accesses, R.Findings, R.Baseline, R.Verification, R.Messages,
      R.ClangDiagnostics, R.ClangOutput, R.ErrorsNotShown, R.Diagnostics,
      R.Sources, R.Report);
}

} // namespace

std::string ccl::encodeFileResult(const FileResult &R) {
  std::string Out;
  Writer W(Out);
  io(W, const_cast<FileResult &>(R));
  return Out;
}

std::optional<FileResult> ccl::decodeFileResult(llvm::StringRef Bytes) {
  Reader Rd(Bytes);
  FileResult R;
  io(Rd, R);
  if (!Rd.ok() || !Rd.atEnd())
    return std::nullopt;
  return R;
}
