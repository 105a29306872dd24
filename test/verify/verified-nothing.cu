// --verify=cpu that verifies nothing (the only kernel cannot run on the CPU)
// exits with status 3, says why per kernel, and counts the verdicts.
// RUN: %lint %s --block-dim=32 --verify=cpu > %t.txt 2>&1; test $? = 3
// RUN: FileCheck %s < %t.txt
// RUN: not %lint %s --block-dim=32 --verify=cpu --format=json 2>/dev/null | FileCheck %s --check-prefix=JSON
__global__ void shuffles(const float* in, float* out) {
  float v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, v, 1);
}
// CHECK: remark: kernel 'shuffles' is not runnable on cpu (warp-level or tensor-core intrinsic '__shfl_xor_sync'); its predictions are not verified
// CHECK: note: verified on cpu: 0 predictions compared with measurements
// CHECK: note: --verify verified nothing in this file (2 not-runnable): warp-level or tensor-core intrinsic '__shfl_xor_sync' (shuffles)
// CHECK: error: --verify verified no prediction (the notes above say why); exit status 3
// JSON: "verification": {
// JSON-NEXT: "kernels_not_verified": [
// JSON-NEXT: {
// JSON-NEXT: "kernel": "shuffles",
// JSON-NEXT: "reason": "warp-level or tensor-core intrinsic '__shfl_xor_sync'"
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "mode": "cpu",
// JSON-NEXT: "verdicts": {
// JSON-NEXT: "not-runnable": 2
// JSON-NEXT: },
// JSON-NEXT: "verified": 0
