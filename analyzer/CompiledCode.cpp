//===- CompiledCode.cpp - The instructions a source access became --------===//
#include "analyzer/CompiledCode.h"
#include "llvm/ADT/STLExtras.h"
#include <map>
#include <set>

using namespace ccl;

CompiledCode::~CompiledCode() = default;

std::vector<ExecShape> ccl::executionShapes(const CompiledAccess &A,
                                            unsigned AccessBytes) {
  std::map<unsigned, std::vector<const CompiledInstr *>> ByBase;
  for (const CompiledInstr &I : A.Instrs)
    ByBase[I.Base].push_back(&I);
  std::set<std::vector<std::pair<int64_t, unsigned>>> Seen;
  std::vector<ExecShape> Out;
  auto Flush = [&](ExecShape &S) {
    if (S.empty())
      return;
    int64_t First = S.front().Rel;
    std::vector<std::pair<int64_t, unsigned>> K;
    for (ExecPiece &P : S) {
      P.Rel -= First;
      K.push_back({P.Rel, P.Bytes});
    }
    if (Seen.insert(K).second)
      Out.push_back(S);
    S.clear();
  };
  for (auto &KV : ByBase) {
    std::vector<const CompiledInstr *> &L = KV.second;
    llvm::stable_sort(L, [](const CompiledInstr *X, const CompiledInstr *Y) {
      return X->Disp < Y->Disp;
    });
    ExecShape Cur;
    int64_t Start = 0;
    for (const CompiledInstr *I : L) {
      int64_t Fit = std::max<int64_t>(AccessBytes, I->Bytes);
      // A second instruction at the same place (the load and the reload
      // of one value, copies on two paths) is another execution.
      bool Again = llvm::any_of(Cur, [&](const ExecPiece &P) {
        return P.Rel == I->Disp;
      });
      if (!Cur.empty() && (I->Disp + int64_t(I->Bytes) - Start > Fit || Again))
        Flush(Cur);
      if (Cur.empty())
        Start = I->Disp;
      Cur.push_back({I->Bytes, I->Disp, I});
    }
    Flush(Cur);
  }
  return Out;
}
