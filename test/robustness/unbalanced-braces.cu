// Unbalanced braces: errors, exit 2, no crash; what parses is analyzed.
// RUN: %lint %s > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s < %t.out
__global__ void k(float* a) {
  a[threadIdx.x * 2] = 0;
  if (threadIdx.x) {
}
// CHECK: error: function definition is not allowed here
// CHECK: warning: global store 'a[...]' touches 8 sectors per warp request
__global__ void j(float* a) { a[threadIdx.x] = 1; }
