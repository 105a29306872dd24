// Code with errors inside kernels (an undeclared assert, a call with the
// wrong arguments, a constant with a broken initializer): clang's errors,
// exit 2, no crash; the accesses that still make sense are analyzed.
// RUN: not %lint %s --block-dim=32 --report=all 2>&1 | FileCheck %s
extern "C" __global__ void k(int n, float* out) {
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  assert(gtid < n);
  const int bad = undeclared_thing + 1;
  out[threadIdx.x * bad] = 0;
  out[no_such_function(threadIdx.x)] = 1;
  out[threadIdx.x * 2] = 2;
}
// CHECK: error: use of undeclared identifier 'assert'
// CHECK: warning: global store 'out[...]' touches 8 sectors per warp request
// CHECK: accesses in 1 kernel: 1 flagged, {{[0-9]+}} not analyzable; the file has compile errors
