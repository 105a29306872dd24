// A kernel can declare its block shape in a comment; --block-dim still wins.
// RUN: %lint %s --format=json --report=all | FileCheck %s
// RUN: %lint %s --format=json --report=all --block-dim=tile:64 | FileCheck %s --check-prefix=CLI
// cuda-coalesce-lint: block-dim=32,8
__global__ void tile(float* a) { a[threadIdx.y * 32 + threadIdx.x] = 0; }
__global__ void other(float* a) { a[threadIdx.x] = 0; }
int main() { tile<<<1, 256>>>(0); }
// CHECK: "block_dim_source": "32x8x1 (from the comment at block-dim-comment.cu:4)",
// CHECK: "kernel": "tile",
// CLI: "block_dim_source": "64x1x1 (from --block-dim)",
