//===- Nvcc.h - The PTX nvcc makes of a file (--compiler=nvcc) ------------===//
//
// `nvcc -arch=sm_XX -ptx -lineinfo -O3` on the file being linted, with the
// include folders and macros it was parsed with: the user's own compiler's
// instructions, matched to the source accesses by line (LineMatch.h).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_CODEGEN_NVCC_H
#define CCL_CODEGEN_NVCC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace ccl {

/// The nvcc of the CUDA installation at \p CudaPath ("" : none), else the
/// first on PATH; an error saying where it was looked for when none is.
llvm::Expected<std::string> findNvcc(llvm::StringRef CudaPath);

/// The PTX \p Nvcc makes of \p File for \p Arch ("sm_89") with \p Flags
/// (-I, -D, -U, -std=...), given at most \p TimeoutSeconds; an error with
/// nvcc's first error line when it fails.
llvm::Expected<std::string> nvccPtx(llvm::StringRef Nvcc, llvm::StringRef File,
                                    llvm::StringRef Arch,
                                    llvm::ArrayRef<std::string> Flags,
                                    unsigned TimeoutSeconds);

} // namespace ccl
#endif
