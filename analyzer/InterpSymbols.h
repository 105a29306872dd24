//===- InterpSymbols.h - Creating and naming the unknowns -------*- C++ -*-===//
//
// How the interpreter makes the symbols of its values (InterpSymbols.cpp):
// found by key (what a symbol stands for), printed by name, the constant
// --assume gives a name instead of a symbol, and the symbols of results the
// lane domain cannot express (products, opaque operations).
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema: the
// symbols themselves are the interpreter's SymbolTable (SymbolTable.h); this
// part names them, checks signs across the run with the warp index, and
// reads --assume.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPSYMBOLS_H
#define CCL_ANALYZER_INTERPSYMBOLS_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang {
class Expr;
class ParmVarDecl;
} // namespace clang

namespace ccl {

class Interpreter;

class SymbolRules {
public:
  explicit SymbolRules(Interpreter &I) : I(I) {}
  SymbolRules(const SymbolRules &) = delete;
  SymbolRules &operator=(const SymbolRules &) = delete;

  /// The symbol identified by \p Key (the structure of what it stands for:
  /// a parameter declaration, a memory object and address, a dynamic loop),
  /// displayed as \p Name. An empty key is the name itself (builtins such as
  /// blockIdx.x, which are one value per warp whatever their spelling).
  /// Names are for display only: two symbols with one name are different
  /// unknowns when their keys differ.
  /// \p NonNeg: the unknown is known not to be negative (an unsigned
  /// value, an index, a loop's iteration number); blockIdx and gridDim
  /// always are. Others may be negative (C's '/' and '%' truncate).
  SymbolId symbolId(llvm::StringRef Name,
                    llvm::ArrayRef<SymbolId> FactorsOf = {},
                    llvm::StringRef Key = {}, bool NonNeg = false);
  /// The dependence on the values \p Load reads per lane (a load at a
  /// lane-dependent address: `mask[tid]`): a lane set that a condition on
  /// them chooses is any subset the data picks, not a bound such as
  /// `i < n` (RecordFolder::certainOf keeps only the certain lanes).
  SymbolId laneDataSymbol(const clang::Expr *Load);
  /// A symbol's value, or the constant --assume gives its name.
  Value symbolValue(llvm::StringRef Name, llvm::StringRef Key = {},
                    bool NonNeg = false);
  /// Every lane of \p Lanes of the form \p V is >= 0 (SymbolTable's rule,
  /// checked for every warp where \p V has the warp index).
  bool isNonNegative(const LaneInt &V, LaneBits Lanes = kAllLanes) const;
  /// The key of a kernel or function parameter.
  static std::string parmKey(const clang::ParmVarDecl *P);
  /// The key of a uniform form: symbol ids, not names ("#3*2 + 5").
  std::string formKey(const LaneInt &V, LaneBits Lanes) const;
  /// A warp-uniform result of a non-affine operation on unknowns: a new symbol
  /// named "A op B" (the same name is the same symbol).
  Value opaqueSymbol(const Value &A, const Value &B, llvm::StringRef Op);
  /// The source text of \p E, for names.
  std::string sourceText(const clang::Expr *E) const;

private:
  Interpreter &I;
};

} // namespace ccl
#endif
