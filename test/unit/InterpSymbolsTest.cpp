// The interpreter's symbols (analyzer/InterpSymbols.h): found by key, printed
// by name, --assume constants, products of unknowns, as the lane addresses
// of warp 0 of a 256-thread block show them.
#include "WarpZeroRun.h"
#include "gtest/gtest.h"

using namespace ccl;

using test::expectStride;
using test::WarpZeroRun;

namespace {
/// The names of the symbols of event \p E's address.
std::vector<std::string> termNames(const WarpZeroRun &R, size_t E) {
  std::vector<std::string> Names;
  for (const LaneInt::Term &T : R.Events.at(E).Address.I.terms())
    Names.push_back(R.I->symbolNames()[T.Sym]);
  return Names;
}
} // namespace

TEST(InterpSymbols, AParameterIsOneSymbolWhereverItIsRead) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) {
  out[n + threadIdx.x] = 0;
  out[threadIdx.x + n] = 1;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_EQ(R.Events.size(), 2u);
  ASSERT_EQ(R.Events[0].Address.I.terms().size(), 1u);
  ASSERT_EQ(R.Events[1].Address.I.terms().size(), 1u);
  EXPECT_EQ(R.Events[0].Address.I.terms()[0].Sym,
            R.Events[1].Address.I.terms()[0].Sym);
  EXPECT_EQ(termNames(R, 0), std::vector<std::string>{"n"});
}

TEST(InterpSymbols, LoadsThatPrintAlikeAreDifferentUnknowns) {
  // Both loads are `p[0]`: their keys (object, address) differ, so their
  // difference is not 0.
  WarpZeroRun R(R"(
__device__ int first(const int *p) { return p[0]; }
__global__ void k(const int *a, const int *b, float *out) {
  out[first(a) - first(b) + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ran());
  const AccessEvent *Store = R.event("out", AccessOp::Store);
  ASSERT_NE(Store, nullptr);
  ASSERT_EQ(Store->Address.I.terms().size(), 2u);
  EXPECT_NE(Store->Address.I.terms()[0].Sym, Store->Address.I.terms()[1].Sym);
  // The second of two names that print alike is told apart by a number.
  EXPECT_EQ(termNames(R, R.Events.size() - 1),
            (std::vector<std::string>{"p[0]", "p[0]#2"}));
}

TEST(InterpSymbols, AnAssumedNameIsItsConstant) {
  InterpreterOptions O;
  O.Assume["n"] = 8;
  WarpZeroRun R(R"(
__global__ void k(float *out, int n) { out[threadIdx.x * n] = 0; })",
                O);
  ASSERT_TRUE(R.ranOne());
  expectStride(R.address(), 32);
}

TEST(InterpSymbols, AProductOfUnknownsIsOneSymbol) {
  WarpZeroRun R(R"(
__global__ void k(float *out, int n, int m) {
  out[n * m + threadIdx.x] = 0;
  out[m * n + threadIdx.x] = 0;
})");
  ASSERT_TRUE(R.ran());
  ASSERT_EQ(R.Events.size(), 2u);
  ASSERT_EQ(R.Events[0].Address.I.terms().size(), 1u);
  ASSERT_EQ(R.Events[1].Address.I.terms().size(), 1u);
  // The same factors in either order: the same symbol.
  EXPECT_EQ(R.Events[0].Address.I.terms()[0].Sym,
            R.Events[1].Address.I.terms()[0].Sym);
  std::vector<SymbolId> Factors = {R.Events[0].Address.I.terms()[0].Sym};
  EXPECT_EQ(R.I->namesOf(Factors), (std::vector<std::string>{"n", "m"}));
}
