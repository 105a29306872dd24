// A lane-varying unknown is enumerated over every residue that matters, not
// sampled: lane k at word k*(cols + 2) is 32-way when cols = 30 (mod 32)
// (every lane in one bank), a value no sample set of small numbers and
// powers of two contains.
// Which residue of an unknown size is the worst is a matter of its value:
// the finding is "possible", shown with --report=possible.
// RUN: %lint %s --block-dim=32 --report=possible | FileCheck %s --implicit-check-not=warning:
__global__ void pitch(float* out, int cols) {
  __shared__ float tile[32 * 64];
  unsigned lane = threadIdx.x;
  tile[lane * (cols + 2)] = 1;
  // CHECK: :[[@LINE-1]]:3: warning: shared store 'tile[...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1)
  __syncthreads();
  out[lane] = tile[lane];
}
