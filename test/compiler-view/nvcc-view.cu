// --compiler=nvcc: nvcc's own PTX, matched to the accesses by line. A line
// with two loads cannot be told apart (costed as written, not certain); a
// line with one is nvcc's instruction.
// REQUIRES: nvcc
// RUN: %lint-cuda %s --compiler=nvcc --block-dim=128 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: env PATH=%S %lint %s --compiler=nvcc --block-dim=128 2>&1 | FileCheck %s --check-prefix=NONE

__global__ void narrowed(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
  // CHECK: :[[@LINE-1]]:14: warning: global load 'q[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:14: note: compiled (nvcc -O3) to ld.global.f32 (its place in the access not fixed) of the 16-byte access; each instruction is its own request
  o[i] = v.w;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

struct P { int a, b; };
__global__ void two_on_a_line(const P *p, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].a + p[i].b;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'o[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:10: warning: global load 'p[i].a' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k; worst case over blockIdx.x; nvcc's line information cannot tell apart the 2 loads on line [[@LINE-2]] (possible: {{.*}}) [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-3]]:19: warning: global load 'p[i].b' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
}
// NONE: remark: nvcc's compiled code is not available (no nvcc in the CUDA installation (none found) or on PATH); accesses are costed as written
