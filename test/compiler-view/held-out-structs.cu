// Held-out suite, part 2: structs and arrays whose fields the compiler may
// or may not fuse, accesses it merges or removes, and divergent switch
// arms. As in part 1, each access carries nvcc 13's PTX for its line
// (//@nvcc, kept true by utils/compiler-view/nvcc_lines.py --check) and
// the red-team oracle's expectation for that instruction (//@rt, B its
// width, addr its lane address; docs/redteam.md).
// RUN: %lint %s --block-dim=128 --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Two ints of a 4-aligned struct: two 4-byte loads, 8 bytes apart per lane.
struct IntPair { int a, b; };
__global__ void int_pair(const IntPair *p, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].a + p[i].b;
//@nvcc ld.global.u32 [+0]
//@nvcc ld.global.u32 [+4]
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
//@rt global load p at=p[i].a B=4 addr=8*(bx*bdx+tx) must=exact
//@rt global load p at=p[i].b B=4 addr=8*(bx*bdx+tx)+4 must=exact
}
//@rt-kernel int_pair block=128

// The same struct aligned to 8: one 8-byte load (the second field's
// record has no instruction of its own: a bound, not exact).
struct __align__(8) IntPair8 { int a, b; };
__global__ void int_pair8(const IntPair8 *p, int *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].a + p[i].b;
//@nvcc ld.global.v2.u32 [+0]
//@nvcc st.global.u32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
//@rt global load p at=p[i].a B=8 addr=8*(bx*bdx+tx) must=exact
//@rt global load p at=p[i].b B=4 addr=8*(bx*bdx+tx)+4
}
//@rt-kernel int_pair8 block=128

// float3: three 4-byte loads 12 bytes apart.
__global__ void float3_sum(const float3 *p, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].x + p[i].y + p[i].z;
//@nvcc ld.global.f32 [+0]
//@nvcc ld.global.f32 [+4]
//@nvcc ld.global.f32 [+8]
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
//@rt global load p at=p[i].x B=4 addr=12*(bx*bdx+tx) must=exact
//@rt global load p at=p[i].y B=4 addr=12*(bx*bdx+tx)+4 must=exact
//@rt global load p at=p[i].z B=4 addr=12*(bx*bdx+tx)+8 must=exact
}
//@rt-kernel float3_sum block=128

// A whole float3 copied: still three loads (4-aligned).
__global__ void float3_copy(const float3 *p, float3 *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 v = p[i];
//@nvcc ld.global.f32 [+0]
//@nvcc ld.global.f32 [+4]
//@nvcc ld.global.f32 [+8]
//@rt global load p B=4 addr=12*(bx*bdx+tx)+4*e over.e=range(3) must=exact
  o[i] = v;
//@nvcc st.global.f32 [+0]
//@nvcc st.global.f32 [+4]
//@nvcc st.global.f32 [+8]
//@rt global store o B=4 addr=12*(bx*bdx+tx)+4*e over.e=range(3) must=exact
}
//@rt-kernel float3_copy block=128

// Rodinia bfs: a graph node's two ints (under a bound check on n: bounds).
struct Node { int starting; int no_of_edges; };
__global__ void bfs_node(const Node *nodes, const int *edges, int *cost,
                         int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n) {
    int s = nodes[tid].starting;
//@nvcc ld.global.u32 [+0]
//@rt global load nodes B=4 addr=8*(bx*bdx+tx) if=bx*bdx+tx<n sym.n=[100000]
    int e = s + nodes[tid].no_of_edges;
//@nvcc ld.global.u32 [+4]
//@rt global load nodes B=4 addr=8*(bx*bdx+tx)+4 if=bx*bdx+tx<n sym.n=[100000]
    cost[tid] = s * e;
//@nvcc st.global.u32 [+0]
//@rt global store cost B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<n sym.n=[100000]
  }
}
//@rt-kernel bfs_node block=128

