// The padding fix-it is offered only when it is safe: a 2-D static
// __shared__ array whose inner size is written in the declaration (not a
// macro), and when re-running the analysis with the padding removes every
// conflict on that array for this block shape.
// RUN: %lint --compiler=none %s --block-dim=32,8 | FileCheck %s --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32,8 --format=json | FileCheck %s --check-prefix=JSON
#define W 32
__global__ void fixable(float* out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1;
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: shared load 'tile[...][...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k reads byte 128*k [cuda-shared-bank-conflict]
  // CHECK: :9:20: note: padding the rows of 'tile' by one element removes the conflict for this block shape
  // CHECK-NEXT: __shared__ float tile[32][32];
  // CHECK-NEXT: {{^ +\| +\^ +~~$}}
  // CHECK-NEXT: {{^ +\| +33$}}
}
__global__ void from_macro(float* out) {
  __shared__ float tile[32][W];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:22: warning: shared load 'tile[...][...]' has a 32-way bank conflict
  // CHECK-NOT: padding the rows
}
__global__ void padding_does_not_help(float* out) {
  __shared__ float t2[64][32];
  // Lane k reads row 2k: with 33 words per row, word 66k is in bank 2k mod 32,
  // so lanes k and k+16 still collide (2-way): no fix-it.
  out[threadIdx.x] = t2[threadIdx.x * 2][0];
  // CHECK: :[[@LINE-1]]:22: warning: shared load 't2[...][...]' has a 32-way bank conflict
  // CHECK-NOT: padding the rows
}
// The fix-it itself, as clang prints it, and in JSON as a replacement.
// JSON: "fixits": [
// JSON-NEXT: {
// JSON-NEXT: "file": "{{.*}}cuda-shared-bank-conflict-fixit.cu",
// JSON-NEXT: "length": 2,
// JSON-NEXT: "offset": {{[0-9]+}},
// JSON-NEXT: "replacement": "33"
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
