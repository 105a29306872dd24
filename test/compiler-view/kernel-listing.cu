// The instructions of a kernel are those of its PTX and of the functions it
// calls: a function whose every call was inlined keeps an out-of-line body
// in the listing, which the kernel never runs. A kernel that calls through
// a pointer runs the functions whose address is taken.
// RUN: %lint %s --block-dim=64 --report=all | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=64 --format=json --report=all | FileCheck %s --check-prefix=JSON

// pick's arms are loaded before the call: its inlined copy has no load;
// its own body (a load at column 0) is not the kernel's.
__device__ float pick(const float *a, const float *b, int c, int t) {
  return c ? a[t] : b[t * 32];
  // CHECK: :[[@LINE-1]]:21: warning: global load 'b[...]' touches 32 sectors per warp request {{.*}}(possible
}
__device__ float plusOne(float x) { return x + 1; }
__device__ float twice(float x) { return x * 2; }
__device__ float (*table[2])(float) = {plusOne, twice};
__global__ void pointer(const float *a, const float *b, float *out, int c,
                        int e) {
  int t = threadIdx.x;
  float x = a[t], y = b[t * 32];
  // CHECK: :[[@LINE-1]]:23: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  out[t] = table[e](x + y + pick(a, b, c, t));
}

// JSON: "column": 21,
// JSON: "exact": false,
// JSON: "kernel": "pointer",
// JSON: "line": 11,
