//===- InterpArith.h - Integer and pointer arithmetic -----------*- C++ -*-===//
//
// How the interpreter computes a binary operator on lane values
// (InterpArith.cpp): affine results stay forms of the unknowns, products of
// unknowns become monomial symbols, C's '/' and '%' by a warp-uniform
// unknown become quotient symbols so that they fold back, pointer
// arithmetic scales by the pointee's size, and anything else is a named
// uniform unknown or Unknown.
//
// A part of one Interpreter, as LoopRules is: it makes its symbols and
// checks its results against every warp through it.
//
//===----------------------------------------------------------------------===//
#ifndef CCL_ANALYZER_INTERPARITH_H
#define CCL_ANALYZER_INTERPARITH_H

#include "analyzer/LaneValue.h"
#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"
#include <optional>

namespace ccl {

class Interpreter;

class ArithRules {
public:
  explicit ArithRules(Interpreter &I) : I(I) {}
  ArithRules(const ArithRules &) = delete;
  ArithRules &operator=(const ArithRules &) = delete;

  /// \p L Op \p R for operands of types \p LTy and \p RTy and a result of
  /// type \p ResTy (integers wrap at its width; pointers step by their
  /// pointee's size).
  Value evalArith(clang::BinaryOperatorKind Op, const Value &L, const Value &R,
                  clang::QualType LTy, clang::QualType RTy,
                  clang::QualType ResTy);
  /// The symbol of A*B, keyed by the sorted base factors of both.
  SymbolId productSymbol(SymbolId A, SymbolId B);

private:
  Value evalArithImpl(clang::BinaryOperatorKind Op, const Value &L,
                      const Value &R, clang::QualType LTy, clang::QualType RTy,
                      clang::QualType ResTy);
  /// `1 << k`, k a warp-uniform unknown: the warp run once per k.
  std::optional<Value> evalShiftByUnknown(clang::BinaryOperatorKind Op,
                                          const Value &L, const Value &R,
                                          clang::QualType LTy,
                                          clang::QualType RTy,
                                          clang::QualType ResTy);
  Value evalPointerArith(clang::BinaryOperatorKind Op, const Value &L,
                         const Value &R, clang::QualType LTy,
                         clang::QualType RTy);
  /// The result of an integer operator whose result is not affine.
  Value evalNonAffine(clang::BinaryOperatorKind Op, const Value &L,
                      const Value &R);
  std::optional<LaneInt> distributeProduct(const Value &U, const Value &V);
  /// A * B expanded term by term: a product of two symbols is the symbol of
  /// the product of their base factors (productSymbol), so `b*T*C` and
  /// `C*(T*b)` are one symbol and cancel. Null when too large.
  std::optional<LaneInt> polyMul(const LaneInt &A, const LaneInt &B);
  /// A warp-uniform product of two uniform unknowns: a monomial symbol when
  /// both are a multiple of one symbol, else opaqueSymbol.
  Value uniformProduct(const Value &A, const Value &B);
  /// X / D (C's '/') for a lane-dependent X and a warp-uniform D: one
  /// symbol per distinct lane form of X ("quotient of that form by D"), so
  /// X % D = X - D * (X / D) is exact and `(X / D) * D + X % D` folds back
  /// to X.
  std::optional<LaneInt> laneQuotient(const LaneInt &X, const LaneInt &D);

  Interpreter &I;
};

} // namespace ccl
#endif
