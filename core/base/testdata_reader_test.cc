#include "core/base/testdata_reader.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"

namespace tally::core::testdata {
namespace {

using ::testing::ElementsAre;

// testdata/reader_sample.txt holds, tabs shown as \t:
//   // A made-up table for core/base/testdata_reader_test.cc.
//   // source: made_up_regulation.txt
//   1\t 2.50 \t\t3
//   (an empty line)
//   \tx  (two trailing spaces)
constexpr char kDir[] = TALLY_BASE_TESTDATA_DIR;

TEST(TestdataReaderTest, ReadsEveryLineWithTrailingWhitespaceRemoved) {
  const std::optional<std::vector<std::string>> lines =
      ReadLines(absl::StrCat(kDir, "/reader_sample.txt"));
  ASSERT_TRUE(lines.has_value());
  EXPECT_THAT(
      *lines,
      ElementsAre("// A made-up table for core/base/testdata_reader_test.cc.",
                  "// source: made_up_regulation.txt", "1\t 2.50 \t\t3", "",
                  "\tx"));
}

TEST(TestdataReaderTest, ReadsNothingFromAMissingFile) {
  EXPECT_EQ(ReadLines(absl::StrCat(kDir, "/missing.txt")), std::nullopt);
}

TEST(TestdataReaderTest, TableLinesDropTheHeader) {
  EXPECT_THAT(TableLines(kDir, "reader_sample.txt"),
              ElementsAre("1\t 2.50 \t\t3", "", "\tx"));
}

TEST(TestdataReaderTest, TableLinesOfAMissingFileFailTheTest) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_TRUE(TableLines(TALLY_BASE_TESTDATA_DIR, "missing.txt").empty()),
      "cannot read");
}

TEST(TestdataReaderTest, SourcePathIsUnderTheRegulationsDirectory) {
  // The file's "// source:" name, joined under the regulations directory
  // (whose own path differs between CMake and Bazel's runfiles).
  const std::string path = SourcePath(kDir, "reader_sample.txt");
  EXPECT_TRUE(absl::EndsWith(path, "/made_up_regulation.txt")) << path;
  EXPECT_GT(path.size(), std::string("/made_up_regulation.txt").size());
}

TEST(TestdataReaderTest, AFileNamingNoSourceFailsTheTest) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_EQ(SourcePath(TALLY_BASE_TESTDATA_DIR, "reader_no_source.txt"),
                ""),
      "testdata/reader_no_source.txt names no source");
}

TEST(TestdataReaderTest, CellsAreSplitAtTabsAndTrimmed) {
  EXPECT_THAT(Cells("1\t 2.50 \t\t3"), ElementsAre("1", "2.50", "", "3"));
  EXPECT_THAT(Cells(""), ElementsAre(""));
}

TEST(TestdataReaderTest, NonEmptyCellsDropTheEmptyOnes) {
  EXPECT_THAT(NonEmptyCells("1\t 2.50 \t\t3"), ElementsAre("1", "2.50", "3"));
  EXPECT_THAT(NonEmptyCells("\tx"), ElementsAre("x"));
}

}  // namespace
}  // namespace tally::core::testdata
