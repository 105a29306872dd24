// Red-team kernels in the idiom of PyTorch's indexing and layout ops
// (index_select, embedding forward/backward, gather, transposes).
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// index_select(dim=0): one block per selected row, a warp-uniform index.
template <int D>
__global__ void index_select_rows(const float* in, const long* idx, float* out) {
  long src = idx[blockIdx.x];
//@rt global load idx B=8 addr=8*bx
  for (int d = threadIdx.x; d < D; d += blockDim.x)
    out[blockIdx.x * D + d] = in[src * D + d];
//@rt global store out B=4 addr=4*(bx*128+tx+c*bdx) over.c=range(2) if=tx+c*bdx<128
//@rt global load in B=4 addr=4*(src*128+tx+c*bdx) over.c=range(2) if=tx+c*bdx<128 sym.src=range(0,5)
}
//@rt-kernel index_select_rows<128> block=64

// index_select(dim=1): each lane reads its own column through the index, a
// gather whose addresses are data: the worst case is one sector per lane.
__global__ void index_select_cols(const float* in, const int* idx, float* out,
                                  int cols) {
  int r = blockIdx.x, k = threadIdx.x;
  out[r * blockDim.x + k] = in[r * cols + idx[k]];
//@rt global store out B=4 addr=4*(bx*bdx+tx)
//@rt global load idx B=4 addr=4*tx
//@rt global load in B=4 addr=4*(bx*cols+lane*67) sym.cols=[4096]
}
//@rt-kernel index_select_cols block=64

// Embedding forward: token ids pick rows of a [vocab, 768] table.
__global__ void embedding_fwd(const int* ids, const float* weight, float* out) {
  int tok = blockIdx.x;
  int id = ids[tok];
//@rt global load ids B=4 addr=4*bx
  for (int h = threadIdx.x; h < 768; h += blockDim.x)
    out[tok * 768 + h] = weight[id * 768 + h];
//@rt global store out B=4 addr=4*(bx*768+tx+256*c) over.c=range(3)
//@rt global load weight B=4 addr=4*(id*768+tx+256*c) over.c=range(3) sym.id=range(0,4)
}
//@rt-kernel embedding_fwd block=256

// Embedding backward: atomics into the rows the ids pick; rows of 100.
__global__ void embedding_bwd(const int* ids, const float* grad_out,
                              float* grad_w) {
  int tok = blockIdx.x;
  int id = ids[tok];
//@rt global load ids B=4 addr=4*bx
  int h = threadIdx.x;
  if (h < 100)
    atomicAdd(&grad_w[id * 100 + h], grad_out[tok * 100 + h]);
//@rt global atomic grad_w B=4 addr=4*(id*100+tx) if=tx<100 sym.id=range(0,8)
//@rt global load grad_out B=4 addr=4*(bx*100+tx) if=tx<100
}
//@rt-kernel embedding_bwd block=128

// Naive transpose of a 1024x1024 matrix with (32, 8) blocks.
__global__ void transpose_naive(const float* in, float* out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * 1024 + (y + j)] = in[(y + j) * 1024 + x];
//@rt global store out B=4 addr=4*((bx*32+tx)*1024+by*32+ty+j) over.j=[0,8,16,24]
//@rt global load in B=4 addr=4*((by*32+ty+j)*1024+bx*32+tx) over.j=[0,8,16,24]
}
//@rt-kernel transpose_naive block=32,8

// Tiled transpose through a padded tile (the [32][33] fix).
__global__ void transpose_tiled(const float* in, float* out) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * 1024 + x];
//@rt shared store tile B=4 addr=4*((ty+j)*33+tx) over.j=[0,8,16,24]
//@rt global load in B=4 addr=4*((by*32+ty+j)*1024+bx*32+tx) over.j=[0,8,16,24]
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * 1024 + x] = tile[threadIdx.x][threadIdx.y + j];
//@rt global store out B=4 addr=4*((bx*32+ty+j)*1024+by*32+tx) over.j=[0,8,16,24]
//@rt shared load tile B=4 addr=4*(tx*33+ty+j) over.j=[0,8,16,24]
}
//@rt-kernel transpose_tiled block=32,8

// The same without padding: a column of the tile is one bank.
__global__ void transpose_tiled_conflicts(const float* in, float* out) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * 1024 + x];
//@rt shared store tile B=4 addr=4*((ty+j)*32+tx) over.j=[0,8,16,24]
//@rt global load in B=4 addr=4*((by*32+ty+j)*1024+bx*32+tx) over.j=[0,8,16,24]
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * 1024 + x] = tile[threadIdx.x][threadIdx.y + j];
//@rt global store out B=4 addr=4*((bx*32+ty+j)*1024+by*32+tx) over.j=[0,8,16,24]
//@rt shared load tile B=4 addr=4*(tx*32+ty+j) over.j=[0,8,16,24]
}
//@rt-kernel transpose_tiled_conflicts block=32,8

// Transpose of a half-precision (2-byte) matrix with a 16x16 block, the tile
// padded by one element: 2-byte words share banks.
__global__ void transpose_u16(const unsigned short* in, unsigned short* out) {
  __shared__ unsigned short tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 512 + x];
//@rt shared store tile B=2 addr=2*(ty*17+tx)
//@rt global load in B=2 addr=2*((by*16+ty)*512+bx*16+tx)
  __syncthreads();
  out[(blockIdx.x * 16 + threadIdx.y) * 512 + blockIdx.y * 16 + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
//@rt global store out at=out[ B=2 addr=2*((bx*16+ty)*512+by*16+tx)
//@rt shared load tile B=2 addr=2*(tx*17+ty)
}
//@rt-kernel transpose_u16 block=16,16

// masked_fill with a per-row mask byte (a broadcast within a row).
__global__ void masked_fill_rows(float* x, const unsigned char* mask, float v) {
  int row = blockIdx.x;
  if (mask[row])
//@rt global load mask B=1 addr=bx
    x[row * 256 + threadIdx.x] = v;
//@rt global store x B=4 addr=4*(bx*256+tx)
}
//@rt-kernel masked_fill_rows block=256

int main() {
  index_select_rows<128><<<32, 64>>>(0, 0, 0);
  index_select_cols<<<32, 64>>>(0, 0, 0, 4096);
  embedding_fwd<<<64, 256>>>(0, 0, 0);
  embedding_bwd<<<64, 128>>>(0, 0, 0);
  transpose_naive<<<dim3(32, 32), dim3(32, 8)>>>(0, 0);
  transpose_tiled<<<dim3(32, 32), dim3(32, 8)>>>(0, 0);
  transpose_tiled_conflicts<<<dim3(32, 32), dim3(32, 8)>>>(0, 0);
  transpose_u16<<<dim3(32, 32), dim3(16, 16)>>>(0, 0);
  masked_fill_rows<<<64, 256>>>(0, 0, 0.f);
}
