// Red-team kernels in the idiom of llm.c's attention and training kernels:
// the naive attention (query-key with a causal early return, softmax rows
// per thread, value accumulation), the fused classifier over a vocabulary
// of odd length, AdamW, and the bias-gradient column sums.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

__device__ float expf(float x);
__device__ float sqrtf(float x);

// attention_query_key_kernel1: B x NH x T x T scores, T = 64, NH = 4,
// hs = 16, C = 64 (inp is (B, T, 3C)).
__global__ void attn_qk(float* preatt, const float* inp) {
  const int T = 64, NH = 4, C = 64, C3 = 192, hs = 16;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int t2 = idx % T;
  int t = (idx / T) % T;
  if (t2 > t) {
    preatt[idx] = -1e30f;
//@rt global store preatt at=preatt[idx]\ = B=4 addr=4*(bx*bdx+tx) if=(bx*bdx+tx)%64>((bx*bdx+tx)//64)%64 sym.bx=range(0,20)
    return;
  }
  int h = (idx / (T * T)) % NH;
  int b = idx / (NH * T * T);
  const float* query_t = inp + b * T * C3 + t * C3 + h * hs;
  const float* key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C;
  float val = 0.0f;
  for (int i = 0; i < hs; i++)
    val += query_t[i] * key_t2[i];
//@rt global load query_t B=4 let.q=bx*bdx+tx addr=4*((q//16384)*64*192+((q//64)%64)*192+((q//4096)%4)*16+i) if=q%64<=(q//64)%64 over.i=range(16) sym.bx=range(0,20)
//@rt global load key_t2 B=4 let.q=bx*bdx+tx addr=4*((q//16384)*64*192+(q%64)*192+((q//4096)%4)*16+64+i) if=q%64<=(q//64)%64 over.i=range(16) sym.bx=range(0,20)
  preatt[idx] = val * 0.25f;
//@rt global store preatt at=preatt[idx]\ =\ val B=4 addr=4*(bx*bdx+tx) if=(bx*bdx+tx)%64<=((bx*bdx+tx)//64)%64 sym.bx=range(0,20)
}
//@rt-kernel attn_qk block=256

// attention_softmax_kernel1: one thread per (b, t, h) row of T = 64.
__global__ void attn_softmax_rows(float* att, const float* preatt) {
  const int T = 64;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int t = idx % T;
  const float* row = preatt + idx * T;
  float* out = att + idx * T;
  float maxval = -1e30f;
  for (int t2 = 0; t2 <= t; t2++)
    maxval = row[t2] > maxval ? row[t2] : maxval;
//@rt global load row at=row[t2]\ > B=4 addr=4*((bx*bdx+tx)*64+t2) if=t2<=(bx*bdx+tx)%64 over.t2=range(64)
//@rt global load row at=row[t2]\ : B=4 addr=4*((bx*bdx+tx)*64+t2) if="t2<=(bx*bdx+tx)%64 and (m>>lane)&1" over.t2=range(64) sym.m=[0xffffffff,1,0x10000]
  for (int t2 = 0; t2 < T; t2++)
    out[t2] = t2 <= t ? expf(row[t2] - maxval) : 0.0f;
//@rt global store out B=4 addr=4*((bx*bdx+tx)*64+t2) over.t2=range(64)
//@rt global load row B=4 addr=4*((bx*bdx+tx)*64+t2) if=t2<=(bx*bdx+tx)%64 over.t2=range(64)
}
//@rt-kernel attn_softmax_rows block=64

// fused_classifier: a block per row of V = 50257 logits (an odd row
// length: rows start anywhere in a sector).
__global__ void classifier_rows(float* logits, const int* targets) {
  const long V = 50257;
  const int row = blockIdx.x;
  float* x = logits + row * V;
  int ix = targets[row];
//@rt global load targets B=4 addr=4*bx
  for (int i = threadIdx.x; i < V; i += blockDim.x)
    x[i] = x[i] - (i == ix ? 1.0f : 0.0f);
//@rt global store x B=4 addr=4*(bx*50257+tx+bdx*j) if=tx+bdx*j<50257 sym.j=range(0,2) sym.bx=range(0,9)
//@rt global load x B=4 addr=4*(bx*50257+tx+bdx*j) if=tx+bdx*j<50257 sym.j=range(0,2) sym.bx=range(0,9)
}
//@rt-kernel classifier_rows block=512

// AdamW: four parameter arrays walked by a grid-stride loop.
__global__ void adamw(float* params, const float* grads, float* m, float* v,
                      long n, float lr) {
  for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long)blockDim.x * gridDim.x) {
    float g = grads[i];
//@rt global load grads B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
    float mi = m[i] = 0.9f * m[i] + 0.1f * g;
//@rt global store m at=m[i]\ = B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
//@rt global load m at=m[i]\ + B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
    float vi = v[i] = 0.999f * v[i] + 0.001f * g * g;
//@rt global store v at=v[i]\ = B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
//@rt global load v at=v[i]\ + B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
    params[i] -= lr * mi / (sqrtf(vi) + 1e-8f);
//@rt global load params B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
//@rt global store params B=4 addr=4*(bx*bdx+tx+j*bdx*gdx) sym.j=range(0,3) sym.gdx=range(1,4) sym.bx=range(0,3)
  }
}
//@rt-kernel adamw block=512

// matmul_backward_bias: a block per output channel, threads stride over the
// B*T rows of dout (OC = 768): a column walk, 32 rows per warp request.
__global__ void bias_grad(float* dbias, const float* dout, int BT) {
  const int OC = 768;
  const int o = blockIdx.x;
  float sum = 0;
  for (int i = threadIdx.x; i < BT; i += blockDim.x)
    sum += dout[i * OC + o];
//@rt global load dout B=4 addr=4*((tx+bdx*j)*768+bx) if=tx+bdx*j<BT sym.j=range(0,2) sym.BT=[10,4096] sym.bx=range(0,3)
  __shared__ float s[128];
  s[threadIdx.x] = sum;
//@rt shared store s B=4 addr=4*tx
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int k = 0; k < 128; k++)
      t += s[k];
//@rt shared load s B=4 addr=4*k if=tx==0 over.k=range(128)
    dbias[o] += t;
//@rt global load dbias B=4 addr=4*bx if=tx==0
//@rt global store dbias B=4 addr=4*bx if=tx==0
  }
}
//@rt-kernel bias_grad block=128

int main() {
  attn_qk<<<256, 256>>>(0, 0);
  attn_softmax_rows<<<64, 64>>>(0, 0);
  classifier_rows<<<64, 512>>>(0, 0);
  adamw<<<64, 512>>>(0, 0, 0, 0, 1 << 20, 1e-3f);
  bias_grad<<<768, 128>>>(0, 0, 4096);
}
