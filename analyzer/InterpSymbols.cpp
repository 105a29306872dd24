//===- InterpSymbols.cpp - Naming the unknowns ----------------------------===//
//
// A symbol stands for a warp-uniform unknown (LaneValue.h). It is created the
// first time its name is met and found by name afterwards: blockIdx.x, a
// kernel argument `n`, a value loaded at a uniform address (named by its
// source text), a product of unknowns ("(n + 1)*m", opaqueSymbol), a loop's
// iteration number ("iteration(line 12)"). A name given a value with
// --assume is that constant instead of a symbol.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ccl;

SymbolId Interpreter::symbolId(llvm::StringRef Name,
                               llvm::ArrayRef<SymbolId> FactorsOf) {
  auto It = SymIds.find(Name);
  if (It != SymIds.end())
    return It->second;
  SymbolId Id = SymNames.size();
  SymNames.push_back(Name.str());
  std::vector<std::string> Factors;
  for (SymbolId F : FactorsOf)
    for (const std::string &N : SymFactors[F])
      if (!llvm::is_contained(Factors, N))
        Factors.push_back(N);
  if (Factors.empty())
    Factors.push_back(Name.str());
  SymFactors.push_back(std::move(Factors));
  SymIds[Name] = Id;
  return Id;
}

std::vector<std::string>
Interpreter::namesOf(llvm::ArrayRef<SymbolId> Ids) const {
  std::vector<std::string> R;
  for (SymbolId S : Ids)
    if (S < SymFactors.size())
      for (const std::string &F : SymFactors[S])
        if (!llvm::is_contained(R, F))
          R.push_back(F);
  return R;
}

Value Interpreter::symbolValue(llvm::StringRef Name) {
  auto A = Opts.Assume.find(Name.str());
  if (A != Opts.Assume.end())
    return Value::integer(LaneInt::constant(A->second));
  return Value::integer(LaneInt::symbol(symbolId(Name)));
}

/// Prints a warp-uniform value as "3 + 256*blockIdx.x" for naming symbols.
static std::string formatUniform(const LaneInt &V,
                                 const std::vector<std::string> &Names) {
  std::string S;
  int64_t C = V.consts()[0];
  for (const LaneInt::Term &T : V.terms()) {
    if (!S.empty())
      S += " + ";
    if (T.Coef[0] != 1)
      S += std::to_string(T.Coef[0]) + "*";
    S += Names[T.Sym];
  }
  if (C != 0 || S.empty())
    S = S.empty() ? std::to_string(C) : S + " + " + std::to_string(C);
  if (!V.terms().empty() && (V.terms().size() > 1 || C != 0 ||
                             V.terms()[0].Coef[0] != 1))
    S = "(" + S + ")";
  return S;
}

Value Interpreter::opaqueSymbol(const Value &A, const Value &B,
                                llvm::StringRef Op) {
  if (!A.isInt() || !B.isInt() || !A.I.isUniform() || !B.I.isUniform())
    return Value::unknown("lane-dependent product of unknown values");
  std::string NA = formatUniform(A.I, SymNames), NB = formatUniform(B.I, SymNames);
  if ((Op == "*" || Op == "min" || Op == "max") && NB < NA)
    std::swap(NA, NB);
  std::string Name = Op == "min" || Op == "max"
                         ? Op.str() + "(" + NA + ", " + NB + ")"
                         : NA + Op.str() + NB;
  auto Assumed = Opts.Assume.find(Name);
  if (Assumed != Opts.Assume.end())
    return Value::integer(LaneInt::constant(Assumed->second));
  llvm::SmallVector<SymbolId, 4> Factors;
  for (const LaneInt::Term &T : A.I.terms())
    Factors.push_back(T.Sym);
  for (const LaneInt::Term &T : B.I.terms())
    Factors.push_back(T.Sym);
  return Value::integer(LaneInt::symbol(symbolId(Name, Factors)));
}

/// The source text of \p E on one line (at most 60 characters), to name the
/// symbol of a value loaded from memory.
std::string Interpreter::sourceText(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  R = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "<expr>";
  std::string S = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // Collapse whitespace.
  std::string Out;
  bool Space = false;
  for (char C : S) {
    if (C == '\n' || C == '\t' || C == ' ') {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > 60)
    Out = Out.substr(0, 57) + "...";
  return Out;
}
