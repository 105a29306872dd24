#include "layout.cuh"
__global__ void copy(float *o, const float *i) { o[threadIdx.x] = i[threadIdx.x * ROW]; }
void run_copy(float *o, const float *i) { copy<<<1, 32>>>(o, i); }
