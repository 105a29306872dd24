// A harness spec (YAML) sets grids, block shapes, scalars and buffer sizes
// and contents: slot numbers come from an iota buffer, so the data-dependent
// index is exercised; the analysis uses the spec's block shape and scalars
// too. A buffer size makes accesses past it out of range. A bad spec is an
// error naming the problem.
// RUN: %lint %s --verify=cpu --harness-spec=%S/Inputs/paged.yaml --report=all 2>&1 | FileCheck %s
// RUN: not %lint %s --verify=cpu --harness-spec=%S/Inputs/bad.yaml 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %lint %s --harness-spec=%S/Inputs/missing.yaml 2>&1 | FileCheck %s --check-prefix=MISSING
__global__ void paged_write(const long* slots, float* out, int page) {
  long slot = slots[blockIdx.x];
  out[slot * page + threadIdx.x] = 1.0f;
}
// CHECK: :[[@LINE-3]]:15: remark: global load 'slots[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact; confirmed: measured 1 sectors (ideal 1) over 16 warp requests
// The row offset slot*256 floats is 1 KiB-aligned whatever the slot: exact.
// CHECK: :[[@LINE-4]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact; confirmed: measured 4 sectors (ideal 4) over 16 warp requests; some lanes addressed outside the buffers
__global__ void scaled(const float* in, const float* scale, float* out) {
  out[threadIdx.x] = in[threadIdx.x] * scale[0];
}
// CHECK: verified on cpu: 5 predictions compared with measurements: 5 confirmed, 0 refuted
// BAD: error: invalid harness spec '{{.*}}bad.yaml': {{.*}}buffer contents must be zeros, iota, random or constant, not 'fibonacci'
// MISSING: error: cannot read harness spec '{{.*}}missing.yaml'
