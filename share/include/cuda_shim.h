/* cuda-coalesce-lint's minimal CUDA declarations.
 *
 * Used with -nocudainc -nocudalib when no CUDA installation is present
 * (--cuda-path=none, and the hermetic lit tests). It declares just what
 * kernels and their launches need to parse: the attribute macros, the builtin
 * index variables (from clang's own header), dim3, the launch-configuration
 * functions clang looks up for <<<...>>>, vector types, half types, and the
 * intrinsics the analyzer models. Written for this project after the shape of
 * clang's SemaCUDA test inputs.
 */
#ifndef CUDA_COALESCE_LINT_SHIM_H
#define CUDA_COALESCE_LINT_SHIM_H
// The CUDA headers' stand-in: a system header, as theirs are (its
// functions are builtins for the analysis, not project code to inline).
#pragma clang system_header
/* A system header, as the CUDA headers it stands for: the analysis and the
 * --verify=cpu runtime model its intrinsics by name, not by their bodies. */
#pragma clang system_header

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict

#include "__clang_cuda_builtin_vars.h"
#include <stdlib.h> /* clang's cuda_wrappers (<new>) expect malloc and free */

typedef __SIZE_TYPE__ size_t;

struct dim3 {
  unsigned x, y, z;
  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1,
                                     unsigned z = 1)
      : x(x), y(y), z(z) {}
};

struct uint3 { unsigned x, y, z; };
struct int3 { int x, y, z; };
/* What clang's __clang_cuda_runtime_wrapper.h defines for the builtin index
   variables: `uint3 t = threadIdx; dim3 b = blockDim;`. */
#define CCL_BUILTIN_CONV(V)                                                   \
  __device__ inline __cuda_builtin_##V##_t::operator dim3() const {           \
    return dim3(x, y, z);                                                      \
  }                                                                            \
  __device__ inline __cuda_builtin_##V##_t::operator uint3() const {          \
    return {x, y, z};                                                          \
  }
CCL_BUILTIN_CONV(threadIdx)
CCL_BUILTIN_CONV(blockIdx)
CCL_BUILTIN_CONV(blockDim)
CCL_BUILTIN_CONV(gridDim)
#undef CCL_BUILTIN_CONV

typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0,
                      cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 grid, dim3 block,
                                           size_t shmem = 0,
                                           cudaStream_t stream = 0);
enum cudaMemcpyKind {
  cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost,
  cudaMemcpyDeviceToDevice, cudaMemcpyDefault
};
extern "C" cudaError_t cudaMalloc(void **p, size_t n);
template <typename T> cudaError_t cudaMalloc(T **p, size_t n) {
  return cudaMalloc((void **)p, n);
}
extern "C" cudaError_t cudaFree(void *p);
extern "C" cudaError_t cudaMemcpy(void *d, const void *s, size_t n,
                                  cudaMemcpyKind k);
extern "C" cudaError_t cudaMemset(void *p, int v, size_t n);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" const char *cudaGetErrorString(cudaError_t e);
#define cudaSuccess 0

#define CCL_VEC2(T, N, A) struct __align__(A) N { T x, y; };
#define CCL_VEC4(T, N, A) struct __align__(A) N { T x, y, z, w; };
CCL_VEC2(char, char2, 2)
CCL_VEC4(char, char4, 4)
CCL_VEC2(unsigned char, uchar2, 2)
CCL_VEC4(unsigned char, uchar4, 4)
CCL_VEC2(short, short2, 4)
CCL_VEC4(short, short4, 8)
CCL_VEC2(unsigned short, ushort2, 4)
CCL_VEC4(unsigned short, ushort4, 8)
CCL_VEC2(int, int2, 8)
CCL_VEC4(int, int4, 16)
CCL_VEC2(unsigned, uint2, 8)
CCL_VEC4(unsigned, uint4, 16)
CCL_VEC2(float, float2, 8)
CCL_VEC4(float, float4, 16)
CCL_VEC2(double, double2, 16)
CCL_VEC2(long long, longlong2, 16)
struct float3 { float x, y, z; };
#undef CCL_VEC2
#undef CCL_VEC4

struct __align__(2) __half { unsigned short __x; };
struct __align__(4) __half2 { __half x, y; };
struct __align__(2) __nv_bfloat16 { unsigned short __x; };
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __half half;
typedef __half2 half2;

__device__ void __syncthreads(void);
__device__ inline void __syncwarp(unsigned mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}
__device__ inline void __threadfence(void) { __nvvm_membar_gl(); }

