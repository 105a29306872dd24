// Red-team kernels in the idiom of PyTorch's elementwise loops
// (TensorIterator: unrolled per-thread work, grid-stride fills, casts,
// broadcasts, 2-D offsets). Expected numbers come from the independent
// per-lane model in utils/redteam (see docs/redteam.md), never from the tool.
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Unrolled elementwise add: each thread does 4 elements, block-strided.
__global__ void add_unrolled(const float* a, const float* b, float* out, int n) {
  int idx = blockIdx.x * blockDim.x * 4 + threadIdx.x;
#pragma unroll
  for (int i = 0; i < 4; i++) {
    int j = idx + i * blockDim.x;
    if (j < n)
      out[j] = a[j] + b[j];
//@rt global store out B=4 let.j=bx*bdx*4+tx+i*bdx addr=4*j if=j<n over.i=range(4) sym.n=range(0,2000,123)
//@rt global load a B=4 let.j=bx*bdx*4+tx+i*bdx addr=4*j if=j<n over.i=range(4) sym.n=range(0,2000,123)
//@rt global load b B=4 let.j=bx*bdx*4+tx+i*bdx addr=4*j if=j<n over.i=range(4) sym.n=range(0,2000,123)
  }
}
//@rt-kernel add_unrolled block=128

// Grid-stride fill (at::native fill_kernel shape).
__global__ void fill_grid_stride(float* out, float v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = v;
//@rt global store out B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,5) sym.gdx=range(1,6) sym.bx=range(0,6)
}
//@rt-kernel fill_grid_stride block=256

// Type conversion from 16-bit storage (half bits) to float.
__global__ void cast_u16_to_f32(const unsigned short* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = (float)in[i];
//@rt global store out B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<n sym.n=range(0,1000,37)
//@rt global load in B=2 addr=2*(bx*bdx+tx) if=bx*bdx+tx<n sym.n=range(0,1000,37)
}
//@rt-kernel cast_u16_to_f32 block=512

// where(cond, a, b): a byte mask selects the source.
__global__ void where_kernel(const bool* cond, const float* a, const float* b,
                             float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = cond[i] ? a[i] : b[i];
//@rt global store out B=4 addr=4*(bx*bdx+tx)
//@rt global load cond B=1 addr=bx*bdx+tx
//@rt global load a B=4 addr=4*(bx*bdx+tx) if=(m>>lane)&1 sym.m=[0xffffffff,1,0x55555555,0x80000000]
//@rt global load b B=4 addr=4*(bx*bdx+tx) if=not((m>>lane)&1) sym.m=[0,1,0x55555555,0x80000000]
}
//@rt-kernel where_kernel block=128

// Scalar broadcast: every lane reads the same scale.
__global__ void mul_scalar_tensor(const float* in, const float* scale,
                                  float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * scale[0];
//@rt global store out B=4 addr=4*(bx*bdx+tx)
//@rt global load in B=4 addr=4*(bx*bdx+tx)
//@rt global load scale B=4 addr=0
}
//@rt-kernel mul_scalar_tensor block=256

// Bias broadcast over rows of a [rows, N] tensor, N a template constant.
template <int N>
__global__ void add_bias_rows(float* x, const float* bias) {
  int row = blockIdx.x;
  for (int col = threadIdx.x; col < N; col += blockDim.x)
    x[row * N + col] += bias[col];
//@rt global load x B=4 addr=4*(bx*96+tx+c*bdx) over.c=range(0,2) if=tx+c*bdx<96 kernel=add_bias_rows<96>
//@rt global store x B=4 addr=4*(bx*96+tx+c*bdx) over.c=range(0,2) if=tx+c*bdx<96 kernel=add_bias_rows<96>
//@rt global load bias B=4 addr=4*(tx+c*bdx) over.c=range(0,2) if=tx+c*bdx<96 kernel=add_bias_rows<96>
//@rt global load x B=4 addr=4*(bx*100+tx+c*bdx) over.c=range(0,2) if=tx+c*bdx<100 kernel=add_bias_rows<100>
//@rt global store x B=4 addr=4*(bx*100+tx+c*bdx) over.c=range(0,2) if=tx+c*bdx<100 kernel=add_bias_rows<100>
//@rt global load bias B=4 addr=4*(tx+c*bdx) over.c=range(0,2) if=tx+c*bdx<100 kernel=add_bias_rows<100>
}
//@rt-kernel add_bias_rows<96> block=64
//@rt-kernel add_bias_rows<100> block=64

