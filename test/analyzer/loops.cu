// Loops with a known trip count run iteration by iteration (each iteration a
// separate request; the worst is reported and named). Loops whose trip count
// is unknown are generalized over the iteration number.
// RUN: %lint %s --block-dim=128 --report=all --check-option=cuda-uncoalesced-global.PiecesTogether=0 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// (Each request is judged alone: PiecesTogether=0, checks/pieces-together.cu.)
__global__ void known_trip(float* out) {
  int t = threadIdx.x;
  for (int j = 0; j < 4; ++j)
    out[t * 4 + j] = 0;
    // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [cuda-uncoalesced-global]
  for (int s = 1; s <= 16; s *= 2)
    out[t * s] = 1;
    // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 32*k [cuda-uncoalesced-global]
}
__global__ void reduce(float* out) {
  __shared__ float sdata[128];
  unsigned t = threadIdx.x;
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * t;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
      // CHECK: :[[@LINE-1]]:7: warning: shared load 'sdata[...]' has a 4-way bank conflict: 4 wavefronts per warp request (ideal 1): lane k reads byte 16*k [cuda-shared-bank-conflict]
      // CHECK: :[[@LINE-2]]:7: warning: shared store 'sdata[...]' has a 4-way bank conflict: 4 wavefronts per warp request (ideal 1): lane k writes byte 16*k [cuda-shared-bank-conflict]
      // CHECK: :[[@LINE-3]]:23: warning: shared load 'sdata[...]' has a 4-way bank conflict: 4 wavefronts per warp request (ideal 1): lane k reads byte 16*k [cuda-shared-bank-conflict]
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
    // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), only lane 0 is active, exact
    // CHECK: :[[@LINE-2]]:23: remark: shared load 'sdata[...]': 1 wavefront (ideal 1, 1-way), only lane 0 is active, exact
}
__global__ void grid_stride(const float* in, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i];
    // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over blockIdx.x, gridDim.x, iteration(line {{[0-9]+}}), n
    // CHECK: :[[@LINE-2]]:14: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k; worst case over blockIdx.x, gridDim.x, iteration(line {{[0-9]+}}), n
}
__global__ void while_loop(float* out) {
  int t = threadIdx.x, k = 0;
  while (k < 3) {
    out[t * (k + 1)] = 0;
    // CHECK: :[[@LINE-1]]:5: warning: global store 'out[...]' touches 12 sectors per warp request (ideal 4, 33.3% efficiency): lane k writes byte 12*k [cuda-uncoalesced-global]
    k++;
  }
}
