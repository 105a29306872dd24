// Host code with errors in a dim3 constructor, a lambda that launches, a
// container of a missing type: the launch-site search skips what clang
// could not type (evalDim3 crashed on `dim3 g(unknown_fn(n), 1)`) and the
// kernel is analyzed. The errors are in host code (a lambda clang makes
// __host__ __device__ implicitly belongs to its host function): warnings,
// exit status 0.
// RUN: %lint %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=crashed
template <class T> struct vec { vec(int) {} T *data() { return nullptr; } };
struct S { int n; };
template <class T> __global__ void tk(T *p) { p[threadIdx.x * 2] = T(); }
__global__ void k(int *p) { p[threadIdx.x * 2] = 0; }
void host(S *s, int t) {
  vec<MissingType> v(s->n);
  auto lam = [&](int b) { k<<<b, t>>>(nullptr); tk<Missing2><<<1, t>>>(0); };
  lam(undeclared_var);
  dim3 g(unknown_fn(s->n), 1); k<<<g, 256>>>(v.data());
}
// CHECK: :14:52: warning: use of undeclared identifier 'Missing2'
// CHECK: :16:10: warning: use of undeclared identifier 'unknown_fn'
// CHECK: note: 4 errors in host code ('host') shown as warnings
// CHECK: :11:29: warning: global store 'p[...]' touches 8 sectors per warp request
// CHECK: host-recovery-dim3.cu: 1 accesses in 1 kernel: 1 flagged, 0 not analyzable{{$}}
