#include "rsp.h"
#if !defined(FROM_NVCC) || !defined(FROM_HOST) || !defined(FROM_OPTIONS_FILE) || !defined(PRE_INCLUDED) || !defined(IN_RSP_DIR)
#error a flag did not arrive
#endif
__global__ void k(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x * 2]; }
