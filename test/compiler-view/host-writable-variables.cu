// A `static __device__` variable is written from outside the code the
// compiler view compiles: by the host (cudaMemcpyToSymbol) and by kernels of
// another group (kernels compile in groups of 16). nvcc keeps its loads
// (checked with nvcc -arch=sm_89 -ptx: `ld.global.u32 [counter]` in
// `reader`, `ld.global.u32 [never]` in `reader2`); the view does too, and
// their costs are exact. Before, clang's optimizer took the initializer 0
// for the value, removed the loads, and the records were not located.
// RUN: %lint %s --block-dim=128 --kernel-jobs=1 --report=all --format=json | FileCheck %s
// RUN: %lint %s --block-dim=128 --kernel-jobs=1 --report=all --verify=jit 2>&1 | FileCheck %s --check-prefix=JIT

static __device__ unsigned counter;
static __device__ unsigned never; // written by the host only
__global__ void reader(unsigned *out) { out[threadIdx.x] = counter + never; }
// CHECK: "ld.global.b32 +0"
// CHECK: "exact": true,
// CHECK-NEXT: "expr": "global load 'counter'",
// CHECK: "ld.global.b32 +0"
// CHECK: "exact": true,
// CHECK-NEXT: "expr": "global load 'never'",
// JIT: :[[@LINE-7]]:60: remark: global load 'counter': 1 sector {{.*}} exact; confirmed
// JIT: :[[@LINE-8]]:70: remark: global load 'never': 1 sector {{.*}} exact; confirmed

// Fifteen kernels that fill the rest of reader's group.
template <int S> __global__ void filler(float *o) { o[threadIdx.x * S] = 0; }
template __global__ void filler<1>(float *);
template __global__ void filler<2>(float *);
template __global__ void filler<3>(float *);
template __global__ void filler<4>(float *);
template __global__ void filler<5>(float *);
template __global__ void filler<6>(float *);
template __global__ void filler<7>(float *);
template __global__ void filler<8>(float *);
template __global__ void filler<9>(float *);
template __global__ void filler<10>(float *);
template __global__ void filler<11>(float *);
template __global__ void filler<12>(float *);
template __global__ void filler<13>(float *);
template __global__ void filler<14>(float *);
template __global__ void filler<15>(float *);

// The 17th kernel: the second group.
__global__ void writer() {
  if (threadIdx.x == 0)
    counter += 1;
}
// JIT: note: verified on cpu (jit): {{.*}} 0 refuted
