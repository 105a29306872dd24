//===- NvccView.h - The compiler view from nvcc's PTX ----------------------===//
#ifndef CCL_LINT_NVCCVIEW_H
#define CCL_LINT_NVCCVIEW_H

#include "codegen/CompiledKernel.h"
#include "lint/Options.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace ccl {

/// --compiler=nvcc: nvcc compiles the main file with the include folders
/// and macros of the parse (\p CompileFlags, made absolute: nvcc runs in
/// this process's folder), its language standard and its GPU architecture;
/// its PTX, matched by line, is the view. nvcc's time is bounded by
/// --compiler-budget.
llvm::Expected<std::unique_ptr<DeviceCodeView>>
nvccView(clang::ASTContext &Ctx, const LintOptions &Opts,
         llvm::ArrayRef<std::string> CompileFlags);

} // namespace ccl
#endif
