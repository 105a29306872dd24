// A warp runs at most 2048 concrete loop iterations, all loops together;
// past that budget, loops are generalized over "any iteration". A loop that
// multiplies or divides its counter by a power of two is still run trip by
// trip (at most as many trips as the counter has bits): a scan after a long
// loop keeps its per-trip strides instead of becoming "does not change by
// the same step in every iteration".
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

__global__ void scan_after_long_loop(float *data, int n) {
  __shared__ float sh[1024];
  // 50 * 50 = 2500 concrete iterations: the budget runs out in here.
  int acc = 0;
  for (int i = 0; i < 50; ++i)
    for (int j = 0; j < 50; ++j)
      acc += j;
  // Up-sweep: off = 1, 2, 4, ... while d = n/2, n/4, ... > 0. Trip t puts
  // lane k at word 2^(t+1) * (k + 1) - 1: from t = 4 (off = 16) every lane
  // is in bank 31, 32 words 128 bytes apart, 32-way. Trips run only if n
  // lets them: not exact.
  int off = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    sh[off * (2 * threadIdx.x + 2) - 1] = data[threadIdx.x];
    // CHECK: :[[@LINE-1]]:5: warning: shared store 'sh[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k; worst case over n [cuda-shared-bank-conflict]
    // CHECK: :[[@LINE-2]]:43: remark: global load 'data[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k; worst case over n
    off <<= 1;
  }
  // A loop whose step is not a power-of-two scaling is generalized as
  // before once the budget is spent: i = 8 + 3*j, lane k at 4*k + 12*j
  // bytes, 12*j a multiple of 4 only: the worst shift straddles 5 sectors.
  for (int i = 8; i < n; i += 3)
    data[i + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:5: remark: global store 'data[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over iteration(line [[@LINE-2]]), n
}
