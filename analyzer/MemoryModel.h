//===- MemoryModel.h - The memory objects of one interpretation -*- C++ -*-===//
//
// A pointer value is an object and a byte offset into it (LaneValue.h). The
// model makes the objects and keeps them for the interpreter's lifetime:
//   - one per variable: a pointer parameter stands for the global memory it
//     points to (assumed 256-byte aligned, as cudaMalloc gives), __shared__,
//     __constant__ and __device__ variables for themselves, other variables
//     are local (objectFor);
//   - one per name for global memory known only by a name (a struct
//     argument's pointer field, a pointer loaded from memory: namedGlobal);
//   - one for "either of two objects" (a pointer chosen between them by a
//     warp-uniform condition: eitherOf), as weakly aligned as the weaker.
// It also counts the stores made to each object since the warp started
// (the store generation): a value loaded after a store to its object is a
// new unknown, as the loaded symbols are keyed by the count. A store
// through an address the analysis cannot follow counts under null, which
// is part of every key.
// And it says which locals of a function have their address taken (a
// store through a pointer the analysis cannot follow may write them).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_MEMORYMODEL_H
#define CCL_ANALYZER_MEMORYMODEL_H

#include "analyzer/LaneValue.h"
#include "llvm/ADT/DenseMap.h"
#include <deque>
#include <map>
#include <set>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace ccl {

class MemoryModel {
public:
  /// Stores per object (null: through an unknown address).
  using StoreGens = std::map<const MemObject *, unsigned>;

  explicit MemoryModel(const clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The object of variable \p D (made on first use).
  const MemObject *objectFor(const clang::VarDecl *D);
  /// Global memory known only by a name: one object per name, or per
  /// \p Key when one is given.
  const MemObject *namedGlobal(const std::string &Name, uint64_t Align,
                               const std::string &AlignReason,
                               const std::string &Key = {});
  /// The object a pointer into \p A or \p B stands for (one per pair, in
  /// that order): their space, both names, and the weaker alignment.
  const MemObject *eitherOf(const MemObject *A, const MemObject *B);

  /// Whether \p VD's address (or a non-const reference to it) is taken in
  /// its function; true when it has no function body to look in.
  bool addressTaken(const clang::VarDecl *VD);

  /// One more store to \p O (null: anywhere).
  void noteStore(const MemObject *O) { ++Gens[O]; }
  /// The stores counted for \p O so far.
  unsigned storeGen(const MemObject *O) const {
    auto It = Gens.find(O);
    return It == Gens.end() ? 0 : It->second;
  }
  /// All the counts (a checkpoint keeps them), and putting them back.
  const StoreGens &storeGens() const { return Gens; }
  void setStoreGens(StoreGens G) { Gens = std::move(G); }
  /// A new warp: no stores yet.
  void clearStores() { Gens.clear(); }

private:
  MemObject &make();

  const clang::ASTContext &Ctx;
  std::deque<MemObject> Objects; ///< stable addresses
  llvm::DenseMap<const clang::VarDecl *, const MemObject *> ObjectOf;
  std::map<std::string, const MemObject *> AnonObjects;
  StoreGens Gens;
  std::map<const clang::FunctionDecl *, std::set<const clang::VarDecl *>>
      AddrTaken;
};

} // namespace ccl
#endif
