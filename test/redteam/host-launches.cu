// Red-team kernels launched the way host code really launches them: block
// sizes from constexpr members, std::min of a size known only at the call
// (the tool may assume a shape if it says so and stays inexact), a per-dtype
// dispatch through a host template (more shapes in
// xfail-rt6-host-block-shapes.cu).
// The block each //@rt-kernel line names is the one the host code gives;
// the checker fails when the tool assumes another.
// Expected numbers: utils/redteam's per-lane model (docs/redteam.md).
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

namespace std { template <class T> constexpr const T& min(const T& a, const T& b) { return b < a ? b : a; } }

struct Cfg { static constexpr int kThreads = 128; };

// A row-wise op launched with Cfg::kThreads threads.
__global__ void row_scale(float* x, int cols) {
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    x[blockIdx.x * cols + c] *= 2.0f;
//@rt global load x B=4 addr=4*(bx*cols+tx+bdx*j) if=tx+bdx*j<cols sym.j=range(0,2) sym.cols=[64,128,200] sym.bx=range(0,3)
//@rt global store x B=4 addr=4*(bx*cols+tx+bdx*j) if=tx+bdx*j<cols sym.j=range(0,2) sym.cols=[64,128,200] sym.bx=range(0,3)
}
//@rt-kernel row_scale block=128

// vLLM's launch shape: dim3 block(std::min(hidden_size, 1024)) with a
// hidden size of 512 known at the call.
__global__ void norm_like(const float* in, float* out, int hidden) {
  for (int i = threadIdx.x; i < hidden; i += blockDim.x)
    out[blockIdx.x * hidden + i] = in[blockIdx.x * hidden + i];
//@rt global store out B=4 addr=4*(bx*h+tx+bdx*j) if=tx+bdx*j<h sym.j=range(0,2) sym.h=[512,513] sym.bx=range(0,3)
//@rt global load in B=4 addr=4*(bx*h+tx+bdx*j) if=tx+bdx*j<h sym.j=range(0,2) sym.h=[512,513] sym.bx=range(0,3)
}
//@rt-kernel norm_like block=512

void launch_norm(int tokens, int hidden) {
  dim3 grid(tokens);
  dim3 block(std::min(hidden, 1024));
  norm_like<<<grid, block>>>(0, 0, hidden);
}

// A per-dtype dispatch: one template, the same block, two instances.
template <typename T>
__global__ void fill_dtype(T* out, T v) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
//@rt global store out B=4 addr=4*(bx*bdx+tx) kernel=fill_dtype<float>
//@rt global store out B=2 addr=2*(bx*bdx+tx) kernel=fill_dtype<unsigned*short>
}
//@rt-kernel fill_dtype<float> block=64
//@rt-kernel fill_dtype<unsigned*short> block=64
template <typename T> void fill(T* p, int n) { fill_dtype<T><<<n / 64, 64>>>(p, T(0)); }

int main() {
  row_scale<<<32, Cfg::kThreads>>>(0, 200);
  launch_norm(64, 512);
  fill<float>(0, 4096);
  fill<unsigned short>(0, 4096);
}
