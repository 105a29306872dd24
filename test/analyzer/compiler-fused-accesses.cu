// Adjacent accesses that NVCC fuses into one vector access (checked with
// nvcc -ptx, CUDA 13.0, sm_90) are not reported as separate exact accesses:
// the unfused cost is the worst case, the fused access the best one, so the
// finding is only "possible" and its note names the fusion.
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.PiecesTogether=1 --every-site | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.PiecesTogether=1 --report=possible --every-site | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// The fields of a `const uint4 &` (cuda-samples shfl_integral_image.cuh):
// ld.global.v4.u32, 16 bytes per lane, 16 sectors for 16 ideal.
__device__ unsigned sum4(const uint4 &d) { return d.x + d.y * 3 + d.z * 5 + d.w * 7; }
__global__ void fields_of_uint4(const uint4 *p, unsigned *o) {
  o[threadIdx.x] = sum4(p[threadIdx.x]);
}
// CHECK-DAG: :[[@LINE-4]]:51: warning: global load 'd.x' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k; worst case: unless the compiler fuses it with the accesses at [[@LINE-4]]:57, [[@LINE-4]]:67, [[@LINE-4]]:77 into one 16-byte access: then 16 sectors, ideal 16 (possible: together with the accesses at
// CHECK-DAG: :[[@LINE-5]]:57: warning: global load 'd.y'{{.*}} into one 16-byte access: then 16 sectors, ideal 16 (possible: together with the accesses at
// CHECK-DAG: :[[@LINE-6]]:67: warning: global load 'd.z'{{.*}} into one 16-byte access: then 16 sectors, ideal 16 (possible: together with the accesses at
// CHECK-DAG: :[[@LINE-7]]:77: warning: global load 'd.w'{{.*}} into one 16-byte access: then 16 sectors, ideal 16 (possible: together with the accesses at

// Two halves of an `extern __shared__ float` pair (cuda-samples dwtHaar1D):
// NVCC aligns extern shared arrays to 16 bytes and emits ld.shared.v2.f32,
// 2 wavefronts for 2 ideal; unfused each is 2-way.
__global__ void pair_of_extern_shared(float *o) {
  extern __shared__ float sh[];
  unsigned t = threadIdx.x;
  sh[t] = o[t];
  sh[t + 32] = o[t + 32];
  __syncthreads();
  float a = sh[2 * t];
  float b = sh[2 * t + 1];
  // CHECK-DAG: :[[@LINE-2]]:13: warning: shared load 'sh[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k; worst case: unless the compiler fuses it with the access at [[@LINE-1]]:13 into one 8-byte access: then 2 wavefronts, ideal 2 (possible)
  // CHECK-DAG: :[[@LINE-2]]:13: warning: shared load 'sh[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k; worst case: unless the compiler fuses it with the access at [[@LINE-3]]:13 into one 8-byte access: then 2 wavefronts, ideal 2 (possible)
  o[t] = a - b;
}

// A static __shared__ float array: the PTX has two ld.shared.f32, but
// ptxas, which places the array, fuses them into one LDS.64 (sm_89 cubin,
// CUDA 13): possible, like the extern array above.
__global__ void pair_of_static_shared(float *o) {
  __shared__ float sh[64];
  unsigned t = threadIdx.x;
  sh[t] = o[t];
  sh[t + 32] = o[t + 32];
  __syncthreads();
  o[t] = sh[2 * t] - sh[2 * t + 1];
  // CHECK-DAG: :[[@LINE-1]]:10: warning: shared load 'sh[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k; worst case: unless the compiler fuses it with the access at [[@LINE-1]]:22 into one 8-byte access: then 2 wavefronts, ideal 2 (possible)
  // CHECK-DAG: :[[@LINE-2]]:22: warning: shared load 'sh[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k; worst case: unless the compiler fuses it with the access at [[@LINE-2]]:10 into one 8-byte access: then 2 wavefronts, ideal 2 (possible)
}

