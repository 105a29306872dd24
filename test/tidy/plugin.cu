// The checks as a clang-tidy plugin: clang-tidy-22 --load=libCudaCoalesceLintTidy.so.
// REQUIRES: clang-tidy
// RUN: %clang-tidy -checks='-*,cuda-*' --list-checks | FileCheck %s --check-prefix=LIST
// RUN: %clang-tidy -checks='-*,cuda-*' %s -- %shim-flags 2>&1 | FileCheck %s --implicit-check-not='warning:'
// RUN: %clang-tidy -checks='-*,cuda-*' -config="{CheckOptions: {cuda-uncoalesced-global.MinEfficiency: 20}}" %s -- %shim-flags 2>&1 | FileCheck %s --check-prefix=OPT --implicit-check-not='warning:'
// LIST: cuda-shared-bank-conflict
// LIST: cuda-uncoalesced-global
// cuda-coalesce-lint: block-dim=32,8
__global__ void transpose(const float* in, float* out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:41: warning: shared load 'tile[...][...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 128*k [cuda-shared-bank-conflict]
  // OPT: :[[@LINE-2]]:41: warning: shared load 'tile[...][...]' has a 32-way bank conflict
  out[threadIdx.x * 4] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [cuda-uncoalesced-global]
  out[threadIdx.x * 4 + 1] = 1; // NOLINT(cuda-uncoalesced-global)
}
