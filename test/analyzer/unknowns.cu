// Unknown values: an aligned blockIdx offset keeps the answer exact; an
// argument-dependent offset or stride gives the worst case, not exact, with
// what it depends on; --assume makes it exact again.
// RUN: %lint %s --block-dim=256 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// RUN: %lint %s --block-dim=256 --report=all --assume=n=1 --assume=off=0 | FileCheck %s --check-prefix=ASSUMED --implicit-check-not=warning:
__global__ void k(const float* in, float* out, int n, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + off];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load 'in[...]': 5 sectors (ideal 4, 80.0%), lane k reads byte 4*k; worst case over blockIdx.x, off
  // ASSUMED: :[[@LINE-3]]:12: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  out[i] = in[threadIdx.x * n];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 4*n*k; worst case over n (reached for n >= 8) [cuda-uncoalesced-global]
  // ASSUMED: :[[@LINE-3]]:12: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  out[i] = in[blockIdx.x * n + threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load 'in[...]': 5 sectors (ideal 4, 80.0%), lane k reads byte 4*k; worst case over blockIdx.x, n
  // With n = 1 the row offset is blockIdx.x words: still unknown alignment.
  // ASSUMED: :[[@LINE-4]]:12: remark: global load 'in[...]': 5 sectors (ideal 4, 80.0%), lane k reads byte 4*k; worst case over blockIdx.x
}

// A 16-byte struct copied through a pointer whose offset is a per-lane
// load (llm.c's load128 of an embedding row): still a load, reported with
// the reason, never dropped.
struct __align__(16) Pack4 { float v[4]; };
__device__ Pack4 load_pack(const float *a) { return *reinterpret_cast<const Pack4 *>(a); }
// CHECK-DAG: :[[@LINE-1]]:53: remark: global load '*reinterpret_cast<const Pack4 *>(a)' not analyzed: value loaded from memory at a lane-dependent address
__global__ void gather_rows(const float *wte, const int *tok, float *out) {
  int ix = tok[threadIdx.x / 8];
  // CHECK-DAG: :[[@LINE-1]]:12: remark: global load 'tok[...]': 1 sector (ideal 1, 100.0%), lanes 0,1,2,3,... read bytes 0, 0, 0, 0, ..., exact
  Pack4 w = load_pack(wte + ix * 768 + (threadIdx.x % 8) * 4);
  out[threadIdx.x] = w.v[0];
  // CHECK-DAG: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
