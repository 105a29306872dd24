// Row-major indexing with an unknown width: width * (blockDim.y * by + ty)
// is distributed into width*ty (lane-dependent coefficients of width) plus a
// uniform product, so the access is analyzed instead of unknown.
// RUN: %lint %s --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// RUN: %lint %s --report=all --assume=width=1024 | FileCheck %s --check-prefix=KNOWN
// The misalignment needs an unlucky width: a "possible" finding, not a
// warning by default.
// RUN: %lint %s 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// DEFAULT: 2 accesses in 1 kernel: 0 flagged, 0 not analyzable, 2 possible (see --report=possible)
// RUN: %lint %s --verify=cpu --assume=width=1024 2>&1 | FileCheck %s --check-prefix=VERIFY
__global__ void copy2d(const float* in, float* out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[y * width + x];
}
int main() { copy2d<<<dim3(4, 4), dim3(16, 16)>>>(0, 0, 1024); }
// Two 16-lane rows per warp, width*4 bytes apart: 64 bytes each, so 4 sectors
// when the rows are 32-byte aligned, up to 6 otherwise (unknown width).
// CHECK: :14:3: warning: global store 'out[...]' touches 6 sectors per warp request (ideal 4, 66.7% efficiency): lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ...; worst case over blockIdx.x, blockIdx.y, width (possible: only for some alignments or values of blockIdx.x, blockIdx.y, width) [cuda-uncoalesced-global]
// CHECK: :14:24: warning: global load 'in[...]' touches 6 sectors per warp request (ideal 4, 66.7% efficiency): lanes 0,1,2,3,... read bytes 0, 4, 8, 12, ...; worst case over blockIdx.x, blockIdx.y, width (possible: only for some alignments or values of blockIdx.x, blockIdx.y, width) [cuda-uncoalesced-global]
// KNOWN: :14:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ..., exact
// KNOWN: :14:24: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... read bytes 0, 4, 8, 12, ..., exact
// VERIFY: verified on cpu: 2 predictions compared with measurements: 2 confirmed, 0 refuted
