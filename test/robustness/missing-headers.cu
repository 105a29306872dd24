// Headers that are not on the machine (torch, ATen, ...) are skipped with
// one note naming them; the errors that follow from them are counted, not
// printed; kernels that still parse are analyzed.
// RUN: %lint %s > %t.out 2> %t.err; test $? -eq 2
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not %lint %s --format=json | FileCheck %s --check-prefix=JSON
#include <torch/all.h>
#include "ATen/cuda/CUDAContext.h"
__global__ void k(const float* in, float* out) {
  out[threadIdx.x] = in[threadIdx.x * 4];
}
void host(at::Tensor& t) {
  k<<<1, 32>>>(t.data_ptr<float>(), nullptr);
}
// CHECK: note: skipped 2 missing headers: torch/all.h, ATen/cuda/CUDAContext.h; kernels that still parse are analyzed (the {{[0-9]+}} error{{s?}} that followed {{is|are}} not shown; pass -I for the headers to see them)
// CHECK: :11:22: warning: global load 'in[...]' touches 16 sectors per warp request
// ERR-NOT: {{:[0-9]+:[0-9]+: error:}}
// ERR: 2 accesses in 1 kernel: 1 flagged, 0 not analyzable; the file has compile errors
// JSON: "missing_headers": [
// JSON-NEXT: "torch/all.h",
// JSON-NEXT: "ATen/cuda/CUDAContext.h"
