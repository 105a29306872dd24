//===- SharedBankConflictCheck.cpp - cuda-shared-bank-conflict ------------===//
#include "checks/SharedBankConflictCheck.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ccl;

const CheckInfo &SharedBankConflictCheck::info() {
  static const CheckInfo Info{
      "cuda-shared-bank-conflict",
      "Shared memory access has lanes in different words of one bank",
      "Shared memory has 32 banks of 4-byte words; lanes of one phase that hit "
      "different words of the same bank are serialized. Reported when the "
      "worst phase needs more than MaxConflictWays wavefronts (1 by default).",
      "Pad the inner dimension of the shared array (e.g. [32][33]) or change "
      "the index so that lanes of a phase hit different banks. See "
      "docs/checks/cuda-shared-bank-conflict.md.",
      "docs/checks/cuda-shared-bank-conflict.md",
      {{"MaxConflictWays", 1, 1, 32,
        "report an access whose worst phase is more than this many ways "
        "conflicted"}},
      [](const CheckInfo &I, const OptionValues &V) -> std::unique_ptr<Check> {
        return std::make_unique<SharedBankConflictCheck>(I, V);
      }};
  return Info;
}

bool SharedBankConflictCheck::flags(const SharedCost &S) const {
  return (int64_t)S.ConflictWays > MaxConflictWays;
}

bool SharedBankConflictCheck::isFlagged(const AccessRecord &R) const {
  return R.Known && appliesTo(R) && flags(R.Worst.S);
}

bool SharedBankConflictCheck::isCertain(const AccessRecord &R) const {
  if (notAtLaunch(R))
    return false;
  return R.Exact || flags(R.Best.S);
}

std::string SharedBankConflictCheck::whyPossible(const AccessRecord &R) const {
  return notAtLaunch(R) ? launchReason(R) : "";
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
  auto Outer =
      D->getTypeSourceInfo()->getTypeLoc().getAs<ConstantArrayTypeLoc>();
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

  CharSourceRange Range =
      CharSourceRange::getTokenRange(Size->getSourceRange());
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
              "-way bank conflict: " + std::to_string(S.Wavefronts) +
              " wavefronts per warp request (ideal " +
              std::to_string(S.IdealWavefronts) + "): " + describeLanes(R) +
              describeDependence(R);
  addStandardNotes(R, C, F);
  if (std::optional<FixItHint> Fix = paddingFix(R, C)) {
    F.Fixes.push_back(*Fix);
    F.FixTitle = "Pad the rows of '" + R.Object + "' by one element";
    F.Notes.push_back({R.ObjectDecl->getLocation(),
                       "padding the rows of '" + R.Object +
                           "' by one element removes the conflict for this "
                           "block shape",
                       {*Fix}});
  }
}
