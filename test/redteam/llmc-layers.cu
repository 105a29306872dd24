// Red-team kernels in the idiom of llm.c (dev/cuda and train_gpt2.cu):
// 16-byte packed registers (x128) loaded and stored through helpers,
// encoder / residual / gelu, warp-per-row layernorm and softmax, the
// attention permute and unpermute, the naive 2-D matmul.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__device__ float tanhf(float x);

// A 16-byte register pack: its elements are registers, not memory.
template <class T> struct alignas(16) Pack16 {
  static constexpr int size = 16 / sizeof(T);
  T payload[size];
  __device__ T& operator[](int i) { return payload[i]; }
  __device__ const T& operator[](int i) const { return payload[i]; }
};
typedef Pack16<float> f128;
template <class T> __device__ Pack16<T> load16(const T* address) {
  return *reinterpret_cast<const Pack16<T>*>(address);
//@rt global load address B=16 addr=16*(bx*bdx+tx) kernel=residual_fwd
}
template <class T> __device__ void store16(T* target, Pack16<T> value) {
  *reinterpret_cast<Pack16<T>*>(target) = value;
//@rt global store target B=16 addr=16*(bx*bdx+tx) kernel=residual_fwd
}

// residual_forward with x128 over a flat array.
__global__ void residual_fwd(float* out, const float* inp1, const float* inp2) {
  int idx = (blockIdx.x * blockDim.x + threadIdx.x) * f128::size;
  f128 a = load16(inp1 + idx);
  f128 b = load16(inp2 + idx);
  f128 o;
  for (int k = 0; k < f128::size; k++)
    o[k] = a[k] + b[k];
  store16(out + idx, o);
}
//@rt-kernel residual_fwd block=512

// gelu_forward, scalar version (one float per thread).
__global__ void gelu_fwd(float* out, const float* inp, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float x = inp[i];
//@rt global load inp B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<N sym.N=[10,1000,4096]
    out[i] = 0.5f * x * (1.0f + tanhf(0.79788456f * (x + 0.044715f * x * x * x)));
//@rt global store out B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<N sym.N=[10,1000,4096]
  }
}
//@rt-kernel gelu_fwd block=128

// layernorm_forward_kernel3: one warp per row of C = 768, lanes stride 32.
template <int C>
__global__ void layernorm_warp(float* out, float* mean, const float* inp,
                               const float* weight, const float* bias, int N) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int idx = blockIdx.x * (blockDim.x / 32) + warp;
  if (idx >= N)
    return;
  const float* x = inp + idx * C;
  float sum = 0.0f;
  for (int i = lane; i < C; i += 32)
    sum += x[i];
//@rt global load x B=4 addr=4*((bx*(bdx//32)+warp)*768+lane+32*i) if=bx*(bdx//32)+warp<N over.i=range(24) sym.N=[1,100]
  float m = sum / C;
  if (lane == 0 && mean != nullptr)
    mean[idx] = m;
//@rt global store mean B=4 addr=4*(bx*(bdx//32)+warp) if="lane==0 and bx*(bdx//32)+warp<N" sym.N=[1,100]
  float* o = out + idx * C;
  for (int c = lane; c < C; c += 32)
    o[c] = (x[c] - m) * weight[c] + bias[c];
//@rt global store o B=4 addr=4*((bx*(bdx//32)+warp)*768+lane+32*i) if=bx*(bdx//32)+warp<N over.i=range(24) sym.N=[1,100]
//@rt global load x B=4 addr=4*((bx*(bdx//32)+warp)*768+lane+32*i) if=bx*(bdx//32)+warp<N over.i=range(24) sym.N=[1,100]
//@rt global load weight B=4 addr=4*(lane+32*i) if=bx*(bdx//32)+warp<N over.i=range(24) sym.N=[1,100]
//@rt global load bias B=4 addr=4*(lane+32*i) if=bx*(bdx//32)+warp<N over.i=range(24) sym.N=[1,100]
}
//@rt-kernel layernorm_warp<768> block=256

