//===- AccessCost.h - From a symbolic lane address to a worst-case cost ---===//
//
// An access's address in one warp is Base + Offset(k), Offset a LaneInt.
// The cost depends on the unknown symbols in two different ways:
//
// * Uniform terms (same coefficient in every active lane) and the base's
//   unknown placement shift all lanes by one amount D.  Sectors depend only
//   on D mod 32, banks only on D mod 128 (and on D mod 4 alone, since a
//   whole-word shift rotates the banks). D is a multiple of
//   g = gcd(base alignment, uniform coefficients), so the residues
//   0, g, 2g, ... are enumerated: the worst is exact, and when every residue
//   gives the same cost the result does not depend on D at all.
//   Example: in[blockIdx.x * 256 + threadIdx.x] with float: D = 1024*bx + base
//   (base 256-aligned), g = 256, one residue: exact 4 sectors.
//
// * Lane-varying terms (tx * n) change the pattern. With one such symbol
//   every value that matters is enumerated: the small values up to where
//   lanes may still share a sector or word, then one full period of
//   residues mod 128 (AccessCost.cpp, sampleVarying); the worst is the true
//   worst over n >= 0, yet the result is not exact (it depends on n). The
//   smallest value from which the worst always holds is reported ("for
//   n >= 8"). With two such symbols (or a huge span of constants) values
//   are sampled (0..64 and large powers of two and odd numbers).
//
// * The best case (BestG / BestS, AccessRecord::Best): the most favourable
//   cost over the same uniform shifts and over lane-varying values whose term
//   is at least 32 elements (32 * Bytes bytes: a row pitch, not a degenerate
//   0 or 1), on the same lanes as the worst case (lanes a bound may leave
//   inactive do not make a finding uncertain). An exact cost has
//   Best == Worst.
//
// Lanes that may or may not be active (undecided conditions) are counted as
// active: both sectors and wavefronts only grow with more lanes, so this is
// the worst case; the result is then not exact.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_ACCESSCOST_H
#define CCL_ANALYZER_ACCESSCOST_H

#include "analyzer/WarpModel.h"
#include <string>

namespace ccl {

struct AccessCost {
  bool Known = false;
  std::string Reason; ///< When !Known.
  unsigned ActiveLanes = 0;
  bool Shared = false;
  GlobalCost G;
  SharedCost S;
  /// The most favourable cost (see above); equal to G / S when Exact.
  GlobalCost BestG;
  SharedCost BestS;
  bool Exact = false;
  /// False when no placement of the object keeps every lane's address a
  /// multiple of the access width (an access there would fault); the cost
  /// is then of every placement. Only decided for addresses without
  /// lane-varying unknowns (else true).
  bool Legal = true;
  /// Lane offsets (bytes from the object's base, symbols at the worst sample)
  /// of the worst case, for explanations.
  LaneArray WorstOffsets{};
  LaneBits Lanes = 0;
  /// Lane pattern of the offset before sampling ("4*n*k"), when linear.
  std::string Pattern;
  /// "n >= 8" when one lane-varying symbol decides the worst case.
  std::string HoldsFor;
  /// Symbols whose values were sampled or shifted over.
  llvm::SmallVector<SymbolId, 4> Symbols;

  /// The measure that "worst" maximizes.
  unsigned badness() const { return Shared ? S.Wavefronts : G.Sectors; }
  double efficiency() const {
    if (Shared)
      return S.Wavefronts ? double(S.IdealWavefronts) / S.Wavefronts : 1.0;
    return G.Sectors ? double(G.IdealSectors) / G.Sectors : 1.0;
  }
};

/// \p SymbolName names symbols for HoldsFor. Only executions whose address is
/// a multiple of \p AlignW (default: \p Bytes, for 2/4/8/16) are taken, as
/// an access at a misaligned address faults; a span of several accesses
/// (FootprintSharing.h) passes the width of its first access.
AccessCost computeAccessCost(const MemObject &Obj, const LaneInt &Offset,
                             const LaneMask &Mask, unsigned Bytes,
                             const std::vector<std::string> &SymbolNames,
                             unsigned AlignW = 0);

} // namespace ccl
#endif
