// Cooperative groups are modelled from what the calls mean: the block, tiles
// of N consecutive thread ranks (tiled_partition<N>, tiled_partition(g, n)),
// the grid; thread_rank, size/num_threads, meta_group_rank/size,
// thread_index/group_index, sync and reduce.
// RUN: %lint %s --block-dim=128 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %lint %s --block-dim=128 --report=all --assume=layernorm_rows:C=768 | FileCheck %s --check-prefix=C768
namespace cg = cooperative_groups;

// llm.c's layernorm_forward_kernel3: one warp per row of C floats. Only C's
// alignment decides between 4 and 5 sectors; with C = 768 every access is
// 4 sectors, exact.
__global__ void layernorm_rows(float* out, const float* inp, int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N)
    return;
  const float* x = inp + idx * C;
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size())
    sum += x[i];
  // CHECK: :[[@LINE-1]]:12: remark: global load 'x[...]': 5 sectors (ideal 4, 80.0%), lane k reads byte 4*k; worst case over C, N, blockIdx.x, iteration(line [[@LINE-2]])
  // C768: :[[@LINE-2]]:12: remark: global load 'x[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  sum = cg::reduce(warp, sum, cg::plus<float>());
  float* o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size())
    o[c] = sum;
  // CHECK: :[[@LINE-1]]:5: remark: global store 'o[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over C, N, blockIdx.x, iteration(line [[@LINE-2]])
  // C768: :[[@LINE-2]]:5: remark: global store 'o[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  if (warp.thread_rank() == 0)
    out[idx] = sum;
  // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), only lane 0 is active, exact
  // C768: :[[@LINE-2]]:5: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), only lane 0 is active, exact
}

// Block: thread_rank is the linear thread index, size the block's threads;
// thread_index and group_index are threadIdx and blockIdx.
__global__ void block_queries(float* out) {
  cg::thread_block b = cg::this_thread_block();
  out[b.group_index().x * b.size() + b.thread_rank()] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  out[b.thread_index().x * 2] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
  b.sync();
  cg::sync(b);
}

// Tiles of 8 from the block: rank t % 8, meta_group_rank t / 8; a dynamic
// tile of 16 passed to a helper as a thread_group.
__device__ void by_rank(const cg::thread_group& g, float* p) {
  p[g.thread_rank() * 32] = 0;
  // Lanes k and k + 16 write the same word; 16 words 128 bytes apart.
  // CHECK: :[[@LINE-2]]:3: warning: global store 'p[...]' touches 16 sectors per warp request (ideal 2, 12.5% efficiency): lanes 0,1,2,3,... write bytes 0, 128, 256, 384, ... [cuda-uncoalesced-global]
}
__global__ void tiles(float* out, float* other) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
  out[t8.meta_group_rank() * 8 + t8.thread_rank()] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  out[t8.meta_group_size() + t8.thread_rank()] = 0;
  // 16 + k % 8: four lanes per word, one sector.
  // CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ..., exact
  cg::thread_group t16 = cg::tiled_partition(b, 16);
  by_rank(t16, other);
}

// The grid: thread_rank is the linear block times the block's threads plus t.
__global__ void grid_rank(float* out) {
  cg::grid_group g = cg::this_grid();
  out[g.thread_rank()] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

// cg::reduce over a warp is one value per warp: uniform.
__global__ void warp_reduce(float* out, const int* in) {
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
  int s = cg::reduce(w, in[threadIdx.x], cg::plus<int>());
  // CHECK: :[[@LINE-1]]:25: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  out[s * 32 + w.thread_rank()] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
