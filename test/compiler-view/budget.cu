// --compiler-budget: the CPU seconds a process spends compiling kernels for
// the compiler view. Once spent, the kernel instances left are costed as
// written and a remark counts them; --compiler=none compiles nothing.
// RUN: %lint %s --block-dim=128 --kernel-jobs=1 --compiler-budget=0.000001 --report=all 2>&1 | FileCheck %s --check-prefix=SPENT
// RUN: %lint %s --block-dim=128 --kernel-jobs=1 --report=all --format=json | FileCheck %s --check-prefix=ALL
// RUN: %lint %s --block-dim=128 --kernel-jobs=1 --compiler=none --report=all --format=json | FileCheck %s --check-prefix=NONE --implicit-check-not='"compiled"'

__global__ void first(const float4 *__restrict__ q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
  o[i] = v.w;
}
// SPENT-DAG: :[[@LINE-3]]:14: warning: global load 'q[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency)

__global__ void second(const float4 *__restrict__ q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
  o[i] = v.w;
}
// The source access, 16 bytes a lane: 16 sectors for 16.
// SPENT-DAG: :[[@LINE-4]]:14: remark: global load 'q[...]': 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact
// SPENT-DAG: :[[@LINE-7]]:17: remark: 1 kernel instance (the first: 'second') analyzed without compiled code (no device code for it, its compile failed, or --compiler-budget was spent); their accesses are costed as written

// ALL-COUNT-4: "state": "instructions"
// NONE: "accesses"
