// A kernel in a header two files include, its access written in a macro.
#define AT(i) in[(i) * 32]
__global__ void in_header(float *out, const float *in) {
  out[threadIdx.x] = AT(threadIdx.x);
}
