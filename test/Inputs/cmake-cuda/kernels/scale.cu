#include <layout.cuh>
__global__ void scale(float *p) { p[threadIdx.x * STRIDE] *= 2.0f; }
void run_scale(float *p) { scale<<<1, ROW>>>(p); }
