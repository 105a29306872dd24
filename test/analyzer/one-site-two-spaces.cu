// A helper run global->shared and shared->global: each of its accesses is a
// global request in one call and a shared request in the other, and is
// reported once per memory space.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__device__ void copy(float* dst, const float* src, int i) { dst[i] = src[i]; }
// Lane k touches element 32*k (byte 128*k): 32 sectors (ideal 4) in global
// memory, word 32*k (every lane in bank 0) in shared memory: 32-way.
// CHECK-DAG: :[[@LINE-3]]:61: warning: global store 'dst[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k
// CHECK-DAG: :[[@LINE-4]]:61: warning: shared store 'dst[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k
// CHECK-DAG: :[[@LINE-5]]:70: warning: global load 'src[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k
// CHECK-DAG: :[[@LINE-6]]:70: warning: shared load 'src[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 128*k
__global__ void round_trip(const float* in, float* out) {
  __shared__ float tile[32 * 32];
  copy(tile, in, threadIdx.x * 32);
  __syncthreads();
  copy(out, tile, threadIdx.x * 32);
}
