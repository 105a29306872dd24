// Red-team kernels in the idiom of PyTorch's reductions (block_reduce,
// shared-memory trees, column/row sums, scans, argmax pairs).
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__device__ float fmaxf(float a, float b);
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// block_reduce: warp sums parked in shared[32], the first warp finishes.
__global__ void row_sum_block_reduce(const float* in, float* out, int n) {
  __shared__ float shared[32];
  int row = blockIdx.x;
  float val = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    val += in[row * n + i];
//@rt global load in B=4 addr=4*(bx*n+tx+j*bdx) sym.n=range(1,70) sym.j=range(0,3) sym.bx=range(0,4)
  int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  val = warp_sum(val);
  if (lane == 0)
    shared[wid] = val;
//@rt shared store shared B=4 addr=4*(tid//32) if=lane==0
  __syncthreads();
  val = (threadIdx.x < blockDim.x / 32) ? shared[lane] : 0.f;
//@rt shared load shared B=4 addr=4*lane if=tx<bdx//32
  if (wid == 0) {
    val = warp_sum(val);
    if (lane == 0)
      out[row] = val;
//@rt global store out B=4 addr=4*bx if=tid==0
  }
}
//@rt-kernel row_sum_block_reduce block=256

// Sequential-addressing tree in shared memory.
__global__ void tree_reduce(const float* in, float* out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
//@rt shared store sdata B=4 addr=4*tx
//@rt global load in B=4 addr=4*(bx*bdx+tx)
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
//@rt shared load sdata at=sdata[tid] B=4 addr=4*tx if=tx<s over.s=[128,64,32,16,8,4,2,1]
//@rt shared store sdata at=sdata[tid] B=4 addr=4*tx if=tx<s over.s=[128,64,32,16,8,4,2,1]
//@rt shared load sdata at=sdata[tid\ +\ s] B=4 addr=4*(tx+s) if=tx<s over.s=[128,64,32,16,8,4,2,1]
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
//@rt global store out B=4 addr=4*bx if=tx==0
//@rt shared load sdata B=4 addr=0 if=tx==0
}
//@rt-kernel tree_reduce block=256

// Interleaved addressing (the bank-conflicted textbook version).
__global__ void interleaved_reduce(const float* in, float* out) {
  __shared__ float sdata[128];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 128 + tid];
//@rt shared store sdata B=4 addr=4*tx
//@rt global load in B=4 addr=4*(bx*128+tx)
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
//@rt shared load sdata at=sdata[index] B=4 addr=4*(2*s*tx) if=2*s*tx<bdx over.s=[1,2,4,8,16,32,64]
//@rt shared store sdata at=sdata[index] B=4 addr=4*(2*s*tx) if=2*s*tx<bdx over.s=[1,2,4,8,16,32,64]
//@rt shared load sdata at=sdata[index\ +\ s] B=4 addr=4*(2*s*tx+s) if=2*s*tx<bdx over.s=[1,2,4,8,16,32,64]
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
//@rt global store out B=4 addr=4*bx if=tx==0
//@rt shared load sdata B=4 addr=0 if=tx==0
}
//@rt-kernel interleaved_reduce block=128

// Sum over dim 0 of a [rows, 512] tensor: one column per thread.
template <int C>
__global__ void column_sum(const float* in, float* out, int rows) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[r * C + col];
//@rt global load in B=4 addr=4*(r*512+bx*bdx+tx) sym.r=range(0,4)
  out[col] = s;
//@rt global store out B=4 addr=4*(bx*bdx+tx)
}
//@rt-kernel column_sum<512> block=128

// One warp per row, a (32, 4) block, rows of 1000 floats: the last trip
// of the loop has 8 active lanes and the rows are not sector aligned.
__global__ void row_max_warp(const float* in, float* out) {
  int row = blockIdx.x * 4 + threadIdx.y;
  float m = -1e30f;
  for (int c = threadIdx.x; c < 1000; c += 32)
    m = fmaxf(m, in[row * 1000 + c]);
//@rt global load in B=4 addr=4*((bx*4+ty)*1000+tx+32*it) if=tx+32*it<1000 over.it=range(0,32)
  if (threadIdx.x == 0)
    out[row] = m;
//@rt global store out B=4 addr=4*(bx*4+ty) if=tx==0
}
//@rt-kernel row_max_warp block=32,4

