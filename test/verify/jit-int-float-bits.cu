// REQUIRES: cuda
// libdevice's bit casts and directed-rounding conversions that llm.c's
// stochastic rounding uses (__uint_as_float, __float_as_uint,
// __int2float_rd/ru/rz): the JIT runtime defines them (the kernel did not
// link: "Symbols not found: [ uint_as_float, ... ]").
// RUN: %lint-cuda %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not="not runnable" --implicit-check-not=REFUTED
__global__ void bits(float *out, const float *in) {
  unsigned u = __float_as_uint(in[threadIdx.x]);
  float r = __int2float_rd((int)u) + __int2float_ru((int)u) +
            __int2float_rz((int)u) + __uint_as_float(u >> 1);
  out[threadIdx.x * 2] = r;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
  // CHECK: note: confirmed: measured 8 sectors (ideal 4)
}
void launch(float *o, const float *i) { bits<<<1, 32>>>(o, i); }
