// --verify=jit on the hermetic shim's other intrinsic bodies: atomicMax/
// Min/Exch/CAS (NVVM atomics, instrumented as atomics), __mul24, min/max
// and __ldg. Their results are addresses (__ldg: its load's), so a wrong body
// would show as a refutation; without bodies the kernel does not link.
// RUN: %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable" --implicit-check-not="not verified"
__global__ void intrinsics(int *h, float *g) {
  int t = threadIdx.x;
  atomicMax(&h[t * 2], t);
  atomicMin(&h[t], t);
  atomicExch(&h[t + 32], t);
  atomicCAS(&h[t * 4], 0, t);
  g[__mul24(t, 3)] = 1.0f;
  g[min(t, 7) + max(t, 40)] = 2.0f;
  g[t + 64] = __ldg(&h[t]);
}
// CHECK: :8:3: note: confirmed: measured 8 sectors (ideal 4) over 4 warp requests
// CHECK: :9:3: remark: global atomic 'atomicMin(&h[t], t)'{{.*}}; confirmed: measured 4 sectors (ideal 4)
// CHECK: :10:3: remark: global atomic 'atomicExch(&h[t + 32], t)'{{.*}}; confirmed: measured 4 sectors (ideal 4)
// CHECK: :11:3: note: confirmed: measured 16 sectors (ideal 4) over 4 warp requests
// CHECK: :12:3: note: confirmed: measured 12 sectors (ideal 4) over 4 warp requests
// CHECK: :13:3: remark: global store 'g[...]': 1 sector{{.*}}; confirmed: measured 1 sectors (ideal 1)
// CHECK: :14:15: remark: global load '__ldg(&h[t])'{{.*}}; confirmed: measured 4 sectors (ideal 4)
// CHECK: verified on cpu (jit): {{[0-9]+}} predictions compared with measurements: {{[0-9]+}} confirmed, 0 refuted

void launch(int *h, float *g) { intrinsics<<<1, 32>>>(h, g); }
