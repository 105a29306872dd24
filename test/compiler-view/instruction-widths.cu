// The compiler view: each access is costed as the instructions the compiler
// makes of it (clang's own device code generation on the parsed file), not
// as written. Beside each kernel, the PTX nvcc 13 emits for it
// (`nvcc -arch=sm_89 -ptx -lineinfo -O3`): the widths agree.
// RUN: %lint %s --block-dim=128 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %lint %s --block-dim=128 --format=json --report=all | FileCheck %s --check-prefix=JSON

// Only .w of a float4 is used: nvcc `ld.global.nc.f32 %f1, [%rd6+12];`,
// one 4-byte load per lane 16 bytes apart.
__global__ void narrowed_w(const float4 *__restrict__ q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
  // CHECK: :[[@LINE-1]]:14: warning: global load 'q[...]' touches 16 sectors per warp request (ideal 4, 25.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:14: note: worst request: warp 0; 32 active lanes, 4 bytes per lane
  // CHECK: :[[@LINE-3]]:14: note: compiled (clang -O3) to ld.global{{(.nc)?}}.b32 (its place in the access not fixed) of the 16-byte access; each instruction is its own request
  o[i] = v.w;
}
// JSON: "compiled": {
// JSON-NEXT: "compiler": "clang -O3",
// JSON-NEXT: "instructions": [
// JSON-NEXT: "ld.global{{(.nc)?}}.b32 +?"
// JSON-NEXT: ],
// JSON-NEXT: "source_bytes": 16,
// JSON-NEXT: "state": "instructions"

// .x and .y of a float4 copied whole: nvcc 13 keeps the whole
// `ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd6];` when more than one
// element is used, and so does the view: one 16-byte load per lane, ideal.
__global__ void fused_xy(const float4 *__restrict__ q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
  o[i] = v.x + v.y;
}
// JSON: "bytes": 16,
// JSON: "instructions": [
// JSON-NEXT: "ld.global{{(.nc)?}}.v4.b32 +0"

// The two fields read one by one (no copy): nvcc
// `ld.global.v2.f32 {%f1, %f2}, [%rd6];`, 8 of the 16 bytes.
__global__ void fields_xy(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = q[i].x + q[i].y;
  // CHECK: :[[@LINE-1]]:10: warning: global load 'q[i].x' touches 16 sectors per warp request (ideal 8, 50.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:10: note: compiled (clang -O3) to ld.global.v2.b32 at byte 0 of the 4-byte access; each instruction is its own request
}

// .y of a double2: nvcc `ld.global.nc.f64 %fd1, [%rd6+8];`.
__global__ void narrowed_double2(const double2 *__restrict__ q, double *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double2 v = q[i];
  // CHECK: :[[@LINE-1]]:15: warning: global load 'q[...]' touches 16 sectors per warp request (ideal 8, 50.0% efficiency): lane k reads byte 16*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:15: note: worst request: warp 0; 32 active lanes, 8 bytes per lane
  o[i] = v.y;
}

// Three floats of a 4-aligned struct are three loads, never fused:
// nvcc `ld.global.f32 %f1, [%rd4];` and `ld.global.f32 %f2, [%rd4+4];`.
struct F3 { float x, y, z; };
__global__ void float3_fields(const F3 *p, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].x + p[i].y;
  // CHECK: :[[@LINE-1]]:10: warning: global load 'p[i].x' touches 12 sectors per warp request (ideal 4, 33.3% efficiency): lane k reads byte 12*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:10: note: 1 other site of kernel 'float3_fields' accesses 'p' with the same lane pattern
}

// An alignas(16) struct copied through reinterpret_cast: nvcc
// `ld.global.v4.f32` and `st.global.v4.f32` (clang's own code generation
// copies it as two 8-byte halves: the view moves it as nvcc does).
template <typename T, int N> struct alignas(sizeof(T) * N) vec { T v[N]; };
__global__ void vector_copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vec<float, 4> t = reinterpret_cast<const vec<float, 4> *>(in)[i];
  reinterpret_cast<vec<float, 4> *>(out)[i] = t;
}

// A float4 written into a shared tile through a cast: the element is only
// 4-aligned to clang, 16 to C++ (the cast's type): nvcc
// `st.shared.v4.f32 [%r4], {..}`; the rows of 16 floats are read back
// fused too: `ld.shared.v4.f32`.
__global__ void tile_rows(const float4 *in, float *out) {
  __shared__ __align__(16) float tile[128][16];
  int t = threadIdx.x;
  for (int c = 0; c < 16; c += 4)
    *reinterpret_cast<float4 *>(&tile[t][c]) = in[t * 4 + c / 4];
  // CHECK: :[[@LINE-1]]:5: warning: shared store '*reinterpret_cast<float4 *>(&tile[t][c])' has a 4-way bank conflict: 16 wavefronts per warp request (ideal 4): lane k writes byte 64*k [cuda-shared-bank-conflict]
  // CHECK: :[[@LINE-2]]:48: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 64*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-3]]:48: note: together with its nearby iterations, 64 bytes per lane, the warp moves 64 sectors for an ideal 64; the excess of each request stays in L1 and L2 for the others
  __syncthreads();
  float acc = 0;
  for (int c = 0; c < 16; ++c)
    acc += tile[t][c];
  // CHECK: :[[@LINE-1]]:12: warning: shared load 'tile[...][...]' has a 4-way bank conflict: 16 wavefronts per warp request (ideal 4): lane k reads byte 64*k [cuda-shared-bank-conflict]
  // CHECK: :[[@LINE-2]]:12: note: compiled (clang -O3) to ld.shared.v4.b32 at byte 0, and instructions that begin before it (fused with the accesses next to it) of the 4-byte access
  out[t] = acc;
}

// __ldg is inline assembly for nvcc: the whole int4 is loaded even though
// only .x is used (`ld.global.nc.v4.s32`), and so in the view.
__global__ void ldg_whole(const int4 *in, int *out, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __ldg(&in[i * 2]).x;
  // CHECK: :[[@LINE-1]]:12: warning: global load '__ldg(&in[i * 2])' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [cuda-uncoalesced-global]
}

// A char4 read from shared memory is one 4-byte load for nvcc
// (`ld.shared.u32`), whatever bytes are used: conflict-free here.
__global__ void char4_word(const char4 *in, int *out) {
  __shared__ char4 tile[32][33];
  int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
  tile[ty][tx] = in[threadIdx.x];
  __syncthreads();
  char4 v = tile[tx][ty];
  out[threadIdx.x] = v.x + v.y;
}
