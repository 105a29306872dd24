// The lesson's table: global word strides 1, 2, 8, 32 -> 4, 8, 32, 32
// sectors; shared word strides 1, 2, 32, 33 -> 1, 2, 32, 1-way.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void global_strides(const float* in, float* out) {
  int t = threadIdx.x;
  float a = in[t];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  float b = in[t * 2];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  float c = in[t * 8];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  float d = in[t * 32];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  out[t] = a + b + c + d;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
__global__ void shared_strides(float* out) {
  __shared__ float s[32 * 33];
  int t = threadIdx.x;
  float a = s[t];
  // CHECK: :[[@LINE-1]]:13: remark: shared load 's[...]': 1 wavefront (ideal 1, 1-way), lane k reads byte 4*k, exact
  float b = s[t * 2];
  // CHECK: :[[@LINE-1]]:13: warning: shared load 's[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k [cuda-shared-bank-conflict]
  float c = s[t * 32];
  // CHECK: :[[@LINE-1]]:13: warning: shared load 's[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 128*k [cuda-shared-bank-conflict]
  float d = s[t * 33];
  // CHECK: :[[@LINE-1]]:13: remark: shared load 's[...]': 1 wavefront (ideal 1, 1-way), lane k reads byte 132*k, exact
  out[t] = a + b + c + d;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
