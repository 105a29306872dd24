//===- InterpCalls.h - Calls, CUDA builtins, launches -----------*- C++ -*-===//
//
// How the interpreter evaluates a call (InterpCalls.cpp: builtins, atomics,
// user code inlined, calls not followed, <<<>>> launches in host code, the
// CUDA builtin variables; InterpMinMax.cpp: min and max, and the cases a
// clamp splits a warp into).
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema: it
// evaluates arguments and bodies through its interpreter and keeps what
// passes between a call and the rule that asked for it (the returned
// reference wanted, read or thrown away; the launch hook of a host run and
// its dim3 locals).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPCALLS_H
#define CCL_ANALYZER_INTERPCALLS_H

#include "analyzer/Dim3.h"
#include "analyzer/InterpFrame.h"
#include "analyzer/LaneValue.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <map>
#include <optional>

namespace clang {
class CallExpr;
class CUDAKernelCallExpr;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class PseudoObjectExpr;
class VarDecl;
} // namespace clang

namespace ccl {

class Interpreter;

class CallRules {
public:
  using LValue = interp::LValue;
  using Frame = interp::Frame;
  /// Called at every <<<>>> launch a host run reaches, with the block shape
  /// when it evaluates to constants.
  using LaunchHook = std::function<void(const clang::CUDAKernelCallExpr *,
                                        std::optional<Dim3>)>;

  explicit CallRules(Interpreter &I) : I(I) {}
  CallRules(const CallRules &) = delete;
  CallRules &operator=(const CallRules &) = delete;

  /// The rule of every CallExpr kind.
  Value evalCall(const clang::CallExpr *E, const LaneMask &M);
  /// Runs \p FD with \p Args (inlined user code; \p This: the object of a
  /// member call).
  Value callFunction(const clang::FunctionDecl *FD,
                     llvm::ArrayRef<const clang::Expr *> Args,
                     const clang::Expr *CallSite, const LaneMask &M,
                     std::optional<LValue> This = std::nullopt);
  /// threadIdx, blockIdx, blockDim and gridDim.
  Value evalCudaBuiltin(const clang::PseudoObjectExpr *E);
  /// Component \p Dim of the builtin variable \p Var.
  Value builtinField(llvm::StringRef Var, unsigned Dim);
  /// The constant dim3 \p E evaluates to in a host run.
  std::optional<Dim3> evalDim3(const clang::Expr *E, const LaneMask &M);

  /// The host run's launch hook (runHost).
  LaunchHook OnLaunch;
  /// evalCallLValue -> callFunction: the callee whose returned reference is
  /// wanted, and what it returned.
  const clang::FunctionDecl *WantRefFor = nullptr;
  /// evalDiscarded -> callFunction: the callee whose returned reference is
  /// thrown away by the caller (`a = b;` through a user operator=).
  const clang::FunctionDecl *DiscardFor = nullptr;
  /// evalLValueToRValue -> callFunction: the callee whose returned
  /// reference the caller reads, and the call expression (Frame::ReadAt).
  const clang::FunctionDecl *ReadAtFor = nullptr;
  const clang::Expr *ReadAtCall = nullptr;
  /// callFunction -> evalCallLValue: the reference the callee returned.
  std::optional<LValue> LastRetRef;
  /// dim3 locals of host code run by runHost.
  std::map<const clang::VarDecl *, std::optional<Dim3>> Dim3Vars;

private:
  Value evalKernelLaunch(const clang::CUDAKernelCallExpr *E, const LaneMask &M);
  /// An assignment operator of a class not inlined (__half2 in cuda_fp16):
  /// a store of its left side; nullopt when \p E is not one.
  std::optional<Value>
  evalAssignNotInlined(const clang::CallExpr *E, const clang::FunctionDecl *FD,
                       llvm::ArrayRef<const clang::Expr *> Args,
                       const LaneMask &M);
  /// A call the analysis does not follow: its arguments' accesses, the
  /// locals it may change forgotten, an unknown result.
  Value evalCallNotFollowed(const clang::CallExpr *E,
                            const clang::FunctionDecl *FD, llvm::StringRef Name,
                            llvm::ArrayRef<const clang::Expr *> Args,
                            const LaneMask &M);
  Value evalTrivialAssign(llvm::ArrayRef<const clang::Expr *> Args,
                          const LaneMask &M);
  Value evalMemoryBuiltin(const clang::CallExpr *E, llvm::StringRef Name,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          const LaneMask &M);
  Value minMaxOf(llvm::StringRef Name, const Value &A, const Value &B,
                 const LaneMask &M);
  Value evalMinMax(const clang::CallExpr *E, llvm::StringRef Name,
                   llvm::ArrayRef<const clang::Expr *> Args, const LaneMask &M);
  /// min(A, B) (or max with \p IsMin false) where A - B is a per-lane
  /// constant plus a warp-uniform unknown part: which lanes take A depends
  /// on one unknown threshold, so the warp is run once per threshold
  /// interval (caseSplit); nullopt when that is not the case or too many
  /// runs would be needed.
  std::optional<Value> clampCases(const Value &A, const Value &B, bool IsMin,
                                  const LaneMask &M);
  /// Inlines a call to user code with a body; nullopt when the call's form
  /// is not one the interpreter binds `this` for.
  std::optional<Value> evalInlined(const clang::CallExpr *E,
                                   const clang::FunctionDecl *Def,
                                   llvm::ArrayRef<const clang::Expr *> Args,
                                   const LaneMask &M);
  /// The parameters bound to a caller's local by a non-const reference,
  /// and that local: its value is copied back out after the call.
  using OutParams = llvm::SmallVector<
      std::pair<const clang::ParmVarDecl *, const clang::VarDecl *>, 2>;
  /// Binds \p FD's parameters in \p F to the arguments \p Args (a reference
  /// to a caller's local by value, copied back out: the result).
  OutParams bindArguments(Frame &F, const clang::FunctionDecl *FD,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          const LaneMask &M);

  Interpreter &I;
};

} // namespace ccl
#endif
