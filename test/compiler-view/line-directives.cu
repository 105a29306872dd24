// #line directives and line markers number the lines of the debug
// information, so the listing's: the compiler view matches an access to its
// instructions by those numbers (relative names are the compilation
// directory's). Before, these accesses had no instruction and their costs
// were only possible.
// RUN: %lint %s --block-dim=256 --report=all --format=json | FileCheck %s --implicit-check-not='"not_located"'
// RUN: %lint %s --block-dim=256 --report=all --verify=jit 2>&1 | FileCheck %s --check-prefix=JIT

__global__ void renumbered(float *out, const float *in) {
#line 50
  out[threadIdx.x] = in[threadIdx.x * 32];
#line 10 "other.cu"
  out[threadIdx.x + 1024] = in[threadIdx.x * 64] + in[threadIdx.x];
# 300 "line-directives.cu"
  out[threadIdx.x + 2048] = in[threadIdx.x * 2];
}
// CHECK-COUNT-7: "state": "instructions"
// (The text output names the lines of the file; JSON's "line" is the
// directives' number.)
// JIT: line-directives.cu:11:22: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
// JIT: line-directives.cu:13:29: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 256*k [cuda-uncoalesced-global]
// JIT: line-directives.cu:15:29: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
// JIT: note: verified on cpu (jit): 7 predictions compared with measurements: 7 confirmed, 0 refuted
