// A loop is generalized to "any iteration j" (v = v0 + j*step) only when
// every variable's step is the same in every iteration.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__global__ void step_changes(float* out, int n) {
  int off = 0, step = 8;
  for (int i = 0; i < n; ++i) {
    out[off + threadIdx.x] = 1;
    off += step;
    step = 1;
  }
}
// off is 0, 8, 9, 10, ...: iteration 2 writes bytes 36..163 (5 sectors),
// more than the first trip's 4; generalizing with step 8 would say
// "4, exact".
// CHECK: :[[@LINE-8]]:5: remark: global store 'out[...]' not analyzed: 'off' does not change by the same step in every iteration of the loop at line [[@LINE-9]]

__global__ void constant_step(float* out, int n) {
  int off = 0, step = 8;
  for (int i = 0; i < n; ++i) {
    out[off + threadIdx.x] = 1;
    off += step;
  }
}
// off = 8*j: bytes 32*j + 4*k, always 4 sectors.
// CHECK: :[[@LINE-5]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
