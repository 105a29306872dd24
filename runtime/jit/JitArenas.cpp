//===- JitArenas.cpp - The buffers a JIT launch's pointers point to -------===//
//
// --verify=jit: each pointer parameter points to an arena of its own, mapped
// lazily (untouched pages cost nothing), filled as the harness spec says
// (zeros, iota, a constant, or uniform random values of the element type).
//
//===----------------------------------------------------------------------===//
#include "runtime/jit/JitLaunchState.h"
#include <cstring>
#include <random>
#include <sys/mman.h>

using namespace ccl::jit;

char *ccl::jit::rt::mapBytes(size_t N) {
  void *P = mmap(nullptr, N, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return P == MAP_FAILED ? nullptr : (char *)P;
}

void ccl::jit::rt::fillArena(char *Base, const ParamInput &P) {
  if (P.Contents == "zeros" || !P.ElemBytes)
    return;
  uint64_t N =
      (P.ExtentBytes ? P.ExtentBytes : 16384 * P.ElemBytes) / P.ElemBytes;
  std::mt19937_64 Rng(P.Seed);
  std::uniform_real_distribution<double> U(P.Lo, P.Hi);
  for (uint64_t I = 0; I < N; ++I) {
    double V = P.Contents == "iota"       ? (double)I
               : P.Contents == "constant" ? P.Constant
                                          : U(Rng);
    char *D = Base + I * P.ElemBytes;
    if (P.ElemFloat && P.ElemBytes == 4) {
      float F = (float)V;
      memcpy(D, &F, 4);
    } else if (P.ElemFloat && P.ElemBytes == 8) {
      memcpy(D, &V, 8);
    } else {
      int64_t X = (int64_t)V;
      memcpy(D, &X, P.ElemBytes);
    }
  }
}
