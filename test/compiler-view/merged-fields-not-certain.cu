// The fields of a uint4 read one after another (cuda-samples
// shfl_integral_image.cuh) compile to one ld.v4 located at `.x`: `.x` is
// costed as that instruction (16 sectors for 16, not flagged) and `.y`..`.w`
// have no instruction of their own. Their cost as written is a bound, never
// certain: the source-mode fusion guess ("unless the compiler fuses .z and
// .w into one 8-byte access") must not give them a best case with compiled
// code (it made `.z` and `.w` certain 16-for-4 warnings).
// RUN: %lint %s --block-dim=32 --every-site | FileCheck %s --check-prefix=DEFAULT --allow-empty --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 --report=possible --every-site | FileCheck %s --implicit-check-not=warning:
__device__ unsigned spread(unsigned v) { return v * 3u + 1u; }
__global__ void fields(const uint4 *in, unsigned *out) {
  const uint4 &d = in[threadIdx.x];
  unsigned a = spread(d.x);
  unsigned b = spread(d.y);
  unsigned c = spread(d.z);
  unsigned e = spread(d.w);
  out[threadIdx.x] = a + b + c + e;
}
// CHECK: :[[@LINE-5]]:23: warning: global load 'd.y' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k; worst case: no compiled instruction at this expression: merged into another, removed or moved (possible)
// CHECK: :[[@LINE-5]]:23: warning: global load 'd.z'{{.*}}(possible)
// CHECK: :[[@LINE-5]]:23: warning: global load 'd.w'{{.*}}(possible)
// DEFAULT-NOT: warning
