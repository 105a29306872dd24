// One 2-, 4-, 8- or 16-byte access at an address that is not a multiple of
// its width faults, so worst cases over unknown values take only the values
// that keep every lane aligned.
// RUN: %lint --compiler=none %s --block-dim=64 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:

// A float4 row at an unknown pitch (SGEMM_CUDA's vectorized kernels): one
// 16-byte access at an address that is not a multiple of 16 faults, so the
// worst case is taken only over pitches that keep every lane aligned: 32
// sectors (two lanes per 64 bytes), never the 36 a misaligned row would give.
__global__ void float4_rows(float *C, int N) {
  int col = threadIdx.x % 8, row = threadIdx.x / 8;
  for (int r = 0; r < 8; ++r) {
    float4 t = reinterpret_cast<float4 *>(&C[(row * 8 + r) * N + col * 8])[0];
    // CHECK-DAG: :[[@LINE-1]]:16: warning: global load 'reinterpret_cast<float4 *>{{.*}}' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k; worst case over N
    t.x += 1.f;
    reinterpret_cast<float4 *>(&C[(row * 8 + r) * N + col * 8])[0] = t;
    // CHECK-DAG: :[[@LINE-1]]:5: warning: global store 'reinterpret_cast<float4 *>{{.*}}' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k writes byte 32*k; worst case over N
  }
}
// The accesses as written (--compiler=none). Compiled, `float4 t = ...;
// t.x += 1.f; store t` is a 4-byte load and store of .x for clang (the
// other fields are stored back unchanged, so not at all), while nvcc 13
// keeps `ld.global.v4.f32` / `st.global.v4.f32`: docs/compiler-view.md, "Where
// clang and nvcc differ".
