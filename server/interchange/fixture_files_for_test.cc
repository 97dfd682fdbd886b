#include "server/interchange/fixture_files_for_test.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::interchange {

std::string ReadFixture(const std::string& dir, const std::string& name) {
  std::ifstream in(dir + "/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string EditedFixture(const std::string& dir, const std::string& name,
                          const std::string& from, const std::string& to) {
  std::string text = ReadFixture(dir, name);
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

void ExpectRefusedAt(const absl::StatusOr<SessionFile>& read,
                     const std::string& file, int line,
                     const std::string& what) {
  EXPECT_THAT(read, tally::testing::StatusIs(
                        absl::StatusCode::kInvalidArgument,
                        ::testing::AllOf(::testing::HasSubstr(absl::StrCat(
                                             file, " line ", line, ": ")),
                                         ::testing::HasSubstr(what))));
}

}  // namespace tally::interchange
