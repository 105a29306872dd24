/* cuda-coalesce-lint's compatibility declarations, included after the CUDA
 * headers (real or built-in) for every device-side parse.
 *
 * Clang 22's CUDA headers lack the cache-hint loads and stores below for
 * plain and vector types (nvcc has them), so code such as llm.c's
 * `__stcs(out + i, v)` does not parse, or is typo-corrected into another
 * intrinsic. Declarations are enough: the analyzer models these by name as
 * the load or store of the pointed-to memory at the call site.
 */
#ifndef CUDA_COALESCE_LINT_COMPAT_H
#define CUDA_COALESCE_LINT_COMPAT_H
#define CCL_COMPAT(T)                                                          \
  __device__ T __ldca(const T *p);                                             \
  __device__ T __ldlu(const T *p);                                             \
  __device__ void __stcs(T *p, T v);                                           \
  __device__ void __stcg(T *p, T v);                                           \
  __device__ void __stwb(T *p, T v);
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
