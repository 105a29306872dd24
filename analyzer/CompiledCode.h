//===- CompiledCode.h - The instructions a source access became -----------===//
//
// What the compiler made of each access of one kernel instance, as the
// analysis costs it (codegen/ fills it from PTX; the analyzer only reads
// it). A source access of B bytes at lane address A(k) is executed as the
// instructions listed for it: each moves W bytes per lane at A(k) + offset,
// as one warp request of its own.
//
// The PTX names an instruction's address as a register plus a displacement
// (`[%rd6+12]`), so only offsets between instructions on one register are
// known. Where the instructions of one execution cover the access's bytes
// exactly, the offsets follow; where they cover part of it (a narrowed load:
// `float4 v = q[i]; use(v.w)` is ld.f32 at byte 12) or more than it (two
// accesses fused into one vector load), every placement consistent with the
// PTX is a candidate (RecordFolder.cpp), and the cost is exact only if
// they agree.
//
//   float4 v = q[i]; o[i] = v.x + v.y;      ld.global.nc.v2.b32 [%rd6]
//     -> one execution: {8 bytes, relative offset 0}; offsets 0 or 8
//   double3 d = p[i];                        ld.global.f64 [%rd4], [+8], [+16]
//     -> one execution: {8 at 0, 8 at 8, 8 at 16}; offset 0 only
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_COMPILEDCODE_H
#define CCL_ANALYZER_COMPILEDCODE_H

#include "analyzer/Dim3.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class Expr;
} // namespace clang

namespace ccl {

/// One memory instruction.
struct CompiledInstr {
  unsigned Bytes = 0; ///< per lane
  unsigned Base = 0;  ///< address register (numbered per access)
  int64_t Disp = 0;   ///< byte displacement from that register
  std::string Opcode; ///< "ld.global.nc.v2.b32"
  unsigned PtxLine = 0;
};

/// What one source access (site, op, space) became: every instruction
/// located at it, in the order of the listing (unrolled copies included).
struct CompiledAccess {
  std::vector<CompiledInstr> Instrs;
};

/// One instruction of an execution: its width and its offset from the
/// execution's first (lowest) instruction.
struct ExecPiece {
  unsigned Bytes = 0;
  int64_t Rel = 0;
  const CompiledInstr *Instr = nullptr;
  bool operator<(const ExecPiece &O) const {
    return Rel != O.Rel ? Rel < O.Rel : Bytes < O.Bytes;
  }
};
using ExecShape = std::vector<ExecPiece>;

/// The distinct shapes of execution of a source access of \p AccessBytes
/// bytes: instructions on one address register, in order of displacement,
/// are one execution while they fit in the access's bytes (or in one
/// instruction wider than it); the next one starts another (an unrolled
/// copy). Two shapes with the same widths and offsets are one.
std::vector<ExecShape> executionShapes(const CompiledAccess &A,
                                       unsigned AccessBytes);

class CompiledCode {
public:
  virtual ~CompiledCode();
  /// The instructions of \p Site's \p Op in \p Space (Global or Shared);
  /// null when none is located at the expression.
  virtual const CompiledAccess *lookup(const clang::Expr *Site, AccessOp Op,
                                       bool Shared) const = 0;
  /// "clang -O3 sm_89" or "nvcc": who compiled it, for notes.
  virtual std::string compiler() const = 0;
  /// Why lookup() found no instruction for \p Site ("" : the usual
  /// reasons, merged into another access, removed or moved).
  virtual std::string whyNotLocated(const clang::Expr *Site, AccessOp Op,
                                    bool Shared) const {
    (void)Site, (void)Op, (void)Shared;
    return "";
  }
  /// Whether \p Site (in \p Space: Global or Shared) is one of the
  /// accesses of a branch's arms that the compiler made one instruction
  /// after the branch (lookup() is then null): an assignment ending every
  /// arm, or the load of one arm of a `c ? x[i] : y[j]` whose arms both
  /// load. In a warp whose lanes all take one arm that instruction is this
  /// access as written.
  virtual bool mergedAtJoin(const clang::Expr *Site, AccessOp Op,
                            bool Shared) const {
    (void)Site, (void)Op, (void)Shared;
    return false;
  }
};

} // namespace ccl
#endif
