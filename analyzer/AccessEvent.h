//===- AccessEvent.h - One warp's execution of an access site ---*- C++ -*-===//
//
// What the interpreter (Interpreter.h) hands its callback for every global or
// shared memory request it meets: the site, the lanes' addresses in one
// memory object, the active lanes, and where in the kernel's run it happened.
// RecordFolder, AccessFusion and FootprintSharing consume it.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_ACCESSEVENT_H
#define CCL_ANALYZER_ACCESSEVENT_H

#include "analyzer/Dim3.h"
#include "analyzer/LaneValue.h"
#include <string>

namespace clang {
class Expr;
class FunctionDecl;
} // namespace clang

namespace ccl {

/// One dynamic execution of an access site by one warp.
struct AccessEvent {
  const clang::Expr *Site; ///< The lvalue expression accessed.
  AccessOp Op;
  unsigned Bytes;       ///< Per lane; 0 when unknown.
  const MemObject *Obj; ///< null when the address is unknown.
  Value Address;        ///< Ptr (byte offset in Obj) or Unknown.
  LaneMask Mask;
  std::string Context; ///< "iteration 3 of the loop at line 12", ...
  /// Pieces of one access split into several requests (a double3, an
  /// under-aligned struct) share a nonzero number; 0 otherwise.
  unsigned SplitId = 0;
  /// The whole source access: its bytes per lane, and this piece's offset
  /// in it (0 and Bytes when it is not split).
  unsigned AccessBytes = 0;
  unsigned PieceOffset = 0;
  /// The function whose body holds Site (the kernel, or an inlined callee).
  const clang::FunctionDecl *Fn = nullptr;
};

} // namespace ccl
#endif
