// An access with no instruction at its expression: the compiler removed it
// (a store overwritten before anything reads it), merged it into another
// access's instruction (`.y` of a uint4 read with `.x`: one ld.v4 located
// at `.x`), or moved it. Its source cost stays as a worst case; it is never
// certain.
// RUN: %lint %s --block-dim=32 --report=possible --every-site | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:

__global__ void overwritten(const float *in, float *out) {
  int t = threadIdx.x;
  out[t * 32] = in[t];
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k; worst case: no compiled instruction at this expression: merged into another, removed or moved (possible) [cuda-uncoalesced-global]
  // The store that stays is certain.
  out[t * 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors
}
