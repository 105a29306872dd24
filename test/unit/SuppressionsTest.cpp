//===- SuppressionsTest.cpp - NOLINT comments -----------------------------===//
#include "lint/Suppressions.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace ccl;

namespace {
class Suppressions : public ::testing::Test {
protected:
  const char *Code = "int a;\n"                                       // 1
                     "int b; // NOLINT\n"                             // 2
                     "int c; // NOLINT(cuda-uncoalesced-global)\n"    // 3
                     "int d; // NOLINT(cuda-shared-*, other)\n"       // 4
                     "// NOLINTNEXTLINE(cuda-shared-bank-conflict)\n" // 5
                     "int e;\n"                                       // 6
                     "// NOLINTBEGIN(cuda-*)\n"                       // 7
                     "int f;\n"                                       // 8
                     "// NOLINTEND(cuda-*)\n"                         // 9
                     "int g;\n"                                       // 10
                     "// NOLINTNEXTLINE\n"                            // 11
                     "\n"                                             // 12
                     "int h;\n";                                      // 13
  SourceManagerForFile Env{"k.cu", Code};
  bool at(unsigned Line, llvm::StringRef Check) {
    SourceManager &SM = Env.get();
    return isSuppressed(SM, SM.translateLineCol(SM.getMainFileID(), Line, 1),
                        Check);
  }
};

TEST_F(Suppressions, Lines) {
  EXPECT_FALSE(at(1, "cuda-uncoalesced-global"));
  EXPECT_TRUE(at(2, "cuda-uncoalesced-global")); // every check
  EXPECT_TRUE(at(2, "cuda-shared-bank-conflict"));
  EXPECT_TRUE(at(3, "cuda-uncoalesced-global"));
  EXPECT_FALSE(at(3, "cuda-shared-bank-conflict")); // another check
  EXPECT_TRUE(at(4, "cuda-shared-bank-conflict"));  // wildcard in a list
  EXPECT_FALSE(at(4, "cuda-uncoalesced-global"));
}

TEST_F(Suppressions, NextLineAndRegions) {
  EXPECT_TRUE(at(6, "cuda-shared-bank-conflict"));
  EXPECT_FALSE(at(6, "cuda-uncoalesced-global"));
  EXPECT_FALSE(at(5, "cuda-shared-bank-conflict")); // the comment's own line
  EXPECT_TRUE(at(8, "cuda-uncoalesced-global"));
  EXPECT_FALSE(at(10, "cuda-uncoalesced-global")); // after NOLINTEND
  EXPECT_FALSE(at(13, "cuda-uncoalesced-global")); // two lines below
}
} // namespace
