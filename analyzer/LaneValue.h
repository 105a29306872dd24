//===- LaneValue.h - The lane-address domain ------------------------------===//
//
// What one warp's 32 lanes hold for one integer expression.
//
// A LaneInt is, for every lane k in 0..31, an affine form over *symbols*:
//
//     v(k) = C[k] + sum_s  Coef_s[k] * s
//
// Symbols stand for values the analysis does not know (blockIdx.x, a kernel
// argument `n`, gridDim.x, a loop's iteration number, a value loaded from
// memory at a warp-uniform address).  A symbol has the same value in every
// lane of a warp.  Thread ids are concrete per lane: lane k of warp w has
// concrete x, y, z. (One exception: the interpreter may run all warps of a
// block at once with the warp index w as a symbol, threadIdx = its warp-0
// values + a*w, and replays the run for each warp with w replaced:
// InterpWarpIndex.cpp.)
//
// Worked examples for a 256x1x1 block, warp 1 (threads 32..63):
//   threadIdx.x                    C = [32, 33, ..., 63]            no terms
//   threadIdx.x * 4 + n            C = [128, 132, ..., 252]         n: [1]*32
//   blockIdx.x * blockDim.x + tx   C = [32..63]            blockIdx.x: [256]*32
//   tx * n                         C = [0]*32                n: [32, .., 63]
//
// A term whose coefficient is the same in every lane is *uniform*: it shifts
// the whole warp's addresses by one amount, and only that amount's alignment
// matters for sectors and banks (see AccessCost.h).  A term whose coefficient
// varies by lane (tx * n) changes the pattern itself.
//
// Combining (every operation is a per-lane rule):
//   a + b, a - b, -a   termwise; always exact.
//   a * b              if one side has no terms it scales the other lane by
//                      lane; otherwise the result is not affine (the caller
//                      may name the product as a new uniform symbol).
//   a / d, a % d       d a positive constant: exact when every coefficient is
//                      a multiple of d (the symbolic part then divides out).
//                      divConst/remConst round toward minus infinity (right
//                      for >> and &); C's / and % truncate toward zero, so
//                      the interpreter keeps a lane only where the dividend
//                      is proved non-negative (constant and coefficients
//                      >= 0, each symbol known not to be negative: blockIdx,
//                      gridDim, loop iterations, unsigned values; an `int n`
//                      may be negative) or its
//                      constant is a multiple of d; other lanes are undefined
//                      (InterpArith.cpp, truncatingDivRem). a << c, a >> c,
//                      a & (2^m - 1) likewise.
//   anything else      computed lane by lane when neither side has terms;
//                      otherwise not representable.
//   shuffle            lane k takes lane src(k)'s whole form (permuted):
//                      __shfl_sync moves values, not addresses, between lanes.
// "Not representable" is std::nullopt here; the interpreter turns it into a
// Value of kind Unknown carrying a human-readable reason (Value below).
// Overflowing 64-bit arithmetic is also not representable.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_LANEVALUE_H
#define CCL_ANALYZER_LANEVALUE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class VarDecl;
class FieldDecl;
} // namespace clang

namespace ccl {

constexpr unsigned kWarpSize = 32;
using LaneArray = std::array<int64_t, kWarpSize>;
using SymbolId = unsigned;

/// A set of lanes as a 32-bit mask (bit k = lane k).
using LaneBits = uint32_t;
constexpr LaneBits kAllLanes = 0xffffffffu;

/// One integer value per lane, affine in warp-uniform symbols.
///
/// Storage: the lanes' constants and terms (32 x 8 bytes each) live in one
/// immutable, reference-counted block shared by copies; an operation that
/// changes a value builds a new block (copy on write). Copying a LaneInt (a
/// Value, a variable's binding, a frame) is a counter increment, and two
/// copies of one value are recognized as equal without comparing lanes. The
/// value 0 in every lane has no block.
class LaneInt {
public:
  struct Term {
    SymbolId Sym;
    LaneArray Coef;
  };
  using TermList = llvm::SmallVector<Term, 2>;

