template <typename scalar_t, int N>
__global__ void tk(scalar_t *p, int n) { int j = n; p[threadIdx.x * N + j] = 0; }
__global__ void plain(float *p, int stride) { p[threadIdx.x * stride] = 0; }
