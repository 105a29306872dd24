// The interpreter on CUDA snippets (analyzer/Interpreter.h), through
// analyzeKernel's records (analyzer/KernelAnalysis.h) and collectLaunchSites
// (analyzer/LaunchConfig.h). Each snippet is parsed for the device side with
// the project's hermetic CUDA shim, as `cuda-coalesce-lint --cuda-path=none`
// does.
#include "CudaSnippet.h"
#include "analyzer/KernelAnalysis.h"
#include "analyzer/LaunchConfig.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <memory>

using namespace ccl;

namespace {

using ccl::test::parseCuda;

const clang::FunctionDecl *findKernel(clang::ASTContext &Ctx,
                                      llvm::StringRef Name) {
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (FD->getIdentifier() && FD->getName() == Name &&
          FD->hasAttr<clang::CUDAGlobalAttr>() &&
          FD->doesThisDeclarationHaveABody())
        return FD;
  return nullptr;
}

/// Parses \p Code and analyzes kernel \p Kernel for \p Block.
class Snippet {
public:
  Snippet(llvm::StringRef Code) : AST(parseCuda(Code)) {}
  bool parsed() const {
    return AST && !AST->getDiagnostics().hasErrorOccurred();
  }
  std::vector<AccessRecord>
  analyze(llvm::StringRef Kernel, Dim3 Block = {256, 1, 1},
          const InterpreterOptions &Opts = InterpreterOptions()) {
    const clang::FunctionDecl *K = findKernel(AST->getASTContext(), Kernel);
    EXPECT_NE(K, nullptr) << "no kernel " << Kernel.str();
    if (!K)
      return {};
    return analyzeKernel(AST->getASTContext(), K, Block, Opts);
  }
  clang::ASTContext &ctx() { return AST->getASTContext(); }

private:
  std::unique_ptr<clang::ASTUnit> AST;
};

} // namespace

TEST(Interpreter, CoalescedIsFourSectorsExact) {
  Snippet S("__global__ void k(float *a) { a[threadIdx.x] = 0; }");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Op, AccessOp::Store);
  EXPECT_EQ(R[0].Space, MemObject::Global);
  EXPECT_EQ(R[0].Object, "a");
  EXPECT_EQ(R[0].Bytes, 4u);
  EXPECT_TRUE(R[0].Known);
  EXPECT_TRUE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.G.Sectors, 4u);
  EXPECT_EQ(R[0].Worst.G.IdealSectors, 4u);
  EXPECT_EQ(R[0].Worst.ActiveLanes, 32u);
  EXPECT_EQ(R[0].Worst.Pattern, "");
  EXPECT_TRUE(R[0].DependsOn.empty());
  EXPECT_EQ(R[0].Instances, 8u); // one per warp of 256 threads
}

TEST(Interpreter, StrideThirtyTwoIsThirtyTwoSectors) {
  Snippet S("__global__ void k(float *a) { a[threadIdx.x * 32] = 0; }");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.G.Sectors, 32u);
  EXPECT_EQ(R[0].Worst.G.IdealSectors, 4u);
  // Lane k writes byte 128*k (warp 0).
  EXPECT_EQ(R[0].Worst.WorstOffsets[0], 0);
  EXPECT_EQ(R[0].Worst.WorstOffsets[31], 31 * 128);
}

TEST(Interpreter, SharedColumnIsThirtyTwoWay) {
  Snippet S(R"(
__global__ void k(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = 1;
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
})");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 3u); // source order: tile store, out store, tile load
  for (unsigned I : {0u, 2u}) {
    SCOPED_TRACE(I);
    EXPECT_EQ(R[I].Space, MemObject::Shared);
    EXPECT_EQ(R[I].Object, "tile");
    EXPECT_TRUE(R[I].Exact);
    EXPECT_EQ(R[I].Worst.S.ConflictWays, 32u);
    EXPECT_EQ(R[I].Worst.S.Wavefronts, 32u);
    EXPECT_EQ(R[I].Worst.S.IdealWavefronts, 1u);
  }
  EXPECT_EQ(R[0].Op, AccessOp::Store);
  EXPECT_EQ(R[2].Op, AccessOp::Load);
  EXPECT_EQ(R[1].Space, MemObject::Global);
  EXPECT_EQ(R[1].Worst.G.Sectors, 4u);

  // One element of padding per row (what the fix-it proposes) removes it.
  InterpreterOptions Padded;
  Padded.Pads[R[0].ObjectDecl] = 1;
  std::vector<AccessRecord> P = S.analyze("k", {256, 1, 1}, Padded);
  ASSERT_EQ(P.size(), 3u);
  EXPECT_EQ(P[0].Worst.S.ConflictWays, 1u);
  EXPECT_EQ(P[2].Worst.S.ConflictWays, 1u);
}

TEST(Interpreter, ConcreteLoopIsEnumeratedPerIteration) {
  Snippet S(R"(
__global__ void k(float *out, const float *in) {
  for (int i = 0; i < 4; ++i)
    out[i * 256 + threadIdx.x] = in[threadIdx.x * 2 + i];
})");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 2u);
  // out: every iteration coalesced.
  EXPECT_EQ(R[0].Object, "out");
  EXPECT_TRUE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.G.Sectors, 4u);
  EXPECT_EQ(R[0].Instances, 8u * 4u); // 8 warps, 4 iterations each
  // in: byte 8*k + 4*i; the worst iteration straddles one more sector.
  EXPECT_EQ(R[1].Object, "in");
  EXPECT_EQ(R[1].Op, AccessOp::Load);
  EXPECT_TRUE(R[1].Exact);
  EXPECT_EQ(R[1].Worst.G.Sectors, 9u);
  EXPECT_EQ(R[1].WorstContext, "warp 0, iteration 2 of the loop at line 3");
}

