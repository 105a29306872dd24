// --verify=jit: pow(x, n) with an integer n becomes libdevice's
// __nv_powif/__nv_powi, which the JIT runtime defines (Rodinia myocyte's
// kernels did not link without them: "Symbols not found: [ powif, powi ]").
// CUDA's powf(float, int) and pow(double, int) call them; here directly
// (the hermetic shim has no math header).
// RUN: %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable"
extern "C" __device__ float __nv_powif(float, int);
extern "C" __device__ double __nv_powi(double, int);
__global__ void k(const float *in, float *out, const double *d, double *o, int n) {
  int t = threadIdx.x;
  out[t] = __nv_powif(in[t], n);
  o[t] = __nv_powi(d[t], n);
}
void h(float *a, double *b, int n) { k<<<1, 32>>>(a, a, b, b, n); }
// CHECK: note: verified on cpu (jit): 4 predictions compared with measurements: 4 confirmed, 0 refuted
