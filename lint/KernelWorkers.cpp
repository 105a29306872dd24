//===- KernelWorkers.cpp - One file's analyses in forked worker processes -===//
#include "lint/KernelWorkers.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <new>
#include <poll.h>
#include <sys/mman.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>

using namespace ccl;

namespace {

/// The other threads of this process, if any can be seen (Linux's
/// /proc/self/task); unknown counts as some.
bool singleThreaded() {
  std::error_code EC;
  unsigned N = 0;
  for (llvm::sys::fs::directory_iterator It("/proc/self/task", EC), End;
       !EC && It != End; It.increment(EC))
    ++N;
  return !EC && N == 1;
}

bool writeAll(int Fd, const char *P, size_t N) {
  while (N) {
    ssize_t W = ::write(Fd, P, N);
    if (W < 0 && errno == EINTR)
      continue;
    if (W <= 0)
      return false;
    P += W;
    N -= size_t(W);
  }
  return true;
}

/// The memory this process has written since the fork (Linux:
/// Private_Dirty of /proc/self/smaps_rollup), for --time-kernels.
std::string privateMemory() {
  auto Buf = llvm::MemoryBuffer::getFileAsStream("/proc/self/smaps_rollup");
  if (!Buf)
    return "private memory unknown";
  llvm::StringRef Text = (*Buf)->getBuffer();
  size_t At = Text.find("Private_Dirty:");
  if (At == llvm::StringRef::npos)
    return "private memory unknown";
  return llvm::StringRef(Text.substr(At)).split('\n').first.str();
}

/// What the workers share with the parent: the next job to take, and the
/// job each worker is on (-1: none), so that the parent knows which job a
/// dead worker died on.
struct SharedState {
  std::atomic<size_t> Next{0};
  std::atomic<int64_t> Current[kMaxKernelWorkers];
};

/// The signals of a crash in the job itself (not of a kill from outside).
bool isCrash(int Sig) {
  return Sig == SIGSEGV || Sig == SIGBUS || Sig == SIGILL || Sig == SIGFPE ||
         Sig == SIGABRT || Sig == SIGTRAP;
}

/// A worker's life: jobs until the counter runs out, each result framed as
/// (index, size, bytes) on \p Fd. Never returns.
[[noreturn]] void workerMain(int Fd, SharedState &St, unsigned Me, size_t N,
                             llvm::function_ref<std::string(size_t)> Job,
                             bool Time) {
#ifdef __linux__
  // A worker does not outlive a parent killed outright.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  // A crash ends this process, where the parent sees it: no recovery that
  // would go on running the parent's code here, no crash handler output
  // beyond the signal's.
  llvm::CrashRecoveryContext::Disable();
  for (int S : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP})
    std::signal(S, SIG_DFL);
  timespec T0;
  clock_gettime(CLOCK_MONOTONIC, &T0);
  unsigned Jobs = 0;
  for (size_t I; (I = St.Next.fetch_add(1)) < N; ++Jobs) {
    St.Current[Me] = int64_t(I);
    std::string R = Job(I);
    uint64_t Head[2] = {uint64_t(I), uint64_t(R.size())};
    if (!writeAll(Fd, reinterpret_cast<const char *>(Head), sizeof Head) ||
        !writeAll(Fd, R.data(), R.size()))
      _exit(2);
    St.Current[Me] = -1;
  }
  if (Time) {
    // --time-kernels: how long this worker ran, and its CPU time.
    timespec T1, C;
    clock_gettime(CLOCK_MONOTONIC, &T1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &C);
    llvm::errs() << ("ccl-worker\t" + std::to_string(getpid()) + "\t" +
                     std::to_string(Jobs) + " jobs\t" +
                     std::to_string(T1.tv_sec - T0.tv_sec +
                                    (T1.tv_nsec - T0.tv_nsec) * 1e-9) +
                     " s\t" + std::to_string(C.tv_sec + C.tv_nsec * 1e-9) +
                     " s CPU\t" + privateMemory() + "\n");
  }
  // _exit: no atexit handlers, no static destructors, no flush of output
  // buffered before the fork (the parent prints that).
  _exit(0);
}

