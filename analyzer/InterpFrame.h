//===- InterpFrame.h - The interpreter's local state ------------*- C++ -*-===//
//
// What the interpreter keeps while it runs a function for a warp: where an
// lvalue lives, the binding of each local variable, a call's frame, the
// cooperative groups it holds, and a loop's break and continue lanes with
// the variables where lanes may have left unsure. The rules that make and
// join them are the interpreter's (InterpLocals.cpp, InterpJoin.cpp,
// InterpLoops.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPFRAME_H
#define CCL_ANALYZER_INTERPFRAME_H

#include "analyzer/CowMap.h"
#include "analyzer/LaneValue.h"
#include <map>
#include <optional>
#include <string>

namespace clang {
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace ccl::interp {

/// Where an lvalue lives: memory (a pointer Value), a local variable, or
/// somewhere the analysis cannot tell.
struct LValue {
  enum KindTy { Memory, Var, Unknown } Kind = Unknown;
  Value Addr;                           ///< Memory: a Ptr value.
  const clang::VarDecl *Decl = nullptr; ///< Var.
  std::string Reason;                   ///< Unknown.
  static LValue unknown(std::string Why) {
    LValue L;
    L.Reason = std::move(Why);
    return L;
  }
  static LValue memory(Value Addr) {
    LValue L;
    L.Kind = Memory;
    L.Addr = std::move(Addr);
    return L;
  }
  static LValue var(const clang::VarDecl *D) {
    LValue L;
    L.Kind = Var;
    L.Decl = D;
    return L;
  }
};
/// A cooperative group object: which threads it holds. Tiles partition
/// their parent into consecutive ranks, so a tile is its size and its
/// parent's size (0: not known).
struct Group {
  enum KindTy { Block, Tile, Grid, Coalesced } Kind = Block;
  unsigned Size = 0;
  unsigned ParentSize = 0;
};
struct Binding {
  bool IsRef = false;
  Value V;    ///< the variable's value (not a reference)
  LValue Ref; ///< what a reference is bound to
  /// A local array or struct known element by element: byte offset ->
  /// (bytes, value). An element not in the map is not known. Shared by
  /// copies of the binding until one changes (CowMap.h).
  CowMap<int64_t, std::pair<int64_t, Value>> Elems;
};
struct Frame {
  std::map<const clang::VarDecl *, Binding> Vars;
  /// Local variables and parameters holding a cooperative group.
  std::map<const clang::VarDecl *, Group> Groups;
  /// Branches on undecided conditions and generalized loops this frame is
  /// inside now: a caller's local written here is not joined on them.
  unsigned Undecided = 0;
  Value RetVal = Value::unknown("function did not return a value");
  bool HasRet = false;
  /// Lanes that may have reached a return under a condition not decided
  /// in them (and may carry on to another).
  LaneBits UnsureReturned = 0;
  const clang::FunctionDecl *Fn = nullptr;
  /// The object a member function runs on (`this`), if any.
  std::optional<LValue> This;
  /// The call is used as an lvalue (`s[i] = v` through an operator[]
  /// returning a reference): returns compute the lvalue, into RetRef.
  bool WantRef = false;
  /// The caller discards the reference this function returns: its
  /// `return *this;` reads nothing.
  bool Discard = false;
  /// The caller reads the reference this function returns by value
  /// (`float x = b[i];` through an operator[] returning a reference): the
  /// call expression, where the load is made (clang and nvcc locate it
  /// there), and the caller's function.
  const clang::Expr *ReadAt = nullptr;
  const clang::FunctionDecl *ReadAtFn = nullptr;
  std::optional<LValue> RetRef;
};
using VarMap = std::map<const clang::VarDecl *, Binding>;
/// Where lanes may have left a path without being sure to (a `break`,
/// `continue` or loop exit under a condition not decided in them): the
/// variables there, joined over every such point, and the lanes that may
/// have left. The state where the paths meet again keeps a value in those
/// lanes only where it agrees with every such point (RT-13).
struct UnsureExits {
  std::optional<VarMap> Vars;
  LaneBits Lanes = 0;
  /// Every point so far let these same lanes leave together or not at
  /// all (a warp-uniform condition not decided: a multiplicative loop's
  /// trips): they all hold the value of the same point (joinUniform).
  /// 0 when some point was not uniform.
  LaneBits Uniform = 0;
  /// Names the unknowns joinUniform makes for these exits: one per
  /// variable for all of them (the value at the exit the warp took).
  unsigned Chain = 0;
};
struct LoopCtx {
  LaneMask Broken;
  LaneMask Continued;
  UnsureExits BrokenVars, ContinuedVars;
  /// Frames.back().Undecided when the body started: a break under a
  /// condition undecided since then is unsure.
  unsigned UndecidedAtStart = 0;
  /// Every exit of this body is unsure (the iteration itself runs only if
  /// an undecided loop condition let it).
  bool Unsure = false;
};

} // namespace ccl::interp
#endif
