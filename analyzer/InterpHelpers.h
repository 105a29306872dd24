//===- InterpHelpers.h - Value helpers shared by the Interp*.cpp files ----===//
//
// Internal to the interpreter: included only by analyzer/Interp*.cpp, never
// by a public header. Each helper combines the bookkeeping of a Value
// (which lanes are defined, which symbols it depends on, why it is unknown)
// that several expression rules repeat.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPHELPERS_H
#define CCL_ANALYZER_INTERPHELPERS_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class Decl;
} // namespace clang

namespace ccl::interp {

/// \p D is declared in namespace cooperative_groups (or one nested in it)
/// (InterpGroups.cpp).
bool inCooperativeGroups(const clang::Decl *D);

/// Appends to \p To the symbols of \p From it does not hold yet, in order.
inline void appendDeps(llvm::SmallVectorImpl<SymbolId> &To,
                       llvm::ArrayRef<SymbolId> From) {
  for (SymbolId S : From)
    if (!llvm::is_contained(To, S))
      To.push_back(S);
}

/// Combines the definedness and dependencies of two operands \p A and \p B
/// into their result \p R (an Unknown result is returned unchanged).
inline Value derived(Value R, const Value &A, const Value &B) {
  if (R.Kind == Value::Unknown)
    return R;
  R.Defined &= A.Defined & B.Defined;
  if (R.isPtr())
    R.OtherObjects |= A.OtherObjects || B.OtherObjects;
  R.Deps = A.Deps;
  appendDeps(R.Deps, B.Deps);
  if (R.Reason.empty())
    R.Reason = !A.Reason.empty() ? A.Reason : B.Reason;
  return R;
}

/// An Unknown result of \p A and \p B: the reason of the first unknown
/// operand, else \p Fallback; the dependencies of both.
inline Value unknownFrom(const Value &A, const Value &B,
                         llvm::StringRef Fallback) {
  Value R =
      Value::unknown(A.isUnknown() && !A.Reason.empty()   ? A.Reason
                     : B.isUnknown() && !B.Reason.empty() ? B.Reason
                                                          : Fallback.str());
  // Without duplicates: x = f(x, x) repeated must not double the list.
  R.Deps = A.Deps;
  appendDeps(R.Deps, B.Deps);
  return R;
}

/// Symbols mentioned by a value (for the dependencies of undecided lanes).
inline llvm::SmallVector<SymbolId, 2> symbolsOf(const LaneInt &L) {
  llvm::SmallVector<SymbolId, 2> R;
  for (const LaneInt::Term &T : L.terms())
    R.push_back(T.Sym);
  return R;
}

/// A 0/1 integer per lane: 1 in \p Ones, 0 elsewhere, defined in
/// \p Defined (the result of !, && , || and a conversion to bool).
inline Value boolValue(LaneBits Ones, LaneBits Defined, bool UndefUniform,
                       llvm::ArrayRef<SymbolId> Deps) {
  LaneArray Out;
  for (unsigned K = 0; K < kWarpSize; ++K)
    Out[K] = (Ones >> K) & 1;
  Value V = Value::integer(LaneInt::perLane(Out));
  V.Defined = Defined;
  V.UndefUniform = UndefUniform;
  V.Deps.assign(Deps.begin(), Deps.end());
  return V;
}

} // namespace ccl::interp

#endif
