//===- CheckRegistryTest.cpp - the check registry and configuration -------===//
#include "checks/CheckRegistry.h"
#include "analyzer/LaunchConfig.h"
#include "checks/Check.h"
#include "gtest/gtest.h"
#include <set>

using namespace ccl;

namespace {
TEST(CheckRegistry, EveryCheckDeclaresItselfOnce) {
  std::set<std::string> Names;
  for (const CheckInfo *C : checkRegistry()) {
    EXPECT_TRUE(Names.insert(C->Name).second) << C->Name;
    EXPECT_EQ(findCheck(C->Name), C);
    EXPECT_EQ(std::string(C->DocPath),
              "docs/checks/" + std::string(C->Name) + ".md");
    EXPECT_FALSE(std::string(C->ShortDescription).empty());
    for (const CheckOptionInfo &O : C->Options) {
      EXPECT_LE(O.Min, O.Default);
      EXPECT_LE(O.Default, O.Max);
    }
    std::unique_ptr<Check> Made =
        C->Factory(*C, resolveOptions(
                           *C, [](llvm::StringRef) { return std::nullopt; },
                           *new std::vector<std::string>));
    EXPECT_EQ(Made->name(), C->Name);
  }
  EXPECT_EQ(findCheck("no-such-check"), nullptr);
}

TEST(CheckRegistry, BadValuesKeepTheDefault) {
  const CheckInfo &C = *findCheck("cuda-uncoalesced-global");
  std::vector<std::string> Problems;
  auto Lookup = [](llvm::StringRef K) -> std::optional<std::string> {
    return K == "MinEfficiency" ? std::optional<std::string>("150")
                                : std::nullopt;
  };
  OptionValues V = resolveOptions(C, Lookup, Problems);
  EXPECT_EQ(V["MinEfficiency"], 80);
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0], "invalid value '150' for option "
                         "'cuda-uncoalesced-global.MinEfficiency' (expected "
                         "an integer in [1, 100]); using 80");
}

TEST(CheckRegistry, CreateChecksFiltersAndReportsEveryProblem) {
  auto All = createChecks({}, "cuda-*");
  ASSERT_TRUE(bool(All));
  EXPECT_EQ(All->size(), checkRegistry().size());
  auto One = createChecks({{"cuda-shared-bank-conflict.MaxConflictWays", "4"}},
                          "cuda-*,-cuda-uncoalesced-global");
  ASSERT_TRUE(bool(One));
  ASSERT_EQ(One->size(), 1u);
  EXPECT_EQ((*One)[0]->name(), "cuda-shared-bank-conflict");
  EXPECT_EQ((*One)[0]->option("MaxConflictWays"), 4);
  auto Bad = createChecks({{"cuda-uncoalesced-global.Nope", "1"},
                           {"cuda-shared-bank-conflict.MaxConflictWays", "x"}},
                          "cuda-*");
  ASSERT_FALSE(bool(Bad));
  std::string Msg = llvm::toString(Bad.takeError());
  EXPECT_NE(Msg.find("unknown check option 'cuda-uncoalesced-global.Nope'"),
            std::string::npos);
  EXPECT_NE(Msg.find("invalid value 'x'"), std::string::npos);
}

TEST(CheckRegistry, GlobsLastMatchWins) {
  EXPECT_TRUE(checkEnabled("cuda-*", "cuda-shared-bank-conflict"));
  EXPECT_FALSE(
      checkEnabled("cuda-*,-cuda-shared-*", "cuda-shared-bank-conflict"));
  EXPECT_TRUE(checkEnabled("-*,cuda-shared-bank-conflict",
                           "cuda-shared-bank-conflict"));
  EXPECT_FALSE(checkEnabled("", "cuda-uncoalesced-global"));
}

TEST(CheckRegistry, EffectiveOptionsFillDefaults) {
  auto E = effectiveOptions({{"cuda-uncoalesced-global.MinEfficiency", "50"}});
  EXPECT_EQ(E["cuda-uncoalesced-global.MinEfficiency"], "50");
  EXPECT_EQ(E["cuda-shared-bank-conflict.MaxConflictWays"], "1");
}

TEST(BlockShapes, ParseDim3) {
  EXPECT_EQ(parseDim3("32,8"), (Dim3{32, 8, 1}));
  EXPECT_EQ(parseDim3(" 4 , 4 , 4 "), (Dim3{4, 4, 4}));
  EXPECT_EQ(parseDim3("256"), (Dim3{256, 1, 1}));
  EXPECT_FALSE(parseDim3("0"));
  EXPECT_FALSE(parseDim3("64,32")); // 2048 threads
  EXPECT_FALSE(parseDim3("32,x"));
  EXPECT_FALSE(parseDim3("1,2,3,4"));
  EXPECT_FALSE(parseDim3(""));
}
} // namespace
