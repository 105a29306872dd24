__global__ void k(const float* in, float* out) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = in[threadIdx.x * 32];
  out[threadIdx.x] = s[threadIdx.x][1];
}
