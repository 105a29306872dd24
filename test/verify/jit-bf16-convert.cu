// REQUIRES: cuda
// cuda_bf16's __bfloat162float is inline PTX `mov.b32 %0, {0,%1}` (the
// bfloat16's bits in the high half of a float): the JIT runs it (llm.c's
// encoder, layernorm and residual kernels stopped there, not runnable).
// RUN: %lint-cuda %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not="not runnable" --implicit-check-not=REFUTED
#include <cuda_bf16.h>
__global__ void widen(float *out, const __nv_bfloat16 *in) {
  out[threadIdx.x] = __bfloat162float(in[threadIdx.x * 2]);
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact; confirmed: measured 4 sectors (ideal 4)
}
void launch(float *o, const __nv_bfloat16 *i) { widen<<<1, 32>>>(o, i); }
// CHECK: jit-bf16-convert.cu: note: verified on cpu (jit): {{[0-9]+}} predictions compared with measurements: {{[0-9]+}} confirmed, 0 refuted
