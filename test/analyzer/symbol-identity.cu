// Unknowns are told apart by what they are (the memory read and its address,
// the parameter, the dynamic loop), never by how they print: two loads that
// print alike, or two long expressions cut to the same 57 characters, are
// different values, and their difference is not 0.
// A difference of two unknowns may be 0 (a broadcast): these findings are
// "possible", shown with --report=possible.
// RUN: %lint %s --block-dim=32 --report=possible | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__device__ int get(const int* p, int i) { return p[i]; }
__global__ void same_text(const int* tab, int* out) {
  int a = get(tab, blockIdx.x);
  int b = get(tab, blockIdx.x + 1);
  out[(a - b) * threadIdx.x * 32] = 1;
}
// CHECK: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors per warp request

__global__ void long_text(const int* tab, int* out, int a_rather_long_kernel_argument_name_x) {
  int a = tab[a_rather_long_kernel_argument_name_x + blockIdx.x + 0];
  int b = tab[a_rather_long_kernel_argument_name_x + blockIdx.x + 1];
  out[(a - b) * threadIdx.x * 32] = 1;
}
// CHECK: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors per warp request

__device__ int count(int n) { int c = 0; for (int i = 0; i < n; ++i) c += 1; return c; }
__global__ void loop_twice(int* out, int n, int m) {
  int a = count(n);
  int b = count(m);
  out[(a - b) * threadIdx.x * 32] = 1;
}
// CHECK: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors per warp request

__global__ void one_line(int* out, int n, int m) {
  int a = 0, b = 0;
  for (int i = 0; i < n; ++i) a += 1; for (int i = 0; i < m; ++i) b += 1;
  out[(a - b) * threadIdx.x * 32] = 1;
}
// CHECK: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors per warp request

// The same load twice with no store between is the same value.
__global__ void same_load(const int* tab, int* out) {
  int a = tab[blockIdx.x];
  int b = tab[blockIdx.x];
  out[(a - b) * threadIdx.x * 32 + threadIdx.x] = 1;
}
// (no warning: 4 sectors, exact)
