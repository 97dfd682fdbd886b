// End to end: a Butler pairs stage qualifying into the next, through the
// gRPC API on a real tallyd. A 12-pair round robin under
// sabf_butler_round_robin is played out; its top ten contending pairs (ANC
// SR 16.7, the target profile's default), one of them withdrawn and
// replaced by the next highest placed pair (19.1), qualify into a
// round robin under anc2025_abpc_mixed_stage2 with ANC SR 18.2's
// carry-overs (the replacement carrying 0, 18.3), hand-worked below. The
// carry-overs count in the target's standings after its first round, and a
// restarted server replays the log to byte-identical qualification and
// standings.

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

constexpr int kBoards = 12;  // both profiles: 12-board matches

// Stage 1, strongest first: in every match the stronger pair wins.
const std::vector<int> kStrength = {7, 3, 11, 1, 9, 5, 12, 2, 8, 4, 10, 6};

// In each match at table t the winner makes 2S (110, whatever the
// vulnerability) on the round's t-th board; every other board is passed
// out. Stage 1 has 6 tables: the board's scores are one 110 (or -110) and
// five 0s, SABF TR 12.1 drops one at each end of six (16.67% of 6 rounded
// down), the datum is 0 and the winner +3 IMPs (WBF scale: 90-120). SABF TR
// 21.2, 12 boards: 3 IMPs 10.99 VPs, the loser 9.01.
// Pair of rank k wins 12 - k matches and loses k - 1: 120.89 - 1.98 (k - 1)
// VPs; pair 11 (rank 3) has a 1 VP penalty:
//   rank   1       2       3       4       5       6
//   pair   7       3       11      1       9       5
//   VPs    120.89  118.91  115.93  114.95  112.97  110.99
//   rank   7       8       9       10      11      12
//   pair   12      2       8       4       10      6
//   VPs    109.01  107.03  105.05  103.07  101.09  99.11
// Pair 1 (4th) withdraws at the end of the stage. ANC SR 18.2, places as
// the stage ended (18.3): x = 120.89, y = 103.07 (10th), x - y = 17.82,
// c(n) = 1 + 6 (z - y) / 17.82 to 2 places: 1st 7.00; 2nd 1 + 95.04/17.82
// = 6.33; 3rd 1 + 77.16/17.82 = 5.32996.. = 5.33; 5th 1 + 59.40/17.82 =
// 4.33; 6th 1 + 47.52/17.82 = 3.67; 7th 1 + 35.64/17.82 = 3.00; 8th 1 +
// 23.76/17.82 = 2.33; 9th 1 + 11.88/17.82 = 1.67; 10th 1.00; pair 10 (11th)
// replaces pair 1 with 0.
class StageQualifyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect();
  }

  void Connect() {
    stage1_ =
        std::make_unique<MatchClient>(tallyd_.channel(), "abpc", "stage1");
    stage2_ =
        std::make_unique<MatchClient>(tallyd_.channel(), "abpc", "stage2");
  }

  // Plays a drawn round: at each table the side `home_wins` says wins on
  // the table's board; a table it says nothing of (nullopt) is flat.
  void PlayRound(
      MatchClient& client, const v1::DrawMade& draw,
      const std::function<std::optional<bool>(int, int, int)>& home_wins) {
    for (const v1::DrawnMatch& m : draw.matches()) {
      const std::optional<bool> home = home_wins(m.table(), m.home(), m.away());
      for (int i = 0; i < kBoards; ++i) {
        v1::TableResult result = PassedOut();
        if (home.has_value() && i == m.table() - 1) {
          result = Played(2, v1::STRAIN_SPADES,
                          *home ? v1::SEAT_NORTH : v1::SEAT_EAST, 8);
        }
        ASSERT_THAT(
            client.Enter(draw.round(), m.table(), draw.boards(i), result),
            IsOk())
            << "round " << draw.round() << " table " << m.table();
      }
    }
    ASSERT_THAT(client.Post(draw.round()), IsOk());
  }

  static std::vector<std::string> Rows(const v1::MatchStandings& s) {
    std::vector<std::string> rows;
    for (const v1::MatchStandingsRow& row : s.rows()) {
      rows.push_back(absl::StrCat(row.rank(), row.tied() ? "=" : "", " ",
                                  row.entrant(), " ", DecimalText(row.total()),
                                  " carry ", DecimalText(row.carry_over())));
    }
    return rows;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("stages")};
  std::unique_ptr<MatchClient> stage1_;
  std::unique_ptr<MatchClient> stage2_;
};

