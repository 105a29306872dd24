// Red-team kernels in the idiom of vLLM's quantization, MoE and attention
// post-processing kernels (fp8 static and per-token quantization, moe_sum,
// the expert-count table of moe_align_block_size, the partition reduce of
// paged attention v2, merge_attn_states, packed int4 dequantization).
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__device__ float fabsf(float x);
__device__ float fmaxf(float a, float b);

// static_scaled_fp8_quant: 4 floats in, 4 bytes out per thread.
__global__ void fp8_quant_vec(unsigned char* out, const float* in,
                              const float* scale, long num_vecs) {
  const float inv = 1.0f / scale[0];
//@rt global load scale B=4 addr=0
  const float4* in4 = reinterpret_cast<const float4*>(in);
  uchar4* out4 = reinterpret_cast<uchar4*>(out);
  for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < num_vecs;
       i += (long)blockDim.x * gridDim.x) {
    float4 v = in4[i];
//@rt global load in4 B=16 addr=16*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
    uchar4 q;
    q.x = (unsigned char)(v.x * inv);
    q.y = (unsigned char)(v.y * inv);
    q.z = (unsigned char)(v.z * inv);
    q.w = (unsigned char)(v.w * inv);
    out4[i] = q;
//@rt global store out4 B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
  }
}
//@rt-kernel fp8_quant_vec block=256

// dynamic_per_token_scaled_fp8_quant: absmax per token row (hidden = 4096)
// through a shared array, then the scaled write; the scale per token.
__global__ void per_token_quant(unsigned char* out, float* scales,
                                const float* in) {
  __shared__ float red[256];
  const int tok = blockIdx.x;
  float m = 0;
  for (int i = threadIdx.x; i < 4096; i += 256)
    m = fmaxf(m, fabsf(in[tok * 4096 + i]));
//@rt global load in B=4 addr=4*(bx*4096+tx+256*j) over.j=range(16)
  red[threadIdx.x] = m;
//@rt shared store red B=4 addr=4*tx
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
//@rt shared store red at=red[threadIdx.x]\ = B=4 addr=4*tx if=tx<s over.s=[128,64,32,16,8,4,2,1]
//@rt shared load red at=red[threadIdx.x], B=4 addr=4*tx if=tx<s over.s=[128,64,32,16,8,4,2,1]
//@rt shared load red at=red[threadIdx.x\ +\ s] B=4 addr=4*(tx+s) if=tx<s over.s=[128,64,32,16,8,4,2,1]
    __syncthreads();
  }
  const float scale = red[0] / 448.0f;
//@rt shared load red B=4 addr=0
  if (threadIdx.x == 0)
    scales[tok] = scale;
//@rt global store scales B=4 addr=4*bx if=tx==0
  for (int i = threadIdx.x; i < 4096; i += 256)
    out[tok * 4096 + i] = (unsigned char)(in[tok * 4096 + i] / scale);
//@rt global store out B=1 addr=bx*4096+tx+256*j over.j=range(16)
//@rt global load in B=4 addr=4*(bx*4096+tx+256*j) over.j=range(16)
}
//@rt-kernel per_token_quant block=256

// moe_sum with top-k = 2: the expert outputs of a token are adjacent rows.
template <int TOPK>
__global__ void moe_sum(float* out, const float* in, int d) {
  const long token = blockIdx.x;
  for (int idx = threadIdx.x; idx < d; idx += blockDim.x) {
    float x = 0;
    for (int k = 0; k < TOPK; ++k)
      x += in[(token * TOPK + k) * d + idx];
//@rt global load in B=4 addr=4*((bx*2+k)*d+tx+bdx*j) if=tx+bdx*j<d over.k=range(2) sym.j=range(0,2) sym.d=[128,4096,100] sym.bx=range(0,3)
    out[token * d + idx] = x;
//@rt global store out B=4 addr=4*(bx*d+tx+bdx*j) if=tx+bdx*j<d sym.j=range(0,2) sym.d=[128,4096,100] sym.bx=range(0,3)
  }
}
//@rt-kernel moe_sum<2> block=256

