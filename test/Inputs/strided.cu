__global__ void strided(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * 32];
}
