//===- JitLaunchState.h - The state of one JIT launch ---------*- C++ -*-===//
//
// Private to runtime/jit: the lanes (fibers), warps (SIMT stacks) and the
// launch JitRuntime.cpp schedules, shared with JitWarpOps.cpp, which carries
// out the warp-level operations (shuffles, votes, match, redux).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_JIT_JITLAUNCHSTATE_H
#define CCL_RUNTIME_JIT_JITLAUNCHSTATE_H

#include "runtime/jit/JitRuntime.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace ccl::jit::rt {
struct Fiber {
  char *Stack = nullptr;
#if defined(__x86_64__)
  void *SP = nullptr;
#else
  ucontext_t Ctx;
#endif
};

enum LaneState { Ready, AtBlock, AtWarpOp, AtBarrier, Done };

struct Lane {
  Fiber F;
  LaneState St = Ready;
  int Next = -1; ///< the block it waits to enter (AtBlock)
  unsigned Tid[3] = {0, 0, 0};
  unsigned Index = 0; ///< linear thread index in the block
  // A pending warp operation.
  unsigned Op = 0, Mask = 0;
  uint64_t A = 0, B = 0, C = 0, Result = 0;
  // A pending barrier.
  unsigned BarKind = 0;
  int BarPred = 0;
};

/// The addresses one site saw in the running step, per space.
struct StepSite {
  uint64_t Stamp = 0;
  std::vector<std::pair<unsigned, uint64_t>> Lanes[2];
};

struct StackEntry {
  int PC, RPC; ///< block ids; -1 = the kernel's exit
  uint32_t Mask;
};

struct Warp {
  std::vector<Lane *> Lanes; ///< by lane id (fewer in a partial warp)
  std::vector<StackEntry> Stack;
  bool Started = false, InStep = false, Blocked = false, Finished = false;
  uint32_t Active = 0; ///< the lanes of the running entry
  int PC = -1;         ///< the block they run
  /// The running step's requests (a warp may wait at a barrier mid-step
  /// while others run theirs).
  std::vector<StepSite> Step;
  std::vector<unsigned> Touched;
  uint64_t Stamp = 0;
};

struct Launch {
  const LaunchInput *In = nullptr;
  LaunchOutput *Out = nullptr;
  std::vector<Lane> Lanes;
  std::vector<Warp> Warps;
  Warp *CurWarp = nullptr;
  Lane *Cur = nullptr;
  unsigned Block[3] = {0, 0, 0};
  std::vector<std::pair<uint64_t, uint64_t>> Arenas; ///< [begin, end)
  uint64_t Stamp = 0, Steps = 0;
  char *Args = nullptr;
  std::vector<char> Sink;
#if defined(__x86_64__)
  void *SchedSP = nullptr;
#else
  ucontext_t Sched;
#endif
  std::string Failure;
  bool Aborting = false, Truncated = false;
};

/// The lanes of \p W in state \p St.
inline uint32_t maskOf(const Warp &W, LaneState St) {
  uint32_t M = 0;
  for (size_t I = 0; I < W.Lanes.size(); ++I)
    if (W.Lanes[I]->St == St)
      M |= 1u << I;
  return M;
}

/// \p N bytes of anonymous memory, mapped without reserving swap; null on
/// failure.
char *mapBytes(size_t N);
/// Fills the arena at \p Base as the parameter's spec says.
void fillArena(char *Base, const ParamInput &P);

/// Carries out the warp operation the lanes of \p Group wait at.
void performWarpOp(Warp &W, uint32_t Group);
} // namespace ccl::jit::rt

#endif
