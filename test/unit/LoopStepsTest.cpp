// LoopSteps (analyzer/LoopSteps.h): what a loop's trip may change, from the
// syntax, and where the interpreter's induction check evaluates the steps
// alone instead of running a trip.
#include "analyzer/LoopSteps.h"
#include "CudaSnippet.h"
#include "analyzer/KernelAnalysis.h"
#include "clang/AST/StmtCXX.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

using ccl::test::parseCuda;

/// The \p N-th for loop of \p Fn's body, in source order.
const clang::ForStmt *forLoop(const clang::FunctionDecl *Fn, unsigned N = 0) {
  std::vector<const clang::ForStmt *> Loops;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S)
      return;
    if (const auto *F = llvm::dyn_cast<clang::ForStmt>(S))
      Loops.push_back(F);
    for (const clang::Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  return N < Loops.size() ? Loops[N] : nullptr;
}

const clang::VarDecl *local(const clang::FunctionDecl *Fn,
                            llvm::StringRef Name) {
  const clang::VarDecl *Found = nullptr;
  for (const clang::ParmVarDecl *P : Fn->parameters())
    if (P->getName() == Name)
      Found = P;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
      for (const clang::Decl *D : DS->decls())
        if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D))
          if (V->getName() == Name)
            Found = V;
    for (const clang::Stmt *C : S->children())
      Walk(C);
  };
  Walk(Fn->getBody());
  return Found;
}

struct Facts {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::FunctionDecl *Fn = nullptr;
  LoopSteps L;
  const clang::VarDecl *var(llvm::StringRef N) const { return local(Fn, N); }
};

Facts factsOf(const char *Code, unsigned Loop = 0) {
  Facts F;
  F.AST = parseCuda(Code);
  EXPECT_TRUE(F.AST && !F.AST->getDiagnostics().hasErrorOccurred());
  if (!F.AST)
    return F;
  F.Fn = ccl::test::definedFunction(F.AST->getASTContext(), "k");
  EXPECT_NE(F.Fn, nullptr);
  const clang::ForStmt *S = F.Fn ? forLoop(F.Fn, Loop) : nullptr;
  EXPECT_NE(S, nullptr);
  if (S)
    F.L = findLoopSteps(F.Fn, S->getBody(), S->getInc(),
                        F.AST->getASTContext().getSourceManager());
  return F;
}

TEST(LoopSteps, GridStrideLoopHasAStep) {
  Facts F = factsOf(R"(
__global__ void k(float *out, const float *in, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[i];
})");
  ASSERT_NE(F.L.Fn, nullptr);
  ASSERT_EQ(F.L.Steps.size(), 1u);
  EXPECT_EQ(F.L.Steps[0].first, F.var("i"));
  EXPECT_TRUE(F.L.unchanged(F.var("stride")));
  EXPECT_TRUE(F.L.unchanged(F.var("n")));
  EXPECT_FALSE(F.L.unchanged(F.var("i")));
}

TEST(LoopSteps, BuiltinsAndConstantsInTheAmount) {
  Facts F = factsOf(R"(
constexpr int kUnroll = 4;
__global__ void k(float *out, int n) {
  for (int i = threadIdx.x; i < n; i += kUnroll * blockDim.x * gridDim.x)
    out[i] = 0;
})");
  ASSERT_EQ(F.L.Steps.size(), 1u);
  EXPECT_EQ(F.L.Steps[0].first, F.var("i"));
}

