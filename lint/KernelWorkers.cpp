//===- KernelWorkers.cpp - One file's analyses in forked worker processes -===//
#include "lint/KernelWorkers.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <new>
#include <poll.h>
#include <sys/mman.h>
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

/// A worker's life: jobs until the counter runs out, each result framed as
/// (index, size, bytes) on \p Fd. Never returns.
[[noreturn]] void workerMain(int Fd, std::atomic<size_t> &Next, size_t N,
                             llvm::function_ref<std::string(size_t)> Job) {
  // A crash ends this process, where the parent sees it: no recovery that
  // would go on running the parent's code here, no crash handler output
  // beyond the signal's.
  llvm::CrashRecoveryContext::Disable();
  for (int S : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT})
    std::signal(S, SIG_DFL);
  static const bool Time = getenv("CCL_TIME_KERNELS") != nullptr;
  timespec T0;
  clock_gettime(CLOCK_MONOTONIC, &T0);
  unsigned Jobs = 0;
  for (size_t I; (I = Next.fetch_add(1)) < N; ++Jobs) {
    std::string R = Job(I);
    uint64_t Head[2] = {uint64_t(I), uint64_t(R.size())};
    if (!writeAll(Fd, reinterpret_cast<const char *>(Head), sizeof Head) ||
        !writeAll(Fd, R.data(), R.size()))
      _exit(2);
  }
  if (Time) {
    // CCL_TIME_KERNELS: how long this worker ran, and its CPU time.
    timespec T1, C;
    clock_gettime(CLOCK_MONOTONIC, &T1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &C);
    llvm::errs() << ("ccl-worker\t" + std::to_string(getpid()) + "\t" +
                     std::to_string(Jobs) + " jobs\t" +
                     std::to_string(T1.tv_sec - T0.tv_sec +
                                    (T1.tv_nsec - T0.tv_nsec) * 1e-9) +
                     " s\t" + std::to_string(C.tv_sec + C.tv_nsec * 1e-9) +
                     " s CPU\n");
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
void takeFrames(Child &C, std::vector<std::optional<std::string>> &Out) {
  size_t Pos = 0;
  while (C.Buf.size() - Pos >= 16) {
    uint64_t Head[2];
    std::memcpy(Head, C.Buf.data() + Pos, sizeof Head);
    if (C.Buf.size() - Pos - 16 < Head[1])
      break;
    if (Head[0] < Out.size())
      Out[Head[0]] = C.Buf.substr(Pos + 16, Head[1]);
    Pos += 16 + Head[1];
  }
  C.Buf.erase(0, Pos);
}

} // namespace

WorkerOutcome ccl::runInWorkers(size_t N, unsigned Workers,
                                llvm::function_ref<std::string(size_t)> Job) {
  WorkerOutcome O;
  O.Results.resize(N);
  auto Here = [&](size_t From) {
    for (size_t I = From; I < N; ++I)
      if (!O.Results[I])
        O.Results[I] = Job(I);
  };
  if (Workers > N)
    Workers = unsigned(N);
  if (Workers < 2 || !singleThreaded()) {
    Here(0);
    return O;
  }
  void *Mem = mmap(nullptr, sizeof(std::atomic<size_t>), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (Mem == MAP_FAILED) {
    Here(0);
    return O;
  }
  auto *Next = new (Mem) std::atomic<size_t>(0);
  // What is buffered now would be printed again by every child that
  // flushed it; they do not (_exit), but flush anyway.
  fflush(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  std::vector<Child> Children;
  for (unsigned W = 0; W < Workers; ++W) {
    int P[2];
    if (pipe(P) != 0)
      break;
    pid_t Pid = fork();
    if (Pid < 0) {
      close(P[0]);
      close(P[1]);
      break;
    }
    if (Pid == 0) {
      close(P[0]);
      for (const Child &C : Children)
        close(C.Fd);
      workerMain(P[1], *Next, N, Job);
    }
    close(P[1]);
    Children.push_back({Pid, P[0], {}});
  }
  O.Workers = unsigned(Children.size());
  // Read every worker's frames until each closes its pipe.
  std::vector<pollfd> Fds;
  for (const Child &C : Children)
    Fds.push_back({C.Fd, POLLIN, 0});
  size_t Open = Children.size();
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
      if (R <= 0) {
        close(Fds[K].fd);
        Fds[K].fd = -1;
        --Open;
        continue;
      }
      Children[K].Buf.append(Buf, size_t(R));
      takeFrames(Children[K], O.Results);
    }
  }
  for (size_t K = 0; K < Children.size(); ++K) {
    Child &C = Children[K];
    if (Fds[K].fd >= 0)
      close(Fds[K].fd);
    int Status = 0;
    while (waitpid(C.Pid, &Status, 0) < 0 && errno == EINTR)
      ;
    if (WIFSIGNALED(Status))
      O.Deaths.push_back("signal " + std::to_string(WTERMSIG(Status)));
    else if (WIFEXITED(Status) && WEXITSTATUS(Status) != 0)
      O.Deaths.push_back("exit status " + std::to_string(WEXITSTATUS(Status)));
  }
  // Jobs taken by a worker that died before sending them stay empty (the
  // one it died on would kill this process too); jobs nobody took run here.
  size_t Taken = std::min(Next->load(), N);
  munmap(Mem, sizeof(std::atomic<size_t>));
  if (O.Deaths.empty())
    Here(0); // only if a frame was lost without a death (should not happen)
  else
    Here(Taken);
  return O;
}
