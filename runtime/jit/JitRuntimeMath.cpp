//===- JitRuntimeMath.cpp - The arithmetic the retargeted code calls -----===//
//
// --verify=jit: the half and bfloat16 conversions and arithmetic of CUDA's
// inline PTX (ccl_ptx_fp16) and the libdevice
// functions (__nv_*) that device code calls, as host C functions. None of
// them touches memory the analysis costs; mathSymbols() names them for the
// JIT's symbol table (after JitRuntime.cpp's own, runtimeSymbols()).
//
//===----------------------------------------------------------------------===//
#include "runtime/jit/JitRuntime.h"
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>


extern "C" {
// Half precision (IEEE binary16) and bfloat16 conversions.
static float halfToFloat(uint16_t H) {
  uint32_t S = (H >> 15) & 1, E = (H >> 10) & 0x1f, M = H & 0x3ff;
  float V;
  if (E == 0)
    V = std::ldexp((float)M, -24);
  else if (E == 31)
    V = M ? NAN : INFINITY;
  else
    V = std::ldexp((float)(M | 0x400), (int)E - 25);
  return S ? -V : V;
}
static uint16_t floatToHalf(float F) {
  uint32_t X;
  memcpy(&X, &F, 4);
  uint32_t S = (X >> 16) & 0x8000;
  float A = std::fabs(F);
  if (std::isnan(F))
    return S | 0x7e00;
  if (A >= 65520.0f)
    return S | 0x7c00;
  if (A < std::ldexp(1.0f, -14)) {
    // Subnormal: round to nearest even multiple of 2^-24.
    float Q = std::nearbyint(A * std::ldexp(1.0f, 24));
    return S | (uint16_t)Q;
  }
  int E;
  float Mf = std::frexp(A, &E);             // A = Mf * 2^E, Mf in [0.5, 1)
  float Sig = std::nearbyint(Mf * 2048.0f); // 11 bits
  if (Sig >= 2048.0f) {
    Sig /= 2;
    ++E;
  }
  unsigned HE = E + 14;
  if (HE >= 31)
    return S | 0x7c00;
  return S | HE << 10 | ((unsigned)Sig & 0x3ff);
}
static float bf16ToFloat(uint16_t H) {
  uint32_t X = (uint32_t)H << 16;
  float F;
  memcpy(&F, &X, 4);
  return F;
}
static uint16_t floatToBf16(float F) {
  uint32_t X;
  memcpy(&X, &F, 4);
  if (std::isnan(F))
    return 0x7fc0;
  X += 0x7fff + ((X >> 16) & 1);
  return X >> 16;
}

uint16_t ccl_f2h(float F) { return floatToHalf(F); }
float ccl_h2f(uint16_t H) { return halfToFloat(H); }
uint16_t ccl_f2bf(float F) { return floatToBf16(F); }
float ccl_bf2f(uint16_t H) { return bf16ToFloat(H); }

/// One PTX instruction of the half/bfloat16 kind that cuda_fp16.hpp and
/// cuda_bf16.hpp write as inline assembly: OP on packed operands.
/// Kind: 0 f16, 1 f16x2, 2 bf16, 3 bf16x2. Ops: 0 add 1 sub 2 mul 3 fma
/// 4 min 5 max 6 neg 7 abs.
uint32_t ccl_ptx_fp16(int Kind, int Op, uint32_t A, uint32_t B, uint32_t C) {
  bool Bf = Kind >= 2, Two = Kind & 1;
  auto Get = [&](uint32_t V, int Half) {
    uint16_t H = (uint16_t)(V >> (16 * Half));
    return Bf ? bf16ToFloat(H) : halfToFloat(H);
  };
  auto Put = [&](float F) -> uint32_t {
    return Bf ? floatToBf16(F) : floatToHalf(F);
  };
  uint32_t R = 0;
  for (int H = 0; H < (Two ? 2 : 1); ++H) {
    float X = Get(A, H), Y = Get(B, H), Z = Get(C, H), V = 0;
    switch (Op) {
    case 0:
      V = X + Y;
      break;
    case 1:
      V = X - Y;
      break;
    case 2:
      V = X * Y;
      break;
    case 3:
      V = std::fma(X, Y, Z);
      break;
    case 4:
      V = std::fmin(X, Y);
      break;
    case 5:
      V = std::fmax(X, Y);
      break;
    case 6:
      V = -X;
      break;
    case 7:
      V = std::fabs(X);
      break;
    }
    R |= Put(V) << (16 * H);
  }
  return R;
}


// libdevice functions that have no C library twin.
float ccl_nv_rsqrtf(float X) { return 1.0f / std::sqrt(X); }
double ccl_nv_rsqrt(double X) { return 1.0 / std::sqrt(X); }
float ccl_nv_fdividef(float A, float B) { return A / B; }
float ccl_nv_saturatef(float X) {
  return std::isnan(X) ? 0.0f : std::fmin(1.0f, std::fmax(0.0f, X));
}
float ccl_nv_exp10f(float X) { return std::pow(10.0f, X); }
// pow(x, n) with an integer n (libdevice's __nv_powif/__nv_powi; clang
// makes them of pow(x, 2) and the like).
float ccl_nv_powif(float X, int N) { return std::pow(X, (float)N); }
double ccl_nv_powi(double X, int N) { return std::pow(X, (double)N); }
int ccl_nv_umul24(int A, int B) {
  return (int)(((unsigned)A & 0xffffff) * ((unsigned)B & 0xffffff));
}
int ccl_nv_mul24(int A, int B) { return ((A << 8) >> 8) * ((B << 8) >> 8); }
int ccl_nv_mulhi(int A, int B) { return (int)(((int64_t)A * B) >> 32); }
unsigned ccl_nv_umulhi(unsigned A, unsigned B) {
  return (unsigned)(((uint64_t)A * B) >> 32);
}
int ccl_nv_popc(unsigned X) { return __builtin_popcount(X); }
int ccl_nv_popcll(uint64_t X) { return __builtin_popcountll(X); }
int ccl_nv_clz(unsigned X) { return X ? __builtin_clz(X) : 32; }
int ccl_nv_clzll(uint64_t X) { return X ? __builtin_clzll(X) : 64; }
int ccl_nv_ffs(unsigned X) { return __builtin_ffs((int)X); }
int ccl_nv_ffsll(uint64_t X) { return __builtin_ffsll((long long)X); }
unsigned ccl_nv_brev(unsigned X) {
  unsigned R = 0;
  for (int I = 0; I < 32; ++I)
    R |= ((X >> I) & 1) << (31 - I);
  return R;
}
int ccl_nv_min(int A, int B) { return A < B ? A : B; }
int ccl_nv_max(int A, int B) { return A > B ? A : B; }
unsigned ccl_nv_umin(unsigned A, unsigned B) { return A < B ? A : B; }
unsigned ccl_nv_umax(unsigned A, unsigned B) { return A > B ? A : B; }
int ccl_nv_abs(int A) { return A < 0 ? -A : A; }
float ccl_nv_sinpif(float X) { return std::sin((float)M_PI * X); }
float ccl_nv_cospif(float X) { return std::cos((float)M_PI * X); }
void ccl_nv_sincosf(float X, float *S, float *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
float ccl_nv_fast_rcp(float X) { return 1.0f / X; }
int ccl_nv_float2int_rn(float X) { return (int)std::nearbyint(X); }
int ccl_nv_float2int_rz(float X) { return (int)X; }
int ccl_nv_float2int_rd(float X) { return (int)std::floor(X); }
int ccl_nv_float2int_ru(float X) { return (int)std::ceil(X); }
unsigned ccl_nv_float2uint_rn(float X) { return (unsigned)std::nearbyint(X); }
float ccl_nv_int2float_rn(int X) { return (float)X; }
float ccl_nv_uint2float_rn(unsigned X) { return (float)X; }
int ccl_nv_float_as_int(float X) {
  int I;
  memcpy(&I, &X, 4);
  return I;
}
float ccl_nv_int_as_float(int X) {
  float F;
  memcpy(&F, &X, 4);
  return F;
}
unsigned ccl_nv_float_as_uint(float X) {
  unsigned I;
  memcpy(&I, &X, 4);
  return I;
}
float ccl_nv_uint_as_float(unsigned X) {
  float F;
  memcpy(&F, &X, 4);
  return F;
}
// int -> float with a rounding direction (llm.c's stochastic rounding).
static float intToFloatRounded(long long X, int Mode) {
  int Saved = std::fegetround();
  std::fesetround(Mode);
  volatile long long V = X;
  float F = (float)V;
  std::fesetround(Saved);
  return F;
}
float ccl_nv_int2float_rz(int X) { return intToFloatRounded(X, FE_TOWARDZERO); }
float ccl_nv_int2float_rd(int X) { return intToFloatRounded(X, FE_DOWNWARD); }
float ccl_nv_int2float_ru(int X) { return intToFloatRounded(X, FE_UPWARD); }
float ccl_nv_uint2float_rz(unsigned X) {
  return intToFloatRounded(X, FE_TOWARDZERO);
}
float ccl_nv_uint2float_rd(unsigned X) {
  return intToFloatRounded(X, FE_DOWNWARD);
}
float ccl_nv_uint2float_ru(unsigned X) {
  return intToFloatRounded(X, FE_UPWARD);
}
int ccl_nv_isnanf(float X) { return std::isnan(X); }
int ccl_nv_isinff(float X) { return std::isinf(X); }
int ccl_nv_finitef(float X) { return std::isfinite(X); }
int ccl_nv_signbitf(float X) { return std::signbit(X); }
} // extern "C"

const std::vector<std::pair<const char *, void *>> &ccl::jit::mathSymbols() {
  static const std::vector<std::pair<const char *, void *>> Table = {
      {"ccl_f2h", (void *)&ccl_f2h},
      {"ccl_h2f", (void *)&ccl_h2f},
      {"ccl_f2bf", (void *)&ccl_f2bf},
      {"ccl_bf2f", (void *)&ccl_bf2f},
      {"ccl_ptx_fp16", (void *)&ccl_ptx_fp16},
      {"__nv_rsqrtf", (void *)&ccl_nv_rsqrtf},
      {"__nv_rsqrt", (void *)&ccl_nv_rsqrt},
      {"__nv_fdividef", (void *)&ccl_nv_fdividef},
      {"__nv_fast_fdividef", (void *)&ccl_nv_fdividef},
      {"__nv_saturatef", (void *)&ccl_nv_saturatef},
      {"__nv_exp10f", (void *)&ccl_nv_exp10f},
      {"__nv_powif", (void *)&ccl_nv_powif},
      {"__nv_powi", (void *)&ccl_nv_powi},
      {"__nv_fast_exp10f", (void *)&ccl_nv_exp10f},
      {"__nv_umul24", (void *)&ccl_nv_umul24},
      {"__nv_mul24", (void *)&ccl_nv_mul24},
      {"__nv_mulhi", (void *)&ccl_nv_mulhi},
      {"__nv_umulhi", (void *)&ccl_nv_umulhi},
      {"__nv_popc", (void *)&ccl_nv_popc},
      {"__nv_popcll", (void *)&ccl_nv_popcll},
      {"__nv_clz", (void *)&ccl_nv_clz},
      {"__nv_clzll", (void *)&ccl_nv_clzll},
      {"__nv_ffs", (void *)&ccl_nv_ffs},
      {"__nv_ffsll", (void *)&ccl_nv_ffsll},
      {"__nv_brev", (void *)&ccl_nv_brev},
      {"__nv_min", (void *)&ccl_nv_min},
      {"__nv_max", (void *)&ccl_nv_max},
      {"__nv_umin", (void *)&ccl_nv_umin},
      {"__nv_umax", (void *)&ccl_nv_umax},
      {"__nv_abs", (void *)&ccl_nv_abs},
      {"__nv_sinpif", (void *)&ccl_nv_sinpif},
      {"__nv_cospif", (void *)&ccl_nv_cospif},
      {"__nv_sincosf", (void *)&ccl_nv_sincosf},
      {"__nv_fast_sincosf", (void *)&ccl_nv_sincosf},
      {"__nv_frcp_rn", (void *)&ccl_nv_fast_rcp},
      {"__nv_float2int_rn", (void *)&ccl_nv_float2int_rn},
      {"__nv_float2int_rz", (void *)&ccl_nv_float2int_rz},
      {"__nv_float2int_rd", (void *)&ccl_nv_float2int_rd},
      {"__nv_float2int_ru", (void *)&ccl_nv_float2int_ru},
      {"__nv_float2uint_rn", (void *)&ccl_nv_float2uint_rn},
      {"__nv_int2float_rn", (void *)&ccl_nv_int2float_rn},
      {"__nv_uint2float_rn", (void *)&ccl_nv_uint2float_rn},
      {"__nv_float_as_int", (void *)&ccl_nv_float_as_int},
      {"__nv_int_as_float", (void *)&ccl_nv_int_as_float},
      {"__nv_float_as_uint", (void *)&ccl_nv_float_as_uint},
      {"__nv_uint_as_float", (void *)&ccl_nv_uint_as_float},
      {"__nv_int2float_rz", (void *)&ccl_nv_int2float_rz},
      {"__nv_int2float_rd", (void *)&ccl_nv_int2float_rd},
      {"__nv_int2float_ru", (void *)&ccl_nv_int2float_ru},
      {"__nv_uint2float_rz", (void *)&ccl_nv_uint2float_rz},
      {"__nv_uint2float_rd", (void *)&ccl_nv_uint2float_rd},
      {"__nv_uint2float_ru", (void *)&ccl_nv_uint2float_ru},
      {"__nv_isnanf", (void *)&ccl_nv_isnanf},
      {"__nv_isinff", (void *)&ccl_nv_isinff},
      {"__nv_finitef", (void *)&ccl_nv_finitef},
      {"__nv_signbitf", (void *)&ccl_nv_signbitf},
  };
  return Table;
}
