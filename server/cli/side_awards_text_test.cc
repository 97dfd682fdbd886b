// Tests of how a director types a per-side artificial score (`tally rule
// --per-side`) and how it reads back (server/cli/side_awards_text.h).

#include "server/cli/side_awards_text.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::cli {
namespace {

using tally::testing::StatusIs;
using ::testing::HasSubstr;

TEST(SideAwardsTextTest, PercentageAndScoreNamingItsSide) {
  auto a = ParseSideAwards("ns:60%,ew:NS+630");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->ns().percent().numerator(), 60);
  EXPECT_EQ(a->ns().percent().denominator(), 1);
  EXPECT_EQ(a->ew().ns_score(), 630);
  EXPECT_EQ(SideAwardsText(*a), "NS 60%, EW on NS +630");
  // East-West's -630 is the same result: North-South's +630.
  auto b = ParseSideAwards("ew:ew-630,ns:60%");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->ew().ns_score(), 630);
}

TEST(SideAwardsTextTest, FractionalPercentagesStayExact) {
  auto a = ParseSideAwards("ns:62.5%,ew:NS-100");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->ns().percent().numerator(), 125);
  EXPECT_EQ(a->ns().percent().denominator(), 2);
  EXPECT_EQ(a->ew().ns_score(), -100);
  EXPECT_EQ(SideAwardsText(*a), "NS 62.5%, EW on NS -100");
}

TEST(SideAwardsTextTest, UnreadableFormsSayTheForm) {
  for (const char* text :
       {"ns:60%", "ns:60%,ew:630", "ns:60%,ns:40%", "ns:sixty%,ew:40%",
        "ns:60%,ew:NS630", "xx:60%,ew:40%"}) {
    EXPECT_THAT(ParseSideAwards(text),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("--per-side is ns:AWARD,ew:AWARD")))
        << text;
  }
}

}  // namespace
}  // namespace tally::cli
