// C's '/' and '%' truncate toward zero. A dividend whose sign depends on an
// unknown (256*blockIdx.x + threadIdx.x - 1 is -1 in lane 0 of block 0 and
// 255 elsewhere) has no single result in that lane: never "exact".
// RUN: %lint %s --block-dim=256 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__global__ void rem_below_zero(const float* in, float* out) {
  int i = blockIdx.x * 256 + threadIdx.x - 1;
  out[threadIdx.x] = in[i % 32];
}
// Block 0, warp 0: lane 0 reads in[-1] (bytes -4..-1, the sector below),
// lanes 1..31 in[0..30]: 5 sectors; any other block: lane 0 reads in[31].
// CHECK: :[[@LINE-4]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: :[[@LINE-5]]:22: remark: global load 'in[...]' not analyzed: the sign of the dividend is not known in every lane

__global__ void div_below_zero(const float* in, float* out) {
  int i = blockIdx.x * 256 + threadIdx.x - 1;
  out[threadIdx.x] = in[(i / 2) * 32];
}
// CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: :[[@LINE-3]]:22: remark: global load 'in[...]' not analyzed: the sign of the dividend is not known in every lane

// Non-negative dividends keep their exact result: lane k reads in[k].
__global__ void rem_non_negative(const float* in, float* out) {
  int i = blockIdx.x * 256 + threadIdx.x;
  out[threadIdx.x] = in[i % 32];
}
// CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: :[[@LINE-3]]:22: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