// The trips of an unrolled loop over a static __shared__ array (SGEMM_CUDA
// kernels 5 and 10: `regM[i] = As[... + i]`): two LDS.128 in the SASS.
__global__ void unrolled_static_shared(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = 0;
  __syncthreads();
  const unsigned r = threadIdx.x / 4;
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += s[r * 8 + i];
  // CHECK: :[[@LINE-1]]:12: warning: shared load 's[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lanes 0,1,2,3,... read bytes 0, 0, 0, 0, ...; worst case: unless the compiler fuses it with its neighbouring iterations into one 16-byte access: then 4 wavefronts, ideal 4 (possible)
  out[threadIdx.x] = acc;
}

// Adjacent only in one trip of a reduction (`sdata[i] += sdata[i + s]` at
// s = 1): the compiler sees `+ s`, not `+ 1`, and fuses nothing; the
// conflicts are certain.
__global__ void reduction_step(float *out) {
  __shared__ float sdata[64];
  unsigned t = threadIdx.x;
  sdata[t] = out[t];
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned i = 2 * s * t;
    if (i < 64)
      sdata[i] += sdata[i + s];
    // CHECK-DAG: :[[@LINE-1]]:7: warning: shared load 'sdata[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k [
    // CHECK-DAG: :[[@LINE-2]]:7: warning: shared store 'sdata[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k writes byte 8*k [
    // CHECK-DAG: :[[@LINE-3]]:19: warning: shared load 'sdata[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lane k reads byte 8*k [
    // DEFAULT-DAG: :[[@LINE-4]]:7: warning: shared load
    // DEFAULT-DAG: :[[@LINE-5]]:7: warning: shared store
    // DEFAULT-DAG: :[[@LINE-6]]:19: warning: shared load
  }
}

// A float* parameter is only known 4-byte aligned: NVCC emits two
// ld.global.f32, each 8 sectors for ideal 4 (50%): exact. Together they
// read every byte of those sectors (checks/pieces-together.cu), so the
// findings are only possible.
__global__ void pair_of_float_param(const float *p, float *o) {
  unsigned t = threadIdx.x;
  o[t] = p[2 * t] + p[2 * t + 1];
  // CHECK-DAG: :[[@LINE-1]]:10: warning: global load 'p[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k (possible: together with the access at [[@LINE-1]]:21, 8 bytes per lane, the warp moves 8 sectors for an ideal 8; the excess stays in L1 and L2) [
  // CHECK-DAG: :[[@LINE-2]]:21: warning: global load 'p[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k (possible: together with the access at [[@LINE-2]]:10, 8 bytes per lane, the warp moves 8 sectors for an ideal 8; the excess stays in L1 and L2) [
}

// ld.global.f32); each is exact.
struct S3 { float x, y, z; };
__global__ void fields_of_float3_struct(const S3 *p, float *o) {
  o[threadIdx.x] = p[threadIdx.x].x + p[threadIdx.x].y;
  // CHECK-DAG: :[[@LINE-1]]:20: warning: global load 'p[threadIdx.x].x' touches 12 sectors per warp request (ideal 4, 33.3% efficiency): lane k reads byte 12*k [
  // CHECK-DAG: :[[@LINE-2]]:39: warning: global load 'p[threadIdx.x].y' touches 12 sectors per warp request (ideal 4, 33.3% efficiency): lane k reads byte 12*k [
  // DEFAULT-DAG: :[[@LINE-3]]:20: warning: global load
  // DEFAULT-DAG: :[[@LINE-4]]:39: warning: global load
}

