// A library header on an -isystem path that launches the kernel it is given.
template <void (*K)(float *)> void sys_launch(float *p) { K<<<1, 64>>>(p); }