TEST(Interpreter, UnknownTripCountLoopIsGeneralized) {
  Snippet S(R"(
__global__ void k(float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 0;
})");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(R[0].Known);
  EXPECT_FALSE(R[0].Exact); // the condition i < n is undecided
  EXPECT_EQ(R[0].Worst.G.Sectors, 4u);
  EXPECT_EQ(R[0].WorstContext, "warp 0, any iteration of the loop at line 3");
  EXPECT_EQ(R[0].DependsOn.Unknowns,
            (std::set<std::string>{"blockIdx.x", "gridDim.x",
                                   "iteration(line 3)", "n"}));
  EXPECT_TRUE(R[0].DependsOn.Conditions.empty());
}

TEST(Interpreter, BranchLeavesLanesInactive) {
  Snippet S(R"(
__global__ void k(float *out, int n) {
  if (threadIdx.x < 16)
    out[threadIdx.x] = 1;
  if (threadIdx.x < n)
    out[threadIdx.x + 64] = 2;
})");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 2u);
  // Decided per lane: 16 active lanes of warp 0, 64 bytes = 2 sectors; the
  // other warps never execute the store.
  EXPECT_TRUE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.ActiveLanes, 16u);
  EXPECT_EQ(R[0].Worst.Lanes, 0xffffu);
  EXPECT_EQ(R[0].Worst.G.Sectors, 2u);
  EXPECT_EQ(R[0].Instances, 1u);
  // Undecided (depends on n): lanes that may be active count as active.
  EXPECT_TRUE(R[1].Known);
  EXPECT_FALSE(R[1].Exact);
  EXPECT_EQ(R[1].Worst.ActiveLanes, 32u);
  EXPECT_EQ(R[1].Worst.G.Sectors, 4u);
  EXPECT_EQ(R[1].DependsOn.Unknowns, (std::set<std::string>{"n"}));
}

TEST(Interpreter, LaneDependentIndexIsNotAnalyzed) {
  Snippet S(R"(
__global__ void k(float *out, const int *idx) {
  out[idx[threadIdx.x]] = 0;
})");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 2u);
  // Source order: the store's site begins before the load inside it.
  EXPECT_EQ(R[0].Object, "out");
  EXPECT_FALSE(R[0].Known);
  EXPECT_FALSE(R[0].Exact);
  EXPECT_EQ(R[0].Reason,
            "value loaded from memory at a lane-dependent address");
  EXPECT_EQ(R[0].Worst.G.Sectors, 0u); // no number for an unknown access
  EXPECT_EQ(R[1].Object, "idx");
  EXPECT_TRUE(R[1].Known);
  EXPECT_EQ(R[1].Worst.G.Sectors, 4u);
}

TEST(Interpreter, LaneVaryingSymbolIsSampledOrAssumed) {
  Snippet S("__global__ void k(float *a, int n) { a[threadIdx.x * n] = 0; }");
  ASSERT_TRUE(S.parsed());
  // Unknown n: the worst sample, not exact, with the threshold it holds from.
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(R[0].Known);
  EXPECT_FALSE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.G.Sectors, 32u);
  EXPECT_EQ(R[0].Worst.Pattern, "4*n*k");
  EXPECT_EQ(R[0].HoldsFor, "n >= 8");
  EXPECT_EQ(R[0].DependsOn.Unknowns, (std::set<std::string>{"n"}));
  // --assume n=1: a constant, coalesced and exact.
  InterpreterOptions Opts;
  Opts.Assume["n"] = 1;
  R = S.analyze("k", {256, 1, 1}, Opts);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_TRUE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.G.Sectors, 4u);
}

TEST(Interpreter, DeviceFunctionsAreInlined) {
  Snippet S(R"(
__device__ int at(int row, int col, int w) { return row * w + col; }
__device__ void put(float *p, int i) { p[i] = 0; }
__global__ void k(float *a) {
  put(a, at(threadIdx.x, 0, 32));
  __syncthreads();
})");
  ASSERT_TRUE(S.parsed());
  std::vector<AccessRecord> R = S.analyze("k");
  ASSERT_EQ(R.size(), 1u); // the store in put; __syncthreads is no access
  EXPECT_EQ(R[0].Object, "a");
  EXPECT_TRUE(R[0].Exact);
  EXPECT_EQ(R[0].Worst.G.Sectors, 32u);
}

TEST(Interpreter, HostCodeGivesLaunchShapes) {
  Snippet S(R"(
__global__ void k(float *a) { a[threadIdx.x] = 0; }
void launch(float *a, int bx) {
  dim3 block(bx, 8);
  k<<<1, block>>>(a);
  k<<<1, 128>>>(a);
})");
  ASSERT_TRUE(S.parsed());
  InterpreterOptions Opts;
  Opts.Assume["bx"] = 32;
  auto Launches = collectLaunchSites(S.ctx(), Opts);
  const clang::FunctionDecl *K = findKernel(S.ctx(), "k");
  ASSERT_NE(K, nullptr);
  ASSERT_EQ(Launches.count(K->getCanonicalDecl()), 1u);
  const std::vector<BlockShape> &Shapes = Launches[K->getCanonicalDecl()];
  ASSERT_EQ(Shapes.size(), 2u);
  EXPECT_EQ(Shapes[0].Dim, (Dim3{128, 1, 1})); // a constant, found first
  EXPECT_FALSE(Shapes[0].UsedAssumptions);
  EXPECT_EQ(Shapes[1].Dim, (Dim3{32, 8, 1})); // runHost with bx = 32
  EXPECT_TRUE(Shapes[1].UsedAssumptions);
}
