// Kernels in a project header (SGEMM_CUDA's runner.cu, Rodinia's drivers).
#pragma once
__global__ void strided_in_header(float* out) {
  out[threadIdx.x * 32] = 0;
}
