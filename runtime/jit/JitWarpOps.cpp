//===- JitWarpOps.cpp - Shuffles, votes, match and redux of a JIT warp ----===//
//
// --verify=jit: the lanes of a warp that wait at the same warp-level
// operation (ccl_warp) exchange their values here, as the hardware's
// shfl/vote/match/redux instructions do, then go on together.
//
//===----------------------------------------------------------------------===//
#include "runtime/jit/JitLaunchState.h"

using namespace ccl::jit;
using namespace ccl::jit::rt;

namespace {

/// redux.sync \p Op over the 32-bit values of the lanes in \p Part.
uint64_t reduction(const Warp &W, uint32_t Part, unsigned Op) {
  uint64_t Red = 0;
  bool First1 = true;
  for (size_t I = 0; I < W.Lanes.size(); ++I) {
    if (!(Part >> I & 1))
      continue;
    uint32_t V = (uint32_t)W.Lanes[I]->A;
    switch (Op) {
    case WReduxAdd:
      Red = First1 ? V : (uint32_t)(Red + V);
      break;
    case WReduxMin:
      Red = First1 ? V : (uint32_t)std::min<int32_t>((int32_t)Red, (int32_t)V);
      break;
    case WReduxMax:
      Red = First1 ? V : (uint32_t)std::max<int32_t>((int32_t)Red, (int32_t)V);
      break;
    case WReduxUMin:
      Red = First1 ? V : std::min<uint32_t>((uint32_t)Red, V);
      break;
    case WReduxUMax:
      Red = First1 ? V : std::max<uint32_t>((uint32_t)Red, V);
      break;
    case WReduxAnd:
      Red = First1 ? V : (Red & V);
      break;
    case WReduxOr:
      Red = First1 ? V : (Red | V);
      break;
    case WReduxXor:
      Red = First1 ? V : (Red ^ V);
      break;
    }
    First1 = false;
  }
  return Red;
}

/// shfl.sync \p Op for lane \p Lid (its lane operand and packed clamp in
/// \p Ln) among \p Part: the source lane's 32-bit value (0 outside
/// \p Part), with bit 32 set when the source lane is in range.
uint64_t shuffled(const Warp &W, uint32_t Part, const Lane &Ln, int Lid,
                  unsigned Op) {
  // B: lane operand, C: PTX's packed clamp (segment mask << 8 | clamp).
  int Bv = (int)Ln.B;
  int Clamp = Ln.C & 0x1f, SegMask = (Ln.C >> 8) & 0x1f;
  int MaxLane = (Lid & SegMask) | (Clamp & ~SegMask);
  int MinLane = Lid & SegMask;
  int J = Lid;
  bool InRange = true;
  if (Op == WShflIdx) {
    J = MinLane | (Bv & ~SegMask);
    InRange = J <= MaxLane;
  } else if (Op == WShflUp) {
    J = Lid - Bv;
    InRange = J >= MaxLane;
  } else if (Op == WShflDown) {
    J = Lid + Bv;
    InRange = J <= MaxLane;
  } else {
    J = Lid ^ Bv;
    InRange = J <= MaxLane;
  }
  if (!InRange || J < 0 || J >= 32)
    J = Lid;
  unsigned Src = J;
  uint64_t V = Src < W.Lanes.size() && (Part >> Src & 1) ? W.Lanes[Src]->A : 0;
  return (uint32_t)V | (uint64_t)(InRange ? 1 : 0) << 32;
}

/// match.any (\p Any) or match.all for lane \p Ln among \p Part.
uint64_t matched(const Warp &W, uint32_t Part, const Lane &Ln, bool Any) {
  uint32_t Same = 0;
  for (size_t J = 0; J < W.Lanes.size(); ++J)
    if ((Part >> J & 1) && W.Lanes[J]->A == Ln.A)
      Same |= 1u << J;
  if (Any)
    return Same;
  return Same == Part ? (uint64_t)Part | (1ull << 32) : 0;
}

} // namespace

void ccl::jit::rt::performWarpOp(Warp &W, uint32_t Group) {
  // The lanes of the group that wait at a warp operation take part.
  uint32_t Part = Group & maskOf(W, AtWarpOp);
  Lane *First = nullptr;
  for (size_t I = 0; I < W.Lanes.size(); ++I)
    if (Part >> I & 1) {
      First = W.Lanes[I];
      break;
    }
  if (!First)
    return;
  unsigned Op = First->Op;
  uint32_t Ballot = 0;
  bool All = true, Any = false;
  for (size_t I = 0; I < W.Lanes.size(); ++I) {
    if (!(Part >> I & 1))
      continue;
    uint64_t V = W.Lanes[I]->A;
    bool P = V != 0;
    Ballot |= (uint32_t)P << I;
    All &= P;
    Any |= P;
  }
  bool Uni = Ballot == 0 || Ballot == Part;
  uint64_t Red = reduction(W, Part, Op);
  for (size_t I = 0; I < W.Lanes.size(); ++I) {
    if (!(Part >> I & 1))
      continue;
    Lane *Ln = W.Lanes[I];
    uint64_t R = 0;
    switch (Op) {
    case WShflIdx:
    case WShflUp:
    case WShflDown:
    case WShflBfly:
      R = shuffled(W, Part, *Ln, (int)I, Op);
      break;
    case WVoteAll:
      R = All;
      break;
    case WVoteAny:
      R = Any;
      break;
    case WVoteUni:
      R = Uni;
      break;
    case WVoteBallot:
      R = Ballot;
      break;
    case WActiveMask:
      R = Part;
      break;
    case WMatchAny:
    case WMatchAll:
      R = matched(W, Part, *Ln, Op == WMatchAny);
      break;
    case WSync:
      R = 0;
      break;
    default:
      R = Red;
    }
    Ln->Result = R;
    Ln->St = Ready;
  }
}