// argmax with (value, index) pairs in shared memory: an array of structs.
struct ValIdx { float v; int i; };
__global__ void argmax_pairs(const float* in, int* out) {
  __shared__ ValIdx s[128];
  int t = threadIdx.x;
  s[t].v = in[blockIdx.x * 128 + t];
//@rt shared store s B=4 addr=8*tx
//@rt global load in B=4 addr=4*(bx*128+tx)
  s[t].i = t;
//@rt shared store s B=4 addr=8*tx+4
  __syncthreads();
  for (int k = 64; k > 0; k >>= 1) {
    if (t < k && s[t + k].v > s[t].v)
//@rt shared load s at="s[t + k].v" B=4 addr=8*(tx+k) if=tx<k over.k=[64,32,16,8,4,2,1]
//@rt shared load s at="s[t].v" B=4 addr=8*tx if=tx<k over.k=[64,32,16,8,4,2,1]
      s[t] = s[t + k];
//@rt shared store s B=8 align=4 addr=8*tx if=tx<k over.k=[64,32,16,8,4,2,1]
//@rt shared load s at="s[t + k];" B=8 align=4 addr=8*(tx+k) if=tx<k over.k=[64,32,16,8,4,2,1]
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0].i;
//@rt global store out B=4 addr=4*bx if=tx==0
//@rt shared load s B=4 addr=4 if=tx==0
}
//@rt-kernel argmax_pairs block=128

// Inclusive scan (Hillis-Steele) in shared memory.
__global__ void block_scan(const int* in, int* out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
//@rt shared store s B=4 addr=4*tx
//@rt global load in B=4 addr=4*(bx*256+tx)
  __syncthreads();
  for (int off = 1; off < 256; off *= 2) {
    int v = t >= off ? s[t - off] : 0;
//@rt shared load s B=4 addr=4*(tx-off) if=tx>=off over.off=[1,2,4,8,16,32,64,128]
    __syncthreads();
    s[t] += v;
//@rt shared load s B=4 addr=4*tx over.off=[1]
//@rt shared store s B=4 addr=4*tx over.off=[1]
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = s[t];
//@rt global store out B=4 addr=4*(bx*256+tx)
//@rt shared load s B=4 addr=4*tx
}
//@rt-kernel block_scan block=256

// Double accumulators in shared memory: 8-byte words, half-warp phases.
__global__ void var_reduce_double(const float* in, double* out) {
  __shared__ double sd[256];
  int t = threadIdx.x;
  double x = in[blockIdx.x * 256 + t];
//@rt global load in B=4 addr=4*(bx*256+tx)
  sd[t] = x * x;
//@rt shared store sd B=8 addr=8*tx
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s)
      sd[t] += sd[t + s];
//@rt shared load sd at=sd[t] B=8 addr=8*tx if=tx<s over.s=[128,64,32,16,8,4,2,1]
//@rt shared store sd at=sd[t] B=8 addr=8*tx if=tx<s over.s=[128,64,32,16,8,4,2,1]
//@rt shared load sd at="sd[t + s]" B=8 addr=8*(tx+s) if=tx<s over.s=[128,64,32,16,8,4,2,1]
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = sd[0];
//@rt global store out B=8 addr=8*bx if=tx==0
//@rt shared load sd B=8 addr=0 if=tx==0
}
//@rt-kernel var_reduce_double block=256

int main() {
  row_sum_block_reduce<<<64, 256>>>(0, 0, 4096);
  tree_reduce<<<64, 256>>>(0, 0);
  interleaved_reduce<<<64, 128>>>(0, 0);
  column_sum<512><<<4, 128>>>(0, 0, 100);
  row_max_warp<<<16, dim3(32, 4)>>>(0, 0);
  argmax_pairs<<<16, 128>>>(0, 0);
  block_scan<<<16, 256>>>(0, 0);
  var_reduce_double<<<16, 256>>>(0, 0);
}
