// The unknowns of one interpretation (analyzer/SymbolTable.h): found by key,
// shown by name, with their named factors, signs and definitions.
#include "analyzer/SymbolTable.h"
#include "gtest/gtest.h"

using namespace ccl;

TEST(SymbolTable, OneKeyIsOneSymbol) {
  SymbolTable T;
  SymbolTable::Interned A = T.intern("n", {}, "parm n", false);
  SymbolTable::Interned B = T.intern("other spelling", {}, "parm n", true);
  EXPECT_TRUE(A.New);
  EXPECT_FALSE(B.New);
  EXPECT_EQ(A.Id, B.Id);
  EXPECT_EQ(T.size(), 1u);
  EXPECT_EQ(T.name(A.Id), "n");
  // The first call decides the sign.
  EXPECT_FALSE(T.nonNegative(A.Id));
}

TEST(SymbolTable, SymbolsThatPrintAlikeAreToldApart) {
  SymbolTable T;
  SymbolId A = T.intern("p[i]", {}, "load 1", false).Id;
  SymbolId B = T.intern("p[i]", {}, "load 2", false).Id;
  SymbolId C = T.intern("p[i]", {}, "load 3", false).Id;
  EXPECT_NE(A, B);
  EXPECT_EQ(T.name(A), "p[i]");
  EXPECT_EQ(T.name(B), "p[i]#2");
  EXPECT_EQ(T.name(C), "p[i]#3");
  // A loop's iteration numbers keep their name, one per dynamic run.
  SymbolId L1 = T.intern("iteration(line 3)", {}, "loop run 1", true).Id;
  SymbolId L2 = T.intern("iteration(line 3)", {}, "loop run 2", true).Id;
  EXPECT_NE(L1, L2);
  EXPECT_EQ(T.name(L2), "iteration(line 3)");
}

TEST(SymbolTable, BuiltinsAreKeyedByNameAndNeverNegative) {
  SymbolTable T;
  SymbolId B = T.intern("blockIdx.x", {}, "", false).Id;
  SymbolId G = T.intern("gridDim.y", {}, "", false).Id;
  SymbolId N = T.intern("n", {}, "", false).Id;
  EXPECT_EQ(T.intern("blockIdx.x", {}, "", false).Id, B);
  EXPECT_TRUE(T.nonNegative(B));
  EXPECT_TRUE(T.nonNegative(G));
  EXPECT_FALSE(T.nonNegative(N));
}

TEST(SymbolTable, ProductsNameTheirFactorsOnce) {
  SymbolTable T;
  SymbolId B = T.intern("blockIdx.x", {}, "", false).Id;
  SymbolId N = T.intern("n", {}, "parm n", false).Id;
  SymbolId P = T.intern("blockIdx.x*n", {B, N}, "monomial", false).Id;
  SymbolId Q = T.intern("(blockIdx.x*n)*n", {P, N}, "monomial 2", false).Id;
  EXPECT_EQ(T.namesOf({P}), (std::vector<std::string>{"blockIdx.x", "n"}));
  EXPECT_EQ(T.namesOf({Q, B}),
            (std::vector<std::string>{"blockIdx.x", "n"}));
  // Ids the table does not have name nothing.
  EXPECT_TRUE(T.namesOf({99}).empty());
  EXPECT_EQ(T.productFactors(B), nullptr);
  T.setProductFactors(P, {B, N});
  ASSERT_NE(T.productFactors(P), nullptr);
  EXPECT_EQ(T.productFactors(P)->size(), 2u);
}

TEST(SymbolTable, ValuesReadPerLaneAreADependenceNotAFactor) {
  SymbolTable T;
  SymbolId N = T.intern("n", {}, "parm n", false).Id;
  SymbolId M = T.intern("mask[tid]", {}, "read per lane at 1", false).Id;
  T.markLaneData(M);
  EXPECT_EQ(T.namesOf({N, M}), (std::vector<std::string>{"n"}));
  EXPECT_EQ(T.laneDataOf({N, M, M}),
            (std::vector<std::string>{"mask[tid]"}));
}

TEST(SymbolTable, NonNegativeFormsAndTheirPrintedName) {
  SymbolTable T;
  SymbolId B = T.intern("blockIdx.x", {}, "", false).Id;
  SymbolId N = T.intern("n", {}, "parm n", false).Id;
  std::optional<LaneInt> V =
      add(*mul(LaneInt::symbol(B), LaneInt::constant(256)),
          LaneInt::constant(3));
  ASSERT_TRUE(V);
  EXPECT_TRUE(T.isNonNegative(*V, kAllLanes));
  EXPECT_EQ(T.formatUniform(*V), "(256*blockIdx.x + 3)");
  EXPECT_FALSE(T.isNonNegative(LaneInt::symbol(N), kAllLanes));
  EXPECT_FALSE(T.isNonNegative(LaneInt::constant(-1), kAllLanes));
  EXPECT_EQ(T.formatUniform(LaneInt::symbol(N)), "n");
  EXPECT_EQ(T.formatUniform(LaneInt::constant(7)), "7");
}

TEST(SymbolTable, TheFirstShiftRecordedStays) {
  SymbolTable T;
  SymbolId S = T.intern("(x>>1)", {}, "op >> x 1", false).Id;
  EXPECT_EQ(T.shiftOf(S), nullptr);
  T.setShift(S, {Value::integer(LaneInt::constant(8)), 1, ">>"});
  T.setShift(S, {Value::integer(LaneInt::constant(9)), 2, "<<"});
  ASSERT_NE(T.shiftOf(S), nullptr);
  EXPECT_EQ(T.shiftOf(S)->Amount, 1);
  EXPECT_EQ(T.shiftOf(S)->Op, ">>");
}
