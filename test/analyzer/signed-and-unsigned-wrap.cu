// C's '%' and '/' truncate toward zero: a dividend with an unknown that may
// be negative (an int argument) has no single result per lane, so it is
// never exact. Unsigned products of unknowns follow the no-overflow
// assumption: y * width + x - 1 is not 2^32 - 1 in the lane whose constant
// is -1 (cuda-samples oceanFFT, 8x8 blocks).
// RUN: %lint %s --block-dim=8,8 --report=all | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__global__ void rem_of_signed_unknown(const float* in, float* out, int n) {
  int t = threadIdx.y * 8 + threadIdx.x;
  out[t] = in[(n + t) % 32];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // (n + t) % 32 is n + t - 32 * q with one unknown quotient q per lane.
  // CHECK: :[[@LINE-3]]:12: remark: global load 'in[...]' not analyzed: the lane pattern depends on more than two unknown values
  out[t] = in[(32 * n + 5 + t) % 32];
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-2]]:12: remark: global load 'in[...]' not analyzed: the sign of the dividend is not known in every lane
}
__global__ void rem_of_unsigned_unknown(const float* in, float* out,
                                        unsigned n) {
  unsigned t = threadIdx.y * 8 + threadIdx.x;
  out[t] = in[(32 * n + 5 + t) % 32];
  // An unsigned remainder by a power of two is the same modulo 2^32: lane k
  // reads in[(5 + k) % 32] whatever n is.
  // CHECK: :[[@LINE-3]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  // CHECK: :[[@LINE-4]]:12: remark: global load 'in[...]': 4 sectors (ideal 4, 100.0%), lanes 0,1,2,3,... read bytes 0, 4, 8, 12, ..., exact
}

__global__ void slope(const float* h, float* out, unsigned width,
                      unsigned height) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned i = y * width + x;
  if (x > 0 && y > 0 && x < width - 1 && y < height - 1)
    out[i] = h[i - 1];
  // Four rows of 8 floats; a row shifted by one float straddles two sectors:
  // at most 8 sectors (not 12 from a lane wrapped to 2^32 - 1).
  // CHECK: :[[@LINE-3]]:5: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lanes 0,1,2,3,... write bytes 0, 4, 8, 12, ...; worst case over blockIdx.x, blockIdx.y, height, width (possible: only for some alignments or values of blockIdx.x, blockIdx.y, height, width) [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-4]]:14: warning: global load 'h[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lanes 0,1,2,3,... read bytes 0, 4, 8, 12, ...; worst case over blockIdx.x, blockIdx.y, height, width [cuda-uncoalesced-global]
}
