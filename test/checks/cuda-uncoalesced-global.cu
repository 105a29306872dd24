// cuda-uncoalesced-global: what is reported and what is not, with the notes
// that state the assumptions.
// RUN: %lint %s | FileCheck %s --implicit-check-not=warning:
__global__ void column_read(const float* in, float* out, int w) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  // Row-major matrix read down a column: adjacent lanes are a row apart.
  out[row * 1024 + col] = in[col * 1024 + row];
  // CHECK: :[[@LINE-1]]:27: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 4096*k [cuda-uncoalesced-global]
  // CHECK-NEXT: out[row * 1024 + col] = in[col * 1024 + row];
  // CHECK: :6:7: note: 'col' is blockIdx.x * blockDim.x + threadIdx.x here
  // CHECK: :5:7: note: 'row' is blockIdx.y * blockDim.y + threadIdx.y here
  // CHECK: :[[@LINE-5]]:27: note: worst request: warp 0; 32 active lanes, 4 bytes per lane
  // CHECK: :4:42: note: 'in' is assumed 256-byte aligned (cudaMalloc)
  // CHECK: :[[LAUNCH:[0-9]+]]:3: note: assuming kernel 'column_read' runs with a block of 32x32x1 (from the launch at cuda-uncoalesced-global.cu:[[LAUNCH]])
}
// Coalesced and broadcast accesses are not reported.
__global__ void fine(const float* in, float* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] + in[0];
}
// A misaligned but contiguous access (5 sectors for 4) stays under the
// default threshold of 80% efficiency.
__global__ void shifted(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x + 1];
}
int main() {
  column_read<<<dim3(32, 32), dim3(32, 32)>>>(0, 0, 1024);
}

// One byte per lane: "1 byte per lane", not "1 bytes".
// cuda-coalesce-lint: block-dim=32
__global__ void byte_stride(const char *in, char *out) {
  out[threadIdx.x * 64] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 1, 3.1% efficiency)
  // CHECK: :[[@LINE-2]]:3: note: worst request: warp 0; 32 active lanes, 1 byte per lane
}

// A variable changed after its declaration (here by an out-parameter) gets
// no "'row' is 0 here" note (it is not 0 at the access); one never changed
// does.
__device__ void coords(int t, int &row) { row = t; }
// cuda-coalesce-lint: block-dim=32
__global__ void via_out_param(const float *in, float *out) {
  int row = 0;
  const int pitch = 32;
  coords(threadIdx.x, row);
  out[threadIdx.x] = in[row * pitch];
  // CHECK: :[[@LINE-1]]:22: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k
  // CHECK-NOT: note: 'row'
  // CHECK: :[[@LINE-5]]:13: note: 'pitch' is 32 here
}
