// Red-team kernels for control flow as real kernels write it: divergent
// branches on lane parity and warp id, early returns, lane-selected
// pointers, while loops with per-lane exits, switch on a lane's role,
// clamps with min/max, volatile warp-synchronous reductions.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Even lanes write the real part, odd lanes the imaginary part of an
// interleaved complex array, from two planar inputs.
__global__ void interleave_complex(const float* re, const float* im, float* z) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int k = t / 2;
  if (t % 2 == 0)
    z[2 * k] = re[k];
//@rt global store z B=4 addr=4*(2*((bx*bdx+tx)//2)) if=(bx*bdx+tx)%2==0
//@rt global load re B=4 addr=4*((bx*bdx+tx)//2) if=(bx*bdx+tx)%2==0
  else
    z[2 * k + 1] = im[k];
//@rt global store z B=4 addr=4*(2*((bx*bdx+tx)//2)+1) if=(bx*bdx+tx)%2==1
//@rt global load im B=4 addr=4*((bx*bdx+tx)//2) if=(bx*bdx+tx)%2==1
}
//@rt-kernel interleave_complex block=128

// Lanes pick one of two buffers: two memory objects in one request.
__global__ void select_buffer(const float* a, const float* b, float* out) {
  const float* src = (threadIdx.x < 16) ? a : b;
  out[blockIdx.x * blockDim.x + threadIdx.x] = src[threadIdx.x];
//@rt global store out B=4 addr=4*(bx*bdx+tx)
//@rt-skip global load src reason="lanes read two different objects; the oracle models one object per record"
}
//@rt-kernel select_buffer block=64

// Warp specialization: warp 0 loads, the other warps compute on shared.
__global__ void warp_specialized(const float* in, float* out) {
  __shared__ float buf[256];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    for (int i = 0; i < 8; i++)
      buf[i * 32 + lane] = in[blockIdx.x * 256 + i * 32 + lane];
//@rt shared store buf B=4 addr=4*(i*32+lane) if=warp==0 over.i=range(8)
//@rt global load in B=4 addr=4*(bx*256+i*32+lane) if=warp==0 over.i=range(8)
  }
  __syncthreads();
  if (warp > 0)
    out[blockIdx.x * 224 + (warp - 1) * 32 + lane] = buf[lane * 8 + warp];
//@rt global store out B=4 addr=4*(bx*224+(warp-1)*32+lane) if=warp>0
//@rt shared load buf B=4 addr=4*(lane*8+warp) if=warp>0
}
//@rt-kernel warp_specialized block=256

// A per-lane while loop: lanes leave at different trips (t % 4 + 1 trips).
__global__ void ragged_while(const int* in, int* out) {
  int t = threadIdx.x;
  int j = 0;
  while (j <= t % 4) {
    out[j * 64 + t] = in[j * 64 + t];
//@rt global store out B=4 addr=4*(j*64+tx) if=j<=tx%4 over.j=range(4)
//@rt global load in B=4 addr=4*(j*64+tx) if=j<=tx%4 over.j=range(4)
    j++;
  }
}
//@rt-kernel ragged_while block=64

// Early exit of a whole tail: the last block has 20 valid threads (n = 1000,
// bound at compile time).
__global__ void tail_block(const float* in, float* out) {
  const int n = 1000;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[i] + 1.0f;
//@rt global store out B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<1000 sym.bx=range(0,8)
//@rt global load in B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<1000 sym.bx=range(0,8)
}
//@rt-kernel tail_block block=128

// Clamp to the edge of a 1-D signal with min/max (a 5-tap stencil, taps
// unrolled); radius 2, length 100, one block.
__global__ void clamp_stencil(const float* in, float* out) {
  int i = threadIdx.x;
  float s = 0;
  for (int d = -2; d <= 2; d++)
    s += in[min(max(i + d, 0), 99)];
//@rt global load in B=4 addr=4*min(max(tx+d,0),99) over.d=range(-2,3)
  if (i < 100)
    out[i] = s;
//@rt global store out B=4 addr=4*tx if=tx<100
}
//@rt-kernel clamp_stencil block=128

// Warp-synchronous tail of a reduction through a volatile pointer.
__global__ void volatile_tail(const float* in, float* out) {
  __shared__ float sdata[64];
  int t = threadIdx.x;
  sdata[t] = in[blockIdx.x * 64 + t];
//@rt shared store sdata B=4 addr=4*tx
//@rt global load in B=4 addr=4*(bx*64+tx)
  __syncthreads();
  if (t < 32) {
    volatile float* vs = sdata;
    vs[t] += vs[t + 32];
//@rt shared load vs at=vs[t] B=4 addr=4*tx if=tx<32
//@rt shared store vs at=vs[t] B=4 addr=4*tx if=tx<32
//@rt shared load vs at=vs[t\ +\ 32] B=4 addr=4*(tx+32) if=tx<32
    vs[t] += vs[t + 16];
//@rt shared load vs at=vs[t] B=4 addr=4*tx if=tx<32
//@rt shared store vs at=vs[t] B=4 addr=4*tx if=tx<32
//@rt shared load vs at=vs[t\ +\ 16] B=4 addr=4*(tx+16) if=tx<32
  }
  if (t == 0)
    out[blockIdx.x] = sdata[0];
//@rt global store out B=4 addr=4*bx if=tx==0
//@rt shared load sdata B=4 addr=0 if=tx==0
}
//@rt-kernel volatile_tail block=64

// Roles by lane: lane % 4 selects which field of a 16-byte record to copy.
struct Rec { float a, b, c, d; };
__global__ void role_switch(const Rec* in, float* out) {
  int t = threadIdx.x;
  int r = t / 4;
  float v;
  switch (t % 4) {
  case 0: v = in[r].a; break;
//@rt global load in B=4 addr=16*(tx//4) if=tx%4==0
  case 1: v = in[r].b; break;
//@rt global load in B=4 addr=16*(tx//4)+4 if=tx%4==1
  case 2: v = in[r].c; break;
//@rt global load in B=4 addr=16*(tx//4)+8 if=tx%4==2
  default: v = in[r].d; break;
//@rt global load in B=4 addr=16*(tx//4)+12 if=tx%4==3
  }
  out[t] = v;
//@rt global store out B=4 addr=4*tx
}
//@rt-kernel role_switch block=64

// Bit tricks: pair swap (t ^ 1) and 8-lane groups ((t & ~7) | ((t + 1) & 7)).
__global__ void bit_permute(const float* in, float* out) {
  int t = threadIdx.x;
  out[t ^ 1] = in[(t & ~7) | ((t + 1) & 7)];
//@rt global store out B=4 addr=4*(tx^1)
//@rt global load in B=4 addr=4*((tx&~7)|((tx+1)&7))
}
//@rt-kernel bit_permute block=32

int main() {
  interleave_complex<<<8, 128>>>(0, 0, 0);
  select_buffer<<<8, 64>>>(0, 0, 0);
  warp_specialized<<<8, 256>>>(0, 0);
  ragged_while<<<1, 64>>>(0, 0);
  tail_block<<<8, 128>>>(0, 0);
  clamp_stencil<<<1, 128>>>(0, 0);
  volatile_tail<<<8, 64>>>(0, 0);
  role_switch<<<1, 64>>>(0, 0);
  bit_permute<<<1, 32>>>(0, 0);
}
