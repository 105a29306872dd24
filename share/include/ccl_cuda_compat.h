/* cuda-coalesce-lint's compatibility definitions, included after the CUDA
 * headers (real or built-in) for every device-side parse.
 *
 * Clang 22's CUDA headers lack the cache-hint loads and stores below for
 * plain and vector types (nvcc has them; CUDA's sm_32_intrinsics.h only
 * declares them for clang), so code such as llm.c's `__stcs(out + i, v)`
 * does not parse, or calls a function no one defines: the compiler view
 * found no store instruction there and --verify=jit could not link the
 * kernel. They are defined as the plain load or store they are: the same
 * address and width as nvcc's ld.global.ca / st.global.cs, without the
 * cache hint (which changes where the line is kept, not the sectors).
 */
#ifndef CUDA_COALESCE_LINT_COMPAT_H
#define CUDA_COALESCE_LINT_COMPAT_H
// The CUDA headers' stand-in: a system header, as theirs are (its
// functions are builtins for the analysis, not project code to inline).
#pragma clang system_header
#define CCL_COMPAT(T)                                                          \
  __device__ inline T __ldca(const T *p) { return *p; }                        \
  __device__ inline T __ldlu(const T *p) { return *p; }                        \
  __device__ inline void __stcs(T *p, T v) { *p = v; }                         \
  __device__ inline void __stcg(T *p, T v) { *p = v; }                         \
  __device__ inline void __stwb(T *p, T v) { *p = v; }
CCL_COMPAT(char)
CCL_COMPAT(signed char)
CCL_COMPAT(short)
CCL_COMPAT(int)
CCL_COMPAT(long long)
CCL_COMPAT(unsigned char)
CCL_COMPAT(unsigned short)
CCL_COMPAT(unsigned int)
CCL_COMPAT(unsigned long long)
CCL_COMPAT(float)
CCL_COMPAT(double)
CCL_COMPAT(char2)
CCL_COMPAT(char4)
CCL_COMPAT(uchar2)
CCL_COMPAT(uchar4)
CCL_COMPAT(short2)
CCL_COMPAT(short4)
CCL_COMPAT(ushort2)
CCL_COMPAT(ushort4)
CCL_COMPAT(int2)
CCL_COMPAT(int4)
CCL_COMPAT(uint2)
CCL_COMPAT(uint4)
CCL_COMPAT(longlong2)
CCL_COMPAT(float2)
CCL_COMPAT(float4)
CCL_COMPAT(double2)
#undef CCL_COMPAT
#endif
