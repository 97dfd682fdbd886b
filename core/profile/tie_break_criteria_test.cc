#include "core/profile/tie_break_criteria.h"

#include <set>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

TEST(TieBreakCriteriaTest, EachCriterionHasAClauseAndUniqueId) {
  std::set<absl::string_view> ids;
  for (const TieBreakCriterion& c : AllTieBreakCriteria()) {
    EXPECT_TRUE(ids.insert(c.id).second) << c.id;
    EXPECT_FALSE(c.clauses.empty()) << c.id;
    EXPECT_FALSE(c.description.empty()) << c.id;
  }
}

TEST(TieBreakCriteriaTest, OnlyLotAndPlayoffDecide) {
  for (const TieBreakCriterion& c : AllTieBreakCriteria()) {
    EXPECT_EQ(c.decides, c.id == "lot" || c.id == "four_board_playoff") << c.id;
  }
}

TEST(TieBreakCriteriaTest, FindsByIdWithItsClause) {
  EXPECT_EQ(FindTieBreakCriterion("remove_carry_over")->clauses, "ANC SR 12.3");
  EXPECT_EQ(FindTieBreakCriterion("net_imps_capped_at_blitz")->clauses,
            "NSW TR 11.2.1(c)");
  EXPECT_THAT(FindTieBreakCriterion("seeding"),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("lot")));
}

}  // namespace
}  // namespace tally::core
