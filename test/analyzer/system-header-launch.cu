// The whole-file walks skip the bodies of functions written in system
// headers (analyzer/SystemCode.h), but not template instantiations there:
// a library template that launches the project's kernel gives it its
// block shape, as it did before the walks skipped system headers.
// RUN: %lint %s -- -isystem %S/Inputs/sys 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <ccl_sys_launcher.h>
__global__ void k(float *out) { out[threadIdx.x * 32] = 0; }
void host(float *p) { sys_launch<k>(p); }
// CHECK: system-header-launch.cu:[[@LINE-2]]:33: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
// CHECK: ccl_sys_launcher.h:2:59: note: assuming kernel 'k' runs with a block of 64x1x1 (from the launch at ccl_sys_launcher.h:2)
// CHECK: system-header-launch.cu: 1 accesses in 1 kernel: 1 flagged
