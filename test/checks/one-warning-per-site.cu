// One warning per source site and check: the worst instance (template
// instantiation, block shape, calling kernel) is in the message, the others
// in a note; JSON keeps every record, with the site they share.
// RUN: %lint %s | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --format=json | FileCheck %s --check-prefix=JSON
template <typename T>
__global__ void scale(const T* in, T* out) {
  out[threadIdx.x * 8] = in[threadIdx.x];
  // char: 8 sectors (ideal 1), float: 32 (ideal 4), double: 32 (ideal 8);
  // the worst efficiency, then the most sectors: float.
  // CHECK: :[[@LINE-3]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 32*k; worst case: under the assumed block shape 256x1x1 [cuda-uncoalesced-global]
  // CHECK: note: assuming kernel 'scale<float>' runs with a block of 256x1x1
  // CHECK: note: also flagged in 2 other instances (scale<char> with a block of 256x1x1, scale<double> with a block of 256x1x1): 8-32 sectors per request
}
template __global__ void scale<char>(const char*, char*);
template __global__ void scale<float>(const float*, float*);
template __global__ void scale<double>(const double*, double*);

__device__ void put(float* p, int i) { p[i * 32] = 0; }
// CHECK: :[[@LINE-1]]:40: warning: global store 'p[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k; worst case: under the assumed block shape 256x1x1 [
// CHECK: note: also flagged in 1 other instance (second with a block of 256x1x1): 32 sectors per request
__global__ void first(float* a) { put(a, threadIdx.x); }
__global__ void second(float* a) { put(a, threadIdx.x); }

// JSON: "diagnostics": [
// JSON: "instances": 3,
// JSON: "site": "{{.*}}one-warning-per-site.cu:8:3:global:store"
// JSON: "instances": 2,
// JSON: "site": "{{.*}}one-warning-per-site.cu:{{[0-9]+}}:40:global:store"
