// The checker is not vacuous: wrong annotations, an unannotated record, an
// annotation the tool has no record for, a wrong block shape, and a symbol
// an exact record does depend on all make it fail.
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: not %python %S/../../utils/redteam/check.py %s %t.json | FileCheck %s

// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+3]]:3 wrong_numbers global store 'out[...]' block 32x1x1: exact (4, 4), the oracle [(32, 4)]
// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+2]]:22 wrong_numbers global load 'in[...]' block 32x1x1: reported but not annotated
__global__ void wrong_numbers(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x];
//@rt global store out B=4 addr=128*tx
}
//@rt-kernel wrong_numbers block=32

// An exact record must hold for every value of a symbol it depends on.
// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+2]]:3 symbol_dependence global store 'out[...]' block 32x1x1: exact (4, 4), but the oracle's worst ranges from 4 ({'n': 0}) to 5 ({'n': 1})
__global__ void symbol_dependence(float* out, int n) {
  out[threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(n+tx) sym.n=range(0,4)
}
//@rt-kernel symbol_dependence block=32

// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+3]]:3 wrong_block global store 'out[...]' block 64x1x1: block shape (64, 1, 1), the launches give [(32, 2, 1)]
// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+5]]: kernel wrong_block: launch shape [(32, 2, 1)] has no record, yet records of [(64, 1, 1)] are exact
__global__ void wrong_block(float* out) {
  out[threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*tx
}
//@rt-kernel wrong_block block=32,2

// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+3]]: the annotated shared load 'nothing' is not reported
// CHECK-DAG: FAIL checker-catches.cu:[[@LINE+3]]: kernel never_launched has no record
__global__ void never_launched(float* out) {}
//@rt shared load nothing B=4 addr=0
//@rt-kernel never_launched block=32

// CHECK: redteam checker-catches.cu: 4 kernels, 4 annotations, 4 records: 2 exact, 0 inexact, 0 unknown, 0 skipped; 7 failures

int main() {
  wrong_numbers<<<1, 32>>>(0, 0);
  symbol_dependence<<<1, 32>>>(0, 1);
  wrong_block<<<1, 64>>>(0);
}
