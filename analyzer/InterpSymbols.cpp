//===- InterpSymbols.cpp - Naming the unknowns ----------------------------===//
//
// A symbol stands for a warp-uniform unknown (LaneValue.h). It is created the
// first time its *key* is met and found by key afterwards. The key is the
// structure of what the symbol stands for, the name only how it prints:
//   blockIdx.x, gridDim.y         the builtin's name (one value per warp)
//   a kernel argument `n`         the ParmVarDecl
//   a by-value struct field       the ParmVarDecl and the FieldDecl chain
//   a value loaded at a uniform   the memory object, the address form (symbol
//   address (named `p[i]`)        ids, not names), the type, and the number of
//                                 stores to that object before the load
//   a product of unknowns         the factors' forms by symbol id
//   ("(n + 1)*m", opaqueSymbol)
//   a loop's iteration number     one fresh symbol per dynamic execution of a
//   ("iteration(line 12)")        generalized loop
// Each symbol records whether it is known not to be negative (blockIdx,
// gridDim, iteration numbers, unsigned values, products of such): C's '/'
// and '%' of a dividend that may be negative truncate differently.
// So two loads that print alike (`p[i]` in a helper called twice) or two
// expressions cut to the same 57 characters are different unknowns. A name
// given a value with --assume is that constant instead of a symbol.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Interpreter.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace ccl;

std::string SymbolRules::parmKey(const clang::ParmVarDecl *P) {
  std::string K;
  llvm::raw_string_ostream OS(K);
  OS << "parm " << (const void *)P;
  return K;
}

SymbolId SymbolRules::symbolId(llvm::StringRef Name,
                               llvm::ArrayRef<SymbolId> FactorsOf,
                               llvm::StringRef Key, bool NonNeg) {
  SymbolTable::Interned S = I.Syms.intern(Name, FactorsOf, Key, NonNeg);
  I.WarpRun.symbolInterned(FactorsOf, S.Id, S.New);
  return S.Id;
}

SymbolId SymbolRules::laneDataSymbol(const Expr *Load) {
  std::string Key =
      "read per lane at " +
      std::to_string(reinterpret_cast<uintptr_t>(Load->IgnoreParens()));
  SymbolId Id = symbolId(sourceText(Load), {}, Key);
  // Not an unknown that a cost is taken over: depends_on says it in words.
  I.Syms.markLaneData(Id);
  return Id;
}

Value SymbolRules::symbolValue(llvm::StringRef Name, llvm::StringRef Key,
                               bool NonNeg) {
  auto A = I.Opts.Assume.find(Name.str());
  if (A != I.Opts.Assume.end())
    return Value::integer(LaneInt::constant(A->second));
  return Value::integer(LaneInt::symbol(symbolId(Name, {}, Key, NonNeg)));
}

bool SymbolRules::isNonNegative(const LaneInt &V, LaneBits Lanes) const {
  if (I.WarpRun.mentionsW(V)) {
    bool Sym = I.Syms.isNonNegative(V, Lanes);
    if (I.WarpRun.stopped())
      return Sym;
    std::vector<unsigned> Yes, No;
    I.WarpRun.eachWarpOwn(V, [&](unsigned W, const LaneInt &VW) {
      (isNonNegative(VW, Lanes) ? Yes : No).push_back(W);
    });
    if (!Yes.empty() && !No.empty())
      I.WarpRun.split({Yes, No}, "the sign of a value");
    return No.empty();
  }
  return I.Syms.isNonNegative(V, Lanes);
}

std::string SymbolRules::formKey(const LaneInt &V, LaneBits Lanes) const {
  // (A case split's key may hold W: it only names the choice point within
  // the run, evalMinMax.)
  if (I.WarpRun.mentionsW(V) && !I.WarpRun.inClamp())
    I.WarpRun.escape("a symbol keyed by a form of the warp index");
  unsigned L0 = llvm::countr_zero(Lanes ? Lanes : 1u);
  std::string S = std::to_string(V.consts()[L0]);
  for (const LaneInt::Term &T : V.terms())
    S += " + #" + std::to_string(T.Sym) + "*" + std::to_string(T.Coef[L0]);
  return "(" + S + ")";
}

Value SymbolRules::opaqueSymbol(const Value &A, const Value &B,
                                llvm::StringRef Op) {
  if (I.WarpRun.mentionsW(A) || I.WarpRun.mentionsW(B))
    I.WarpRun.escape("an unknown made from the warp index");
  if (!A.isInt() || !B.isInt() || !A.I.isUniform() || !B.I.isUniform())
    return Value::unknown("lane-dependent product of unknown values");
  // (x >> a) >> b is x >> (a + b), and so for <<: one symbol and one name
  // for a scan's `offset >>= 1` trips, not a chain.
  bool Shift = Op == ">>" || Op == "<<";
  std::optional<int64_t> Amount = Shift ? B.I.asConstant() : std::nullopt;
  if (Amount && *Amount >= 0 && A.I.terms().size() == 1 &&
      A.I.consts()[0] == 0 && A.I.terms()[0].Coef[0] == 1) {
    const SymbolTable::ShiftDef *D = I.Syms.shiftOf(A.I.terms()[0].Sym);
    if (D && D->Op == Op && D->Amount + *Amount < 64)
      return opaqueSymbol(
          D->Of, Value::integer(LaneInt::constant(D->Amount + *Amount)), Op);
  }
  std::string NA = I.Syms.formatUniform(A.I), NB = I.Syms.formatUniform(B.I);
  if ((Op == "*" || Op == "min" || Op == "max") && NB < NA)
    std::swap(NA, NB);
  std::string Name = Op == "min" || Op == "max"
                         ? Op.str() + "(" + NA + ", " + NB + ")"
                         : NA + Op.str() + NB;
  auto Assumed = I.Opts.Assume.find(Name);
  if (Assumed != I.Opts.Assume.end())
    return Value::integer(LaneInt::constant(Assumed->second));
  llvm::SmallVector<SymbolId, 4> Factors;
  for (const LaneInt::Term &T : A.I.terms())
    Factors.push_back(T.Sym);
  for (const LaneInt::Term &T : B.I.terms())
    Factors.push_back(T.Sym);
  std::string KA = formKey(A.I, kAllLanes), KB = formKey(B.I, kAllLanes);
  if ((Op == "*" || Op == "min" || Op == "max") && KB < KA)
    std::swap(KA, KB);
  std::string Key = "op " + Op.str() + " " + KA + " " + KB;
  // Not negative when both operands are not and the operator keeps that.
  bool NonNeg = isNonNegative(A.I) && isNonNegative(B.I) && Op != "-" &&
                Op != "^" && Op != "<<";
  // A shift's name is parenthesized: it is printed inside lane patterns
  // ("2*(offset>>3)*k").
  if (Shift)
    Name = "(" + Name + ")";
  SymbolId Id = symbolId(Name, Factors, Key, NonNeg);
  if (Amount && *Amount >= 0)
    I.Syms.setShift(Id, {A, *Amount, Op.str()});
  return Value::integer(LaneInt::symbol(Id));
}

/// The source text of \p E on one line (at most 60 characters), to name the
/// symbol of a value loaded from memory.
std::string SymbolRules::sourceText(const Expr *E) const {
  const SourceManager &SM = I.Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  R = Lexer::makeFileCharRange(R, SM, I.Ctx.getLangOpts());
  if (R.isInvalid())
    return "<expr>";
  std::string S = Lexer::getSourceText(R, SM, I.Ctx.getLangOpts()).str();
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
