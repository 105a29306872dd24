__global__ void from_flag(float *out, const float *in) {
  out[threadIdx.x] = LOAD(threadIdx.x);
}
