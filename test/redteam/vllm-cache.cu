// Red-team kernels in the idiom of vLLM's KV-cache kernels
// (reshape_and_cache with the x-split key layout, the flash layout written
// per warp with 16-byte vectors, copy_blocks through a pointer table,
// block-table lookups in paged attention).
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

typedef unsigned short fp16_t;

// Key cache [blocks, heads=8, head_size/x=16, block_size=16, x=8], value
// cache [blocks, heads, head_size=128, block_size=16]; one block per token.
template <int H, int D, int BS, int X>
__global__ void reshape_and_cache(const fp16_t* key, const fp16_t* value,
                                  fp16_t* key_cache, fp16_t* value_cache,
                                  const long* slot_mapping, int key_stride,
                                  int value_stride) {
  const long token_idx = blockIdx.x;
  const long slot_idx = slot_mapping[token_idx];
//@rt global load slot_mapping B=8 addr=8*bx
  if (slot_idx < 0)
    return;
  const long block_idx = slot_idx / BS;
  const long block_offset = slot_idx % BS;
  const int n = H * D;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const long src_key_idx = token_idx * key_stride + i;
    const long src_value_idx = token_idx * value_stride + i;
    const int head_idx = i / D;
    const int head_offset = i % D;
    const int x_idx = head_offset / X;
    const int x_offset = head_offset % X;
    const long tgt_key_idx = block_idx * H * (D / X) * BS * X +
                             head_idx * (D / X) * BS * X + x_idx * BS * X +
                             block_offset * X + x_offset;
    const long tgt_value_idx = block_idx * H * D * BS + head_idx * D * BS +
                               head_offset * BS + block_offset;
    key_cache[tgt_key_idx] = key[src_key_idx];
//@rt global store key_cache B=2 let.i=tx+c*bdx addr=2*((s//16)*8*16*16*8+(i//128)*16*16*8+((i%128)//8)*16*8+(s%16)*8+i%8) over.c=range(4) sym.s=range(0,40,3)
//@rt global load key B=2 addr=2*(bx*ks+tx+c*bdx) over.c=range(4) sym.ks=[1024,1028,1031,2048] sym.bx=range(0,3)
    value_cache[tgt_value_idx] = value[src_value_idx];
//@rt global store value_cache B=2 let.i=tx+c*bdx addr=2*((s//16)*8*128*16+(i//128)*128*16+(i%128)*16+s%16) over.c=range(4) sym.s=range(0,40,3)
//@rt global load value B=2 addr=2*(bx*vs+tx+c*bdx) over.c=range(4) sym.vs=[1024,1028,1031,2048] sym.bx=range(0,3)
  }
}
//@rt-kernel reshape_and_cache<8,128,16,8> block=256

// Flash layout [blocks, block_size, heads, head_size], a warp per head,
// 16-byte vectors of 8 halves.
struct __align__(16) Vec8 { fp16_t v[8]; };
template <int H, int D>
__global__ void reshape_and_cache_flash(const fp16_t* key, fp16_t* key_cache,
                                        const long* slot_mapping,
                                        long block_stride, long page_stride,
                                        int key_stride) {
  const long slot = slot_mapping[blockIdx.x];
//@rt global load slot_mapping B=8 addr=8*bx
  const long block_idx = slot / 16, block_off = slot % 16;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int h = warp; h < H; h += blockDim.x / 32) {
    const Vec8* src = reinterpret_cast<const Vec8*>(
        key + blockIdx.x * key_stride + h * D);
    Vec8* dst = reinterpret_cast<Vec8*>(key_cache + block_idx * block_stride +
                                        block_off * page_stride + h * D);
    for (int i = lane; i < D / 8; i += 32)
      dst[i] = src[i];
//@rt global store dst B=16 addr=2*((s//16)*bst+(s%16)*pst+(warp+4*r)*128)+16*lane if=lane<16 over.r=range(2) sym.s=range(0,20,3) sym.bst=[32768,32776] sym.pst=[1024,1032]
//@rt global load src B=16 addr=2*(bx*ks+(warp+4*r)*128)+16*lane if=lane<16 over.r=range(2) sym.ks=[1024,1032] sym.bx=range(0,3)
  }
}
//@rt-kernel reshape_and_cache_flash<8,128> block=128

