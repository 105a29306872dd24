// Accesses wider than 16 bytes per lane: sm_90 has no 32-byte load or store
// (NVCC copies a double4 as two ld/st .v2.f64, checked with nvcc -ptx), so a
// 32-byte element is two 16-byte requests at byte offsets 0 and 16.
// Shared, each request: 16-byte accesses are served per phase of 8 lanes;
// lanes 32 bytes apart cover banks 0-3, 8-11, 16-19, 24-27 and lane 4 is
// back at bank 0 (byte 128): 2 wavefronts per phase, 8 per request for an
// ideal 4 (32 lanes * 16 bytes / 128): a 2-way conflict.
// Global, each request: 32 lanes * 16 useful bytes = 16 sectors ideal, but
// the lanes span 1024 bytes: 32 sectors (50%). (Together the two halves use
// every byte: checks/pieces-together.cu; here each request is judged alone.)
// The accesses as written (--compiler=none): the source-level analysis;
// test/compiler-view/ checks what the compiler makes of such accesses.
// RUN: %lint --compiler=none %s --block-dim=32 --report=all --check-option=cuda-uncoalesced-global.PiecesTogether=0 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
struct __align__(16) my_double4 { double x, y, z, w; };
__global__ void wide(my_double4* out, const my_double4* in) {
  __shared__ my_double4 s[32];
  s[threadIdx.x] = in[threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:3: warning: shared store 's[...]' has a 2-way bank conflict: 8 wavefronts per warp request (ideal 4): lane k writes byte 32*k [
  // CHECK-DAG: :[[@LINE-2]]:20: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k reads byte 32*k [
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK-DAG: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k writes byte 32*k [
  // CHECK-DAG: :[[@LINE-2]]:22: warning: shared load 's[...]' has a 2-way bank conflict: 8 wavefronts per warp request (ideal 4): lane k reads byte 32*k [
  // Stride of two elements (64 bytes): a phase of 8 lanes spans 512
  // bytes, banks 0-3 and 16-19 hold 4 of its words each: 4 wavefronts per
  // phase, 16 per request.
  out[threadIdx.x] = s[(threadIdx.x * 2) % 32];
  // CHECK-DAG: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 16, 50.0% efficiency): lane k writes byte 32*k [
  // CHECK-DAG: :[[@LINE-2]]:22: warning: shared load 's[...]' has a 4-way bank conflict: 16 wavefronts per warp request (ideal 4): lanes 0,1,2,3,... read bytes 0, 64, 128, 192, ... [
}
