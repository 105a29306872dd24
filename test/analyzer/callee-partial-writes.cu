// A helper that writes part of a caller's local object on a path it cannot
// decide (a branch on blockIdx.y, a kernel argument) forgets only the bytes
// it may have written: the other fields hold the same value on every path.
// A store whose offset is not known in every lane forgets the whole object.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
struct Loader {
  int last;
  int stride;
  __device__ void init(int n, int y) {
    if (n > 0)
      last = y * n;
    else
      last = 0;
    stride = n;
  }
};
struct Column {
  int offset;
  Loader loader;
  int slots[4];
};
__device__ void init_column(Column &c, int n) {
  c.offset = threadIdx.x * 2;
  if (blockIdx.y == 0)
    c.loader.init(n, 1);
  else
    c.loader.init(n, 2);
}
__global__ void loader_fields(float *out, int n) {
  Column c;
  init_column(c, n);
  out[c.offset] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
  out[c.loader.last + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value stored in a local object
  // `stride = n` is written after init's branch, on both paths of
  // init_column's: the object's own frame joins those (Value::join), so it
  // is n; float, 128*n + 4*k: 4 sectors whatever n.
  out[c.loader.stride * 32 + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}

// Through a pointer into the object: a store at a known element forgets
// that element; one whose element is not known (slots[m], m a kernel
// argument) forgets the whole object.
__device__ void set_slot(int *slots, int n, int m) {
  if (n > 0)
    slots[m] = 1;
}
__global__ void unknown_slot(float *out, int n, int m) {
  Column c;
  c.offset = threadIdx.x;
  c.slots[0] = 1;
  set_slot(c.slots, n, 1);
  out[c.offset + c.slots[0]] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k, exact
  set_slot(c.slots, n, m);
  out[c.offset] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value stored in a local object
}
