// A matrix transpose three ways: the bundled example of cuda-coalesce-lint.
//
//   build/bin/cuda-coalesce-lint examples/transpose.cu
//
// transpose_naive writes down a column of the output (uncoalesced),
// transpose_tiled stages through shared memory but reads the tile by column
// (a 32-way bank conflict), transpose_padded fixes that with one extra column.
#include <cuda_runtime.h>

constexpr int N = 4096;

__global__ void transpose_naive(const float* in, float* out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * N + (y + j)] = in[(y + j) * N + x];
}

__global__ void transpose_tiled(const float* in, float* out) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_padded(const float* in, float* out) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, sizeof(float) * N * N);
  cudaMalloc(&out, sizeof(float) * N * N);
  dim3 grid(N / 32, N / 32), block(32, 8);
  transpose_naive<<<grid, block>>>(in, out);
  transpose_tiled<<<grid, block>>>(in, out);
  transpose_padded<<<grid, block>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
}
