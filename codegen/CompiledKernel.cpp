//===- CompiledKernel.cpp - Kernels' PTX as the analyzer's compiled code --===//
#include "codegen/CompiledKernel.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <sys/resource.h>

using namespace ccl;

namespace {
/// This process's CPU seconds (user + system).
double cpuSeconds() {
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  return U.ru_utime.tv_sec + U.ru_stime.tv_sec +
         (U.ru_utime.tv_usec + U.ru_stime.tv_usec) / 1e6;
}

/// One kernel's instructions as the analyzer's compiled code.
class PtxKernelCode : public CompiledCode {
public:
  PtxKernelCode(std::unique_ptr<DeviceCodeView::Listing> L, SiteMatcher &M,
                LineMatcher *Lines, bool ByLine)
      : L(std::move(L)), Matcher(M), Lines(Lines), ByLine(ByLine) {}
  const CompiledAccess *lookup(const clang::Expr *Site, AccessOp Op,
                               bool Shared) const override;
  std::string compiler() const override {
    return ByLine ? "nvcc -O3" : "clang -O3";
  }
  std::string whyNotLocated(const clang::Expr *Site, AccessOp Op,
                            bool Shared) const override {
    auto It = Why.find(std::make_tuple(Site, Op, Shared));
    if (It != Why.end())
      return It->second;
    if (!ByLine && mergedAtJoin(Site, Op, Shared))
      return "one load with the other arm of its '?:' (the compiler loads "
             "the address the arms select): a warp whose lanes divide "
             "between the arms requests both arms' bytes at once";
    return "";
  }
  bool mergedAtJoin(const clang::Expr *Site, AccessOp Op,
                    bool Shared) const override;

private:
  /// The instructions of \p Shared (or global) memory, generic ones in
  /// both; \p Of their places.
  void instrsIn(bool Shared, std::vector<const InstrPlace *> &Of,
                std::vector<const ptx::MemInstr *> &Instr) const;
  std::unique_ptr<DeviceCodeView::Listing> L;
  SiteMatcher &Matcher;
  LineMatcher *Lines;
  bool ByLine; ///< nvcc's listing: match by line
  mutable std::map<std::tuple<const clang::Expr *, AccessOp, bool>,
                   std::unique_ptr<CompiledAccess>>
      Cache;
  mutable std::map<std::tuple<const clang::Expr *, AccessOp, bool>,
                   std::string>
      Why;
  mutable std::map<std::tuple<const clang::Expr *, AccessOp, bool>, bool>
      MergedArm;
};
} // namespace

void PtxKernelCode::instrsIn(bool Shared, std::vector<const InstrPlace *> &Of,
                             std::vector<const ptx::MemInstr *> &Instr) const {
  for (size_t F = 0; F < L->Ptx.Functions.size(); ++F) {
    const ptx::Function &Fn = L->Ptx.Functions[F];
    for (size_t K = 0; K < Fn.Mem.size(); ++K) {
      const ptx::MemInstr &I = Fn.Mem[K];
      if (I.Sp != ptx::Space::Generic && (I.Sp == ptx::Space::Shared) != Shared)
        continue;
      Of.push_back(&L->Places[F][K]);
      Instr.push_back(&I);
    }
  }
}

bool PtxKernelCode::mergedAtJoin(const clang::Expr *Site, AccessOp Op,
                                 bool Shared) const {
  if (Op == AccessOp::Atomic)
    return false;
  if (Lines->mergeProne(Site))
    return true;
  // clang's own code: the load of a `?:` of two loads (nvcc's listing has
  // no columns to tell it by).
  if (ByLine)
    return false;
  auto Key = std::make_tuple(Site, Op, Shared);
  auto It = MergedArm.find(Key);
  if (It != MergedArm.end())
    return It->second;
  std::vector<const InstrPlace *> Of;
  std::vector<const ptx::MemInstr *> Instr;
  instrsIn(Shared, Of, Instr);
  return MergedArm[Key] = Matcher.mergedConditionalArm(Site, Op, Of);
}

