// Calls to __device__ functions with their arguments bound; references; the
// access is reported at its own line, once per kernel that reaches it.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__device__ float load_at(const float* p, int i) { return p[i]; }
__device__ void store_ref(float& dst, float v) { dst = v; }
__device__ int scaled(int t, int s) { return t * s; }
__global__ void first(const float* in, float* out) {
  int t = threadIdx.x;
  out[t] = load_at(in, scaled(t, 32));
  store_ref(out[t * 2], 1.0f);
}
__global__ void second(const float* in, float* out) {
  out[threadIdx.x] = load_at(in, threadIdx.x);
}
// CHECK: :4:58: warning: global load 'p[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
// CHECK: :5:50: warning: global store 'dst' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
// CHECK: :9:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: :4:58: remark: global load 'p[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
// CHECK: :13:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
