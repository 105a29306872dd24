//===- CompiledKernel.h - A PTX listing as the analyzer's compiled code ---===//
//
// The compiler view of one translation unit: a PTX listing (from clang's
// device code generation, DeviceCode.h, or from nvcc) read once, and for
// each kernel instance the CompiledCode the analysis costs: the memory
// instructions of the kernel's entry function (and of device functions the
// compiler did not inline) located at each source access (SiteMatch.h).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_COMPILEDKERNEL_H
#define CCL_CODEGEN_COMPILEDKERNEL_H

#include "analyzer/CompiledCode.h"
#include "codegen/Ptx.h"
#include "codegen/SiteMatch.h"
#include <map>
#include <memory>
#include <tuple>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ccl {

class DeviceCodeView {
public:
  /// \p Compiler names who made \p Listing ("clang -O3", "nvcc").
  DeviceCodeView(clang::ASTContext &Ctx, ptx::Module Listing,
                 std::string Compiler);
  ~DeviceCodeView();
  /// The compiled code of \p Kernel (an instance: its own mangled name);
  /// null when the listing has no such entry (a kernel whose body has
  /// errors).
  std::unique_ptr<CompiledCode> forKernel(const clang::FunctionDecl *Kernel);
  const ptx::Module &listing() const { return Listing; }

private:
  friend class PtxKernelCode;
  clang::ASTContext &Ctx;
  ptx::Module Listing;
  std::string Compiler;
  SiteMatcher Matcher;
  /// Per function of the listing: where each memory instruction comes from.
  std::vector<std::vector<InstrPlace>> Places;
};

} // namespace ccl
#endif
