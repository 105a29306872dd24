// The dry run of a generalized loop (the unrecorded trip that finds how each
// variable changes) evaluates the loop's steps alone where the syntax shows
// that a trip changes nothing else of the kernel's own frame
// (analyzer/LoopSteps.h). Each kernel here is at one of its limits; both
// ways (--induction-by-trip runs every trip) give the same output.

// The body stores to the object it loads: a load in "any iteration" is not
// the load before the loop (an earlier iteration stored there), so b - a
// is unknown (and so is the stride). Without the trip, the store is counted
// from the syntax: it goes through the pointer p, which the loop does not
// change (LoopSteps::StoreRoots).
__global__ void load_after_store(int *p, float *out, int n) {
  int a = p[0];
  for (int i = 0; i < n; ++i) {
    int b = p[0];
    out[(b - a) * threadIdx.x] = 1;
    p[0] = i;
  }
}

// The same without a store to p: b is the load before the loop, b - a is
// 0. The store to out is counted for out alone.
__global__ void load_without_store(const int *p, float *out, int n) {
  int a = p[0];
  for (int i = 0; i < n; ++i) {
    int b = p[0];
    out[(b - a) * threadIdx.x] = 1;
  }
}

// A store in a helper goes through the helper's pointer parameter: it is
// counted for the argument's object (p in the first kernel, out in the
// second), found from the syntax of the call.
__device__ void put(int *dst, int v) { dst[0] = v; }
__device__ void putAt(float *dst, unsigned i) { dst[i] = 1; }
__global__ void helper_stores_to_p(int *p, float *out, int n) {
  int a = p[0];
  for (int i = 0; i < n; ++i) {
    int b = p[0];
    putAt(out, (b - a) * threadIdx.x);
    put(p, i);
  }
}
__global__ void helper_stores_to_out(const int *p, float *out, int n) {
  int a = p[0];
  for (int i = 0; i < n; ++i) {
    int b = p[0];
    putAt(out, (b - a) * threadIdx.x);
  }
}

// The store goes through a reference declared in the body: it may be
// bound to anything, so it counts as a store to every object.
__global__ void store_through_reference(int *p, float *out, int n) {
  int a = p[0];
  for (int i = 0; i < n; ++i) {
    int b = p[0];
    out[(b - a) * threadIdx.x] = 1;
    int &r = p[0];
    r = i;
  }
}

// A local passed to a `const T&` parameter is only read there: the steps
// alone (the helper casts nothing).
struct Shape {
  int stride;
};
__device__ int rowOf(const Shape &s, int i) { return i * s.stride; }
__global__ void const_reference_argument(float *out, int n) {
  Shape s{64};
  for (int i = threadIdx.x; i < n; i += 32)
    out[rowOf(s, i) / 64] = 1;
}

// The helper casts constness away: the local may be written through the
// `const T&`, so the trip runs.
__device__ int bump(const Shape &s, int i) {
  const_cast<Shape &>(s).stride = 1;
  return i * s.stride;
}
__global__ void const_cast_in_helper(float *out, int n) {
  Shape s{64};
  for (int i = threadIdx.x; i < n; i += 32)
    out[bump(s, i)] = 1;
}

// A type with a mutable field: a `const T&` may change it, the trip runs.
struct Counter {
  mutable int calls;
  int stride;
};
__device__ int stepOf(const Counter &c) {
  ++c.calls;
  return c.stride;
}
__global__ void mutable_field(float *out, int n) {
  Counter c{0, 32};
  for (int i = threadIdx.x; i < n; i += stepOf(c))
    out[i] = 1;
}

// A loop in a helper: a write through a reference to the caller's local is
// forgotten in a dry run (Interpreter::storeLocal), so the trip runs there.
__device__ void fillRow(float *out, int n, int &count) {
  for (int i = threadIdx.x; i < n; i += 32) {
    out[i] = 1;
    count += 1;
  }
}
__global__ void loop_in_helper(float *out, int n) {
  int count = 0;
  fillRow(out, n, count);
  out[count * 32 + threadIdx.x] = 2;
}

// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all > %t.step 2>&1
// RUN: %lint --induction-by-trip --compiler=none %s --block-dim=32 --report=all > %t.trip 2>&1
// Unknowns that share a name are numbered in the order they are made,
// which differs between the two ways (p[0]#2 or p[0]#3); the rest is the
// same.
// RUN: sed -e 's/#[0-9]*//g' %t.step > %t.step.names
// RUN: sed -e 's/#[0-9]*//g' %t.trip > %t.trip.names
// RUN: diff %t.step.names %t.trip.names
// RUN: FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark: < %t.step
// RUN: %lint --time-kernels --compiler=none --kernel-jobs=1 %s --block-dim=32 2>&1 >/dev/null | FileCheck %s --check-prefix=HOW
// CHECK: dry-run-steps.cu:13:11: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:15:13: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:16:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte -4*p[0]*k + 4*p[0]{{#[0-9]+}}*k; worst case over iteration(line 14), n, p[0], p[0]{{#[0-9]+}} (possible: only for some alignments or values of iteration(line 14), n, p[0], p[0]{{#[0-9]+}}) [cuda-uncoalesced-global]
// CHECK: dry-run-steps.cu:17:5: remark: global store 'p[...]': 1 sector (ideal 1, 100.0%), all lanes write the same address, exact
// CHECK: dry-run-steps.cu:24:11: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:26:13: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:27:5: remark: global store 'out[...]': 1 sector (ideal 1, 100.0%), all lanes write the same address, exact
// CHECK: dry-run-steps.cu:34:40: remark: global store 'dst[...]': 1 sector (ideal 1, 100.0%), all lanes write the same address, exact
// CHECK: dry-run-steps.cu:35:49: warning: global store 'dst[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte -4*p[0]*k + 4*p[0]{{#[0-9]+}}*k; worst case over iteration(line 38), n, p[0], p[0]{{#[0-9]+}} (possible: only for some alignments or values of iteration(line 38), n, p[0], p[0]{{#[0-9]+}}) [cuda-uncoalesced-global]
// CHECK: dry-run-steps.cu:37:11: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:39:13: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:35:49: remark: global store 'dst[...]': 1 sector (ideal 1, 100.0%), all lanes write the same address, exact
// CHECK: dry-run-steps.cu:45:11: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:47:13: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:55:11: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:57:13: remark: global load 'p[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: dry-run-steps.cu:58:5: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte -4*p[0]*k + 4*p[0]{{#[0-9]+}}*k; worst case over iteration(line 56), n, p[0], p[0]{{#[0-9]+}} (possible: only for some alignments or values of iteration(line 56), n, p[0], p[0]{{#[0-9]+}}) [cuda-uncoalesced-global]
// CHECK: dry-run-steps.cu:60:5: remark: global store 'r': 1 sector (ideal 1, 100.0%), all lanes write the same address, exact
// CHECK: dry-run-steps.cu:73:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line 72), n
// CHECK: dry-run-steps.cu:85:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line 84), n
// CHECK: dry-run-steps.cu:100:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line 99), n
// CHECK: dry-run-steps.cu:107:5: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k; worst case over iteration(line 106), n
// CHECK: dry-run-steps.cu:114:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// The steps alone where they suffice, the trip elsewhere:
// HOW: ccl-time{{.}}load_after_store{{.*}}dry runs by step 1, by trip 0;
// HOW: ccl-time{{.}}load_without_store{{.*}}dry runs by step 1, by trip 0;
// HOW: ccl-time{{.}}helper_stores_to_p{{.*}}dry runs by step 1, by trip 0;
// HOW: ccl-time{{.}}helper_stores_to_out{{.*}}dry runs by step 1, by trip 0;
// HOW: ccl-time{{.}}store_through_reference{{.*}}dry runs by step 1, by trip 0;
// HOW: ccl-time{{.}}const_reference_argument{{.*}}dry runs by step 1, by trip 0;
// HOW: ccl-time{{.}}const_cast_in_helper{{.*}}dry runs by step 0, by trip 1;
// HOW: ccl-time{{.}}mutable_field{{.*}}dry runs by step 0, by trip 1;
// HOW: ccl-time{{.}}loop_in_helper{{.*}}dry runs by step 0, by trip 1;
