// The induction check of a generalized loop evaluates the loop's steps
// alone only where the syntax shows that a trip would change nothing else
// (analyzer/LoopSteps.h). Each kernel here is at one of its limits; both
// ways (--induction-by-trip runs the trip) give the same output.

// The step's amount is written through a pointer taken before the loop:
// not a step (s is escaped), the trip runs and finds 8, then 1.
__global__ void amount_through_pointer(float *out, int n) {
  int s = 8;
  int *ps = &s;
  int off = 0;
  for (int i = 0; i < n; ++i) {
    out[off + threadIdx.x] = 1;
    off += s;
    *ps = 1;
  }
}

// The amount is a reference parameter: it may stand for a variable the
// loop changes, so the trip runs (here it does not change: exact).
__device__ void fill(float *out, int n, const int &stride) {
  for (int i = threadIdx.x; i < n; i += stride)
    out[i] = 1;
}
__global__ void reference_amount(float *out, int n) {
  int s = 64;
  fill(out, n, s);
}

// A continue may skip the top-level `off += 32`: no step, the trip runs.
__global__ void continue_skips_step(float *out, const int *skip, int n) {
  int off = 0;
  for (int i = 0; i < n; ++i) {
    if (skip[i])
      continue;
    off += 32;
    out[off + threadIdx.x] = 1;
  }
}

// A break may skip the increment: no step.
__global__ void break_skips_increment(float *out, const int *stop, int n) {
  for (int i = threadIdx.x; i < n; i += 32) {
    if (stop[i])
      break;
    out[i] = 1;
  }
}

// Two steps in a comma increment, and a step at the top level: all steps.
__global__ void comma_and_top_level(float *out, int n) {
  int off = threadIdx.x;
  for (int i = 0, j = 2 * threadIdx.x; i < n; ++i, j += 64) {
    out[j] = 1;
    out[off] = 2;
    off += 32;
  }
}

// A step whose amount is assigned in the body: not a step (the amount
// changes), and the other variable is assigned, not stepped.
__global__ void amount_assigned(float *out, int n) {
  int step = 32, off = threadIdx.x, last = 0;
  for (int i = 0; i < n; ++i) {
    out[off] = 1;
    off += step;
    last = off;
    step = 64;
  }
  out[last] = 0;
}

// A variable the loop changes only in a nested loop's body.
__global__ void changed_in_nested_loop(float *out, int n, int m) {
  int base = threadIdx.x;
  for (int i = 0; i < n; i += 1) {
    out[base + 32 * i] = 1;
    for (int t = 0; t < m; ++t)
      base += 1;
  }
}

// RUN: %lint %s --block-dim=32 --report=all > %t.step 2>&1
// RUN: %lint --induction-by-trip %s --block-dim=32 --report=all > %t.trip 2>&1
// RUN: diff %t.step %t.trip
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark: < %t.step
// RUN: %lint --time-kernels --kernel-jobs=1 %s --block-dim=32 2>&1 >/dev/null | FileCheck %s --check-prefix=HOW
// CHECK: induction-steps.cu:13:5: remark: global store 'out[...]' not analyzed: 'off' does not change by the same step in every iteration of the loop at line 12
// CHECK: induction-steps.cu:23:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line 22), n
// CHECK: induction-steps.cu:34:9: remark: global load 'skip[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: induction-steps.cu:37:5: remark: global store 'out[...]' not analyzed: 'off' changes across the loop at line 33 in a way not followed
// CHECK: induction-steps.cu:44:9: remark: global load 'stop[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k; worst case over iteration(line 43), n
// CHECK: induction-steps.cu:46:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line 43), n
// CHECK: induction-steps.cu:54:5: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
// CHECK: induction-steps.cu:55:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// CHECK: induction-steps.cu:65:5: remark: global store 'out[...]' not analyzed: 'off' does not change by the same step in every iteration of the loop at line 64
// CHECK: induction-steps.cu:70:3: remark: global store 'out[...]' not analyzed: 'off' does not change by the same step in every iteration of the loop at line 64
// CHECK: induction-steps.cu:77:5: remark: global store 'out[...]' not analyzed: 'base' does not change by the same step in every iteration of the loop at line 76
// The steps alone where they suffice, the trip elsewhere:
// HOW: ccl-time{{.}}amount_through_pointer{{.*}}induction checks by step 1, by trip 1
// HOW: ccl-time{{.}}reference_amount{{.*}}induction checks by step 0, by trip 1
// HOW: ccl-time{{.}}continue_skips_step{{.*}}induction checks by step 1, by trip 0
// HOW: ccl-time{{.}}break_skips_increment{{.*}}induction checks by step 0, by trip 1
// HOW: ccl-time{{.}}comma_and_top_level{{.*}}induction checks by step 1, by trip 0
// HOW: ccl-time{{.}}amount_assigned{{.*}}induction checks by step 1, by trip 1
// HOW: ccl-time{{.}}changed_in_nested_loop{{.*}}induction checks by step 4, by trip 1
