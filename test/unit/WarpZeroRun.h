// The interpreter run on warp 0 of a CUDA snippet's kernel `k` (one block of
// 256 threads; or another warp, or every warp at once with the warp index),
// for the tests of its parts (InterpLoops, InterpJoin, InterpWarp,
// InterpArith, InterpCalls, InterpPerWarp, InterpSymbols, InterpMemory):
// the events the run sends and the interpreter after it.
#ifndef CCL_TEST_UNIT_WARPZERORUN_H
#define CCL_TEST_UNIT_WARPZERORUN_H

#include "CudaSnippet.h"
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "gtest/gtest.h"
#include <memory>
#include <string>
#include <vector>

namespace ccl::test {

struct WarpZeroRun {
  /// The Warp argument that runs every warp of the block at once, with the
  /// symbolic warp index (WarpIndexRun::begin).
  static constexpr int EveryWarp = -1;

  explicit WarpZeroRun(llvm::StringRef Code,
                       InterpreterOptions O = InterpreterOptions(),
                       int Warp = 0)
      : AST(parseCuda(Code)), Opts(std::move(O)) {
    if (!AST || AST->getDiagnostics().hasErrorOccurred())
      return;
    const clang::FunctionDecl *K = definedFunction(AST->getASTContext(), "k");
    if (!K)
      return;
    I = std::make_unique<Interpreter>(
        AST->getASTContext(), Opts, Dim3{256, 1, 1},
        [this](const AccessEvent &Ev) { Events.push_back(Ev); });
    if (Warp == EveryWarp && !I->warpIndexRun().begin())
      return;
    I->runWarp(K, Warp == EveryWarp ? 0 : Warp);
    Ran = true;
  }
  WarpZeroRun(const WarpZeroRun &) = delete;
  WarpZeroRun &operator=(const WarpZeroRun &) = delete;

  /// The snippet parsed and its kernel ran.
  bool ran() const { return Ran; }
  /// It ran and sent exactly one event (address() is that event's).
  bool ranOne() const { return ran() && Events.size() == 1; }
  const Value &address() const { return Events.at(0).Address; }
  /// Byte distance from lane 0's address to lane 1's in event \p N.
  int64_t laneStride(size_t N) const {
    const LaneArray &C = Events.at(N).Address.I.consts();
    return C[1] - C[0];
  }
  /// The first event for object \p Obj (by its name) with \p Op, or null.
  const AccessEvent *event(llvm::StringRef Obj, AccessOp Op) const {
    for (const AccessEvent &E : Events)
      if (E.Obj && E.Obj->Name == Obj && E.Op == Op)
        return &E;
    return nullptr;
  }
  bool hasSymbol(llvm::StringRef Name) const {
    for (const std::string &S : I->symbolNames())
      if (S == Name)
        return true;
    return false;
  }

  std::unique_ptr<clang::ASTUnit> AST;
  InterpreterOptions Opts;
  std::vector<AccessEvent> Events;
  std::unique_ptr<Interpreter> I;
  bool Ran = false;
};

/// \p Address is concrete and lane k's is Base + Stride * k.
inline void expectStride(const Value &Address, int64_t Stride,
                         int64_t Base = 0) {
  ASSERT_TRUE(Address.I.isConcrete());
  for (unsigned K = 0; K < 32; ++K)
    EXPECT_EQ(Address.I.consts()[K], Base + Stride * int64_t(K)) << K;
}

} // namespace ccl::test
#endif
