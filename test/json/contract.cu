// The JSON contract (version 1): top-level keys and every access field.
// RUN: %lint %s --format=json --report=all --block-dim=64 > %t.json
// RUN: %python %S/check_contract.py %t.json
// RUN: FileCheck %s < %t.json
__global__ void k(const float* in, float* out, int n) {
  __shared__ float s[64][32];
  s[threadIdx.x][0] = in[threadIdx.x * n];
  out[threadIdx.x] += s[threadIdx.x][1];
}
// CHECK: "version": 1
