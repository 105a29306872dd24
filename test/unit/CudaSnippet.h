//===- CudaSnippet.h - Parse a CUDA snippet as the linter does -----------===//
//
// For unit tests: the device side of a snippet, parsed with the project's
// hermetic CUDA shim (share/include), as `cuda-coalesce-lint
// --cuda-path=none` does.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_TEST_UNIT_CUDASNIPPET_H
#define CCL_TEST_UNIT_CUDASNIPPET_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Path.h"
#include <memory>
#include <string>
#include <vector>

namespace ccl::test {

/// share/include of the source tree: CCL_TEST_INPUTS is test/unit/Inputs.
inline std::string shimDir() {
  llvm::SmallString<256> Dir(CCL_TEST_INPUTS);
  for (int I = 0; I < 3; ++I)
    llvm::sys::path::remove_filename(Dir);
  llvm::sys::path::append(Dir, "share", "include");
  return std::string(Dir);
}

inline std::unique_ptr<clang::ASTUnit> parseCuda(llvm::StringRef Code) {
  std::string Shim = shimDir();
  std::vector<std::string> Args = {
      "-x",
      "cuda",
      "--cuda-device-only",
      "-nocudainc",
      "-nocudalib",
      "--cuda-gpu-arch=sm_90",
      "-Wno-unknown-cuda-version",
      "-resource-dir=/usr/lib/llvm-" + std::to_string(LLVM_VERSION_MAJOR) +
          "/lib/clang/" + std::to_string(LLVM_VERSION_MAJOR),
      "-isystem",
      Shim,
      "-include",
      Shim + "/cuda_shim.h"};
  return clang::tooling::buildASTFromCodeWithArgs(Code, Args, "input.cu");
}

/// The function named \p Name at file scope that has a body (a snippet's
/// kernel), or null.
inline const clang::FunctionDecl *definedFunction(clang::ASTContext &Ctx,
                                                  llvm::StringRef Name) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (FD->getIdentifier() && FD->getName() == Name &&
          FD->doesThisDeclarationHaveABody())
        return FD;
  return nullptr;
}

} // namespace ccl::test
#endif