  LaneInt() = default;
  static LaneInt constant(int64_t V);
  static LaneInt perLane(const LaneArray &V);
  static LaneInt symbol(SymbolId S);

  const LaneArray &consts() const { return R ? R->C : zeroRep().C; }
  const TermList &terms() const { return R ? R->Terms : zeroRep().Terms; }

  /// No symbols: every lane's value is known.
  bool isConcrete() const { return !R || R->Terms.empty(); }
  /// Every lane in \p Lanes holds the same form (same constant and
  /// coefficients).
  bool isUniform(LaneBits Lanes = kAllLanes) const;
  /// The constant of a concrete, uniform value.
  std::optional<int64_t> asConstant(LaneBits Lanes = kAllLanes) const;
  /// True when both values are the same form in every lane of \p Lanes.
  bool sameAs(const LaneInt &O, LaneBits Lanes = kAllLanes) const;
  /// The lanes in which both values have the same form.
  LaneBits laneEquals(const LaneInt &O) const;
  /// The lanes whose value is the constant \p V (no symbolic part there).
  LaneBits lanesEqualTo(int64_t V) const;
  /// The lanes with no symbolic part (every coefficient 0 there).
  LaneBits concreteLanes() const;
  /// The same storage (one is a copy of the other): the same form in every
  /// lane. False does not mean different.
  bool sharesStorage(const LaneInt &O) const { return R == O.R; }
  /// The form's invariant: terms sorted by symbol, each symbol once, no term
  /// whose coefficient is 0 in every lane. Every LaneInt built by this
  /// interface has it (asserted where terms are made).
  bool isCanonical() const;

  friend std::optional<LaneInt> add(const LaneInt &A, const LaneInt &B);
  friend std::optional<LaneInt> sub(const LaneInt &A, const LaneInt &B);
  friend std::optional<LaneInt> mul(const LaneInt &A, const LaneInt &B);
  friend std::optional<LaneInt> divConst(const LaneInt &A, int64_t D);
  friend std::optional<LaneInt> remConst(const LaneInt &A, int64_t D);
  /// Applies \p F lane by lane; only for concrete operands.
  template <typename Fn>
  static std::optional<LaneInt> laneWise(const LaneInt &A, const LaneInt &B,
                                         Fn F) {
    if (!A.isConcrete() || !B.isConcrete())
      return std::nullopt;
    const LaneArray &AC = A.consts(), &BC = B.consts();
    LaneArray Out;
    for (unsigned K = 0; K < kWarpSize; ++K) {
      std::optional<int64_t> V = F(AC[K], BC[K]);
      if (!V)
        return std::nullopt;
      Out[K] = *V;
    }
    return perLane(Out);
  }
  /// Lane k takes A's form where bit k of \p Pick is set, else B's.
  static LaneInt select(LaneBits Pick, const LaneInt &A, const LaneInt &B);
  /// Lane k takes lane From[k]'s form (constant and coefficients): what a
  /// warp shuffle moves between lanes.
  LaneInt permuted(const std::array<uint8_t, kWarpSize> &From) const;
  /// Wraps every concrete lane to an integer of \p Bits bits (two's
  /// complement), sign- or zero-extended back to 64 bits. A lane with a
  /// symbolic part is assumed not to overflow (the whole value, constant
  /// included) and is left alone.
  LaneInt truncated(unsigned Bits, bool Signed) const;

  /// Substitutes concrete values for symbols; returns per-lane integers, or
  /// nullopt when a symbol has no value in \p Values (indexed by SymbolId).
  std::optional<LaneArray>
  evaluate(const std::vector<std::optional<int64_t>> &Values) const;

