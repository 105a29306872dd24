//===- JitRuntime.h - Running retargeted device code on CPU fibers --------===//
//
// The runtime half of --verify=jit (JitVerifier.h compiles and retargets).
// A launch runs its blocks one after another; a block's threads are fibers
// and each warp is scheduled as the hardware does under SIMT reconvergence:
// the warp keeps a stack of (block, reconvergence block, lanes) entries, the
// lanes of the top entry execute one basic block together, and when they
// branch apart the entry waits at the immediate post-dominator while one
// entry per target runs (JitRuntime.cpp). The memory instructions the lanes
// of one entry execute in one step form one request each: counted in
// process with the trace model (runtime/TraceModel.h), worst request kept.
//
// The retargeted code calls the runtime through the C functions named in
// runtimeSymbols(): ccl_bb (block entry, a yield point), ccl_acc (every
// load, store and atomic: records the lane's address, returns the address
// to use: a sink for addresses outside every buffer), ccl_sreg, ccl_barrier,
// ccl_warp (shuffles, votes, match, redux: the warp's lanes meet;
// JitWarpOps.cpp) and the math and conversion functions libdevice and inline
// PTX would provide (JitRuntimeMath.cpp). The arenas pointers point to are
// in JitArenas.cpp; the launch state the files share in JitLaunchState.h.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_JIT_JITRUNTIME_H
#define CCL_RUNTIME_JIT_JITRUNTIME_H

#include "runtime/TraceModel.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ccl::jit {

enum AccessKind : uint8_t { AccLoad = 0, AccStore = 1, AccAtomic = 2 };
enum SpaceKind : uint8_t {
  SpGeneric = 0,
  SpGlobal = 1,
  SpShared = 3,
  SpConst = 4,
  SpLocal = 5
};

/// One memory instruction of the retargeted code.
struct SiteInfo {
  unsigned Bytes = 0;
  AccessKind Op = AccLoad;
  SpaceKind StaticSpace = SpGeneric; ///< the pointer's address space
};

/// A module variable: __device__ (global), __shared__, __constant__.
struct VarRange {
  uint64_t Begin = 0, Size = 0;
  SpaceKind Space = SpGlobal;
};

/// How one kernel parameter is passed: at Offset in the argument buffer.
struct ParamInput {
  enum Kind { Pointer, Int, Float, Double, Bytes } K = Bytes;
  unsigned Offset = 0, Size = 0; ///< Size: Int width, Bytes size
  int64_t IntValue = 0;
  double FloatValue = 0;
  /// Pointer: elements (0 = the whole arena) and contents of its buffer.
  uint64_t ExtentBytes = 0;
  std::string Contents = "zeros"; ///< zeros | iota | random | constant
  unsigned ElemBytes = 0;         ///< for contents; 0 = not arithmetic
  bool ElemFloat = false;
  double Lo = 0, Hi = 1, Constant = 0;
  uint64_t Seed = 1;
};

struct LaunchInput {
  void (*Entry)(void *Args) = nullptr;
  const VarRange *Vars = nullptr; ///< module variables
  unsigned NumVars = 0;
  std::vector<ParamInput> Params;
  unsigned ArgBytes = 0;
  unsigned Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
  const std::vector<SiteInfo> *Sites = nullptr;
  const std::vector<int> *IPDom = nullptr; ///< per block id; -1 = exit
  /// Basic blocks executed by all lanes; past it the launch stops and
  /// reports what it measured so far (LaunchOutput::Truncated).
  uint64_t StepLimit = 20'000'000;
  unsigned RequestCap = 4096;      ///< requests measured per site and space
};

/// What one site did in a launch, per space (0 global, 1 shared).
struct SiteResult {
  uint64_t Requests[2] = {0, 0};
  Measurement Worst[2];
  bool OutOfRange = false;
};

struct LaunchOutput {
  std::string Failure; ///< why the launch stopped ("" = it finished)
  std::vector<SiteResult> Sites;
  /// The launch reached StepLimit and was stopped there: Sites hold the
  /// requests completed until then (Failure stays "").
  bool Truncated = false;
};

/// Runs a launch in this process (JitVerifier calls it in a forked child).
LaunchOutput runLaunch(const LaunchInput &In);

/// The runtime's C functions by name, for the JIT's symbol table.
const std::vector<std::pair<const char *, void *>> &runtimeSymbols();
/// The arithmetic among them (JitRuntimeMath.cpp): half/bfloat16, libdevice.
const std::vector<std::pair<const char *, void *>> &mathSymbols();

/// Special-register codes of ccl_sreg.
enum Sreg {
  SrTidX,
  SrTidY,
  SrTidZ,
  SrNtidX,
  SrNtidY,
  SrNtidZ,
  SrCtaidX,
  SrCtaidY,
  SrCtaidZ,
  SrNctaidX,
  SrNctaidY,
  SrNctaidZ,
  SrLaneId,
  SrWarpId,
  SrNWarpId,
  SrWarpSize,
  SrLanemaskEq,
  SrLanemaskLe,
  SrLanemaskLt,
  SrLanemaskGe,
  SrLanemaskGt,
  SrClock,
  SrSmId,
  SrNSmId,
  SrGridId
};

/// Warp-level operations of ccl_warp.
enum WarpOp {
  WShflIdx,
  WShflUp,
  WShflDown,
  WShflBfly,
  WVoteAll,
  WVoteAny,
  WVoteUni,
  WVoteBallot,
  WActiveMask,
  WMatchAny,
  WMatchAll,
  WReduxAdd,
  WReduxMin,
  WReduxMax,
  WReduxUMin,
  WReduxUMax,
  WReduxAnd,
  WReduxOr,
  WReduxXor,
  WSync
};

} // namespace ccl::jit
#endif