TEST_F(StageQualifyTest, TopTenQualifyWithEighteenTwoCarryOvers) {
  ASSERT_THAT(stage1_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                              "sabf_butler_round_robin"),
              IsOk());
  ASSERT_THAT(stage1_->RegisterPairs(12), IsOk());
  ASSERT_THAT(stage2_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                              "anc2025_abpc_mixed_stage2"),
              IsOk());
  auto rank = [](int pair) {
    return std::find(kStrength.begin(), kStrength.end(), pair) -
           kStrength.begin();
  };
  for (int round = 1; round <= 11; ++round) {
    absl::StatusOr<v1::DrawMade> draw = stage1_->Draw(round, round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    PlayRound(*stage1_, *draw, [&](int, int home, int away) {
      return std::optional<bool>(rank(home) < rank(away));
    });
    if (round == 10) {
      // Not before the stage is over; the refusal appends nothing.
      absl::StatusOr<uint64_t> length = stage1_->LogLength();
      ASSERT_THAT(length, IsOk());
      EXPECT_THAT(stage2_->Qualify("stage1", 0, {1}),
                  StatusIs(absl::StatusCode::kFailedPrecondition,
                           HasSubstr("has drawn 10 of its 11 rounds")));
      EXPECT_EQ(stage1_->LogLength().value_or(0), *length);
    }
  }
  ASSERT_THAT(stage1_->Penalty(11, 0, 100, "SABF TR 13.14", "slow play"),
              IsOk());

  absl::StatusOr<v1::EntrantsQualified> q = stage2_->Qualify("stage1", 0, {1});
  ASSERT_THAT(q, IsOk());
  EXPECT_EQ(q->clause(), "ANC SR 16.7");
  std::vector<std::string> lines;
  for (const v1::QualifiedEntrant& e : q->entrants()) {
    lines.push_back(absl::StrCat(
        e.entrant(), " <- ", e.from_entrant(), " place ", e.place(), " ",
        e.carry_over().numerator(), "/", e.carry_over().denominator(), " ",
        e.carry_over_clause(),
        e.replaces() ? absl::StrCat(" replaces ", e.replaces()) : ""));
  }
  EXPECT_THAT(lines, ElementsAre("1 <- 7 place 1 7/1 ANC SR 18.2",
                                 "2 <- 3 place 2 633/100 ANC SR 18.2",
                                 "3 <- 11 place 3 533/100 ANC SR 18.2",
                                 "4 <- 9 place 5 433/100 ANC SR 18.2",
                                 "5 <- 5 place 6 367/100 ANC SR 18.2",
                                 "6 <- 12 place 7 3/1 ANC SR 18.2",
                                 "7 <- 2 place 8 233/100 ANC SR 18.2",
                                 "8 <- 8 place 9 167/100 ANC SR 18.2",
                                 "9 <- 4 place 10 1/1 ANC SR 18.2",
                                 "10 <- 10 place 11 0/1 ANC SR 18.3 "
                                 "replaces 1"));
  EXPECT_THAT(q->entrants(9).players(), ElementsAre("P10 North", "P10 South"));

  // Stage 2, round 1 (the Berger table's first round: 1 v 10, 2 v 9, 3 v 8,
  // 4 v 7, 5 v 6). Pair 10 beats pair 1 by 3 IMPs at table 1 (five tables:
  // ANC SR 16.11 drops one score at each end, datum 0; 3 IMPs is 10.99 -
  // 9.01 on the ABF 12-board scale); the other matches are flat, 10-10.
  // Totals, carry-over included: 1: 7.00 + 9.01 = 16.01; 10: 0 + 10.99 =
  // 10.99; the others c(n) + 10: 2 16.33, 3 15.33, 4 14.33, 5 13.67, 6
  // 13.00, 7 12.33, 8 11.67, 9 11.00. The carry-over lifts pair 2 above
  // pair 1, and pair 9's 1.00 keeps it above pair 10.
  absl::StatusOr<v1::DrawMade> draw = stage2_->Draw(1, 1);
  ASSERT_THAT(draw, IsOk());
  std::vector<std::string> matches;
  for (const v1::DrawnMatch& m : draw->matches()) {
    matches.push_back(absl::StrCat(std::min(m.home(), m.away()), " v ",
                                   std::max(m.home(), m.away())));
  }
  EXPECT_THAT(matches, UnorderedElementsAre("1 v 10", "2 v 9", "3 v 8", "4 v 7",
                                            "5 v 6"));
  PlayRound(*stage2_, *draw, [](int, int home, int away) {
    if (home == 10 || away == 10) return std::optional<bool>(home == 10);
    return std::optional<bool>();
  });
  absl::StatusOr<v1::MatchStandings> standings = stage2_->Standings();
  ASSERT_THAT(standings, IsOk());
  EXPECT_THAT(Rows(*standings),
              ElementsAre("1 2 16.33 carry 6.33", "2 1 16.01 carry 7.00",
                          "3 3 15.33 carry 5.33", "4 4 14.33 carry 4.33",
                          "5 5 13.67 carry 3.67", "6 6 13.00 carry 3.00",
                          "7 7 12.33 carry 2.33", "8 8 11.67 carry 1.67",
                          "9 9 11.00 carry 1.00", "10 10 10.99 carry 0.00"));

  // A restarted server replays the log from scratch: the same bytes.
  absl::StatusOr<v1::Qualification> before = stage2_->Qualification();
  ASSERT_THAT(before, IsOk());
  EXPECT_EQ(before->qualification().SerializeAsString(),
            q->SerializeAsString());
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  Connect();
  absl::StatusOr<v1::Qualification> after = stage2_->Qualification();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->SerializeAsString(), before->SerializeAsString());
  absl::StatusOr<v1::MatchStandings> standings_after = stage2_->Standings();
  ASSERT_THAT(standings_after, IsOk());
  EXPECT_EQ(standings_after->SerializeAsString(),
            standings->SerializeAsString());
}

}  // namespace
}  // namespace tally::testing
