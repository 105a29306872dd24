// Block shapes followed through host code: field stores to a dim3 after its
// declaration, a host helper that takes the shape as a parameter, a launch
// through a function pointer (cuda-samples transpose). A shape nobody
// states is an assumption: its records are not exact and say so.
// RUN: %lint %s --format=json --report=all | FileCheck %s
__global__ void stores_after_default(float *a) { a[threadIdx.y * 8 + threadIdx.x] = 0; }
__global__ void store_after_init(float *a) { a[threadIdx.x] = 0; }
__global__ void through_helper(float *a) { a[threadIdx.x] = 0; }
__global__ void through_pointer_a(float *a) { a[threadIdx.x] = 0; }
__global__ void through_pointer_b(float *a) { a[threadIdx.x] = 0; }
__global__ void conditional_store(float *a) { a[threadIdx.x] = 0; }
__global__ void never_launched(float *a) { a[threadIdx.x] = 0; }

void launch_with(dim3 block, float *a) { through_helper<<<1, block>>>(a); }

int main(int argc, char **) {
  float *a = nullptr;
  dim3 b;
  b.x = 8;
  b.y = 32;
  stores_after_default<<<1, b>>>(a);
  dim3 c(32, 8);
  c.x = 4;
  store_after_init<<<1, c>>>(a);
  launch_with(dim3(16, 4), a);
  void (*kernel)(float *);
  kernel = &through_pointer_a;
  kernel<<<1, dim3(64, 2)>>>(a);
  kernel = &through_pointer_b;
  kernel<<<1, dim3(64, 2)>>>(a);
  dim3 d(128);
  if (argc > 1)
    d.x = 32;
  conditional_store<<<1, d>>>(a);
}
// CHECK: "block_dim_source": "8x32x1 (from the launch at block-shape-dataflow.cu:21)",
// CHECK: "kernel": "stores_after_default",
// CHECK: "block_dim_source": "4x8x1 (from the launch at block-shape-dataflow.cu:24)",
// CHECK: "kernel": "store_after_init",
// CHECK: "block_dim_source": "16x4x1 (from the launch at block-shape-dataflow.cu:25)",
// CHECK: "kernel": "through_helper",
// CHECK: "block_dim_source": "64x2x1 (from the launch at block-shape-dataflow.cu:28)",
// CHECK: "kernel": "through_pointer_a",
// CHECK: "block_dim_source": "64x2x1 (from the launch at block-shape-dataflow.cu:30)",
// CHECK: "kernel": "through_pointer_b",
// The conditional store is not followed: the shape is assumed, not 128x1x1,
// and the records say so.
// CHECK: "block_dim_source": "256x1x1 (assumed; the block shape of the launch at block-shape-dataflow.cu:34 is not followed: give it with --block-dim)",
// CHECK: "depends_on": [
// CHECK-NEXT: "(under the assumed block shape 256x1x1)"
// CHECK-NEXT: ],
// CHECK: "exact": false,
// CHECK: "kernel": "conditional_store",
// CHECK: "block_dim_source": "256x1x1 (assumed; no launch site, __launch_bounds__ or --block-dim)",
// CHECK: "exact": false,
// CHECK: "kernel": "never_launched",
