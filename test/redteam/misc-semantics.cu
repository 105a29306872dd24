// Red-team kernels for C++ semantics the analysis must follow exactly:
// truncating division and modulo of negative values, narrow-type wrap,
// unsigned wrap, post-increments and the C++17 order of '=', nested
// conditionals, early returns inside helpers and lambdas, loops whose exit
// a loaded value decides (the forms the tool gets right; the others are in
// xfail-rt13), loop counters used non-linearly, cuda-samples' SharedMemory
// helper, accessor methods on a __shared__ storage struct, macros.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// C truncates toward zero: (t - 16) / 4 and % 4 for t < 16 (halo offsets).
__global__ void halo_quotients(const float* in, float* out) {
  int d = (int)threadIdx.x - 16;
  out[threadIdx.x] = in[d / 4 * 8 + 64];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr=4*(cdiv(tx-16,4)*8+64)
  out[threadIdx.x + 32] = in[(d >> 2) * 8 + 64];
//@rt global store out B=4 addr=4*(tx+32)
//@rt global load in B=4 addr=4*(((tx-16)>>2)*8+64)
  out[threadIdx.x + 64] = in[d % 4 * 8 + 64];
//@rt global store out B=4 addr=4*(tx+64)
//@rt global load in B=4 addr=4*(cmod(tx-16,4)*8+64)
}
//@rt-kernel halo_quotients block=32

// An 8-bit index wraps at 256; an unsigned difference wraps at 2^32.
__global__ void narrow_wrap(const float* in, float* out) {
  unsigned char c = threadIdx.x * 16;
  out[threadIdx.x] = in[c];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr=4*((tx*16)%256)
  out[threadIdx.x + 32] = in[(unsigned)(threadIdx.x - 16u) >> 27];
//@rt global store out B=4 addr=4*(tx+32)
//@rt global load in B=4 addr=4*(((tx-16)%(1<<32))>>27)
}
//@rt-kernel narrow_wrap block=32

// Two post-increments walk a pair; the store uses the final index.
__global__ void pair_walk(const float* in, float* out) {
  int i = threadIdx.x * 2;
  float a = in[i++];
//@rt global load in B=4 addr=4*2*tx
  float b = in[i++];
//@rt global load in B=4 addr=4*(2*tx+1)
  out[i] = a + b;
//@rt global store out B=4 addr=4*(2*tx+2)
}
//@rt-kernel pair_walk block=32

// C++17: the right operand of '=' is evaluated before the left one.
__global__ void assign_order(const float* in, float* out) {
  int i = threadIdx.x;
  out[(i *= 2, i + 1)] = in[i];
//@rt global store out B=4 addr=4*(2*tx+1)
//@rt global load in B=4 addr=4*tx
}
//@rt-kernel assign_order block=32

// Nested conditionals choose the stride per lane group.
__global__ void tiered_stride(const float* in, float* out) {
  int t = threadIdx.x;
  out[t] = in[t < 8 ? t : (t < 16 ? 2 * t : 4 * t)];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr="4*(tx if tx<8 else (2*tx if tx<16 else 4*tx))"
}
//@rt-kernel tiered_stride block=32

// A return inside a helper or a lambda leaves the helper, not the kernel.
__device__ void store_even(float* o, int t) {
  if (t % 2)
    return;
  o[t * 2] = 1.0f;
//@rt global store o B=4 addr=4*2*tx if=tx%2==0
}
__global__ void helper_returns(float* o, float* o2) {
  int t = threadIdx.x;
  store_even(o, t);
  auto upper = [&](int x) {
    if (x < 16)
      return;
    o2[x] = 1.0f;
//@rt global store o2 at=o2[x] B=4 addr=4*tx if=tx>=16
  };
  upper(t);
  o2[t * 8 + 256] = 2.0f;
//@rt global store o2 B=4 addr=4*(8*tx+256)
}
//@rt-kernel helper_returns block=32

