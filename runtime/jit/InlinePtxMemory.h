//===- InlinePtxMemory.h - Inline PTX loads and stores as IR ---------------===//
//
// The cache-hint intrinsics of clang's CUDA headers (__ldcs, __ldcg, __ldcv,
// __ldlu, __stwt, ...) are inline PTX: `ld.global.cs.f32 $0,[$1]`,
// `st.global.wt.v4.f32 [$0],$1,$2,$3,$4`. For the CPU run of the JIT
// harness each becomes the plain load or store of the same address and
// width (the hint changes where the line is cached, not the sectors), so
// the harness measures it like any other access.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_JIT_INLINEPTXMEMORY_H
#define CCL_RUNTIME_JIT_INLINEPTXMEMORY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"

namespace ccl {

/// \p Asm (normalized: no braces, one space after the opcode, no spaces
/// after commas) of \p CI as IR at \p B's insertion point. Returns the
/// call's replacement value (for a store, a null pointer and true in
/// \p Done), or nullptr with \p Done false when \p Asm is not such an access.
llvm::Value *inlinePtxMemory(llvm::StringRef Asm, llvm::CallInst *CI,
                             llvm::IRBuilder<> &B, bool &Done);

} // namespace ccl
#endif
