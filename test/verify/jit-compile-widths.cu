// --verify=jit runs the compiler view's code (the instructions the analysis
// costs), and:
// - a __shared__ variable of a class with a constructor (cuda::barrier) is
//   an error for clang, which nvcc accepts (the kernel initializes it): the
//   function with the error is not generated, the rest of the file runs;
// - an error in host code (clang parses it in the device compile but does
//   not generate it) does not stop the device code either;
// - a float4 copy between 16-byte types is one 16-byte move on both sides,
//   predicted and measured as such; `.w` of a copied float4 is one 4-byte
//   load at byte 12: with the view, predicted so and confirmed; with
//   --compiler=none (the source access, 16 bytes) the measured width
//   differs and the record is not verified, with both widths;
// - a record spread over lines matches the compiled instructions: the
//   copy's source side is located at the '=' on the line before it.
// The file has a compile error: exit status 2.
// RUN: not %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable"
// RUN: not %lint %s --verify=jit --format=json --report=all | FileCheck %s --check-prefix=JSON
// RUN: not %lint %s --verify=jit --compiler=none --report=all 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=REFUTED
struct Counter {
  int n;
  __device__ Counter() : n(0) {}
};

__global__ void with_ctor(int *o) {
  __shared__ Counter c;
  o[threadIdx.x] = c.n;
}
// CHECK: [[@LINE-3]]:22: error: initialization is not supported for __shared__ variables
// CHECK: jit-compile-widths.cu:54:43: warning: use of undeclared identifier 'undeclared_in_host'

__global__ void vec_copy(float *B, int N) {
  __shared__ float Bs[8 * 128];
  unsigned r = threadIdx.x / 32, c = threadIdx.x % 32;
  reinterpret_cast<float4 *>(&Bs[r * 128 + c * 4])[0] =
      reinterpret_cast<float4 *>(&B[r * 128 + c * 4])[0];
  __syncthreads();
  B[threadIdx.x] = Bs[threadIdx.x];
}
// CHECK: [[@LINE-5]]:3: remark: shared store 'reinterpret_cast<float4 *>(&Bs[r * 12...'{{.*}}, exact; confirmed: measured 4 wavefronts (ideal 4) over 32 warp requests
// CHECK: [[@LINE-5]]:7: remark: global load 'reinterpret_cast<float4 *>(&B[r * 128...'{{.*}}, exact; confirmed: measured 16 sectors (ideal 16) over 32 warp requests
// CHECK: [[@LINE-4]]:3: remark: global store 'B[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 32 warp requests
// CHECK: [[@LINE-5]]:20: remark: shared load 'Bs[...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 32 warp requests

__global__ void last_element(const float4 *q, float *o) {
  float4 v = q[threadIdx.x];
  o[threadIdx.x] = v.w;
}
// CHECK: [[@LINE-3]]:14: warning: global load 'q[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k
// CHECK: [[@LINE-4]]:14: note: compiled (clang -O3) to ld.global.b32 (its place in the access not fixed) of the 16-byte access
// CHECK: [[@LINE-5]]:14: note: confirmed: measured 16 sectors (ideal 4) over 4 warp requests
// CHECK: [[@LINE-5]]:3: remark: global store 'o[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 4 warp requests
// NONE: [[@LINE-7]]:14: remark: global load 'q[...]'{{.*}}; not verified: clang compiled it as 4-byte accesses, the prediction is for 16-byte ones (measured 16 sectors (ideal 4) per 4-byte request)

int host_only(int a, unsigned b) { return undeclared_in_host(a, b); }

void host(float *f, int *o) {
  with_ctor<<<1, 32>>>(o);
  vec_copy<<<1, 256>>>(f, 128);
  last_element<<<1, 32>>>((const float4 *)f, f);
}
// CHECK: note: verified on cpu (jit): 6 predictions compared with measurements: 6 confirmed, 0 refuted
// CHECK: note: accesses per verdict: 6 confirmed
// NONE: note: accesses per verdict: 5 confirmed, 1 not-verified

// JSON: "ld.global.b32 +?"
// JSON: "kernel": "last_element",
// JSON: "verdict": "confirmed",
// JSON-NEXT: "verification": "confirmed: measured 16 sectors (ideal 4) over 4 warp requests"