// Rodinia lavaMD: a 32-byte struct of four doubles, 8-aligned.
struct FourVector { double v, x, y, z; };
__global__ void lavamd_fields(const FourVector *rv, double *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = rv[i].v * rv[i].x;
//@nvcc ld.global.f64 [+0]
//@nvcc ld.global.f64 [+8]
//@nvcc st.global.f64 [+0]
//@rt global store o B=8 addr=8*(bx*bdx+tx) must=exact
//@rt global load rv at=rv[i].v B=8 addr=32*(bx*bdx+tx) must=exact
//@rt global load rv at=rv[i].x B=8 addr=32*(bx*bdx+tx)+8 must=exact
}
//@rt-kernel lavamd_fields block=128

// Rodinia nn: latitude and longitude of a record.
struct LatLong { float lat, lng; };
__global__ void nn_distance(const LatLong *d, float *dist, float lat,
                            float lng) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = lat - d[i].lat;
//@nvcc ld.global.f32 [+0]
//@rt global load d B=4 addr=8*(bx*bdx+tx) must=exact
  float b = lng - d[i].lng;
//@nvcc ld.global.f32 [+4]
//@rt global load d B=4 addr=8*(bx*bdx+tx)+4 must=exact
  dist[i] = a * a + b * b;
//@nvcc st.global.f32 [+0]
//@rt global store dist B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel nn_distance block=128

// The two halves of a float2 with a store between them and no
// __restrict__: the store may change .y, so two loads.
__global__ void store_between(const float2 *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].x;
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store o at=o[i] B=4 addr=4*(bx*bdx+tx) must=exact
//@rt global load p B=4 addr=8*(bx*bdx+tx) must=exact
  o[i + n] = p[i].y;
//@nvcc ld.global.f32 [+4]
//@nvcc st.global.f32 [+0]
//@rt global store o at=o[i\ +\ n] B=4 addr=4*(bx*bdx+tx+n) sym.n=[4096]
//@rt global load p B=4 addr=8*(bx*bdx+tx)+4
}
//@rt-kernel store_between block=128

// vec_copy<float, 4>: an unrolled copy of four floats through a float
// pointer (4-aligned): four 4-byte loads and stores, 16 bytes apart.
template <typename T, int N>
__device__ void vec_copy(T *dst, const T *src) {
#pragma unroll
  for (int k = 0; k < N; ++k)
    dst[k] = src[k];
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@nvcc ld.global.f32 [+4]
//@nvcc st.global.f32 [+4]
//@nvcc ld.global.f32 [+8]
//@nvcc st.global.f32 [+8]
//@nvcc ld.global.f32 [+12]
//@nvcc st.global.f32 [+12]
//@rt global store dst B=4 addr=16*(bx*bdx+tx)+4*k over.k=range(4) must=exact
//@rt global load src B=4 addr=16*(bx*bdx+tx)+4*k over.k=range(4) must=exact
}
__global__ void unrolled_copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vec_copy<float, 4>(out + 4 * i, in + 4 * i);
}
//@rt-kernel unrolled_copy block=128

