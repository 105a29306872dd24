// One run for every warp of a block (analyzer/InterpWarpIndex.cpp):
// threadIdx is the lanes' values in warp 0 plus a multiple of a symbolic
// warp index w; each access of that run is replayed for every warp. The
// numbers must be exactly those of running the warps one by one
// (--warp-by-warp): the JSON reports are compared whole. A decision that
// differs between warps splits the warps into groups (each group resumes
// from the statement of the kernel body where it split off); a rule that is
// not checked for the warp index makes the kernel run warp by warp.
//
// RUN: %lint %s --block-dim=256 --block-dim=one_warp:32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %lint %s --block-dim=256 --block-dim=one_warp:32 --report=all --format=json > %t.once.json
// RUN: %lint --warp-by-warp %s --block-dim=256 --block-dim=one_warp:32 --report=all --format=json > %t.each.json
// RUN: diff %t.once.json %t.each.json
// 2-D blocks narrower than a warp: threadIdx.y is linear in w too.
// RUN: %lint %s --block-dim=16,16 --report=all --format=json > %t.once2.json
// RUN: %lint --warp-by-warp %s --block-dim=16,16 --report=all --format=json > %t.each2.json
// RUN: diff %t.once2.json %t.each2.json
// --warp-crosscheck=FILE runs both and says per kernel how it went.
// RUN: rm -f %t.log
// RUN: %lint --warp-crosscheck=%t.log %s --block-dim=256 --block-dim=one_warp:32 > /dev/null
// RUN: FileCheck %s --check-prefix=XC --input-file=%t.log
// XC-NOT: DIFFERENT

// A row per warp: the row is the warp index (tid / 32 is w, tid % 32 the
// lane), one run for all 8 warps.
// XC: SAME {{.*}}row_per_warp{{.*}}1 run(s)
__global__ void row_per_warp(float* out, const float* in, int n) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  out[warp * 32 + lane] = in[lane * 32 + warp];
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-3]]:27: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k

// `tid % 128` of a 256-thread block is no form of w (warps 0 and 4 get the
// same values): the warps split into the groups that compute the same
// (0 and 4, 1 and 5, ...), and again at `/ 128`.
// XC-NEXT: SAME {{.*}}half_block_rows{{.*}}run(s); operator '%' (4 groups)
__global__ void half_block_rows(float* out, const float* in) {
  int col = threadIdx.x % 128, half = threadIdx.x / 128;
  out[half * 128 + col] = in[col * 2 + half];
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-3]]:27: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k

// A row per warp of an unknown width: (8 * blockIdx.x + w) * n is one
// unknown product per warp (a family: each warp's own), as with the warps
// run one by one.
// XC-NEXT: SAME {{.*}}row_of_unknown_width{{.*}}1 run(s)
__global__ void row_of_unknown_width(float* out, const float* in, int n) {
  int row = blockIdx.x * 8 + threadIdx.x / 32, lane = threadIdx.x % 32;
  const float* r = in + row * n;
  out[row] = r[lane];
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), all lanes write the same address, exact
// CHECK: warp-index.cu:[[@LINE-3]]:14: remark: global load 'r[...]': 5 sectors (ideal 4, 80.0%), lane k reads byte 4*k; worst case over blockIdx.x, n

// A tree reduction: `tid < k` is decided alike in some warps and not in
// others; the warps split into groups at the loop (the statement of the
// kernel body it is in) and each group resumes there.
// XC-NEXT: SAME {{.*}}tree_reduction{{.*}}run(s); operator '<' (2 groups)
__global__ void tree_reduction(float* out, const float* in) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int k = 128; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
// CHECK: warp-index.cu:[[@LINE-10]]:3: remark: shared store 's[...]': 1 wavefront (ideal 1, 1-way), lane k writes byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-11]]:12: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-8]]:7: remark: shared load 's[...]': 1 wavefront
// CHECK: warp-index.cu:[[@LINE-9]]:7: remark: shared store 's[...]': 1 wavefront
// CHECK: warp-index.cu:[[@LINE-10]]:17: remark: shared load 's[...]': 1 wavefront
// CHECK: warp-index.cu:[[@LINE-7]]:5: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), only lane 0 is active, exact
// CHECK: warp-index.cu:[[@LINE-8]]:23: remark: shared load 's[...]': 1 wavefront (ideal 1, 1-way), only lane 0 is active, exact

// A closure made before a split keeps the warp index in its captures: the
// group of warp 0 alone resumes with w replaced by 0 in its own copy, not
// in the one the other warps' group resumes with (rows of 33 floats: each
// warp's own alignment).
// XC-NEXT: SAME {{.*}}closure_across_split{{.*}}3 run(s); operator '==' (2 groups)
__global__ void closure_across_split(float* out, const float* in) {
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  auto at = [=](int i) { return in[w * 33 + i]; };
  float s = 0;
  if (w == 0)
    s = at(lane + 32);
  out[w * 32 + lane] = s + at(lane);
}
// CHECK: warp-index.cu:[[@LINE-6]]:33: remark: global load 'in[...]': 5 sectors (ideal 4, 80.0%), lane k reads byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-3]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact

