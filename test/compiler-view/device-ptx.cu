// The PTX the compiler view makes (--dump-device-ptx), where nvcc 13's
// choices are ones the cost notes cannot show: a loaded vector stored back
// with one element changed is stored whole (nvcc `st.global.v4.f32`); the
// stores that end both arms of a branch are one store after it (nvcc: one
// `st.global.f32`); one element of a copied float4 is one 4-byte load at
// its offset (nvcc `ld.global.f32 [%rd6+12]`).
// RUN: %lint %s --block-dim=128 --dump-device-ptx=%t.ptx > /dev/null
// RUN: FileCheck %s < %t.ptx

__global__ void update_x(float4 *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 t = p[i];
  t.x += 1;
  p[i] = t;
}
// CHECK-LABEL: .entry _Z8update_xP6float4(
// CHECK: ld.global.v4.b32
// CHECK-NOT: st.global
// CHECK: st.global.v4.b32
// CHECK-NOT: st.global
// CHECK: ret;

__global__ void arm_stores(float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x & 1)
    o[4 * i] = 1.0f;
  else
    o[i] = 2.0f;
}
// CHECK-LABEL: .entry _Z10arm_storesPf(
// CHECK: st.global.b32
// CHECK-NOT: st.global
// CHECK: ret;

__global__ void element_w(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
  o[i] = v.w;
}
// CHECK-LABEL: .entry _Z9element_wPK6float4Pf(
// CHECK-NOT: ld.global.v
// CHECK: ld.global.b32 {{.*}}+12]
// CHECK-NOT: ld.global
// CHECK: ret;
