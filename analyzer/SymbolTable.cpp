//===- SymbolTable.cpp - The unknowns of one interpretation ---------------===//
#include "analyzer/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"

using namespace ccl;

SymbolTable::Interned SymbolTable::intern(llvm::StringRef Name,
                                          llvm::ArrayRef<SymbolId> FactorsOf,
                                          llvm::StringRef Key, bool NN) {
  if (Key.empty()) {
    // Builtins, by name: blockIdx.x and gridDim.y are never negative.
    NN |= Name.starts_with("blockIdx.") || Name.starts_with("gridDim.");
    Key = Name;
  }
  auto It = Ids.find(Key);
  if (It != Ids.end())
    return {It->second, false};
  SymbolId Id = Names.size();
  // Two unknowns that print alike are told apart in messages: "p[i]" and
  // "p[i]#2" (a loop's iteration keeps its name: one per dynamic run).
  std::string Shown = Name.str();
  unsigned &Seen = NameUses[Shown];
  if (++Seen > 1 && !Key.starts_with("loop run "))
    Shown += "#" + std::to_string(Seen);
  Names.push_back(Shown);
  std::vector<std::string> Named;
  for (SymbolId F : FactorsOf)
    for (const std::string &N : Factors[F])
      if (!llvm::is_contained(Named, N))
        Named.push_back(N);
  if (Named.empty())
    Named.push_back(Shown);
  Factors.push_back(std::move(Named));
  NonNeg.push_back(NN);
  LaneData.push_back(false);
  Ids[Key] = Id;
  return {Id, true};
}

void SymbolTable::markLaneData(SymbolId Id) {
  Factors[Id].clear();
  LaneData[Id] = true;
}

std::vector<std::string>
SymbolTable::namesOf(llvm::ArrayRef<SymbolId> Of) const {
  std::vector<std::string> R;
  for (SymbolId S : Of)
    if (S < Factors.size())
      for (const std::string &F : Factors[S])
        if (!llvm::is_contained(R, F))
          R.push_back(F);
  return R;
}

std::vector<std::string>
SymbolTable::laneDataOf(llvm::ArrayRef<SymbolId> Of) const {
  std::vector<std::string> R;
  for (SymbolId S : Of)
    if (S < LaneData.size() && LaneData[S] &&
        !llvm::is_contained(R, Names[S]))
      R.push_back(Names[S]);
  return R;
}

bool SymbolTable::isNonNegative(const LaneInt &V, LaneBits Lanes) const {
  for (unsigned K = 0; K < kWarpSize; ++K) {
    if (!(Lanes >> K & 1))
      continue;
    if (V.consts()[K] < 0)
      return false;
    for (const LaneInt::Term &T : V.terms())
      if (T.Coef[K] < 0 || (T.Coef[K] > 0 && !NonNeg[T.Sym]))
        return false;
  }
  return true;
}

std::string SymbolTable::formatUniform(const LaneInt &V) const {
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
  if (!V.terms().empty() &&
      (V.terms().size() > 1 || C != 0 || V.terms()[0].Coef[0] != 1))
    S = "(" + S + ")";
  return S;
}

const llvm::SmallVector<SymbolId, 4> *
SymbolTable::productFactors(SymbolId Id) const {
  auto It = Products.find(Id);
  return It == Products.end() ? nullptr : &It->second;
}

void SymbolTable::setProductFactors(SymbolId Id,
                                    llvm::SmallVector<SymbolId, 4> F) {
  Products[Id] = std::move(F);
}

const SymbolTable::ShiftDef *SymbolTable::shiftOf(SymbolId Id) const {
  auto It = Shifts.find(Id);
  return It == Shifts.end() ? nullptr : &It->second;
}

void SymbolTable::setShift(SymbolId Id, ShiftDef D) {
  Shifts.try_emplace(Id, std::move(D));
}
