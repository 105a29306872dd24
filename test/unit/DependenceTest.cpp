// A record's dependence (analyzer/AccessRecord.h) is typed: named unknowns
// and conditions apart. The reports list both in one sorted list, the
// conditions in parentheses (report/Report.h, dependenceList), and the
// checks' messages join each kind (checks/Check.h, splitDependence).
#include "checks/Check.h"
#include "report/Report.h"
#include "gtest/gtest.h"

using namespace ccl;

TEST(Dependence, ConditionsKeepTheOrderOfTheirParenthesizedText) {
  Dependence D;
  // "(a b)" sorts before "(a)" (' ' < ')'), although "a" sorts before "a b".
  D.Conditions = {"a", "a b"};
  std::vector<std::string> Order(D.Conditions.begin(), D.Conditions.end());
  EXPECT_EQ(Order, (std::vector<std::string>{"a b", "a"}));
}

TEST(Dependence, TheReportsListBothKindsInOneSortedList) {
  Dependence D;
  D.Unknowns = {"n", "blockIdx.x"};
  D.Conditions = {"under the assumed block shape 256x1x1"};
  EXPECT_EQ(dependenceList(D),
            (std::vector<std::string>{"(under the assumed block shape "
                                      "256x1x1)",
                                      "blockIdx.x", "n"}));
  EXPECT_TRUE(dependenceList(Dependence()).empty());
}

TEST(Dependence, TheMessagesJoinEachKind) {
  AccessRecord R;
  R.DependsOn.Unknowns = {"n", "blockIdx.x"};
  R.DependsOn.Conditions = {"a goto at line 9 is not followed",
                            "under the assumed block shape 256x1x1"};
  DependenceParts P = splitDependence(R);
  EXPECT_EQ(P.Names, "blockIdx.x, n");
  EXPECT_EQ(P.Conditions, "a goto at line 9 is not followed; under the "
                          "assumed block shape 256x1x1");
  R.Exact = false;
  EXPECT_EQ(describeDependence(R),
            "; worst case over blockIdx.x, n; a goto at line 9 is not "
            "followed; under the assumed block shape 256x1x1");
}
