// Unbalanced braces: errors, exit 2, no crash. The kernel whose body swallows
// the rest of the file holds the errors, so it is not analyzed: a remark
// says so and names the first error.
// RUN: %lint %s > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s < %t.out
__global__ void k(float* a) {
  a[threadIdx.x * 2] = 0;
  if (threadIdx.x) {
}
// CHECK-DAG: :[[@LINE-4]]:17: remark: kernel 'k' not analyzed: clang reported an error in it at line [[@LINE+2]] ('function definition is not allowed here')
// CHECK-DAG: error: function definition is not allowed here
__global__ void j(float* a) { a[threadIdx.x] = 1; }
