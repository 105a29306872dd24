//===- ShuffleNames.h - The CUDA shuffles the interpreter knows ----------===//
//
// One list for the two places that must agree: the interpreter's rule for
// shuffles (InterpWarp.cpp: lane k takes its source lane's value) and the
// dependence walk that passes a float through a shuffle's value operand
// (UnobservedFloats.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_SHUFFLENAMES_H
#define CCL_ANALYZER_SHUFFLENAMES_H

#include "llvm/ADT/StringRef.h"

namespace ccl {

/// __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync and the
/// legacy forms without _sync.
bool isShuffleName(llvm::StringRef Name);

} // namespace ccl
#endif
