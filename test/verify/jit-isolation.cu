// --verify=jit runs each kernel instance in its own process: a kernel that
// crashes, times out or executes what the cpu runtime does not implement
// costs that kernel only, with the reason; the others are verified. An
// address outside every buffer is counted and redirected, not dereferenced.
// The deliberate crashes meet ASan's own signal handlers in the sanitizer
// build, which reports them as errors: not run there.
// UNSUPPORTED: sanitized
// RUN: %lint --jit-step-limit=200000 %s --block-dim=64 --assume=n=0 --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED
__global__ void divide(int *o, int n) { o[threadIdx.x] = 100 / n; }
// CHECK: [[@LINE-1]]:17: remark: kernel 'divide' is not runnable on cpu (its run stopped with an arithmetic exception (division by zero?)); its predictions are not verified

__global__ void spin(volatile int *f, int *o) {
  while (f[0] == 0) {
  }
  o[threadIdx.x] = 1;
}
// A run that reaches the bound on executed basic blocks is stopped there and
// what it measured until then stands: the flag's load is confirmed, the
// store after the loop is not executed.
// CHECK: [[@LINE-7]]:10: remark: global load 'f[...]'{{.*}}; confirmed: measured 1 sectors (ideal 1) over {{[0-9]+}} warp requests (the run was stopped after 200000 basic blocks (all threads))
// CHECK: [[@LINE-6]]:3: remark: global store 'o[...]'{{.*}}; not executed in the jit run (the run was stopped after 200000 basic blocks (all threads))

__global__ void clock_reader(int *o) {
  int c;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(c));
  o[threadIdx.x] = c;
}
// CHECK: [[@LINE-5]]:17: remark: kernel 'clock_reader' is not runnable on cpu (its run stopped: executed inline PTX 'mov.u32 $0,%clock;', which the cpu runtime does not implement); its predictions are not verified

__global__ void runaway(float *out) { out[threadIdx.x * 400000000] = 1.0f; }
// CHECK: [[@LINE-1]]:39: warning: global store 'out[...]' touches 32 sectors
// CHECK: note: confirmed: measured 32 sectors (ideal 4) over 8 warp requests; some lanes addressed outside the buffers

__global__ void fine(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
// CHECK: [[@LINE-2]]:3: remark: global store 'out[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests
// CHECK: [[@LINE-3]]:22: remark: global load 'in[...]'{{.*}}; confirmed: measured 4 sectors (ideal 4) over 8 warp requests
// CHECK: note: verified on cpu (jit): 4 predictions compared with measurements: 4 confirmed, 0 refuted, 0 worst cases not exceeded, 1 not executed
