// Warp-level intrinsics: a shuffle moves a value computed lane by lane
// between lanes (a uniform value stays uniform); votes and the active mask
// are decided where the lanes are; __mul24/__umul24 are products; brace
// casts, __builtin_assume_aligned and small memcpy keep what they copy.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
typedef long long i64;

__global__ void shuffles(float* out, int n) {
  int t = threadIdx.x;
  int down = __shfl_down_sync(0xffffffffu, t, 1);
  out[down] = 0;
  // Lanes 0..30 take lane k+1's value, lane 31 keeps its own: bytes 4..127.
  // CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ..., exact
  int swapped = __shfl_xor_sync(0xffffffffu, t, 1);
  out[swapped * 2] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lanes 0,1,2,3,... write bytes 0, -8, 16, 8, ... [cuda-uncoalesced-global]
  int first = __shfl_sync(0xffffffffu, t, 0);
  out[first + t] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  int up = __shfl_up_sync(0xffffffffu, t * 32, 2);
  out[up] = 0;
  // Lanes 0 and 1 keep 0 and 32, lane k >= 2 takes 32 * (k - 2): 30 sectors.
  // CHECK: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 30 sectors per warp request (ideal 4, 13.3% efficiency): lanes 0,1,2,3,... write bytes 0, 128, 0, 128, ... [cuda-uncoalesced-global]
  int same = __shfl_sync(0xffffffffu, n, t);
  out[same + t] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 5 sectors (ideal 4, 80.0%), lane k writes byte 4*k; worst case over n
}

__global__ void votes(float* out, const float* in) {
  unsigned b = __ballot_sync(0xffffffffu, threadIdx.x < 16);
  out[__popc(b) + threadIdx.x] = 0;
  // __popc(0xffff) = 16: bytes 64..191.
  // CHECK: :[[@LINE-2]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  if (__all_sync(0xffffffffu, threadIdx.x < 32) && __activemask() == 0xffffffffu)
    out[threadIdx.x] = 1;
  // CHECK: :[[@LINE-1]]:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  if (__any_sync(0xffffffffu, in[threadIdx.x] > 0))
    // CHECK: :[[@LINE-1]]:31: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
    out[threadIdx.x * 2] = 1;
  // One unknown for the whole warp: the branch is uniform.
  // CHECK: :[[@LINE-2]]:5: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
}

__global__ void arithmetic(float* out, const float* in, float4* out4,
                           const float4* in4) {
  int i = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  unsigned u = __umul24(blockIdx.x, 64u) + threadIdx.x;
  i64 j = i64{blockIdx.x} * 32 + threadIdx.x;
  out[i] = in[u];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  const float* a = (const float*)__builtin_assume_aligned(in, 16);
  out[j] = a[threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load 'a[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  float4 v;
  memcpy(&v, in4 + threadIdx.x, sizeof(v));
  // CHECK: :[[@LINE-1]]:14: remark: global load 'in4 + threadIdx.x': 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact
  memcpy(out4 + threadIdx.x * 2, &v, sizeof(v));
  // CHECK: :[[@LINE-1]]:10: warning: global store 'out4 + threadIdx.x * 2'
}
