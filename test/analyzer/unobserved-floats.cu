// Float assignments whose values nothing reported can see are not evaluated
// (analyzer/UnobservedFloats.h): acc's sums below. The records of the first
// three kernels are those the linter gives when it evaluates them; the last
// one shows what skipping them saves.
// RUN: %lint %s --block-dim=128 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:

// The GEMM pattern: acc's sums reach only a shuffle and shared memory; the
// loads of the operands are still recorded, with their costs.
__global__ void gemm_like(const float* a, const float* b, float* out) {
  __shared__ float red[4][2];
  float x[4], w[2][4], acc[2] = {};
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    x[k] = a[t * 4 + k];
    // CHECK: :[[@LINE-1]]:12: warning: global load 'a[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  for (int e = 0; e < 2; ++e)
    for (int k = 0; k < 4; ++k)
      w[e][k] = b[e * 512 + t + 128 * k];
      // CHECK: :[[@LINE-1]]:17: remark: global load 'b[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  for (int e = 0; e < 2; ++e)
    for (int k = 0; k < 4; ++k)
      acc[e] += x[k] * w[e][k];
  for (int e = 0; e < 2; ++e) {
    float sum = acc[e];
    sum += __shfl_xor_sync(0xffffffffu, sum, 16);
    if (t % 32 == 0)
      red[t / 32][e] = sum;
      // CHECK: :[[@LINE-1]]:7: remark: shared store 'red[...][...]': 1 wavefront (ideal 1, 1-way), only lane 0 is active; worst case: unless the compiler fuses it with its neighbouring iterations into one 8-byte access: then 1 wavefronts, ideal 1
  }
  __syncthreads();
  if (t < 8)
    out[t] = red[t / 2][t % 2];
    // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), active lane k writes byte 4*k (8 of 32 lanes active), exact
    // CHECK: :[[@LINE-2]]:14: remark: shared load 'red[...][...]': 1 wavefront (ideal 1, 1-way), active lane k reads byte 4*k (8 of 32 lanes active), exact
}

// The element the index names is not known (j is loaded): the statement is
// evaluated as written, and acc[0] is stored to shared memory.
__global__ void unknown_element(const int* idx, float* out) {
  float acc[4] = {};
  int j = idx[threadIdx.x];
  // CHECK: :[[@LINE-1]]:11: remark: global load 'idx[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  acc[j & 3] += 1.0f;
  __shared__ float s[128];
  s[threadIdx.x] = acc[0];
  // CHECK: :[[@LINE-1]]:3: remark: shared store 's[...]': 1 wavefront (ideal 1, 1-way), lane k writes byte 4*k; worst case: no compiled instruction at this expression: merged into another, removed or moved
  out[threadIdx.x * 2] = s[threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:26: remark: shared load 's[...]': 1 wavefront (ideal 1, 1-way), lane k reads byte 4*k; worst case: no compiled instruction at this expression: merged into another, removed or moved
}

// In a loop of unknown trip count (generalized over the iteration): acc's
// sum is not evaluated; the loop's records are those of the code as written.
__global__ void generalized(const float* p, float* out, int n) {
  __shared__ float red[128];
  float acc = 0, x;
  int t = threadIdx.x;
  for (int i = t; i < n; i += 128) {
    x = p[i * 2];
    // CHECK: :[[@LINE-1]]:9: warning: global load 'p[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k; worst case over iteration(line [[@LINE-2]]), n; no compiled instruction at this expression
    acc += x * x;
    out[i * 3] = 1.0f;
    // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 12 sectors per warp request (ideal 4, 33.3% efficiency): lane k writes byte 12*k; worst case over iteration(line [[@LINE-5]]), n [cuda-uncoalesced-global]
  }
  red[t] = acc;
  // CHECK: :[[@LINE-1]]:3: remark: shared store 'red[...]': 1 wavefront (ideal 1, 1-way), lane k writes byte 4*k; worst case: no compiled instruction at this expression: merged into another, removed or moved
}

// What is not evaluated does not use up the steps after which case splits
// stop: after 60 trips of a long float sum, the store is still split into
// the cases of logn (evaluated, the sum used them up first, and the store
// was "not analyzed").
#define T4(e) e + e + e + e
#define T16(e) T4(e) + T4(e) + T4(e) + T4(e)
#define T64(e) T16(e) + T16(e) + T16(e) + T16(e)
__global__ void long_sum(const float* a, float* out, int logn) {
  int t = threadIdx.x;
  float acc = 0.0f;
  float x = a[t];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'a[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k; worst case: no compiled instruction at this expression: merged into another, removed or moved
  for (int i = 0; i < 60; ++i)
    acc = acc * x + T64(x * x) + T64(x * x);
  int N = 1 << logn;
  out[t & (N / 4 - 1)] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over logn
}
