//===- JitRuntime.cpp - Running retargeted device code on CPU fibers ------===//
#include "runtime/jit/JitRuntime.h"
#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <sys/mman.h>
#if !defined(__x86_64__)
#include <ucontext.h>
#endif

using namespace ccl;
using namespace ccl::jit;

//===-- Fibers ------------------------------------------------------------===//
//
// x86-64: a switch saves the callee-saved registers, MXCSR and the x87
// control word on the old stack and restores them from the new one (glibc's
// swapcontext also changes the signal mask, a system call per switch).

namespace {
constexpr size_t StackBytes = 256 * 1024;

struct Fiber {
  char *Stack = nullptr;
#if defined(__x86_64__)
  void *SP = nullptr;
#else
  ucontext_t Ctx;
#endif
};
} // namespace

#if defined(__x86_64__)
extern "C" void ccl_fiber_switch(void **Save, void *To);
extern "C" void ccl_fiber_start();
asm(R"(
  .text
  .globl ccl_fiber_switch
  .type ccl_fiber_switch,@function
ccl_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size ccl_fiber_switch, .-ccl_fiber_switch
  .globl ccl_fiber_start
  .type ccl_fiber_start,@function
ccl_fiber_start:
  call ccl_fiber_main
  ud2
  .size ccl_fiber_start, .-ccl_fiber_start
)");
#endif

//===-- Launch state ------------------------------------------------------===//

namespace {
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

Launch *L = nullptr;

void switchToScheduler() {
#if defined(__x86_64__)
  ccl_fiber_switch(&L->Cur->F.SP, L->SchedSP);
#else
  swapcontext(&L->Cur->F.Ctx, &L->Sched);
#endif
}

void resume(Lane *Ln) {
  L->Cur = Ln;
  Ln->St = Ready;
#if defined(__x86_64__)
  ccl_fiber_switch(&L->SchedSP, Ln->F.SP);
#else
  swapcontext(&L->Sched, &Ln->F.Ctx);
#endif
  L->Cur = nullptr;
}

/// Stops the launch: every fiber is abandoned, the reason is reported.
[[noreturn]] void abortLaunch(const std::string &Why) {
  if (L->Failure.empty())
    L->Failure = Why;
  L->Aborting = true;
  for (;;)
    switchToScheduler();
}

/// Stops the launch at its step limit: the requests completed so far stand.
[[noreturn]] void stopLaunch() {
  L->Truncated = true;
  L->Aborting = true;
  for (;;)
    switchToScheduler();
}
} // namespace

extern "C" void ccl_fiber_main() {
  L->In->Entry(L->Args);
  L->Cur->St = Done;
  for (;;)
    switchToScheduler();
}

#if !defined(__x86_64__)
static void fiberEntryUcontext() { ccl_fiber_main(); }
#endif