// copy_blocks: the caches come from a table of pointers, one block pair per
// blockIdx.y; the pointers are only element aligned.
__global__ void copy_blocks(long* key_cache_ptrs, const long* block_mapping,
                            int numel_per_block) {
  const int layer_idx = blockIdx.x;
  const int pair_idx = blockIdx.y;
  fp16_t* key_cache = reinterpret_cast<fp16_t*>(key_cache_ptrs[layer_idx]);
//@rt global load key_cache_ptrs B=8 addr=8*bx
  long src_block = block_mapping[2 * pair_idx];
//@rt global load block_mapping B=8 addr=16*by
  long dst_block = block_mapping[2 * pair_idx + 1];
//@rt global load block_mapping B=8 addr=16*by+8
  for (int i = threadIdx.x; i < numel_per_block; i += blockDim.x)
    key_cache[dst_block * numel_per_block + i] =
        key_cache[src_block * numel_per_block + i];
//@rt global store key_cache at=key_cache[dst B=2 addr=base+2*(d*n+tx+bdx*r) over.r=range(2) if=tx+bdx*r<n sym.base=range(0,32,2) sym.d=range(0,2) sym.n=[300,512]
//@rt global load key_cache at=key_cache[src B=2 addr=base+2*(s*n+tx+bdx*r) over.r=range(2) if=tx+bdx*r<n sym.base=range(0,32,2) sym.s=range(0,2) sym.n=[300,512]
}
//@rt-kernel copy_blocks block=256

// Paged attention: each warp reads the physical block of its own logical
// block from the block table, then one key token per thread group of 2
// lanes, 4 bytes per lane (K_vec of two halves), x = 8.
__global__ void paged_keys(const int* block_tables, const fp16_t* k_cache,
                           float* logits, int max_blocks, long kv_block_stride,
                           int kv_head_stride) {
  const int seq_idx = blockIdx.y, head = blockIdx.x;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int* block_table = block_tables + seq_idx * max_blocks;
  const int physical = block_table[warp];
//@rt global load block_table B=4 addr=4*(by*mb+warp) sym.mb=[64,65] sym.by=range(0,3)
  const int tok = lane / 2, off = lane % 2;
  const fp16_t* k_ptr = k_cache + physical * kv_block_stride +
                        head * kv_head_stride + tok * 8;
  float qk = 0;
  for (int j = 0; j < 16; j++) {
    const int vec = off + j * 2;
    const unsigned* kv = reinterpret_cast<const unsigned*>(
        k_ptr + (vec * 2 / 8) * 16 * 8 + (vec * 2) % 8);
    qk += (float)*kv;
//@rt global load kv B=4 addr=2*(p*bst+bx*hst+(lane//2)*8+((lane%2+2*j)*2//8)*128+((lane%2+2*j)*2)%8) over.j=range(16) sym.p=range(0,3) sym.bst=[16384] sym.hst=[2048,2056] sym.bx=range(0,2)
  }
  logits[(seq_idx * 4 + warp) * 16 + tok] = qk;
//@rt global store logits B=4 addr=4*((by*4+warp)*16+lane//2)
}
//@rt-kernel paged_keys block=128

// Swapping blocks between caches: one block of 16 tokens x 1024 halves per
// blockIdx.x, copied as uint2 (8 bytes).
__global__ void swap_blocks(const uint2* src, uint2* dst, const long* mapping) {
  long s = mapping[2 * blockIdx.x], d = mapping[2 * blockIdx.x + 1];
//@rt global load mapping at=mapping[2\ *\ blockIdx.x] B=8 addr=16*bx
//@rt global load mapping at=mapping[2\ *\ blockIdx.x\ +\ 1] B=8 addr=16*bx+8
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    dst[d * 4096 + i] = src[s * 4096 + i];
//@rt global store dst B=8 addr=8*(d*4096+tx+bdx*r) over.r=range(16) sym.d=range(0,3)
//@rt global load src B=8 addr=8*(s*4096+tx+bdx*r) over.r=range(16) sym.s=range(0,3)
}
//@rt-kernel swap_blocks block=256

int main() {
  reshape_and_cache<8, 128, 16, 8><<<64, 256>>>(0, 0, 0, 0, 0, 1024, 1024);
  reshape_and_cache_flash<8, 128><<<64, 128>>>(0, 0, 0, 32768, 1024, 1024);
  copy_blocks<<<dim3(32, 16), 256>>>(0, 0, 16384);
  paged_keys<<<dim3(8, 4), 128>>>(0, 0, 0, 64, 16384, 2048);
  swap_blocks<<<16, 256>>>(0, 0, 0);
}
