//===- WarpIndexState.cpp - One run for every warp of a block ------------===//
//
// The forms of the run with a symbolic warp index W: which mention W, what
// they are in one warp, and whether the warps' values are one form in W.
// The run itself (its start, checkpoints, splits) is the interpreter's
// (InterpWarpIndex.cpp).
//
//===----------------------------------------------------------------------===//
#include "analyzer/WarpIndexState.h"
#include "llvm/ADT/STLExtras.h"

using namespace ccl;

bool WarpIndexState::mentionsW(const LaneInt &V) const {
  return On && llvm::any_of(V.terms(), [this](const LaneInt::Term &T) {
           return residualOf(T.Sym) != -1;
         });
}

bool WarpIndexState::mentionsW(llvm::ArrayRef<SymbolId> S) const {
  return On &&
         llvm::any_of(S, [this](SymbolId Id) { return residualOf(Id) != -1; });
}

void WarpIndexState::escape(llvm::StringRef Why) {
  if (On && Escaped.empty() && Split.empty()) {
    Escaped = Why.empty() ? std::string("escaped") : Why.str();
    // The run will be thrown away: stop it (the step budget is its end).
    if (OnStop)
      OnStop();
  }
}

LaneInt WarpIndexState::warpAt(const LaneInt &V, int64_t W) {
  if (llvm::none_of(V.terms(), [this](const LaneInt::Term &T) {
        return residualOf(T.Sym) != -1;
      }))
    return V;
  std::optional<LaneInt> Out = LaneInt::perLane(V.consts());
  for (const LaneInt::Term &T : V.terms()) {
    if (!Out)
      break;
    int64_t R = residualOf(T.Sym);
    LaneArray Coef = T.Coef;
    if (R == -3) {
      // One unknown per warp: that warp's.
      auto F = Family.find(T.Sym);
      auto M = F == Family.end() ? nullptr : &F->second;
      auto It = M ? M->find(W) : decltype(F->second.end())();
      if (!M || It == M->end()) {
        Out = std::nullopt;
        break;
      }
      LaneArray C = Coef;
      bool Over = false;
      for (unsigned K = 0; K < kWarpSize; ++K)
        Over |= __builtin_mul_overflow(Coef[K], It->second.second, &C[K]);
      std::optional<LaneInt> Part =
          Over ? std::nullopt
               : mul(LaneInt::symbol(It->second.first), LaneInt::perLane(C));
      Out = Part ? add(*Out, *Part) : std::nullopt;
      continue;
    }
    if (R != -1)
      for (unsigned K = 0; K < kWarpSize; ++K)
        if (__builtin_mul_overflow(Coef[K], W, &Coef[K])) {
          Out = std::nullopt;
          break;
        }
    if (!Out)
      break;
    std::optional<LaneInt> Part =
        R == -2 ? LaneInt::perLane(Coef)
                : mul(LaneInt::symbol(R == -1 ? T.Sym : (SymbolId)R),
                      LaneInt::perLane(Coef));
    Out = Part ? add(*Out, *Part) : std::nullopt;
  }
  if (!Out) {
    escape("a form overflows in some warp");
    return V;
  }
  return *Out;
}

Value WarpIndexState::warpAt(const Value &V, int64_t W) {
  if (V.isUnknown())
    return V;
  Value R = V;
  R.I = warpAt(V.I, W);
  return R;
}

llvm::SmallVector<SymbolId, 2>
WarpIndexState::warpFreeDeps(llvm::ArrayRef<SymbolId> D) const {
  llvm::SmallVector<SymbolId, 2> Out;
  for (SymbolId S : D) {
    int64_t R = residualOf(S);
    if (R == -2)
      continue;
    if (R == -3) { // the family's first member stands for its name
      auto F = Family.find(S);
      if (F != Family.end() && !F->second.empty())
        S = F->second.begin()->second.first;
      R = -1;
    }
    SymbolId Id = R == -1 ? S : (SymbolId)R;
    if (!llvm::is_contained(Out, Id))
      Out.push_back(Id);
  }
  return Out;
}

std::optional<std::pair<LaneInt, LaneInt>>
WarpIndexState::fitOverWarps(const std::vector<LaneInt> &V,
                             LaneBits Lanes) const {
  // D from the first two warps of the run (exactly divisible by their
  // distance), B = V_0 - w_0 * D; then every warp's value must be B + w*D.
  int64_t Dw = int64_t(Set[1]) - Set[0];
  std::optional<LaneInt> Diff = sub(V[1], V[0]);
  std::optional<LaneInt> D = Diff ? divConst(*Diff, Dw) : std::nullopt;
  std::optional<LaneInt> Back = D ? mul(*D, LaneInt::constant(Dw)) : D;
  if (!Back || !Back->sameAs(*Diff))
    return std::nullopt;
  std::optional<LaneInt> Off = mul(*D, LaneInt::constant(Set[0]));
  std::optional<LaneInt> B = Off ? sub(V[0], *Off) : std::nullopt;
  for (size_t I = 0; I < V.size() && B; ++I) {
    std::optional<LaneInt> Step = mul(*D, LaneInt::constant(Set[I]));
    std::optional<LaneInt> Want = Step ? add(*B, *Step) : std::nullopt;
    if (!Want || !Want->sameAs(V[I], Lanes))
      return std::nullopt;
  }
  if (!B)
    return std::nullopt;
  return std::make_pair(*B, *D);
}

std::vector<std::vector<unsigned>> WarpIndexState::warpGroups(
    size_t N, llvm::function_ref<bool(size_t, size_t)> Same) const {
  std::vector<std::vector<unsigned>> Groups;
  std::vector<size_t> Rep; // the first member of each group
  for (size_t I = 0; I < N; ++I) {
    size_t G = 0;
    while (G < Rep.size() && !Same(Rep[G], I))
      ++G;
    if (G == Rep.size()) {
      Rep.push_back(I);
      Groups.emplace_back();
    }
    Groups[G].push_back(Set[I]);
  }
  return Groups;
}
