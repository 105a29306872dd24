// Known tool bug RT-12 (/work/coord/redteam-bugs.md): the outputs of an
// inline asm statement ("=r", "+r") are not made unknown: the variable
// keeps the value it had before the asm, so an index computed by asm (the
// lane id read from %laneid, a pointer bump) gives exact and wrong
// numbers; uninitialized, the reason names the variable ("'r' is
// uninitialized") instead of the asm. Expected: unknown records naming
// the asm. Remove the XFAIL line when fixed.
// (Fixed: the XFAIL line was removed when the tool was fixed.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// The lane id through PTX (a CUTLASS / vLLM idiom).
__global__ void lane_from_asm(const float* in, float* out) {
  unsigned lane = 0;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = in[lane * 8];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr=4*8*lane
}
//@rt-kernel lane_from_asm block=32

// An index bumped by asm ("+r").
__global__ void index_from_asm(const float* in, float* out) {
  int i = threadIdx.x;
  asm volatile("add.s32 %0, %0, 5;" : "+r"(i));
  out[threadIdx.x] = in[i];
//@rt global store out B=4 addr=4*tx
//@rt global load in B=4 addr=4*(tx+5)
}
//@rt-kernel index_from_asm block=32

int main() {
  lane_from_asm<<<1, 32>>>(0, 0);
  index_from_asm<<<1, 32>>>(0, 0);
}
