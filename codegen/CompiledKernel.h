//===- CompiledKernel.h - Kernels' PTX as the analyzer's compiled code ----===//
//
// The compiler view of one translation unit: for each kernel instance, the
// PTX of that kernel (DeviceCode.h), compiled when the kernel is first
// analyzed, read once (Ptx.h), and given to the analysis as CompiledCode:
// the memory instructions of the kernel's entry function and of the device
// functions the compiler did not inline, located at each source access
// (SiteMatch.h).
//
// With --compiler=nvcc the listing is nvcc's, made once for the file, and
// its instructions are matched by line (LineMatch.h).
//
// Compiling costs far more than analyzing on some files (vLLM's
// fp32_router_gemm.cu: 269 instances of heavily unrolled loops, 40 MB of
// PTX): the kernels of one file (in one process: each kernel worker has its
// own) may use at most a budget of CPU seconds
// (--compiler-budget); the instances left are costed as written and
// counted (skipped()).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_COMPILEDKERNEL_H
#define CCL_CODEGEN_COMPILEDKERNEL_H

#include "analyzer/CompiledCode.h"
#include "codegen/DeviceCode.h"
#include "codegen/LineMatch.h"
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
  /// \p BudgetSeconds: CPU seconds this view (one file, in this process) may spend compiling
  /// kernels (0: no limit). \p DumpPtx: a file each kernel's PTX is
  /// appended to ("" : none).
  DeviceCodeView(clang::ASTContext &Ctx, std::unique_ptr<DeviceCompiler> C,
                 double BudgetSeconds, std::string DumpPtx = "");
  /// nvcc's view (--compiler=nvcc): the PTX nvcc made of the whole file,
  /// matched to the source accesses by line (LineMatch.h).
  DeviceCodeView(clang::ASTContext &Ctx, ptx::Module NvccPtx);
  ~DeviceCodeView();
  /// The compiled code of \p Kernel (an instance: its own mangled name);
  /// null when the kernel has no device code (its body has errors), its
  /// compile failed, or the budget is spent (skipped()).
  std::shared_ptr<const CompiledCode>
  forKernel(const clang::FunctionDecl *Kernel);
  /// The device compiler of clang's view (null for nvcc's): --verify=jit
  /// runs its code.
  DeviceCompiler *compiler() const { return Compiler.get(); }
  /// Kernels not compiled because the budget was spent, in this process.
  unsigned skipped() const { return Skipped; }
  /// Why the last failed compile failed ("" when none did).
  const std::string &lastError() const { return LastError; }

  /// One kernel's listing and where its instructions come from.
  struct Listing {
    ptx::Module Ptx;
    std::vector<std::vector<InstrPlace>> Places; ///< per function
  };

private:
  clang::ASTContext &Ctx;
  std::unique_ptr<DeviceCompiler> Compiler;
  std::unique_ptr<ptx::Module> Nvcc;
  double Budget, Spent = 0;
  unsigned Skipped = 0;
  std::string DumpPtx, LastError;
  SiteMatcher Matcher;
  std::unique_ptr<LineMatcher> Lines;
  std::map<std::string, std::shared_ptr<const CompiledCode>> Done;
  /// Each group's PTX (DeviceCompiler::groupOf), once compiled.
  std::map<unsigned, std::shared_ptr<const ptx::Module>> Groups;
};

} // namespace ccl
#endif
