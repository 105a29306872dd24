// Mutually recursive device functions: analysis stops at a call depth limit,
// says so, and claims nothing exact.
// RUN: %lint %s --block-dim=32 --format=json --report=all | FileCheck %s
__device__ int odd(float* a, int n);
__device__ int even(float* a, int n) {
  a[threadIdx.x * n] = 0;
  return n == 0 ? 0 : odd(a, n - 1);
}
__device__ int odd(float* a, int n) { return even(a, n - 1); }
__global__ void k(float* a) { even(a, 3); }
// CHECK: "depends_on": [
// CHECK-NEXT: "(calls nest deeper than 12 (at 'even'; recursion?))"
// CHECK: "exact": false,
