//===- AccessRecord.h - What the analysis says about one access site
//-------===//
//
// One record per (site, memory space, op) of a kernel analyzed for one block
// shape: the worst warp request over every warp and loop iteration
// (AccessCost.h), whether every instance was exact, and what the numbers depend
// on. Built by analyzeKernel (KernelAnalysis.h); the checks only read records.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_ACCESSRECORD_H
#define CCL_ANALYZER_ACCESSRECORD_H

#include "analyzer/AccessCost.h"
#include "analyzer/Dim3.h"
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class Expr;
class VarDecl;
} // namespace clang

namespace ccl {

/// What an inexact record's numbers rest on: the named unknowns its worst
/// case is taken over, and the conditions it holds under.
struct Dependence {
  /// Conditions are kept in the order their clauses have written in
  /// parentheses, the order the reports list them in.
  struct ClauseOrder {
    bool operator()(const std::string &A, const std::string &B) const {
      return A + ')' < B + ')';
    }
  };
  /// "n", "blockIdx.x", "ballot(...)#3".
  std::set<std::string> Unknowns;
  /// "under the assumed block shape 256x1x1", "a goto at line 9 is not
  /// followed".
  std::set<std::string, ClauseOrder> Conditions;
  bool empty() const { return Unknowns.empty() && Conditions.empty(); }
  bool operator==(const Dependence &O) const {
    return Unknowns == O.Unknowns && Conditions == O.Conditions;
  }
};

struct AccessRecord {
  const clang::Expr *Site = nullptr;
  AccessOp Op = AccessOp::Load;
  unsigned Bytes = 0;
  MemObject::SpaceKind Space = MemObject::Global;
  std::string Object; ///< Name of the object accessed.
  const clang::VarDecl *ObjectDecl = nullptr;
  bool ObjectDynamic = false;
  std::string AlignReason;
  bool Known = true;
  std::string Reason; ///< When !Known.
  AccessCost Worst;
  /// The certain part of Worst, for the warning policy: for each instance
  /// the most favourable cost over the unknown uniform shifts (alignment
  /// residues) and over lane-varying symbol values of at least 32 elements
  /// (32 * element size bytes) (AccessCost::BestG / BestS), and of those the
  /// largest over instances: whatever the unknowns are, some request of this
  /// site costs at least this much. Only G and S (and Shared) are meaningful.
  /// An exact record has Best == Worst.
  AccessCost Best;
  bool Exact = true;
  Dependence DependsOn;
  std::string WorstContext; ///< "warp 3, iteration 2 of the loop at line 9"
  std::string HoldsFor;
  unsigned Instances = 0;

  /// What the warp moves for this access together with nearby accesses to
  /// the same object that use the rest of its sectors (the other fields of
  /// one struct element, the other half of a double4: FootprintSharing.h).
  struct Footprint {
    /// Every instance with excess sectors has such partners.
    bool Covered = false;
    unsigned Span = 0; ///< bytes per lane of the widest group
    GlobalCost G;      ///< the groups' worst cost, as one access
    std::set<std::pair<unsigned, unsigned>> Partners; ///< line, column
    bool OwnPieces = false;     ///< pieces of this very access
    bool OwnIterations = false; ///< this site in nearby loop iterations
  };
  Footprint Together;

  /// The same access analyzed under a launch of the file that passes small
  /// constants for integer parameters this record depends on (Rodinia srad:
  /// `mul = 1` before the launch loop): an unknown stride taken to be large
  /// is then small. Set by the per-file pipeline; the checks call a finding
  /// that this launch does not have only possible.
  std::shared_ptr<const AccessRecord> AtLaunch;

  /// What the compiler made of this access (CompiledCode.h), when the
  /// analysis was given compiled code.
  enum class CompiledState : uint8_t {
    NotAsked,     ///< no compiled code (the source access is costed)
    Instructions, ///< costed as the instructions listed in Instructions
    /// No instruction is located at the expression: merged into another
    /// access's instruction (`.x` .. `.w` of a uint4 are one ld.v4 located
    /// at `.x`), removed (a value loaded once and reused), or moved to no
    /// line (hoisted out of a loop, merged from two paths: `c ? a[i] :
    /// b[i]` as one load). Which of these is not known: the source access
    /// is costed as written.
    NotLocated
  };
  CompiledState Compiled = CompiledState::NotAsked;
  /// Whose compiled code: "clang -O3" or "nvcc -O3" (CompiledCode).
  std::string CompiledBy;
  /// The instructions, one entry per distinct (opcode, offset in the
  /// access): "ld.global.nc.b32 +12". An offset the listing does not fix
  /// is written "+?".
  std::vector<std::string> Instructions;
  /// The source access's bytes per lane (Bytes is then the width of the
  /// worst instruction).
  unsigned SourceBytes = 0;
  std::string AtLaunchWhy; ///< "at the launch at main.cu:329, 'mul' is 1"
};

} // namespace ccl
#endif
