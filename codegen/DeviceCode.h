//===- DeviceCode.h - The PTX clang makes of the parsed file --------------===//
//
// The analysis reads a source access; the GPU runs the instructions the
// compiler made of it: `float4 v = q[i]; o[i] = v.w;` loads 4 bytes at byte
// 12, not 16; `.x` and `.y` of a float4 are one 8-byte load; the two ints
// of a 4-aligned struct are two loads. This runs clang's own CUDA device
// code generation on the AST the linter already parsed (no second parse):
// every device function and kernel of the translation unit is handed to
// clang's CodeGenerator as the parser would have handed it, then LLVM's
// -O3 pipeline for the NVPTX target (SROA, InstCombine, GVN, loop
// unrolling, the load/store vectorizer, address-space inference) and the
// NVPTX backend write PTX with line information, which Ptx.h reads.
//
// Functions whose bodies hold errors are not generated (clang's code
// generation cannot handle them); neither are host functions (a device
// compile never does).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_DEVICECODE_H
#define CCL_CODEGEN_DEVICECODE_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>
#include <set>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class MangleContext;
} // namespace clang

namespace ccl {

/// The device code of one translation unit (parsed for the device:
/// --cuda-device-only): its LLVM IR, made once, before optimization; and,
/// kernel by kernel, the PTX of the kernel alone (-O3, line tables).
class DeviceCompiler {
public:
  static llvm::Expected<std::unique_ptr<DeviceCompiler>>
  create(clang::ASTContext &Ctx);
  ~DeviceCompiler();
  /// Whether the IR has a body for the kernel named \p Kernel (mangled).
  bool has(llvm::StringRef Kernel) const { return Kernels.count(Kernel.str()); }
  /// Kernel \p Kernel and the device functions it reaches as the NVPTX
  /// backend receives them: optimized (-O3 and what makes the widths
  /// nvcc's), in this compiler's LLVM context. --verify=jit runs this code.
  llvm::Expected<std::unique_ptr<llvm::Module>> optimized(llvm::StringRef Kernel);
  /// The NVPTX target machine the code is made for.
  llvm::TargetMachine *targetMachine() const { return TM.get(); }
  /// The PTX of kernel \p Kernel and the device functions it calls.
  llvm::Expected<std::string> ptxFor(llvm::StringRef Kernel);

private:
  DeviceCompiler() = default;
  struct BackendErrors;
  llvm::LLVMContext LCtx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<llvm::TargetMachine> TM;
  BackendErrors *Errors = nullptr;
  std::set<std::string> Kernels;
  /// The -O3 pipeline as text, SimplifyCFG's sinking turned off.
  std::string Pipeline;
};

/// The name \p FD has in clang's IR and PTX (its mangled name; a
/// constructor's or destructor's complete-object one).
std::string irName(clang::MangleContext &MC, const clang::FunctionDecl *FD);

/// The name \p Kernel has in the PTX (its mangled name).
std::string ptxName(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel);

} // namespace ccl
#endif