struct Child {
  pid_t Pid = -1;
  int Fd = -1;
  std::string Buf;
};

/// Takes the complete frames off the front of \p C.Buf.
void takeFrames(Child &C, std::vector<std::optional<std::string>> &Out,
                llvm::function_ref<void(size_t)> OnResult) {
  size_t Pos = 0;
  while (C.Buf.size() - Pos >= 16) {
    uint64_t Head[2];
    std::memcpy(Head, C.Buf.data() + Pos, sizeof Head);
    if (C.Buf.size() - Pos - 16 < Head[1])
      break;
    if (Head[0] < Out.size()) {
      Out[Head[0]] = C.Buf.substr(Pos + 16, Head[1]);
      if (OnResult)
        OnResult(Head[0]);
    }
    Pos += 16 + Head[1];
  }
  C.Buf.erase(0, Pos);
}

/// Runs jobs here, from the first, while the jobs left are not expected to
/// take long enough to pay for the fork (estimated from the jobs done so
/// far); returns the first job not run. With many jobs left (four per
/// worker or more) half of \p MinForkSeconds is enough: the estimate is
/// then an average over many jobs, and each worker's start (its first jobs
/// run on cold copy-on-write pages, several times slower than here) is
/// spread over several. With few, one long job among them makes the
/// average wrong both ways (docs/benchmarks.md).
size_t runUntilForkPays(size_t N, unsigned Workers, double MinForkSeconds,
                        llvm::function_ref<void(size_t)> RunHere) {
  size_t Start = 0;
  auto T0 = std::chrono::steady_clock::now();
  for (; Start < N; ++Start) {
    double Spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
            .count();
    size_t Left = N - Start;
    double Need =
        Left >= 4 * size_t(Workers) ? MinForkSeconds / 2 : MinForkSeconds;
    if (Start > 0 && Left >= 2 && Spent / double(Start) * double(Left) >= Need)
      break;
    RunHere(Start);
  }
  return Start;
}

/// The forked workers of one runInWorkers call, as the parent sees them.
class WorkerPool {
public:
  WorkerPool(SharedState &St, size_t N,
             llvm::function_ref<std::string(size_t)> Job, bool TimeWorkers,
             llvm::function_ref<void(size_t)> OnResult, WorkerOutcome &O,
             std::vector<bool> &Crashed)
      : St(St), N(N), Job(Job), TimeWorkers(TimeWorkers), OnResult(OnResult),
        O(O), Crashed(Crashed) {}

  /// Starts worker \p W (a slot of Current); false when no process can be
  /// made.
  bool spawn(unsigned W) {
    int P[2];
    if (pipe(P) != 0)
      return false;
    pid_t Pid = fork();
    if (Pid < 0) {
      close(P[0]);
      close(P[1]);
      return false;
    }
    if (Pid == 0) {
      close(P[0]);
      for (const Child &C : Children)
        if (C.Fd >= 0)
          close(C.Fd);
      workerMain(P[1], St, W, N, Job, TimeWorkers);
    }
    close(P[1]);
    if (W < Children.size())
      Children[W] = {Pid, P[0], {}};
    else
      Children.push_back({Pid, P[0], {}});
    return true;
  }
  unsigned size() const { return unsigned(Children.size()); }

  /// Reads every worker's frames until each closes its pipe; a worker that
  /// ended while jobs are left is replaced, so that a crash costs its job
  /// only and the jobs after it still run in a worker.
  void collect() {
    std::vector<pollfd> Fds;
    for (const Child &C : Children)
      Fds.push_back({C.Fd, POLLIN, 0});
    size_t Open = Children.size();
    // At most N replacements: a worker that ends before it takes a job is
    // not replaced forever.
    size_t Respawns = 0;
    char Buf[1 << 16];
    while (Open) {
      if (poll(Fds.data(), Fds.size(), -1) < 0) {
        if (errno == EINTR)
          continue;
        break;
      }
      for (size_t K = 0; K < Fds.size(); ++K) {
        if (Fds[K].fd < 0 || !(Fds[K].revents & (POLLIN | POLLHUP | POLLERR)))
          continue;
        ssize_t R = ::read(Fds[K].fd, Buf, sizeof Buf);
        if (R < 0 && errno == EINTR)
          continue;
        if (R > 0) {
          Children[K].Buf.append(Buf, size_t(R));
          takeFrames(Children[K], O.Results, OnResult);
          continue;
        }
        close(Fds[K].fd);
        Children[K].Fd = Fds[K].fd = -1;
        reap(unsigned(K));
        if (St.Next.load() < N && Respawns++ < N && spawn(unsigned(K))) {
          Fds[K].fd = Children[K].Fd;
          continue;
        }
        --Open;
      }
    }
  }