  /// For printing: how lane k's value grows relative to the first lane of
  /// \p Lanes: "128*k", "4*n*k" (lane-varying symbol terms named from
  /// \p Names), "0" when uniform; empty when not linear in k.
  std::string
  describeLaneStride(LaneBits Lanes,
                     const std::vector<std::string> &Names = {}) const;

private:
  struct Rep : llvm::ThreadSafeRefCountedBase<Rep> {
    LaneArray C{};
    TermList Terms; // sorted by Sym, no all-zero Coef
    // Blocks are made and dropped at almost every operation the
    // interpreter runs (about 800 bytes each): freed blocks are kept on a
    // per-thread list and reused, not returned to malloc (LaneValue.cpp).
    static void *operator new(size_t Size);
    static void operator delete(void *P);
  };
  static const Rep &zeroRep();
  /// The storage of a value being built: a block of its own (a new one if
  /// the current one is shared).
  Rep &mut();
  void normalize();
  llvm::IntrusiveRefCntPtr<Rep> R; // null: 0 in every lane
};

/// Where a pointer points.
struct MemObject {
  enum SpaceKind { Global, Shared, Local, Constant, Generic };
  SpaceKind Space = Generic;
  std::string Name;        ///< `in`, `tile`, or a description.
  uint64_t BaseAlign = 1;  ///< Assumed alignment of the first byte.
  std::string AlignReason; ///< Why that alignment is assumed.
  const clang::VarDecl *Decl = nullptr; ///< The parameter or __shared__ var.
  bool Dynamic = false;                 ///< extern __shared__.
};

const char *spaceName(MemObject::SpaceKind S);

struct LaneMask;

/// A value the interpreter can hold: an integer, a pointer (an object and a
/// byte offset into it), or Unknown with the reason it is unknown.
/// An Int or Ptr may still be undefined in some lanes (Defined): a variable
/// assigned in only some lanes, or a comparison the analysis could not decide
/// in some lanes; Deps then names the symbols that left those lanes open.
struct Value {
  enum KindTy { Unknown, Int, Ptr };
  KindTy Kind = Unknown;
  LaneInt I;                       ///< Int: the value. Ptr: byte offset.
  const MemObject *Base = nullptr; ///< Ptr only.
  std::string Reason;              ///< Why (some lanes are) unknown.
  LaneBits Defined = 0;            ///< Lanes whose value is known.
  /// The undefined lanes all hold the same (unknown) value: a condition on
  /// it sends every one of them the same way.
  bool UndefUniform = false;
  /// Ptr only: where it is not defined it may point into another object
  /// (a join of pointers into two objects, `c ? &v : g`, or of a pointer
  /// and an unknown): a store there may write any local whose address is
  /// taken (Interpreter::store).
  bool OtherObjects = false;
  llvm::SmallVector<SymbolId, 2> Deps;

  static Value unknown(std::string Why) {
    Value V;
    V.Reason = std::move(Why);
    return V;
  }
  static Value integer(LaneInt L) {
    Value V;
    V.Kind = Int;
    V.I = std::move(L);
    V.Defined = kAllLanes;
    return V;
  }
  static Value pointer(const MemObject *Obj, LaneInt Offset) {
    assert(Obj && "a pointer value points into an object");
    Value V;
    V.Kind = Ptr;
    V.Base = Obj;
    V.I = std::move(Offset);
    V.Defined = kAllLanes;
    return V;
  }
  bool isUnknown() const { return Kind == Unknown; }
  /// Known in every lane of \p Lanes.
  bool definedIn(LaneBits Lanes) const {
    return Kind != Unknown && (Defined & Lanes) == Lanes;
  }
  bool isInt() const { return Kind == Int; }
  bool isPtr() const { return Kind == Ptr; }
  /// Same kind, same object and same form in every lane of \p Lanes.
  bool sameAs(const Value &O, LaneBits Lanes) const;
  /// The invariants of a Value: a Ptr has a base object; an Unknown has no
  /// defined lane.
  bool isWellFormed() const {
    return (Kind != Ptr || Base) && (Kind != Unknown || Defined == 0);
  }

