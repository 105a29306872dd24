// Was known tool bug RT-5 (/work/coord/redteam-bugs.md), fixed on branch
// reach: fields of a by-value kernel argument (a functor's member, an
// accessor's pointer and leading dimension) live in the kernel's parameter
// space (constant bank), not in global memory; reading them is not a global
// request. The checker fails on any record no annotation lists.
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// A unary functor applied elementwise (a TensorIterator gpu_kernel shape).
struct Scale {
  float s;
  __device__ float operator()(float x) const { return x * s; }
};
template <typename F>
__global__ void unary_kernel(F f, const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(in[i]);
//@rt global store out B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<n sym.n=[100,4096]
//@rt global load in B=4 addr=4*(bx*bdx+tx) if=bx*bdx+tx<n sym.n=[100,4096]
}
//@rt-kernel unary_kernel<Scale> block=256

// An accessor struct passed by value; its pointer is only float-aligned.
struct Matrix {
  float* data;
  int ld;
  __device__ float& at(int r, int c) const { return data[r * ld + c]; }
};
__global__ void accessor_transpose(Matrix a, Matrix b) {
  b.at(threadIdx.x, threadIdx.y) = a.at(threadIdx.y, threadIdx.x);
//@rt global store b B=4 addr=base+4*(tx*ld+ty) sym.base=range(0,32,4) sym.ld=[32,33,64]
//@rt global load a.at B=4 addr=base+4*(ty*ld+tx) sym.base=range(0,32,4) sym.ld=[32,33,64]
}
//@rt-kernel accessor_transpose block=32,8

int main() {
  unary_kernel<<<8, 256>>>(Scale{2.f}, (const float*)0, (float*)0, 4096);
  accessor_transpose<<<1, dim3(32, 8)>>>(Matrix{0, 32}, Matrix{0, 32});
}
