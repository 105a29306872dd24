//===- KernelDiscovery.h - Which kernels a file has, and their instances --===//
//
// Kernels are the __global__ function definitions of the main file and of
// the project headers it includes (not system headers); each
// template instantiation is its own kernel. --assume NAME=VALUE for a
// template parameter selects the instantiations that agree, and instantiates
// a template the file never does (the pipeline appends the instantiation to
// the file in memory and parses again).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_LINT_KERNELDISCOVERY_H
#define CCL_LINT_KERNELDISCOVERY_H

#include "clang/Basic/SourceLocation.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class FunctionTemplateDecl;
} // namespace clang

namespace ccl {

struct KernelSet {
  /// Kernel definitions and instantiations, in source order.
  std::vector<const clang::FunctionDecl *> Kernels;
  /// Kernel templates (their dependent definitions).
  std::vector<const clang::FunctionDecl *> Templates;
};

/// The kernels defined in the main file or a non-system header it includes.
KernelSet collectKernels(clang::ASTContext &Ctx);

/// What --assume may name in a file (to tell a typo from a name the file
/// does not use): the kernels (by plain name), and the names of parameters,
/// variables and template parameters of the functions outside system
/// headers; those of template parameters also apart (they take types).
struct AssumableNames {
  std::vector<std::string> Kernels, Names, TemplateParams;
};
AssumableNames collectAssumableNames(clang::ASTContext &Ctx);

/// An error clang reported while parsing (typo corrections included: clang
/// replaces an undeclared name by a similar one and goes on).
struct ParseError {
  clang::SourceLocation Loc;
  std::string Message;
};

/// The first of \p Errors inside \p K's definition (its template's, for an
/// instance): a kernel whose body clang had to repair is not analyzed.
std::optional<ParseError> firstErrorIn(const clang::FunctionDecl *K,
                                       const std::vector<ParseError> &Errors,
                                       clang::ASTContext &Ctx);

/// "k", "k<float, 4>" as diagnostics print it.
std::string kernelName(const clang::FunctionDecl *FD);

/// Whether an instantiated kernel agrees with the --assume values given for
/// its template parameters (by name).
bool matchesAssumptions(const clang::FunctionDecl *K,
                        const std::map<std::string, std::string> &Assume,
                        clang::ASTContext &Ctx);

/// Source that instantiates kernel template \p T with the --assume values of
/// its parameters, or "" when a parameter without a default has none.
std::string instantiationFor(const clang::FunctionTemplateDecl *T,
                             const std::map<std::string, std::string> &Assume,
                             unsigned Index);

} // namespace ccl
#endif
