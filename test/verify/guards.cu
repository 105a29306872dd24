// The CPU runtime's guards: an index past every buffer is reported and not
// executed; a kernel with warp intrinsics is "not runnable on cpu"; the JSON
// carries the measurement next to the prediction.
// RUN: %lint %s --block-dim=32 --verify=cpu --report=all 2>&1 | FileCheck %s
// RUN: %lint %s --block-dim=32 --verify=cpu --format=json --report=all | FileCheck %s --check-prefix=JSON
__global__ void runaway(float* out) {
  out[threadIdx.x * 400000000] = 1.0f;
}
// CHECK: warning: global store 'out[...]' touches 32 sectors
// CHECK: note: confirmed: measured 32 sectors (ideal 4) over 4 warp requests; some lanes addressed outside the buffers
__global__ void shuffles(const float* in, float* out) {
  float v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, v, 1);
}
// CHECK: remark: kernel 'shuffles' is not runnable on cpu (warp-level or tensor-core intrinsic '__shfl_xor_sync'); its predictions are not verified
// JSON: "measured": {
// JSON-NEXT: "conflict_ways": null,
// JSON-NEXT: "ideal_sectors": 4,
// JSON-NEXT: "ideal_wavefronts": null,
// JSON-NEXT: "out_of_range": true,
// JSON-NEXT: "sectors": 32,
// JSON-NEXT: "source": "cpu-trace",
// JSON-NEXT: "warps": 4,
// JSON: "verdict": "confirmed"
// JSON: "verdict": "not-runnable"
