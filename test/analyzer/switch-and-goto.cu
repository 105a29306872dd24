// Every case of a switch is analyzed (each label may be entered by any
// lane); a goto is not followed, and the kernel's numbers are then not exact.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__global__ void by_mode(float* out, int mode) {
  switch (mode) {
  case 0:
    out[threadIdx.x] = 1;
    break;
  case 1:
    out[threadIdx.x * 32] = 1;
    break;
  }
}
// CHECK: :[[@LINE-7]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over mode{{$}}
// Lane k at byte 128*k: 32 sectors for 128 bytes.
// CHECK: :[[@LINE-6]]:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency)

__global__ void jump(float* out) {
  if (threadIdx.x >= 16)
    goto skip;
  out[threadIdx.x * 2] = 1;
skip:
  out[threadIdx.x] = 2;
}
// Lanes 0..15 write bytes 8*k: 4 sectors for 64 bytes; lanes 16..31 jumped.
// Not followed: no exact number for either store.
// CHECK: :[[@LINE-6]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k; worst case: a goto at line [[@LINE-7]] is not followed
// CHECK: :[[@LINE-5]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case: a goto at line [[@LINE-8]] is not followed{{$}}
