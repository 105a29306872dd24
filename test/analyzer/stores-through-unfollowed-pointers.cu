// A store through a pointer the analysis does not follow in every active
// lane may write any local whose address is taken: none of them is known
// after it (`c ? &v : &w` named only w; `c ? &v : g` only g; a pointer member set by a
// constructor not followed named nothing: both left a stale local and a
// wrong exact count). Locals whose address is never taken keep their value.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__global__ void either(float *out, int n) {
  int v = 0, w = 0;
  int *p = n > 0 ? &v : &w;
  *p = 1;
  out[w + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value {{.*}}written through a pointer not followed
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value may be written through a pointer not followed
}
// A local's address joined with a global pointer (`n > 0 ? &v : g`, or
// `p = g; if (n > 0) p = &v;`) named only the global: the store through it
// left v stale and out[v + threadIdx.x] "4 sectors, exact" (5 when n > 0).
__global__ void local_or_global(int *g, float *out, int n) {
  int v = 0;
  int *p = n > 0 ? &v : g;
  *p = 1;
  // CHECK: :[[@LINE-1]]:3: remark: global store '*p' not analyzed: address not known in every active lane
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value may be written through a pointer not followed
}
__global__ void local_or_global_if(int *g, float *out, int n) {
  int v = 0;
  int *p = g;
  if (n > 0)
    p = &v;
  *p = 1;
  // CHECK: :[[@LINE-1]]:3: remark: global store '*p' not analyzed: address not known in every active lane
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value may be written through a pointer not followed
}
struct PP {
  int *ptr;
  __device__ PP(int *q);
};
__global__ void member(float *out) {
  int v = 0;
  PP p(&v);
  *p.ptr = 1;
  // CHECK: :[[@LINE-1]]:3: remark: global store '*p.ptr' not analyzed: {{.*}}
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value may be written through a pointer not followed
}
// A scattered store into a global array: 'base' is never address-taken.
__global__ void scatter(float *out, const int *idx) {
  int base = blockIdx.x * 32;
  out[idx[threadIdx.x]] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: {{.*}}
  // CHECK: :[[@LINE-2]]:7: remark: global load 'idx[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  out[base + threadIdx.x] = 1;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
