// Red-team kernels in the idiom of vLLM's layernorm, rotary embedding and
// activation kernels (RMSNorm with a shared broadcast, fused residual add
// with 16-byte vectors, NeoX and GPT-J rotary, silu_and_mul, int4 loads).
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__device__ float rsqrtf(float x);
__device__ float expf(float x);

// RMSNorm over rows of hidden = 4096 floats with a runtime input stride.
template <int HIDDEN>
__global__ void rms_norm(float* out, const float* input, const float* weight,
                         int input_stride, float eps) {
  __shared__ float s_variance;
  float variance = 0.0f;
  for (int idx = threadIdx.x; idx < HIDDEN; idx += blockDim.x) {
    const float x = input[blockIdx.x * input_stride + idx];
//@rt global load input B=4 addr=4*(bx*st+tx+bdx*j) sym.j=range(0,3) sym.st=[4096,4100,4104,4097] sym.bx=range(0,3)
    variance += x * x;
  }
  if (threadIdx.x == 0)
    s_variance = rsqrtf(variance / HIDDEN + eps);
//@rt shared store s_variance B=4 addr=0 if=tx==0
  __syncthreads();
  for (int idx = threadIdx.x; idx < HIDDEN; idx += blockDim.x) {
    float x = input[blockIdx.x * input_stride + idx];
//@rt global load input B=4 addr=4*(bx*st+tx+bdx*j) sym.j=range(0,3) sym.st=[4096,4100,4104,4097] sym.bx=range(0,3)
    out[blockIdx.x * HIDDEN + idx] = x * s_variance * weight[idx];
//@rt global store out B=4 addr=4*(bx*4096+tx+bdx*j) sym.j=range(0,3)
//@rt shared load s_variance B=4 addr=0
//@rt global load weight B=4 addr=4*(tx+bdx*j) sym.j=range(0,3)
  }
}
//@rt-kernel rms_norm<4096> block=1024

// fused_add_rms_norm: residual += input, with 16-byte vectors of 8 halves.
struct __align__(16) half8 { unsigned short h[8]; };
__global__ void fused_add_vec(half8* input, half8* residual, int vec_hidden) {
  for (int idx = threadIdx.x; idx < vec_hidden; idx += blockDim.x) {
    int id = blockIdx.x * vec_hidden + idx;
    half8 temp = input[id];
//@rt global load input B=16 addr=16*(bx*vh+tx+bdx*j) sym.j=range(0,2) sym.vh=[512,513,514] sym.bx=range(0,3)
    half8 r = residual[id];
// Only r.h[0] is used: nvcc 13 (-arch=sm_89 -O3) loads 2 bytes,
// `ld.global.u16 %rs3, [%rd7];` at line 44, as clang does.
//@rt global load residual B=2 addr=16*(bx*vh+tx+bdx*j) sym.j=range(0,2) sym.vh=[512,513,514] sym.bx=range(0,3)
    temp.h[0] += r.h[0];
    residual[id] = temp;
//@rt global store residual B=16 addr=16*(bx*vh+tx+bdx*j) sym.j=range(0,2) sym.vh=[512,513,514] sym.bx=range(0,3)
  }
}
//@rt-kernel fused_add_vec block=256

