// `c ? a[i] : b[j]` whose arms both load: clang (and nvcc) load the address
// the arms select, once, after the branch; clang locates that load at the
// line alone, so neither arm has an instruction at its expression. In a
// warp whose lanes all take one arm, that load is the arm's access as
// written: its cost is certain, as with --compiler=none. In a warp whose
// lanes divide between the arms, the one request carries both arms' bytes:
// each arm's cost as written is then a bound, not exact.
// RUN: %lint %s --block-dim=64 --report=all | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=64 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %lint %s --block-dim=64 --format=json --report=all | FileCheck %s --check-prefix=JSON
// RUN: %lint %s --block-dim=64 --verify=jit 2>&1 | FileCheck %s --check-prefix=JIT

// A condition every lane shares: each arm is the merged load, exactly.
__global__ void uniform(const float *a, const float *b, float *out, int c) {
  int t = threadIdx.x;
  out[t] = c ? a[t] : b[t * 32];
  // CHECK: :[[@LINE-1]]:23: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:23: warning: global load 'b[...]' touches 32 sectors
}

// Warp 0 divides between the arms (18 sectors in its one request); warp 1
// takes b's arm alone: 32 sectors, certain, but the record is not exact.
__global__ void divided(const float *a, const float *b, float *out) {
  int t = threadIdx.x;
  out[t] = (t < 16) ? a[t] : b[t * 32];
  // CHECK: :[[@LINE-1]]:30: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k; worst case: one load with the other arm of its '?:' (the compiler loads the address the arms select): a warp whose lanes divide between the arms requests both arms' bytes at once [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:30: warning: global load 'b[...]' touches 32 sectors
}

// An lvalue `?:` (both arms float): the same one load.
__global__ void lvalue(const float *a, const float *b, float *out, int c) {
  int t = threadIdx.x;
  float x = c ? a[t] : b[t * 32];
  // CHECK: :[[@LINE-1]]:24: warning: global load 'b[...]' touches 32 sectors per warp request
  // DEFAULT: :[[@LINE-2]]:24: warning: global load 'b[...]' touches 32 sectors
  out[t] = x;
}

// Shared memory: a 32-way conflict in the arm every lane takes.
__global__ void shared(float *out, int c) {
  __shared__ float A[1024], B[1024];
  int t = threadIdx.x;
  A[t] = t;
  B[t] = t;
  __syncthreads();
  out[t] = c ? A[t] : B[(t * 32) % 1024];
  // CHECK: :[[@LINE-1]]:23: warning: shared load 'B[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 128*k [cuda-shared-bank-conflict]
  // DEFAULT: :[[@LINE-2]]:23: warning: shared load 'B[...]' has a 32-way bank conflict
}

// In an unrolled loop: every copy is one load at the line.
__global__ void unrolled(const float *a, const float *b, float *out, int c) {
  int t = threadIdx.x;
  float s = 0;
  for (int i = 0; i < 4; ++i)
    s += c ? a[t + i] : b[(t + i) * 32];
  // CHECK: :[[@LINE-1]]:25: warning: global load 'b[...]' touches 32 sectors per warp request
  // DEFAULT: :[[@LINE-2]]:25: warning: global load 'b[...]' touches 32 sectors
  out[t] = s;
}

// A struct copied out of the `?:` (an lvalue): the one vector load is at
// the `?:` itself.
__global__ void copied(const float4 *p, const float4 *q, float4 *o, int c) {
  int t = threadIdx.x;
  o[t] = c ? p[t] : q[t * 2];
  // CHECK: :[[@LINE-1]]:21: warning: global load 'q[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:21: warning: global load 'q[...]' touches 32 sectors
}

// The condition's own load sits at the `?:`'s first column, and is as wide
// as a char4; it is not a merged load of the arms (the compiler reuses the
// values loaded before): the arms stay bounds.
__global__ void condition(const int *m, const char4 *p, const char4 *q,
                          char4 *o) {
  int t = threadIdx.x;
  char4 x = p[t], y = q[t * 32];
  // CHECK: :[[@LINE-1]]:23: warning: global load 'q[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:23: warning: global load 'q[...]' touches 32 sectors
  o[t] = m[blockIdx.x] ? p[t] : q[t * 32];
  // CHECK: :[[@LINE-1]]:33: warning: global load 'q[...]' touches 32 sectors per warp request {{.*}}(possible
  o[t + 64] = x;
  o[t + 128] = y;
}

// Two on one line: each load's address is computed in its own `?:`.
__global__ void twoOnALine(const float *a, const float *b, float *out, int c,
                           int d) {
  int t = threadIdx.x;
  out[t] = (c ? a[t] : b[t * 32]) + (d ? a[t + 1] : b[t * 64]);
  // CHECK: :[[@LINE-1]]:24: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:53: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 256*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-3]]:24: warning: global load 'b[...]' touches 32 sectors
  // DEFAULT: :[[@LINE-4]]:53: warning: global load 'b[...]' touches 32 sectors
}

// Not told apart, so a bound: arms on two lines (the load has no line), an
// arm whose load the compiler removed (the value was loaded before).
__global__ void bounds(const float *a, const float *b, float *out, int c) {
  int t = threadIdx.x;
  out[t] = c ? a[t]
             : b[t * 32];
  // CHECK: :[[@LINE-1]]:16: warning: global load 'b[...]' touches 32 sectors per warp request {{.*}}; worst case {{.*}}(possible
  float x = b[t * 32];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:13: warning: global load 'b[...]' touches 32 sectors
  out[t + 128] = x + (c ? a[t] : b[t * 32]);
  // CHECK: :[[@LINE-1]]:34: warning: global load 'b[...]' touches 32 sectors per warp request {{.*}}(possible
}

