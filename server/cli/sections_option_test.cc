// Tests for server/cli/sections_option.h: --sections read into
// DefineSessionRequest.sections, and what it refuses.

#include "server/cli/sections_option.h"

#include "gtest/gtest.h"

namespace tally::cli {
namespace {

TEST(SectionsOptionTest, ReadsAMitchellAndAHowellSection) {
  v1::DefineSessionRequest r;
  ASSERT_TRUE(ParseSectionsOption("A:mitchell=3:2,B:howell=8:1", r).ok());
  ASSERT_EQ(r.sections_size(), 2);
  EXPECT_EQ(r.sections(0).name(), "A");
  EXPECT_EQ(r.sections(0).mitchell().tables(), 3);
  EXPECT_EQ(r.sections(0).mitchell().boards_per_round(), 2);
  EXPECT_EQ(r.sections(1).name(), "B");
  EXPECT_EQ(r.sections(1).howell().pairs(), 8);
  EXPECT_EQ(r.sections(1).howell().boards_per_round(), 1);
}

TEST(SectionsOptionTest, RefusesWhatItCannotRead) {
  for (const char* bad : {"A", "A:mitchell", "A:mitchell=3", "A:swiss=3:2",
                          "A:mitchell=x:2", "A:mitchell=3:2,"}) {
    v1::DefineSessionRequest r;
    EXPECT_EQ(ParseSectionsOption(bad, r).code(),
              absl::StatusCode::kInvalidArgument)
        << bad;
  }
}

}  // namespace
}  // namespace tally::cli
