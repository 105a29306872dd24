// A kernel template the file never instantiates gets one remark (also when
// it is declared before its definition) that names the --assume values to
// give; with them it is instantiated and analyzed.
// RUN: %lint %s --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %lint %s --report=all --assume=scale:T=float --assume=scale:BLOCK=256 | FileCheck %s --check-prefix=GIVEN --implicit-check-not=warning: --implicit-check-not=remark:
template <typename T, int BLOCK> __global__ void scale(T* out);

template <typename T, int BLOCK> __global__ void scale(T* out) {
  out[blockIdx.x * BLOCK + threadIdx.x] = 0;
}
// CHECK: :[[@LINE-3]]:50: remark: kernel template 'scale' is never instantiated in this file; not analyzed (give its template parameters with --assume, e.g. --assume=scale:T=float --assume=scale:BLOCK=256)
// GIVEN: :[[@LINE-3]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over blockIdx.x; under the assumed block shape 256x1x1
