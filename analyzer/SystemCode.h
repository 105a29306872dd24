//===- SystemCode.h - Declarations the whole-file walks skip --------------===//
//
// The walks over a whole translation unit (kernels, launches, small launch
// arguments, function ranges) look for the project's own code: a file that
// includes cuda_runtime.h carries 80,000+ lines of CUDA and C++ library
// declarations, most with bodies. A declaration written in a system header
// (expansion location; the main file never counts as one) is skipped with
// everything inside it. What that leaves out: kernels and launches written
// in system headers, which no check reports on (KernelDiscovery already
// drops those kernels), and code a system header #includes inside one of
// its own declarations.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_SYSTEMCODE_H
#define CCL_ANALYZER_SYSTEMCODE_H

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"

namespace ccl {

inline bool isSystemDecl(const clang::Decl *D, const clang::SourceManager &SM) {
  if (!D || llvm::isa<clang::TranslationUnitDecl>(D))
    return false;
  clang::SourceLocation L = D->getLocation();
  if (L.isInvalid())
    return false;
  L = SM.getExpansionLoc(L);
  return !SM.isInMainFile(L) && SM.isInSystemHeader(L);
}

} // namespace ccl
#endif
