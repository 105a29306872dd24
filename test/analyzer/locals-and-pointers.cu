// Local variables, reassignment, pointer arithmetic and pointers in locals.
// RUN: %lint %s --block-dim=64 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void locals(const float* in, float* out) {
  int t = threadIdx.x;
  int i = t;
  i = i * 4;
  i += 1;
  out[t] = in[i];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  const float* q = in + t * 2;
  out[t] = q[1];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load 'q[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  const float* r = &in[64];
  r += t;
  out[t] = *r;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load '*r': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  float* o = out;
  o++;
  o[t] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k, exact
}
