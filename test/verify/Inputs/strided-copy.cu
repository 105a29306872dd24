// A strided copy: element stride s gives 32 sectors per request once s >= 8
// (floats). Used by utils/validate-gpu.sh.
__global__ void strided_copy(const float* in, float* out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 8];
  out[i] += in[i * 2];
}
int main() { strided_copy<<<4, 256>>>(nullptr, nullptr, 8); }
