//===- SystemCode.h - Declarations the whole-file walks skip --------------===//
//
// The walks over a whole translation unit (kernels, launches, small launch
// arguments, function ranges) look for the project's own code: a file that
// includes cuda_runtime.h carries 80,000+ lines of CUDA and C++ library
// declarations, most of them inline functions with bodies. A function
// written in a system header (expansion location; the main file never
// counts as one) is skipped with its body, unless it is a template
// instantiation: those exist only where the project used them, and one may
// launch a project kernel (`template <void (*K)(float *)> void launch(...)
// { K<<<1, 64>>>(...); }` in an -isystem library gives K its block shape).
// Namespaces, classes and templates are still entered, to reach those
// instantiations. What that leaves out: code in the bodies of a system
// header's own functions, where no check reports anything (KernelDiscovery
// already drops kernels written there).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_SYSTEMCODE_H
#define CCL_ANALYZER_SYSTEMCODE_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace ccl {

inline bool isSystemDecl(const clang::Decl *D, const clang::SourceManager &SM) {
  const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
  if (!FD || FD->isTemplateInstantiation())
    return false;
  clang::SourceLocation L = FD->getLocation();
  if (L.isInvalid())
    return false;
  L = SM.getExpansionLoc(L);
  return !SM.isInMainFile(L) && SM.isInSystemHeader(L);
}

} // namespace ccl
#endif
