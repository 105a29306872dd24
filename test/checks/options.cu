// Thresholds are options: MinEfficiency (percent, default 80),
// MinExcessSectors (default 2: one sector more than the ideal is not worth a
// warning) and MaxConflictWays (default 1); bad values are configuration
// errors.
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.MinEfficiency=90 --check-option=cuda-uncoalesced-global.MinExcessSectors=1 --check-option=cuda-shared-bank-conflict.MaxConflictWays=2 | FileCheck %s --check-prefix=STRICT --implicit-check-not=warning:
// RUN: %lint --compiler=none %s --block-dim=32 --check-option=cuda-uncoalesced-global.MinEfficiency=90 --check-option=cuda-shared-bank-conflict.MaxConflictWays=2 | FileCheck %s --check-prefix=EXCESS --implicit-check-not=warning:
// RUN: not %lint --compiler=none %s --check-option=cuda-uncoalesced-global.MinEfficiency=abc 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %lint --compiler=none %s --check-option=cuda-uncoalesced-global.Nope=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
__global__ void k(const float* in, float* out) {
  __shared__ float s[64 * 32];
  int t = threadIdx.x;
  out[t] = in[t + 1] + s[t * 2] + s[t * 4];
  // DEFAULT: :[[@LINE-1]]:24: warning: shared load 's[...]' has a 2-way bank conflict
  // DEFAULT: :[[@LINE-2]]:35: warning: shared load 's[...]' has a 4-way bank conflict
  // STRICT: :[[@LINE-3]]:12: warning: global load 'in[...]' touches 5 sectors per warp request (ideal 4, 80.0% efficiency)
  // STRICT: :[[@LINE-4]]:35: warning: shared load 's[...]' has a 4-way bank conflict
  // EXCESS: :[[@LINE-5]]:35: warning: shared load 's[...]' has a 4-way bank conflict
}
// BAD: error: invalid value 'abc' for option 'cuda-uncoalesced-global.MinEfficiency' (expected an integer in [1, 100]); using 80
// UNKNOWN: error: unknown check option 'cuda-uncoalesced-global.Nope'