// 2-D blocks over an image whose row pitch (1001 floats) is not a multiple
// of a sector: a 16x16 block's warp covers two rows.
__global__ void copy_2d_pitch(const float* in, float* out) {
  int r = blockIdx.y * 16 + threadIdx.y;
  int c = blockIdx.x * 16 + threadIdx.x;
  out[r * 1001 + c] = in[r * 1001 + c];
//@rt global store out B=4 addr=4*((by*16+ty)*1001+bx*16+tx)
//@rt global load in B=4 addr=4*((by*16+ty)*1001+bx*16+tx)
}
//@rt-kernel copy_2d_pitch block=16,16

// Non-contiguous input through 2-D strides (OffsetCalculator with a
// transposed view: stride1 = rows). Contiguous output.
template <int COLS, int S0, int S1>
__global__ void strided_copy(const float* in, float* out) {
  int lin = blockIdx.x * blockDim.x + threadIdx.x;
  int r = lin / COLS;
  int c = lin % COLS;
  out[lin] = in[r * S0 + c * S1];
//@rt global store out B=4 addr=4*(bx*bdx+tx)
//@rt global load in B=4 addr=4*(((bx*bdx+tx)//64)*1+((bx*bdx+tx)%64)*128) kernel=strided_copy<64,1,128>
//@rt global load in B=4 addr=4*(((bx*bdx+tx)//20)*20+((bx*bdx+tx)%20)*1) kernel=strided_copy<20,20,1>
}
//@rt-kernel strided_copy<64,1,128> block=128
//@rt-kernel strided_copy<20,20,1> block=128

// The vectorized path of the elementwise loops: loads and stores of an
// aligned_vector<T, VEC> (alignas(sizeof(T) * VEC)).
template <typename T, int N> struct alignas(sizeof(T) * N) aligned_vector { T val[N]; };
template <int VEC>
__global__ void vectorized_copy(const float* in, float* out) {
  using LoadT = aligned_vector<float, VEC>;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  LoadT v = reinterpret_cast<const LoadT*>(in)[idx];
//@rt global load in B=16 addr=16*(bx*bdx+tx) kernel=vectorized_copy<4>
//@rt global load in B=8 addr=8*(bx*bdx+tx) kernel=vectorized_copy<2>
  reinterpret_cast<LoadT*>(out)[idx] = v;
//@rt global store out B=16 addr=16*(bx*bdx+tx) kernel=vectorized_copy<4>
//@rt global store out B=8 addr=8*(bx*bdx+tx) kernel=vectorized_copy<2>
}
//@rt-kernel vectorized_copy<4> block=128
//@rt-kernel vectorized_copy<2> block=128

int main() {
  vectorized_copy<4><<<64, 128>>>(0, 0);
  vectorized_copy<2><<<64, 128>>>(0, 0);
  add_unrolled<<<100, 128>>>(0, 0, 0, 1000);
  fill_grid_stride<<<64, 256>>>(0, 1.f, 1 << 20);
  cast_u16_to_f32<<<8, 512>>>(0, 0, 4000);
  where_kernel<<<8, 128>>>(0, 0, 0, 0);
  mul_scalar_tensor<<<8, 256>>>(0, 0, 0);
  add_bias_rows<96><<<32, 64>>>(0, 0);
  add_bias_rows<100><<<32, 64>>>(0, 0);
  copy_2d_pitch<<<dim3(8, 8), dim3(16, 16)>>>(0, 0);
  strided_copy<64, 1, 128><<<64, 128>>>(0, 0);
  strided_copy<20, 20, 1><<<64, 128>>>(0, 0);
}
