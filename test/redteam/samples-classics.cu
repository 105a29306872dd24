// Red-team kernels in the idiom of classic CUDA sample code: a bitonic
// sorting network in shared memory, a 2-D convolution tile with halo loads
// under lane conditions, matrix-vector products (a row per thread and a
// warp per row), and a 3-point stencil over a padded shared row.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Bitonic sort of 256 keys in shared memory (one block).
__global__ void bitonic256(float* keys) {
  __shared__ float s[256];
  const unsigned tid = threadIdx.x;
  s[tid] = keys[blockIdx.x * 256 + tid];
//@rt shared store s B=4 addr=4*tx
//@rt global load keys B=4 addr=4*(bx*256+tx)
  __syncthreads();
  for (unsigned k = 2; k <= 256; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        float a = s[tid], b = s[ixj];
//@rt shared load s at=s[tid] B=4 addr=4*tx if=(tx^j)>tx over.j=[128,64,32,16,8,4,2,1]
//@rt shared load s at=s[ixj] B=4 addr=4*(tx^j) if=(tx^j)>tx over.j=[128,64,32,16,8,4,2,1]
        bool up = (tid & k) == 0;
        if ((a > b) == up) {
          s[tid] = b;
//@rt shared store s B=4 addr=4*tx if=(tx^j)>tx over.j=[128,64,32,16,8,4,2,1]
          s[ixj] = a;
//@rt shared store s B=4 addr=4*(tx^j) if=(tx^j)>tx over.j=[128,64,32,16,8,4,2,1]
        }
      }
      __syncthreads();
    }
  }
  keys[blockIdx.x * 256 + tid] = s[tid];
//@rt global store keys B=4 addr=4*(bx*256+tx)
//@rt shared load s B=4 addr=4*tx
}
//@rt-kernel bitonic256 block=256

// 2-D convolution, radius 2: a 16x16 block loads its tile and, in the
// threads at the left/top edges, the halo; image pitch 1024.
__global__ void conv_tile(const float* img, float* out) {
  __shared__ float tile[16 + 4][16 + 4 + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;
  tile[ty + 2][tx + 2] = img[y * 1024 + x];
//@rt shared store tile B=4 addr=4*((ty+2)*21+tx+2)
//@rt global load img B=4 addr=4*((by*16+ty)*1024+bx*16+tx)
  if (tx < 2)
    tile[ty + 2][tx] = img[y * 1024 + x - 2];
//@rt shared store tile B=4 addr=4*((ty+2)*21+tx) if=tx<2
//@rt global load img B=4 addr=4*((by*16+ty)*1024+bx*16+tx-2) if=tx<2 sym.bx=range(1,4)
  if (ty < 2)
    tile[ty][tx + 2] = img[(y - 2) * 1024 + x];
//@rt shared store tile B=4 addr=4*(ty*21+tx+2) if=ty<2
//@rt global load img B=4 addr=4*((by*16+ty-2)*1024+bx*16+tx) if=ty<2 sym.by=range(1,4)
  __syncthreads();
  float acc = 0;
  for (int d = -2; d <= 2; d++)
    acc += tile[ty + 2][tx + 2 + d] + tile[ty + 2 + d][tx + 2];
//@rt shared load tile at=tile[ty\ +\ 2][tx\ +\ 2\ +\ d] B=4 addr=4*((ty+2)*21+tx+2+d) over.d=range(-2,3)
//@rt shared load tile at=tile[ty\ +\ 2\ +\ d] B=4 addr=4*((ty+2+d)*21+tx+2) over.d=range(-2,3)
  out[y * 1024 + x] = acc;
//@rt global store out B=4 addr=4*((by*16+ty)*1024+bx*16+tx)
}
//@rt-kernel conv_tile block=16,16

// y = A x with one thread per row of A (rows of 512 floats): lanes 2 KiB
// apart on A, x broadcast.
__global__ void gemv_row_per_thread(const float* A, const float* x, float* y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int c = 0; c < 512; c += 128)
    s += A[row * 512 + c] * x[c];
//@rt global load A B=4 addr=4*((bx*bdx+tx)*512+c) over.c=[0,128,256,384]
//@rt global load x B=4 addr=4*c over.c=[0,128,256,384]
  y[row] = s;
//@rt global store y B=4 addr=4*(bx*bdx+tx)
}
//@rt-kernel gemv_row_per_thread block=128

// The same with a warp per row: coalesced rows.
__global__ void gemv_warp_per_row(const float* A, const float* x, float* y) {
  const int row = blockIdx.x * 4 + threadIdx.x / 32, lane = threadIdx.x % 32;
  float s = 0;
  for (int c = lane; c < 512; c += 32)
    s += A[row * 512 + c] * x[c];
//@rt global load A B=4 addr=4*((bx*4+tid//32)*512+lane+32*i) over.i=range(16)
//@rt global load x B=4 addr=4*(lane+32*i) over.i=range(16)
  if (lane == 0)
    y[row] = s;
//@rt global store y B=4 addr=4*(bx*4+tid//32) if=lane==0
}
//@rt-kernel gemv_warp_per_row block=128

// A 3-point stencil over a shared row padded by one element on each side.
__global__ void stencil3(const float* in, float* out) {
  __shared__ float row[128 + 2];
  const int t = threadIdx.x, g = blockIdx.x * 128 + t;
  row[t + 1] = in[g];
//@rt shared store row B=4 addr=4*(tx+1)
//@rt global load in B=4 addr=4*(bx*128+tx)
  if (t == 0)
    row[0] = g > 0 ? in[g - 1] : 0.0f;
//@rt shared store row B=4 addr=0 if=tx==0
//@rt global load in B=4 addr=4*(bx*128-1) if=tx==0 sym.bx=range(1,4)
  if (t == 127)
    row[129] = in[g + 1];
//@rt shared store row B=4 addr=4*129 if=tx==127
//@rt global load in B=4 addr=4*(bx*128+128) if=tx==127
  __syncthreads();
  out[g] = row[t] + row[t + 1] + row[t + 2];
//@rt global store out B=4 addr=4*(bx*128+tx)
//@rt shared load row at=row[t] B=4 addr=4*tx
//@rt shared load row at=row[t\ +\ 1] B=4 addr=4*(tx+1)
//@rt shared load row at=row[t\ +\ 2] B=4 addr=4*(tx+2)
}
//@rt-kernel stencil3 block=128

int main() {
  bitonic256<<<16, 256>>>(0);
  conv_tile<<<dim3(64, 64), dim3(16, 16)>>>(0, 0);
  gemv_row_per_thread<<<4, 128>>>(0, 0, 0);
  gemv_warp_per_row<<<128, 128>>>(0, 0, 0);
  stencil3<<<64, 128>>>(0, 0);
}
