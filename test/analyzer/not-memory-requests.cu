// Locals are not memory requests, the builtin index variables are not
// global memory, and shared memory stays shared when reached through a
// member operator.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
struct frag_t { float x[8]; };
union packed_t { float4 v; float f[4]; };
__global__ void locals(float* out, const float4* in) {
  dim3 b = blockDim;
  frag_t c_frag;
  for (int i = 0; i < 8; ++i)
    c_frag.x[i] = 0.0f;
  packed_t p;
  p.v = in[threadIdx.x];
  // CHECK: :[[@LINE-1]]:9: remark: global load 'in[...]': 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact
  out[threadIdx.x] = c_frag.x[3] + p.f[1] + b.x;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

struct smem_t {
  float a[32 * 32];
  __device__ float &operator[](int i) { return a[i]; }
};
__global__ void shared_through_operator(float* out) {
  __shared__ smem_t s;
  s[threadIdx.x * 32] = 1.0f;
  // Every lane in bank 0: 32-way, a store (not a load) in shared memory.
  // CHECK-DAG: :[[@LINE-2]]:3: warning: shared store 's[threadIdx.x * 32]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:22: remark: shared load 's[threadIdx.x]': 1 wavefront (ideal 1, 1-way), lane k reads byte 4*k, exact
  // CHECK-DAG: :[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

// The builtin variables copied whole keep their fields: t.x is threadIdx.x,
// b.y is blockDim.y (with the hermetic shim and with the CUDA headers alike).
__global__ void copied_index(float *out) {
  uint3 t = threadIdx;
  dim3 b = blockDim;
  out[t.x * 2 + b.y * 64] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k
}
