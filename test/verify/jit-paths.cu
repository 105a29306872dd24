// --verify=jit on three things real code does (found on cuda-samples'
// shfl_scan and Rodinia's dwt2d and euler3d):
// - a switch whose default clang marks unreachable (here through
//   __builtin_unreachable; also code after __trap()): the branch has no
//   post-dominator in LLVM's tree, so the lanes of the four cases met again
//   only at the kernel's end and the uint4 store was measured as four
//   requests of 8 lanes (4 sectors, "REFUTED"). Reconvergence is computed
//   without the paths that cannot return;
// - an access through `T &operator[]`: the load or store is in the caller,
//   at the call (where clang and nvcc locate it, and so does the analysis),
//   its address computed in the inlined operator;
// - cudaGraphSetConditional called from a kernel (a no-op for the run);
// - a texture fetch (tex2D's inline PTX): not a request the analysis
//   predicts; its data is zero, input like the buffers'; and the SIMD
//   video instruction vabsdiff4 (__vabsdiff4 sums) is computed;
// - stores ending both arms of a branch: one store after the join, at no
//   line (nvcc merges them too); each warp takes one arm here, so the
//   predictions are exact, but no instruction is theirs to measure;
// - a store to `(*p)`: the instruction is at the '=' after the parenthesis;
// - a kernel that reads blockIdx.y: the default grid has 2 rows of blocks,
//   so both arms of `if (blockIdx.y == 0)` run;
// - an #include that is not found (helper headers of host code): skipped as
//   the analysis skips it; the error it causes in host code does not stop
//   the device compile.
// RUN: %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable" --implicit-check-not="not verified: clang"
// RUN: not %lint %s --verify=jit --report=all -- -DMISSING_HELPER 2>&1 | FileCheck %s --check-prefixes=CHECK,MISSING --implicit-check-not=REFUTED --implicit-check-not="not runnable" --implicit-check-not="not verified: clang"
// MISSING: note: skipped 1 missing header: not_installed_helper.h
#ifdef MISSING_HELPER
#include "not_installed_helper.h"
void host_uses_helper() { helper_check_errors(); }
#endif

__device__ int pick(int v, int k) {
  switch (k) {
  case 0: return v;
  case 1: return v + 1;
  case 2: return v * 3;
  case 3: return v ^ 5;
  }
  __builtin_unreachable();
}
__global__ void arms(int4 *out, const int *in) {
  int t = threadIdx.x;
  int v = pick(in[t], t & 3);
  int4 r;
  r.x = r.y = r.z = r.w = v;
  out[t] = r;
}
// CHECK: :[[@LINE-5]]:16: remark: global load 'in[...]': 4 sectors {{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests
// CHECK: :[[@LINE-3]]:3: remark: global store 'out[...]': 16 sectors {{.*}}; confirmed: measured 16 sectors (ideal 16) over 8 warp requests

struct Buf {
  float *data;
  __device__ float &operator[](int i) { return data[i]; }
};
__global__ void through_ref(float *g) {
  Buf b{g};
  float x = b[threadIdx.x * 2];
  b[threadIdx.x] = x + 1.0f;
}
// CHECK: :[[@LINE-3]]:13: warning: global load 'b[threadIdx.x * 2]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
// CHECK: :[[@LINE-4]]:13: note: confirmed: measured 8 sectors (ideal 4) over 8 warp requests
// CHECK: :[[@LINE-4]]:3: remark: global store 'b[threadIdx.x]': 4 sectors {{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests

extern "C" __device__ void cudaGraphSetConditional(unsigned long long, unsigned);
__global__ void graph_cond(unsigned long long h, float *g) {
  g[threadIdx.x] = 1.0f;
  if (threadIdx.x == 0)
    cudaGraphSetConditional(h, 1);
}
// CHECK: :[[@LINE-4]]:3: remark: global store 'g[...]': 4 sectors {{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests

