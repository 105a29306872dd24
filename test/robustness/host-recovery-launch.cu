// Host code that clang could not type (cuda-samples
// streamOrderedAllocationIPC.cu: a container of a type from a missing
// header, then a launch): the launch sites are still collected, the
// expression with errors is skipped (it crashed the launch-site search),
// and the kernel is analyzed. The error is in a host-only function: shown
// as a warning (the device analysis does not use host code), exit status 0.
// RUN: %lint %s > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// CHECK: host-recovery-launch.cu: note: 1 error in host code ('host') shown as warnings
template <class T> struct vec { vec(int) {} };
struct S { int n; };
__global__ void k(int *p) { p[threadIdx.x * 2] = 0; }
// CHECK: :[[@LINE-1]]:29: warning: global store 'p[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
void host(S *s, int t) {
  vec<MissingType> v(s->n);
  k<<<1, t>>>(0);
}
// ERR: :[[@LINE-3]]:7: warning: use of undeclared identifier 'MissingType'
// ERR: host-recovery-launch.cu: 1 accesses in 1 kernel: 1 flagged, 0 not analyzable{{$}}
