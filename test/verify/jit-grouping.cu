// --verify=jit runs the device code clang compiles. Two measurement bugs of
// the host re-compilation (--verify=cpu) are gone:
// - a request is the lanes of one warp that execute the same instruction
//   together under SIMT reconvergence: the needle loop groups by m (8-way
//   at m = 14, not one wavefront from lanes of different iterations);
// - the element size is the instantiation's: reduce0<double> moves 8 bytes
//   per lane (8 sectors, 2 wavefronts), reduce0<float> 4.
// RUN: %lint %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED --implicit-check-not="not runnable" --implicit-check-not="not verified"
// RUN: %lint %s --verify=jit --format=json --report=all | FileCheck %s --check-prefix=JSON
__global__ void needle(int *g) {
  __shared__ int temp[17][17];
  int tx = threadIdx.x;
  for (int m = 0; m < 16; m++) {
    if (tx <= m)
      temp[m - tx + 1][tx + 1] = g[tx];
    __syncthreads();
  }
  g[tx] = temp[tx][tx];
}
// CHECK: :15:7: warning: shared store 'temp[...][...]' has an 8-way bank conflict
// CHECK: :15:7: note: confirmed: measured 8 wavefronts (ideal 1) over 64 warp requests
// CHECK: :15:34: remark: global load 'g[...]'{{.*}}; confirmed: measured 2 sectors (ideal 2) over 64 warp requests
// CHECK: :18:3: remark: global store 'g[...]'{{.*}}; confirmed: measured 2 sectors (ideal 2) over 4 warp requests
// CHECK: :18:11: remark: shared load 'temp[...][...]'{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 4 warp requests

template <typename T>
__global__ void reduce0(const T *in, T *out, unsigned n) {
  __shared__ T s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    if (tid % (2 * k) == 0)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
void host(float *f, double *d, float *o, double *od) {
  reduce0<float><<<4, 256>>>(f, o, 1024);
  reduce0<double><<<4, 256>>>(d, od, 1024);
  needle<<<1, 16>>>((int *)f);
}
// CHECK: :31:3: remark: shared store 's[...]': 1 wavefront{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 32 warp requests
// CHECK: :31:20: remark: global load 'in[...]': 4 sectors{{.*}}; worst case not exceeded: measured 4 sectors (ideal 4) over 32 warp requests
// CHECK: :35:7: remark: shared load 's[...]': 1 wavefront{{.*}}; confirmed: measured 1 wavefronts (ideal 1) over 188 warp requests
// CHECK: :31:3: remark: shared store 's[...]': 2 wavefronts{{.*}}; confirmed: measured 2 wavefronts (ideal 2) over 32 warp requests
// CHECK: :31:20: remark: global load 'in[...]': 8 sectors{{.*}}; worst case not exceeded: measured 8 sectors (ideal 8) over 32 warp requests
// CHECK: :35:7: remark: shared load 's[...]': 2 wavefronts{{.*}}; confirmed: measured 2 wavefronts (ideal 2) over 188 warp requests
// CHECK: note: verified on cpu (jit): 18 predictions compared with measurements: 16 confirmed, 0 refuted, 2 worst cases not exceeded, 0 not executed

// The measurement says what made it ("cpu-jit"; --verify=cpu's is
// "cpu-trace") and the access the sentence of the text output.
// JSON: "kernel": "needle"
// JSON: "measured": {
// JSON-NEXT: "conflict_ways": 8,
// JSON-NEXT: "ideal_sectors": null,
// JSON-NEXT: "ideal_wavefronts": 1,
// JSON-NEXT: "out_of_range": false,
// JSON-NEXT: "sectors": null,
// JSON-NEXT: "source": "cpu-jit",
// JSON-NEXT: "warps": 64,
// JSON-NEXT: "wavefronts": 8
// JSON: "verdict": "confirmed",
// JSON-NEXT: "verification": "confirmed: measured 8 wavefronts (ideal 1) over 64 warp requests"
// JSON: "verification": {
// JSON-NEXT: "kernels_not_verified": [],
// JSON-NEXT: "mode": "jit",
