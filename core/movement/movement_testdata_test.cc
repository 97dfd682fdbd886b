// Checks that the draws transcribed in core/movement/testdata/ are the
// regulations' text, line for line and in order, when the regulations are
// checked out beside the repository (../shared/regulations); skipped in a
// clean clone without them.

#include "core/movement/movement_testdata.h"

#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace tally::core {
namespace {

using testdata::ReadLines;
using testdata::SourcePath;
using testdata::TableLines;

class TranscriptionTest : public ::testing::TestWithParam<const char*> {};

TEST_P(TranscriptionTest, IsTheRegulationTextInOrder) {
  const std::string source = SourcePath(GetParam());
  const std::optional<std::vector<std::string>> regulation = ReadLines(source);
  if (!regulation.has_value()) {
    GTEST_SKIP() << source << " is not checked out";
  }
  const std::vector<std::string> table = TableLines(GetParam());
  ASSERT_FALSE(table.empty());
  size_t next = 0;
  for (const std::string& line : table) {
    while (next < regulation->size() && (*regulation)[next] != line) ++next;
    ASSERT_LT(next, regulation->size())
        << "not found (in order) in " << source << ": " << line;
    ++next;
  }
}

INSTANTIATE_TEST_SUITE_P(Testdata, TranscriptionTest,
                         ::testing::Values("anc_sr_10_6_1.txt",
                                           "anc_sr_10_7_1.txt",
                                           "anc_sr_10_7_2.txt",
                                           "sabf_tr_21_15.txt",
                                           "sabf_tr_21_16.txt"));

}  // namespace
}  // namespace tally::core