// moe_align_block_size: each thread clears its own row of a [threads+1][E]
// count table in shared memory; E = 64 experts puts a row on one bank.
template <int E>
__global__ void moe_count_table(int* expert_offsets) {
  __shared__ int tokens_cnts[(64 + 1) * E];
  for (int i = 0; i < E; ++i)
    tokens_cnts[(threadIdx.x + 1) * E + i] = 0;
//@rt shared store tokens_cnts B=4 addr=4*((tx+1)*64+i) over.i=range(64)
  __syncthreads();
  if (threadIdx.x < E) {
    int c = 0;
    for (int i = 1; i <= 64; ++i)
      c += tokens_cnts[i * E + threadIdx.x];
//@rt shared load tokens_cnts B=4 addr=4*(i*64+tx) if=tx<64 over.i=range(1,65)
    expert_offsets[threadIdx.x] = c;
//@rt global store expert_offsets B=4 addr=4*tx if=tx<64
  }
}
//@rt-kernel moe_count_table<64> block=64

// paged attention v2 reduce: max_parts = 8 partitions of head_size = 128.
__global__ void pa_v2_reduce(float* out, const float* exp_sums,
                             const float* tmp_out) {
  const int heads = gridDim.x, head = blockIdx.x, seq = blockIdx.y;
  __shared__ float sh_sums[8];
  if (threadIdx.x < 8)
    sh_sums[threadIdx.x] = exp_sums[(seq * heads + head) * 8 + threadIdx.x];
//@rt shared store sh_sums B=4 addr=4*tx if=tx<8
//@rt global load exp_sums B=4 addr=4*((by*h+bx)*8+tx) if=tx<8 sym.h=[8,12] sym.bx=range(0,3) sym.by=range(0,2)
  __syncthreads();
  for (int i = threadIdx.x; i < 128; i += blockDim.x) {
    float acc = 0;
    for (int p = 0; p < 8; ++p)
      acc += tmp_out[((seq * heads + head) * 8 + p) * 128 + i] * sh_sums[p];
//@rt global load tmp_out B=4 addr=4*(((by*h+bx)*8+p)*128+tx) over.p=range(8) sym.h=[8,12] sym.bx=range(0,3) sym.by=range(0,2)
//@rt shared load sh_sums B=4 addr=4*p over.p=range(8)
    out[(seq * heads + head) * 128 + i] = acc;
//@rt global store out B=4 addr=4*((by*h+bx)*128+tx) sym.h=[8,12] sym.bx=range(0,3) sym.by=range(0,2)
  }
}
//@rt-kernel pa_v2_reduce block=128

// merge_attn_states: the log-sum-exp arrays are [heads, tokens] (a
// transposed layout): one uniform read per block, then the head's row.
__global__ void merge_states(float* output, const float* prefix_out,
                             const float* prefix_lse, int num_tokens) {
  const int token = blockIdx.x, head = blockIdx.y;
  float lse = prefix_lse[head * num_tokens + token];
//@rt global load prefix_lse B=4 addr=4*(by*nt+bx) sym.nt=[7,64] sym.by=range(0,3) sym.bx=range(0,3)
  const long off = ((long)token * 16 + head) * 64;
  for (int i = threadIdx.x; i < 64; i += blockDim.x)
    output[off + i] = prefix_out[off + i] * lse;
//@rt global store output B=4 addr=4*((bx*16+by)*64+tx)
//@rt global load prefix_out B=4 addr=4*((bx*16+by)*64+tx)
}
//@rt-kernel merge_states block=64

// Packed int4 dequantization: 8 weights per 32-bit word, 8 lanes share a
// word (a broadcast within the group), N = 4096 columns.
__global__ void dequant_int4(const unsigned* qweight, float* out) {
  const int row = blockIdx.x;
  const int col = threadIdx.x + blockIdx.y * blockDim.x;
  unsigned w = qweight[row * (4096 / 8) + col / 8];
//@rt global load qweight B=4 addr=4*(bx*512+(tx+by*bdx)//8)
  out[row * 4096 + col] = (float)((w >> (4 * (col % 8))) & 0xF);
//@rt global store out B=4 addr=4*(bx*4096+tx+by*bdx)
}
//@rt-kernel dequant_int4 block=256

int main() {
  fp8_quant_vec<<<64, 256>>>(0, 0, 0, 1 << 18);
  per_token_quant<<<64, 256>>>(0, 0, 0);
  moe_sum<2><<<64, 256>>>(0, 0, 4096);
  moe_count_table<64><<<1, 64>>>(0);
  pa_v2_reduce<<<dim3(8, 4), 128>>>(0, 0, 0);
  merge_states<<<dim3(64, 16), 64>>>(0, 0, 0, 64);
  dequant_int4<<<dim3(64, 16), 256>>>(0, 0);
}
