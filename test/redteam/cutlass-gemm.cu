// Red-team kernels in the idiom of hand-written CUTLASS-like GEMMs: 2-D
// thread blocks, shared tiles for A and B, broadcast and row reads in the
// inner product, register tiles read as float4, double buffering, and an
// epilogue with a leading dimension chosen at run time.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// The classic 16x16 tiled SGEMM, M = N = K = 1024 (compile time).
template <int TILE>
__global__ void sgemm_tiled(const float* A, const float* B, float* C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0;
  for (int t = 0; t < 1024 / TILE; t++) {
    As[ty][tx] = A[row * 1024 + t * TILE + tx];
//@rt shared store As B=4 addr=4*(ty*16+tx)
//@rt global load A B=4 addr=4*((by*16+ty)*1024+t*16+tx) over.t=[0,1,63]
    Bs[ty][tx] = B[(t * TILE + ty) * 1024 + col];
//@rt shared store Bs B=4 addr=4*(ty*16+tx)
//@rt global load B B=4 addr=4*((t*16+ty)*1024+bx*16+tx) over.t=[0,1,63]
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      acc += As[ty][k] * Bs[k][tx];
//@rt shared load As B=4 addr=4*(ty*16+k) over.k=range(16)
//@rt shared load Bs B=4 addr=4*(k*16+tx) over.k=range(16)
    __syncthreads();
  }
  C[row * 1024 + col] = acc;
//@rt global store C B=4 addr=4*((by*16+ty)*1024+bx*16+tx)
}
//@rt-kernel sgemm_tiled<16> block=16,16

// A tile stored transposed (k-major) so that the inner loop reads rows; a
// (32, 8) block, each thread computes 4 outputs in a column.
__global__ void sgemm_at(const float* A, const float* B, float* C) {
  __shared__ float AsT[32][32 + 1];
  __shared__ float Bs[32][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc[4] = {0, 0, 0, 0};
  for (int t = 0; t < 16; t++) {
    for (int i = 0; i < 4; i++) {
      AsT[tx][ty * 4 + i] = A[(blockIdx.y * 32 + ty * 4 + i) * 512 + t * 32 + tx];
//@rt shared store AsT B=4 addr=4*(tx*33+ty*4+i) over.i=range(4)
//@rt global load A B=4 addr=4*((by*32+ty*4+i)*512+t*32+tx) over.i=range(4) over.t=[0,15]
      Bs[ty * 4 + i][tx] = B[(t * 32 + ty * 4 + i) * 512 + blockIdx.x * 32 + tx];
//@rt shared store Bs B=4 addr=4*((ty*4+i)*32+tx) over.i=range(4)
//@rt global load B B=4 addr=4*((t*32+ty*4+i)*512+bx*32+tx) over.i=range(4) over.t=[0,15]
    }
    __syncthreads();
    for (int k = 0; k < 32; k++) {
      float b = Bs[k][tx];
//@rt shared load Bs B=4 addr=4*(k*32+tx) over.k=range(32)
      for (int i = 0; i < 4; i++)
        acc[i] += AsT[k][ty * 4 + i] * b;
//@rt shared load AsT B=4 addr=4*(k*33+ty*4+i) over.k=range(32) over.i=range(4)
    }
    __syncthreads();
  }
  for (int i = 0; i < 4; i++)
    C[(blockIdx.y * 32 + ty * 4 + i) * 512 + blockIdx.x * 32 + tx] = acc[i];
//@rt global store C B=4 addr=4*((by*32+ty*4+i)*512+bx*32+tx) over.i=range(4)
}
//@rt-kernel sgemm_at block=32,8

// Register tile read as float4 from a shared tile of B: each of 256 threads
// reads 4 consecutive columns; a 16x16 block (thread (tx, ty) -> columns
// 4*tx..4*tx+3 of row k).
__global__ void sgemm_regtile(const float4* B4, float* C) {
  __shared__ float4 Bs[8][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  if (ty < 8)
    Bs[ty][tx] = B4[(blockIdx.x * 8 + ty) * 16 + tx];
//@rt shared store Bs B=16 addr=16*(ty*16+tx) if=ty<8
//@rt global load B4 B=16 addr=16*((bx*8+ty)*16+tx) if=ty<8
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 8; k++) {
    float4 b = Bs[k][tx];
//@rt shared load Bs B=16 addr=16*(k*16+tx) over.k=range(8)
    acc += b.x + b.y + b.z + b.w;
  }
  C[(blockIdx.x * 16 + ty) * 16 + tx] = acc;
//@rt global store C B=4 addr=4*((bx*16+ty)*16+tx)
}
//@rt-kernel sgemm_regtile block=16,16

// Double-buffered staging: two halves of one shared array picked by the
// iteration's parity.
__global__ void double_buffer(const float* A, float* out) {
  __shared__ float buf[2][256];
  const int t = threadIdx.x;
  float acc = 0;
  for (int it = 0; it < 4; it++) {
    buf[it & 1][t] = A[it * 256 + t];
//@rt shared store buf B=4 addr=4*((it&1)*256+tx) over.it=range(4)
//@rt global load A B=4 addr=4*(it*256+tx) over.it=range(4)
    __syncthreads();
    acc += buf[it & 1][(t * 4) % 256];
//@rt shared load buf B=4 addr=4*((it&1)*256+(tx*4)%256) over.it=range(4)
  }
  out[t] = acc;
//@rt global store out B=4 addr=4*tx
}
//@rt-kernel double_buffer block=256

// Epilogue with alpha/beta and a run-time ldc: C = alpha*acc + beta*C.
__global__ void epilogue_ldc(float* C, int ldc, float alpha, float beta) {
  const int row = blockIdx.y * 8 + threadIdx.y;
  const int col = blockIdx.x * 32 + threadIdx.x;
  float* c = C + row * ldc + col;
  *c = alpha * 1.0f + beta * *c;
//@rt global store c at=*c\ = B=4 addr=4*((by*8+ty)*ldc+bx*32+tx) sym.ldc=[32,33,40,1024,1025] sym.by=range(0,2) sym.bx=range(0,2)
//@rt global load c at=*c; B=4 addr=4*((by*8+ty)*ldc+bx*32+tx) sym.ldc=[32,33,40,1024,1025] sym.by=range(0,2) sym.bx=range(0,2)
}
//@rt-kernel epilogue_ldc block=32,8

// A split-K partial sum written with atomics into a column-major C.
__global__ void splitk_atomic(float* C, const float* partial) {
  const int row = blockIdx.x * 32 + threadIdx.x, col = threadIdx.y;
  atomicAdd(&C[col * 256 + row], partial[row * 8 + col]);
//@rt global atomic C B=4 addr=4*(ty*256+bx*32+tx)
//@rt global load partial B=4 addr=4*((bx*32+tx)*8+ty)
}
//@rt-kernel splitk_atomic block=32,8

int main() {
  sgemm_tiled<16><<<dim3(64, 64), dim3(16, 16)>>>(0, 0, 0);
  sgemm_at<<<dim3(16, 16), dim3(32, 8)>>>(0, 0, 0);
  sgemm_regtile<<<16, dim3(16, 16)>>>(0, 0);
  double_buffer<<<1, 256>>>(0, 0);
  epilogue_ldc<<<dim3(4, 4), dim3(32, 8)>>>(0, 1024, 1.f, 0.f);
  splitk_atomic<<<8, dim3(32, 8)>>>(0, 0);
}