// A pointer walk: *p++ over four floats per lane.
__global__ void pointer_walk(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = in + 4 * i;
  float s = 0;
  for (int k = 0; k < 4; ++k)
    s += *p++;
//@nvcc ld.global.f32 [+0]
//@nvcc ld.global.f32 [+4]
//@nvcc ld.global.f32 [+8]
//@nvcc ld.global.f32 [+12]
//@rt global load p B=4 addr=16*(bx*bdx+tx)+4*k over.k=range(4) must=exact
  out[i] = s;
//@nvcc st.global.f32 [+0]
//@rt global store out B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel pointer_walk block=128

// __builtin_assume_aligned: the pair is one 8-byte load.
__global__ void assumed_pair(const float *p, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *q = (const float *)__builtin_assume_aligned(p, 8);
  o[i] = q[2 * i] + q[2 * i + 1];
//@nvcc ld.global.v2.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
//@rt global load q at=q[2\ *\ i] B=8 addr=8*(bx*bdx+tx) must=exact
//@rt global load q at=q[2\ *\ i\ +\ 1] B=4 addr=8*(bx*bdx+tx)+4
}
//@rt-kernel assumed_pair block=128

// Without it, the same pair: two 4-byte loads.
__global__ void unassumed_pair(const float *p, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[2 * i] + p[2 * i + 1];
//@nvcc ld.global.f32 [+0]
//@nvcc ld.global.f32 [+4]
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
//@rt global load p at=p[2\ *\ i] B=4 addr=8*(bx*bdx+tx) must=exact
//@rt global load p at=p[2\ *\ i\ +\ 1] B=4 addr=8*(bx*bdx+tx)+4 must=exact
}
//@rt-kernel unassumed_pair block=128

// An extern __shared__ array is 16-aligned: the pair is one 8-byte load.
__global__ void extern_shared_pair(const float *in, float *out) {
  extern __shared__ float sh[];
  int t = threadIdx.x;
  sh[t] = in[blockIdx.x * blockDim.x + t];
//@nvcc ld.global.f32 [+0]
//@nvcc st.shared.f32 [+0]
//@rt shared store sh B=4 addr=4*tx must=exact
//@rt global load in B=4 addr=4*(bx*bdx+tx) must=exact
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = sh[2 * t] + sh[2 * t + 1];
//@nvcc ld.shared.v2.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store out B=4 addr=4*(bx*bdx+tx) must=exact
//@rt shared load sh at=sh[2\ *\ t] B=8 addr=8*tx must=exact
//@rt shared load sh at=sh[2\ *\ t\ +\ 1] B=4 addr=8*tx+4
}
//@rt-kernel extern_shared_pair block=128

// Rodinia srad: one of three neighbours chosen by branches on the lane;
// each branch's load is its own instruction.
__global__ void srad_neighbour(const float *img, float *out, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  if (threadIdx.x == 0)
    v = img[i + cols];
//@rt global load img B=4 addr=4*(bx*bdx+tx+cols) if=tx==0 sym.cols=[512]
  else if (threadIdx.x == 127)
    v = img[i - cols];
//@rt global load img B=4 addr=4*(bx*bdx+tx-cols) if=tx==127 sym.cols=[512]
  else
    v = img[i];
//@rt global load img B=4 addr=4*(bx*bdx+tx) if=(tx!=0)*(tx!=127)
  out[i] = v;
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store out B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel srad_neighbour block=128

// A value read twice with a store between that may change it (no
// __restrict__): both reads are loads.
__global__ void reread_value(const float *p, float *o, float *o2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[3 * i];
//@nvcc ld.global.f32 [+0]
//@rt global load p B=4 addr=12*(bx*bdx+tx) must=exact
  o[i] = a + 1.0f;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
  float b = p[3 * i];
//@nvcc ld.global.f32 [+0]
//@rt global load p B=4 addr=12*(bx*bdx+tx) must=exact
  o2[i] = b * 2.0f;
//@nvcc st.global.f32 [+0]
//@rt global store o2 B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel reread_value block=128

// With __restrict__ the second read is removed (the first value reused):
// its record has no instruction, a bound.
__global__ void reused_value(const float *__restrict__ p,
                             float *__restrict__ o, float *__restrict__ o2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[3 * i];
//@nvcc ld.global.nc.f32 [+0]
//@rt global load p B=4 addr=12*(bx*bdx+tx) must=exact
  o[i] = a + 1.0f;
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) must=exact
  float b = p[3 * i];
//@rt global load p B=4 addr=12*(bx*bdx+tx)
  o2[i] = b * 2.0f;
//@nvcc st.global.f32 [+0]
//@rt global store o2 B=4 addr=4*(bx*bdx+tx) must=exact
}
//@rt-kernel reused_value block=128

// Both arms of a branch end in a store to one array: the compiler makes
// one store of a per-lane address after the branch; neither arm's record
// is that instruction (bounds, not exact).
__global__ void merged_arm_stores(const float *a, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x & 1)
    o[4 * i] = a[i] * 3.0f;
//@nvcc ld.global.f32 [+0]
//@rt global store o B=4 addr=16*(bx*bdx+tx) if=tx%2==1
//@rt global load a B=4 addr=4*(bx*bdx+tx) if=tx%2==1 must=exact
  else
    o[i] = a[2 * i] + 1.0f;
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=4*(bx*bdx+tx) if=tx%2==0
//@rt global load a B=4 addr=8*(bx*bdx+tx) if=tx%2==0 must=exact
}
//@rt-kernel merged_arm_stores block=128

// Each arm updates its own element (`+=`): nvcc makes one load and one
// store of them after the branch (bounds, not exact).
__global__ void arm_updates(float *o, float x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x & 1)
    o[4 * i] += x;
//@rt global load o B=4 addr=16*(bx*bdx+tx) if=tx%2==1
//@rt global store o B=4 addr=16*(bx*bdx+tx) if=tx%2==1
  else
    o[i] += 2.0f * x;
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global load o B=4 addr=4*(bx*bdx+tx) if=tx%2==0
//@rt global store o B=4 addr=4*(bx*bdx+tx) if=tx%2==0
}
//@rt-kernel arm_updates block=128

