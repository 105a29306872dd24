//===- InterpJoin.cpp - Joins of the paths of a branch --------------------===//
//
// After a branch the variables of its two paths are joined lane by lane
// (joinFrames): a variable equal on both paths keeps its value, one that
// differs takes each lane's value from the path that lane took, or becomes
// a named join when the lanes' choice is not known. Exits a lane may or may
// not have taken (an unsure `return`/`break`) are kept with the lanes they
// may remove.
//
//===----------------------------------------------------------------------===//
#include "analyzer/InterpJoin.h"
#include "analyzer/InterpHelpers.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace ccl;
using namespace ccl::interp;

void JoinRules::joinFrames(const VarMap &A, const VarMap &B, LaneBits TakeA,
                           LaneBits TakeB, llvm::ArrayRef<SymbolId> Deps,
                           LaneBits Uniform, const Stmt *At) {
  I.Frames.back().Vars = joinedVars(A, B, TakeA, TakeB, Deps, Uniform, At);
}

namespace {
/// `offs[1]` for the element at byte \p Off of local \p V (elements of
/// \p Size bytes), `v+4` otherwise.
std::string elementName(const VarDecl *V, int64_t Off, int64_t Size) {
  if (Size > 0 && Off % Size == 0)
    return V->getName().str() + "[" + std::to_string(Off / Size) + "]";
  return V->getName().str() + "+" + std::to_string(Off);
}
} // namespace

std::string JoinRules::joinName(StringRef What, const Stmt *At) const {
  std::string N = What.str();
  if (At)
    N += "(line " +
         std::to_string(I.Ctx.getSourceManager().getExpansionLineNumber(
             At->getBeginLoc())) +
         ")";
  return N;
}

Value JoinRules::joinUniform(Value R, const Value &A, const Value &B,
                             LaneBits Lanes,
                             llvm::function_ref<std::string()> MakeName,
                             unsigned Chain, const void *Who) {
  if (A.Kind != B.Kind || A.isUnknown() || A.Base != B.Base ||
      R.Kind != A.Kind || R.Base != A.Base)
    return R;
  LaneBits L = Lanes & A.Defined & B.Defined & ~R.Defined;
  if (!L || !A.I.isUniform(L) || !B.I.isUniform(L))
    return R;
  // Not negative where neither side is (in the lanes of L).
  bool NN = I.Symbols.isNonNegative(A.I, L) && I.Symbols.isNonNegative(B.I, L);
  std::string Name = MakeName();
  std::optional<LaneInt> V;
  if (Chain) {
    // The value at whichever exit the warp took: the same symbol for every
    // exit (A or B may be it already), not negative only if no value is.
    // Keyed by the variable itself (two variables may share a name).
    std::string Key = "exit " + std::to_string(Chain) + " " +
                      std::to_string(reinterpret_cast<uintptr_t>(Who)) + " " +
                      Name + (NN ? " nonneg" : "");
    V = LaneInt::symbol(I.Symbols.symbolId(Name, {}, Key, NN));
  } else {
    std::string Key = "join " + std::to_string(I.JoinRuns++) + " " + Name;
    std::optional<LaneInt> D = sub(B.I, A.I);
    if (std::optional<int64_t> C = D ? D->asConstant(L) : std::nullopt) {
      // A + C*t, t in {0, 1}: the analysis enumerates t like any unknown (an
      // over-approximation), but a multiple of C stays one.
      SymbolId T = I.Symbols.symbolId(Name, {}, Key, /*NonNeg=*/true);
      if (std::optional<LaneInt> P =
              mul(LaneInt::symbol(T), LaneInt::constant(*C)))
        V = add(A.I, *P);
    } else {
      V = LaneInt::symbol(I.Symbols.symbolId(Name, {}, Key, NN));
    }
  }
  if (!V)
    return R;
  R.I = LaneInt::select(L, *V, R.I);
  R.Defined |= L;
  return R;
}

