// Local arrays and structs are known element by element: a field of a local
// object, an element of a local array written with known values, a wrapper
// class whose operator[] returns an element of its own array (llm.c's
// Packed128), a struct passed by reference to a helper that fills it.
// RUN: %lint %s --block-dim=32 --report=all --check-option=cuda-uncoalesced-global.PiecesTogether=0 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// (Each request is judged alone: PiecesTogether=0, checks/pieces-together.cu.)
struct Column { int offset; int stride; };
__device__ void init_column(Column& c, int t) {
  c.offset = t * 2;
  c.stride = 64;
}
__global__ void fields(float* out) {
  Column c;
  init_column(c, threadIdx.x);
  out[c.offset + c.stride] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
}

__global__ void index_array(float* out, int n) {
  int offs[4] = {0, 32, 64, 96};
  if (n > 3)
    offs[1] = 7;
  out[offs[2] + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  out[offs[1] + threadIdx.x] = 0;
  // 32 or 7 depending on n, the same in every lane: one unknown value
  // (uniform-joins.cu), misaligned when 7.
  // CHECK: :[[@LINE-3]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over n, offs[1](line 21)
}

template <typename T> struct Packed {
  T payload[4];
  __device__ T& operator[](int i) { return payload[i]; }
};
__global__ void packed(Packed<int>* out, const int* idx) {
  Packed<int> p;
  for (int k = 0; k < 4; ++k)
    p[k] = k * 8;
  out[threadIdx.x + p[3]] = p;
  // Packed<int> is 16 bytes but only 4-byte aligned: four 4-byte stores
  // (redteam RT-7), each 16 sectors for an ideal 4.
  // CHECK: :[[@LINE-3]]:3: warning: global store 'out[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k writes byte 16*k [
}

// A helper writing a caller's local under a condition it cannot decide is
// not joined with the caller's paths: the element is forgotten, not taken
// from one branch.
__device__ void maybe_set(int* p, int n) {
  if (n > 0)
    *p = 64;
  else
    *p = 0;
}
__global__ void callee_undecided(float* out, int n) {
  int v[1] = {32};
  maybe_set(&v[0], n);
  out[v[0] + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value stored in a local object
}

// An element a generalized loop changes is not followed; the others are.
__global__ void loop_changed(float* out, int n) {
  int acc[2] = {0, 0};
  for (int i = 0; i < n; ++i)
    acc[0] += 1;
  out[acc[0] * 32 + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: an element of 'acc' changes across the loop at line [[@LINE-3]] in a way not followed
  out[acc[1] * 32 + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
