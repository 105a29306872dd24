// REQUIRES: cuda
// The cache-hint intrinsics with the real CUDA headers: clang defines the
// loads and __stwt with inline PTX (ld.global.cs.f32 ...), CUDA 13 only
// declares __stcs/__stcg/__stwb for clang and the tool's compatibility
// header defines them (llm.c's __stcs). The compiler view costs the store
// instruction each becomes (before, no instruction: a call to a function no
// one defined, "possible"); --verify=jit runs the inline PTX as the plain
// access it is (before, the kernel did not link: __stcs unresolved; then
// stopped at the PTX) and confirms all four.
// RUN: %lint-cuda %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="not runnable" --implicit-check-not="no compiled instruction"
__global__ void k(float *out, const float *in) {
  float v = __ldcs(in + threadIdx.x * 2);
  // CHECK: :[[@LINE-1]]:13: warning: global load '__ldcs(in + threadIdx.x * 2)' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  // CHECK: note: confirmed: measured 8 sectors (ideal 4)
  __stcs(out + threadIdx.x * 32, v);
  // CHECK: :[[@LINE-1]]:3: warning: global store '__stcs(out + threadIdx.x * 32, v)' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
  // CHECK: note: confirmed: measured 32 sectors (ideal 4)
  float4 w = __ldcg(reinterpret_cast<const float4 *>(in) + threadIdx.x);
  // CHECK: :[[@LINE-1]]:14: remark: global load {{.*}} 16 sectors (ideal 16, 100.0%), lane k reads byte 16*k, exact; confirmed: measured 16 sectors (ideal 16)
  __stwt(reinterpret_cast<float4 *>(out) + threadIdx.x, w);
  // CHECK: :[[@LINE-1]]:3: remark: global store {{.*}} 16 sectors (ideal 16, 100.0%), lane k writes byte 16*k, exact; confirmed: measured 16 sectors (ideal 16)
}
void launch(float *o, const float *i) { k<<<1, 32>>>(o, i); }
// CHECK: jit-cache-hints.cu: note: verified on cpu (jit): 4 predictions compared with measurements: 4 confirmed, 0 refuted