JoinRules::VarMap JoinRules::joinedVars(const VarMap &A, const VarMap &B,
                                        LaneBits TakeA, LaneBits TakeB,
                                        llvm::ArrayRef<SymbolId> Deps,
                                        LaneBits Uniform, const Stmt *At,
                                        unsigned Chain) {
  VarMap Out;
  Uniform &= ~(TakeA | TakeB);
  // Both maps in key order, side by side.
  auto It = B.begin();
  for (const auto &KV : A) {
    while (It != B.end() && B.key_comp()(It->first, KV.first))
      ++It;
    if (It == B.end() || B.key_comp()(KV.first, It->first))
      continue; // declared on one path only: out of scope after the join
    Binding J = KV.second;
    if (!KV.second.IsRef && !It->second.IsRef) {
      J.V = Value::join(KV.second.V, It->second.V, TakeA, TakeB);
      I.WarpRun.checkJoinPerWarp(J.V, KV.second.V, It->second.V, TakeA, TakeB,
                                 Uniform);
      if (Uniform)
        J.V = joinUniform(
            J.V, KV.second.V, It->second.V, Uniform,
            [&] { return joinName(KV.first->getName(), At); }, Chain, KV.first);
      if (!J.V.sameAs(KV.second.V, kAllLanes) ||
          J.V.Defined != KV.second.V.Defined)
        appendDeps(J.V.Deps, Deps);
      // Elements of a local array or struct: joined one by one; one known
      // on one path only is not known after. Elements neither path changed
      // (one shared map) join to themselves (Value::join).
      if (KV.second.Elems.sharesWith(It->second.Elems)) {
        Out.emplace_hint(Out.end(), KV.first, std::move(J));
        continue;
      }
      J.Elems.clear();
      for (const auto &[Off, E] : KV.second.Elems) {
        auto O = It->second.Elems.find(Off);
        if (O == It->second.Elems.end() || O->second.first != E.first)
          continue;
        Value JV = Value::join(E.second, O->second.second, TakeA, TakeB);
        I.WarpRun.checkJoinPerWarp(JV, E.second, O->second.second, TakeA, TakeB,
                                   Uniform);
        if (Uniform)
          JV = joinUniform(
              JV, E.second, O->second.second, Uniform,
              [&, Off = Off, Size = E.first] {
                return joinName(elementName(KV.first, Off, Size), At);
              },
              Chain, KV.first);
        if (!JV.sameAs(E.second, kAllLanes) || JV.Defined != E.second.Defined)
          appendDeps(JV.Deps, Deps);
        J.Elems[Off] = {E.first, JV};
      }
    }
    // A's keys come in order: each goes at the end.
    Out.emplace_hint(Out.end(), KV.first, std::move(J));
  }
  return Out;
}

void JoinRules::mergeUnsureExits(UnsureExits &Into, const UnsureExits &From,
                                 const Stmt *At) {
  if (!From.Vars || !From.Lanes)
    return;
  if (!Into.Vars) {
    Into = From;
    return;
  }
  // Lanes leaving for the first time take the new point's values; lanes
  // not leaving there keep the earlier points'; lanes that may leave at
  // both keep a value only where the two agree, or (every point a
  // warp-uniform decision of the same lanes) one unknown value.
  LaneBits Uniform = Into.Uniform == From.Uniform ? Into.Uniform : 0;
  if (Into.Lanes != From.Lanes)
    Uniform = 0;
  Into.Vars = joinedVars(*From.Vars, *Into.Vars, From.Lanes & ~Into.Lanes,
                         ~From.Lanes, {}, Uniform, At, Into.Chain);
  Into.Lanes |= From.Lanes;
  Into.Uniform = Uniform;
}

void JoinRules::noteUnsureExit(UnsureExits &U, LaneBits Lanes, bool Uniform,
                               const Stmt *At) {
  if (!U.Vars)
    U.Chain = ++I.JoinRuns;
  mergeUnsureExits(
      U, UnsureExits{I.Frames.back().Vars, Lanes, Uniform ? Lanes : 0, U.Chain},
      At);
}

void JoinRules::applyUnsureExits(const UnsureExits &U, const Stmt *At) {
  if (!U.Vars || !U.Lanes)
    return;
  // Variables declared after an exit point are out of scope where the
  // paths meet; keep them from the current state.
  VarMap Now = I.Frames.back().Vars;
  VarMap J = joinedVars(*U.Vars, Now, 0, ~U.Lanes, {}, U.Uniform & U.Lanes, At,
                        U.Chain);
  for (auto &KV : Now)
    if (!J.count(KV.first))
      J.insert(KV);
  I.Frames.back().Vars = std::move(J);
}
