// A truncated file: clang's errors, exit 2, and the kernel that parses is
// still analyzed.
// RUN: %lint %s --report=all > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s < %t.out
__global__ void whole(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
}
// Clang's errors come first (stderr), then the findings.
// CHECK: error: expected '}'
// CHECK: warning: global load 'in[...]' touches 8 sectors per warp request
__global__ void cut(float* a) {
  a[threadIdx.x] = 0;
  a[threadIdx.x * 2
