// Held-out suite, part 1: which elements of a CUDA vector a kernel uses
// decides the instruction nvcc makes of the copy (one element: a scalar load
// at its offset; more: the whole vector). Each access carries the PTX nvcc 13
// emits for its line (//@nvcc, `nvcc -arch=sm_89 -ptx -lineinfo -O3`,
// registers dropped; utils/compiler-view/nvcc_lines.py --check keeps them
// true) and the expectation of the red-team oracle for that instruction
// (//@rt: B is the instruction's width, addr its lane address;
// docs/redteam.md). must=exact: the number is certain, and so is a finding.
// RUN: %lint %s --block-dim=128 --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__global__ void float4_x(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.f32 [+0]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_x block=128

__global__ void float4_y(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.f32 [+4]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+4 must=exact
  o[i] = v.y;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_y block=128

__global__ void float4_z(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.f32 [+8]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+8 must=exact
  o[i] = v.z;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_z block=128

__global__ void float4_w(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.f32 [+12]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+12 must=exact
  o[i] = v.w;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_w block=128

__global__ void float4_xy(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.v4.f32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_xy block=128

__global__ void float4_zw(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.v4.f32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.z + v.w;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_zw block=128

__global__ void float4_xw(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.v4.f32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.w;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_xw block=128

__global__ void float4_xyzw(const float4 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = q[i];
//@nvcc ld.global.v4.f32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y + v.z + v.w;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float4_xyzw block=128

__global__ void int4_x(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.u32 [+0]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_x block=128

__global__ void int4_y(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.u32 [+4]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+4 must=exact
  o[i] = v.y;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_y block=128

__global__ void int4_z(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.u32 [+8]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+8 must=exact
  o[i] = v.z;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_z block=128

__global__ void int4_w(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.u32 [+12]
//@rt global load q B=4 addr=16*(bx*bdx+tx)+12 must=exact
  o[i] = v.w;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_w block=128

__global__ void int4_xy(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_xy block=128

__global__ void int4_zw(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.z + v.w;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_zw block=128

__global__ void int4_xw(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.w;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_xw block=128

__global__ void int4_xyzw(const int4 *q, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int4 v = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y + v.z + v.w;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel int4_xyzw block=128

__global__ void short4_x(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.u16 [+0]
//@rt global load q B=2 addr=8*(bx*bdx+tx)+0 must=exact
  o[i] = (short)(v.x);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_x block=128

__global__ void short4_y(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.u16 [+2]
//@rt global load q B=2 addr=8*(bx*bdx+tx)+2 must=exact
  o[i] = (short)(v.y);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_y block=128

__global__ void short4_z(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.u16 [+4]
//@rt global load q B=2 addr=8*(bx*bdx+tx)+4 must=exact
  o[i] = (short)(v.z);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_z block=128

__global__ void short4_w(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.u16 [+6]
//@rt global load q B=2 addr=8*(bx*bdx+tx)+6 must=exact
  o[i] = (short)(v.w);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_w block=128

__global__ void short4_xy(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.v4.u16 [+0]
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  o[i] = (short)(v.x + v.y);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_xy block=128

__global__ void short4_zw(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.v4.u16 [+0]
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  o[i] = (short)(v.z + v.w);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_zw block=128

__global__ void short4_xw(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.v4.u16 [+0]
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  o[i] = (short)(v.x + v.w);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_xw block=128

__global__ void short4_xyzw(const short4 *q, short *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  short4 v = q[i];
//@nvcc ld.global.v4.u16 [+0]
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  o[i] = (short)(v.x + v.y + v.z + v.w);
//@nvcc st.global.u16 [+0]
//@rt global store o B=2 addr=2*(bx*bdx+tx) must=exact
}
//@rt-kernel short4_xyzw block=128

__global__ void char4_x(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.u8 [+0]
//@rt global load q B=1 addr=4*(bx*bdx+tx)+0 must=exact
  o[i] = (char)(v.x);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_x block=128

__global__ void char4_y(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.u8 [+1]
//@rt global load q B=1 addr=4*(bx*bdx+tx)+1 must=exact
  o[i] = (char)(v.y);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_y block=128

__global__ void char4_z(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.u8 [+2]
//@rt global load q B=1 addr=4*(bx*bdx+tx)+2 must=exact
  o[i] = (char)(v.z);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_z block=128

__global__ void char4_w(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.u8 [+3]
//@rt global load q B=1 addr=4*(bx*bdx+tx)+3 must=exact
  o[i] = (char)(v.w);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_w block=128

__global__ void char4_xy(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.v4.u8 [+0]
//@rt global load q B=4 addr=4*(bx*bdx+tx) must=exact
  o[i] = (char)(v.x + v.y);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_xy block=128

__global__ void char4_zw(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.v4.u8 [+0]
//@rt global load q B=4 addr=4*(bx*bdx+tx) must=exact
  o[i] = (char)(v.z + v.w);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_zw block=128

__global__ void char4_xw(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.v4.u8 [+0]
//@rt global load q B=4 addr=4*(bx*bdx+tx) must=exact
  o[i] = (char)(v.x + v.w);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_xw block=128

__global__ void char4_xyzw(const char4 *q, char *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  char4 v = q[i];
//@nvcc ld.global.v4.u8 [+0]
//@rt global load q B=4 addr=4*(bx*bdx+tx) must=exact
  o[i] = (char)(v.x + v.y + v.z + v.w);
//@nvcc st.global.u8 [+0]
//@rt global store o B=1 addr=1*(bx*bdx+tx) must=exact
}
//@rt-kernel char4_xyzw block=128

__global__ void double2_x(const double2 *q, double *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double2 v = q[i];
//@nvcc ld.global.f64 [+0]
//@rt global load q B=8 addr=16*(bx*bdx+tx)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel double2_x block=128

__global__ void double2_y(const double2 *q, double *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double2 v = q[i];
//@nvcc ld.global.f64 [+8]
//@rt global load q B=8 addr=16*(bx*bdx+tx)+8 must=exact
  o[i] = v.y;
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel double2_y block=128

__global__ void double2_xy(const double2 *q, double *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double2 v = q[i];
//@nvcc ld.global.v2.f64 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel double2_xy block=128

__global__ void float2_x(const float2 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = q[i];
//@nvcc ld.global.f32 [+0]
//@rt global load q B=4 addr=8*(bx*bdx+tx)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float2_x block=128

__global__ void float2_y(const float2 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = q[i];
//@nvcc ld.global.f32 [+4]
//@rt global load q B=4 addr=8*(bx*bdx+tx)+4 must=exact
  o[i] = v.y;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float2_y block=128

__global__ void float2_xy(const float2 *q, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = q[i];
//@nvcc ld.global.v2.f32 [+0]
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel float2_xy block=128

__global__ void uint2_x(const uint2 *q, unsigned *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint2 v = q[i];
//@nvcc ld.global.u32 [+0]
//@rt global load q B=4 addr=8*(bx*bdx+tx)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel uint2_x block=128

__global__ void uint2_y(const uint2 *q, unsigned *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint2 v = q[i];
//@nvcc ld.global.u32 [+4]
//@rt global load q B=4 addr=8*(bx*bdx+tx)+4 must=exact
  o[i] = v.y;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel uint2_y block=128

__global__ void uint2_xy(const uint2 *q, unsigned *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint2 v = q[i];
//@nvcc ld.global.v2.u32 [+0]
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel uint2_xy block=128

__global__ void longlong2_x(const longlong2 *q, long long *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  longlong2 v = q[i];
//@nvcc ld.global.u64 [+0]
//@rt global load q B=8 addr=16*(bx*bdx+tx)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.u64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel longlong2_x block=128

__global__ void longlong2_y(const longlong2 *q, long long *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  longlong2 v = q[i];
//@nvcc ld.global.u64 [+8]
//@rt global load q B=8 addr=16*(bx*bdx+tx)+8 must=exact
  o[i] = v.y;
//@nvcc st.global.u64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel longlong2_y block=128

__global__ void longlong2_xy(const longlong2 *q, long long *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  longlong2 v = q[i];
//@nvcc ld.global.v2.u64 [+0]
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.u64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel longlong2_xy block=128

__global__ void shared_float4_x(const float4 *q, float *o) {
  extern __shared__ float4 s_shared_float4_x[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_float4_x[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_float4_x B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  float4 v = s_shared_float4_x[(4 * t) % 128];
//@nvcc ld.shared.f32 [+0]
//@rt shared load s_shared_float4_x B=4 addr=16*((4*tx)%128)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_float4_x block=128

__global__ void shared_float4_w(const float4 *q, float *o) {
  extern __shared__ float4 s_shared_float4_w[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_float4_w[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_float4_w B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  float4 v = s_shared_float4_w[(4 * t) % 128];
//@nvcc ld.shared.f32 [+12]
//@rt shared load s_shared_float4_w B=4 addr=16*((4*tx)%128)+12 must=exact
  o[i] = v.w;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_float4_w block=128

__global__ void shared_float4_xy(const float4 *q, float *o) {
  extern __shared__ float4 s_shared_float4_xy[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_float4_xy[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_float4_xy B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  float4 v = s_shared_float4_xy[(4 * t) % 128];
//@nvcc ld.shared.v4.f32 [+0]
//@rt shared load s_shared_float4_xy B=16 addr=16*((4*tx)%128) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_float4_xy block=128

__global__ void shared_float4_xyzw(const float4 *q, float *o) {
  extern __shared__ float4 s_shared_float4_xyzw[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_float4_xyzw[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_float4_xyzw B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  float4 v = s_shared_float4_xyzw[(4 * t) % 128];
//@nvcc ld.shared.v4.f32 [+0]
//@rt shared load s_shared_float4_xyzw B=16 addr=16*((4*tx)%128) must=exact
  o[i] = v.x + v.y + v.z + v.w;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_float4_xyzw block=128

__global__ void shared_double2_x(const double2 *q, double *o) {
  extern __shared__ double2 s_shared_double2_x[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_double2_x[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_double2_x B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  double2 v = s_shared_double2_x[(4 * t) % 128];
//@nvcc ld.shared.f64 [+0]
//@rt shared load s_shared_double2_x B=8 addr=16*((4*tx)%128)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_double2_x block=128

__global__ void shared_double2_y(const double2 *q, double *o) {
  extern __shared__ double2 s_shared_double2_y[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_double2_y[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_double2_y B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  double2 v = s_shared_double2_y[(4 * t) % 128];
//@nvcc ld.shared.f64 [+8]
//@rt shared load s_shared_double2_y B=8 addr=16*((4*tx)%128)+8 must=exact
  o[i] = v.y;
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_double2_y block=128

__global__ void shared_double2_xy(const double2 *q, double *o) {
  extern __shared__ double2 s_shared_double2_xy[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_double2_xy[t] = q[i];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store s_shared_double2_xy B=16 addr=16*tx must=exact
//@rt global load q B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  double2 v = s_shared_double2_xy[(4 * t) % 128];
//@nvcc ld.shared.v2.f64 [+0]
//@rt shared load s_shared_double2_xy B=16 addr=16*((4*tx)%128) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_double2_xy block=128

__global__ void shared_int2_x(const int2 *q, int *o) {
  extern __shared__ int2 s_shared_int2_x[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_int2_x[t] = q[i];
//@nvcc ld.global.v2.u32 [+0]
//@nvcc st.shared.v2.u32 [+0]
//@rt shared store s_shared_int2_x B=8 addr=8*tx must=exact
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  __syncthreads();
  int2 v = s_shared_int2_x[(4 * t) % 128];
//@nvcc ld.shared.u32 [+0]
//@rt shared load s_shared_int2_x B=4 addr=8*((4*tx)%128)+0 must=exact
  o[i] = v.x;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_int2_x block=128

__global__ void shared_int2_y(const int2 *q, int *o) {
  extern __shared__ int2 s_shared_int2_y[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_int2_y[t] = q[i];
//@nvcc ld.global.v2.u32 [+0]
//@nvcc st.shared.v2.u32 [+0]
//@rt shared store s_shared_int2_y B=8 addr=8*tx must=exact
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  __syncthreads();
  int2 v = s_shared_int2_y[(4 * t) % 128];
//@nvcc ld.shared.u32 [+4]
//@rt shared load s_shared_int2_y B=4 addr=8*((4*tx)%128)+4 must=exact
  o[i] = v.y;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_int2_y block=128

__global__ void shared_int2_xy(const int2 *q, int *o) {
  extern __shared__ int2 s_shared_int2_xy[];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s_shared_int2_xy[t] = q[i];
//@nvcc ld.global.v2.u32 [+0]
//@nvcc st.shared.v2.u32 [+0]
//@rt shared store s_shared_int2_xy B=8 addr=8*tx must=exact
//@rt global load q B=8 addr=8*(bx*bdx+tx) must=exact
  __syncthreads();
  int2 v = s_shared_int2_xy[(4 * t) % 128];
//@nvcc ld.shared.v2.u32 [+0]
//@rt shared load s_shared_int2_xy B=8 addr=8*((4*tx)%128) must=exact
  o[i] = v.x + v.y;
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel shared_int2_xy block=128
