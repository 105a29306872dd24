// A loop whose condition tests a counter that every trip multiplies or
// divides by a power of two (`s <<= 1`, `d >>= 1`) runs at most as many
// trips as the counter has bits before it wraps or reaches 0. When its
// trip count is unknown but warp-uniform (`s < n`), the trips are run one
// by one "if the loop gets there" (like a branch on a warp-uniform
// unknown), up to that bound: each has its own known stride.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// s = 1, 2, 4, ..., 2^31 (then it would wrap): stride 4*s bytes.
__global__ void doubling(float* out, unsigned n) {
  for (unsigned s = 1; s < n; s <<= 1)
    out[threadIdx.x * s] = 1.0f;
}

// Up-sweep of a scan: off = 1, 2, 4, ... while d = n/2, n/4, ... > 0.
__global__ void upsweep(float* data, int n) {
  __shared__ float sh[1024];
  int off = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    sh[off * (2 * threadIdx.x + 1) - 1] = data[threadIdx.x];
    off <<= 1;
  }
  // off after the loop depends on the trip count, but it is one value in
  // every lane (uniform-joins.cu): one word, exact.
  sh[off - 1] = 0;
}

// A counter changed under a condition is not bounded this way.
__global__ void conditional_update(float* out, int n, int m) {
  for (int s = 1; s < n; s *= 2) {
    out[threadIdx.x * s] = 1.0f;
    if (m > 3)
      s = 1;
  }
}

// Expected (line:column): from s = 8 (trip 3) lanes are 32 bytes apart;
// off = 16 (trip 4, reached when n >= 32) puts lane k at word 32k + 31: one
// bank, 32-way. Neither is exact: the trips run only if n lets them.
// CHECK: .cu:12:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 32*k; worst case over n [cuda-uncoalesced-global]
// CHECK: .cu:21:5: warning: shared store 'sh[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k; worst case over n [cuda-shared-bank-conflict]
// CHECK: .cu:21:43: remark: global load 'data[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k; worst case over n
// CHECK: .cu:26:3: remark: shared store 'sh[...]': 1 wavefront (ideal 1, 1-way), all lanes write the same address, exact
// CHECK: .cu:32:5: remark: global store 'out[...]' not analyzed: 's' does not change by the same step in every iteration of the loop at line 31
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
