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
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

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
  /// Kernels are compiled in groups of up to this many, in the order of the
  /// IR (one -O3 run and one backend run per group, not per kernel: most of
  /// a small kernel's compile is the pipeline's fixed cost).
  static constexpr unsigned GroupSize = 16;
  /// The group \p Kernel is compiled with (has(Kernel) must hold).
  unsigned groupOf(llvm::StringRef Kernel) const {
    return Kernels.find(Kernel.str())->second / GroupSize;
  }
  /// Kernel \p Kernel and the device functions it reaches as the NVPTX
  /// backend receives them: optimized (-O3 and what makes the widths
  /// nvcc's) with its group, in this compiler's LLVM context. --verify=jit
  /// runs this code.
  llvm::Expected<std::unique_ptr<llvm::Module>> optimized(llvm::StringRef Kernel);
  /// The NVPTX target machine the code is made for.
  llvm::TargetMachine *targetMachine() const { return TM.get(); }
  /// The PTX \p Kernel is compiled in: its group's (its kernels and the
  /// device functions they call; ptx::Module::reachedFrom picks one
  /// kernel's), or, where the backend fails on the group, its own, so that
  /// the other kernels of the group still have theirs. \p OfGroup says
  /// which.
  llvm::Expected<std::string> ptxFor(llvm::StringRef Kernel, bool &OfGroup);
  /// The PTX of \p Kernel alone.
  llvm::Expected<std::string> ptxAlone(llvm::StringRef Kernel);

private:
  DeviceCompiler() = default;
  struct BackendErrors;
  llvm::LLVMContext LCtx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<llvm::TargetMachine> TM;
  BackendErrors *Errors = nullptr;
  /// Each kernel's position in the IR.
  std::map<std::string, unsigned> Kernels;
  std::vector<std::string> Order;
  /// Whether each group's code went through the backend (compile).
  std::map<unsigned, bool> GroupEmits;
  /// The last group optimized for optimized(), and its module.
  unsigned CachedGroup = ~0u;
  std::unique_ptr<llvm::Module> CachedModule;
  /// The kernels \p Names with the functions they reach, optimized.
  llvm::Expected<std::unique_ptr<llvm::Module>>
  optimizedWith(llvm::ArrayRef<std::string> Names);
  /// The PTX of the kernels \p Names; with \p Keep, a copy of their
  /// optimized module (the backend changes the one it writes).
  llvm::Expected<std::string>
  compile(llvm::ArrayRef<std::string> Names,
          std::unique_ptr<llvm::Module> *Keep = nullptr);
  /// The error for a kernel without device code (success when it has).
  llvm::Error knows(llvm::StringRef Kernel) const;
  /// The names of the kernels of group \p G.
  std::vector<std::string> group(unsigned G) const;
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
