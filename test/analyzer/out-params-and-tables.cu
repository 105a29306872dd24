// Out-parameters through references get the callee's value back; range-for
// runs as the loop it stands for; const arrays with constant initializers
// are index tables read lane by lane; p == nullptr of a known pointer is
// false; pointers into one object compare by offset.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__device__ void rowcol(int t, int& row, int& col) {
  row = t / 8;
  col = t % 8;
}
__global__ void out_params(float* out) {
  int row = 0, col = 0;
  rowcol(threadIdx.x, row, col);
  out[col * 64 + row] = 0;
  // Lane k writes out[(k%8)*64 + k/8]: 8 rows of 256 bytes, 4 lanes in
  // each row's first sector; not out[0] in every lane.
  // CHECK: :[[@LINE-3]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lanes 0,1,2,3,... write bytes 0, 256, 512, 768, ... [cuda-uncoalesced-global]
}

__device__ const int kOffsets[4] = {0, 1, 64, 65};
__global__ void tables(float* out, const float* in) {
  const int local[2] = {0, 32};
  out[kOffsets[threadIdx.x % 4] + local[1]] = in[threadIdx.x];
  // Elements 32, 33, 96, 97: two sectors, 16 bytes.
  // CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 2 sectors (ideal 1, 50.0%), lanes 0,1,2,3,... write bytes 0, 4, 256, 260, ..., exact
  // CHECK: :[[@LINE-3]]:47: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
}

__global__ void range_for(float* out) {
  const int rows[3] = {0, 2, 5};
  for (int r : rows)
    out[r * 32 + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

__global__ void null_and_pointer_compare(float* out, float* mean) {
  float* end = out + 32;
  float* p = out + threadIdx.x;
  if (p < end && mean != nullptr)
    p[0] = 1;
  // CHECK: :[[@LINE-1]]:5: remark: global store 'p[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

// A local written through a pointer to it (`*pp += n`, pp = &p) gets the
// value written.
__device__ void advance_pp(const float** pp, int n) { *pp += n; }
__global__ void pointer_to_local(const float* in, float* out) {
  const float* p = in;
  advance_pp(&p, threadIdx.x * 3);
  out[threadIdx.x] = *p;
}
// CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: :[[@LINE-3]]:22: warning: global load '*p' touches 12 sectors per warp request (ideal 4, 33.3% efficiency): lane k reads byte 12*k [cuda-uncoalesced-global]
