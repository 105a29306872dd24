// A library header on an -isystem path.
void sys_host(float *p) { int bad = "host-only body"; }
template <class T> void sys_host_template(T *p) { int bad = "template body"; }
__host__ __device__ inline int sys_both(int x) { int bad = "host-device body"; return x; }
constexpr int sys_block() { return 64; }
template <void (*K)(float *)> void sys_launch2(float *p) { K<<<1, sys_block()>>>(p); }
