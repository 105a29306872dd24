// Where the block shape comes from: --block-dim (per kernel wins), launch
// sites (constant, dim3 temporaries, dim3 variables), __launch_bounds__,
// otherwise 256x1x1.
// RUN: %lint %s --format=json --report=all | FileCheck %s
// RUN: %lint %s --format=json --report=all --block-dim=by_launch:64,2 --block-dim=8 | FileCheck %s --check-prefix=CLI
__global__ void by_launch(float* a) { a[threadIdx.x] = 0; }
__global__ void __launch_bounds__(128) by_bounds(float* a) { a[threadIdx.x] = 0; }
__global__ void by_default(float* a) { a[threadIdx.x] = 0; }
__global__ void by_var(float* a) { a[threadIdx.x] = 0; }
int main() {
  by_launch<<<4, 96>>>(0);
  by_launch<<<4, dim3(32, 4)>>>(0);
  dim3 b(16, 8, 2);
  by_var<<<1, b>>>(0);
}
// CHECK: "block_dim": [
// CHECK-NEXT: 96,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block_dim_source": "96x1x1 (from the launch at block-shapes.cu:11)",
// CHECK: "kernel": "by_launch",
// CHECK: "block_dim_source": "32x4x1 (from the launch at block-shapes.cu:12)",
// CHECK: "kernel": "by_launch",
// CHECK: "block_dim_source": "128x1x1 (from __launch_bounds__)",
// CHECK: "kernel": "by_bounds",
// CHECK: "block_dim_source": "256x1x1 (assumed; no launch site, __launch_bounds__ or --block-dim)",
// CHECK: "kernel": "by_default",
// CHECK: "block_dim_source": "16x8x2 (from the launch at block-shapes.cu:14)",
// CHECK: "kernel": "by_var",
// CLI: "block_dim_source": "64x2x1 (from --block-dim)",
// CLI: "kernel": "by_launch",
// CLI: "block_dim_source": "8x1x1 (from --block-dim)",
// CLI: "kernel": "by_bounds",
