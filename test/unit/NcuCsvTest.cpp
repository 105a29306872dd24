// The Nsight Compute source-page CSV reader, on a fixture written by hand
// from the documented metric names (display names in the first table,
// metric ids in the second); no GPU was available to record a real one.
#include "runtime/CpuVerifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

using namespace ccl;

TEST(NcuCsv, ReadsTablesAndMetrics) {
  auto Buf = llvm::MemoryBuffer::getFile(CCL_TEST_INPUTS "/ncu-source.csv");
  ASSERT_TRUE(bool(Buf));
  std::string Error;
  auto Tables = parseNcuSourceCsv((*Buf)->getBuffer(), Error);
  ASSERT_EQ(Tables.size(), 2u) << Error;
  const NcuLine &Store = Tables[0].at(24);
  EXPECT_TRUE(Store.HasGlobal);
  EXPECT_DOUBLE_EQ(Store.Sectors, 8192);
  EXPECT_DOUBLE_EQ(Store.WavefrontsIdeal, 512);
  const NcuLine &Column = Tables[0].at(29);
  EXPECT_DOUBLE_EQ(Column.Wavefronts, 16384); // 32 per request over 512
  EXPECT_TRUE(Column.HasShared);
  const NcuLine &K = Tables[1].at(3);
  EXPECT_DOUBLE_EQ(K.Sectors, 1024);
  EXPECT_DOUBLE_EQ(K.SectorsIdeal, 128);
  EXPECT_FALSE(K.HasShared);
}

TEST(NcuCsv, RejectsTextWithoutCounters) {
  std::string Error;
  auto Tables = parseNcuSourceCsv("\"a\",\"b\"\n\"1\",\"2\"\n", Error);
  EXPECT_TRUE(Tables.empty());
  EXPECT_FALSE(Error.empty());
}
