//===- ResultCodec.h - A file's results as bytes, for an isolated file ----===//
//
// The command line lints each file in a process forked for it
// (Pipeline.cpp): a crash in one file costs that file, not the run. The
// child's FileResult comes back to the parent as bytes. Every field is
// written (a result that round-trips is the same result); there are no AST
// pointers in a FileResult.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_RESULTCODEC_H
#define CCL_LINT_RESULTCODEC_H

#include "lint/Results.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace ccl {

std::string encodeFileResult(const FileResult &R);

/// The result \p Bytes encodes, or nullopt when it is cut short or
/// malformed.
std::optional<FileResult> decodeFileResult(llvm::StringRef Bytes);

} // namespace ccl
#endif
