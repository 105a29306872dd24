//===- JitRuntime.cpp - Running retargeted device code on CPU fibers ------===//
#include "runtime/jit/JitRuntime.h"
#include "runtime/jit/JitLaunchState.h"
#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#if !defined(__x86_64__)
#include <ucontext.h>
#endif

using namespace ccl;
using namespace ccl::jit;
using namespace ccl::jit::rt;

//===-- Fibers ------------------------------------------------------------===//
//
// x86-64: a switch saves the callee-saved registers, MXCSR and the x87
// control word on the old stack and restores them from the new one (glibc's
// swapcontext also changes the signal mask, a system call per switch).

namespace {
constexpr size_t StackBytes = 256 * 1024;
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

//===-- Warp scheduling ---------------------------------------------------===//

uint32_t liveMask(const Warp &W, uint32_t Mask) {
  return Mask & ~maskOf(W, Done);
}


int ipdom(int Block) {
  const std::vector<int> &P = *L->In->IPDom;
  return Block >= 0 && (size_t)Block < P.size() ? P[Block] : -1;
}

/// Every lane of \p W runs to the first block; false when the launch aborts.
bool startWarp(Warp &W) {
  W.Started = true;
  uint32_t All = 0;
  for (size_t I = 0; I < W.Lanes.size(); ++I) {
    resume(W.Lanes[I]);
    All |= 1u << I;
  }
  if (L->Aborting)
    return false;
  int Entry = -1;
  for (Lane *Ln : W.Lanes)
    if (Ln->St == AtBlock)
      Entry = Ln->Next;
  W.Stack.push_back({Entry, -2, All});
  return true;
}

/// Where \p W's active lanes go next: one block, or each until they meet.
void branch(Warp &W) {
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
    return;
  }
  if (Targets.size() == 1) {
    E.PC = Targets[0].first;
    return;
  }
  int R = ipdom(W.PC);
  E.PC = R;
  // The target with the smallest block id runs first (pushed last).
  std::sort(Targets.begin(), Targets.end(),
            [](const auto &A, const auto &B) { return A.first > B.first; });
  for (const auto &[N, M] : Targets)
    W.Stack.push_back({N, R, M});
}

/// Runs warp \p W until it finishes or waits at a barrier.
void advance(Warp &W) {
  L->CurWarp = &W;
  if (!W.Started && !startWarp(W))
    return;
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
    branch(W);
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

constexpr uint64_t ArenaBytes = 64ull << 20;
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

//===-- The functions the retargeted code calls ---------------------------===//

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

// Device-side assert and printf (clang lowers printf to vprintf).
void ccl_assertfail(const char *Msg, const char *File, unsigned Line,
                    const char *Func, size_t) {
  abortLaunch(std::string("an assertion failed: ") + (Msg ? Msg : "") + " (" +
              (File ? File : "?") + ":" + std::to_string(Line) + ")");
}
int ccl_vprintf(const char *, void *) { return 0; }

} // extern "C"

const std::vector<std::pair<const char *, void *>> &ccl::jit::runtimeSymbols() {
  static const std::vector<std::pair<const char *, void *>> Table = [] {
    std::vector<std::pair<const char *, void *>> V = {
        {"ccl_bb", (void *)&ccl_bb},
        {"ccl_acc", (void *)&ccl_acc},
        {"ccl_acc_span", (void *)&ccl_acc_span},
        {"ccl_sreg", (void *)&ccl_sreg},
        {"ccl_barrier", (void *)&ccl_barrier},
        {"ccl_warp", (void *)&ccl_warp},
        {"ccl_unsupported", (void *)&ccl_unsupported},
        {"ccl_unreachable", (void *)&ccl_unreachable},
        {"cudaGraphSetConditional", (void *)&ccl_graph_set_conditional},
        {"__assertfail", (void *)&ccl_assertfail},
        {"vprintf", (void *)&ccl_vprintf},
    };
    const auto &Math = mathSymbols();
    V.insert(V.end(), Math.begin(), Math.end());
    return V;
  }();
  return Table;
}
