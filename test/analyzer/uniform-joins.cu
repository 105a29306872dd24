// Where a warp-uniform condition the analysis cannot decide sends every lane
// of the warp the same way, a variable the two paths set to different
// warp-uniform values holds one of them in every lane: one unknown value
// (a new symbol named after the variable and the line), not "not known in
// every active lane". A constant difference keeps its multiple: 0 or 32
// elements is a multiple of 32.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// cuda-samples transposeDiagonal: the block's tile after a uniform branch.
__global__ void diagonal(const float *in, float *out, int width, int height) {
  int bx, by;
  if (width == height) {
    by = blockIdx.x;
    bx = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    by = bid % gridDim.y;
    bx = ((bid / gridDim.y) + by) % gridDim.x;
  }
  int x = bx * 32 + threadIdx.x;
  out[x + by * 32 * 32] = in[x];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:27: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
}

__global__ void offsets(float *out, int n) {
  // 0 or 1 element: misaligned when 1.
  int off = n > 4 ? 1 : 0;
  out[off + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over n, n > 4 ? 1 : 0
  int o2 = 0;
  if (n > 8)
    o2 = 32;
  out[o2 + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

// A lane-dependent condition does not make one value per warp.
__global__ void divergent(float *out, int n) {
  int v = 0;
  if (threadIdx.x < n)
    v = n;
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: address not known in every active lane
}

// A scan's up-sweep runs a number of trips that depends on n; the offset
// after it is one power of two per warp, not known: the down-sweep's
// accesses are analyzed with it as an unknown (possible, not exact).
__global__ void scan(int n) {
  __shared__ unsigned short s[1024];
  unsigned tid = threadIdx.x;
  unsigned offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d)
      s[offset * (2 * tid + 2) - 1] += 1;
    // CHECK: :[[@LINE-1]]:7: warning: shared load 's[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 128*k; worst case over n [cuda-shared-bank-conflict]
    // CHECK: :[[@LINE-2]]:7: warning: shared store 's[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k; worst case over n [cuda-shared-bank-conflict]
    offset <<= 1;
  }
  for (int d = 2; d < n; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d - 1)
      s[offset * (tid + 1) - 1] += 1;
    // CHECK: :[[@LINE-1]]:7: warning: shared load 's[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 2*(offset(line 54)>>6)*k; worst case over n, offset(line 54) (possible: only for some alignments or values of n, offset(line 54)) [cuda-shared-bank-conflict]
    // CHECK: :[[@LINE-2]]:7: warning: shared store 's[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 2*(offset(line 54)>>6)*k; worst case over n, offset(line 54) (possible: only for some alignments or values of n, offset(line 54)) [cuda-shared-bank-conflict]
  }
}
