// An access the analysis cannot follow names the real cause: a pointer no
// loop changes is not "changed across the loop" when it is unknown because
// of a call the model does not know.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__device__ int opaque(int v);
__global__ void reason_of_call(const float* in, float* out, int n) {
  const float* x = in + opaque(threadIdx.x) * 32;
  for (int i = threadIdx.x; i < n; i += 32)
    out[i] = x[i];
  // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line [[@LINE-2]]), n
  // CHECK: :[[@LINE-2]]:14: remark: global load 'x[...]' not analyzed: result of 'opaque'
}

// An integer library function of warp-uniform integers is one uniform
// unknown; a user function without a body may read threadIdx itself.
__global__ void uniform_call(const float* in, float* out, unsigned n) {
  const float* x = in + __byte_perm(n, 0, 0x3210) * 32;
  out[threadIdx.x] = x[threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:22: remark: global load 'x[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  out[opaque(n) + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: result of 'opaque'
}