// softmax_forward_kernel: a warp per row of 256 floats read as float4.
__global__ void softmax_vec(float* out, const float* inp) {
  int row = blockIdx.x * 8 + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  const float4* x = reinterpret_cast<const float4*>(inp + row * 256);
  float mx = -1e30f;
  for (int i = lane; i < 64; i += 32) {
    float4 v = x[i];
//@rt global load x B=4 addr=4*((bx*8+tid//32)*256)+16*(lane+32*i) over.i=range(2)
// Only v.x is used: nvcc 13 (-arch=sm_89 -O3) loads 4 bytes,
// `ld.global.f32 %f4, [%rd19];` at line 86, as clang does.
    mx = v.x > mx ? v.x : mx;
  }
  float* y = out + row * 256;
  for (int i = lane; i < 256; i += 32)
    y[i] = mx;
//@rt global store y B=4 addr=4*((bx*8+tid//32)*256+lane+32*i) over.i=range(8)
}
//@rt-kernel softmax_vec block=256

// permute_kernel: inp (B, N, 3, NH, d) -> q (B, NH, N, d); N = 64, NH = 12,
// d = 64: consecutive lanes walk d, so both sides stay contiguous.
__global__ void permute_qkv(float* q, float* k, const float* inp) {
  const int N = 64, NH = 12, d = 64;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int b = idx / (NH * N * d);
  int rest = idx % (NH * N * d);
  int nh_ = rest / (N * d);
  rest = rest % (N * d);
  int n = rest / d;
  int d_ = rest % d;
  int inp_idx = (b * N * 3 * NH * d) + (n * 3 * NH * d) + (0 * NH * d) +
                (nh_ * d) + d_;
  q[idx] = inp[inp_idx];
//@rt global store q B=4 addr=4*(bx*bdx+tx)
//@rt global load inp at=inp[inp_idx] B=4 let.i=bx*bdx+tx addr=4*((i//49152)*147456+((i%4096)//64)*2304+((i%49152)//4096)*64+i%64)
  k[idx] = inp[inp_idx + NH * d];
//@rt global store k B=4 addr=4*(bx*bdx+tx)
//@rt global load inp at=inp[inp_idx\ + B=4 let.i=bx*bdx+tx addr=4*((i//49152)*147456+((i%4096)//64)*2304+((i%49152)//4096)*64+i%64+768)
}
//@rt-kernel permute_qkv block=256

// unpermute_kernel: (B, NH, N, d) -> (B, N, NH, d) with a d of 48 (not a
// multiple of the warp): the warp covers two heads.
__global__ void unpermute(const float* inp, float* out) {
  const int N = 32, NH = 4, d = 48;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int b = idx / (NH * N * d);
  int rest = idx % (NH * N * d);
  int nh_ = rest / (N * d);
  rest = rest % (N * d);
  int n = rest / d;
  int d_ = rest % d;
  int other_idx = (b * NH * N * d) + (n * NH * d) + (nh_ * d) + d_;
  out[other_idx] = inp[idx];
//@rt global store out B=4 let.i=bx*bdx+tx addr=4*((i//6144)*6144+((i%6144)%1536//48)*192+((i%6144)//1536)*48+(i%1536)%48) sym.bx=range(0,25)
//@rt global load inp B=4 addr=4*(bx*bdx+tx)
}
//@rt-kernel unpermute block=128

// matmul_forward_kernel1: a 16x16 block, one output per thread;
// out[bt, oc] = sum_i inp[bt, i] * weight[oc, i], C = 768, OC = 2304.
__global__ void matmul_naive(float* out, const float* inp, const float* weight,
                             const float* bias) {
  const int C = 768, OC = 2304;
  int bt = blockIdx.x * blockDim.x + threadIdx.x;
  int oc = blockIdx.y * blockDim.y + threadIdx.y;
  float val = bias[oc];
//@rt global load bias B=4 addr=4*(by*16+ty)
  for (int i = 0; i < C; i++)
    val += inp[bt * C + i] * weight[oc * C + i];
//@rt global load inp B=4 addr=4*((bx*16+tx)*768+i) over.i=[0,1,7,8,767]
//@rt global load weight B=4 addr=4*((by*16+ty)*768+i) over.i=[0,1,7,8,767]
  out[bt * OC + oc] = val;
//@rt global store out B=4 addr=4*((bx*16+tx)*2304+by*16+ty)
}
//@rt-kernel matmul_naive block=16,16

int main() {
  residual_fwd<<<96, 512>>>(0, 0, 0);
  gelu_fwd<<<96, 128>>>(0, 0, 1000);
  layernorm_warp<768><<<16, 256>>>(0, 0, 0, 0, 0, 128);
  softmax_vec<<<16, 256>>>(0, 0);
  permute_qkv<<<96, 256>>>(0, 0, 0);
  unpermute<<<96, 128>>>(0, 0);
  matmul_naive<<<dim3(8, 144), dim3(16, 16)>>>(0, 0, 0, 0);
}
