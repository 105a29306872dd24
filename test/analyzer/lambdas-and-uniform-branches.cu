// Lambdas (captures by reference and by value) and functors passed to
// helpers; branches on warp-uniform unknowns keep every lane active inside
// the branch, so the numbers there are exact given the branch runs.
// RUN: %lint --compiler=none %s --block-dim=64 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
template <typename F>
__device__ void for_each_strided(int n, F f) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    f(i);
}
struct Scale {
  float s;
  __device__ void operator()(float& dst, float src) const { dst = src * s; }
};
__global__ void lambdas(const float* in, float* out, int n, int stride) {
  for_each_strided(n, [&](int i) { out[i] = in[i * 2]; });
  // CHECK: :12:61: warning: global store 'dst' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:36: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line {{[0-9]+}}), n
  // CHECK: :[[@LINE-3]]:45: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k; worst case over iteration(line {{[0-9]+}}), n [cuda-uncoalesced-global]
  Scale op{2.0f};
  op(out[threadIdx.x * 4], in[threadIdx.x]);
  // (The functor's store is reported at its own line, 12, listed above.)
  // CHECK: :[[@LINE-2]]:28: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
}
__global__ void uniform_branch(const float* in, float* out, int mode) {
  if (mode == 1)
    return;
  // Every lane is active here whenever the warp gets here: exact.
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:22: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  if (threadIdx.x < mode)
    out[threadIdx.x] = 0;
  // A lane-dependent unknown condition: worst case, not exact.
  // CHECK: :[[@LINE-2]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over mode
}

// A capture by value keeps the value at the lambda expression: `row` changes
// afterwards, the lambda still reads row 32*tx.
__global__ void captured_by_value(const float *in, float *out) {
  int row = threadIdx.x;
  auto load = [=](int c) { return in[row * 32 + c]; };
  // CHECK-DAG: :[[@LINE-1]]:35: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k
  row = 0;
  out[threadIdx.x] = load(0);
  // CHECK-DAG: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
