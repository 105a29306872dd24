// Element sizes 1, 2, 4, 8, 16 in global and shared memory; shared accesses
// of 8 and 16 bytes are served in phases of 16 and 8 lanes.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void sizes(const char* c, const short* s, const double* d, const float4* f, float* out) {
  int t = threadIdx.x;
  out[t] = c[t] + s[t] + d[t] + f[t].x;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load 'c[...]': 1 sector (ideal 1, 100.0%), lane k reads byte 1*k, exact
  // CHECK: :[[@LINE-3]]:19: remark: global load 's[...]': 2 sectors (ideal 2, 100.0%), lane k reads byte 2*k, exact
  // CHECK: :[[@LINE-4]]:26: remark: global load 'd[...]': 8 sectors (ideal 8, 100.0%), lane k reads byte 8*k, exact
  // CHECK: :[[@LINE-5]]:33: warning: global load 'f[t].x' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  out[t] = c[t * 32];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load 'c[...]' touches 32 sectors per warp request (ideal 1, 3.1% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
}
__global__ void shared_sizes(float* out) {
  __shared__ double sd[64];
  __shared__ float4 sf[64];
  __shared__ short ss[64 * 32];
  int t = threadIdx.x;
  double a = sd[t];
  // CHECK: :[[@LINE-1]]:14: remark: shared load 'sd[...]': 2 wavefronts (ideal 2, 1-way), lane k reads byte 8*k, exact
  double b = sd[t * 2];
  // CHECK: :[[@LINE-1]]:14: warning: shared load 'sd[...]' has a 2-way bank conflict: 4 wavefronts per warp request (ideal 2): lane k reads byte 16*k [cuda-shared-bank-conflict]
  float4 c = sf[t];
  // CHECK: :[[@LINE-1]]:14: remark: shared load 'sf[...]': 4 wavefronts (ideal 4, 1-way), lane k reads byte 16*k, exact
  float4 e = sf[t * 2];
  // CHECK: :[[@LINE-1]]:14: warning: shared load 'sf[...]' has a 2-way bank conflict: 8 wavefronts per warp request (ideal 4): lane k reads byte 32*k [cuda-shared-bank-conflict]
  short g = ss[t];
  // CHECK: :[[@LINE-1]]:13: remark: shared load 'ss[...]': 1 wavefront (ideal 1, 1-way), lane k reads byte 2*k, exact
  short h = ss[t * 32];
  // CHECK: :[[@LINE-1]]:13: warning: shared load 'ss[...]' has a 16-way bank conflict: 16 wavefronts per warp request (ideal 1): lane k reads byte 64*k [cuda-shared-bank-conflict]
  out[t] = a + b + c.x + e.x + g + h;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
