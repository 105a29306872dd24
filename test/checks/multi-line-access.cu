// An access expression written over several lines (SGEMM_CUDA's float4
// casts) is named on one line: whitespace runs become one space, in the
// warning and in JSON.
// RUN: %lint %s --block-dim=32 | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 --format=json | FileCheck %s --check-prefix=JSON
__global__ void k(const float* in, float4* out) {
  int t = threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(
      &in[t * 8])[0];
  // Lanes 32 bytes apart, 16 bytes each: 32 sectors for an ideal 16.
  // CHECK: :[[@LINE-3]]:14: warning: global load 'reinterpret_cast<const float4 *>( &in...' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
  out[t] = v;
}
// JSON: "expr": "global load 'reinterpret_cast<const float4 *>( &in...'",
