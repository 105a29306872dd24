// A look-alike of an LLM KV-cache write path, written for this project:
// a paged key cache laid out [blocks, heads, head_size/x, block_size, x] and
// a value cache [blocks, heads, head_size, block_size], filled through a
// vectorized copy helper that takes a per-element functor, and a
// token-major ("NHD") variant. The kernels are templates that this file never
// instantiates: --assume gives their type and value parameters.
//
// bf16 data, head_size 128, block_size 16, x = 8, 8 heads, 128 threads:
//   key   load  : lane k reads 16 bytes at 16*k     -> 16 sectors, ideal 16
//   key   store : lane k writes 16 bytes at 256*k   -> 32 sectors, ideal 16
//   value load  : lane k reads 2 bytes at 16*k      -> 16 sectors, ideal 2
//   value store : lane k writes 2 bytes at 256*k    -> 32 sectors, ideal 2
//
// RUN: %lint %s --format=json --report=all --block-dim=128 \
// RUN:   --assume=elem_t=__nv_bfloat16 --assume=store_t=__nv_bfloat16 --assume=kMode=CacheMode::kPlain \
// RUN:   --assume=head_size=128 --assume=block_size=16 --assume=x=8 --assume=num_heads=8 \
// RUN:   --assume=key_stride=1024 --assume=value_stride=1024 --assume=page_stride=1024 \
// RUN:   | %python %S/check_kv_cache.py
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <stdint.h>

namespace kv {

enum class CacheMode { kPlain, kScaled };

template <typename T, int N>
struct alignas(sizeof(T) * N) Pack {
  T v[N];
};

// Converts one element; the scale matters only in kScaled mode.
template <typename Dst, typename Src, CacheMode kMode>
struct StoreElem {
  float scale;
  __device__ void operator()(Dst& out, const Src in) const {
    if constexpr (kMode == CacheMode::kPlain) {
      out = in;
    } else {
      out = in;  // a real kernel would scale here
    }
  }
};

template <int N, typename Src, typename Dst, typename Op>
struct PackOp {
  Op elem;
  __device__ void operator()(Pack<Dst, N>& out, const Pack<Src, N>& in) const {
#pragma unroll
    for (int j = 0; j < N; ++j)
      elem(out.v[j], in.v[j]);
  }
};

// Copies len elements, thread tid taking every stride-th pack of N; falls
// back to element by element when the pointers are not pack-aligned.
template <int N, typename Src, typename Dst, typename Op>
__device__ void copy_packed(const Src* src, Dst* dst, int len, int tid,
                            int stride, Op op) {
  uintptr_t a = reinterpret_cast<uintptr_t>(src);
  uintptr_t b = reinterpret_cast<uintptr_t>(dst);
  bool packed = (a % (N * sizeof(Src))) == 0 && (b % (N * sizeof(Dst))) == 0 &&
                len % N == 0;
  if (packed) {
    const Pack<Src, N>* ps = reinterpret_cast<const Pack<Src, N>*>(src);
    Pack<Dst, N>* pd = reinterpret_cast<Pack<Dst, N>*>(dst);
    PackOp<N, Src, Dst, Op> pop{op};
    for (int i = tid; i < len / N; i += stride) {
      Pack<Dst, N> tmp;
      Pack<Src, N> in = ps[i];
      pop(tmp, in);
      pd[i] = tmp;
    }
    return;
  }
  for (int i = tid; i < len; i += stride)
    op(dst[i], src[i]);
}

template <typename elem_t, typename store_t, CacheMode kMode>
__global__ void write_paged_cache(const elem_t* key, const elem_t* value,
                                  store_t* key_cache, store_t* value_cache,
                                  const int64_t* slots, int key_stride,
                                  int value_stride, int num_heads,
                                  int head_size, int block_size, int x) {
  const int64_t token = blockIdx.x;
  const int64_t slot = slots[token];
  if (slot < 0)
    return;
  const int64_t block = slot / block_size;
  const int64_t offset = slot % block_size;
  const int chunks = head_size / x;
  const int t = threadIdx.x;
  if (t >= num_heads * chunks)
    return;
  const int head = t / chunks;
  const int chunk = t % chunks;

  const elem_t* ksrc = key + token * key_stride + head * head_size + chunk * x;
  store_t* kdst = key_cache + block * num_heads * chunks * block_size * x +
                  head * chunks * block_size * x + chunk * block_size * x +
                  offset * x;
  constexpr int N = sizeof(elem_t) == 2 ? 8 : 4;
  StoreElem<store_t, elem_t, kMode> op{1.0f};
  copy_packed<N>(ksrc, kdst, x, 0, 1, op);

  const elem_t* vsrc = value + token * value_stride + head * head_size + chunk * x;
  store_t* vdst = value_cache + block * num_heads * head_size * block_size +
                  head * head_size * block_size + chunk * x * block_size + offset;
#pragma unroll
  for (int i = 0; i < x; ++i)
    op(vdst[i * block_size], vsrc[i]);
}

// Token-major layout: each token's heads are contiguous in the cache page.
template <typename elem_t, typename store_t, CacheMode kMode>
__global__ void write_token_major(const elem_t* key, store_t* key_cache,
                                  const int64_t* slots, int key_stride,
                                  int page_stride, int num_heads,
                                  int head_size) {
  const int64_t token = blockIdx.x;
  const int64_t slot = slots[token];
  if (slot < 0)
    return;
  const elem_t* src = key + token * key_stride;
  store_t* dst = key_cache + slot * page_stride;
  constexpr int N = sizeof(elem_t) == 2 ? 8 : 4;
  StoreElem<store_t, elem_t, kMode> op{1.0f};
  copy_packed<N>(src, dst, num_heads * head_size, threadIdx.x, blockDim.x, op);
}

} // namespace kv