/* The intrinsics have bodies (clang's NVVM builtins, or plain C) so that
 * --verify=jit can run hermetic kernels too; the analyzer models them by
 * name and does not read these bodies. */
__device__ inline int atomicAdd(int *p, int v) {
  return __nvvm_atom_add_gen_i(p, v);
}
__device__ inline unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}
__device__ inline unsigned long long atomicAdd(unsigned long long *p,
                                               unsigned long long v) {
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p,
                                                    (long long)v);
}
__device__ inline float atomicAdd(float *p, float v) {
  return __nvvm_atom_add_gen_f(p, v);
}
__device__ inline double atomicAdd(double *p, double v) {
  return __nvvm_atom_add_gen_d(p, v);
}
__device__ inline int atomicMax(int *p, int v) {
  return __nvvm_atom_max_gen_i(p, v);
}
__device__ inline int atomicMin(int *p, int v) {
  return __nvvm_atom_min_gen_i(p, v);
}
__device__ inline int atomicExch(int *p, int v) {
  return __nvvm_atom_xchg_gen_i(p, v);
}
__device__ inline int atomicCAS(int *p, int c, int v) {
  return __nvvm_atom_cas_gen_i(p, c, v);
}

template <typename T> __device__ inline T __ldg(const T *p) { return *p; }
// Clang's CUDA headers define these with inline PTX; here, plain accesses.
template <typename T> __device__ inline T __ldcs(const T *p) { return *p; }
template <typename T> __device__ inline T __ldcg(const T *p) { return *p; }
template <typename T> __device__ inline T __ldcv(const T *p) { return *p; }
template <typename T> __device__ inline void __stwt(T *p, T v) { *p = v; }

__device__ inline int min(int a, int b) { return a < b ? a : b; }
__device__ inline int max(int a, int b) { return a > b ? a : b; }
__device__ inline unsigned umin(unsigned a, unsigned b) {
  return a < b ? a : b;
}
__device__ inline unsigned umax(unsigned a, unsigned b) {
  return a > b ? a : b;
}
__device__ inline float sqrtf(float x) { return __builtin_sqrtf(x); }
__device__ inline float expf(float x) { return __builtin_expf(x); }

/* Shuffles move a value of any size as 32-bit words. */
#define CCL_SHFL(NAME, ARG_T, BUILTIN, CLAMP)                                 \
  template <typename T>                                                      \
  __device__ inline T NAME(unsigned mask, T v, ARG_T a, int w = 32) {        \
    int words[(sizeof(T) + 3) / 4] = {};                                     \
    __builtin_memcpy(words, &v, sizeof(T));                                  \
    for (unsigned i = 0; i < (sizeof(T) + 3) / 4; ++i)                       \
      words[i] = BUILTIN(mask, words[i], (int)a, CLAMP);                     \
    T r;                                                                     \
    __builtin_memcpy(&r, words, sizeof(T));                                  \
    return r;                                                                \
  }
CCL_SHFL(__shfl_sync, int, __nvvm_shfl_sync_idx_i32, ((32 - w) << 8) | 0x1f)
CCL_SHFL(__shfl_up_sync, unsigned, __nvvm_shfl_sync_up_i32, (32 - w) << 8)
CCL_SHFL(__shfl_down_sync, unsigned, __nvvm_shfl_sync_down_i32,
         ((32 - w) << 8) | 0x1f)
CCL_SHFL(__shfl_xor_sync, int, __nvvm_shfl_sync_bfly_i32,
         ((32 - w) << 8) | 0x1f)
