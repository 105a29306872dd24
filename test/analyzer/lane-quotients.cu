// A lane-dependent dividend over a warp-uniform unknown divisor (idx / C,
// idx % C with C a kernel argument) has one unknown quotient per lane form:
// lanes straddle a multiple of C at a place that depends on C. Each is a
// symbol, and the remainder is idx - C * (idx / C), exactly what C's '%'
// is whatever the signs. Index arithmetic that recombines quotient and
// remainder folds back to idx; one that keeps a quotient per lane is not
// analyzed (the pattern depends on 32 unknowns).
// RUN: %lint %s --block-dim=256 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// llm.c encoder_forward_kernel2: b*T*C + t*C + c == idx.
__global__ void recombined(float* out, const float* in, int B, int T, int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < B * T * C) {
    int bt = idx / C;
    int b = bt / T;
    int t = bt % T;
    int c = idx % C;
    out[b * T * C + t * C + c] = in[C * (T * b) + c + C * t];
  }
}

// The quotient itself indexes: lanes read in[q] with q one of a few values
// that depend on C (not analyzed).
__global__ void quotient_index(float* out, const float* in, int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  out[idx] = in[idx / C];
}

// A constant divisor of a dividend with an unknown lane-varying part:
// (i / 7) * 7 + i % 7 == i.
__global__ void constant_divisor(float* out, int n) {
  int i = blockIdx.x * n + threadIdx.x;
  out[(i / 7) * 7 + i % 7] = 1.0f;
}

// A warp-uniform dividend whose sign is not known (int C, here wrapped as
// unsigned): llm.c layernorm's shared offset (2 + threadIdx.y) * C /
// x128::size. One unknown quotient per warp, a symbol: rows of 32 floats.
__global__ void uniform_signed_dividend(float* out, int C) {
  out[(16u * C) / 16u * 32 + threadIdx.x] = 1.0f;
}

// Expected (line:column): recombined: both addresses are idx (not exact only
// because idx < B*T*C may leave lanes idle); quotient_index: in[idx / C]
// depends on one quotient per lane; constant_divisor: i, shifted by
// 4*n*blockIdx.x bytes: 5 sectors when misaligned; uniform_signed_dividend:
// 128 bytes per quotient, 4 sectors for any value.
// CHECK: .cu:18:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over B, C, T, blockIdx.x
// CHECK: .cu:18:34: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k; worst case over B, C, T, blockIdx.x
// CHECK: .cu:26:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: .cu:26:14: remark: global load 'in[...]' not analyzed: the lane pattern depends on more than two unknown values
// CHECK: .cu:33:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over blockIdx.x, n
// CHECK: .cu:40:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
