//===- NvccCompat.h - What makes clang's device code nvcc's ---------------===//
//
// Clang and nvcc share LLVM's optimizer but not their front ends' lowering.
// The compiler view (DeviceCode.h) runs these on clang's IR so that its
// memory instructions have the widths nvcc's have (each checked against
// `nvcc -arch=sm_89 -ptx -lineinfo -O3`; docs/compiler-view.md, "The
// instructions the compiler makes"):
//
// before the optimizer: extern __shared__ arrays 16-byte aligned; static
// __device__ variables writable from outside; aggregate
// copies aligned to their class and moved as vectors of its element;
// __ldg loads pinned (not narrowed); each access's location remembered;
// after it: hoisted accesses' locations restored; vector loads of which one
// element is used narrowed to it; copies left moved as vectors; math
// without an NVPTX instruction made external calls; __ldg unpinned; last,
// a loaded vector stored back with one element changed stored whole.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_NVCCCOMPAT_H
#define CCL_CODEGEN_NVCCCOMPAT_H

namespace clang {
class ASTContext;
} // namespace clang
namespace llvm {
class Module;
} // namespace llvm

namespace ccl {

/// The adjustments made to clang's IR of \p Ctx before the optimizer.
void nvccBeforeOptimizer(clang::ASTContext &Ctx, llvm::Module &M);

/// The adjustments made after the optimizer, before the late IR passes.
void nvccAfterOptimizer(llvm::Module &M);

/// The adjustments made last, before the NVPTX backend.
void nvccBeforeBackend(llvm::Module &M);

} // namespace ccl
#endif
