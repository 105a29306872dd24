// DeviceCompiler (codegen/DeviceCode.h) compiles kernels in groups of
// GroupSize, in the order of the IR: one -O3 run and one backend run per
// group. A kernel's code is the same whether it is compiled with its group
// or alone, and optimized() (what --verify=jit runs) is the group's.
#include "codegen/DeviceCode.h"
#include "CudaSnippet.h"
#include "codegen/Ptx.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/IR/Module.h"
#include "gtest/gtest.h"
#include <map>
#include <set>

using namespace ccl;

namespace {

std::string instances(unsigned N) {
  std::string Code = R"(
template <int S> __global__ void k(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * S] + in[threadIdx.x * S + 1];
}
)";
  for (unsigned Ix = 1; Ix <= N; ++Ix)
    Code += "template __global__ void k<" + std::to_string(Ix) +
            ">(const float *, float *);\n";
  return Code;
}

std::string name(unsigned S) {
  return "_Z1kILi" + std::to_string(S) + "EEvPKfPf";
}

/// Each memory instruction of \p Kernel in \p Ptx: opcode, line, column.
std::vector<std::tuple<std::string, unsigned, unsigned>>
memoryOf(const std::string &Ptx, const std::string &Kernel) {
  ptx::Module M = ptx::parse(Ptx);
  std::vector<std::tuple<std::string, unsigned, unsigned>> Out;
  for (const ptx::Function *F : M.reachedFrom(Kernel))
    for (const ptx::MemInstr &I : F->Mem)
      Out.emplace_back(I.Opcode, I.Locs.empty() ? 0 : I.Locs[0].Line,
                       I.Locs.empty() ? 0 : I.Locs[0].Col);
  return Out;
}

TEST(DeviceCode, KernelsCompileInGroups) {
  const unsigned N = DeviceCompiler::GroupSize + 4;
  auto AST = test::parseCuda(instances(N));
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  auto C = DeviceCompiler::create(AST->getASTContext());
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  DeviceCompiler &D = **C;
  std::map<unsigned, std::set<std::string>> Groups;
  for (unsigned S = 1; S <= N; ++S) {
    ASSERT_TRUE(D.has(name(S)));
    Groups[D.groupOf(name(S))].insert(name(S));
  }
  ASSERT_EQ(Groups.size(), 2u);
  EXPECT_EQ(Groups[0].size(), DeviceCompiler::GroupSize);
  EXPECT_EQ(Groups[1].size(), 4u);

  // The group's PTX holds its kernels and no other.
  bool OfGroup = false;
  llvm::Expected<std::string> G = D.ptxFor(name(N), OfGroup);
  EXPECT_TRUE(OfGroup);
  ASSERT_TRUE(bool(G)) << llvm::toString(G.takeError());
  std::set<std::string> Entries;
  for (const ptx::Function &F : ptx::parse(*G).Functions)
    if (F.Entry)
      Entries.insert(F.Name);
  EXPECT_EQ(Entries, Groups[D.groupOf(name(N))]);

  // Each kernel's instructions are those it has compiled alone.
  for (unsigned S : {1u, 7u, N}) {
    llvm::Expected<std::string> Group = D.ptxFor(name(S), OfGroup);
    llvm::Expected<std::string> Alone = D.ptxAlone(name(S));
    ASSERT_TRUE(Group && Alone);
    auto Mem = memoryOf(*Group, name(S));
    EXPECT_EQ(Mem.size(), 3u) << S; // S == 1: one ld.v2, else two loads
    EXPECT_EQ(Mem, memoryOf(*Alone, name(S))) << S;
  }

  // What --verify=jit runs: the kernel's body, the group's others only
  // declared.
  llvm::Expected<std::unique_ptr<llvm::Module>> K = D.optimized(name(3));
  ASSERT_TRUE(bool(K)) << llvm::toString(K.takeError());
  unsigned Bodies = 0;
  for (const llvm::Function &F : **K)
    if (!F.isDeclaration()) {
      EXPECT_EQ(F.getName(), name(3));
      ++Bodies;
    }
  EXPECT_EQ(Bodies, 1u);

  // Asked first, before any PTX: optimized() compiles the group to know
  // that the backend takes it, and keeps that optimized module.
  auto C2 = DeviceCompiler::create(AST->getASTContext());
  ASSERT_TRUE(bool(C2)) << llvm::toString(C2.takeError());
  llvm::Expected<std::unique_ptr<llvm::Module>> K2 = (*C2)->optimized(name(3));
  ASSERT_TRUE(bool(K2)) << llvm::toString(K2.takeError());
  std::vector<std::string> Defined;
  for (const llvm::Function &F : **K2)
    if (!F.isDeclaration())
      Defined.push_back(F.getName().str());
  EXPECT_EQ(Defined, std::vector<std::string>{name(3)});
}

} // namespace
