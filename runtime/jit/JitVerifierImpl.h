//===- JitVerifierImpl.h - What the JIT verifier's files share -*- C++ -*-===//
//
// Private to runtime/jit: the verifier's state (JitVerifier::Impl) and the
// records of its launches and kernels. JitVerifier.cpp compiles, launches and
// matches; JitLowering.cpp turns NVVM intrinsics and inline PTX into runtime
// calls; JitInstrument.cpp retargets the module to the host and instruments
// every memory instruction.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_JIT_JITVERIFIERIMPL_H
#define CCL_RUNTIME_JIT_JITVERIFIERIMPL_H

#include "codegen/SiteMatch.h"
#include "runtime/jit/JitVerifier.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MemIntrinsic;
class DILocation;
} // namespace llvm

namespace ccl {
namespace jit {
/// One place a memory instruction's debug location names (the instruction's
/// own, then each call site it was inlined at).
using SiteLoc = ccl::ptx::SrcLoc;

struct LaunchRec {
  const clang::FunctionDecl *Kernel;
  std::string Name, Mangled;
  Dim3 Block;
  unsigned Grid[3] = {1, 1, 1};
  bool GridFromSpec = false;
  std::string Failure;
  std::vector<SiteResult> Results;
  int Func = -1; ///< index in Kernels
  /// CPU seconds: JIT-compiling its module (this process), running it
  /// (the forked child).
  double JitSeconds = 0, RunSeconds = 0;
  bool Truncated = false; ///< stopped at the step limit
  uint64_t StepLimit = 0;
};

struct KernelIR {
  std::string Name;  ///< mangled
  std::string Entry; ///< its launch wrapper
  std::vector<ParamInput> Params;
  unsigned ArgBytes = 0;
  /// The kernel reads blockIdx.y/gridDim.y (z): the default grid then has
  /// 2 blocks in that dimension, so both sides of `if (blockIdx.y == 0)` run.
  std::array<bool, 3> UsesGrid{};
};

/// A declaration of the runtime function \p Name in \p M.
llvm::FunctionCallee runtimeFn(llvm::Module &M, llvm::StringRef Name,
                               llvm::Type *Ret, llvm::ArrayRef<llvm::Type *> Args);
/// A global string constant for messages.
llvm::Constant *message(llvm::Module &M, llvm::StringRef S);
} // namespace jit

struct JitVerifier::Impl {
  using LaunchRec = jit::LaunchRec;
  using KernelIR = jit::KernelIR;
  using SiteInfo = jit::SiteInfo;
  clang::ASTContext &Ctx;
  Config C;
  std::vector<LaunchRec> Launches;
  // What the instrumentation recorded.
  std::vector<SiteInfo> Sites;
  /// Where each site comes from (SiteMatch.h); AddrLocs: where its address
  /// was computed (the pointer operand's own location and the calls it was
  /// inlined into): a `T &operator[]` whose load or store happens in the
  /// caller has its subscript there.
  std::vector<ccl::InstrPlace> Places;
  std::vector<int> SiteFunc; ///< kernel index of each site
  std::vector<int> IPDom;
  std::vector<KernelIR> Kernels;
  std::map<std::string, int> KernelByName;
  std::map<const clang::Expr *, std::string> NoSite;
  std::unique_ptr<llvm::orc::LLJIT> J;
  mutable ccl::SiteMatcher Matcher;
  /// Each kernel's retargeted module, for one copy per launch.
  std::map<std::string, std::string> Bitcode;
  std::string SessionErrors; ///< what the JIT session reported meanwhile

  Impl(clang::ASTContext &Ctx, Config C)
      : Ctx(Ctx), C(std::move(C)), Matcher(Ctx) {}

  void devicePasses(llvm::Module &Mod, llvm::TargetMachine *TM);
  void retarget(llvm::Module &Mod);
  /// __shared__ variables 128-byte aligned (bank 0 at their start); an
  /// extern __shared__ array gets the spec's dynamic size or 48 KiB.
  void placeSharedVariables(llvm::Module &Mod);
  /// Every memory instruction of \p F reports its address (ccl_acc), a
  /// lane at `unreachable` stops the launch, and every block yields to the
  /// warp scheduler.
  void instrument(llvm::Function &F, int KernelIndex);
  /// A site for memory instruction \p I of \p Bytes (its space \p AS, its
  /// pointer \p P): its number.
  int newSite(llvm::Instruction *I, unsigned Bytes, jit::AccessKind Op,
              unsigned AS, llvm::Value *P, int KernelIndex);
  /// The source locations of \p DLoc, innermost first.
  std::vector<jit::SiteLoc> chainOf(const llvm::DILocation *DLoc);
  /// A small constant-size memcpy or memset as the loads and stores the
  /// NVPTX backend expands it into, each a site (ccl_acc_span).
  void instrumentMemIntrinsic(llvm::MemIntrinsic *MI, int KernelIndex);
  /// A ccl_bb call at the start of every block, and the block where each
  /// one's paths meet again (IPDom).
  void addBlockYields(llvm::Function &F);
  void replaceIntrinsics(llvm::Function &F);
  void replaceAsm(llvm::Function &F);
  void addEntry(llvm::Function &F, KernelIR &K);
  void addVarTable(llvm::Module &Mod);
  /// Runs launch \p L in a process of its own: linkLaunch, bindParams,
  /// runForked.
  llvm::Error runLaunch(LaunchRec &L);
  /// The retargeted module of the kernel \p Mangled alone, in a context of
  /// its own: every other function internal and dropped when unused.
  llvm::Expected<llvm::orc::ThreadSafeModule>
  ownModule(const std::string &Mangled, llvm::StringRef Entry);
  /// Links \p L's kernel in a JIT dylib of its own: its entry and the
  /// table of its variables' address ranges.
  llvm::Error linkLaunch(LaunchRec &L, void (*&Entry)(void *),
                         std::vector<jit::VarRange> &Vars);
  /// The kernel's arguments: scalars from --assume, buffers from the spec.
  void bindParams(const LaunchRec &L, jit::LaunchInput &In);
  /// Runs \p In in a forked process (a crash or a hang costs this launch
  /// only) and reads its results into \p L.
  llvm::Error runForked(LaunchRec &L, const jit::LaunchInput &In);
  std::vector<unsigned> sitesOf(unsigned Launch, const AccessRecord &R,
                                std::string *Why) const;
  const std::string &real(const std::string &P) { return Matcher.real(P); }
};
} // namespace ccl

#endif
