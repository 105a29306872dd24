// --verify=jit compiles the device code as clang does, and:
// - a __shared__ variable of a class with a constructor (cuda::barrier) is
//   an error for clang, which nvcc accepts (the kernel initializes it): the
//   function with the error is not generated, the rest of the file runs;
// - an error in host code (clang parses it in the device compile but does
//   not generate it) does not stop the device code either;
// - an access clang compiles with another width than the analysis' (a
//   16-byte copy to a 4-byte aligned shared address is four 4-byte moves,
//   both sides: the NVPTX backend splits a copy by the smaller alignment)
//   is not verified, with both widths, instead of compared;
// - a record spread over lines matches the compiled instructions: the
//   copy's source side is located at the '=' on the line before it.
// The file has a compile error: exit status 2.
// RUN: not %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable"
// RUN: not %lint %s --verify=jit --format=json --report=all | FileCheck %s --check-prefix=JSON
struct Counter {
  int n;
  __device__ Counter() : n(0) {}
};

__global__ void with_ctor(int *o) {
  __shared__ Counter c;
  o[threadIdx.x] = c.n;
}
// CHECK: [[@LINE-3]]:22: error: initialization is not supported for __shared__ variables
// CHECK: jit-compile-widths.cu:41:43: error: use of undeclared identifier 'undeclared_in_host'

__global__ void vec_copy(float *B, int N) {
  __shared__ float Bs[8 * 128];
  unsigned r = threadIdx.x / 32, c = threadIdx.x % 32;
  reinterpret_cast<float4 *>(&Bs[r * 128 + c * 4])[0] =
      reinterpret_cast<float4 *>(&B[r * 128 + c * 4])[0];
  __syncthreads();
  B[threadIdx.x] = Bs[threadIdx.x];
}
// CHECK: [[@LINE-5]]:3: remark: shared store 'reinterpret_cast<float4 *>(&Bs[r * 12...'{{.*}}; not verified: clang compiled it as 4-byte accesses, the prediction is for 16-byte ones (measured 4 wavefronts (ideal 1) per 4-byte request)
// CHECK: [[@LINE-5]]:7: remark: global load 'reinterpret_cast<float4 *>(&B[r * 128...'{{.*}}; not verified: clang compiled it as 4-byte accesses, the prediction is for 16-byte ones (measured 16 sectors (ideal 4) per 4-byte request)
// CHECK: [[@LINE-4]]:3: remark: global store 'B[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 32 warp requests
// CHECK: [[@LINE-5]]:20: remark: shared load 'Bs[...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 32 warp requests

int host_only(int a, unsigned b) { return undeclared_in_host(a, b); }

void host(float *f, int *o) {
  with_ctor<<<1, 32>>>(o);
  vec_copy<<<1, 256>>>(f, 128);
}
// CHECK: note: verified on cpu (jit): 2 predictions compared with measurements: 2 confirmed, 0 refuted
// CHECK: note: accesses per verdict: 2 confirmed, 2 not-verified

// JSON: "verdict": "not-verified",
// JSON-NEXT: "verification": "not verified: clang compiled it as 4-byte accesses, the prediction is for 16-byte ones (measured 4 wavefronts (ideal 1) per 4-byte request)"
