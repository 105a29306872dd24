// A lane stride the analysis does not know is taken to be large (32
// elements or more) when a finding is called certain. When a launch in the
// file passes a small constant for it (Rodinia srad's reduce: `mul = 1`
// before the loop that launches `reduce(..., mul, ...)` and multiplies it),
// the kernel is analyzed again under that launch; a finding it does not
// have there is only possible, and the message says which launch.
// RUN: %lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --report=possible 2>&1 | FileCheck %s --check-prefix=POSSIBLE --implicit-check-not=warning:
__global__ void reduce(const float* sums, float* out, int mul) {
  int ei = blockIdx.x * 256 + threadIdx.x;
  out[ei] = sums[ei * mul];
  // POSSIBLE: :[[@LINE-1]]:13: warning: global load 'sums[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 4*mul*k; worst case over blockIdx.x, mul (reached for mul >= 8) (possible: at the launch at small-launch-arguments.cu:[[@LINE+12]], 'mul' is 1 (set at small-launch-arguments.cu:[[@LINE+9]]): 4 sectors for an ideal 4 there) [cuda-uncoalesced-global]
}
// No launch passes a small stride: certain.
__global__ void gather(const float* in, float* out, int stride) {
  out[threadIdx.x] = in[threadIdx.x * stride];
  // CHECK: :[[@LINE-1]]:22: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 4*stride*k; worst case over stride (reached for stride >= 8) [cuda-uncoalesced-global]
  // POSSIBLE: :[[@LINE-2]]:22: warning: global load 'in[...]' touches 32 sectors
}
void host(const float* sums, float* out, int n, int stride) {
  int mul = 1;
  int blocks = n / 256;
  while (blocks > 1) {
    reduce<<<blocks, 256>>>(sums, out, mul);
    mul = mul * 256;
    blocks /= 256;
  }
  gather<<<1, 256>>>(sums, out, stride);
}
