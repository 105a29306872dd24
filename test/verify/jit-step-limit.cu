// A run that reaches the bound on executed basic blocks is stopped there and
// what it measured until then stands: a request that reached the prediction
// confirms it (the load of g[tx], 2 sectors from m = 8 on), one above
// refutes it, but a worst request the run may not have reached yet is
// neither: the unrolled needle loop's 8-way store comes at m = 14, after the
// bound of 300 basic blocks (6-way so far), and is not verified; the
// accesses after the loop are not executed.
// RUN: %lint --jit-step-limit=300 %s --verify=jit --report=all 2>&1 | FileCheck %s --implicit-check-not=REFUTED
__global__ void needle(int *g) {
  __shared__ int temp[17][17];
  int tx = threadIdx.x;
  for (int m = 0; m < 16; m++) {
    if (tx <= m)
      temp[m - tx + 1][tx + 1] = g[tx];
    __syncthreads();
  }
  g[tx] = temp[tx][tx];
}
void h(int *g) { needle<<<1, 16>>>(g); }
// CHECK: :14:7: warning: shared store 'temp[...][...]' has an 8-way bank conflict
// CHECK: :14:7: note: not verified: the run was stopped after 300 basic blocks (all threads) before a request reached the prediction (measured 6 wavefronts over 12 warp requests)
// CHECK: :14:34: remark: global load 'g[...]'{{.*}}; confirmed: measured 2 sectors (ideal 2) over 12 warp requests (the run was stopped after 300 basic blocks (all threads))
// CHECK: :17:3: remark: global store 'g[...]'{{.*}}; not executed in the jit run (the run was stopped after 300 basic blocks (all threads))
// CHECK: :17:11: remark: shared load 'temp[...][...]'{{.*}}; not executed in the jit run (the run was stopped after 300 basic blocks (all threads))
// CHECK: note: verified on cpu (jit): 1 predictions compared with measurements: 1 confirmed, 0 refuted, 0 worst cases not exceeded, 2 not executed
