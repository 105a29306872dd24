// Where two places of the source have one file and line in the debug
// information, the listing cannot tell their instructions apart: a file
// included twice (an unguarded .inc), a #line directive giving numbers
// already given. Their accesses are not located (their costs are bounds),
// never matched to the other place's instruction.
// RUN: %lint %s --block-dim=256 --report=all --format=json | FileCheck %s
// RUN: %lint %s --block-dim=256 --report=all --verify=jit 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: note: verified on cpu (jit): {{.*}} 0 refuted
// Every access below but the store after the includes.
// CHECK-COUNT-2: "state": "not_located"
// CHECK: "state": "instructions"
// CHECK-COUNT-8: "state": "not_located"
// CHECK-NOT: "state": "instructions"

__global__ void included_twice(float *out, const float *in) {
  float acc = 0;
#define S 1
#include "Inputs/step.inc"
#undef S
#define S 32
#include "Inputs/step.inc"
  out[threadIdx.x] = acc;
}

__global__ void renumbered_back(float *out, const float *in) {
  out[threadIdx.x * 32 + 8192] = in[threadIdx.x * 32];
#line 25
  out[threadIdx.x] = in[threadIdx.x];
}

__global__ void numbered_twice(float *out, const float *in) {
#line 100
  out[threadIdx.x] = in[threadIdx.x];
#line 100
  out[threadIdx.x * 32 + 8192] = in[threadIdx.x * 32];
}