TEST(LoopSteps, AnAmountTheLoopChangesIsNoStep) {
  // The lesson of checkInduction: `off` steps 8 first, then 1.
  Facts F = factsOf(R"(
__global__ void k(float *out, int n) {
  int off = 0, step = 8;
  for (int i = 0; i < n; ++i) {
    off += step;
    step = 1;
    out[off] = 0;
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  EXPECT_EQ(F.L.stepOf(F.var("off")), nullptr);
  EXPECT_EQ(F.L.stepOf(F.var("step")), nullptr);
  EXPECT_NE(F.L.stepOf(F.var("i")), nullptr);
  EXPECT_FALSE(F.L.unchanged(F.var("step")));
}

TEST(LoopSteps, AnEscapedLocalIsChangedAnywhere) {
  // `s` is written through p inside the loop, where the syntax does not
  // name it.
  Facts F = factsOf(R"(
__global__ void k(float *out, int n) {
  int s = 4;
  int *p = &s;
  for (int i = 0; i < n; i += s) {
    *p = 8;
    out[i] = 0;
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  EXPECT_FALSE(F.L.unchanged(F.var("s")));
  EXPECT_EQ(F.L.stepOf(F.var("i")), nullptr);
}

TEST(LoopSteps, AReferenceAmountIsNoStep) {
  Facts F = factsOf(R"(
__global__ void k(float *out, int n) {
  int x = 1;
  int &r = x;
  for (int i = 0; i < n; i += r) {
    x++;
    out[i] = 0;
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  EXPECT_EQ(F.L.stepOf(F.var("i")), nullptr);
}

TEST(LoopSteps, ExitsAndContinues) {
  // A break may skip the increment: no step. A continue skips top-level
  // statements, not the increment.
  Facts Break = factsOf(R"(
__global__ void k(float *out, int n) {
  for (int i = 0; i < n; ++i) {
    if (out[i] > 0) break;
  }
})");
  ASSERT_NE(Break.L.Fn, nullptr);
  EXPECT_TRUE(Break.L.Steps.empty());
  Facts Continue = factsOf(R"(
__global__ void k(float *out, int n) {
  int j = 0;
  for (int i = 0; i < n; ++i) {
    j += 2;
    if (out[i] > 0) continue;
    out[j] = 0;
  }
})");
  EXPECT_NE(Continue.L.stepOf(Continue.var("i")), nullptr);
  EXPECT_EQ(Continue.L.stepOf(Continue.var("j")), nullptr);
  // A break of a nested loop leaves only that loop.
  Facts Nested = factsOf(R"(
__global__ void k(float *out, int n) {
  int j = 0;
  for (int i = 0; i < n; ++i) {
    j += 2;
    for (int t = 0; t < 4; ++t)
      if (out[t] > 0) break;
  }
})");
  EXPECT_NE(Nested.L.stepOf(Nested.var("i")), nullptr);
  EXPECT_NE(Nested.L.stepOf(Nested.var("j")), nullptr);
  EXPECT_FALSE(Nested.L.unchanged(Nested.var("t")));
}

TEST(LoopSteps, NothingIsKnownPastALambda) {
  Facts F = factsOf(R"(
__global__ void k(float *out, int n) {
  int s = 1;
  auto bump = [&] { s = 2; };
  for (int i = 0; i < n; i += s)
    bump();
})");
  EXPECT_EQ(F.L.Fn, nullptr);
  EXPECT_FALSE(F.L.unchanged(F.var("s")));
}

TEST(LoopSteps, ATwiceWrittenVariableHasNoStep) {
  Facts F = factsOf(R"(
__global__ void k(float *out, int n) {
  for (int i = 0; i < n; ++i) {
    if (out[i] > 0) ++i;
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  EXPECT_TRUE(F.L.Steps.empty());
}

/// The induction checks analyzeKernel made (by step, by trip).
/// The roots of \p F's loop's stores, as (name, through the object).
std::vector<std::pair<std::string, bool>> rootsOf(const Facts &F) {
  std::vector<std::pair<std::string, bool>> Out;
  for (const auto &[V, IsObject] : F.L.StoreRoots)
    Out.push_back({V->getNameAsString(), IsObject});
  return Out;
}

TEST(LoopSteps, StoresThroughPointersAndIntoObjects) {
  Facts F = factsOf(R"(
struct Pair { float a, b; };
__global__ void k(float *out, Pair *pairs, int n) {
  for (int i = threadIdx.x; i < n; i += 32) {
    float tile[4];
    tile[i & 3] = 1;
    out[i] = tile[0];
    (out + 32)[i] = 2;
    pairs[i].b = 3;
    int x = 0;
    x += 1;
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  using R = std::vector<std::pair<std::string, bool>>;
  // `x += 1` writes a variable, not memory.
  EXPECT_EQ(rootsOf(F), (R{{"tile", true},
                           {"out", false},
                           {"out", false},
                           {"pairs", false}}));
  EXPECT_FALSE(F.L.StoresElsewhere);
}

TEST(LoopSteps, StoresInAHelperGoToItsArguments) {
  Facts F = factsOf(R"(
__device__ void put(float *dst, int i, float &last) { dst[i] = 1; last = 2; }
__device__ void again(float *to, int i, float &last) { put(to, i, last); }
__global__ void k(float *out, int n) {
  for (int i = threadIdx.x; i < n; i += 32) {
    float last;
    again(out, i, last);
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  using R = std::vector<std::pair<std::string, bool>>;
  EXPECT_EQ(rootsOf(F), (R{{"out", false}, {"last", true}}));
  EXPECT_FALSE(F.L.StoresElsewhere);
}

TEST(LoopSteps, StoresThroughAPointerDeclaredInTheBody) {
  // A pointer declared in the body and never written after: its
  // initializer's root (through casts, in the helper too). One declared
  // before the loop is its own root (its value is known when the loop runs).
  Facts F = factsOf(R"(
__device__ void put(const char *src, float *dst, int i) {
  int4 *wide = reinterpret_cast<int4 *>(dst);
  wide[i] = *reinterpret_cast<const int4 *>(src);
}
__global__ void k(const char *in, float *out, float *other, int n) {
  float *before = other;
  for (int i = threadIdx.x; i < n; i += 32) {
    float *row = out + i * 64;
    put(in, row, i);
    before[i] = 1;
  }
})");
  ASSERT_NE(F.L.Fn, nullptr);
  using R = std::vector<std::pair<std::string, bool>>;
  EXPECT_EQ(rootsOf(F), (R{{"out", false}, {"before", false}}));
  EXPECT_FALSE(F.L.StoresElsewhere);
}

TEST(LoopSteps, StoresWithoutARootGoAnywhere) {
  const char *Cases[] = {
      // An atomic.
      R"(
__global__ void k(int *out, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    atomicAdd(out, 1);
})",
      // Through a pointer loaded from memory.
      R"(
__global__ void k(float **rows, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    rows[0][i] = 1;
})",
      // A helper that assigns its pointer parameter first.
      R"(
__device__ void put(float *dst, float *other) { dst = other; dst[0] = 1; }
__global__ void k(float *out, float *b, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    put(out, b);
})",
      // A member function storing to its object.
      R"(
struct Acc { float v; __device__ void add(float x) { v += x; } };
__global__ void k(Acc *acc, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    acc[i].add(1);
})",
  };
  for (const char *Code : Cases) {
    Facts F = factsOf(Code);
    ASSERT_NE(F.L.Fn, nullptr);
    EXPECT_TRUE(F.L.StoresElsewhere) << Code;
  }
}

TEST(LoopSteps, ConstReferenceArgumentsAreReads) {
  // Passing `s` to a `const Shape&` reads it: unchanged by the loop. With a
  // const_cast in the callee it is changed.
  Facts F = factsOf(R"(
struct Shape { int stride; };
__device__ int rowOf(const Shape &s, int i) { return i * s.stride; }
__global__ void k(float *out, int n) {
  Shape s{64};
  for (int i = threadIdx.x; i < n; i += 32)
    out[rowOf(s, i)] = 1;
})");
  ASSERT_NE(F.L.Fn, nullptr);
  EXPECT_TRUE(F.L.unchanged(F.var("s")));
  Facts G = factsOf(R"(
struct Shape { int stride; };
__device__ int rowOf(const Shape &s, int i) {
  const_cast<Shape &>(s).stride = 1;
  return i * s.stride;
}
__global__ void k(float *out, int n) {
  Shape s{64};
  for (int i = threadIdx.x; i < n; i += 32)
    out[rowOf(s, i)] = 1;
})");
  ASSERT_NE(G.L.Fn, nullptr);
  EXPECT_FALSE(G.L.unchanged(G.var("s")));
}

std::pair<unsigned long, unsigned long> checksOf(const char *Code) {
  auto AST = parseCuda(Code);
  EXPECT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  if (!AST)
    return {};
  clang::ASTContext &Ctx = AST->getASTContext();
  const clang::FunctionDecl *K = ccl::test::definedFunction(Ctx, "k");
  EXPECT_NE(K, nullptr);
  if (!K)
    return {};
  AnalysisStats Stats;
  analyzeKernel(Ctx, K, {64, 1, 1}, InterpreterOptions(), nullptr, &Stats);
  return {Stats.CheckByStep, Stats.CheckByTrip};
}

TEST(LoopSteps, TheInterpreterEvaluatesTheStepAlone) {
  // A loop with an unknown trip count is generalized once for all warps:
  // its induction is checked by evaluating `i += stride` alone.
  auto ByStep = checksOf(R"(
__global__ void k(float *out, int n) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = 0;
})");
  EXPECT_GE(ByStep.first, 1u);
  EXPECT_EQ(ByStep.second, 0u);
  // `off` has no step: a trip runs.
  auto ByTrip = checksOf(R"(
__global__ void k(float *out, int n) {
  int off = 0, step = 8;
  for (int i = 0; i < n; ++i) {
    off += step;
    step = 1;
    out[off + threadIdx.x] = 0;
  }
})");
  EXPECT_GE(ByTrip.second, 1u);
}

} // namespace
