#define PLUS_UNDECLARED(x) ((x) + undeclared_name)
template <int N> __global__ void tmpl(float *o) { o[threadIdx.x * N] = 0; }
__global__ void bad(float *o) { o[threadIdx.x] = PLUS_UNDECLARED(1); }
