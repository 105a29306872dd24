//===- InterpMemory.h - Lvalues, loads, stores and locals -------*- C++ -*-===//
//
// How the interpreter evaluates what designates memory and what reads or
// writes it: lvalues (InterpLValues.cpp: variables, subscripts, members,
// *p, the reference a user function returns, `c ? a : b`), loads and
// stores and the AccessEvents they record (InterpMemory.cpp), and local
// variables and objects (InterpLocals.cpp), which are no memory requests.
//
// A part of one Interpreter, as Clang's SemaCUDA is a part of Sema: it
// evaluates subexpressions through its interpreter, and the memory objects
// are the interpreter's MemoryModel (MemoryModel.h), its variables the
// bindings of its frames (InterpFrame.h).
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPMEMORY_H
#define CCL_ANALYZER_INTERPMEMORY_H

#include "analyzer/AccessEvent.h"
#include "analyzer/InterpFrame.h"
#include "analyzer/LaneValue.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <string>

namespace clang {
class ArraySubscriptExpr;
class CallExpr;
class ConditionalOperator;
class DeclRefExpr;
class Expr;
class MemberExpr;
class UnaryOperator;
class VarDecl;
} // namespace clang

namespace ccl {

class Interpreter;

class MemoryRules {
public:
  using LValue = interp::LValue;
  using Binding = interp::Binding;

  explicit MemoryRules(Interpreter &I) : I(I) {}
  MemoryRules(const MemoryRules &) = delete;
  MemoryRules &operator=(const MemoryRules &) = delete;

  LValue evalLValue(const clang::Expr *E, const LaneMask &M);
  LValue evalVarLValue(const clang::DeclRefExpr *E);
  /// What the field lvalue \p Field designates: itself, or for a field of
  /// reference type the object the reference is bound to.
  LValue referredBy(const clang::MemberExpr *E, const LValue &Field,
                    const LaneMask &M);
  Value evalDeclRef(const clang::DeclRefExpr *E, const LaneMask &M);
  /// The address an lvalue of object \p L designates, as a pointer value.
  Value addressOf(const LValue &L);
  Value load(const clang::Expr *Site, const LValue &L, const LaneMask &M,
             AccessOp Op = AccessOp::Load);
  /// Reads \p Src, the source of a struct copy, in the lanes \p M: each arm
  /// of a `c ? x : y` in the lanes that take it, as a read of its value
  /// does (the conditional lvalue itself is no memory location). A local is
  /// not memory; an lvalue the analysis cannot follow is read (and reported
  /// with its reason) only with \p Unfollowed.
  void loadCopied(const clang::Expr *Src, const LaneMask &M, bool Unfollowed);
  void store(const clang::Expr *Site, const LValue &L, const Value &V,
             const LaneMask &M, AccessOp Op = AccessOp::Store);
  void record(const clang::Expr *Site, AccessOp Op, const LValue &L,
              clang::QualType Ty, const LaneMask &M);
  static bool isCudaBuiltinVar(const clang::VarDecl *VD);
  Value readVar(const clang::VarDecl *D);
  void storeLocal(const Value &Addr, clang::QualType Ty, const Value &V,
                  const LaneMask &M);
  /// Forgets what is known of the local \p Addr points into (its address
  /// passed to code the analysis does not follow).
  void forgetLocal(const Value &Addr);
  void writeVar(const clang::VarDecl *D, const Value &V, const LaneMask &M);
  Binding *lookup(const clang::VarDecl *D);
  Value selectValues(const Value &A, const Value &B, const LaneBool &C,
                     const LaneMask &M);
  std::optional<Value> selectPointers(const Value &A, const Value &B,
                                      const LaneBool &C, const LaneMask &M);
  int64_t sizeOf(clang::QualType T) const;
  int64_t elementSize(const Value &Ptr, clang::QualType ElemTy) const;

private:
  LValue evalUnaryLValue(const clang::UnaryOperator *E, const LaneMask &M);
  LValue evalCallLValue(const clang::CallExpr *E, const LaneMask &M);
  LValue evalArraySubscript(const clang::ArraySubscriptExpr *E,
                            const LaneMask &M);
  LValue evalMember(const clang::MemberExpr *E, const LaneMask &M);
  /// Sends \p Ev of type \p Ty as the requests the hardware makes of it:
  /// one, or pieces of the widest size its size and alignment allow.
  void sendInRequests(AccessEvent Ev, clang::QualType Ty);
  /// An element or field of a local object (or a CUDA builtin variable):
  /// never a memory request.
  static bool isLocalObject(const clang::Expr *E);
  /// The binding of the local variable \p Obj is the object of (null when
  /// it is not a local in some frame); \p Outer: in a caller's frame.
  Binding *localBinding(const MemObject *Obj, bool *Outer = nullptr,
                        bool *Joined = nullptr);
  /// An element of a local array or struct read or written through memory
  /// (c.offset, acc[k], p->x with p = &local): kept in Binding::Elems.
  std::optional<Value> loadLocal(const Value &Addr, clang::QualType Ty,
                                 const LaneMask &M);
  LValue evalConditionalLValue(const clang::ConditionalOperator *CO,
                               const LaneMask &M);
  /// The element of a const array with a constant initializer (an index
  /// table) at \p Addr, lane by lane; nullopt when not every lane of \p M
  /// reads a known element.
  std::optional<Value> constElement(const Value &Addr, clang::QualType Ty,
                                    const LaneMask &M);
  /// The symbol key of a value loaded at \p Addr (uniform in \p Lanes).
  std::string loadKey(const Value &Addr, clang::QualType Ty, LaneBits Lanes);

  Interpreter &I;
  /// sizeOf by the type's canonical form: the same few types are sized on
  /// every load, store and subscript.
  mutable llvm::DenseMap<const clang::Type *, int64_t> Sizes;
};

} // namespace ccl
#endif
