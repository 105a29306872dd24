// Kernels defined in an included project header are analyzed; which headers'
// findings are shown follows --header-filter (default: every header).
// RUN: %lint %s --block-dim=32 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 --header-filter='nothing' 2>&1 | FileCheck %s --check-prefix=FILTERED --implicit-check-not=warning:
#include "Inputs/kernels.cuh"
// CHECK: kernels.cuh:4:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
// CHECK: kernels-in-header.cu: 1 accesses in 1 kernel: 1 flagged
// FILTERED: kernels-in-header.cu: 1 accesses in 1 kernel: 0 flagged