#undef CCL_SHFL
__device__ inline unsigned __ballot_sync(unsigned mask, int pred) {
  return __nvvm_vote_ballot_sync(mask, pred);
}
__device__ inline int __any_sync(unsigned mask, int pred) {
  return __nvvm_vote_any_sync(mask, pred);
}
__device__ inline int __all_sync(unsigned mask, int pred) {
  return __nvvm_vote_all_sync(mask, pred);
}
__device__ inline unsigned __activemask(void) { return __nvvm_activemask(); }
__device__ inline int __mul24(int a, int b) {
  return ((a << 8) >> 8) * ((b << 8) >> 8);
}
__device__ inline unsigned __umul24(unsigned a, unsigned b) {
  return (a & 0xffffffu) * (b & 0xffffffu);
}
__device__ inline int __popc(unsigned x) { return __builtin_popcount(x); }
__device__ inline int __ffs(int x) { return __builtin_ffs(x); }
__device__ inline int __clz(int x) {
  return x ? __builtin_clz((unsigned)x) : 32;
}
__device__ inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned long long b = ((unsigned long long)y << 32) | x, r = 0;
  for (int i = 0; i < 4; ++i)
    r |= ((b >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return (unsigned)r;
}
extern "C" __device__ void *memcpy(void *d, const void *s, size_t n);

/* A minimal cooperative_groups: the group types and the calls the analyzer
 * models (by name; it does not read these bodies, which are for
 * --verify=jit). A grid-wide sync is declared only: blocks run one after
 * another on the CPU, so a kernel that calls it is not run. */
namespace cooperative_groups {
namespace ccl_detail {
__device__ inline unsigned linear_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline unsigned block_threads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
} // namespace ccl_detail
class thread_group {
public:
  unsigned tile_ = 0; /* 0: the whole block */
  __device__ unsigned long long thread_rank() const {
    return tile_ ? ccl_detail::linear_tid() % tile_ : ccl_detail::linear_tid();
  }
  __device__ unsigned long long size() const {
    return tile_ ? tile_ : ccl_detail::block_threads();
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ void sync() const {
    if (tile_)
      __syncwarp();
    else
      __syncthreads();
  }
};
class thread_block : public thread_group {
public:
  __device__ unsigned thread_rank() const { return ccl_detail::linear_tid(); }
  __device__ unsigned size() const { return ccl_detail::block_threads(); }
  __device__ unsigned num_threads() const { return size(); }
  __device__ dim3 group_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ dim3 dim_threads() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  __device__ dim3 group_dim() const { return dim_threads(); }
};
class grid_group : public thread_group {
public:
  __device__ unsigned long long block_rank() const {
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * ccl_detail::block_threads() +
           ccl_detail::linear_tid();
  }
  __device__ unsigned long long size() const {
    return num_blocks() * ccl_detail::block_threads();
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ dim3 block_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ dim3 dim_blocks() const {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
  __device__ void sync() const;
};
template <unsigned Size, typename ParentT = void>
class thread_block_tile : public thread_group {
public:
  __device__ thread_block_tile() { tile_ = Size; }
  template <typename P>
  __device__ thread_block_tile(const thread_block_tile<Size, P> &) {
    tile_ = Size;
  }
  __device__ unsigned thread_rank() const {
    return ccl_detail::linear_tid() % Size;
  }
  __device__ unsigned size() const { return Size; }
  __device__ unsigned num_threads() const { return Size; }
  __device__ unsigned meta_group_rank() const {
    return ccl_detail::linear_tid() / Size;
  }
  __device__ unsigned meta_group_size() const {
    return (ccl_detail::block_threads() + Size - 1) / Size;
  }
  template <typename T> __device__ T shfl(T v, int src) const {
    return __shfl_sync(0xffffffffu, v, src, Size);
  }
  template <typename T> __device__ T shfl_up(T v, unsigned d) const {
    return __shfl_up_sync(0xffffffffu, v, d, Size);
  }
  template <typename T> __device__ T shfl_down(T v, unsigned d) const {
    return __shfl_down_sync(0xffffffffu, v, d, Size);
  }
  template <typename T> __device__ T shfl_xor(T v, unsigned m) const {
    return __shfl_xor_sync(0xffffffffu, v, (int)m, Size);
  }
  __device__ unsigned ballot(int pred) const {
    unsigned b = __ballot_sync(0xffffffffu, pred);
    return Size >= 32 ? b
                      : (b >> (ccl_detail::linear_tid() % 32 / Size * Size)) &
                            ((1u << Size) - 1);
  }
  __device__ int any(int pred) const { return ballot(pred) != 0; }
  __device__ int all(int pred) const {
    return ballot(pred) == (Size >= 32 ? 0xffffffffu : (1u << Size) - 1);
  }
};
__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline grid_group this_grid() { return grid_group(); }
template <unsigned Size, typename ParentT>
__device__ inline thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &) {
  return thread_block_tile<Size, ParentT>();
}
__device__ inline thread_group tiled_partition(const thread_group &,
                                               unsigned tilesz) {
  thread_group g;
  g.tile_ = tilesz;
  return g;
}
template <typename G> __device__ inline void sync(const G &g) { g.sync(); }
template <typename T> struct plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};
template <typename G, typename T, typename Op>
__device__ inline T reduce(const G &g, T v, Op op) {
  for (unsigned i = g.size() / 2; i > 0; i /= 2)
    v = op(v, g.shfl_xor(v, i));
  return v;
}
} // namespace cooperative_groups

#endif