// A local array indexed by the warp index: its elements are kept by
// concrete offset, so the warps run one by one.
// XC-NEXT: ESCAPED {{.*}}local_by_warp{{.*}}a local element at an address of the warp index
__global__ void local_by_warp(float* out) {
  int table[8] = {0, 4, 8, 12, 16, 20, 24, 28};
  int w = threadIdx.x / 32;
  out[table[w] * 32 + threadIdx.x % 32] = 1.0f;
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact

// The warp's index broadcast from lane 0 (a shuffle moves the lanes'
// forms, w included): computed per warp, one run.
// XC-NEXT: SAME {{.*}}shuffle_of_warp{{.*}}1 run(s)
__global__ void shuffle_of_warp(float* out) {
  int v = __shfl_sync(0xffffffffu, (int)threadIdx.x / 32, 0);
  out[v * 32 + threadIdx.x % 32] = 1.0f;
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact

// min of the warp index and an unknown: each warp's own run splits into
// the same 33 cases (which lanes are clamped: the threshold n moves by 32
// per warp), so the run with the warp index splits once for all warps and
// each warp takes the same case.
// XC-NEXT: SAME {{.*}}min_of_warp{{.*}}1 run(s)
__global__ void min_of_warp(float* out, int n) {
  out[min((int)threadIdx.x, n)] = 1.0f;
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]'

// A split of the warps (a condition on the warp index) before such a case
// split: each group resumes after the first store, and every further run
// of the case split sends that store's events again, as a warp's own run
// from the start does.
// XC-NEXT: SAME {{.*}}min_after_split{{.*}}3 run(s); operator '==' (2 groups)
__global__ void min_after_split(float* out, const float* in, int t) {
  out[threadIdx.x] = in[threadIdx.x];
  float v = 0.0f;
  if (threadIdx.x / 32 == 1)
    v = 2.0f;
  out[min(t, (int)threadIdx.x)] = v;
}
// CHECK: warp-index.cu:[[@LINE-6]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-7]]:22: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-4]]:3: remark: global store 'out[...]'

// Two clamps that warp 0's own run cannot tell apart: its key for the
// second (threshold n - 32*w, w = 0) is the first's, so it takes the
// first's case where the run with the warp index sees another choice
// point. Not followed with the warp index: the warps run one by one.
// XC-NEXT: ESCAPED {{.*}}two_clamps{{.*}}two case splits a warp's own run takes for one
__global__ void two_clamps(float* a, int n) {
  a[min((int)threadIdx.x % 32, n)] = 0.0f;
  a[min((int)threadIdx.x, n) + 4096] = 1.0f;
}
// CHECK: warp-index.cu:[[@LINE-3]]:3: remark: global store 'a[...]'
// CHECK: warp-index.cu:[[@LINE-3]]:3: remark: global store 'a[...]'

// A clamp whose threshold is the warp index alone (the last warp's last
// lane is clamped): each warp's operands are known, it makes no case
// split; the warps that compute alike run together.
// XC-NEXT: SAME {{.*}}clamp_by_warp_alone{{.*}}9 run(s); a min or max (8 groups)
__global__ void clamp_by_warp_alone(float* out) {
  out[min((int)threadIdx.x + 1, 255)] = 1.0f;
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]'

// A memory builtin's pointer (__ldg) and an address inside a class
// assignment (an operator= call) are access events' addresses: one run.
// XC-NEXT: SAME {{.*}}builtin_pointer_of_warp{{.*}}1 run(s)
struct Pair {
  float a, b;
};
__global__ void builtin_pointer_of_warp(Pair* out, const float* in) {
  float v = __ldg(&in[threadIdx.x]);
  out[threadIdx.x] = Pair{v, v};
}
// CHECK: warp-index.cu:[[@LINE-3]]:13: remark: global load '__ldg(&in[threadIdx.x])': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
// CHECK: warp-index.cu:[[@LINE-3]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k

// A block's thread_rank is each warp's own (32*w + lane): one run.
// XC-NEXT: SAME {{.*}}block_rank_of_warp{{.*}}1 run(s)
__global__ void block_rank_of_warp(float* out) {
  cooperative_groups::thread_block b = cooperative_groups::this_thread_block();
  out[b.thread_rank()] = 1.0f;
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact

// One warp: nothing to share.
// XC-NEXT: ESCAPED {{.*}}one_warp{{.*}}block shape
__global__ void one_warp(float* out) {
  out[threadIdx.x] = 0.0f;
}
// CHECK: warp-index.cu:[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
