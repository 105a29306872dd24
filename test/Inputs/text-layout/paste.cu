#define CAT(a, b) a##b
#define USE(n) CAT(undeclared_, n)
__global__ void pasted(float *out) { out[threadIdx.x] = USE(x); }
__device__ int raw() {
  int y = R"(first
second)";
  return y;
}
