// REQUIRES: cuda
// --verify=jit runs what clang's CUDA headers lower to NVVM: warp shuffles,
// cooperative groups (a block barrier and thread_rank), half2 arithmetic
// (inline PTX in cuda_fp16.hpp); and it measures the widths the compiler
// chose: a double3 copy is three 8-byte requests per side.
// RUN: %lint-cuda %s --block-dim=128 --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable" --implicit-check-not="not verified"
#include <cooperative_groups.h>
#include <cuda_fp16.h>
namespace cg = cooperative_groups;

__global__ void warp_sum(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  v += __shfl_down_sync(0xffffffffu, v, 1);
  out[threadIdx.x] = v;
}
// CHECK: [[@LINE-6]]:13: remark: global load 'in[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests
// CHECK: [[@LINE-3]]:3: remark: global store 'out[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests

__global__ void block_reverse(const float *in, float *out) {
  __shared__ float tile[128];
  cg::thread_block block = cg::this_thread_block();
  tile[threadIdx.x] = in[threadIdx.x];
  block.sync();
  out[block.thread_rank()] = tile[127 - threadIdx.x];
}
// CHECK: [[@LINE-4]]:3: remark: shared store 'tile[...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 16 warp requests
// CHECK: [[@LINE-5]]:23: remark: global load 'in[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests
// CHECK: [[@LINE-4]]:3: remark: global store 'out[...]'{{.*}}, exact; confirmed: measured 4 sectors (ideal 4) over 16 warp requests
// CHECK: [[@LINE-5]]:30: remark: shared load 'tile[...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 16 warp requests

__global__ void add_one(const half2 *a, half2 *o) {
  int i = threadIdx.x;
  o[i] = __hadd2(a[i], __float2half2_rn(1.0f));
}
// CHECK: [[@LINE-2]]:3: remark: global store 'o[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests
// CHECK: [[@LINE-3]]:18: remark: global load 'a[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests

__global__ void copy3(const double3 *a, double3 *b) {
  b[threadIdx.x] = a[threadIdx.x];
}
// CHECK: [[@LINE-2]]:3: warning: global store 'b[...]' touches 24 sectors per warp request (ideal 8, 33.3% efficiency)
// CHECK: [[@LINE-3]]:3: note: confirmed: measured 24 sectors (ideal 8) over 48 warp requests
// CHECK: [[@LINE-4]]:20: warning: global load 'a[...]' touches 24 sectors per warp request (ideal 8, 33.3% efficiency)
// CHECK: [[@LINE-5]]:20: note: confirmed: measured 24 sectors (ideal 8) over 48 warp requests

// libdevice's functions: the runtime's own (rsqrtf, __fdividef) or the C
// library's (expf, sinf, exp, pow).
__global__ void math(const float *in, float *out, const double *d, double *od) {
  int i = threadIdx.x;
  out[i] = expf(in[i]) + sinf(in[i]) + rsqrtf(in[i] + 1.0f) + __fdividef(in[i], 3.0f);
  od[i] = exp(d[i]) + pow(d[i], 2.0);
}
// CHECK: [[@LINE-3]]:3: remark: global store 'out[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests
// CHECK: [[@LINE-3]]:3: remark: global store 'od[...]'{{.*}}; confirmed: measured 8 sectors (ideal 8) over 16 warp requests
// CHECK: note: verified on cpu (jit): 18 predictions compared with measurements: 18 confirmed, 0 refuted