// NeoX rotary: rot_dim = 128, embed_dim = 64, 8 heads, head_size 128; the
// x half and the y half of each head are 64 elements apart.
template <int EMBED, int HEAD>
__global__ void rotary_neox(float* query, const float* cos_sin_cache,
                            const long* positions, int query_stride) {
  const int token = blockIdx.x;
  long pos = positions[token];
//@rt global load positions B=8 addr=8*bx
  const float* cache_ptr = cos_sin_cache + pos * EMBED * 2;
  for (int i = threadIdx.x; i < 8 * EMBED; i += blockDim.x) {
    const int head_idx = i / EMBED;
    const int rot_offset = i % EMBED;
    const long token_head = token * query_stride + head_idx * HEAD;
    float c = cache_ptr[rot_offset];
//@rt global load cache_ptr B=4 addr=4*(p*128+(tx+bdx*j)%64) sym.j=range(0,4) sym.p=range(0,3)
    float s = cache_ptr[EMBED + rot_offset];
//@rt global load cache_ptr B=4 addr=4*(p*128+64+(tx+bdx*j)%64) sym.j=range(0,4) sym.p=range(0,3)
    float x = query[token_head + rot_offset];
//@rt global load query B=4 addr=4*(bx*qs+((tx+bdx*j)//64)*128+(tx+bdx*j)%64) sym.j=range(0,4) sym.qs=[1024,1025,1032] sym.bx=range(0,3)
    float y = query[token_head + EMBED + rot_offset];
//@rt global load query B=4 addr=4*(bx*qs+((tx+bdx*j)//64)*128+64+(tx+bdx*j)%64) sym.j=range(0,4) sym.qs=[1024,1025,1032] sym.bx=range(0,3)
    query[token_head + rot_offset] = x * c - y * s;
//@rt global store query B=4 addr=4*(bx*qs+((tx+bdx*j)//64)*128+(tx+bdx*j)%64) sym.j=range(0,4) sym.qs=[1024,1025,1032] sym.bx=range(0,3)
    query[token_head + EMBED + rot_offset] = y * c + x * s;
//@rt global store query B=4 addr=4*(bx*qs+((tx+bdx*j)//64)*128+64+(tx+bdx*j)%64) sym.j=range(0,4) sym.qs=[1024,1025,1032] sym.bx=range(0,3)
  }
}
//@rt-kernel rotary_neox<64,128> block=128

// GPT-J rotary: interleaved pairs, x at 2*r and y at 2*r + 1; the query
// stride is a multiple of 64 floats (compile-time).
__global__ void rotary_gptj(float* query, const float* cos_cache,
                            const float* sin_cache) {
  const int token = blockIdx.x;
  for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x) {
    const int head = i / 64, r = i % 64;
    float* q = query + token * 1024 + head * 128;
    float c = cos_cache[r], s = sin_cache[r];
//@rt global load cos_cache B=4 addr=4*((tx+bdx*j)%64) over.j=range(4)
//@rt global load sin_cache B=4 addr=4*((tx+bdx*j)%64) over.j=range(4)
    float x = q[2 * r], y = q[2 * r + 1];
//@rt global load q at=q[2\ *\ r] B=4 addr=4*(bx*1024+((tx+bdx*j)//64)*128+2*((tx+bdx*j)%64)) over.j=range(4)
//@rt global load q at=q[2\ *\ r\ +\ 1] B=4 addr=4*(bx*1024+((tx+bdx*j)//64)*128+2*((tx+bdx*j)%64)+1) over.j=range(4)
    q[2 * r] = x * c - y * s;
//@rt global store q B=4 addr=4*(bx*1024+((tx+bdx*j)//64)*128+2*((tx+bdx*j)%64)) over.j=range(4)
    q[2 * r + 1] = y * c + x * s;
//@rt global store q B=4 addr=4*(bx*1024+((tx+bdx*j)//64)*128+2*((tx+bdx*j)%64)+1) over.j=range(4)
  }
}
//@rt-kernel rotary_gptj block=128

// silu_and_mul: input rows are [gate | up] of d each, d at run time.
__global__ void silu_and_mul(float* out, const float* input, int d) {
  const long token = blockIdx.x;
  for (int idx = threadIdx.x; idx < d; idx += blockDim.x) {
    const float x = input[token * 2 * d + idx];
//@rt global load input B=4 addr=4*(bx*2*d+tx+bdx*j) if=tx+bdx*j<d sym.j=range(0,2) sym.d=[64,100,4096,11008] sym.bx=range(0,4)
    const float y = input[token * 2 * d + d + idx];
//@rt global load input B=4 addr=4*(bx*2*d+d+tx+bdx*j) if=tx+bdx*j<d sym.j=range(0,2) sym.d=[64,100,4096,11008] sym.bx=range(0,4)
    out[token * d + idx] = x / (1.0f + expf(-x)) * y;
//@rt global store out B=4 addr=4*(bx*d+tx+bdx*j) if=tx+bdx*j<d sym.j=range(0,2) sym.d=[64,100,4096,11008] sym.bx=range(0,4)
  }
}
//@rt-kernel silu_and_mul block=256

