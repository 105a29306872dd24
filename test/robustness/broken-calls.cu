// Code with errors inside a kernel (an undeclared assert, a call with the
// wrong arguments, a constant with a broken initializer): clang's errors,
// exit 2, no crash. The kernel clang had to repair is not analyzed (a
// remark names its first error); the other kernels of the file are.
// RUN: not %lint %s --block-dim=32 --report=all > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: FileCheck %s --check-prefix=ERR < %t.err
extern "C" __global__ void k(int n, float* out) {
  int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  assert(gtid < n);
  const int bad = undeclared_thing + 1;
  out[threadIdx.x * bad] = 0;
  out[no_such_function(threadIdx.x)] = 1;
  out[threadIdx.x * 2] = 2;
}
// ERR: error: use of undeclared identifier 'assert'
// ERR: error: use of undeclared identifier 'undeclared_thing'
// ERR: error: use of undeclared identifier 'no_such_function'
// CHECK: :[[@LINE-11]]:28: remark: kernel 'k' not analyzed: clang reported an error in it at line [[@LINE-9]] ('use of undeclared identifier 'assert'')
__global__ void fine(float* out) { out[threadIdx.x * 2] = 2; }
// CHECK: :[[@LINE-1]]:36: warning: global store 'out[...]' touches 8 sectors per warp request
// ERR: broken-calls.cu: 1 accesses in 1 kernel: 1 flagged, 0 not analyzable; the file has compile errors (1 kernel analyzed anyway)
