//===- InterpJoin.h - Joins of the paths of a branch ------------*- C++ -*-===//
//
// Where the paths of a branch meet, the interpreter joins their variables
// lane by lane (InterpJoin.cpp): a variable equal on both paths keeps its
// value, one that differs takes each lane's value from the path the lane
// took, or becomes a named join when the lanes' choice is not known. Exits
// a lane may or may not have taken (an unsure return, break or continue)
// are kept with the lanes they may remove and joined where paths meet.
//
// A part of one Interpreter, as LoopRules and WarpCalls are: it reads and
// writes the current frame's variables and makes its symbols through it.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPJOIN_H
#define CCL_ANALYZER_INTERPJOIN_H

#include "analyzer/InterpFrame.h"
#include "analyzer/LaneValue.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class Stmt;
} // namespace clang

namespace ccl {

class Interpreter;

class JoinRules {
public:
  using VarMap = interp::VarMap;
  using UnsureExits = interp::UnsureExits;

  explicit JoinRules(Interpreter &I) : I(I) {}
  JoinRules(const JoinRules &) = delete;
  JoinRules &operator=(const JoinRules &) = delete;

  /// Joins the variables of two paths (Value::join) into the current frame.
  /// \p Uniform: lanes in neither TakeA nor TakeB that all took the same
  /// path (a warp-uniform condition not decided), joined by joinUniform;
  /// \p At names the point where the paths meet.
  void joinFrames(const VarMap &A, const VarMap &B, LaneBits TakeA,
                  LaneBits TakeB, llvm::ArrayRef<SymbolId> Deps,
                  LaneBits Uniform = 0, const clang::Stmt *At = nullptr);
  /// The join rule for lanes that all took the same one of two paths:
  /// \p R is Value::join(A, B, ...), undefined in the lanes of \p Lanes
  /// where A and B differ. Where A and B are each one value in all of those
  /// lanes, the joined value is one value there too, not known: A + t * (B
  /// - A) for a new symbol t when B - A is a constant (t is 0 or 1;
  /// multiples of that constant keep their alignment), else a new symbol.
  /// \p Name names the symbol (the variable and the line; built only when
  /// a symbol is made, as most joins agree).
  /// With \p Chain (a loop's uniform exits, UnsureExits::Chain), every
  /// join of the same variable there is the same new symbol.
  /// \p Who: the variable (its key with \p Chain; the name need not be
  /// unique).
  Value joinUniform(Value R, const Value &A, const Value &B, LaneBits Lanes,
                    llvm::function_ref<std::string()> Name, unsigned Chain = 0,
                    const void *Who = nullptr);
  /// The symbol name joinUniform gives \p What where paths meet at \p At.
  std::string joinName(llvm::StringRef What, const clang::Stmt *At) const;
  /// Adds the current variables to \p U as an unsure exit of \p Lanes;
  /// \p Uniform: they all leave there or none does.
  void noteUnsureExit(UnsureExits &U, LaneBits Lanes, bool Uniform = false,
                      const clang::Stmt *At = nullptr);
  void mergeUnsureExits(UnsureExits &Into, const UnsureExits &From,
                        const clang::Stmt *At = nullptr);
  /// Joins \p U into the current variables (where the paths meet).
  void applyUnsureExits(const UnsureExits &U, const clang::Stmt *At = nullptr);

private:
  VarMap joinedVars(const VarMap &A, const VarMap &B, LaneBits TakeA,
                    LaneBits TakeB, llvm::ArrayRef<SymbolId> Deps,
                    LaneBits Uniform = 0, const clang::Stmt *At = nullptr,
                    unsigned Chain = 0);

  Interpreter &I;
};

} // namespace ccl
#endif
