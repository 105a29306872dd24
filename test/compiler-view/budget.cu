// --compiler-budget: the CPU seconds a process spends compiling kernels for
// the compiler view. Kernels are compiled in groups of 16, in the order of
// the IR (here: first, second, third<1> .. third<16>); once the budget is
// spent, the kernel instances of the groups left are costed as written and
// a remark counts them; --compiler=none compiles nothing.
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
// Compiled with first, in its group.
// SPENT-DAG: :[[@LINE-4]]:14: warning: global load 'q[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency)

template <int S> __global__ void third(const float4 *q, float *o) {
  float4 v = q[threadIdx.x * S];
  o[threadIdx.x] = v.w;
}
// The second group, third<15> and third<16>, is not compiled. The load's
// worst instances: 32 sectors for 4.
// SPENT-DAG: :[[@LINE-6]]:34: remark: 2 kernel instances (the first: 'third<15>') analyzed without compiled code (no device code for it, its compile failed, or --compiler-budget was spent); their accesses are costed as written
// SPENT-DAG: :[[@LINE-6]]:14: warning: global load 'q[...]' touches 32 sectors per warp request
template __global__ void third<1>(const float4 *, float *);
template __global__ void third<2>(const float4 *, float *);
template __global__ void third<3>(const float4 *, float *);
template __global__ void third<4>(const float4 *, float *);
template __global__ void third<5>(const float4 *, float *);
template __global__ void third<6>(const float4 *, float *);
template __global__ void third<7>(const float4 *, float *);
template __global__ void third<8>(const float4 *, float *);
template __global__ void third<9>(const float4 *, float *);
template __global__ void third<10>(const float4 *, float *);
template __global__ void third<11>(const float4 *, float *);
template __global__ void third<12>(const float4 *, float *);
template __global__ void third<13>(const float4 *, float *);
template __global__ void third<14>(const float4 *, float *);
template __global__ void third<15>(const float4 *, float *);
template __global__ void third<16>(const float4 *, float *);

// ALL-COUNT-36: "state": "instructions"
// ALL-NOT: "state": "instructions"
// NONE: "accesses"
