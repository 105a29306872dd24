// The source of ncu-synthetic.csv, a source-page export written by hand in
// the layout ncu 2024.1 prints (--page source --csv --print-source cuda,sass
// --print-units base): the transpose with 32x32 blocks on a 4x4 grid, and
// two launches of strided with 64 threads on 8 blocks.
#define TILE 32

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  int n = gridDim.x * TILE;
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x]; // "row","major"
  __syncthreads();
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void strided(double *a) {
  a[threadIdx.x * 2] = 0;
}

__global__ void unprofiled(float *p) { p[threadIdx.x] = 1; }
