// Red-team kernels in the idiom of CUTLASS-style tile staging (without
// ldmatrix): 16-byte global->shared copies, padded and XOR-swizzled tiles,
// column reads of row-major tiles, 2-byte and 1-byte element tiles, 2-D
// thread blocks that map threads to tile coordinates.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// A 128x32 float tile loaded with float4: thread t copies row t / 8,
// columns 4*(t%8)..+3; the tile row is padded by 4 floats (144 bytes).
template <int PAD>
__global__ void stage_tile_f4(const float* A, float* C, int lda) {
  __shared__ __align__(16) float tile[128][32 + PAD];
  const int t = threadIdx.x;
  for (int r = 0; r < 128; r += 32) {
    const int row = r + t / 8, col = (t % 8) * 4;
    float4 v = *reinterpret_cast<const float4*>(A + (blockIdx.x * 128 + row) * lda + col);
//@rt global load A B=16 addr=4*((bx*128+r+tid//8)*lda+(tid%8)*4) over.r=[0,32,64,96] sym.lda=[32,64,96] sym.bx=range(0,3)
    *reinterpret_cast<float4*>(&tile[row][col]) = v;
//@rt shared store tile B=16 addr=4*((r+tid//8)*(32+4)+(tid%8)*4) over.r=[0,32,64,96] kernel=stage_tile_f4<4>
//@rt shared store tile B=16 addr=4*((r+tid//8)*(32+0)+(tid%8)*4) over.r=[0,32,64,96] kernel=stage_tile_f4<0>
//@rt shared store tile B=16 addr=4*((r+tid//8)*(32+1)+(tid%8)*4) over.r=[0,32,64,96] kernel=stage_tile_f4<1>
  }
  __syncthreads();
  // Each lane reads a column (the transposed operand).
  float acc = 0;
  for (int k = 0; k < 32; k++)
    acc += tile[t][k];
// nvcc 13 (-arch=sm_89 -O3) fuses the 32 reads of a 16-byte aligned row
// into 8 `ld.shared.v4.f32 {..}, [%r56+16*j]` (rows of 144 and 128 bytes);
// a row of 132 bytes stays `ld.shared.f32` (clang: the same).
//@rt shared load tile B=16 addr=4*(tid*36+4*j) over.j=range(8) kernel=stage_tile_f4<4>
//@rt shared load tile B=16 addr=4*(tid*32+4*j) over.j=range(8) kernel=stage_tile_f4<0>
//@rt shared load tile B=4 addr=4*(tid*33+k) over.k=range(32) kernel=stage_tile_f4<1>
  C[blockIdx.x * 128 + t] = acc;
//@rt global store C B=4 addr=4*(bx*128+tx)
}
//@rt-kernel stage_tile_f4<4> block=128
//@rt-kernel stage_tile_f4<0> block=128
//@rt-kernel stage_tile_f4<1> block=128

// XOR swizzle of 16-byte chunks: chunk c of row r lives at c ^ (r % 8); the
// column read (8 lanes, 8 rows, one chunk each) is then conflict-free.
__global__ void swizzle_tile(const float4* A, float4* out) {
  __shared__ float4 tile[64][8];
  const int t = threadIdx.x;
  const int row = t / 8, chunk = t % 8;
  tile[row][chunk ^ (row % 8)] = A[blockIdx.x * 512 + t];
//@rt shared store tile B=16 addr=16*((tid//8)*8+((tid%8)^((tid//8)%8)))
//@rt global load A B=16 addr=16*(bx*512+tx)
  __syncthreads();
  // Lane t reads chunk c = t / 64 of row t % 64.
  const int r2 = t % 64, c2 = t / 64;
  out[blockIdx.x * 512 + t] = tile[r2][c2 ^ (r2 % 8)];
//@rt global store out B=16 addr=16*(bx*512+tx)
//@rt shared load tile B=16 addr=16*((tid%64)*8+((tid//64)^((tid%64)%8)))
}
//@rt-kernel swizzle_tile block=512

// The same column read without the swizzle: 8 lanes of a phase hit the same
// four banks.
__global__ void unswizzled_tile(const float4* A, float4* out) {
  __shared__ float4 tile[64][8];
  const int t = threadIdx.x;
  tile[t / 8][t % 8] = A[blockIdx.x * 512 + t];
//@rt shared store tile B=16 addr=16*tid
//@rt global load A B=16 addr=16*(bx*512+tx)
  __syncthreads();
  out[blockIdx.x * 512 + t] = tile[t % 64][t / 64];
//@rt global store out B=16 addr=16*(bx*512+tx)
//@rt shared load tile B=16 addr=16*((tid%64)*8+tid//64)
}
//@rt-kernel unswizzled_tile block=512

