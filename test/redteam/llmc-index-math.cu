// Red-team kernels for index arithmetic with unknown divisors (llm.c's
// idx / C, idx % C decompositions with C, T, NH kernel arguments), loops
// whose counter doubles or halves up to an unknown bound (scans, strided
// sweeps), and exits under data-dependent conditions (RT-13's family:
// early returns from helpers, switch cases).
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// llm.c encoder_forward_kernel2: (b, t, c) from a flat index and back.
__global__ void encoder_flat(float* out, const float* wpe, int B, int T, int C) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < B * T * C) {
    int bt = idx / C;
    int b = bt / T;
    int t = bt % T;
    int c = idx % C;
    out[b * T * C + t * C + c] = wpe[t * C + c];
//@rt global store out B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<B*T*C sym.B=[1,4] sym.T=[1,3,64] sym.C=[1,7,768]
//@rt global load wpe B=4 addr=4*((bx*bdx+tx)%(T*C)) if=bx*bdx+tx<B*T*C sym.B=[1,4] sym.T=[1,3,64] sym.C=[1,7,768]
  }
}
//@rt-kernel encoder_flat block=256

// llm.c permute_kernel: (B, N, 3, NH, d) -> (B, NH, N, d), q part.
__global__ void permute_q(float* q, const float* inp, int B, int N, int NH, int d) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < B * NH * N * d) {
    int b = idx / (NH * N * d);
    int rest = idx % (NH * N * d);
    int nh_ = rest / (N * d);
    rest = rest % (N * d);
    int n = rest / d;
    int d_ = rest % d;
    int inp_idx = (b * N * 3 * NH * d) + (n * 3 * NH * d) + (nh_ * d) + d_;
    q[idx] = inp[inp_idx];
//@rt global store q B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<B*NH*N*d sym.B=[1,2] sym.N=[1,5] sym.NH=[1,12] sym.d=[1,64]
//@rt global load inp B=4 let.i=bx*bdx+tx let.r=i%(NH*N*d) addr=4*((i//(NH*N*d))*N*3*NH*d+((r%(N*d))//d)*3*NH*d+(r//(N*d))*d+r%d) if=i<B*NH*N*d sym.B=[1,2] sym.N=[1,5] sym.NH=[1,12] sym.d=[1,64]
  }
}
//@rt-kernel permute_q block=128

// A constant divisor of a dividend with an unknown stride: (i/7)*7 + i%7 == i
// whatever the sign of i.
__global__ void rebuilt_index(float* out, int n) {
  int i = blockIdx.x * n + threadIdx.x;
  out[(i / 7) * 7 + i % 7] = 1.0f;
//@rt global store out B=4 addr=4*(bx*n+tx) sym.n=range(0,40) sym.bx=range(0,9)
}
//@rt-kernel rebuilt_index block=32

// A stride that doubles every trip up to an unknown bound.
__global__ void doubling_stride(float* out, unsigned n) {
  for (unsigned s = 1; s < n; s <<= 1)
    out[threadIdx.x * s] = 1.0f;
//@rt global store out B=4 let.s=1<<k addr=4*(tx*s) sym.k=range(32)
}
//@rt-kernel doubling_stride block=32

// Up-sweep of a work-efficient scan over n elements (n a power of two).
__global__ void scan_upsweep(float* data, int n) {
  __shared__ float sh[2048];
  sh[threadIdx.x] = data[threadIdx.x];
//@rt shared store sh B=4 addr=4*tx
//@rt global load data B=4 addr=4*tx
  int off = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (threadIdx.x < d) {
      int ai = off * (2 * threadIdx.x + 1) - 1;
      int bi = off * (2 * threadIdx.x + 2) - 1;
      sh[bi] += sh[ai];
//@rt shared load sh at=sh[bi] B=4 let.o=1<<k let.d=(n>>1)>>k addr=4*(o*(2*tx+2)-1) if=tx<d sym.k=range(0,31) sym.n=[2,64,1<<20,1<<30]
//@rt shared store sh at=sh[bi] B=4 let.o=1<<k let.d=(n>>1)>>k addr=4*(o*(2*tx+2)-1) if=tx<d sym.k=range(0,31) sym.n=[2,64,1<<20,1<<30]
//@rt shared load sh at=sh[ai] B=4 let.o=1<<k let.d=(n>>1)>>k addr=4*(o*(2*tx+1)-1) if=tx<d sym.k=range(0,31) sym.n=[2,64,1<<20,1<<30]
    }
    off *= 2;
  }
}
//@rt-kernel scan_upsweep block=256

// A helper that returns early on a flag read from memory: s is 0 or 1.
__device__ int pick_row(const int* flag) {
  if (flag[0])
//@rt global load flag B=4 addr=0
    return 0;
  return 1;
}
__global__ void early_return_row(const int* flag, float* out) {
  int s = pick_row(flag);
  out[s * 5 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(s*5+tx) sym.s=range(0,2)
}
//@rt-kernel early_return_row block=32

// A switch on a loaded mode: v is 0 or 1 after it.
__global__ void switch_mode(const int* mode, float* out) {
  int v = 1;
  switch (mode[0]) {
//@rt global load mode B=4 addr=0
  case 0:
    v = 0;
    break;
  case 1:
    v = 1;
    break;
  }
  out[v * 5 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(v*5+tx) sym.v=range(0,2)
}
//@rt-kernel switch_mode block=32

int main() {
  encoder_flat<<<64, 256>>>(0, 0, 4, 64, 768);
  permute_q<<<64, 128>>>(0, 0, 2, 5, 12, 64);
  rebuilt_index<<<8, 32>>>(0, 33);
  doubling_stride<<<1, 32>>>(0, 1000);
  scan_upsweep<<<1, 256>>>(0, 512);
  early_return_row<<<1, 32>>>(0, 0);
  switch_mode<<<1, 32>>>(0, 0);
}
