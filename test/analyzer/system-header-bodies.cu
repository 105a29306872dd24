// The parse skips the bodies of host-only functions written in system
// headers (lint/Pipeline.cpp, LintConsumer::shouldSkipFunctionBody): nothing
// in them runs on the device or launches a project kernel. It keeps the
// bodies of host-device functions, of constexpr functions (the parse needs
// their values: the block size below), and of templates with a non-type
// parameter that may name a kernel (the launch below gives 'k' its shape).
// The header's three bodies each hold an error: only the one parsed is
// reported. --parse-all-bodies parses every body (all three errors;
// those in host-only functions are warnings, the device analysis does not
// use them); the findings are the same.
// RUN: not %lint %s -- -isystem %S/Inputs/sys 2>&1 | FileCheck %s --check-prefixes=CHECK --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %lint --parse-all-bodies %s -- -isystem %S/Inputs/sys 2>&1 | FileCheck %s --check-prefixes=CHECK,ALL --implicit-check-not=warning: --implicit-check-not=error:
#include <ccl_sys_bodies.h>
__global__ void k(float *out) { out[threadIdx.x * 32] = sys_both(0); }
void host(float *p) { sys_launch2<k>(p); }
// ALL: ccl_sys_bodies.h:2:31: warning: cannot initialize a variable of type 'int'
// ALL: ccl_sys_bodies.h:3:55: warning: cannot initialize a variable of type 'int'
// CHECK: ccl_sys_bodies.h:4:54: error: cannot initialize a variable of type 'int'
// ALL: system-header-bodies.cu: note: 2 errors in host code ('sys_host', 'sys_host_template') shown as warnings: the device analysis does not use host code, and nvcc's host compiler may accept it
// CHECK: system-header-bodies.cu:[[@LINE-6]]:33: warning: global store 'out[...]' touches 32 sectors per warp request (ideal 4, 12.5% efficiency): lane k writes byte 128*k [cuda-uncoalesced-global]
// CHECK: ccl_sys_bodies.h:6:60: note: assuming kernel 'k' runs with a block of 64x1x1 (from the launch at ccl_sys_bodies.h:6)
// CHECK: system-header-bodies.cu: 1 accesses in 1 kernel: 1 flagged, 0 not analyzable; the file has compile errors (1 kernel analyzed anyway)
