// __launch_bounds__(N) bounds the block, it does not give its shape: the
// kernel is analyzed with N x 1 x 1, and when its addresses read the shape
// (blockDim, threadIdx.y/z, cooperative groups) the numbers are not exact
// and say which block they assume. A kernel that only uses threadIdx.x and
// constants has the same warps under any such block and stays exact.
// RUN: %lint %s --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

__device__ int flat_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void __launch_bounds__(256) via_helper(const float *in, float *out) {
  int i = flat_id();
  out[i] = in[i * 2];
  // CHECK-DAG: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over blockIdx.x; under a block of 256x1x1, the most __launch_bounds__ allows
  // CHECK-DAG: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k; worst case over blockIdx.x; under a block of 256x1x1, the most __launch_bounds__ allows
}

__global__ void __launch_bounds__(256) fixed_stride(const float *in, float *out) {
  int i = blockIdx.x * 256 + threadIdx.x;
  out[i] = in[i * 2];
  // CHECK-DAG: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK-DAG: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
}
