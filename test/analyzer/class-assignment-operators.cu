// Assignment operators of classes that are not inlined (cuda_fp16.hpp's
// __half2 and __nv_bfloat16 define them in a system header): `o[i] = f(...)`
// is a store to o[i], `o[i] += v` a load and a store.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
struct __align__(4) my_half2 {
  unsigned short x, y;
  __device__ my_half2 &operator=(const my_half2 &o);
  __device__ my_half2 &operator+=(const my_half2 &o);
};
__device__ my_half2 hmul2(my_half2 a, my_half2 b);

__global__ void scale(my_half2* o, const my_half2* a, my_half2 g) {
  unsigned i = threadIdx.x;
  o[i] = hmul2(a[i], g);
  // 4 bytes per lane, contiguous: 4 sectors.
  // CHECK: :[[@LINE-2]]:3: remark: global store 'o[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-3]]:16: remark: global load 'a[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  o[i * 2] += a[i];
  // Stride of 8 bytes: 8 sectors for 128 bytes.
  // CHECK: :[[@LINE-2]]:3: warning: global load 'o[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k
  // CHECK: :[[@LINE-3]]:3: warning: global store 'o[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k
  // CHECK: :[[@LINE-4]]:15: remark: global load 'a[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
}

// A user type whose operators end in `return *this;` (c10::Half,
// cutlass::half_t style), used as statements: the returned reference is
// thrown away, so there is no load of the object, only the field's store.
struct UserHalf {
  unsigned short x;
  __device__ UserHalf &operator=(float f) {
    x = (unsigned short)f;
    // CHECK-DAG: :[[@LINE-1]]:5: warning: global store 'x' touches 4 sectors per warp request (ideal 2, 50.0% efficiency): lane k writes byte 4*k
    return *this;
  }
};
__global__ void user_half_fill(UserHalf *out) {
  for (int i = 0; i < 4; out[threadIdx.x * 2] = 1.0f)
    ++i;
}