// Loops whose exit depends on loaded flags, in the forms handled right.
__global__ void flag_searches(const int* flag, float* out) {
  int k = 0;
  while (k < 8 && !flag[k])
//@rt global load flag B=4 addr=4*k over.k=range(8)
    k++;
  out[k * 5 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(k*5+tx) sym.k=range(0,9)
  int off = 0;
  for (int j = 0; j < 4; j++) {
    off += 5;
    if (flag[j])
//@rt global load flag B=4 addr=4*j over.j=range(4)
      break;
  }
  out[off + threadIdx.x + 64] = 2.0f;
//@rt global store out B=4 addr=4*(5*c+tx+64) sym.c=range(1,5)
}
//@rt-kernel flag_searches block=32

// Loop counters of unknown trip counts used non-linearly.
__global__ void counter_shapes(float* out, int n) {
  for (int k = 0; k < n; k++) {
    out[(k % 3) * 5 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*((k%3)*5+tx) sym.k=range(0,12)
    out[(k & 1) * 3 + (k >> 1) * 8 + threadIdx.x + 4096] = 2.0f;
//@rt global store out B=4 addr=4*((k&1)*3+(k>>1)*8+tx+4096) sym.k=range(0,12)
    out[k * k * 8 + threadIdx.x + 8192] = 3.0f;
//@rt global store out B=4 addr=4*(k*k*8+tx+8192) sym.k=range(0,12)
  }
}
//@rt-kernel counter_shapes block=32

// cuda-samples' SharedMemory<T> helper over extern shared memory.
template <class T> struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};
template <class T> __global__ void reduce_interleaved(const T* g_idata, T* g_odata) {
  T* sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
//@rt shared store sdata B=4 addr=4*tx kernel=reduce_interleaved<float>
//@rt global load g_idata B=4 addr=4*(bx*bdx+tx) kernel=reduce_interleaved<float>
//@rt shared store sdata B=8 addr=8*tx kernel=reduce_interleaved<double>
//@rt global load g_idata B=8 addr=8*(bx*bdx+tx) kernel=reduce_interleaved<double>
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0)
      sdata[tid] += sdata[tid + s];
//@rt shared load sdata at=sdata[tid] B=4 addr=4*tx if=tx%(2*s)==0 over.s=[1,2,4,8,16,32,64] kernel=reduce_interleaved<float>
//@rt shared store sdata at=sdata[tid] B=4 addr=4*tx if=tx%(2*s)==0 over.s=[1,2,4,8,16,32,64] kernel=reduce_interleaved<float>
//@rt shared load sdata at=sdata[tid\ +\ s] B=4 addr=4*(tx+s) if=tx%(2*s)==0 over.s=[1,2,4,8,16,32,64] kernel=reduce_interleaved<float>
//@rt shared load sdata at=sdata[tid] B=8 addr=8*tx if=tx%(2*s)==0 over.s=[1,2,4,8,16,32,64] kernel=reduce_interleaved<double>
//@rt shared store sdata at=sdata[tid] B=8 addr=8*tx if=tx%(2*s)==0 over.s=[1,2,4,8,16,32,64] kernel=reduce_interleaved<double>
//@rt shared load sdata at=sdata[tid\ +\ s] B=8 addr=8*(tx+s) if=tx%(2*s)==0 over.s=[1,2,4,8,16,32,64] kernel=reduce_interleaved<double>
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
//@rt global store g_odata B=4 addr=4*bx if=tx==0 kernel=reduce_interleaved<float>
//@rt shared load sdata B=4 addr=0 if=tx==0 kernel=reduce_interleaved<float>
//@rt global store g_odata B=8 addr=8*bx if=tx==0 kernel=reduce_interleaved<double>
//@rt shared load sdata B=8 addr=0 if=tx==0 kernel=reduce_interleaved<double>
}
//@rt-kernel reduce_interleaved<float> block=128
//@rt-kernel reduce_interleaved<double> block=128

// Accessor methods on a __shared__ storage struct (CUTLASS SharedStorage).
struct SharedStorage {
  float a[32][33];
  float b[32][32];
  __device__ float& A(int r, int c) { return a[r][c]; }
  __device__ float& operator()(int r, int c) { return b[r][c]; }
};
__global__ void storage_methods(float* out) {
  __shared__ SharedStorage ss;
  ss.A(threadIdx.x, threadIdx.y) = 1.0f;
//@rt shared store ss.A B=4 addr=4*(tx*33+ty)
  ss(threadIdx.x, threadIdx.y) = 2.0f;
//@rt shared store ss( B=4 addr=4*1056+4*(tx*32+ty)
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = ss.A(threadIdx.y, threadIdx.x) + ss(threadIdx.y, threadIdx.x);
//@rt global store out B=4 addr=4*(ty*32+tx)
//@rt shared load ss.A B=4 addr=4*(ty*33+tx)
//@rt shared load ss( B=4 addr=4*1056+4*(ty*32+tx)
}
//@rt-kernel storage_methods block=32,4

// PyTorch's CUDA_KERNEL_LOOP and an indexing macro.
#define KERNEL_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)
#define AT(p, r, c, ld) (p)[(r) * (ld) + (c)]
__global__ void macro_loop(const float* in, float* out, int n) {
  KERNEL_LOOP(idx, n) { out[idx] = AT(in, idx, 0, 2); }
//@rt global store out B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) if=bx*bdx+tx+j*bdx*gdx<n sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3) sym.n=[1000,100000]
//@rt global load in B=4 addr=4*2*(bx*bdx+tx+j*bdx*gdx) if=bx*bdx+tx+j*bdx*gdx<n sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3) sym.n=[1000,100000]
}
//@rt-kernel macro_loop block=128

int main() {
  halo_quotients<<<1, 32>>>(0, 0);
  narrow_wrap<<<1, 32>>>(0, 0);
  pair_walk<<<1, 32>>>(0, 0);
  assign_order<<<1, 32>>>(0, 0);
  tiered_stride<<<1, 32>>>(0, 0);
  helper_returns<<<1, 32>>>(0, 0);
  flag_searches<<<1, 32>>>(0, 0);
  counter_shapes<<<1, 32>>>(0, 5);
  reduce_interleaved<float><<<4, 128, 512>>>(0, 0);
  reduce_interleaved<double><<<4, 128, 1024>>>(0, 0);
  storage_methods<<<1, dim3(32, 4)>>>(0);
  macro_loop<<<8, 128>>>(0, 0, 1000);
}
