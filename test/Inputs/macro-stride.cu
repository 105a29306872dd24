#ifndef STRIDE
#error STRIDE must be defined
#endif
__global__ void k(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * STRIDE];
}
