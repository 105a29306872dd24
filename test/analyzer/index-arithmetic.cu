// Integer arithmetic on thread ids: / % & | << >> ^ and casts.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void ops(const float* in, float* out) {
  int t = threadIdx.x;
  float a = in[t / 2];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'in[...]': 2 sectors (ideal 2, 100.0%), lanes 0,1,2,3,... read bytes 0, 0, 4, 4, ..., exact
  float b = in[(t % 8) * 32];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 1, 12.5% efficiency): lanes 0,1,2,3,... read bytes 0, 128, 256, 384, ... [cuda-uncoalesced-global]
  float c = in[t & 7];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'in[...]': 1 sector (ideal 1, 100.0%), lanes 0,1,2,3,... read bytes 0, 4, 8, 12, ..., exact
  float d = in[t << 1];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  float e = in[t >> 2];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'in[...]': 1 sector (ideal 1, 100.0%), lanes 0,1,2,3,... read bytes 0, 0, 0, 0, ..., exact
  float f = in[t | 32];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  float g = in[t ^ 1];
  // CHECK: :[[@LINE-1]]:13: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... read bytes 0, -4, 8, 4, ..., exact
  float h = in[(long)t * 16];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 64*k [cuda-uncoalesced-global]
  float i = in[(unsigned char)(t * 16)];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'in[...]' touches 16 sectors per warp request (ideal 2, 12.5% efficiency): lanes 0,1,2,3,... read bytes 0, 64, 128, 192, ... [cuda-uncoalesced-global]
  out[t] = a + b + c + d + e + f + g + h + i;
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
}
