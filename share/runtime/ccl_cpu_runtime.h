// cuda-coalesce-lint's CPU runtime: compiles a CUDA file's kernels as host
// C++ and runs them, recording the address of every instrumented access.
//
// - every CUDA thread of a block is a std::thread; __syncthreads is a real
//   barrier; blocks run one after another
// - __shared__ variables become function-local statics (one copy, shared by
//   the threads of the running block); extern __shared__ arrays are given a
//   fixed capacity by the instrumentation
// - pointer arguments point into zero-filled, 256-byte aligned arenas; an
//   instrumented access outside every arena is redirected to scratch memory
//   and reported, not executed
// - ccl::acc(site, &lvalue) records (site, block, thread, instance, address)
//   and returns the pointer it was given
//
// Used only through `cuda-coalesce-lint --verify=cpu`; written for this
// project.
#ifndef CCL_CPU_RUNTIME_H
#define CCL_CPU_RUNTIME_H

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <thread>
#include <vector>

#define __host__
#define __device__
#define __global__
#define __shared__ static
#define __constant__ static
#define __managed__
#define __forceinline__ inline
#define __noinline__
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
#define __CUDACC__ 1

struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;
#define cudaSuccess 0
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice,
                      cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice,
                      cudaMemcpyDefault };
inline cudaError_t cudaMalloc(void **p, size_t n) { *p = calloc(1, n); return 0; }
template <typename T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
inline cudaError_t cudaFree(void *p) { free(p); return 0; }
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) { memcpy(d, s, n); return 0; }
inline cudaError_t cudaMemset(void *p, int v, size_t n) { memset(p, v, n); return 0; }
inline cudaError_t cudaDeviceSynchronize() { return 0; }
inline cudaError_t cudaGetLastError() { return 0; }
inline const char *cudaGetErrorString(cudaError_t) { return ""; }

#define CCL_VEC2(T, N, A) struct alignas(A) N { T x, y; };
#define CCL_VEC4(T, N, A) struct alignas(A) N { T x, y, z, w; };
CCL_VEC2(char, char2, 2) CCL_VEC4(char, char4, 4)
CCL_VEC2(unsigned char, uchar2, 2) CCL_VEC4(unsigned char, uchar4, 4)
CCL_VEC2(short, short2, 4) CCL_VEC4(short, short4, 8)
CCL_VEC2(unsigned short, ushort2, 4) CCL_VEC4(unsigned short, ushort4, 8)
CCL_VEC2(int, int2, 8) CCL_VEC4(int, int4, 16)
CCL_VEC2(unsigned, uint2, 8) CCL_VEC4(unsigned, uint4, 16)
CCL_VEC2(float, float2, 8) CCL_VEC4(float, float4, 16)
CCL_VEC2(double, double2, 16) CCL_VEC2(long long, longlong2, 16)
struct float3 { float x, y, z; };
#undef CCL_VEC2
#undef CCL_VEC4
struct alignas(2) __half { unsigned short __x; };
struct alignas(4) __half2 { __half x, y; };
struct alignas(2) __nv_bfloat16 { unsigned short __x; };
struct alignas(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __half half;
typedef __half2 half2;

namespace ccl {
struct ThreadState {
  uint3 tid, bid;
  const char *stack_top; ///< a local of the thread's entry function
};
inline thread_local ThreadState self;
inline uint3 grid_dim, block_dim;
inline std::barrier<> *block_barrier;
inline std::mutex atomic_mutex;
} // namespace ccl

#define threadIdx (::ccl::self.tid)
#define blockIdx (::ccl::self.bid)
#define blockDim (::ccl::block_dim)
#define gridDim (::ccl::grid_dim)
#define warpSize 32

inline void __syncthreads() { ccl::block_barrier->arrive_and_wait(); }
inline void __syncwarp(unsigned = 0xffffffffu) {}
inline void __threadfence() {}
template <typename T> T atomicAdd(T *p, T v) { std::lock_guard<std::mutex> g(ccl::atomic_mutex); T o = *p; *p = o + v; return o; }
template <typename T> T atomicSub(T *p, T v) { std::lock_guard<std::mutex> g(ccl::atomic_mutex); T o = *p; *p = o - v; return o; }
template <typename T> T atomicMax(T *p, T v) { std::lock_guard<std::mutex> g(ccl::atomic_mutex); T o = *p; *p = std::max(o, v); return o; }
template <typename T> T atomicMin(T *p, T v) { std::lock_guard<std::mutex> g(ccl::atomic_mutex); T o = *p; *p = std::min(o, v); return o; }
template <typename T> T atomicExch(T *p, T v) { std::lock_guard<std::mutex> g(ccl::atomic_mutex); T o = *p; *p = v; return o; }
template <typename T> T atomicCAS(T *p, T c, T v) { std::lock_guard<std::mutex> g(ccl::atomic_mutex); T o = *p; if (o == c) *p = v; return o; }
template <typename T> T __ldg(const T *p) { return *p; }
// Warp-level intrinsics: kernels that use them are "not runnable on cpu" and
// are never launched; these declarations only let the file compile.
[[noreturn]] inline void ccl_not_runnable(const char *what) {
  fprintf(stderr, "cuda-coalesce-lint cpu runtime: %s is not supported\n", what);
  abort();
}
template <typename T> T __shfl_sync(unsigned, T, int, int = 32) { ccl_not_runnable("__shfl_sync"); }
template <typename T> T __shfl_up_sync(unsigned, T, unsigned, int = 32) { ccl_not_runnable("__shfl_up_sync"); }
template <typename T> T __shfl_down_sync(unsigned, T, unsigned, int = 32) { ccl_not_runnable("__shfl_down_sync"); }
template <typename T> T __shfl_xor_sync(unsigned, T, int, int = 32) { ccl_not_runnable("__shfl_xor_sync"); }
inline unsigned __ballot_sync(unsigned, int) { ccl_not_runnable("__ballot_sync"); }
inline int __any_sync(unsigned, int) { ccl_not_runnable("__any_sync"); }
inline int __all_sync(unsigned, int) { ccl_not_runnable("__all_sync"); }
inline unsigned __activemask() { ccl_not_runnable("__activemask"); }
using std::min;
using std::max;
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }

namespace ccl {
// ---- Memory ------------------------------------------------------------------
constexpr size_t kArenaBytes = size_t(1) << 28; // reserved, zero pages on demand
struct Arena { char *base; size_t extent = kArenaBytes; };
inline std::vector<Arena> arenas;
inline char *arena(size_t index) {
  while (arenas.size() <= index) {
    void *p = mmap(nullptr, kArenaBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) { perror("mmap"); exit(3); }
    arenas.push_back({static_cast<char *>(p)});
  }
  return arenas[index].base;
}
/// A harness spec gave the buffer a size: accesses past it are out of range.
inline void set_extent(size_t index, size_t bytes) {
  arena(index);
  arenas[index].extent = std::min(bytes, kArenaBytes);
}
inline bool in_arena(const void *p) {
  for (const Arena &a : arenas)
    if ((const char *)p >= a.base && (const char *)p < a.base + a.extent)
      return true;
  return false;
}
template <typename T>
void fill_random(T *b, unsigned long long n, double lo, double hi,
                 unsigned long long seed) {
  uint64_t x = seed * 6364136223846793005ull + 1442695040888963407ull;
  for (unsigned long long i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    double u = double(x >> 11) / double(1ull << 53);
    b[i] = (T)(lo + (hi - lo) * u);
  }
}
// The program image (statics: __shared__ and __device__ variables).
extern "C" char __executable_start, _end;
inline bool in_image(const void *p) {
  return (const char *)p >= &__executable_start && (const char *)p < &_end;
}

// ---- Trace -------------------------------------------------------------------
struct Event {
  uint32_t launch, site, block, thread, instance;
  uint64_t addr;
  uint8_t out_of_range;
};
inline std::mutex trace_mutex;
inline std::vector<Event> trace;
inline uint32_t current_launch = 0;
inline uint32_t num_sites = 0;
inline thread_local std::vector<Event> local_trace;
alignas(64) inline thread_local char scratch[4096];
inline thread_local std::vector<uint32_t> site_counts;

// Which sites are global memory (arena pointers expected): set by the
// generated launcher.
inline std::vector<uint8_t> site_is_global;

template <typename T> T *acc(uint32_t site, T *p) {
  if (site_counts.size() <= site) site_counts.resize(site + 1, 0);
  uint32_t inst = site_counts[site]++;
  uint32_t block = self.bid.x + self.bid.y * grid_dim.x +
                   self.bid.z * grid_dim.x * grid_dim.y;
  uint32_t thread = self.tid.x + self.tid.y * block_dim.x +
                    self.tid.z * block_dim.x * block_dim.y;
  bool global = site < site_is_global.size() && site_is_global[site];
  const char *c = reinterpret_cast<const char *>(p);
  bool on_stack = c <= self.stack_top + 4096 && c + (size_t(64) << 20) > self.stack_top;
  if (global && !in_arena(p)) {
    // A local reached through a reference that elsewhere points to global
    // memory is not part of the request; anything else ran past a buffer.
    if (on_stack || in_image(p))
      return p;
    local_trace.push_back({current_launch, site, block, thread, inst,
                           (uint64_t)(uintptr_t)p, 1});
    return reinterpret_cast<T *>(scratch); // do not touch memory we do not own
  }
  local_trace.push_back({current_launch, site, block, thread, inst,
                         (uint64_t)(uintptr_t)p, 0});
  return p;
}

// ---- Launch ------------------------------------------------------------------
template <typename Kernel, typename... Args>
void launch(uint32_t id, Kernel k, dim3 grid, dim3 block, Args... args) {
  current_launch = id;
  grid_dim = {grid.x, grid.y, grid.z};
  block_dim = {block.x, block.y, block.z};
  unsigned n = block.x * block.y * block.z;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx) {
        std::barrier<> bar(n);
        block_barrier = &bar;
        std::vector<std::thread> threads;
        threads.reserve(n);
        for (unsigned t = 0; t < n; ++t)
          threads.emplace_back([=] {
            char anchor;
            self.stack_top = &anchor;
            self.bid = {bx, by, bz};
            self.tid = {t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
            site_counts.clear();
            local_trace.clear();
            k(args...);
            std::lock_guard<std::mutex> g(trace_mutex);
            trace.insert(trace.end(), local_trace.begin(), local_trace.end());
          });
        for (std::thread &th : threads)
          th.join();
      }
}

inline void write_trace(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) { perror(path); exit(3); }
  for (const Event &e : trace)
    fprintf(f, "%u %u %u %u %u %llu %u\n", e.launch, e.site, e.block, e.thread,
            e.instance, (unsigned long long)e.addr, e.out_of_range);
  fclose(f);
}
} // namespace ccl

#endif
