// A switch on a value known in every lane (`switch (lane & 3)`) whose arms
// each end in a `break`: the case labels are lane predicates, like `if`;
// each arm's accesses have only the lanes of its labels active (issue 27).
// Fallthrough, or a value that depends on an unknown, keeps every case
// possible in every lane (worst case, not exact).
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

__global__ void by_lane(const float *in, float *out) {
  int lane = threadIdx.x & 31;
  float v = 0;
  switch (lane & 3) {
  case 0:
    // Lanes 0, 4, ..., 28: 8 lanes 512 bytes apart.
    v = in[threadIdx.x * 32];
    // CHECK: :[[@LINE-1]]:9: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 1, 12.5% efficiency): active lane k reads byte 128*k (8 of 32 lanes active) [cuda-uncoalesced-global]
    break;
  case 1:
  case 2:
    // Lanes 1, 2, 5, 6, ...: 16 lanes, 4 sectors for the 2 their 64 bytes fill.
    v = in[threadIdx.x];
    // CHECK: :[[@LINE-1]]:9: warning: global load 'in[...]' touches 4 sectors per warp request (ideal 2, 50.0% efficiency): active lane k reads byte 4*k (16 of 32 lanes active) [cuda-uncoalesced-global]
    break;
  default:
    v = 1;
    break;
  }
  out[threadIdx.x] = v;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

// Case 0 falls through into case 1: every case stays possible in every lane.
__global__ void falls_through(const float *in, float *out) {
  float v = 0;
  switch (threadIdx.x & 1) {
  case 0:
    v += 1;
  case 1:
    v += in[threadIdx.x * 32];
    // CHECK: :[[@LINE-1]]:10: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k; worst case [cuda-uncoalesced-global]
    break;
  }
  out[threadIdx.x] = v;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
