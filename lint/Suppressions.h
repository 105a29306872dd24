//===- Suppressions.h - NOLINT comments, as in clang-tidy -----------------===//
//
//   x = a[i];  // NOLINT                    every check on this line
//   x = a[i];  // NOLINT(cuda-uncoalesced-global, cuda-shared-*)
//   // NOLINTNEXTLINE(cuda-shared-bank-conflict)
//   // NOLINTBEGIN(cuda-*)  ...  // NOLINTEND(cuda-*)
//
// A list names checks, with * as a wildcard; no list means every check.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_SUPPRESSIONS_H
#define CCL_LINT_SUPPRESSIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class SourceManager;
}

namespace ccl {
/// Whether a NOLINT comment suppresses \p Check at \p Loc.
bool isSuppressed(const clang::SourceManager &SM, clang::SourceLocation Loc,
                  llvm::StringRef Check);
} // namespace ccl
#endif