// Three of the four bytes of a uchar4 element (cuda-samples Mandelbrot's
// colour blend): NVCC reads them with one ld.global.v4.u8 (the unused .w
// too: a load may read the rest of an aligned chunk), so the loads are only
// "possible"; it stores .x and .y with one st.global.v2.u8 (still 4 sectors
// for 2 ideal) and .z alone (a store may not write bytes the program does
// not). The three stores together write 3 of every 4 bytes: 4 sectors for
// an ideal 3, not worth a warning, so the stores are only possible too.
__global__ void blend_uchar4(uchar4 *dst, int frame) {
  int i = blockIdx.x * 32 + threadIdx.x;
  dst[i].x = (dst[i].x * frame + 1) / (frame + 1);
  dst[i].y = (dst[i].y * frame + 2) / (frame + 1);
  dst[i].z = (dst[i].z * frame + 3) / (frame + 1);
  // CHECK-DAG: :[[@LINE-3]]:3: warning: global store 'dst[i].x'{{.*}}into one 2-byte access: then 4 sectors, ideal 2 (possible: together with the accesses at [[@LINE-2]]:3, [[@LINE-1]]:3, 3 bytes per lane, the warp moves 4 sectors for an ideal 3; the excess stays in L1 and L2) [
  // CHECK-DAG: :[[@LINE-4]]:15: warning: global load 'dst[i].x'{{.*}}unless the compiler fuses it with the accesses at [[@LINE-3]]:15, [[@LINE-2]]:15 into one 4-byte access: then 4 sectors, ideal 4 (possible
  // CHECK-DAG: :[[@LINE-4]]:3: warning: global store 'dst[i].y'{{.*}}into one 2-byte access: then 4 sectors, ideal 2 (possible
  // CHECK-DAG: :[[@LINE-5]]:15: warning: global load 'dst[i].y'{{.*}}into one 4-byte access: then 4 sectors, ideal 4 (possible
  // CHECK-DAG: :[[@LINE-5]]:3: warning: global store 'dst[i].z' touches 4 sectors per warp request (ideal 1, 25.0% efficiency): lane k writes byte 4*k (possible: together with the accesses at [[@LINE-7]]:3, [[@LINE-6]]:3, 3 bytes per lane
  // CHECK-DAG: :[[@LINE-6]]:15: warning: global load 'dst[i].z'{{.*}}into one 4-byte access: then 4 sectors, ideal 4 (possible
}

// The same loop after the warp's budget of concrete trips is spent: one
// pass for "any iteration", whose address moves 4 bytes per trip of a loop
// with constant bounds (SGEMM_CUDA kernel 10 after its outer loops): the
// compiler still unrolls and fuses it.
__global__ void generalized_unrolled(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = 0;
  __syncthreads();
  const unsigned r = threadIdx.x / 4;
  float acc = 0;
  for (int a = 0; a < 40; ++a)
    for (int b = 0; b < 60; ++b)
      acc += 1;
  for (int i = 0; i < 8; ++i)
    acc += s[r * 8 + i];
  // CHECK: :[[@LINE-1]]:12: warning: shared load 's[...]' has a 2-way bank conflict: 2 wavefronts per warp request (ideal 1): lanes 0,1,2,3,... read bytes 0, 0, 0, 0, ...; worst case over iteration(line [[@LINE-2]]); unless the compiler fuses it with its neighbouring iterations into one 16-byte access: then 4 wavefronts, ideal 4 (possible: only for some alignments or values of iteration(line [[@LINE-2]]))
  out[threadIdx.x] = acc;
}

// A 32-byte struct of four doubles copied into a static __shared__ array
// (Rodinia lavaMD): four 8-byte pieces in the PTX, two STS.128 in the SASS.
// A conflict either way (certain), but not the exact 8-byte one.
struct V4 {
  double v, x, y, z;
};
__global__ void struct_copy_to_shared(const V4 *in, double *out) {
  __shared__ V4 sh[32];
  int t = threadIdx.x;
  sh[t] = in[t];
  // CHECK: :[[@LINE-1]]:3: warning: shared store 'sh[...]' has a 4-way bank conflict: 8 wavefronts per warp request (ideal 2): lane k writes byte 32*k; worst case: unless the compiler fuses it with its other pieces into one 16-byte access: then 8 wavefronts, ideal 4 [
  // CHECK: :[[@LINE-2]]:11: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 8, 25.0% efficiency): lane k reads byte 32*k (possible: together with its other pieces
  // DEFAULT: :[[@LINE-3]]:3: warning: shared store 'sh[...]' has a 4-way bank conflict
  out[t] = sh[t].v;
  // CHECK: :[[@LINE-1]]:12: warning: shared load 'sh[t].v' has a 4-way bank conflict: 8 wavefronts per warp request (ideal 2): lane k reads byte 32*k [
  // DEFAULT: :[[@LINE-2]]:12: warning: shared load 'sh[t].v' has a 4-way bank conflict
}
// The accesses as written (--compiler=none): the fusion the analysis
// assumes without compiled code. With it, the instructions decide, except
// for static __shared__ arrays, whose PTX loads ptxas may still fuse
// (test/compiler-view/instruction-widths.cu).
