// A macro that parenthesizes its arguments (cuda-samples dct8x8:
// #define IMAD(a, b, c) (((a) * (b)) + (c))) puts `(threadIdx.x)` in the
// source; Clang keeps the parentheses inside the builtin's pseudo-object.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
#define IMAD(a, b, c) (((a) * (b)) + (c))
__global__ void imad_index(short* dst) {
  dst[IMAD(blockIdx.y, 64, (threadIdx.x))] = 1;
  // Bytes 128*blockIdx.y + 2k: 2 sectors in every block.
  // CHECK: :[[@LINE-2]]:3: remark: global store 'dst[...]': 2 sectors (ideal 2, 100.0%), lane k writes byte 2*k, exact
}