  /// Closes the pipes left open and waits for every worker left.
  void finish() {
    for (size_t K = 0; K < Children.size(); ++K) {
      if (Children[K].Fd >= 0)
        close(Children[K].Fd);
      if (Children[K].Pid >= 0)
        reap(unsigned(K));
    }
  }

private:
  /// A worker's end: which job it crashed on, if it did.
  void reap(unsigned K) {
    int Status = 0;
    while (waitpid(Children[K].Pid, &Status, 0) < 0 && errno == EINTR)
      ;
    Children[K].Pid = -1;
    // The job a worker crashed on has no result and is not run again here.
    int64_t On = St.Current[K];
    St.Current[K] = -1;
    if (WIFSIGNALED(Status) && isCrash(WTERMSIG(Status)) && On >= 0 &&
        size_t(On) < N && !O.Results[On]) {
      Crashed[On] = true;
      O.Crashes.push_back(
          {size_t(On), "signal " + std::to_string(WTERMSIG(Status))});
      if (OnResult)
        OnResult(size_t(On));
    }
  }

  SharedState &St;
  size_t N;
  llvm::function_ref<std::string(size_t)> Job;
  bool TimeWorkers;
  llvm::function_ref<void(size_t)> OnResult;
  WorkerOutcome &O;
  std::vector<bool> &Crashed;
  std::vector<Child> Children;
};

} // namespace

WorkerOutcome ccl::runInWorkers(size_t N, unsigned Workers,
                                llvm::function_ref<std::string(size_t)> Job,
                                double MinForkSeconds, bool ForkOne,
                                llvm::function_ref<void(size_t)> OnResult,
                                bool TimeWorkers) {
  WorkerOutcome O;
  O.Results.resize(N);
  std::vector<bool> Crashed(N, false);
  auto RunHere = [&](size_t I) {
    O.Results[I] = Job(I);
    if (OnResult)
      OnResult(I);
  };
  auto Here = [&] {
    for (size_t I = 0; I < N; ++I)
      if (!O.Results[I] && !Crashed[I])
        RunHere(I);
  };
  Workers = std::min<size_t>({Workers, N, kMaxKernelWorkers});
  if (Workers < (ForkOne ? 1u : 2u) || !singleThreaded()) {
    Here();
    return O;
  }
  // Here first, while the jobs left are not expected to pay for the fork.
  size_t Start = 0;
  if (MinForkSeconds > 0) {
    Start = runUntilForkPays(N, Workers, MinForkSeconds, RunHere);
    if (N - Start < 2) {
      Here();
      return O;
    }
    Workers = std::min<size_t>(Workers, N - Start);
  }
  void *Mem = mmap(nullptr, sizeof(SharedState), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (Mem == MAP_FAILED) {
    Here();
    return O;
  }
  auto *St = new (Mem) SharedState();
  St->Next = Start;
  for (auto &C : St->Current)
    C = -1;
  // What is buffered now would be printed again by every child that
  // flushed it; they do not (_exit), but flush anyway.
  fflush(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  WorkerPool Pool(*St, N, Job, TimeWorkers, OnResult, O, Crashed);
  for (unsigned W = 0; W < Workers; ++W)
    if (!Pool.spawn(W))
      break;
  O.Workers = Pool.size();
  Pool.collect();
  Pool.finish();
  munmap(Mem, sizeof(SharedState));
  Here();
  return O;
}
