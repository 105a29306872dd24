// `1 << k` with k a warp-uniform unknown is a power of two, 2^k for one k in
// 0 .. 31 (for an int; other shifts are undefined): the warp is analyzed
// once per k, so masks and strides made from it (`pos & (N - 1)`) are
// known in each run. Other uses of k stay unknown, and the records after
// the split are not exact (one k may not happen).
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

__global__ void pow2_mask(float *out, int log2N) {
  __shared__ float s[32 * 32];
  const int N = 1 << log2N;
  // k = 0: every lane at word 0 (1 wavefront); k = 1: words 0 and 32
  // (2-way); ...; k >= 5: word 32*k, one bank, 32-way.
  s[(threadIdx.x & (N - 1)) * 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared store 's[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k; worst case over log2N [cuda-shared-bank-conflict]
  // Lane k at 4*k << log2N bytes: 32 bytes apart from k = 3, 32 sectors.
  out[threadIdx.x << log2N] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 32*k; worst case over log2N [cuda-uncoalesced-global]
}

// A shift by a lane-dependent unknown is not one power of two per warp.
__global__ void lane_shift(float *out, int n) {
  out[1 << (threadIdx.x + n)] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: lane-dependent '<<' of an unknown value
}
