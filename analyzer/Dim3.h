//===- Dim3.h - Block shapes and the kinds of memory access
//----------------===//
//
// Small value types shared by the analyzer's public headers and their users;
// no Clang AST here.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_DIM3_H
#define CCL_ANALYZER_DIM3_H

#include <string>
#include <tuple>

namespace ccl {

/// What a warp does with the memory at an access site.
enum class AccessOp { Load, Store, Atomic };
/// "load", "store" or "atomic".
const char *accessOpName(AccessOp Op);

/// A block shape (blockDim), e.g. 32x8x1.
struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
  unsigned threads() const { return X * Y * Z; }
  bool operator==(const Dim3 &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
  bool operator<(const Dim3 &O) const {
    return std::tie(X, Y, Z) < std::tie(O.X, O.Y, O.Z);
  }
  /// "32x8x1".
  std::string str() const;
};

} // namespace ccl
#endif
