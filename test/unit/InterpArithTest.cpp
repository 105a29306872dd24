// The interpreter's integer and pointer arithmetic (analyzer/InterpArith.h),
// as the lane addresses of one store of warp 0 of a 256-thread block show it.
#include "CudaSnippet.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "gtest/gtest.h"
#include <memory>

using namespace ccl;

namespace {

/// Warp 0 of kernel `k` of \p Code: the address of its one access.
struct ArithRun {
  explicit ArithRun(llvm::StringRef Code) : AST(test::parseCuda(Code)) {
    if (!AST || AST->getDiagnostics().hasErrorOccurred())
      return;
    const clang::FunctionDecl *K =
        test::definedFunction(AST->getASTContext(), "k");
    if (!K)
      return;
    I = std::make_unique<Interpreter>(
        AST->getASTContext(), Opts, Dim3{256, 1, 1},
        [this](const AccessEvent &Ev) { Events.push_back(Ev); });
    I->runWarp(K, 0);
  }
  bool ran() const { return I != nullptr && Events.size() == 1; }
  const LaneInt &address() const { return Events[0].Address.I; }

  std::unique_ptr<clang::ASTUnit> AST;
  InterpreterOptions Opts;
  std::vector<AccessEvent> Events;
  std::unique_ptr<Interpreter> I;
};

} // namespace

TEST(InterpArith, ProductsOfUnknownsCancel) {
  ArithRun R(R"(
__global__ void k(float *out, int b, int T, int C) {
  out[b * T * C - C * (T * b) + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_TRUE(R.address().isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(R.address().consts()[K], 4 * int64_t(K)) << K;
}

TEST(InterpArith, QuotientAndRemainderFoldBack) {
  ArithRun R(R"(
__global__ void k(float *out, int n, int d) {
  int i = threadIdx.x + n;
  out[(i / d) * d + i % d] = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_FALSE(R.Events[0].Address.isUnknown());
  // 4*(k + n): one term, n times 4 in every lane; d is gone.
  ASSERT_EQ(R.address().terms().size(), 1u);
  const LaneInt::Term &T = R.address().terms()[0];
  EXPECT_EQ(R.I->symbolNames()[T.Sym], "n");
  for (unsigned K = 0; K < 32; ++K) {
    EXPECT_EQ(T.Coef[K], 4) << K;
    EXPECT_EQ(R.address().consts()[K], 4 * int64_t(K)) << K;
  }
}

TEST(InterpArith, PointerStepsByThePointeesSize) {
  ArithRun R(R"(
__global__ void k(float4 *base) {
  float4 *p = base + threadIdx.x;
  p[1].x = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_TRUE(R.address().isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(R.address().consts()[K], 16 * int64_t(K + 1)) << K;
}

TEST(InterpArith, NarrowIntegersWrapAtTheirWidth) {
  ArithRun R(R"(
__global__ void k(float *out) {
  unsigned char c = threadIdx.x * 16;
  out[c] = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_TRUE(R.address().isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(R.address().consts()[K], 4 * int64_t((16 * K) & 255)) << K;
}
