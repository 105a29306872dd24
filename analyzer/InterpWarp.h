//===- InterpWarp.h - Warp intrinsics, cooperative groups -------*- C++ -*-===//
//
// How the interpreter evaluates what a warp does together
// (InterpWarp.cpp: __shfl*_sync lane by lane, __ballot/__any/__all_sync,
// __activemask, memcpy of a constant size; InterpGroups.cpp: cooperative
// groups, from this_thread_block and tiled_partition to thread_rank, size,
// meta_group_rank, group_index and the groups' shfl, votes and reduce).
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema: it
// evaluates operands through its interpreter and keeps the count of votes
// and reductions evaluated (each a fresh warp-uniform unknown).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPWARP_H
#define CCL_ANALYZER_INTERPWARP_H

#include "analyzer/InterpFrame.h"
#include "analyzer/LaneValue.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace ccl {

class Interpreter;

class WarpCalls {
public:
  using Group = interp::Group;

  explicit WarpCalls(Interpreter &I) : I(I) {}
  WarpCalls(const WarpCalls &) = delete;
  WarpCalls &operator=(const WarpCalls &) = delete;

  /// The value of a call to a warp-level intrinsic or a cooperative groups
  /// function; nullopt when \p E is neither.
  std::optional<Value> evalWarpCall(const clang::CallExpr *E,
                                    const clang::FunctionDecl *FD,
                                    llvm::StringRef Name,
                                    llvm::ArrayRef<const clang::Expr *> Args,
                                    const LaneMask &M);
  /// The group an expression of a cooperative groups type denotes.
  std::optional<Group> groupOf(const clang::Expr *E, const LaneMask &M);
  /// A type of cooperative groups (thread_block, thread_block_tile, ...).
  static bool isGroupType(clang::QualType T);
  /// `g.thread_index().x` and the like: a field of a dim3 a cooperative
  /// groups call returns; nullopt when \p Call is not one.
  std::optional<Value> evalGroupDim3Field(const clang::CallExpr *Call,
                                          unsigned Dim, const LaneMask &M);

  /// Evaluations of votes and reductions so far (each a fresh uniform
  /// unknown). A warp's case runs start from the same count.
  unsigned FreshRuns = 0;

private:
  /// __shfl*(_sync) with its width; nullopt when its arguments do not fit.
  std::optional<Value> evalShuffleCall(const clang::CallExpr *E,
                                       llvm::StringRef Name,
                                       llvm::ArrayRef<const clang::Expr *> Args,
                                       const LaneMask &M);
  /// A cooperative groups function: sync, the group queries, shfl, votes
  /// and reduce of a group; nullopt for another.
  std::optional<Value> evalGroupCall(const clang::CallExpr *E,
                                     llvm::StringRef Name,
                                     llvm::ArrayRef<const clang::Expr *> Args,
                                     const LaneMask &M);
  Value evalShuffle(llvm::StringRef Kind, const Value &V, const Value &Lane,
                    unsigned Width, const LaneMask &M);
  /// evalShuffle, per warp when a value mentions the warp index.
  Value shuffleChecked(const clang::CallExpr *E, llvm::StringRef Kind,
                       const Value &V, const Value &Lane, unsigned Width,
                       const LaneMask &M);
  Value evalVote(llvm::StringRef Kind, const clang::Expr *Pred,
                 const clang::CallExpr *E, const LaneMask &M);
  /// A warp-uniform unknown that is new at every evaluation (a vote, a
  /// reduction): two evaluations are never assumed equal.
  Value freshUniform(llvm::StringRef Name, bool NonNeg);
  std::optional<Group> groupOfType(clang::QualType T) const;
  Value groupQuery(const Group &G, llvm::StringRef What, const LaneMask &M);
  /// \p What of the grid group (\p T: the lanes' thread ids in the block);
  /// nullopt when the query is not one of a grid.
  std::optional<Value> gridQuery(llvm::StringRef What, const LaneArray &T);
  unsigned blockThreads() const;
  LaneArray linearTid() const;
  /// memcpy with a constant size: a load of the source and a store of the
  /// destination, each one request of that size.
  Value evalMemcpy(const clang::CallExpr *E,
                   llvm::ArrayRef<const clang::Expr *> Args, const LaneMask &M);

  Interpreter &I;
};

} // namespace ccl
#endif
