// Accesses written through function-like macros: the compiler view finds
// their instructions (clang locates a load at the spelling of the macro
// argument that is its base, a store through a macro at the assignment
// right after the macro's arguments), so a certain finding stays certain
// and is a default warning. Two accesses of one argument in one expansion
// are not told apart: they stay worst cases (possible).
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=warning:
// RUN: %lint %s --block-dim=32 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// The JIT harness runs clang's code and measures what was predicted.
// RUN: %lint %s --block-dim=32 --verify=jit 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: note: verified on cpu (jit): {{[0-9]+}} predictions compared with measurements: {{[0-9]+}} confirmed, 0 refuted

#define LOAD(p, i) p[(i) * 32]
#define PAIR(p, i) (p[(i) * 32] + p[(i) * 32 + 1])
#define CELL(r, c) tile[r][c]

__global__ void through_macros(const float *in, float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = LOAD(in, threadIdx.x);
  // CHECK: :[[@LINE-1]]:27: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:27: warning: global load 'in[...]' touches 32 sectors per warp request
  // One warning for both loads of one layout (the next line's too).
  // DEFAULT: :[[@LINE-4]]:27: note: 1 other site of kernel 'through_macros' accesses 'in' with the same lane pattern (line [[@LINE+1]]; 32 sectors per request)
  float v = LOAD(in, threadIdx.x + 1) * 2.0f;
  // CHECK: :[[@LINE-1]]:18: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  CELL(threadIdx.x, 0) = v;
  // CHECK: :[[@LINE-1]]:3: warning: shared store 'tile[...][...]' has a 32-way bank conflict: 32 wavefronts per warp request (ideal 1): lane k writes byte 128*k [cuda-shared-bank-conflict]
  // DEFAULT: :[[@LINE-2]]:3: warning: shared store 'tile[...][...]' has a 32-way bank conflict
  __syncthreads();
  out[threadIdx.x + 32] = PAIR(in, threadIdx.x);
  // CHECK: :[[@LINE-1]]:32: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k; worst case: no compiled instruction at this expression: merged into another, removed or moved (possible) [cuda-uncoalesced-global]
  out[threadIdx.x + 64] = CELL(0, threadIdx.x);
}

// Through two macros, with a member as the base: clang locates the load at
// the member's spelling in the outer macro's arguments.
#define INNER(p, i) p[(i) * 32]
#define OUTER(p, i) INNER(p, i)
struct Table {
  const float *arr;
};
__global__ void nested(Table s, float *out) {
  out[threadIdx.x] = OUTER(s.arr, threadIdx.x);
  // CHECK: :[[@LINE-1]]:28: warning: global load 's.arr[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
  // DEFAULT: :[[@LINE-2]]:28: warning: global load 's.arr[...]' touches 32 sectors per warp request
}

// Two accesses of one argument fused into one vector load: the one
// instruction there is 8 bytes wide, the accesses 4. Neither is located
// (as an access merged into another's instruction is not): no number is
// claimed for them from the other's instruction.
struct Pair {
  float x, y;
};
__device__ Pair pairOf(float a, float b) {
  Pair r;
  r.x = a;
  r.y = b;
  return r;
}
#define LOAD_PAIR(p, i) pairOf(p[2 * (i)], p[2 * (i) + 1])
__global__ void fused(const float *__restrict__ in0, Pair *out) {
  const float *in = (const float *)__builtin_assume_aligned(in0, 16);
  out[threadIdx.x] = LOAD_PAIR(in, threadIdx.x);
  // CHECK: :[[@LINE-1]]:3: warning: global store 'out[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency)
  // DEFAULT: :[[@LINE-2]]:3: warning: global store 'out[...]' touches 8 sectors per warp request
  // CHECK: :[[@LINE-3]]:32: warning: global load 'in[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k; worst case: no compiled instruction at this expression: merged into another, removed or moved (possible)
}

// Where one expansion holds several accesses, an instruction at the
// spelling they share may be another's: the compiler removed one of them
// (folded, or merged with an earlier load of the same address). None of
// them takes it: no number is claimed from another access's instruction.
#define FOLDED(p, i) (p[(i) * 32] * 0 + p[i])
#define BOTH(p, i) (p[i] + p[(i) * 32])
#define AT(r, c) dst[(r) * 32 + (c)]
__global__ void several(const int *in, const float *f, double **ptrs,
                        double *out, int *dst, int v) {
  unsigned t = threadIdx.x;
  dst[t] = FOLDED(in, t);
  // CHECK: :[[@LINE-1]]:19: warning: global load 'in[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k; worst case: no compiled instruction at this expression: merged into another, removed or moved (possible)
  float x = f[t];
  out[t] = x * BOTH(f, t);
  // CHECK: :[[@LINE-1]]:21: warning: global load 'f[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k; worst case: no compiled instruction at this expression: merged into another, removed or moved (possible)
  double *first = ptrs[t];
  out[t + 32] = first[0];
  // The inner access of the argument is merged with the load above.
  out[t + 64] = LOAD(ptrs[t], t);
  AT(in[t], 0) += v;
}
