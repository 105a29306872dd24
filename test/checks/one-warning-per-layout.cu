// One warning per layout: the flagged sites of one kernel with the same
// check, object, op and lane pattern (the fields of a state vector read one
// by one, Rodinia myocyte: 309 sites) share one warning, at the first of
// them; a note names the others. --every-site (and --report=all) shows each.
// JSON lists them in the warning's "same_pattern_sites"; every access keeps
// its own record, flagged.
// RUN: %lint %s --block-dim=32 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 --every-site 2>&1 | FileCheck %s --check-prefix=EVERY --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 --format=json | FileCheck %s --check-prefix=JSON
#define N 91
// Lane k's state starts at byte 364*k (91 floats): every field read is 32
// sectors for an ideal 4.
__global__ void fields(const float* state, float* out) {
  int t = threadIdx.x;
  float a = state[t * N + 0];
  // CHECK: :[[@LINE-1]]:13: warning: global load 'state[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 364*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:13: note: 3 other sites of kernel 'fields' access 'state' with the same lane pattern (lines [[@LINE+4]], [[@LINE+5]], [[@LINE+6]]; 32 sectors per request) and are not reported separately
  // EVERY: :[[@LINE-3]]:13: warning: global load 'state[...]' touches 32 sectors
  // A different pattern on the same object is its own warning.
  float e = state[t * 2];
  float b = state[t * N + 1];
  float c = state[t * N + 2];
  float d = state[t * N + 7];
  // CHECK: :[[@LINE-4]]:13: warning: global load 'state[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  // EVERY: :[[@LINE-5]]:13: warning: global load 'state[...]' touches 8 sectors
  // EVERY: :[[@LINE-5]]:13: warning: global load 'state[...]' touches 32 sectors
  // EVERY: :[[@LINE-5]]:13: warning: global load 'state[...]' touches 32 sectors
  // EVERY: :[[@LINE-5]]:13: warning: global load 'state[...]' touches 32 sectors
  // Stores are another op: their own warning.
  out[t * N] = a + b + c + d + e;
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 364*k [cuda-uncoalesced-global]
  // EVERY: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 32 sectors
}
// Another kernel: not grouped with the first.
__global__ void other(const float* state, float* out) {
  out[threadIdx.x] = state[threadIdx.x * N + 3];
  // CHECK: :[[@LINE-1]]:22: warning: global load 'state[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 364*k [cuda-uncoalesced-global]
  // EVERY: :[[@LINE-2]]:22: warning: global load 'state[...]' touches 32 sectors
}
// CHECK: one-warning-per-layout.cu: 8 accesses in 2 kernels: 7 flagged (4 warnings), 0 not analyzable
// EVERY: one-warning-per-layout.cu: 8 accesses in 2 kernels: 7 flagged, 0 not analyzable
// JSON: "diagnostics": [
// JSON: "same_pattern_sites": [
// JSON-NEXT: "{{.*}}one-warning-per-layout.cu:21:13:global:load",
// JSON-NEXT: "{{.*}}one-warning-per-layout.cu:22:13:global:load",
// JSON-NEXT: "{{.*}}one-warning-per-layout.cu:23:13:global:load"
// JSON-NEXT: ]