namespace {
void startFiber(Lane &Ln) {
#if defined(__x86_64__)
  // The first switch pops the registers and "returns" into
  // ccl_fiber_start with the stack 16-byte aligned, so that its call
  // enters ccl_fiber_main as the ABI wants (rsp + 8 aligned).
  uintptr_t Top = (uintptr_t)(Ln.F.Stack + StackBytes) & ~(uintptr_t)15;
  uint64_t *S = (uint64_t *)Top;
  S[-1] = (uint64_t)&ccl_fiber_start;
  for (int I = 2; I <= 7; ++I) // rbp rbx r12 r13 r14 r15
    S[-I] = 0;
  uint32_t Ctl[2] = {0x1F80, 0x037F}; // MXCSR, x87 control word
  memcpy(&S[-8], Ctl, 8);
  Ln.F.SP = &S[-8];
#else
  getcontext(&Ln.F.Ctx);
  Ln.F.Ctx.uc_stack.ss_sp = Ln.F.Stack;
  Ln.F.Ctx.uc_stack.ss_size = StackBytes;
  Ln.F.Ctx.uc_link = nullptr;
  makecontext(&Ln.F.Ctx, fiberEntryUcontext, 0);
#endif
}

//===-- Address classification and counting -------------------------------===//

/// 0 global, 1 shared, 2 not counted (local, constant), 3 outside everything.
int classify(uint64_t A, unsigned Bytes) {
  const LaunchInput &In = *L->In;
  for (unsigned I = 0; I < In.NumVars; ++I) {
    const VarRange &V = In.Vars[I];
    if (A >= V.Begin && A + Bytes <= V.Begin + V.Size)
      return V.Space == SpShared ? 1 : V.Space == SpGlobal ? 0 : 2;
  }
  for (const auto &[B, E] : L->Arenas)
    if (A >= B && A + Bytes <= E)
      return 0;
  if (L->Cur) {
    uint64_t SB = (uint64_t)L->Cur->F.Stack;
    if (A >= SB && A + Bytes <= SB + StackBytes)
      return 2;
  }
  uint64_t AB = (uint64_t)L->Args;
  if (A >= AB && A + Bytes <= AB + L->In->ArgBytes)
    return 2;
  return 3;
}

void *record(unsigned Site, void *P, unsigned Bytes) {
  uint64_t A = (uint64_t)P;
  int Cls = classify(A, Bytes);
  if (Cls == 2)
    return P;
  const SiteInfo &SI = (*L->In->Sites)[Site];
  if (Cls == 3) {
    // Outside every buffer: counted in the space the instruction names, and
    // redirected to a sink so that the run goes on.
    L->Out->Sites[Site].OutOfRange = true;
    if (SI.StaticSpace == SpShared)
      Cls = 1;
    else if (SI.StaticSpace == SpGlobal || SI.StaticSpace == SpGeneric)
      Cls = 0;
    P = L->Sink.data();
  }
  Warp &W = *L->CurWarp;
  StepSite &S = W.Step[Site];
  if (S.Stamp != W.Stamp) {
    S.Stamp = W.Stamp;
    S.Lanes[0].clear();
    S.Lanes[1].clear();
    W.Touched.push_back(Site);
  }
  S.Lanes[Cls].push_back({L->Cur->Index % 32, A});
  return P;
}

void beginStep(Warp &W) { W.Stamp = ++L->Stamp; }

void endStep(Warp &W) {
  for (unsigned Site : W.Touched) {
    StepSite &S = W.Step[Site];
    SiteResult &R = L->Out->Sites[Site];
    unsigned Bytes = (*L->In->Sites)[Site].Bytes;
    for (int Sp = 0; Sp < 2; ++Sp) {
      if (S.Lanes[Sp].empty())
        continue;
      if (R.Requests[Sp]++ >= L->In->RequestCap)
        continue;
      Measurement M = measureRequest(S.Lanes[Sp], Bytes, Sp == 1);
      Measurement &W = R.Worst[Sp];
      bool Worse = !W.Executed || (Sp == 0 ? M.Sectors > W.Sectors
                                           : M.Wavefronts > W.Wavefronts);
      if (Worse)
        W = M;
      W.Executed = true;
    }
  }
  W.Touched.clear();
}

//===-- Warp scheduling
//----------------------------------------------------===//

uint32_t maskOf(const Warp &W, LaneState St) {
  uint32_t M = 0;
  for (size_t I = 0; I < W.Lanes.size(); ++I)
    if (W.Lanes[I]->St == St)
      M |= 1u << I;
  return M;
}

uint32_t liveMask(const Warp &W, uint32_t Mask) {
  return Mask & ~maskOf(W, Done);
}

void performWarpOp(Warp &W, uint32_t Group) {
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
  auto Val = [&](unsigned I) -> uint64_t {
    return I < W.Lanes.size() && (Part >> I & 1) ? W.Lanes[I]->A : 0;
  };
  uint64_t Red = 0;
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
  for (size_t I = 0; I < W.Lanes.size(); ++I) {
    if (!(Part >> I & 1))
      continue;
    Lane *Ln = W.Lanes[I];
    uint64_t R = 0;
    switch (Op) {
    case WShflIdx:
    case WShflUp:
    case WShflDown:
    case WShflBfly: {
      // B: lane operand, C: PTX's packed clamp (segment mask << 8 | clamp).
      int Lid = (int)I, Bv = (int)Ln->B;
      int Clamp = Ln->C & 0x1f, SegMask = (Ln->C >> 8) & 0x1f;
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
      R = (uint32_t)Val(J) | (uint64_t)(InRange ? 1 : 0) << 32;
      break;
    }
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
    case WMatchAll: {
      uint32_t Same = 0;
      for (size_t J = 0; J < W.Lanes.size(); ++J)
        if ((Part >> J & 1) && W.Lanes[J]->A == Ln->A)
          Same |= 1u << J;
      if (Op == WMatchAny)
        R = Same;
      else
        R = Same == Part ? (uint64_t)Part | (1ull << 32) : 0;
      break;
    }
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

int ipdom(int Block) {
  const std::vector<int> &P = *L->In->IPDom;
  return Block >= 0 && (size_t)Block < P.size() ? P[Block] : -1;
}

/// Runs warp \p W until it finishes or waits at a barrier.
void advance(Warp &W) {
  L->CurWarp = &W;
  if (!W.Started) {
    // Every lane runs to the kernel's first block.
    W.Started = true;
    uint32_t All = 0;
    for (size_t I = 0; I < W.Lanes.size(); ++I) {
      resume(W.Lanes[I]);
      All |= 1u << I;
    }
    if (L->Aborting)
      return;
    int Entry = -1;
    for (Lane *Ln : W.Lanes)
      if (Ln->St == AtBlock)
        Entry = Ln->Next;
    W.Stack.push_back({Entry, -2, All});
  }
  for (;;) {
    if (!W.InStep) {
      if (W.Stack.empty()) {
        W.Finished = true;
        return;
      }
      StackEntry &E = W.Stack.back();
      uint32_t Live = liveMask(W, E.Mask);
      if (!Live || E.PC == E.RPC) {
        W.Stack.pop_back();
        continue;
      }
      W.Active = Live;
      W.PC = E.PC;
      W.InStep = true;
      for (size_t I = 0; I < W.Lanes.size(); ++I)
        if (Live >> I & 1)
          W.Lanes[I]->St = Ready;
      beginStep(W);
    }
    // Resume the group's ready lanes, then meet at warp operations.
    for (;;) {
      for (size_t I = 0; I < W.Lanes.size(); ++I)
        if ((W.Active >> I & 1) && W.Lanes[I]->St == Ready) {
          resume(W.Lanes[I]);
          if (L->Aborting)
            return;
        }
      if (W.Active & maskOf(W, AtWarpOp)) {
        performWarpOp(W, W.Active);
        continue;
      }
      break;
    }
    if (W.Active & maskOf(W, AtBarrier)) {
      W.Blocked = true;
      return;
    }
    endStep(W);
    W.InStep = false;
    // Where the group goes next.
    StackEntry &E = W.Stack.back();
    uint32_t Live = liveMask(W, W.Active);
    std::vector<std::pair<int, uint32_t>> Targets;
    for (size_t I = 0; I < W.Lanes.size(); ++I) {
      if (!(Live >> I & 1))
        continue;
      int N = W.Lanes[I]->Next;
      auto It = std::find_if(Targets.begin(), Targets.end(),
                             [&](const auto &T) { return T.first == N; });
      if (It == Targets.end())
        Targets.push_back({N, 1u << I});
      else
        It->second |= 1u << I;
    }
    if (Targets.empty()) {
      E.Mask &= ~W.Active;
      continue;
    }
    if (Targets.size() == 1) {
      E.PC = Targets[0].first;
      continue;
    }
    int R = ipdom(W.PC);
    E.PC = R;
    // The target with the smallest block id runs first (pushed last).
    std::sort(Targets.begin(), Targets.end(),
              [](const auto &A, const auto &B) { return A.first > B.first; });
    for (const auto &[N, M] : Targets)
      W.Stack.push_back({N, R, M});
  }
}

void runBlock() {
  for (Lane &Ln : L->Lanes) {
    Ln.St = Ready;
    Ln.Next = -1;
    startFiber(Ln);
  }
  for (Warp &W : L->Warps) {
    W.Stack.clear();
    W.Started = W.InStep = W.Blocked = W.Finished = false;
  }
  for (;;) {
    bool AllDone = true;
    for (Warp &W : L->Warps) {
      if (W.Finished || W.Blocked)
        continue;
      advance(W);
      if (L->Aborting)
        return;
    }
    for (Warp &W : L->Warps)
      AllDone &= W.Finished;
    if (AllDone)
      return;
    // Every warp waits at a barrier or has finished: release them, with the
    // barrier's reduction over the lanes that arrived.
    int And = 1, Or = 0, Popc = 0;
    for (Lane &Ln : L->Lanes)
      if (Ln.St == AtBarrier) {
        And &= Ln.BarPred != 0;
        Or |= Ln.BarPred != 0;
        Popc += Ln.BarPred != 0;
      }
    for (Lane &Ln : L->Lanes)
      if (Ln.St == AtBarrier) {
        Ln.Result = Ln.BarKind == 1 ? And : Ln.BarKind == 2 ? Or : Popc;
        Ln.St = Ready;
      }
    for (Warp &W : L->Warps)
      W.Blocked = false;
  }
}

char *mapBytes(size_t N) {
  void *P = mmap(nullptr, N, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return P == MAP_FAILED ? nullptr : (char *)P;
}

constexpr uint64_t ArenaBytes = 64ull << 20;

void fillArena(char *Base, const ParamInput &P) {
  if (P.Contents == "zeros" || !P.ElemBytes)
    return;
  uint64_t N =
      (P.ExtentBytes ? P.ExtentBytes : 16384 * P.ElemBytes) / P.ElemBytes;
  std::mt19937_64 Rng(P.Seed);
  std::uniform_real_distribution<double> U(P.Lo, P.Hi);
  for (uint64_t I = 0; I < N; ++I) {
    double V = P.Contents == "iota"       ? (double)I
               : P.Contents == "constant" ? P.Constant
                                          : U(Rng);
    char *D = Base + I * P.ElemBytes;
    if (P.ElemFloat && P.ElemBytes == 4) {
      float F = (float)V;
      memcpy(D, &F, 4);
    } else if (P.ElemFloat && P.ElemBytes == 8) {
      memcpy(D, &V, 8);
    } else {
      int64_t X = (int64_t)V;
      memcpy(D, &X, P.ElemBytes);
    }
  }
}
} // namespace

LaunchOutput ccl::jit::runLaunch(const LaunchInput &In) {
  LaunchOutput Out;
  Out.Sites.resize(In.Sites->size());
  Launch Ln;
  L = &Ln;
  Ln.In = &In;
  Ln.Out = &Out;
  Ln.Sink.assign(1 << 16, 0);
  // Arguments: pointers to arenas, scalars as given.
  std::vector<char> Args(In.ArgBytes + 16, 0);
  Ln.Args = Args.data();
  for (const ParamInput &P : In.Params) {
    char *D = Args.data() + P.Offset;
    switch (P.K) {
    case ParamInput::Pointer: {
      char *A = mapBytes(ArenaBytes);
      if (!A) {
        Out.Failure = "cannot map a buffer";
        return Out;
      }
      uint64_t End = P.ExtentBytes ? P.ExtentBytes : ArenaBytes;
      Ln.Arenas.push_back({(uint64_t)A, (uint64_t)A + End});
      fillArena(A, P);
      memcpy(D, &A, sizeof(A));
      break;
    }
    case ParamInput::Int:
      memcpy(D, &P.IntValue, std::min<unsigned>(P.Size, 8));
      break;
    case ParamInput::Float: {
      float F = (float)P.FloatValue;
      memcpy(D, &F, 4);
      break;
    }
    case ParamInput::Double:
      memcpy(D, &P.FloatValue, 8);
      break;
    case ParamInput::Bytes:
      break;
    }
  }
  unsigned Threads = In.Block[0] * In.Block[1] * In.Block[2];
  Ln.Lanes.resize(Threads);
  char *Stacks = mapBytes(StackBytes * (size_t)Threads);
  if (!Stacks) {
    Out.Failure = "cannot map the thread stacks";
    return Out;
  }
  for (unsigned T = 0; T < Threads; ++T) {
    Lane &La = Ln.Lanes[T];
    La.F.Stack = Stacks + StackBytes * T;
    La.Index = T;
    La.Tid[0] = T % In.Block[0];
    La.Tid[1] = T / In.Block[0] % In.Block[1];
    La.Tid[2] = T / (In.Block[0] * In.Block[1]);
  }
  Ln.Warps.resize((Threads + 31) / 32);
  for (unsigned T = 0; T < Threads; ++T)
    Ln.Warps[T / 32].Lanes.push_back(&Ln.Lanes[T]);
  for (Warp &W : Ln.Warps)
    W.Step.resize(In.Sites->size());
  for (unsigned Z = 0; Z < In.Grid[2] && !Ln.Aborting; ++Z)
    for (unsigned Y = 0; Y < In.Grid[1] && !Ln.Aborting; ++Y)
      for (unsigned X = 0; X < In.Grid[0] && !Ln.Aborting; ++X) {
        Ln.Block[0] = X;
        Ln.Block[1] = Y;
        Ln.Block[2] = Z;
        for (unsigned I = 0; I < In.NumVars; ++I)
          if (In.Vars[I].Space == SpShared)
            memset((void *)In.Vars[I].Begin, 0, In.Vars[I].Size);
        runBlock();
      }
  Out.Failure = Ln.Failure;
  Out.Truncated = Ln.Truncated && Ln.Failure.empty();
  munmap(Stacks, StackBytes * (size_t)Threads);
  for (const auto &[B, E] : Ln.Arenas)
    munmap((void *)B, ArenaBytes);
  L = nullptr;
  return Out;
}

//===-- The functions the retargeted code calls
//----------------------------===//

extern "C" {
void ccl_bb(int Block) {
  if (++L->Steps > L->In->StepLimit)
    stopLaunch();
  L->Cur->Next = Block;
  L->Cur->St = AtBlock;
  switchToScheduler();
}

void *ccl_acc(int Site, void *P) {
  return record(Site, P, (*L->In->Sites)[Site].Bytes);
}

/// N consecutive chunks of one memcpy/memset side, sites First..First+N-1.
void *ccl_acc_span(int First, int N, void *P) {
  bool Out = false;
  uint64_t Off = 0;
  for (int I = 0; I < N; ++I) {
    unsigned B = (*L->In->Sites)[First + I].Bytes;
    Out |= record(First + I, (char *)P + Off, B) != (char *)P + Off;
    Off += B;
  }
  return Out ? L->Sink.data() : P;
}

uint64_t ccl_sreg(int Code) {
  Lane *Ln = L->Cur;
  const LaunchInput &In = *L->In;
  unsigned Lid = Ln->Index % 32;
  switch (Code) {
  case SrTidX:
  case SrTidY:
  case SrTidZ:
    return Ln->Tid[Code - SrTidX];
  case SrNtidX:
  case SrNtidY:
  case SrNtidZ:
    return In.Block[Code - SrNtidX];
  case SrCtaidX:
  case SrCtaidY:
  case SrCtaidZ:
    return L->Block[Code - SrCtaidX];
  case SrNctaidX:
  case SrNctaidY:
  case SrNctaidZ:
    return In.Grid[Code - SrNctaidX];
  case SrLaneId:
    return Lid;
  case SrWarpId:
    return Ln->Index / 32;
  case SrNWarpId:
    return L->Warps.size();
  case SrWarpSize:
    return 32;
  case SrLanemaskEq:
    return 1u << Lid;
  case SrLanemaskLe:
    return (uint32_t)((2ull << Lid) - 1);
  case SrLanemaskLt:
    return (1u << Lid) - 1;
  case SrLanemaskGe:
    return ~((1u << Lid) - 1);
  case SrLanemaskGt:
    return (uint32_t)~((2ull << Lid) - 1);
  case SrClock:
    return L->Steps;
  default:
    return 0;
  }
}

int ccl_barrier(int Kind, int Pred) {
  L->Cur->BarKind = Kind;
  L->Cur->BarPred = Pred;
  L->Cur->St = AtBarrier;
  switchToScheduler();
  return (int)L->Cur->Result;
}

uint64_t ccl_warp(int Op, unsigned Mask, uint64_t A, uint64_t B, uint64_t C) {
  Lane *Ln = L->Cur;
  Ln->Op = Op;
  Ln->Mask = Mask;
  Ln->A = A;
  Ln->B = B;
  Ln->C = C;
  Ln->St = AtWarpOp;
  switchToScheduler();
  return L->Cur->Result;
}

void ccl_unsupported(const char *What) {
  abortLaunch(std::string("executed ") + What +
              ", which the cpu runtime "
              "does not implement");
}

/// A lane reached `unreachable` (after __trap(), or a path the compiler
/// proved impossible): the GPU would stop the kernel.
void ccl_unreachable() {
  abortLaunch("a lane reached a trap or code the compiler marks unreachable "
              "(undefined behaviour, such as a shift past the width)");
}

/// Device-side graph API: sets the condition a conditional node of the
/// enclosing CUDA graph reads after the kernel; nothing in the kernel's own
/// memory traffic depends on it.
void ccl_graph_set_conditional(unsigned long long, unsigned) {}

// Half precision (IEEE binary16) and bfloat16 conversions.
static float halfToFloat(uint16_t H) {
  uint32_t S = (H >> 15) & 1, E = (H >> 10) & 0x1f, M = H & 0x3ff;
  float V;
  if (E == 0)
    V = std::ldexp((float)M, -24);
  else if (E == 31)
    V = M ? NAN : INFINITY;
  else
    V = std::ldexp((float)(M | 0x400), (int)E - 25);
  return S ? -V : V;
}
static uint16_t floatToHalf(float F) {
  uint32_t X;
  memcpy(&X, &F, 4);
  uint32_t S = (X >> 16) & 0x8000;
  float A = std::fabs(F);
  if (std::isnan(F))
    return S | 0x7e00;
  if (A >= 65520.0f)
    return S | 0x7c00;
  if (A < std::ldexp(1.0f, -14)) {
    // Subnormal: round to nearest even multiple of 2^-24.
    float Q = std::nearbyint(A * std::ldexp(1.0f, 24));
    return S | (uint16_t)Q;
  }
  int E;
  float Mf = std::frexp(A, &E);             // A = Mf * 2^E, Mf in [0.5, 1)
  float Sig = std::nearbyint(Mf * 2048.0f); // 11 bits
  if (Sig >= 2048.0f) {
    Sig /= 2;
    ++E;
  }
  unsigned HE = E + 14;
  if (HE >= 31)
    return S | 0x7c00;
  return S | HE << 10 | ((unsigned)Sig & 0x3ff);
}
static float bf16ToFloat(uint16_t H) {
  uint32_t X = (uint32_t)H << 16;
  float F;
  memcpy(&F, &X, 4);
  return F;
}
static uint16_t floatToBf16(float F) {
  uint32_t X;
  memcpy(&X, &F, 4);
  if (std::isnan(F))
    return 0x7fc0;
  X += 0x7fff + ((X >> 16) & 1);
  return X >> 16;
}

uint16_t ccl_f2h(float F) { return floatToHalf(F); }
float ccl_h2f(uint16_t H) { return halfToFloat(H); }
uint16_t ccl_f2bf(float F) { return floatToBf16(F); }
float ccl_bf2f(uint16_t H) { return bf16ToFloat(H); }

/// One PTX instruction of the half/bfloat16 kind that cuda_fp16.hpp and
/// cuda_bf16.hpp write as inline assembly: OP on packed operands.
/// Kind: 0 f16, 1 f16x2, 2 bf16, 3 bf16x2. Ops: 0 add 1 sub 2 mul 3 fma
/// 4 min 5 max 6 neg 7 abs.
uint32_t ccl_ptx_fp16(int Kind, int Op, uint32_t A, uint32_t B, uint32_t C) {
  bool Bf = Kind >= 2, Two = Kind & 1;
  auto Get = [&](uint32_t V, int Half) {
    uint16_t H = (uint16_t)(V >> (16 * Half));
    return Bf ? bf16ToFloat(H) : halfToFloat(H);
  };
  auto Put = [&](float F) -> uint32_t {
    return Bf ? floatToBf16(F) : floatToHalf(F);
  };
  uint32_t R = 0;
  for (int H = 0; H < (Two ? 2 : 1); ++H) {
    float X = Get(A, H), Y = Get(B, H), Z = Get(C, H), V = 0;
    switch (Op) {
    case 0:
      V = X + Y;
      break;
    case 1:
      V = X - Y;
      break;
    case 2:
      V = X * Y;
      break;
    case 3:
      V = std::fma(X, Y, Z);
      break;
    case 4:
      V = std::fmin(X, Y);
      break;
    case 5:
      V = std::fmax(X, Y);
      break;
    case 6:
      V = -X;
      break;
    case 7:
      V = std::fabs(X);
      break;
    }
    R |= Put(V) << (16 * H);
  }
  return R;
}

// Device-side assert and printf (clang lowers printf to vprintf).
void ccl_assertfail(const char *Msg, const char *File, unsigned Line,
                    const char *Func, size_t) {
  abortLaunch(std::string("an assertion failed: ") + (Msg ? Msg : "") + " (" +
              (File ? File : "?") + ":" + std::to_string(Line) + ")");
}
int ccl_vprintf(const char *, void *) { return 0; }

// libdevice functions that have no C library twin.
float ccl_nv_rsqrtf(float X) { return 1.0f / std::sqrt(X); }
double ccl_nv_rsqrt(double X) { return 1.0 / std::sqrt(X); }
float ccl_nv_fdividef(float A, float B) { return A / B; }
float ccl_nv_saturatef(float X) {
  return std::isnan(X) ? 0.0f : std::fmin(1.0f, std::fmax(0.0f, X));
}
float ccl_nv_exp10f(float X) { return std::pow(10.0f, X); }
// pow(x, n) with an integer n (libdevice's __nv_powif/__nv_powi; clang
// makes them of pow(x, 2) and the like).
float ccl_nv_powif(float X, int N) { return std::pow(X, (float)N); }
double ccl_nv_powi(double X, int N) { return std::pow(X, (double)N); }
int ccl_nv_umul24(int A, int B) {
  return (int)(((unsigned)A & 0xffffff) * ((unsigned)B & 0xffffff));
}
int ccl_nv_mul24(int A, int B) { return ((A << 8) >> 8) * ((B << 8) >> 8); }
int ccl_nv_mulhi(int A, int B) { return (int)(((int64_t)A * B) >> 32); }
unsigned ccl_nv_umulhi(unsigned A, unsigned B) {
  return (unsigned)(((uint64_t)A * B) >> 32);
}
int ccl_nv_popc(unsigned X) { return __builtin_popcount(X); }
int ccl_nv_popcll(uint64_t X) { return __builtin_popcountll(X); }
int ccl_nv_clz(unsigned X) { return X ? __builtin_clz(X) : 32; }
int ccl_nv_clzll(uint64_t X) { return X ? __builtin_clzll(X) : 64; }
int ccl_nv_ffs(unsigned X) { return __builtin_ffs((int)X); }
int ccl_nv_ffsll(uint64_t X) { return __builtin_ffsll((long long)X); }
unsigned ccl_nv_brev(unsigned X) {
  unsigned R = 0;
  for (int I = 0; I < 32; ++I)
    R |= ((X >> I) & 1) << (31 - I);
  return R;
}
int ccl_nv_min(int A, int B) { return A < B ? A : B; }
int ccl_nv_max(int A, int B) { return A > B ? A : B; }
unsigned ccl_nv_umin(unsigned A, unsigned B) { return A < B ? A : B; }
unsigned ccl_nv_umax(unsigned A, unsigned B) { return A > B ? A : B; }
int ccl_nv_abs(int A) { return A < 0 ? -A : A; }
float ccl_nv_sinpif(float X) { return std::sin((float)M_PI * X); }
float ccl_nv_cospif(float X) { return std::cos((float)M_PI * X); }
void ccl_nv_sincosf(float X, float *S, float *C) {
  *S = std::sin(X);
  *C = std::cos(X);
}
float ccl_nv_fast_rcp(float X) { return 1.0f / X; }
int ccl_nv_float2int_rn(float X) { return (int)std::nearbyint(X); }
int ccl_nv_float2int_rz(float X) { return (int)X; }
int ccl_nv_float2int_rd(float X) { return (int)std::floor(X); }
int ccl_nv_float2int_ru(float X) { return (int)std::ceil(X); }
unsigned ccl_nv_float2uint_rn(float X) { return (unsigned)std::nearbyint(X); }
float ccl_nv_int2float_rn(int X) { return (float)X; }
float ccl_nv_uint2float_rn(unsigned X) { return (float)X; }
int ccl_nv_float_as_int(float X) {
  int I;
  memcpy(&I, &X, 4);
  return I;
}
float ccl_nv_int_as_float(int X) {
  float F;
  memcpy(&F, &X, 4);
  return F;
}
unsigned ccl_nv_float_as_uint(float X) {
  unsigned I;
  memcpy(&I, &X, 4);
  return I;
}
float ccl_nv_uint_as_float(unsigned X) {
  float F;
  memcpy(&F, &X, 4);
  return F;
}
// int -> float with a rounding direction (llm.c's stochastic rounding).
static float intToFloatRounded(long long X, int Mode) {
  int Saved = std::fegetround();
  std::fesetround(Mode);
  volatile long long V = X;
  float F = (float)V;
  std::fesetround(Saved);
  return F;
}
float ccl_nv_int2float_rz(int X) { return intToFloatRounded(X, FE_TOWARDZERO); }
float ccl_nv_int2float_rd(int X) { return intToFloatRounded(X, FE_DOWNWARD); }
float ccl_nv_int2float_ru(int X) { return intToFloatRounded(X, FE_UPWARD); }
float ccl_nv_uint2float_rz(unsigned X) {
  return intToFloatRounded(X, FE_TOWARDZERO);
}
float ccl_nv_uint2float_rd(unsigned X) {
  return intToFloatRounded(X, FE_DOWNWARD);
}
float ccl_nv_uint2float_ru(unsigned X) {
  return intToFloatRounded(X, FE_UPWARD);
}
int ccl_nv_isnanf(float X) { return std::isnan(X); }
int ccl_nv_isinff(float X) { return std::isinf(X); }
int ccl_nv_finitef(float X) { return std::isfinite(X); }
int ccl_nv_signbitf(float X) { return std::signbit(X); }
} // extern "C"

const std::vector<std::pair<const char *, void *>> &ccl::jit::runtimeSymbols() {
  static const std::vector<std::pair<const char *, void *>> Table = {
      {"ccl_bb", (void *)&ccl_bb},
      {"ccl_acc", (void *)&ccl_acc},
      {"ccl_acc_span", (void *)&ccl_acc_span},
      {"ccl_sreg", (void *)&ccl_sreg},
      {"ccl_barrier", (void *)&ccl_barrier},
      {"ccl_warp", (void *)&ccl_warp},
      {"ccl_unsupported", (void *)&ccl_unsupported},
      {"ccl_unreachable", (void *)&ccl_unreachable},
      {"cudaGraphSetConditional", (void *)&ccl_graph_set_conditional},
      {"ccl_f2h", (void *)&ccl_f2h},
      {"ccl_h2f", (void *)&ccl_h2f},
      {"ccl_f2bf", (void *)&ccl_f2bf},
      {"ccl_bf2f", (void *)&ccl_bf2f},
      {"ccl_ptx_fp16", (void *)&ccl_ptx_fp16},
      {"__assertfail", (void *)&ccl_assertfail},
      {"vprintf", (void *)&ccl_vprintf},
      {"__nv_rsqrtf", (void *)&ccl_nv_rsqrtf},
      {"__nv_rsqrt", (void *)&ccl_nv_rsqrt},
      {"__nv_fdividef", (void *)&ccl_nv_fdividef},
      {"__nv_fast_fdividef", (void *)&ccl_nv_fdividef},
      {"__nv_saturatef", (void *)&ccl_nv_saturatef},
      {"__nv_exp10f", (void *)&ccl_nv_exp10f},
      {"__nv_powif", (void *)&ccl_nv_powif},
      {"__nv_powi", (void *)&ccl_nv_powi},
      {"__nv_fast_exp10f", (void *)&ccl_nv_exp10f},
      {"__nv_umul24", (void *)&ccl_nv_umul24},
      {"__nv_mul24", (void *)&ccl_nv_mul24},
      {"__nv_mulhi", (void *)&ccl_nv_mulhi},
      {"__nv_umulhi", (void *)&ccl_nv_umulhi},
      {"__nv_popc", (void *)&ccl_nv_popc},
      {"__nv_popcll", (void *)&ccl_nv_popcll},
      {"__nv_clz", (void *)&ccl_nv_clz},
      {"__nv_clzll", (void *)&ccl_nv_clzll},
      {"__nv_ffs", (void *)&ccl_nv_ffs},
      {"__nv_ffsll", (void *)&ccl_nv_ffsll},
      {"__nv_brev", (void *)&ccl_nv_brev},
      {"__nv_min", (void *)&ccl_nv_min},
      {"__nv_max", (void *)&ccl_nv_max},
      {"__nv_umin", (void *)&ccl_nv_umin},
      {"__nv_umax", (void *)&ccl_nv_umax},
      {"__nv_abs", (void *)&ccl_nv_abs},
      {"__nv_sinpif", (void *)&ccl_nv_sinpif},
      {"__nv_cospif", (void *)&ccl_nv_cospif},
      {"__nv_sincosf", (void *)&ccl_nv_sincosf},
      {"__nv_fast_sincosf", (void *)&ccl_nv_sincosf},
      {"__nv_frcp_rn", (void *)&ccl_nv_fast_rcp},
      {"__nv_float2int_rn", (void *)&ccl_nv_float2int_rn},
      {"__nv_float2int_rz", (void *)&ccl_nv_float2int_rz},
      {"__nv_float2int_rd", (void *)&ccl_nv_float2int_rd},
      {"__nv_float2int_ru", (void *)&ccl_nv_float2int_ru},
      {"__nv_float2uint_rn", (void *)&ccl_nv_float2uint_rn},
      {"__nv_int2float_rn", (void *)&ccl_nv_int2float_rn},
      {"__nv_uint2float_rn", (void *)&ccl_nv_uint2float_rn},
      {"__nv_float_as_int", (void *)&ccl_nv_float_as_int},
      {"__nv_int_as_float", (void *)&ccl_nv_int_as_float},
      {"__nv_float_as_uint", (void *)&ccl_nv_float_as_uint},
      {"__nv_uint_as_float", (void *)&ccl_nv_uint_as_float},
      {"__nv_int2float_rz", (void *)&ccl_nv_int2float_rz},
      {"__nv_int2float_rd", (void *)&ccl_nv_int2float_rd},
      {"__nv_int2float_ru", (void *)&ccl_nv_int2float_ru},
      {"__nv_uint2float_rz", (void *)&ccl_nv_uint2float_rz},
      {"__nv_uint2float_rd", (void *)&ccl_nv_uint2float_rd},
      {"__nv_uint2float_ru", (void *)&ccl_nv_uint2float_ru},
      {"__nv_isnanf", (void *)&ccl_nv_isnanf},
      {"__nv_isinff", (void *)&ccl_nv_isinff},
      {"__nv_finitef", (void *)&ccl_nv_finitef},
      {"__nv_signbitf", (void *)&ccl_nv_signbitf},
  };
  return Table;
}
