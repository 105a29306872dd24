// A lane that leaves a path (break, continue, return, a case's break)
// under a condition the analysis cannot decide in it, even a warp-uniform
// one (a value read from memory), may or may not have left: where the
// paths meet again, a variable is known in it only when every way out
// agrees (red-team RT-13).
// RUN: %lint --compiler=none %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// seg is anything in 0..8: 4 sectors at 0 or 8, 5 at 1..7.
__global__ void segment_rows(const int* offsets, float* out, int token) {
  int seg = 0;
  for (; seg < 8; ++seg)
    if (offsets[seg + 1] > token)
      break;
  out[seg * 5 + threadIdx.x] = 1.0f;
}

// off is 5 * (number of unmasked entries): 0..20.
__global__ void count_unmasked(const int* mask, float* out) {
  int off = 0;
  for (int k = 0; k < 4; k++) {
    if (mask[k])
      continue;
    off += 5;
  }
  out[off + threadIdx.x] = 1.0f;
}

// s is 0 or 1 depending on data.
__device__ int pick(const int* flag) {
  if (flag[0])
    return 0;
  return 1;
}
__global__ void early_return(const int* flag, float* out) {
  int s = pick(flag);
  out[s * 5 + threadIdx.x] = 1.0f;
}

// v is 0 or 1 after the switch.
__global__ void switch_break(const int* flag, float* out) {
  int v = 1;
  switch (flag[0]) {
  case 0:
    v = 0;
    break;
  case 1:
    v = 1;
    break;
  }
  out[v * 5 + threadIdx.x] = 1.0f;
}

// Decided exits keep their values: lane k leaves at k (k < 8) or 8.
__global__ void decided_break(float* out) {
  int k = 0;
  for (; k < 8; ++k)
    if (k == (int)threadIdx.x)
      break;
  out[k] = 1.0f;
}

// A break that every path agrees on keeps the value.
__global__ void same_value(const int* flag, float* out) {
  int w = 3;
  for (int i = 0; i < 4; ++i)
    if (flag[i])
      break;
  out[w * 32 + threadIdx.x] = 1.0f;
}

// Expected (line:column): the loaded flags are one sector each; seg, off,
// s and v are not known after their exits; decided_break: lanes 0..7 write
// out[k], lanes 8..31 out[8]: bytes 0..35, 2 sectors; same_value: w = 3.
// CHECK: .cu:12:9: remark: global load 'offsets[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: .cu:14:3: remark: global store 'out[...]' not analyzed: address not known in every active lane
// CHECK: .cu:21:9: remark: global load 'mask[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: .cu:25:3: remark: global store 'out[...]' not analyzed: address not known in every active lane
// CHECK: .cu:30:7: remark: global load 'flag[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: .cu:36:3: remark: global store 'out[...]' not analyzed: address not known in every active lane
// CHECK: .cu:42:11: remark: global load 'flag[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: .cu:50:3: remark: global store 'out[...]' not analyzed: address not known in every active lane
// CHECK: .cu:59:3: remark: global store 'out[...]': 2 sectors (ideal 2, 100.0%), lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ..., exact
// CHECK: .cu:66:9: remark: global load 'flag[...]': 1 sector (ideal 1, 100.0%), all lanes read the same address, exact
// CHECK: .cu:68:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