__device__ float v_sink[1 << 20];

// Divergent switch arms: lane & 3 picks the arm; each arm's accesses are
// made by a quarter of the warp's lanes (arms that store to different
// arrays: nothing to merge).
__global__ void switch_arms(const float *a, float *o, int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  switch (threadIdx.x & 3) {
  case 0:
    o[4 * i] = a[i];
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store o B=4 addr=16*(bx*bdx+tx) if=tx%4==0 must=exact
//@rt global load a B=4 addr=4*(bx*bdx+tx) if=tx%4==0 must=exact
    break;
  case 1:
    c[4 * i + 1] = 7;
//@nvcc st.global.u32 [+0]
//@rt global store c B=4 addr=16*(bx*bdx+tx)+4 if=tx%4==1 must=exact
    break;
  case 2:
    v_sink[8 * i] = a[2 * i];
//@nvcc ld.global.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store v_sink B=4 addr=32*(bx*bdx+tx) if=tx%4==2 must=exact
//@rt global load a B=4 addr=8*(bx*bdx+tx) if=tx%4==2 must=exact
    break;
  default:
    break;
  }
}
//@rt-kernel switch_arms block=128

// A shared tile of rows aligned to 16: rows read four floats at a time.
__global__ void aligned_rows(const float4 *in, float *out) {
  __shared__ __align__(16) float tile[128][4];
  int t = threadIdx.x;
  *reinterpret_cast<float4 *>(&tile[t][0]) = in[blockIdx.x * blockDim.x + t];
//@nvcc ld.global.v4.u32 [+0]
//@nvcc st.shared.v4.u32 [+0]
//@rt shared store tile B=16 addr=16*tx must=exact
//@rt global load in B=16 addr=16*(bx*bdx+tx) must=exact
  __syncthreads();
  int r = (t * 8) % 128;
  out[blockIdx.x * blockDim.x + t] = tile[r][0] + tile[r][1] + tile[r][2] + tile[r][3];
//@nvcc ld.shared.v4.f32 [+0]
//@nvcc st.global.f32 [+0]
//@rt global store out B=4 addr=4*(bx*bdx+tx) must=exact
//@rt shared load tile at=tile[r][0] B=16 addr=16*((tx*8)%128)
//@rt shared load tile at=tile[r][1] B=4 addr=16*((tx*8)%128)+4
//@rt shared load tile at=tile[r][2] B=4 addr=16*((tx*8)%128)+8
//@rt shared load tile at=tile[r][3] B=4 addr=16*((tx*8)%128)+12
}
//@rt-kernel aligned_rows block=128
