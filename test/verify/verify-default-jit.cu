// --verify without a mode is --verify=jit: the device code clang compiles,
// run on the CPU; the JSON says so ("mode": "jit", "source": "cpu-jit").
// RUN: %lint %s --verify --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED
// RUN: %lint %s --verify --format=json | FileCheck %s --check-prefix=JSON
__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
void h(float *a, float *b) { copy<<<2, 64>>>(a, b); }
// CHECK: :6:3: remark: global store 'out[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests
// CHECK: :6:22: remark: global load 'in[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests
// CHECK: note: verified on cpu (jit): 2 predictions compared with measurements: 2 confirmed, 0 refuted
// JSON: "source": "cpu-jit",
// JSON: "verdict": "confirmed",
// JSON-NEXT: "verification": "confirmed: measured 4 sectors (ideal 4) over 8 warp requests"
// JSON: "mode": "jit",
