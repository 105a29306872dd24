// min/max of a lane-dependent value and a bound with one unknown threshold
// (`min(ix, w - 1)`, `max(ix - n, 0)`): lane k takes the first operand
// where d_k <= t, d_k a per-lane constant and t one unknown, so the lanes
// it clamps are those past a threshold. The warp is analyzed once per
// threshold interval (no lane clamped, lanes past each d_k clamped, every
// lane clamped); with consecutive d_k a clamped lane holds the last
// unclamped lane's value. Every case may not happen: the records after the
// split are not exact. Two thresholds are 33 * 33 runs, over the limit of
// 64: the second stays unknown.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

__global__ void clamp_upper(float *out, int w) {
  int ix = blockIdx.x * 32 + threadIdx.x;
  // No lane clamped: 4*k + 128*blockIdx.x, 4 sectors; clamped lanes repeat
  // an address; every lane clamped: 1 sector.
  out[min(ix, w - 1)] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ...; worst case over blockIdx.x, w
  // 8*k + 256*blockIdx.x: 8 sectors for 128 bytes.
  out[2 * min(ix, w - 1)] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lanes 0,1,2,3,... write bytes 0, 8, 16, 24, ...; worst case over blockIdx.x, w [cuda-uncoalesced-global]
}

__global__ void clamp_lower(const float *in, float *out, int n) {
  int ix = blockIdx.x * 32 + threadIdx.x;
  // No lane clamped: 4*k + 4*(32*blockIdx.x - n), any multiple of 4: a
  // misaligned warp spans 5 sectors. The store, recorded after the split,
  // is not exact either.
  out[ix] = in[max(ix - n, 0)];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over blockIdx.x, n
  // CHECK: :[[@LINE-2]]:13: remark: global load 'in[...]': 5 sectors (ideal 4, 80.0%), lanes 0,1,2,3,... read bytes 0, 0, 0, 0, ...; worst case over blockIdx.x, n
}

__global__ void clamp_shared(float *out, int w) {
  __shared__ float sh[32 * 33];
  // No lane clamped: words 32*k, one bank, 32-way; clamped lanes share the
  // last unclamped lane's word.
  sh[min((int)threadIdx.x, w) * 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared store 'sh[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k; worst case over w [cuda-shared-bank-conflict]
  out[threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over w
}

// tx * n against m: the difference varies by lane in its unknown part, not
// one threshold.
__global__ void not_one_threshold(float *out, int n, int m) {
  out[min((int)threadIdx.x * n, m)] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: result of 'min'
}

__global__ void two_thresholds(float *out, int w, int h) {
  int ix = blockIdx.x * 32 + threadIdx.x;
  out[min(ix, w - 1)] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ...; worst case over blockIdx.x, w
  out[min(ix, h - 1)] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: result of 'min'
}
