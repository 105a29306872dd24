//===- Value.cpp - Values, lane masks and how paths join ------------------===//
//
// The parts of the domain (LaneValue.h) built on LaneInt: a Value (an
// integer, a pointer into a memory object, or unknown, with the lanes it is
// defined in and what it depends on), its join where two paths meet, and
// the lane masks of the active lanes.
//
//===----------------------------------------------------------------------===//
#include "analyzer/LaneValue.h"
#include "llvm/Support/ErrorHandling.h"

using namespace ccl;

const char *ccl::spaceName(MemObject::SpaceKind S) {
  switch (S) {
  case MemObject::Global:
    return "global";
  case MemObject::Shared:
    return "shared";
  case MemObject::Local:
    return "local";
  case MemObject::Constant:
    return "constant";
  case MemObject::Generic:
    return "generic";
  }
  llvm_unreachable("unknown memory space");
}

bool Value::sameAs(const Value &O, LaneBits Lanes) const {
  if (Kind != O.Kind || Kind == Unknown)
    return false;
  if (Kind == Ptr && Base != O.Base)
    return false;
  return I.sameAs(O.I, Lanes);
}

Value Value::mergeMasked(const Value &Old, const Value &New,
                         const LaneMask &M) {
  assert(Old.isWellFormed() && New.isWellFormed() && M.isWellFormed());
  // Every lane that may execute the assignment takes the new value: a lane
  // that does not reach it is inactive here, and where paths that did and did
  // not assign meet again, join decides per lane.
  return join(New, Old, M.May, ~M.May);
}

Value Value::join(const Value &A, const Value &B, LaneBits TakeA,
                  LaneBits TakeB) {
  assert(A.isWellFormed() && B.isWellFormed());
  // A value joined with itself (a variable neither path changed) is itself,
  // whatever the lanes: the general rule below gives the same form.
  if (identical(A, B))
    return A;
  LaneBits Open = ~(TakeA | TakeB);
  Value R;
  bool AKnown = A.Kind != Unknown && (A.Defined & (TakeA | Open));
  bool BKnown = B.Kind != Unknown && (B.Defined & (TakeB | Open));
  if (!AKnown && !BKnown) {
    R = A.isUnknown() ? A : B;
    R.Defined = 0;
  } else if (!BKnown) {
    R = A;
    R.Defined = A.Defined & TakeA;
  } else if (!AKnown) {
    R = B;
    R.Defined = B.Defined & TakeB;
    if (!A.Reason.empty())
      R.Reason = A.Reason;
  } else if (A.Kind == B.Kind && (A.Kind == Int || A.Base == B.Base)) {
    R = A;
    R.I = LaneInt::select(TakeA | Open, A.I, B.I);
    LaneBits Agree = A.I.laneEquals(B.I);
    R.Defined = (A.Defined & TakeA) | (B.Defined & TakeB) |
                (A.Defined & B.Defined & Open & Agree);
  } else if (A.Defined & TakeA) {
    R = A;
    R.Defined = A.Defined & TakeA;
  } else {
    R = B;
    R.Defined = B.Defined & TakeB;
  }
  for (const Value *V : {&A, &B})
    for (SymbolId S : V->Deps)
      if (!llvm::is_contained(R.Deps, S))
        R.Deps.push_back(S);
  // A pointer joined with a pointer into another object, or with something
  // unknown, may point into either in the lanes it leaves undefined.
  if (R.isPtr())
    R.OtherObjects = A.OtherObjects || B.OtherObjects || A.Kind != B.Kind ||
                     A.Base != B.Base;
  assert(R.isWellFormed());
  return R;
}

void LaneMask::addDeps(llvm::ArrayRef<SymbolId> D) {
  for (SymbolId S : D)
    if (!llvm::is_contained(Deps, S))
      Deps.push_back(S);
}

LaneMask ccl::intersect(const LaneMask &M, const LaneBool &C, bool Negate) {
  assert(M.isWellFormed() && C.isWellFormed());
  LaneBits Undecided = ~(C.True | C.False);
  LaneBits Yes = (Negate ? C.False : C.True) | (Undecided & C.Uniform);
  LaneBits No = Negate ? C.True : C.False;
  LaneMask R;
  R.Must = M.Must & Yes;
  R.May = M.May & ~No;
  R.Deps = M.Deps;
  if (R.May & Undecided)
    R.addDeps(C.Deps);
  assert(R.isWellFormed());
  return R;
}

LaneMask ccl::unite(const LaneMask &A, const LaneMask &B) {
  assert(A.isWellFormed() && B.isWellFormed());
  LaneMask R;
  R.Must = A.Must | B.Must;
  R.May = A.May | B.May;
  R.Deps = A.Deps;
  R.addDeps(B.Deps);
  assert(R.isWellFormed());
  return R;
}

LaneMask ccl::subtract(const LaneMask &M, const LaneMask &Left) {
  assert(M.isWellFormed() && Left.isWellFormed());
  LaneMask R;
  R.Must = M.Must & ~Left.May;
  R.May = M.May & ~Left.Must;
  R.Deps = M.Deps;
  if (R.Must != R.May)
    R.addDeps(Left.Deps);
  assert(R.isWellFormed());
  return R;
}
