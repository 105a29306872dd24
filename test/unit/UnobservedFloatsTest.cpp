// UnobservedFloats (analyzer/UnobservedFloats.h): which float assignment
// statements of a function the interpreter need not evaluate, because
// nothing that flows from what they write is ever observed.
#include "analyzer/UnobservedFloats.h"
#include "CudaSnippet.h"
#include "clang/AST/Expr.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <string>
#include <vector>

using namespace ccl;

namespace {

/// The skippable assignments of kernel `k` in \p Body, each as
/// "LINE:VAR" (line of the assignment in the snippet, variable written),
/// in line order.
std::vector<std::string> skipped(const std::string &Body) {
  std::string Code = "__device__ float g[64];\n" + Body;
  auto AST = test::parseCuda(Code);
  if (!AST)
    return {"(no AST)"};
  const clang::FunctionDecl *K =
      test::definedFunction(AST->getASTContext(), "k");
  if (!K)
    return {"(no kernel k)"};
  const clang::SourceManager &SM = AST->getSourceManager();
  std::vector<std::string> Out;
  for (const auto &[E, V] : unobservedAssignments(AST->getASTContext(), K))
    Out.push_back(std::to_string(SM.getSpellingLineNumber(E->getBeginLoc()) -
                                 1) +
                  ":" + V->getNameAsString());
  std::sort(Out.begin(), Out.end());
  return Out;
}

using Lines = std::vector<std::string>;

// The GEMM pattern of vLLM's fp32_router_gemm.cu: products summed into a
// local array, reduced with shuffles, stored to shared memory.
TEST(UnobservedFloats, AnAccumulatorReachingOnlySharedMemoryIsSkipped) {
  EXPECT_EQ(skipped(R"(__global__ void k(const float *p) {
  __shared__ float red[32];
  float a[4], acc[2] = {};
  for (int i = 0; i < 4; ++i) a[i] = p[threadIdx.x * 4 + i];
  for (int e = 0; e < 2; ++e)
    for (int i = 0; i < 4; ++i)
      acc[e] += a[i] * 0.5f;
  float sum = acc[0] + acc[1];
  sum += __shfl_xor_sync(0xffffffffu, sum, 16);
  red[threadIdx.x % 32] = sum;
})"),
            (Lines{"7:acc"}));
}

// `a[i] = p[...]` loads global memory: it is evaluated, and a's value (it
// flows into acc) does not matter either way.
TEST(UnobservedFloats, AnAssignmentThatLoadsMemoryIsEvaluated) {
  EXPECT_EQ(skipped(R"(__global__ void k(const float *p) {
  float a[4];
  for (int i = 0; i < 4; ++i) a[i] = p[i];
})"),
            Lines{});
}

TEST(UnobservedFloats, AValueStoredThroughAPointerIsObserved) {
  // out may point to a local: what is stored there may be read back.
  EXPECT_EQ(skipped(R"(__global__ void k(float *out) {
  float acc = 0;
  for (int i = 0; i < 4; ++i) acc += 1.5f;
  out[threadIdx.x] = acc;
})"),
            Lines{});
  // A __device__ variable: its value is not kept by the interpreter.
  EXPECT_EQ(skipped(R"(__global__ void k(float *out) {
  float acc = 0;
  for (int i = 0; i < 4; ++i) acc += 1.5f;
  g[threadIdx.x] = acc;
})"),
            (Lines{"3:acc"}));
}

TEST(UnobservedFloats, AComparisonOrAConversionObserves) {
  EXPECT_EQ(skipped(R"(__global__ void k(float *out) {
  float acc = 0;
  acc += 1.5f;
  if (acc > 0) out[threadIdx.x] = 1;
})"),
            Lines{});
  EXPECT_EQ(skipped(R"(__global__ void k(float *out) {
  float acc = 0;
  acc += 1.5f;
  out[(int)acc] = 1;
})"),
            Lines{});
}

// acc -> s -> an index: acc is observed through s.
TEST(UnobservedFloats, ObservationFlowsBackAlongAssignments) {
  EXPECT_EQ(skipped(R"(__global__ void k(float *out) {
  float acc = 0, s = 0, t = 0;
  acc += 1.5f;
  s = acc * 2;
  t = s;
  out[(int)t] = 1;
})"),
            Lines{});
}

TEST(UnobservedFloats, AnAddressTakenOrACallObserves) {
  EXPECT_EQ(skipped(R"(__device__ void use(float *q);
__global__ void k() {
  float acc[2] = {};
  acc[0] += 1.5f;
  use(acc);
})"),
            Lines{});
  EXPECT_EQ(skipped(R"(__device__ float f(float x);
__global__ void k() {
  float acc = 0;
  acc += 1.5f;
  g[0] = f(acc);
})"),
            Lines{});
}

// The statement is skipped only if its right-hand side is pure: a call
// there is evaluated (the variable stays unobserved).
TEST(UnobservedFloats, ACallOnTheRightIsEvaluated) {
  EXPECT_EQ(skipped(R"(__device__ float f(int x);
__global__ void k() {
  float acc = 0;
  acc += f(threadIdx.x);
  acc += 2.0f;
  g[0] = acc;
})"),
            (Lines{"5:acc"}));
}

TEST(UnobservedFloats, ALambdaStopsTheWalk) {
  EXPECT_EQ(skipped(R"(__global__ void k() {
  float acc = 0;
  acc += 1.5f;
  auto f = [] { return 1; };
  g[0] = acc + f();
})"),
            Lines{});
}

// An assignment used as a value passes the variable's value on.
TEST(UnobservedFloats, AnAssignmentInsideAnExpressionIsNotSkipped) {
  EXPECT_EQ(skipped(R"(__global__ void k(float *out) {
  float acc = 0, b = 0;
  out[(int)(acc = 2.0f)] = 1;
  b = 3.0f;
  g[0] = b;
})"),
            (Lines{"4:b"}));
}

} // namespace