  /// The join where two paths meet: lanes in \p TakeA took path A and get
  /// A's value, lanes in \p TakeB get B's, and a lane in neither (a
  /// condition undecided there) keeps a value only where A and B have the
  /// same form. Deps is the union of both sides' Deps.
  /// Examples (lanes 0..3 shown, ? = undefined):
  ///   A = [1, 2, 3, 4]   B = [1, 5, 3, 6]   TakeA = {0}  TakeB = {1}
  ///     -> [1, 5, 3, ?]  lane 2 agrees, lane 3 does not
  ///   A = n (uniform)    B = tx             TakeA = {0, 1}  TakeB = {2, 3}
  ///     -> [n, n, 2, 3]  (coefficient of n: [1, 1, 0, 0]), all defined
  ///   A = n              B = tx             TakeA = TakeB = {}
  ///     -> [?, ?, ?, ?]  (if (n > 0) v = n; else v = tx;  undecided)
  ///   A = n              B = n              TakeA = TakeB = {}
  ///     -> n             both paths agree: defined in every lane
  ///   A Unknown          B = [7]*32         TakeA = {0}  TakeB = the rest
  ///     -> [?, 7, 7, 7]  lane 0 undefined, with A's reason
  /// Values of different kinds or objects do not mix: the result is A in
  /// TakeA if A is defined in one of those lanes, else B in TakeB.
  /// \p A and \p B are copies of one value (the same storage, the same
  /// flags, reason and Deps): what a variable neither path changed holds on
  /// both. False does not mean different.
  static bool identical(const Value &A, const Value &B) {
    return A.Kind == B.Kind && A.Base == B.Base && A.Defined == B.Defined &&
           A.UndefUniform == B.UndefUniform &&
           A.OtherObjects == B.OtherObjects && A.I.sharesStorage(B.I) &&
           A.Deps == B.Deps && A.Reason == B.Reason;
  }
  static Value join(const Value &A, const Value &B, LaneBits TakeA,
                    LaneBits TakeB);
  /// An assignment of \p New under mask \p M to a variable holding \p Old:
  /// every lane that may execute it (M.May) takes New, the others keep Old
  /// (join(New, Old, M.May, ~M.May)).
  /// Example: x = 0 in every lane, then `if (tx < 16) x = tx;` (M.May =
  /// lanes 0..15): x = [0, 1, ..., 15, 0, ..., 0], defined everywhere.
  static Value mergeMasked(const Value &Old, const Value &New,
                           const LaneMask &M);
};

/// Three-valued set of lanes: lanes in Must are certainly active; lanes in
/// May but not Must might be (a condition the analysis could not decide).
/// Deps names the symbols those undecided conditions depend on.
struct LaneMask {
  LaneBits Must = 0;
  LaneBits May = 0;
  llvm::SmallVector<SymbolId, 2> Deps;

  static LaneMask all(LaneBits B) { return LaneMask{B, B, {}}; }
  /// The invariant: a lane certainly active may be active (Must within May).
  bool isWellFormed() const { return (Must & ~May) == 0; }
  bool none() const { return May == 0; }
  bool decided() const { return Must == May; }
  void addDeps(llvm::ArrayRef<SymbolId> D);
};

/// A condition per lane: true, false, or undecided. Undecided lanes in
/// Uniform all go the same way (the condition is warp-uniform there): a
/// branch on it runs in all of them or in none, so within the branch they
/// count as certainly active (given the branch runs).
struct LaneBool {
  LaneBits True = 0;
  LaneBits False = 0; ///< lanes neither True nor False are undecided.
  LaneBits Uniform = 0;
  llvm::SmallVector<SymbolId, 2> Deps;
  LaneBits undecided() const { return ~(True | False); }
  /// The invariant: no lane is both true and false.
  bool isWellFormed() const { return (True & False) == 0; }
  /// Every undecided lane is uniformly undecided.
  bool allUniform() const { return (undecided() & ~Uniform) == 0; }
};

LaneMask intersect(const LaneMask &M, const LaneBool &C, bool Negate);
LaneMask unite(const LaneMask &A, const LaneMask &B);
/// Removes lanes that left (returned, broke) from \p M.
LaneMask subtract(const LaneMask &M, const LaneMask &Left);

} // namespace ccl

#endif
