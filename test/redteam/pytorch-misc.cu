// Red-team kernels in the idiom of more PyTorch ops: cat along the last
// dim, nearest upsampling, im2col, the gamma/beta gradient of layer_norm
// through a transposed shared tile, a per-thread scan along a strided dim,
// and a softmax over rows with an ILP of 4.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// cat([a, b], dim=-1) of [rows, 48] and [rows, 16] into [rows, 64].
__global__ void cat_last_dim(const float* a, const float* b, float* out) {
  const int row = blockIdx.x, c = threadIdx.x;
  if (c < 48)
    out[row * 64 + c] = a[row * 48 + c];
//@rt global store out B=4 addr=4*(bx*64+tx) if=tx<48
//@rt global load a B=4 addr=4*(bx*48+tx) if=tx<48
  else
    out[row * 64 + c] = b[row * 16 + c - 48];
//@rt global store out B=4 addr=4*(bx*64+tx) if=tx>=48
//@rt global load b B=4 addr=4*(bx*16+tx-48) if=tx>=48 sym.bx=range(0,4)
}
//@rt-kernel cat_last_dim block=64

// upsample_nearest2d, scale 2, output rows of 128 from input rows of 64.
__global__ void upsample_nearest2x(const float* in, float* out) {
  const int ox = threadIdx.x + blockIdx.x * blockDim.x;
  const int oy = blockIdx.y;
  out[oy * 128 + ox] = in[(oy / 2) * 64 + ox / 2];
//@rt global store out B=4 addr=4*(by*128+tx+bx*bdx)
//@rt global load in B=4 addr=4*((by//2)*64+(tx+bx*bdx)//2)
}
//@rt-kernel upsample_nearest2x block=128

// im2col for a 3x3 kernel, stride 1, no padding, 34x34 input, 32x32 output:
// one thread per output pixel, one column row per kernel tap.
__global__ void im2col3x3(const float* im, float* col) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;  // 0..1023
  const int oy = p / 32, ox = p % 32;
  for (int ky = 0; ky < 3; ky++)
    for (int kx = 0; kx < 3; kx++)
      col[(ky * 3 + kx) * 1024 + p] = im[(oy + ky) * 34 + ox + kx];
//@rt global store col B=4 addr=4*((ky*3+kx)*1024+bx*bdx+tx) over.ky=range(3) over.kx=range(3)
//@rt global load im B=4 let.p=bx*bdx+tx addr=4*((p//32+ky)*34+p%32+kx) over.ky=range(3) over.kx=range(3) sym.bx=range(0,8)
}
//@rt-kernel im2col3x3 block=128

// layer_norm backward, gamma gradient: a 32x32 tile of dY*xhat summed over
// rows, staged transposed in a padded shared tile; N = 256 features.
__global__ void ln_gamma_grad(const float* dy, const float* xhat, float* dgamma) {
  __shared__ float tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  float s = 0;
  for (int r = ty; r < 64; r += 8)
    s += dy[r * 256 + col] * xhat[r * 256 + col];
//@rt global load dy B=4 addr=4*((ty+8*j)*256+bx*32+tx) over.j=range(8)
//@rt global load xhat B=4 addr=4*((ty+8*j)*256+bx*32+tx) over.j=range(8)
  tile[tx][ty] = s;
//@rt shared store tile B=4 addr=4*(tx*33+ty)
  __syncthreads();
  if (ty == 0) {
    float t = 0;
    for (int k = 0; k < 8; k++)
      t += tile[tx][k];
//@rt shared load tile B=4 addr=4*(tx*33+k) if=ty==0 over.k=range(8)
    dgamma[col] = t;
//@rt global store dgamma B=4 addr=4*(bx*32+tx) if=ty==0
  }
}
//@rt-kernel ln_gamma_grad block=32,8

// cumsum along dim 1 of [batch, 100] with one thread per batch row: lanes
// walk their own rows, 400 bytes apart.
__global__ void cumsum_rows(const float* in, float* out) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 100; i++) {
    acc += in[b * 100 + i];
//@rt global load in B=4 addr=4*((bx*bdx+tx)*100+i) over.i=[0,1,2,3,50,99] sym.bx=range(0,4)
    out[b * 100 + i] = acc;
//@rt global store out B=4 addr=4*((bx*bdx+tx)*100+i) over.i=[0,1,2,3,50,99] sym.bx=range(0,4)
  }
}
//@rt-kernel cumsum_rows block=64

// softmax forward with ILP 4: each thread reads 4 elements spaced by the
// block size per step; row length 1024.
__global__ void softmax_ilp4(const float* in, float* out) {
  const float* x = in + blockIdx.x * 1024;
  float m = -1e30f;
  for (int off = 0; off < 1024; off += 4 * blockDim.x) {
    float v[4];
    for (int j = 0; j < 4; j++)
      v[j] = x[off + j * blockDim.x + threadIdx.x];
//@rt global load x B=4 addr=4*(bx*1024+o*4*bdx+j*bdx+tx) over.o=range(2) over.j=range(4)
    for (int j = 0; j < 4; j++)
      m = v[j] > m ? v[j] : m;
  }
  out[blockIdx.x * 128 + threadIdx.x] = m;
//@rt global store out B=4 addr=4*(bx*128+tx)
}
//@rt-kernel softmax_ilp4 block=128

int main() {
  cat_last_dim<<<64, 64>>>(0, 0, 0);
  upsample_nearest2x<<<dim3(1, 64), 128>>>(0, 0);
  im2col3x3<<<8, 128>>>(0, 0);
  ln_gamma_grad<<<8, dim3(32, 8)>>>(0, 0, 0);
  cumsum_rows<<<4, 64>>>(0, 0);
  softmax_ilp4<<<64, 128>>>(0, 0);
}
