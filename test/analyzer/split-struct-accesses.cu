// An access of a size the hardware has no instruction for is split into the
// widest requests its alignment allows: a double3 (24 bytes, 8-aligned) is
// three 8-byte requests. Each request: lanes 24 bytes apart over a 768-byte
// span touch all 24 of its sectors for 256 useful bytes (ideal 8, 33.3%).
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
struct my_double3 { double x, y, z; };
struct my_float3 { float x, y, z; };
__global__ void copy3(my_double3* out, const my_double3* in) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 24 sectors per warp request (ideal 8, 33.3% efficiency)
  // CHECK-DAG: :[[@LINE-2]]:22: warning: global load 'in[...]' touches 24 sectors per warp request (ideal 8, 33.3% efficiency)
}
// float3: three 4-byte requests, lanes 12 bytes apart over 384 bytes: 12
// sectors for 128 useful bytes (ideal 4).
__global__ void copyf3(my_float3* out, const my_float3* in) {
  out[threadIdx.x] = in[threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 12 sectors per warp request (ideal 4, 33.3% efficiency)
  // CHECK-DAG: :[[@LINE-2]]:22: warning: global load 'in[...]' touches 12 sectors per warp request (ideal 4, 33.3% efficiency)
}
