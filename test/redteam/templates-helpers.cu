// Red-team kernels for how real code factors its accesses: one template
// copied for several element types, functors and lambdas, a helper device
// function shared by kernels with different block shapes, one kernel
// launched with two shapes, if constexpr per type, accessor structs with
// member functions, reference parameters.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// A strided copy template (every STRIDE-th element), per element type.
template <typename T, int STRIDE>
__global__ void strided_gather(const T* in, T* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * STRIDE];
//@rt global store out B=4 addr=4*(bx*bdx+tx) kernel=strided_gather<float,2>
//@rt global load in B=4 addr=4*(bx*bdx+tx)*2 kernel=strided_gather<float,2>
//@rt global store out B=8 addr=8*(bx*bdx+tx) kernel=strided_gather<double,2>
//@rt global load in B=8 addr=8*(bx*bdx+tx)*2 kernel=strided_gather<double,2>
//@rt global store out B=2 addr=2*(bx*bdx+tx) kernel=strided_gather<short,4>
//@rt global load in B=2 addr=2*(bx*bdx+tx)*4 kernel=strided_gather<short,4>
//@rt global store out B=1 addr=(bx*bdx+tx) kernel=strided_gather<char,3>
//@rt global load in B=1 addr=(bx*bdx+tx)*3 kernel=strided_gather<char,3>
}
//@rt-kernel strided_gather<float,2> block=128
//@rt-kernel strided_gather<double,2> block=128
//@rt-kernel strided_gather<short,4> block=128
//@rt-kernel strided_gather<char,3> block=128

// A lambda that captures the row pitch by value and the output by reference.
__global__ void lambda_rows(const float* in, float* out) {
  const int pitch = 40;
  float* o = out;
  auto load_row = [=](int r, int c) { return in[r * pitch + c]; };
//@rt global load in B=4 addr=4*(ty*40+tx)
  auto store = [&](int idx, float v) { o[idx] = v; };
//@rt global store o B=4 addr=4*(ty*32+tx)
  store(threadIdx.y * 32 + threadIdx.x, load_row(threadIdx.y, threadIdx.x));
}
//@rt-kernel lambda_rows block=32,4

// A helper called from two kernels with different shapes.
__device__ void copy_row(const float* src, float* dst, int row, int pitch) {
  dst[row * pitch + threadIdx.x] = src[threadIdx.x * pitch + row];
//@rt global store dst B=4 addr=4*(r*pitch+tx) kernel=rows_a let.pitch=64 sym.r=range(0,3)
//@rt global load src B=4 addr=4*(tx*pitch+r) kernel=rows_a let.pitch=64 sym.r=range(0,3)
//@rt global store dst B=4 addr=4*(bx*pitch+tx) kernel=rows_b let.pitch=16 sym.bx=range(0,3)
//@rt global load src B=4 addr=4*(tx*pitch+bx) kernel=rows_b let.pitch=16 sym.bx=range(0,3)
}
__global__ void rows_a(const float* s, float* d, int r) { copy_row(s, d, r, 64); }
//@rt-kernel rows_a block=64
__global__ void rows_b(const float* s, float* d) { copy_row(s, d, blockIdx.x, 16); }
//@rt-kernel rows_b block=16

// One kernel launched with two block shapes: warps cover different rows.
__global__ void tile_copy(const float* in, float* out) {
  int x = threadIdx.x, y = threadIdx.y;
  out[y * 64 + x] = in[y * 64 + x];
//@rt global store out B=4 addr=4*(ty*64+tx)
//@rt global load in B=4 addr=4*(ty*64+tx)
}
//@rt-kernel tile_copy block=64,4 block=8,32

// if constexpr: wide types take a vector path.
template <typename T>
__global__ void typed_copy(const T* in, T* out) {
  if constexpr (sizeof(T) >= 8) {
    out[threadIdx.x] = in[threadIdx.x];
//@rt global store out B=8 addr=8*tx kernel=typed_copy<double>
//@rt global load in B=8 addr=8*tx kernel=typed_copy<double>
  } else {
    out[threadIdx.x * 2] = in[threadIdx.x * 2];
//@rt global store out B=4 addr=8*tx kernel=typed_copy<float>
//@rt global load in B=4 addr=8*tx kernel=typed_copy<float>
  }
}
//@rt-kernel typed_copy<double> block=64
//@rt-kernel typed_copy<float> block=64

// Reference parameters: the helper accumulates into the caller's shared slot.
__device__ void accumulate(float& slot, const float* src, int i) { slot += src[i]; }
//@rt shared load slot B=4 addr=4*((tx*4)%128+k) over.k=range(4)
//@rt shared store slot B=4 addr=4*((tx*4)%128+k) over.k=range(4)
//@rt global load src B=4 addr=4*(k*128+tx) over.k=range(4)
__global__ void ref_accumulate(const float* in, float* out) {
  __shared__ float acc[128];
  acc[threadIdx.x] = 0;
//@rt shared store acc B=4 addr=4*tx
  for (int k = 0; k < 4; k++)
    accumulate(acc[(threadIdx.x * 4) % 128 + k], in, k * 128 + threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = acc[threadIdx.x];
//@rt global store out B=4 addr=4*tx
//@rt shared load acc B=4 addr=4*tx
}
//@rt-kernel ref_accumulate block=128

int main() {
  strided_gather<float, 2><<<8, 128>>>(0, 0);
  strided_gather<double, 2><<<8, 128>>>(0, 0);
  strided_gather<short, 4><<<8, 128>>>(0, 0);
  strided_gather<char, 3><<<8, 128>>>(0, 0);
  lambda_rows<<<1, dim3(32, 4)>>>(0, 0);
  rows_a<<<1, 64>>>(0, 0, 3);
  rows_b<<<4, 16>>>(0, 0);
  tile_copy<<<1, dim3(64, 4)>>>(0, 0);
  tile_copy<<<1, dim3(8, 32)>>>(0, 0);
  typed_copy<double><<<1, 64>>>(0, 0);
  typed_copy<float><<<1, 64>>>(0, 0);
  ref_accumulate<<<1, 128>>>(0, 0);
}
