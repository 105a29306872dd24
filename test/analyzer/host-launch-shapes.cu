// Block shapes computed by host code: the launching function runs with the
// --assume values (std::min included); without them the shape is unknown and
// the default is assumed.
// RUN: %lint %s --format=json --report=all --assume=num_heads=8 --assume=head_size=128 --assume=x=8 | FileCheck %s --check-prefix=ASSUMED
// RUN: %lint %s --format=json --report=all | FileCheck %s --check-prefix=DEFAULT
#include <algorithm>
__global__ void copy_heads(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x];
}
struct Tensor { int size(int) const; };
void launch(const Tensor& key, const float* in, float* out) {
  int num_heads = key.size(1);
  int head_size = key.size(2);
  int x = key.size(4);
  int head_div_x = head_size / x;
  dim3 grid(64);
  dim3 block(std::min(num_heads * head_div_x, 512));
  copy_heads<<<grid, block>>>(in, out);
}
// ASSUMED: "block_dim_source": "128x1x1 (from the launch at host-launch-shapes.cu:18, with --assume)",
// DEFAULT: "block_dim_source": "256x1x1 (assumed; the block shape of the launch at host-launch-shapes.cu:18 is not followed: give it with --block-dim)",
