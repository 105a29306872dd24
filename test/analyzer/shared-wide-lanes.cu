// Shared accesses wider than 16 bytes per lane: a phase of 8 lanes moves
// 8 * 32 = 256 bytes, two wavefronts of 128 bytes with no bank conflict.
// A full warp of 32-byte elements: 32 * 32 / 128 = 8 wavefronts, ideal 8.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning:
struct __align__(16) my_double4 { double x, y, z, w; };
__global__ void wide(my_double4* out, const my_double4* in) {
  __shared__ my_double4 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: shared store 's[...]': 8 wavefronts (ideal 8, 1-way), lane k writes byte 32*k, exact
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: :[[@LINE-1]]:22: remark: shared load 's[...]': 8 wavefronts (ideal 8, 1-way), lane k reads byte 32*k, exact
  // Stride of two elements: each phase of 8 lanes spans 512 bytes, every
  // bank holds 4 of its words: 4 wavefronts per phase, 16 in all.
  out[threadIdx.x] = s[(threadIdx.x * 2) % 32];
  // CHECK: :[[@LINE-1]]:22: warning: shared load 's[...]' has a 2-way bank conflict: 16 wavefronts per warp request (ideal 8)
}
