//===- SharedBankConflictCheck.cpp - cuda-shared-bank-conflict ------------===//
#include "checks/SharedBankConflictCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ccl;

SharedBankConflictCheck::SharedBankConflictCheck(
    const CheckOptions &Opts, std::vector<std::string> &Errors)
    : Check("cuda-shared-bank-conflict") {
  MaxConflictWays = intOption(Opts, "MaxConflictWays", 1, 1, 32, Errors);
}

std::vector<std::pair<std::string, std::string>>
SharedBankConflictCheck::options() const {
  return {{Name + ".MaxConflictWays", std::to_string(MaxConflictWays)}};
}

bool SharedBankConflictCheck::isFlagged(const AccessRecord &R) const {
  return R.Known && R.Space == MemObject::Shared &&
         (int64_t)R.Worst.S.ConflictWays > MaxConflictWays;
}

std::optional<FixItHint>
SharedBankConflictCheck::paddingFix(const AccessRecord &R,
                                    const CheckContext &C) const {
  const VarDecl *D = R.ObjectDecl;
  if (!D || R.ObjectDynamic || !D->getTypeSourceInfo())
    return std::nullopt;
  const SourceManager &SM = C.Ctx.getSourceManager();
  if (D->getLocation().isMacroID())
    return std::nullopt;
  // Exactly two constant dimensions, written in the declaration.
  auto Outer = D->getTypeSourceInfo()->getTypeLoc().getAs<ConstantArrayTypeLoc>();
  if (!Outer)
    return std::nullopt;
  auto Inner = Outer.getElementLoc().getAs<ConstantArrayTypeLoc>();
  if (!Inner || Inner.getElementLoc().getAs<ArrayTypeLoc>())
    return std::nullopt;
  const Expr *Size = Inner.getSizeExpr();
  if (!Size || Size->getBeginLoc().isMacroID() || Size->getEndLoc().isMacroID())
    return std::nullopt;

  // Does padding by one element remove every conflict on this array?
  InterpreterOptions Padded = C.Opts;
  Padded.Pads[D] = 1;
  std::vector<AccessRecord> After =
      analyzeKernel(C.Ctx, C.Kernel, C.Shape.Dim, Padded);
  for (const AccessRecord &A : After)
    if (A.ObjectDecl == D &&
        (!A.Known || (int64_t)A.Worst.S.ConflictWays > MaxConflictWays))
      return std::nullopt;

  CharSourceRange Range = CharSourceRange::getTokenRange(Size->getSourceRange());
  std::string Text;
  Expr::EvalResult ER;
  if (isa<IntegerLiteral>(Size->IgnoreParenImpCasts()) &&
      Size->EvaluateAsInt(ER, C.Ctx))
    Text = std::to_string(ER.Val.getInt().getExtValue() + 1);
  else
    Text = Lexer::getSourceText(Range, SM, C.Ctx.getLangOpts()).str() + " + 1";
  return FixItHint::CreateReplacement(Range, Text);
}

void SharedBankConflictCheck::report(const AccessRecord &R,
                                     const CheckContext &C, Finding &F) const {
  const SharedCost &S = R.Worst.S;
  std::string Ways = std::to_string(S.ConflictWays);
  bool An = Ways[0] == '8' || Ways == "11" || Ways == "18";
  F.Message = describeAccess(R, C.Ctx) + (An ? " has an " : " has a ") + Ways +
              "-way bank conflict: " +
              std::to_string(S.Wavefronts) + " wavefronts per warp request (ideal " +
              std::to_string(S.IdealWavefronts) + "): " + describeLanes(R) +
              describeDependence(R);
  addStandardNotes(R, C, F);
  if (std::optional<FixItHint> Fix = paddingFix(R, C)) {
    F.Fixes.push_back(*Fix);
    F.Notes.push_back({R.ObjectDecl->getLocation(),
                       "padding the rows of '" + R.Object +
                           "' by one element removes the conflict for this "
                           "block shape",
                       {*Fix}});
  }
}
