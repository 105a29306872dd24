// With the real CUDA headers (cuda_runtime.h, CCCL in include/cccl).
// REQUIRES: cuda
// RUN: %lint-cuda %s | FileCheck %s --implicit-check-not=warning:
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda/std/cstdint>
__global__ void k(const __half2* in, float4* out, cuda::std::int32_t stride) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = __low2float(in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x].x = tile[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[threadIdx.x].x' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:24: warning: shared load 'tile[...][...]' has a 32-way bank conflict
}
int main() {
  k<<<1, dim3(32, 32)>>>(nullptr, nullptr, 1);
  cudaDeviceSynchronize();
}
