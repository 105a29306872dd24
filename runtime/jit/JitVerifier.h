//===- JitVerifier.h - Execute the device code clang compiles -------------===//
//
// --verify=jit: measures what each access does by running the kernels as
// clang compiles them for the GPU, on the CPU (docs/verify.md, "jit").
//
// 1. Compile the file for the device with the analysis' own compiler
//    invocation (same flags, include context and in-memory buffers), -O3,
//    line tables, no libdevice; then the passes the NVPTX backend runs before
//    instruction selection that change memory widths (address-space
//    inference, the load/store vectorizer), and every call inlined.
// 2. Retarget the IR to the host: NVVM intrinsics (special registers,
//    barriers, shuffles, votes, match, redux, math) and the inline PTX of
//    CUDA's half/bfloat16 headers become runtime calls or plain IR; every
//    basic block starts with a yield to the warp scheduler; every load,
//    store, atomic and small memcpy goes through ccl_acc with its width,
//    address space and debug location. Host triple and data layout.
// 3. Per kernel instance and block shape: its own module, JIT-compiled with
//    LLVM ORC, launched in a forked process (a crash, a time-out or a missing
//    runtime function costs that launch only) on a small grid; the runtime
//    (JitRuntime.h) runs threads as fibers and counts each request.
// 4. Each analyzer record is matched to the memory instructions whose debug
//    location (or one it was inlined at) is the record's expression.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_RUNTIME_JIT_JITVERIFIER_H
#define CCL_RUNTIME_JIT_JITVERIFIER_H

#include "analyzer/KernelAnalysis.h"
#include "runtime/HarnessSpec.h"
#include "runtime/TraceModel.h"
#include "runtime/jit/JitRuntime.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ccl {

class DeviceCompiler;

class JitVerifier {
public:
  struct Config {
    std::map<std::string, std::string> AssumeText;
    std::map<std::string, std::map<std::string, std::string>> KernelAssume;
    const HarnessSpec *Spec = nullptr;
    unsigned GridBlocks = 4;
    unsigned TimeoutSeconds = 20; ///< per launch
    std::string KeepDir;          ///< --verify-output: the retargeted IR
    /// Basic blocks a launch may execute (all its threads) before it is
    /// stopped as a runaway (--jit-step-limit; 0: the harness's own bound).
    uint64_t StepLimit = 0;
    /// The compiler view's device compiler for this AST, when the analysis
    /// made one (else run() makes its own).
    DeviceCompiler *Compiler = nullptr;
  };

  JitVerifier(clang::ASTContext &Ctx, Config C);
  ~JitVerifier();

  /// Adds one kernel instance to launch with \p Block; returns its id.
  unsigned addLaunch(const clang::FunctionDecl *Kernel, const std::string &Name,
                     Dim3 Block);

  /// Compiles the file and runs every launch. Fails only when nothing can
  /// run (the file does not compile for the device); a launch that fails
  /// says why in launchFailure().
  llvm::Error run();

  /// Why launch \p Launch produced no measurements ("" when it ran).
  const std::string &launchFailure(unsigned Launch) const;
  /// Why launch \p Launch measured only part of the run ("the run was
  /// stopped after N basic blocks ..."), or "" when it ran to the end.
  std::string truncation(unsigned Launch) const;
  /// What the launch's grid was, e.g. "4x1x1 blocks (default)".
  std::string gridText(unsigned Launch) const;

  /// The worst request of the instructions compiled from \p R in the
  /// launch; nullopt when no instruction of the compiled kernel is there
  /// (notInstrumentedReason says so).
  std::optional<Measurement> measured(unsigned Launch,
                                      const AccessRecord &R) const;
  /// The width the compiled instructions of \p R moved per lane (0: none).
  unsigned measuredBytes(unsigned Launch, const AccessRecord &R) const;
  std::string notInstrumentedReason(const AccessRecord &R) const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace ccl
#endif
