// The cache-hint loads and stores clang 22's CUDA headers lack for plain and
// vector types (llm.c: __stcs(out + i, v)) parse, from the tool's own
// compatibility definitions, and are analyzed as the loads and stores
// they are, at the call.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
__global__ void hints(float* out, const float* in, float4* v) {
  float x = __ldca(in + threadIdx.x) + __ldlu(in + threadIdx.x);
  __stcs(out + threadIdx.x * 32, x);
  // CHECK: :[[@LINE-1]]:3: warning: global store '__stcs(out + threadIdx.x * 32, x)' touches 32 sectors
  float4 f = {x, x, x, x};
  __stcg(v + threadIdx.x, f);
  __stwb(out + threadIdx.x, x);
}
// CHECK: cache-hint-intrinsics.cu: 5 accesses in 1 kernel: 1 flagged, 0 not analyzable
