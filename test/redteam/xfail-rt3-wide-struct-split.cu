// Known tool bug RT-3 (/work/coord/redteam-bugs.md): a 32-byte, 16-byte
// aligned struct (double4 as nbody uses it) is one 32-byte access for the
// tool; there is no 32-byte load or store instruction on sm_89/sm_90 (nor a
// 32-byte LDS/STS on any architecture), so the compiler emits two 16-byte
// requests, and each request has its own sectors / wavefronts:
// global, lanes 32 bytes apart: 32 sectors for 16 ideal per request (the
// tool: 32 for 32, exact); shared, 16 bytes per lane at a 32-byte stride:
// 2-way within each 8-lane phase, 8 wavefronts for 4 ideal per request
// (the tool: 8 for 8, 1-way, exact). Remove the XFAIL line when fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

struct __align__(16) dbl4 { double x, y, z, w; };

// The nbody tile loop: positions staged in shared memory, then broadcast.
__global__ void nbody_tile(const dbl4* pos, dbl4* acc, int ntiles) {
  __shared__ dbl4 shPos[128];
  dbl4 me = pos[blockIdx.x * 128 + threadIdx.x];
// Only me.x is used: nvcc 13 (-arch=sm_89 -O3) loads 8 bytes,
// `ld.global.f64 %fd1, [%rd6];`, as clang does.
//@rt global load pos B=8 addr=32*(bx*128+tx)
  double ax = 0;
  for (int tile = 0; tile < ntiles; tile++) {
    shPos[threadIdx.x] = pos[tile * 128 + threadIdx.x];
//@rt shared store shPos B=32 align=16 addr=32*tx
//@rt global load pos B=32 align=16 addr=32*(tl*128+tx) sym.tl=range(0,3)
    for (int j = 0; j < 128; j++)
      ax += shPos[j].x - me.x;
//@rt shared load shPos B=8 addr=32*j over.j=range(0,128,17)
  }
  dbl4 r;
  r.x = ax;
  r.y = r.z = r.w = 0;
  acc[blockIdx.x * 128 + threadIdx.x] = r;
//@rt global store acc B=32 align=16 addr=32*(bx*128+tx)
}
//@rt-kernel nbody_tile block=128

// PyTorch's aligned_vector with 8 floats: 32 bytes, 32-aligned; sm_89 has
// no 32-byte global access either (sm_100 has, for 32-aligned data).
template <typename T, int N> struct alignas(sizeof(T) * N) aligned_vector { T val[N]; };
__global__ void vectorized_copy8(const float* in, float* out) {
  using LoadT = aligned_vector<float, 8>;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  reinterpret_cast<LoadT*>(out)[idx] = reinterpret_cast<const LoadT*>(in)[idx];
//@rt global store out B=32 align=16 addr=32*(bx*bdx+tx)
//@rt global load in B=32 align=16 addr=32*(bx*bdx+tx)
}
//@rt-kernel vectorized_copy8 block=128

int main() {
  nbody_tile<<<16, 128>>>(0, 0, 16);
  vectorized_copy8<<<16, 128>>>(0, 0);
}