__device__ unsigned fetch(unsigned long long t, float x, float y) {
  unsigned r, g, b, a;
  asm("tex.2d.v4.u32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
      : "=r"(r), "=r"(g), "=r"(b), "=r"(a)
      : "l"(t), "f"(x), "f"(y));
  return r;
}
__global__ void textured(unsigned long long tex, unsigned *out) {
  out[threadIdx.x * 2] = fetch(tex, threadIdx.x, 0.0f);
}
// CHECK: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
// CHECK: :[[@LINE-3]]:3: note: confirmed: measured 8 sectors (ideal 4) over 4 warp requests

__global__ void both_arms(const int *in, float *g) {
  __shared__ int buf[3 * 64];
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    buf[t + 64] = in[t + 3];
    buf[t + 128] = in[t + 4] + 7;
  } else {
    buf[t + 128] = in[t + 5];
    buf[t + 64] = in[t + 6] + 7;
  }
  __syncthreads();
  float *p = g + t * 3;
  (*p) = buf[t] + buf[t + 64];
}
// CHECK: :[[@LINE-10]]:5: remark: shared store 'buf[...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 2 warp requests
// CHECK: :[[@LINE-11]]:19: remark: global load 'in[...]'{{.*}}; confirmed: measured 5 sectors (ideal 4) over 2 warp requests
// CHECK: :[[@LINE-11]]:5: remark: shared store 'buf[...]'{{.*}}, exact; not verified: no compiled store at this expression (merged with another, or optimized away)
// CHECK: :[[@LINE-12]]:20: remark: global load 'in[...]'{{.*}}; confirmed: measured 5 sectors (ideal 4) over 2 warp requests
// CHECK: :[[@LINE-11]]:5: remark: shared store 'buf[...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 6 warp requests
// CHECK: :[[@LINE-12]]:20: remark: global load 'in[...]'{{.*}}; confirmed: measured 5 sectors (ideal 4) over 6 warp requests
// CHECK: :[[@LINE-12]]:5: remark: shared store 'buf[...]'{{.*}}, exact; not verified: no compiled store at this expression (merged with another, or optimized away)
// CHECK: :[[@LINE-13]]:19: remark: global load 'in[...]'{{.*}}; confirmed: measured 5 sectors (ideal 4) over 6 warp requests
// CHECK: :[[@LINE-10]]:3: warning: global store '*p' touches 12 sectors per warp request (ideal 4, 33.3% efficiency)
// CHECK: :[[@LINE-11]]:3: note: confirmed: measured 12 sectors (ideal 4) over 8 warp requests

__global__ void by_row(float *g) {
  if (blockIdx.y == 0)
    g[threadIdx.x] = 0.0f;
  else
    g[threadIdx.x * 2] = 1.0f;
}
// CHECK: :[[@LINE-4]]:5: remark: global store 'g[...]': 4 sectors {{.*}}, exact; not verified: no compiled memory instruction on this line (optimized away or moved)
// CHECK: :[[@LINE-3]]:5: warning: global store 'g[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
// CHECK: :[[@LINE-4]]:5: note: not verified: no compiled memory instruction on this line (optimized away or moved)

__global__ void sad(const unsigned *a, unsigned *out) {
  unsigned s;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;"
      : "=r"(s)
      : "r"(a[threadIdx.x]), "r"(a[threadIdx.x + 32]), "r"(0u));
  out[threadIdx.x] = s;
}
// CHECK: :[[@LINE-3]]:13: remark: global load 'a[...]': 4 sectors {{.*}}; confirmed
// CHECK: :[[@LINE-4]]:34: remark: global load 'a[...]': 4 sectors {{.*}}; confirmed
// CHECK: :[[@LINE-4]]:3: remark: global store 'out[...]': 4 sectors {{.*}}; confirmed

void launch(int4 *o, int *i, float *f, unsigned long long h, unsigned *u) {
  arms<<<2, 64>>>(o, i);
  through_ref<<<2, 64>>>(f);
  graph_cond<<<2, 64>>>(h, f);
  textured<<<2, 32>>>(h, u);
  both_arms<<<2, 64>>>(i, f);
  by_row<<<dim3(2, 2), 64>>>(f);
  sad<<<2, 32>>>(u, u);
}
// CHECK: note: verified on cpu (jit): 18 predictions compared with measurements: 18 confirmed, 0 refuted, 0 worst cases not exceeded, 0 not executed
