//===- CompiledKernel.cpp - A PTX listing as the analyzer's compiled code -===//
#include "codegen/CompiledKernel.h"
#include "codegen/DeviceCode.h"
#include "clang/AST/Decl.h"

using namespace ccl;

namespace ccl {
/// One kernel's entry function, and the listing's device functions that
/// were not inlined.
class PtxKernelCode : public CompiledCode {
public:
  PtxKernelCode(DeviceCodeView &V, size_t Entry) : V(V), Entry(Entry) {}
  const CompiledAccess *lookup(const clang::Expr *Site, AccessOp Op,
                               bool Shared) const override;
  std::string compiler() const override { return V.Compiler; }

private:
  DeviceCodeView &V;
  size_t Entry;
  mutable std::map<std::tuple<const clang::Expr *, AccessOp, bool>,
                   std::unique_ptr<CompiledAccess>>
      Cache;
};
} // namespace ccl

const CompiledAccess *PtxKernelCode::lookup(const clang::Expr *Site,
                                            AccessOp Op, bool Shared) const {
  auto Key = std::make_tuple(Site, Op, Shared);
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second.get();
  std::vector<const InstrPlace *> Of;
  std::vector<const ptx::MemInstr *> Instr;
  for (size_t F = 0; F < V.Listing.Functions.size(); ++F) {
    const ptx::Function &Fn = V.Listing.Functions[F];
    if (F != Entry && Fn.Entry)
      continue;
    for (size_t K = 0; K < Fn.Mem.size(); ++K) {
      const ptx::MemInstr &I = Fn.Mem[K];
      bool SpaceOK = I.Sp == ptx::Space::Generic ||
                     (I.Sp == ptx::Space::Shared) == Shared;
      if (!SpaceOK)
        continue;
      Of.push_back(&V.Places[F][K]);
      Instr.push_back(&I);
    }
  }
  std::unique_ptr<CompiledAccess> A;
  std::vector<unsigned> Hit = V.Matcher.match(Site, Op, Of);
  if (!Hit.empty()) {
    A = std::make_unique<CompiledAccess>();
    std::map<std::string, unsigned> Bases;
    for (unsigned H : Hit) {
      const ptx::MemInstr &I = *Instr[H];
      CompiledInstr C;
      C.Bytes = I.Bytes;
      C.Base = Bases.emplace(I.Base, Bases.size()).first->second;
      C.Disp = I.Disp;
      C.Opcode = I.Opcode;
      C.PtxLine = I.PtxLine;
      A->Instrs.push_back(std::move(C));
    }
  }
  return (Cache[Key] = std::move(A)).get();
}

DeviceCodeView::DeviceCodeView(clang::ASTContext &Ctx, ptx::Module L,
                               std::string Compiler)
    : Ctx(Ctx), Listing(std::move(L)), Compiler(std::move(Compiler)),
      Matcher(Ctx) {
  for (const ptx::Function &F : Listing.Functions) {
    Places.emplace_back();
    for (const ptx::MemInstr &I : F.Mem) {
      InstrPlace P;
      P.Op = I.Op == ptx::MemOp::Load    ? AccessOp::Load
             : I.Op == ptx::MemOp::Store ? AccessOp::Store
                                         : AccessOp::Atomic;
      for (const ptx::SrcLoc &L : I.Locs)
        P.Locs.push_back({Matcher.real(L.File), L.Line, L.Col});
      Places.back().push_back(std::move(P));
    }
  }
}

DeviceCodeView::~DeviceCodeView() = default;

std::unique_ptr<CompiledCode>
DeviceCodeView::forKernel(const clang::FunctionDecl *Kernel) {
  std::string Name = ptxName(Ctx, Kernel);
  for (size_t F = 0; F < Listing.Functions.size(); ++F)
    if (Listing.Functions[F].Entry && Listing.Functions[F].Name == Name)
      return std::make_unique<PtxKernelCode>(*this, F);
  return nullptr;
}
