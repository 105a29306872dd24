// Integer constants fold: constexpr globals (which clang makes implicitly
// __constant__ on the device side), enumerators, sizeof, template arguments.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
constexpr int N = 64;
const int M = 2;
enum { Pitch = 128 };
template <int S> __global__ void k(const float* in, float* out) {
  int t = threadIdx.x;
  out[t] = in[t * N] + in[t * M] + in[t * Pitch] + in[t * (int)sizeof(double)] + in[t * S];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 256*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-3]]:24: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-4]]:36: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 512*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-5]]:52: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-6]]:82: warning: global load 'in[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
}
template __global__ void k<4>(const float*, float*);
