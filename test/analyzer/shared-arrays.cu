// Multi-dimensional __shared__ arrays, extern __shared__ buffers, 2-D blocks
// narrower than 32 (several rows per warp).
// RUN: %lint %s --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void transpose(const float* in, float* out, int w) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 1024 + x];
  // CHECK: :[[@LINE-1]]:3: remark: shared store 'tile[...][...]': 1 wavefront (ideal 1, 1-way), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:36: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  __syncthreads();
  out[y * 1024 + x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:23: remark: shared load 'tile[...][...]': 1 wavefront (ideal 1, 1-way), lane k reads byte 132*k, exact
}
__global__ void dynamic(float* out) {
  extern __shared__ float buf[];
  buf[threadIdx.x * 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: shared store 'buf[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k [cuda-shared-bank-conflict]
  out[threadIdx.x] = buf[threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:22: remark: shared load 'buf[...]': 1 wavefront (ideal 1, 1-way), lane k reads byte 4*k, exact
}
__global__ void narrow(float* out) {
  __shared__ float s[16][16];
  s[threadIdx.y][threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: shared store 's[...][...]': 1 wavefront (ideal 1, 1-way), lane k writes byte 4*k, exact
  out[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:41: warning: shared load 's[...][...]' has an 8-way bank conflict: 8 wavefronts per warp request (ideal 1): lanes 0,1,2,3,... read bytes 0, 64, 128, 192, ... [cuda-shared-bank-conflict]
}
int main() {
  transpose<<<dim3(32, 32), dim3(32, 8)>>>(0, 0, 1024);
  dynamic<<<1, 32, 4096>>>(0);
  narrow<<<1, dim3(16, 16)>>>(0);
}