// Half-precision tile 64x64 with the usual 8-element (16-byte) row padding,
// staged with 16-byte vectors (uint4 = 8 halves) by a (8, 32) block.
__global__ void stage_half_tile(const uint4* A, unsigned short* out) {
  __shared__ __align__(16) unsigned short tile[64][64 + 8];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int r = ty; r < 64; r += 32)
    *reinterpret_cast<uint4*>(&tile[r][tx * 8]) = A[(blockIdx.x * 64 + r) * 8 + tx];
//@rt shared store tile B=16 addr=2*((ty+32*j)*72+tx*8) over.j=range(2)
//@rt global load A B=16 addr=16*((bx*64+ty+32*j)*8+tx) over.j=range(2)
  __syncthreads();
  // A lane reads one half of column ty of row 8*(tx) ... a strided 2-byte read.
  out[(blockIdx.x * 32 + ty) * 8 + tx] = tile[tx * 8][ty];
//@rt global store out B=2 addr=2*((bx*32+ty)*8+tx)
//@rt shared load tile B=2 addr=2*(tx*8*72+ty)
}
//@rt-kernel stage_half_tile block=8,32

// int8 tile (quantized GEMM operand), 4 bytes per lane through char4.
__global__ void stage_int8(const char4* A, int* out) {
  __shared__ char4 tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = A[(blockIdx.x * 32 + ty) * 32 + tx];
//@rt shared store tile B=4 addr=4*(ty*33+tx)
//@rt global load A B=4 addr=4*((bx*32+ty)*32+tx)
  __syncthreads();
  char4 v = tile[tx][ty];
//@rt shared load tile B=4 addr=4*(tx*33+ty)
  out[(blockIdx.x * 32 + ty) * 32 + tx] = v.x + v.y;
//@rt global store out B=4 addr=4*((bx*32+ty)*32+tx)
}
//@rt-kernel stage_int8 block=32,8

// 1-byte elements read by 32 lanes along a column of a [32][36] byte tile.
__global__ void byte_columns(const unsigned char* A, unsigned char* out) {
  __shared__ unsigned char tile[32][36];
  const int t = threadIdx.x;
  for (int c = 0; c < 36; c++)
    tile[t][c] = A[(blockIdx.x * 32 + t) * 36 + c];
//@rt shared store tile B=1 addr=tid*36+c over.c=range(36)
//@rt global load A B=1 addr=(bx*32+tx)*36+c over.c=range(36)
  __syncthreads();
  out[blockIdx.x * 32 + t] = tile[t][5];
//@rt global store out B=1 addr=bx*32+tx
//@rt shared load tile B=1 addr=tid*36+5
}
//@rt-kernel byte_columns block=32

// A 2-D block (16, 16) reading a [16][16] tile of doubles along columns:
// 8-byte words in half-warp phases.
__global__ void double_tile(const double* A, double* out) {
  __shared__ double tile[16][16];
  tile[threadIdx.y][threadIdx.x] = A[blockIdx.x * 256 + threadIdx.y * 16 + threadIdx.x];
//@rt shared store tile B=8 addr=8*(ty*16+tx)
//@rt global load A B=8 addr=8*(bx*256+ty*16+tx)
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
//@rt global store out B=8 addr=8*(bx*256+ty*16+tx)
//@rt shared load tile B=8 addr=8*(tx*16+ty)
}
//@rt-kernel double_tile block=16,16

int main() {
  stage_tile_f4<4><<<16, 128>>>(0, 0, 32);
  stage_tile_f4<0><<<16, 128>>>(0, 0, 32);
  stage_tile_f4<1><<<16, 128>>>(0, 0, 32);
  swizzle_tile<<<16, 512>>>(0, 0);
  unswizzled_tile<<<16, 512>>>(0, 0);
  stage_half_tile<<<16, dim3(8, 32)>>>(0, 0);
  stage_int8<<<16, dim3(32, 8)>>>(0, 0);
  byte_columns<<<16, 32>>>(0, 0);
  double_tile<<<16, dim3(16, 16)>>>(0, 0);
}
