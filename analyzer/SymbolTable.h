//===- SymbolTable.h - The unknowns of one interpretation -------*- C++ -*-===//
//
// A symbol stands for a warp-uniform unknown (LaneValue.h). The table makes
// it the first time its *key* is met and finds it by key afterwards: the key
// is the structure of what the symbol stands for (InterpSymbols.cpp lists the
// kinds), the name only how it prints. Per symbol the table keeps
//   - its display name: two symbols that print alike are told apart ("p[i]",
//     "p[i]#2"), except a loop's iteration numbers (one per dynamic run);
//   - the named unknowns it is built from (itself, or a product's factors):
//     depends_on lists these;
//   - whether it is known not to be negative (C's '/' and '%' truncate);
//   - whether it stands for values read per lane (never a term of a value,
//     only a dependence);
//   - for a product, its base factors; for a shift by a constant, what was
//     shifted, by how much and which way (shifts of shifts fold).
// The interpreter adds the warp-index bookkeeping around it (symbolId).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_SYMBOLTABLE_H
#define CCL_ANALYZER_SYMBOLTABLE_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <string>
#include <vector>

namespace ccl {

class SymbolTable {
public:
  struct Interned {
    SymbolId Id;
    bool New; ///< made by this call
  };
  /// The symbol of \p Key, made on first use. An empty key is the name
  /// itself (builtins such as blockIdx.x, one value per warp whatever their
  /// spelling; blockIdx and gridDim are never negative). A new symbol is
  /// displayed as \p Name, is built from the named unknowns of \p FactorsOf
  /// (itself when there are none) and is not negative when \p NonNeg.
  Interned intern(llvm::StringRef Name, llvm::ArrayRef<SymbolId> FactorsOf,
                  llvm::StringRef Key, bool NonNeg);
  /// \p Id stands for values read per lane: a dependence, not an unknown a
  /// cost is taken over (it names no factor).
  void markLaneData(SymbolId Id);

  size_t size() const { return Names.size(); }
  const std::string &name(SymbolId Id) const { return Names[Id]; }
  const std::vector<std::string> &names() const { return Names; }
  bool nonNegative(SymbolId Id) const { return NonNeg[Id]; }
  /// Per symbol: known not to be negative (the arithmetic rules' view).
  const std::vector<bool> &nonNegativeFlags() const { return NonNeg; }

  /// The named unknowns behind \p Ids (products split into their factors),
  /// each once, in order of first mention.
  std::vector<std::string> namesOf(llvm::ArrayRef<SymbolId> Ids) const;
  /// The names of the symbols of \p Ids that stand for values read per lane.
  std::vector<std::string> laneDataOf(llvm::ArrayRef<SymbolId> Ids) const;

  /// Every lane of \p Lanes of the form \p V is >= 0: a constant >= 0 plus
  /// non-negative multiples of non-negative symbols.
  bool isNonNegative(const LaneInt &V, LaneBits Lanes) const;
  /// Lane 0 of the warp-uniform \p V as "3 + 256*blockIdx.x", parenthesized
  /// unless it is one symbol or a constant, to name a symbol made from it.
  std::string formatUniform(const LaneInt &V) const;

  /// The base factors of the product symbol \p Id, sorted; null for a
  /// symbol that is no product.
  const llvm::SmallVector<SymbolId, 4> *productFactors(SymbolId Id) const;
  void setProductFactors(SymbolId Id, llvm::SmallVector<SymbolId, 4> F);

  /// A symbol made for a shift by a constant.
  struct ShiftDef {
    Value Of;
    int64_t Amount;
    std::string Op;
  };
  /// The shift \p Id stands for; null for a symbol that is none.
  const ShiftDef *shiftOf(SymbolId Id) const;
  /// Records the shift \p Id stands for (the first one recorded stays).
  void setShift(SymbolId Id, ShiftDef D);

private:
  std::vector<std::string> Names;
  std::vector<std::vector<std::string>> Factors;
  std::vector<bool> NonNeg;
  std::vector<bool> LaneData;
  llvm::DenseMap<SymbolId, llvm::SmallVector<SymbolId, 4>> Products;
  std::map<SymbolId, ShiftDef> Shifts;
  llvm::StringMap<SymbolId> Ids;      ///< by key
  llvm::StringMap<unsigned> NameUses; ///< symbols per display name
};

} // namespace ccl
#endif