// gelu_and_mul with int4 loads through __ldg (8 halves per load).
__global__ void gelu_and_mul_vec(int4* out, const int4* input, int d8) {
  const int token = blockIdx.x;
  for (int i = threadIdx.x; i < d8; i += blockDim.x) {
    int4 x = __ldg(&input[token * 2 * d8 + i]);
//@rt global load input B=16 addr=16*(bx*2*d8+tx+bdx*j) if=tx+bdx*j<d8 sym.j=range(0,2) sym.d8=[8,12,512] sym.bx=range(0,4)
    int4 y = __ldg(&input[token * 2 * d8 + d8 + i]);
//@rt global load input B=16 addr=16*(bx*2*d8+d8+tx+bdx*j) if=tx+bdx*j<d8 sym.j=range(0,2) sym.d8=[8,12,512] sym.bx=range(0,4)
    x.x ^= y.x;
    out[token * d8 + i] = x;
//@rt global store out B=16 addr=16*(bx*d8+tx+bdx*j) if=tx+bdx*j<d8 sym.j=range(0,2) sym.d8=[8,12,512] sym.bx=range(0,4)
  }
}
//@rt-kernel gelu_and_mul_vec block=128

// topk_softmax with one thread per token row of 8 experts (the fallback
// path): each lane walks its own row.
template <int E>
__global__ void topk_rows(const float* logits, float* weights, int* ids,
                          int num_tokens) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= num_tokens)
    return;
  float best = -1e30f;
  int arg = 0;
  for (int e = 0; e < E; e++) {
    float v = logits[row * E + e];
//@rt global load logits B=4 addr=4*((bx*bdx+tx)*8+e) if=bx*bdx+tx<nt over.e=range(8) sym.nt=[5,64,1000]
    if (v > best) { best = v; arg = e; }
  }
  weights[row] = best;
//@rt global store weights B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<nt sym.nt=[5,64,1000]
  ids[row] = arg;
//@rt global store ids B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<nt sym.nt=[5,64,1000]
}
//@rt-kernel topk_rows<8> block=64

// topk with one warp per row of 64 experts, each lane two experts.
__global__ void topk_warp(const float* logits, float* best_out) {
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  float a = logits[row * 64 + lane];
//@rt global load logits B=4 addr=4*((bx*(bdx//32)+tx//32)*64+lane)
  float b = logits[row * 64 + 32 + lane];
//@rt global load logits B=4 addr=4*((bx*(bdx//32)+tx//32)*64+32+lane)
  if (lane == 0)
    best_out[row] = a > b ? a : b;
//@rt global store best_out B=4 addr=4*(bx*(bdx//32)+tx//32) if=lane==0
}
//@rt-kernel topk_warp block=128

int main() {
  rms_norm<4096><<<64, 1024>>>(0, 0, 0, 4096, 1e-5f);
  fused_add_vec<<<64, 256>>>(0, 0, 512);
  rotary_neox<64, 128><<<64, 128>>>(0, 0, 0, 1024);
  rotary_gptj<<<64, 128>>>(0, 0, 0);
  silu_and_mul<<<64, 256>>>(0, 0, 4096);
  gelu_and_mul_vec<<<64, 128>>>(0, 0, 512);
  topk_rows<8><<<16, 64>>>(0, 0, 0, 1000);
  topk_warp<<<16, 128>>>(0, 0);
}
