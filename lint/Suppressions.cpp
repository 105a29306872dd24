//===- Suppressions.cpp - NOLINT comments, as in clang-tidy ---------------===//
#include "lint/Suppressions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/GlobPattern.h"

using namespace clang;
using namespace ccl;

namespace {
/// Does the comment marker \p Marker (NOLINT, NOLINTNEXTLINE, ...) at the
/// start of \p Text name \p Check? Text begins right after the marker.
bool namesCheck(StringRef After, StringRef Check) {
  if (!After.starts_with("("))
    return true; // no list: every check
  StringRef List = After.drop_front().split(')').first;
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',');
  for (StringRef N : Names) {
    auto Pat = llvm::GlobPattern::create(N.trim());
    if (Pat && Pat->match(Check))
      return true;
  }
  return false;
}

/// Finds "NOLINT<Suffix>" in \p Line followed by an optional list naming
/// \p Check. "NOLINT" alone must not match "NOLINTNEXTLINE" and friends.
bool lineHas(StringRef Line, StringRef Marker, StringRef Check) {
  size_t Pos = 0;
  while ((Pos = Line.find(Marker, Pos)) != StringRef::npos) {
    StringRef After = Line.substr(Pos + Marker.size());
    Pos += Marker.size();
    if (!After.empty() && (isalnum((unsigned char)After[0]) || After[0] == '_'))
      continue; // a longer marker
    if (namesCheck(After, Check))
      return true;
  }
  return false;
}
} // namespace

bool ccl::isSuppressed(const SourceManager &SM, SourceLocation Loc,
                       StringRef Check) {
  Loc = SM.getExpansionLoc(Loc);
  FileID FID = SM.getFileID(Loc);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return false;
  unsigned Offset = SM.getFileOffset(Loc);
  // rfind(C, From) looks before From: the newline that ends the previous
  // line, also when Loc is in column 1.
  size_t Begin = Buf.rfind('\n', Offset);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buf.find('\n', Offset);
  StringRef Line = Buf.slice(Begin, End == StringRef::npos ? Buf.size() : End);
  if (lineHas(Line, "NOLINT", Check))
    return true;
  if (Begin > 0) {
    size_t PrevBegin = Buf.rfind('\n', Begin - 1);
    PrevBegin = PrevBegin == StringRef::npos ? 0 : PrevBegin + 1;
    if (lineHas(Buf.slice(PrevBegin, Begin), "NOLINTNEXTLINE", Check))
      return true;
  }
  // NOLINTBEGIN/NOLINTEND regions before the location.
  int Depth = 0;
  StringRef Before = Buf.take_front(Offset);
  SmallVector<StringRef, 0> Lines;
  Before.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (lineHas(L, "NOLINTBEGIN", Check))
      ++Depth;
    if (lineHas(L, "NOLINTEND", Check) && Depth > 0)
      --Depth;
  }
  return Depth > 0;
}
