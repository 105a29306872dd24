// `c ? a[i] : b[i]` reads a[i] in the lanes where c holds and b[i] in the
// others: a load per arm, each with its own lanes.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__global__ void pick(const float* a, const float* b, float* out) {
  unsigned k = threadIdx.x;
  out[k] = k < 16 ? a[k] : b[k * 32];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // Lanes 0..15 read a[0..15]: 64 bytes, 2 sectors.
  // CHECK: :[[@LINE-3]]:21: remark: global load 'a[...]': 2 sectors (ideal 2, 100.0%), active lane k reads byte 4*k (16 of 32 lanes active), exact
  // Lanes 16..31 read b[32*k]: 128 bytes apart, 16 sectors for 64 bytes.
  // CHECK: :[[@LINE-5]]:28: warning: global load 'b[...]' touches 16 sectors per warp request (ideal 2, 12.5% efficiency)
}
