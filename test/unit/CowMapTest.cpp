// A std::map shared by copies until one changes (analyzer/CowMap.h).
#include "analyzer/CowMap.h"
#include "gtest/gtest.h"
#include <string>

using namespace ccl;

TEST(CowMap, CopiesShareUntilOneChanges) {
  CowMap<int, std::string> A;
  EXPECT_TRUE(A.empty());
  A[1] = "one";
  A[2] = "two";
  CowMap<int, std::string> B = A;
  EXPECT_TRUE(B.sharesWith(A));
  B[3] = "three";
  EXPECT_FALSE(B.sharesWith(A));
  EXPECT_EQ(A.size(), 2u);
  EXPECT_EQ(B.size(), 3u);
  EXPECT_EQ(A.count(3), 0u);
  EXPECT_EQ(B.find(1)->second, "one");
}

TEST(CowMap, ConstReadsDoNotCopy) {
  CowMap<int, int> A;
  A[5] = 50;
  CowMap<int, int> B = A;
  const CowMap<int, int> &CB = B;
  EXPECT_EQ(CB.find(5)->second, 50);
  EXPECT_TRUE(CB.find(6) == CB.end());
  int Sum = 0;
  for (const auto &KV : CB)
    Sum += KV.second;
  EXPECT_EQ(Sum, 50);
  EXPECT_TRUE(B.sharesWith(A));
}

TEST(CowMap, MutableIteratorsPointIntoOwnCopy) {
  CowMap<int, int> A;
  for (int I = 0; I < 6; ++I)
    A[I] = I * 10;
  CowMap<int, int> B = A;
  // Erase the odd keys of B through iterators taken from the non-const map.
  for (auto It = B.begin(); It != B.end();)
    It = It->first % 2 ? B.erase(It) : std::next(It);
  EXPECT_EQ(B.size(), 3u);
  EXPECT_EQ(A.size(), 6u);
  auto It = B.find(2);
  ASSERT_TRUE(It != B.end());
  It->second = 7;
  EXPECT_EQ(A.find(2)->second, 20);
  // clear() drops this copy's view only.
  B.clear();
  EXPECT_TRUE(B.empty());
  EXPECT_EQ(A.size(), 6u);
}
