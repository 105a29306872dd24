// Lanes switched off by conditions on thread ids, early returns, and blocks
// that leave the last warp partly empty.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void branches(const float* in, float* out) {
  int t = threadIdx.x;
  if (t < 16)
    out[t] = in[t * 2];
    // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 2 sectors (ideal 2, 100.0%), active lane k writes byte 4*k (16 of 32 lanes active), exact
    // CHECK: :[[@LINE-2]]:14: warning: global load 'in[...]' touches 4 sectors per warp request (ideal 2, 50.0% efficiency): active lane k reads byte 8*k (16 of 32 lanes active) [cuda-uncoalesced-global]
  else
    out[t] = 0;
    // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  if (t % 2 == 0 && t < 32)
    out[t] = 1;
    // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 4 sectors per warp request (ideal 2, 50.0% efficiency): active lane k writes byte 4*k (16 of 32 lanes active) [cuda-uncoalesced-global]
  out[t] = t > 7 ? in[t] : 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:20: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
}
__global__ void early_return(const float* in, float* out) {
  int t = threadIdx.x;
  if (t >= 8)
    return;
  out[t * 32] = in[t];
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 1, 12.5% efficiency): active lane k writes byte 128*k (8 of 32 lanes active) [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:17: remark: global load 'in[...]': 1 sector (ideal 1, 100.0%), active lane k reads byte 4*k (8 of 32 lanes active), exact
}
__global__ void partial_warp(float* out) {
  out[threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
int main() {
  branches<<<1, 64>>>(0, 0);
  early_return<<<1, 32>>>(0, 0);
  partial_warp<<<1, 48>>>(0);
}