// The load must be this `?:`'s: its address computed in the `?:`. Here the
// arms read back what the thread stored (no load at all) and the line's
// one load at column 0 is the other `?:`'s.
struct Pair {
  float x, y;
};
__global__ void forwarded(float *__restrict__ a, float *__restrict__ b,
                          const Pair *__restrict__ s, float *__restrict__ out,
                          int c, int d) {
  int t = threadIdx.x;
  a[t] = t;
  b[t * 32] = t;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:3: warning: global store 'b[...]' touches 32 sectors
  out[t] = (c ? a[t] : b[t * 32]) + (d ? s[t].x : s[t * 8].y);
  // CHECK: :[[@LINE-1]]:24: warning: global load 'b[...]' touches 32 sectors per warp request {{.*}}(possible
  // CHECK: :[[@LINE-2]]:42: warning: global load 's[t].x' touches 8 sectors per warp request {{.*}}(possible
  // CHECK: :[[@LINE-3]]:51: warning: global load 's[t * 8].y' touches 32 sectors per warp request {{.*}}(possible
}

// The arms' values were loaded before; the line's load at column 0 is the
// if/else's.
__global__ void ifElse(const float *a, const float *b, const float *p,
                       const float *q, float *out, int c, int d) {
  int t = threadIdx.x;
  float x = a[t], y = b[t * 32];
  // CHECK: :[[@LINE-1]]:23: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:23: warning: global load 'b[...]' touches 32 sectors
  float z; float w = c ? a[t] : b[t * 32]; if (d) z = p[t]; else z = q[t * 8];
  // CHECK: :[[@LINE-1]]:33: warning: global load 'b[...]' touches 32 sectors per warp request {{.*}}(possible
  // CHECK: :[[@LINE-2]]:70: warning: global load 'q[...]' touches 32 sectors per warp request {{.*}}(possible
  out[t] = x + y + z + w;
}

// In a device function, inlined: the kernel that calls it has the merged
// load; the one that loaded both arms before has none, though the
// function's own body, which no kernel calls, is in its listing. A record
// does not say which inlined copy it is, so an inlined `?:` stays a bound
// in both (the JSON below).
__device__ float pick(const float *a, const float *b, int c, int t) {
  return c ? a[t] : b[t * 32];
  // CHECK: :[[@LINE-1]]:21: warning: global load 'b[...]' touches 32 sectors per warp request {{.*}}(possible
}
__global__ void picked(const float *a, const float *b, float *out, int c) {
  int t = threadIdx.x;
  out[t] = pick(a, b, c, t);
}
__global__ void pickedAfter(const float *a, const float *b, float *out,
                            int c) {
  int t = threadIdx.x;
  float x = a[t], y = b[t * 32];
  // CHECK: :[[@LINE-1]]:23: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:23: warning: global load 'b[...]' touches 32 sectors
  out[t] = x + y + pick(a, b, c, t);
}

// The outer `?:`'s arms reuse values loaded before; the line's load at
// column 0 is the inner `?:`'s, in the outer's condition: it is not the
// outer's (its address is computed in the condition), it is the inner's.
__global__ void nested(const float *__restrict__ m, const float *__restrict__ n,
                       const float *__restrict__ p, const float *__restrict__ q,
                       float *__restrict__ out, float *__restrict__ o2, int c,
                       int d) {
  int t = threadIdx.x;
  float x = p[t], y = q[t * 32];
  // CHECK: :[[@LINE-1]]:23: warning: global load 'q[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:23: warning: global load 'q[...]' touches 32 sectors
  out[t] = (o2[t] = c ? m[t] : n[t * 2], d) ? p[t] : q[t * 32];
  // CHECK: :[[@LINE-1]]:32: warning: global load 'n[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:32: warning: global load 'n[...]' touches 8 sectors
  // CHECK: :[[@LINE-3]]:54: warning: global load 'q[...]' touches 32 sectors per warp request {{.*}}(possible
  out[t + 64] = x + y;
}

// A weak kernel (`.weak .entry` in the PTX) and the function it calls.
__device__ __noinline__ float load32(const float *b, int t) {
  return b[t * 32];
  // CHECK: :[[@LINE-1]]:10: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:10: warning: global load 'b[...]' touches 32 sectors
}
__global__ void __attribute__((weak)) weak(const float *b, float *out) {
  int t = threadIdx.x;
  out[t] = load32(b, t) + b[t * 64];
  // CHECK: :[[@LINE-1]]:27: warning: global load 'b[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 256*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:27: warning: global load 'b[...]' touches 32 sectors
}

// In JSON, uniform's b is exact and divided's is not.
// JSON: "column": 23,
// JSON: "exact": true,
// JSON: "line": 16,
// JSON: "column": 30,
// JSON: "exact": false,
// JSON: "line": 25,
// JSON: "column": 21,
// JSON: "exact": false,
// JSON: "kernel": "picked",
// JSON: "line": 151,
// JSON: "column": 21,
// JSON: "exact": false,
// JSON: "kernel": "pickedAfter",
// JSON: "line": 151,

// The harness cannot tell which arm its one load served: not measured.
// JIT: conditional-loads.cu:16:23: note: not verified: no compiled load at this expression
// JIT: conditional-loads.cu:25:30: note: not verified: no compiled load at this expression
// JIT: predictions compared with measurements: {{[0-9]+}} confirmed, 0 refuted,
