// A function the project defines is its body, whatever its name: a user's
// atomicMaxFloat that reads tbl[threadIdx.x * 32] is inlined (a 32-sector
// load), not taken for an atomic by its name (it was an "exact 1-sector
// atomic" and the load was missed). The CUDA headers' functions and the
// linter's stand-ins for them (system headers) stay builtins.
// RUN: %lint %s --block-dim=32 --report=all 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
__device__ float atomicMaxFloat(float *addr, float v, const float *tbl) {
  return tbl[threadIdx.x * 32] + v;
  // CHECK: :[[@LINE-1]]:10: warning: global load 'tbl[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k reads byte 128*k [cuda-uncoalesced-global]
}
__global__ void k(float *out, const float *tbl, int *n) {
  out[threadIdx.x] = atomicMaxFloat(out, 1.0f, tbl);
  // CHECK: :[[@LINE-1]]:3: remark: global store 'out[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  atomicAdd(n, 1);
  // CHECK: :[[@LINE-1]]:3: remark: global atomic 'atomicAdd(n, 1)': 1 sector (ideal 1, 100.0%), all lanes update the same address, exact
}
