// --verify=jit without a CUDA installation: the hermetic shim's shuffles,
// votes and cooperative groups have bodies (clang's NVVM builtins), so these
// kernels run on the CPU in CI too (test/verify/jit-device-code.cu does the
// same with the real CUDA headers). The shuffled values are addresses here,
// so a wrong shuffle would show as a refutation.
// RUN: %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable" --implicit-check-not="not verified"
namespace cg = cooperative_groups;

__global__ void shuffled(float *out) {
  int j = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 1);
  int b = __shfl_sync(0xffffffffu, (int)threadIdx.x * 3, 2);
  out[j * 2] = 1.0f;
  out[b + threadIdx.x] = 2.0f;
}
// CHECK: :[[@LINE-3]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
// CHECK: :[[@LINE-4]]:3: note: confirmed: measured 8 sectors (ideal 4) over 8 warp requests
// CHECK: :[[@LINE-4]]:3: remark: global store 'out[...]': 5 sectors {{.*}}; confirmed: measured 5 sectors (ideal 4) over 8 warp requests

__global__ void groups(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float s[128];
  s[block.thread_rank()] = in[block.thread_rank() * 2];
  block.sync();
  float v = s[127 - block.thread_rank()];
  v = cg::reduce(warp, v, cg::plus<float>());
  unsigned lead = warp.shfl(warp.thread_rank(), 0);
  if (warp.any(warp.thread_rank() == 5))
    out[lead + warp.meta_group_rank() * 64 + warp.thread_rank()] = v;
}
// CHECK: :[[@LINE-8]]:3: remark: shared store 's[...]': 1 wavefront {{.*}}; confirmed
// CHECK: :[[@LINE-9]]:28: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
// CHECK: :[[@LINE-10]]:28: note: confirmed: measured 8 sectors (ideal 4) over 16 warp requests
// CHECK: :[[@LINE-9]]:13: remark: shared load 's[...]': 1 wavefront {{.*}}; confirmed
// CHECK: :[[@LINE-6]]:5: remark: global store 'out[...]': 4 sectors {{.*}}; confirmed: measured 4 sectors (ideal 4) over 16 warp requests

void launch(float *f, float *o) {
  shuffled<<<2, 64>>>(f);
  groups<<<1, 128>>>(f, o);
}
// CHECK: note: verified on cpu (jit): {{[0-9]+}} predictions compared with measurements: {{[0-9]+}} confirmed, 0 refuted
