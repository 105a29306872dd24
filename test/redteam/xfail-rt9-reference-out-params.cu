// Was known tool bug RT-9 (/work/coord/redteam-bugs.md), fixed on branch
// reach: a helper that writes the caller's local through a reference (or a
// pointer to it), or a local reference aliasing a local, now changes the
// caller's value (it kept the old one: one broadcast sector, exact and wrong,
// where the lanes read a 4x8 tile or a 12-byte stride).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Thread -> (row, col) of an 8-wide tile through out-parameters.
__device__ void thread_coords(int t, int& row, int& col) {
  row = t / 8;
  col = t % 8;
}
__global__ void tile_via_coords(const float* in, float* out) {
  int row = 0, col = 0;
  thread_coords(threadIdx.x, row, col);
  out[threadIdx.x] = in[row * 64 + col];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr=4*((tx//8)*64+tx%8)
}
//@rt-kernel tile_via_coords block=32

// An iterator-style helper that advances the caller's pointer.
__device__ void advance(const float*& ptr, int elems) { ptr += elems; }
__global__ void advanced_pointer(const float* in, float* out) {
  const float* p = in;
  advance(p, threadIdx.x * 3);
  out[threadIdx.x] = *p;
//@rt global store out B=4 addr=4*tx
//@rt global load p B=4 addr=4*3*tx
}
//@rt-kernel advanced_pointer block=32

// The same through a pointer to the caller's pointer.
__device__ void advance_pp(const float** pp, int elems) { *pp += elems; }
__global__ void advanced_pointer_pp(const float* in, float* out) {
  const float* p = in;
  advance_pp(&p, threadIdx.x * 3);
  out[threadIdx.x] = *p;
//@rt global store out B=4 addr=4*tx
//@rt global load p B=4 addr=4*3*tx
}
//@rt-kernel advanced_pointer_pp block=32

// A local reference to a local (an alias written through, then read back
// through the other name).
__global__ void local_alias(const float* in, float* out) {
  int i = threadIdx.x;
  int& r = i;
  i *= 5;
  out[threadIdx.x] = in[r];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr=4*5*tx
}
//@rt-kernel local_alias block=32

int main() {
  local_alias<<<1, 32>>>(0, 0);
  tile_via_coords<<<1, 32>>>(0, 0);
  advanced_pointer<<<1, 32>>>(0, 0);
  advanced_pointer_pp<<<1, 32>>>(0, 0);
}
