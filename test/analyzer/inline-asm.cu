// Inline PTX is not followed: every output operand of an asm statement is
// unknown afterwards (a lane id read from %laneid, an index the asm bumps),
// and the reason names the statement; the loads in its inputs still count.
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

__global__ void lane_from_asm(const float *in, float *out) {
  unsigned lane = 0;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = in[lane * 8];
  // CHECK-DAG: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK-DAG: :[[@LINE-2]]:22: remark: global load 'in[...]' not analyzed: output of the inline asm statement at line [[@LINE-3]]
}

__global__ void index_from_asm(const float *in, float *out) {
  int i = threadIdx.x;
  asm volatile("add.s32 %0, %0, 5;" : "+r"(i) : "r"((int)in[threadIdx.x]));
  // CHECK-DAG: :[[@LINE-1]]:58: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  out[threadIdx.x] = in[i];
  // CHECK-DAG: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK-DAG: :[[@LINE-2]]:22: remark: global load 'in[...]' not analyzed: output of the inline asm statement at line [[@LINE-4]]
}
