#include "server/interchange/fixture_files_for_test.h"

#include <fstream>
#include <sstream>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
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

void ExpectDamageReadOrRefused(
    const std::string& bytes, const std::string& file, size_t cut_step,
    size_t lines, const std::function<absl::Status(const std::string&)>& read) {
  ASSERT_FALSE(bytes.empty());
  auto expect_read_or_refused = [&](const std::string& text) {
    const absl::Status status = read(text);
    if (status.ok()) return;
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(status.message(),
                ::testing::HasSubstr(absl::StrCat(file, " line ")));
  };
  for (size_t cut = 0; cut < bytes.size(); cut += cut_step) {
    expect_read_or_refused(bytes.substr(0, cut));
  }
  std::vector<std::string> all = absl::StrSplit(bytes, '\n');
  for (size_t i = 0; i < lines && i < all.size(); ++i) {
    std::vector<std::string> doubled = all;
    doubled.insert(doubled.begin() + i, all[i]);
    expect_read_or_refused(absl::StrJoin(doubled, "\n"));
    std::vector<std::string> dropped = all;
    dropped.erase(dropped.begin() + i);
    expect_read_or_refused(absl::StrJoin(dropped, "\n"));
  }
}

}  // namespace tally::interchange
