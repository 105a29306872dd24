// How RecordFolder (analyzer/RecordFolder.h) folds the events of an access
// the compiled code has no instruction for: a worst case, except in a warp
// whose lanes all take an arm the compiler merged after the branch
// (CompiledCode::mergedAtJoin), where the merged instruction is the access
// as written. The certain part of such a record is the largest over those
// warps, whatever the order the warps come in.
#include "CudaSnippet.h"
#include "analyzer/CompiledCode.h"
#include "analyzer/KernelAnalysis.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

using ccl::test::parseCuda;

/// Compiled code with no instruction at any access, whose loads are all
/// merged arms.
class MergedLoads : public CompiledCode {
public:
  const CompiledAccess *lookup(const clang::Expr *, AccessOp,
                               bool) const override {
    return nullptr;
  }
  std::string compiler() const override { return "test"; }
  bool mergedAtJoin(const clang::Expr *, AccessOp Op, bool) const override {
    return Op == AccessOp::Load;
  }
};

const AccessRecord *recordOf(const std::vector<AccessRecord> &Rs,
                             const char *Object) {
  for (const AccessRecord &R : Rs)
    if (R.Object == Object && R.Op == AccessOp::Load)
      return &R;
  return nullptr;
}

std::vector<AccessRecord> analyze(const char *Code, const CompiledCode *CC) {
  auto AST = parseCuda(Code);
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  if (!AST)
    return {};
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::FunctionDecl *K = ccl::test::definedFunction(Ctx, "k");
  EXPECT_NE(K, nullptr);
  if (!K)
    return {};
  std::vector<AccessRecord> Rs =
      analyzeKernel(Ctx, K, {64, 1, 1}, InterpreterOptions(), CC);
  for (AccessRecord &R : Rs)
    R.Site = nullptr; // the AST dies here
  return Rs;
}

// Warp 0 divides between the arms; warp 1 takes b's alone: 32 sectors,
// certain, not exact.
TEST(RecordFolder, MergedArmIsCertainInAWholeWarp) {
  MergedLoads CC;
  std::vector<AccessRecord> Rs = analyze(R"(
__global__ void k(const float *a, const float *b, float *out) {
  int t = threadIdx.x;
  out[t] = (t < 16) ? a[t] : b[t * 32];
})",
                                         &CC);
  const AccessRecord *B = recordOf(Rs, "b");
  ASSERT_NE(B, nullptr);
  EXPECT_FALSE(B->Exact);
  EXPECT_EQ(B->Worst.G.Sectors, 32u);
  EXPECT_EQ(B->Best.G.Sectors, 32u);
}

// The whole warp comes first (warp 0 takes a's arm alone), the divided one
// after it: the certain part stays warp 0's.
TEST(RecordFolder, DividedWarpDoesNotEraseACertainOne) {
  MergedLoads CC;
  const char *Code = R"(
__global__ void k(const float *a, const float *b, float *out) {
  int t = threadIdx.x;
  out[t] = (t >= 48) ? b[t] : a[t * 32];
})";
  std::vector<AccessRecord> Rs = analyze(Code, &CC);
  const AccessRecord *A = recordOf(Rs, "a");
  ASSERT_NE(A, nullptr);
  EXPECT_FALSE(A->Exact);
  EXPECT_EQ(A->Worst.G.Sectors, 32u);
  EXPECT_EQ(A->Best.G.Sectors, 32u);
  // b runs only in warp 1, which divides: nothing certain.
  const AccessRecord *B = recordOf(Rs, "b");
  ASSERT_NE(B, nullptr);
  EXPECT_FALSE(B->Exact);
  EXPECT_EQ(B->Best.G.Sectors, 0u);
}

// Without the merge, no warp's cost is certain.
TEST(RecordFolder, UnlocatedAccessIsAWorstCase) {
  class NoInstructions : public MergedLoads {
    bool mergedAtJoin(const clang::Expr *, AccessOp, bool) const override {
      return false;
    }
  } CC;
  std::vector<AccessRecord> Rs = analyze(R"(
__global__ void k(const float *a, float *out, int c) {
  int t = threadIdx.x;
  out[t] = a[t * 32];
})",
                                         &CC);
  const AccessRecord *A = recordOf(Rs, "a");
  ASSERT_NE(A, nullptr);
  EXPECT_FALSE(A->Exact);
  EXPECT_EQ(A->Worst.G.Sectors, 32u);
  EXPECT_EQ(A->Best.G.Sectors, 0u);
}

} // namespace
