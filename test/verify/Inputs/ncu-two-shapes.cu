// Launched with two block shapes; ncu-two-shapes.csv does not say which
// launch had which.
__global__ void k(float *a) { a[threadIdx.x] = 0; }
int main() { k<<<1, 64>>>(0); k<<<1, dim3(32, 2)>>>(0); }