const CompiledAccess *PtxKernelCode::lookup(const clang::Expr *Site,
                                            AccessOp Op, bool Shared) const {
  auto Key = std::make_tuple(Site, Op, Shared);
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second.get();
  std::vector<const InstrPlace *> Of;
  std::vector<const ptx::MemInstr *> Instr;
  instrsIn(Shared, Of, Instr);
  std::unique_ptr<CompiledAccess> A;
  // The assignments that end every arm of a branch: nvcc may make one
  // instruction of them after the branch, or keep them (LineMatch.h).
  if (Op != AccessOp::Atomic && Lines->mergeProne(Site)) {
    Why[Key] = "the arms of its branch all end in an assignment: nvcc may "
               "merge those into one instruction after the branch";
    return (Cache[Key] = nullptr).get();
  }
  std::string NotFound;
  std::vector<unsigned> Hit = ByLine ? Lines->match(Site, Op, Of, &NotFound)
                                     : Matcher.match(Site, Op, Of);
  // nvcc's reasons are its own (an ambiguous line).
  if (Hit.empty() && ByLine)
    Why[Key] = NotFound;
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

DeviceCodeView::DeviceCodeView(clang::ASTContext &Ctx,
                               std::unique_ptr<DeviceCompiler> C,
                               double BudgetSeconds, std::string DumpPtx)
    : Ctx(Ctx), Compiler(std::move(C)), Budget(BudgetSeconds),
      DumpPtx(std::move(DumpPtx)), Matcher(Ctx),
      Lines(std::make_unique<LineMatcher>(Ctx, Matcher)) {}

DeviceCodeView::DeviceCodeView(clang::ASTContext &Ctx, ptx::Module NvccPtx)
    : Ctx(Ctx), Nvcc(std::make_unique<ptx::Module>(std::move(NvccPtx))),
      Budget(0), Matcher(Ctx),
      Lines(std::make_unique<LineMatcher>(Ctx, Matcher)) {}

DeviceCodeView::~DeviceCodeView() = default;

namespace {
/// Where each memory instruction of \p L comes from.
void placeInstructions(DeviceCodeView::Listing &L, SiteMatcher &Matcher) {
  for (const ptx::Function &F : L.Ptx.Functions) {
    L.Places.emplace_back();
    for (const ptx::MemInstr &I : F.Mem) {
      InstrPlace P;
      P.Op = I.Op == ptx::MemOp::Load    ? AccessOp::Load
             : I.Op == ptx::MemOp::Store ? AccessOp::Store
                                         : AccessOp::Atomic;
      for (const ptx::SrcLoc &S : I.Locs)
        P.Locs.push_back({Matcher.real(S.File), S.Line, S.Col});
      for (const ptx::SrcLoc &S : I.AddrDefs)
        P.AddrDefs.push_back({Matcher.real(S.File), S.Line, S.Col});
      P.Bytes = I.Bytes;
      L.Places.back().push_back(std::move(P));
    }
  }
}
} // namespace

std::shared_ptr<const CompiledCode>
DeviceCodeView::forKernel(const clang::FunctionDecl *Kernel) {
  std::string Name = ptxName(Ctx, Kernel);
  auto It = Done.find(Name);
  if (It != Done.end())
    return It->second;
  if (Nvcc) {
    std::vector<const ptx::Function *> Fs = Nvcc->reachedFrom(Name);
    if (Fs.empty()) {
      LastError = "nvcc's PTX has no kernel " + Name;
      return Done[Name] = nullptr;
    }
    auto L = std::make_unique<Listing>();
    for (const ptx::Function *F : Fs)
      L->Ptx.Functions.push_back(*F);
    placeInstructions(*L, Matcher);
    return Done[Name] = std::make_shared<PtxKernelCode>(std::move(L), Matcher,
                                                        Lines.get(), true);
  }
  if (!Compiler->has(Name))
    return Done[Name] = nullptr;
  // The PTX of the kernel's group, compiled once for its kernels (or,
  // where the backend fails on the group, the kernel's own).
  unsigned G = Compiler->groupOf(Name);
  auto GI = Groups.find(G);
  std::shared_ptr<const ptx::Module> All =
      GI == Groups.end() ? nullptr : GI->second;
  if (!All) {
    if (Budget > 0 && Spent >= Budget) {
      ++Skipped;
      return nullptr; // not remembered: counted once per analysis
    }
    double T0 = cpuSeconds();
    bool OfGroup = false;
    llvm::Expected<std::string> Ptx = Compiler->ptxFor(Name, OfGroup);
    Spent += cpuSeconds() - T0;
    if (!Ptx) {
      LastError = llvm::toString(Ptx.takeError());
      return Done[Name] = nullptr;
    }
    if (!DumpPtx.empty()) {
      std::error_code EC;
      llvm::raw_fd_ostream OS(DumpPtx, EC, llvm::sys::fs::OF_Append);
      if (!EC)
        OS << *Ptx;
    }
    All = std::make_shared<const ptx::Module>(ptx::parse(*Ptx));
    if (OfGroup)
      Groups[G] = All;
  }
  // The kernel and the functions it calls: the listing also holds the
  // bodies of functions whose every call was inlined, which this kernel
  // never runs.
  auto L = std::make_unique<Listing>();
  for (const ptx::Function *F : All->reachedFrom(Name))
    L->Ptx.Functions.push_back(*F);
  placeInstructions(*L, Matcher);
  return Done[Name] = std::make_shared<PtxKernelCode>(std::move(L), Matcher,
                                                      Lines.get(), false);
}
