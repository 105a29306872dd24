// a[i] += v is one load and one store; atomics are reported as "atomic".
// RUN: %lint %s --block-dim=32 --report=all | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__global__ void k(float* a, int* hist) {
  int t = threadIdx.x;
  a[t] += 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: global load 'a[...]': 4 sectors (ideal 4, 100.0%), lane k reads byte 4*k, exact
  // CHECK: :[[@LINE-2]]:3: remark: global store 'a[...]': 4 sectors (ideal 4, 100.0%), lane k writes byte 4*k, exact
  a[t * 2]++;
  // CHECK: :[[@LINE-1]]:3: warning: global load 'a[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k reads byte 8*k [cuda-uncoalesced-global]
  // CHECK: :[[@LINE-2]]:3: warning: global store 'a[...]' touches 8 sectors per warp request (ideal 4, 50.0% efficiency): lane k writes byte 8*k [cuda-uncoalesced-global]
  atomicAdd(&hist[t * 8], 1);
  // CHECK: :[[@LINE-1]]:3: warning: global atomic 'atomicAdd(&hist[t * 8], 1)' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k updates byte 32*k [cuda-uncoalesced-global]
  atomicAdd(hist, 1);
  // CHECK: :[[@LINE-1]]:3: remark: global atomic 'atomicAdd(hist, 1)': 1 sector (ideal 1, 100.0%), all lanes update the same address, exact
}
