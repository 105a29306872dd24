// MemoryModel (analyzer/MemoryModel.h): the objects pointers point into,
// their assumed alignment, the store generations, address-taken locals.
#include "analyzer/MemoryModel.h"
#include "CudaSnippet.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "gtest/gtest.h"

using namespace ccl;

namespace {

/// Every variable of a snippet (parameters, locals, file scope) by name.
struct VarsByName : clang::RecursiveASTVisitor<VarsByName> {
  std::map<std::string, const clang::VarDecl *> Vars;
  bool VisitVarDecl(clang::VarDecl *V) {
    if (V->getIdentifier())
      Vars[V->getName().str()] = V;
    return true;
  }
};

struct Snippet {
  std::unique_ptr<clang::ASTUnit> AST;
  VarsByName Names;
  explicit Snippet(const char *Code) : AST(ccl::test::parseCuda(Code)) {
    if (AST)
      Names.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  }
  const clang::VarDecl *var(const std::string &N) const {
    auto It = Names.Vars.find(N);
    return It == Names.Vars.end() ? nullptr : It->second;
  }
};

const char *Kernel = R"(
__device__ float table[64];
__constant__ int coeffs[16];
extern __shared__ float dyn[];
__device__ void touch(int &r) { r = 1; }
__global__ void k(float *in, int n) {
  __shared__ double tile[32];
  int plain = n;
  int taken = 0;
  int *p = &taken;
  int arr[4];
  arr[threadIdx.x & 3] = plain;
  int bound = 0;
  int &ref = bound;
  int constRefd = 0;
  const int &cref = constRefd;
  int passed = 0;
  touch(passed);
  in[threadIdx.x] = table[0] + coeffs[1] + dyn[2] + tile[3] + *p + arr[0] +
                    ref + cref;
}
)";

TEST(MemoryModel, ObjectsOfVariablesAndTheirAlignment) {
  Snippet S(Kernel);
  ASSERT_TRUE(S.AST);
  MemoryModel M(S.AST->getASTContext());

  const MemObject *In = M.objectFor(S.var("in"));
  EXPECT_EQ(In->Space, MemObject::Global);
  EXPECT_EQ(In->Name, "in");
  EXPECT_EQ(In->BaseAlign, 256u);
  EXPECT_EQ(In->AlignReason, "assumed 256-byte aligned (cudaMalloc)");
  EXPECT_EQ(M.objectFor(S.var("in")), In) << "one object per variable";

  const MemObject *Tile = M.objectFor(S.var("tile"));
  EXPECT_EQ(Tile->Space, MemObject::Shared);
  EXPECT_EQ(Tile->BaseAlign, 16u) << "at least 16 in shared memory";
  EXPECT_FALSE(Tile->Dynamic);
  const MemObject *Dyn = M.objectFor(S.var("dyn"));
  EXPECT_EQ(Dyn->Space, MemObject::Shared);
  EXPECT_TRUE(Dyn->Dynamic);

  EXPECT_EQ(M.objectFor(S.var("coeffs"))->Space, MemObject::Constant);
  const MemObject *Table = M.objectFor(S.var("table"));
  EXPECT_EQ(Table->Space, MemObject::Global);
  EXPECT_EQ(Table->BaseAlign, 4u);
  EXPECT_EQ(Table->AlignReason, "aligned as declared (4 bytes)");

  EXPECT_EQ(M.objectFor(S.var("plain"))->Space, MemObject::Local);
  EXPECT_EQ(M.objectFor(S.var("n"))->Space, MemObject::Local)
      << "a parameter passed by value is the callee's local";
}

TEST(MemoryModel, NamedGlobalsAndEitherObjects) {
  Snippet S(Kernel);
  ASSERT_TRUE(S.AST);
  MemoryModel M(S.AST->getASTContext());
  const MemObject *A = M.namedGlobal("args.x", 256, "assumed");
  EXPECT_EQ(A->Space, MemObject::Global);
  EXPECT_EQ(A->BaseAlign, 256u);
  EXPECT_EQ(M.namedGlobal("args.x", 8, "other"), A) << "one per name";
  const MemObject *B = M.namedGlobal("args.x", 8, "other", "second key");
  EXPECT_NE(B, A) << "a key tells two objects of one name apart";
  EXPECT_EQ(B->BaseAlign, 8u);

  const MemObject *E = M.eitherOf(A, B);
  EXPECT_EQ(E->Name, "args.x or args.x");
  EXPECT_EQ(E->BaseAlign, 8u) << "the weaker alignment";
  EXPECT_EQ(E->AlignReason, "other");
  EXPECT_EQ(M.eitherOf(A, B), E);
  EXPECT_NE(M.eitherOf(B, A), E);
  const MemObject *Tile = M.objectFor(S.var("tile"));
  const MemObject *Dyn = M.objectFor(S.var("dyn"));
  EXPECT_TRUE(M.eitherOf(Tile, Dyn)->Dynamic);
  EXPECT_EQ(M.eitherOf(Tile, Dyn)->Space, MemObject::Shared);
}

TEST(MemoryModel, StoreGenerations) {
  Snippet S(Kernel);
  ASSERT_TRUE(S.AST);
  MemoryModel M(S.AST->getASTContext());
  const MemObject *In = M.objectFor(S.var("in"));
  EXPECT_EQ(M.storeGen(In), 0u);
  M.noteStore(In);
  M.noteStore(In);
  M.noteStore(nullptr);
  EXPECT_EQ(M.storeGen(In), 2u);
  EXPECT_EQ(M.storeGen(nullptr), 1u);
  MemoryModel::StoreGens Saved = M.storeGens();
  M.clearStores();
  EXPECT_EQ(M.storeGen(In), 0u);
  M.setStoreGens(Saved);
  EXPECT_EQ(M.storeGen(In), 2u);
}

TEST(MemoryModel, AddressTakenLocals) {
  Snippet S(Kernel);
  ASSERT_TRUE(S.AST);
  MemoryModel M(S.AST->getASTContext());
  EXPECT_TRUE(M.addressTaken(S.var("taken"))) << "&taken";
  EXPECT_TRUE(M.addressTaken(S.var("bound"))) << "a non-const reference";
  EXPECT_TRUE(M.addressTaken(S.var("passed"))) << "a non-const ref argument";
  EXPECT_FALSE(M.addressTaken(S.var("plain")));
  EXPECT_FALSE(M.addressTaken(S.var("arr"))) << "arr[i] lets no address out";
  EXPECT_FALSE(M.addressTaken(S.var("constRefd"))) << "a const reference";
  EXPECT_TRUE(M.addressTaken(S.var("table"))) << "no function body to read";
}

} // namespace
