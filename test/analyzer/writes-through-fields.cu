// Writes that change what a field reads (red-team style cases found while
// reaching for more of the corpus; each was reported exact with the wrong
// number before):
//  - a field of a kernel's by-value struct argument is a named unknown only
//    while the kernel never writes the argument;
//  - a reference member designates the object it is bound to (its address,
//    from an aggregate initializer), not its own storage;
//  - a write through a reference member bound where the analysis did not
//    follow (a constructor) may change any variable.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

struct Args {
  int n;
  float *p;
};

__global__ void read_only(Args a, float *out) {
  // n unknown: 4*k + 4*n, misaligned by any multiple of 4: 5 sectors.
  out[threadIdx.x + a.n] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over a.n
}

// Passing it to a const reference (or by value) does not write it.
__device__ int get_n(const Args &x) { return x.n; }
__device__ int copy_n(Args x) { return x.n; }
__global__ void passed_const(Args a, float *out) {
  int m = get_n(a) + copy_n(a);
  out[threadIdx.x + a.n] = m;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over a.n
}

__global__ void written_field(Args a, float *out) {
  a.n = threadIdx.x;
  // Lane k at 32*k floats = 128*k bytes: 32 sectors.
  out[a.n * 32] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
}

struct Ref {
  int &r;
};
__global__ void aggregate_reference(float *out) {
  int v = 0;
  Ref s{v};
  s.r = 1;
  // v is 1: bytes 4 .. 131, 5 sectors.
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k, exact
}

struct Bound {
  int &r;
  __device__ Bound(int &x) : r(x) {}
};
__global__ void constructor_reference(float *out) {
  int v = 0;
  Bound b(v);
  b.r = 1;
  out[v + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]' not analyzed: value may be changed through a reference member not followed
}
