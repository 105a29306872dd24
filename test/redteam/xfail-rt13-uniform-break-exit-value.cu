// Known tool bug RT-13 (/work/coord/redteam-bugs.md): a loop left by a
// `break` under a warp-uniform condition the analysis cannot decide (a
// value read from memory) keeps only one exit value of its counter: the
// access built from the counter after the loop is exact and wrong (for,
// while, and continue alike). (The same search written as
// `while (k < 8 && !flag[k]) k++;` is inexact and right.) Remove the XFAIL line when fixed.
// (Fixed: the state at every exit under an undecided condition is joined
// where the paths meet; seg, k and off are now unknown after the loops.)
// RUN: %lint %s --format=json --report=all > %t.json
// RUN: %python %S/../../utils/redteam/check.py %s %t.json

// Segment search of a CSR-like offsets array (at most 8 segments), then a
// row of 5-float records of that segment.
__global__ void segment_rows(const int* offsets, float* out, int token) {
  int seg = 0;
  for (; seg < 8; ++seg)
    if (offsets[seg + 1] > token)
//@rt global load offsets B=4 addr=4*(s+1) over.s=range(8)
      break;
  out[seg * 5 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(seg*5+tx) sym.seg=range(0,9)
}
//@rt-kernel segment_rows block=32

// The same search as a while loop with the break inside.
__global__ void first_flag(const int* flag, float* out) {
  int k = 0;
  while (k < 8) {
    if (flag[k])
//@rt global load flag B=4 addr=4*k over.k=range(8)
      break;
    k++;
  }
  out[k * 5 + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(k*5+tx) sym.k=range(0,9)
}
//@rt-kernel first_flag block=32

// Counting the unmasked entries with continue: off is 5 x (0..4).
__global__ void count_unmasked(const int* mask, float* out) {
  int off = 0;
  for (int k = 0; k < 4; k++) {
    if (mask[k])
//@rt global load mask B=4 addr=4*k over.k=range(4)
      continue;
    off += 5;
  }
  out[off + threadIdx.x] = 1.0f;
//@rt global store out B=4 addr=4*(5*c+tx) sym.c=range(0,5)
}
//@rt-kernel count_unmasked block=32

int main() {
  segment_rows<<<1, 32>>>(0, 0, 100);
  first_flag<<<1, 32>>>(0, 0);
  count_unmasked<<<1, 32>>>(0, 0);
}
