// Suppression comments, as in clang-tidy (same-line, next-line, begin/end
// regions): no list means every check; a list names checks, * is a wildcard.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 | FileCheck %s --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32 --format=json --report=all | FileCheck %s --check-prefix=JSON
__global__ void k(const float* in, float* out) {
  __shared__ float s[32][32];
  int t = threadIdx.x;
  out[t] = in[t * 32]; // NOLINT
  out[t] = in[t * 16]; // NOLINT(cuda-uncoalesced-global)
  out[t] = in[t * 8]; // NOLINT(cuda-shared-bank-conflict)
  // CHECK: :[[@LINE-1]]:12: warning: global load 'in[...]' touches 32 sectors
  // NOLINTNEXTLINE(cuda-*)
  out[t] = in[t * 4] + s[t][0];
  // NOLINTBEGIN(cuda-shared-bank-conflict)
  out[t] = s[t][1];
  out[t] = s[t][2] + in[t * 2];
  // CHECK: :[[@LINE-1]]:22: warning: global load 'in[...]' touches 8 sectors
  // NOLINTEND(cuda-shared-bank-conflict)
  out[t] = s[t][3];
  // CHECK: :[[@LINE-1]]:12: warning: shared load 's[...][...]' has a 32-way bank conflict
  out[t] = in[t * 3]; // NOLINTNEXTLINE does not apply to its own line
  // CHECK: :[[@LINE-1]]:12: warning: global load 'in[...]' touches 12 sectors
}
// JSON: "suppressed": true
