// --assume=KERNEL:NAME=VALUE applies to one kernel, over the assumptions
// for all; a typedef names its type (uint8_t for cache_t).
// RUN: %lint %s --block-dim=32 --assume=cache_t=float --assume=store_bytes:cache_t=uint8_t --format=json --report=all | FileCheck %s
// RUN: %lint %s --block-dim=32 --assume=n=1 --assume=wide:n=32 --report=all 2>&1 | FileCheck %s --check-prefix=INT
typedef unsigned char uint8_t;
template <typename cache_t>
__global__ void store_elems(cache_t* out) { out[threadIdx.x] = cache_t(); }
template <typename cache_t>
__global__ void store_bytes(cache_t* out) { out[threadIdx.x] = cache_t(); }
// Never instantiated by the file: instantiated from the assumptions.
// CHECK-DAG: "kernel": "store_elems<float>"
// CHECK-DAG: "kernel": "store_bytes<unsigned char>"
// CHECK-NOT: "kernel": "store_bytes<float>"

__global__ void narrow(float* out, int n) { out[threadIdx.x * n] = 0; }
__global__ void wide(float* out, int n) { out[threadIdx.x * n] = 0; }
// INT: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// INT: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k
