// Host code that clang could not type (cuda-samples
// streamOrderedAllocationIPC.cu: a container of a type from a missing
// header, then a launch): the launch sites are still collected, the
// expression with errors is skipped (it crashed the launch-site search),
// and the kernel is analyzed; the file has errors: exit status 2.
// RUN: not %lint %s > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: FileCheck %s --check-prefix=ERR < %t.err
template <class T> struct vec { vec(int) {} };
struct S { int n; };
__global__ void k(int *p) { p[threadIdx.x * 2] = 0; }
// CHECK: :[[@LINE-1]]:29: warning: global store 'p[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
void host(S *s, int t) {
  vec<MissingType> v(s->n);
  k<<<1, t>>>(0);
}
// ERR: :[[@LINE-3]]:7: error: use of undeclared identifier 'MissingType'
// ERR: host-recovery-launch.cu: 1 accesses in 1 kernel: 1 flagged, 0 not analyzable; the file has compile errors (1 kernel analyzed anyway)
