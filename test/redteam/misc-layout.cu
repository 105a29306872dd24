// Red-team kernels for thread layouts and address shapes that real kernels
// use: blocks whose x is not a multiple of the warp (48 wide), 3-D blocks,
// halo pointers with negative offsets, shifts and masks, a flat thread id
// over a 2-D block, a walking pointer, mixed element widths, byte strings.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// An image filter with a 48x4 block over rows of 64 pixels (input) and a
// dense 48-wide output: warps straddle rows.
__global__ void box48(const float* in, float* out) {
  int x = threadIdx.x, y = blockIdx.y * 4 + threadIdx.y;
  out[y * 48 + x] = in[y * 64 + x] + in[y * 64 + x + 1];
//@rt global store out B=4 addr=4*((by*4+ty)*48+tx)
//@rt global load in at=in[y\ *\ 64\ +\ x] B=4 addr=4*((by*4+ty)*64+tx)
//@rt global load in at=in[y\ *\ 64\ +\ x\ +\ 1] B=4 addr=4*((by*4+ty)*64+tx+1)
}
//@rt-kernel box48 block=48,4

// A 3-D block (8, 4, 4) over a volume with 20-float rows and 100-row slabs.
__global__ void volume3d(const float* in, float* out) {
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int base = blockIdx.x * 8;
  out[(z * 16 + y) * 16 + base + x] = in[(z * 100 + y) * 20 + base + x];
//@rt global store out B=4 addr=4*((tz*16+ty)*16+bx*8+tx)
//@rt global load in B=4 addr=4*((tz*100+ty)*20+bx*8+tx) sym.bx=range(0,2)
}
//@rt-kernel volume3d block=8,4,4

// A 1-D stencil on an interior pointer (halo of 16 in front).
__global__ void halo_stencil(const float* in, float* out) {
  const float* p = in + 16 + blockIdx.x * 256;
  int t = threadIdx.x;
  out[blockIdx.x * 256 + t] = p[t - 16] + p[t] + p[t + 3];
//@rt global store out B=4 addr=4*(bx*256+tx)
//@rt global load p at=p[t\ -\ 16] B=4 addr=4*(16+bx*256+tx-16)
//@rt global load p at=p[t] B=4 addr=4*(16+bx*256+tx)
//@rt global load p at=p[t\ +\ 3] B=4 addr=4*(16+bx*256+tx+3)
}
//@rt-kernel halo_stencil block=256

// Packing with shifts: four outputs per lane group, strided 33-float rows.
__global__ void shift_pack(const float* in, float* out) {
  int t = threadIdx.x;
  out[t << 2] = in[(t >> 2) * 33];
//@rt global store out B=4 addr=4*(tx<<2)
//@rt global load in B=4 addr=4*((tx>>2)*33)
}
//@rt-kernel shift_pack block=32

// Flat thread id over a 16x8 block, then a transposed walk of a padded tile.
__global__ void flat_id_tile(float* out) {
  __shared__ float tile[32][33];
  int tid = threadIdx.x + threadIdx.y * blockDim.x;
  tile[tid % 32][tid / 32] = 1.0f;
//@rt shared store tile B=4 addr=4*((tid%32)*33+tid//32)
  __syncthreads();
  out[tid] = tile[tid / 32][tid % 32];
//@rt global store out B=4 addr=4*tid
//@rt shared load tile B=4 addr=4*((tid//32)*33+tid%32)
}
//@rt-kernel flat_id_tile block=16,8

// A pointer that walks rows of 33 floats (an unpadded-to-sector pitch).
__global__ void walking_pointer(const float* in, float* out) {
  const float* p = in + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 8; k++) {
    s += *p;
//@rt global load p B=4 addr=4*(tx+33*k) over.k=range(8)
    p += 33;
  }
  out[threadIdx.x] = s;
//@rt global store out B=4 addr=4*tx
}
//@rt-kernel walking_pointer block=32

// 2-byte loads of every third element (RGB planes of 16-bit pixels).
__global__ void rgb16_red(const unsigned short* in, float* out) {
  unsigned short v = in[threadIdx.x * 3];
//@rt global load in B=2 addr=2*3*tx
  out[threadIdx.x] = v;
//@rt global store out B=4 addr=4*tx
}
//@rt-kernel rgb16_red block=64

// Byte strings: a misaligned window read, and one byte per 33-byte record.
__global__ void byte_records(const char* in, char* out) {
  out[threadIdx.x * 33 + 7] = in[threadIdx.x + 31];
//@rt global store out B=1 addr=tx*33+7
//@rt global load in B=1 addr=tx+31
}
//@rt-kernel byte_records block=32

// 64-bit keys staged through shared memory: a stride-2 store (16-lane
// phases), a pair-broadcast read.
__global__ void keys64(const long long* in, long long* out) {
  __shared__ long long s[64];
  s[threadIdx.x * 2 % 64] = in[threadIdx.x];
//@rt shared store s B=8 addr=8*((tx*2)%64)
//@rt global load in B=8 addr=8*tx
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x / 2];
//@rt global store out B=8 addr=8*tx
//@rt shared load s B=8 addr=8*(tx//2)
}
//@rt-kernel keys64 block=32

int main() {
  box48<<<dim3(1, 16), dim3(48, 4)>>>(0, 0);
  volume3d<<<2, dim3(8, 4, 4)>>>(0, 0);
  halo_stencil<<<8, 256>>>(0, 0);
  shift_pack<<<1, 32>>>(0, 0);
  flat_id_tile<<<1, dim3(16, 8)>>>(0);
  walking_pointer<<<1, 32>>>(0, 0);
  rgb16_red<<<1, 64>>>(0, 0);
  byte_records<<<1, 32>>>(0, 0);
  keys64<<<1, 32>>>(0, 0);
}
