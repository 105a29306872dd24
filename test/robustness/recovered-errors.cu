// A kernel whose body clang had to repair (here a typo correction of an
// undeclared macro, as in Rodinia bfs/kernel2.cu) is not analyzed: a remark
// names the first error; the other kernels of the file still are.
// RUN: not %lint %s --block-dim=32 > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: FileCheck %s --check-prefix=ERR < %t.err
enum { MAX_THREADS_PER_BLOCK = 512 };
__global__ void repaired(float *a, int n) {
  int tid = blockIdx.x * MAX_THREADS_PER_BLOK + threadIdx.x;
  a[tid * 32] = 0;
}
// ERR: :[[@LINE-3]]:26: error: use of undeclared identifier 'MAX_THREADS_PER_BLOK'; did you mean 'MAX_THREADS_PER_BLOCK'?
// CHECK: :[[@LINE-5]]:17: remark: kernel 'repaired' not analyzed: clang reported an error in it at line [[@LINE-4]] ('use of undeclared identifier 'MAX_THREADS_PER_BLOK'; did you mean 'MAX_THREADS_PER_BLOCK'?')
__global__ void fine(float *a) { a[threadIdx.x * 32] = 0; }
// CHECK: :[[@LINE-1]]:34: warning: global store 'a[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
// ERR: recovered-errors.cu: 1 accesses in 1 kernel: 1 flagged, 0 not analyzable; the file has compile errors (1 kernel analyzed anyway)
