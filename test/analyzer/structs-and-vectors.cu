// Array of structs (lane stride = sizeof(struct)), vector types and
// reinterpret_cast to them (bytes per lane = the accessed type's size).
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all --check-option=cuda-uncoalesced-global.PiecesTogether=0 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// (Each request is judged alone: PiecesTogether=0, checks/pieces-together.cu.)
struct Particle { float x, y, z; int id; };
__global__ void aos(const Particle* p, float* out) {
  int t = threadIdx.x;
  out[t] = p[t].y;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load 'p[t].y' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  out[t] = (p + t)->z;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load '(p + t)->z' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
}
__global__ void vectors(const float* in, float2* o2, const float4* v4, const int4* i4, const __half2* h2, float4* o4) {
  int t = threadIdx.x;
  o2[t] = reinterpret_cast<const float2*>(in)[t];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o2[...]': 8 sectors (ideal 8, 100.0%), lane k writes byte 8*k, exact
  // CHECK: :[[@LINE-2]]:11: remark: global load 'reinterpret_cast<const float2*>(in)[...]': 8 sectors (ideal 8, 100.0%), lane k reads byte 8*k, exact
  float4 v = v4[t];
  // CHECK: :[[@LINE-1]]:14: remark: global load 'v4[...]': 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact
  o4[t] = v;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o4[...]': 16 sectors (ideal 16, 100.0%), lane k writes byte 16*k, exact
  int4 w = i4[t * 2];
  // CHECK: :[[@LINE-1]]:12: warning: global load 'i4[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  __half2 h = h2[t];
  // CHECK: :[[@LINE-1]]:15: remark: global load 'h2[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  o4[t].x = v4[t].w;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'o4[t].x' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:13: warning: global load 'v4[t].w' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
}
// A struct copied out of a `?:` of two loads (a construction, an assignment):
// each arm is a load in the lanes that take it, as a value read of one is.
__global__ void conditionalCopy(const float4* p, const float4* q, float4* o4, int c) {
  int t = threadIdx.x;
  float4 v = c ? p[t] : q[t * 2];
  // CHECK: :[[@LINE-1]]:18: remark: global load 'p[...]': 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact
  // CHECK: :[[@LINE-2]]:25: warning: global load 'q[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  o4[t] = v;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o4[...]': 16 sectors (ideal 16, 100.0%), lane k writes byte 16*k, exact
  o4[t + 32] = c ? q[t * 2] : p[t];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o4[...]': 16 sectors (ideal 16, 100.0%), lane k writes byte 16*k, exact
  // CHECK: :[[@LINE-2]]:20: warning: global load 'q[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-3]]:31: remark: global load 'p[...]': 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact
}
