#include "core/matchplay/share_match.h"

#include <optional>
#include <string>
#include <vector>

#include "core/base/decimal.h"
#include "core/base/status_matchers.h"
#include "core/matchplay/round_score.h"
#include "core/vp/vp_scale.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

VpResult Vps(int64_t hundredths, int64_t opponent_hundredths) {
  return {Decimal(hundredths, 2), Decimal(opponent_hundredths, 2)};
}

// Swiss teams, 6-board matches on the WBF 2013 continuous scale (SABF TR
// 13.9, 21.1, 21.3).
RegulationProfile Teams() {
  RegulationProfile p;
  p.name = "test_teams";
  p.event_kind = EventKind::kSwissTeams;
  p.scoring = ScoringMethod::kImpsTwoTables;
  p.matches = MatchFormat{6, 7, "test"};
  p.vp = VpConversion{{std::string(kWbf2013Continuous), {}}, 0, "test", {}};
  return p;
}

// A round of 6 boards: teams 1 v 2 at table 1 (one board entered), and the
// share match of 7, 8, 9 at table 4 (SABF TR 14.1: Table 1 = room 3, A=7
// NS v B=8; Table 2 = room 4, C=9 NS v A=7; Table 3 = room 5, B=8 NS v
// C=9). The NS scores by board, rooms 3, 4, 5:
//   board   room 3   room 4   room 5
//     1       620      170      620
//     2      -100     -100      110
//     3      1430      680      650
//     4        50     -420     -400
//     5       400      400      400
//     6      -200      100      140
RoundInput ShareRound() {
  RoundInput in;
  in.round = 2;
  in.boards = {1, 2, 3, 4, 5, 6};
  in.matches = {{1, 1, 2}};
  in.share = ShareMatchAt{4, 7, 8, 9};
  in.results.push_back({1, 1, 1, 420, false});
  const int scores[6][3] = {{620, 170, 620},   {-100, -100, 110},
                            {1430, 680, 650},  {50, -420, -400},
                            {400, 400, 400},   {-200, 100, 140}};
  for (int b = 1; b <= 6; ++b) {
    for (int leg = 0; leg < 3; ++leg) {
      in.results.push_back({b, 4, kShareRoom1 + leg, scores[b - 1][leg],
                            false});
    }
  }
  return in;
}

TEST(ShareMatchTest, EachTeamComparesItsTwoTables) {
  // A (7): NS in room 3, EW in room 4: IMPs(room 3 - room 4) per board:
  //   450 -> 10; 0 -> 0; 750 -> 13; 470 -> 10; 0 -> 0; -300 -> -7.  = +26
  // B (8): NS in room 5, EW in room 3: IMPs(room 5 - room 3):
  //   0 -> 0; 210 -> 5; -780 -> -13; -450 -> -10; 0 -> 0; 340 -> 8. = -10
  // C (9): NS in room 4, EW in room 5: IMPs(room 4 - room 5):
  //   -450 -> -10; -210 -> -5; 30 -> 1; -20 -> -1; 0 -> 0; -40 -> -1. = -16
  // (WBF IMP scale.) VPs on the 6-board scale (SABF TR 21.3): 26 -> 18.38;
  // -10 -> 20 - 14.25 = 5.75; -16 -> 20 - 16.11 = 3.89. The three need
  // not add to 30 (28.02 here): each team's VPs are its own.
  absl::StatusOr<ShareMatchScore> s = ScoreShareMatch(Teams(), ShareRound());
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->table, 4);
  const ShareTeamScore& a = s->teams[0];
  const ShareTeamScore& b = s->teams[1];
  const ShareTeamScore& c = s->teams[2];
  EXPECT_EQ(a.team, 7);
  EXPECT_EQ(a.ns_room, 3);
  EXPECT_EQ(a.ew_room, 4);
  EXPECT_EQ(b.team, 8);
  EXPECT_EQ(b.ns_room, 5);
  EXPECT_EQ(b.ew_room, 3);
  EXPECT_EQ(c.team, 9);
  EXPECT_EQ(c.ns_room, 4);
  EXPECT_EQ(c.ew_room, 5);
  EXPECT_EQ(a.imps, Rational(26));
  EXPECT_EQ(b.imps, Rational(-10));
  EXPECT_EQ(c.imps, Rational(-16));
  for (const ShareTeamScore& t : s->teams) {
    EXPECT_EQ(t.boards_scored, 6);
    EXPECT_TRUE(t.complete);
  }
  EXPECT_EQ(a.vps, Vps(1838, 162));
  EXPECT_EQ(b.vps, Vps(575, 1425));
  EXPECT_EQ(c.vps, Vps(389, 1611));
}

TEST(ShareMatchTest, ATeamWaitsForBothOfItsRooms) {
  // Board 6 of room 4 (C NS v A EW) not yet in: A and C have 5 boards
  // scored and no VPs (A 26 - (-7) = 33, C -16 - (-1) = -15); B, whose
  // rooms are 5 and 3, is complete.
  RoundInput in = ShareRound();
  std::erase_if(in.results, [](const BoardResultAt& r) {
    return r.board == 6 && r.room == kShareRoom1 + 1;
  });
  absl::StatusOr<ShareMatchScore> s = ScoreShareMatch(Teams(), in);
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->teams[0].boards_scored, 5);
  EXPECT_FALSE(s->teams[0].complete);
  EXPECT_EQ(s->teams[0].imps, Rational(33));
  EXPECT_EQ(s->teams[0].vps, std::nullopt);
  EXPECT_TRUE(s->teams[1].complete);
  EXPECT_EQ(s->teams[1].vps, Vps(575, 1425));
  EXPECT_EQ(s->teams[2].imps, Rational(-15));
  EXPECT_EQ(s->teams[2].vps, std::nullopt);
}

TEST(ShareMatchTest, ScoreRoundScoresTheShareBesideTheMatches) {
  absl::StatusOr<RoundScore> s =
      ScoreRound(Teams(), ShareRound(), 0, std::nullopt);
  ASSERT_THAT(s, IsOk());
  ASSERT_EQ(s->matches.size(), 1u);
  EXPECT_EQ(s->matches[0].boards_scored, 0);  // table 1: open room only
  ASSERT_TRUE(s->share.has_value());
  EXPECT_EQ(s->share->teams[0].imps, Rational(26));
  EXPECT_EQ(s->half_matches, std::nullopt);
}

TEST(ShareMatchTest, RoomsAtAShareTableAreItsThreeTables) {
  RoundInput in = ShareRound();
  in.results.push_back({1, 4, 1, 420, false});  // "open room" at the share
  EXPECT_THAT(ScoreRound(Teams(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("a share match (SABF TR 14.1) is played in "
                                 "three rooms")));
  in = ShareRound();
  in.results.push_back({1, 1, kShareRoom1, 420, false});  // at a 2-way match
  EXPECT_THAT(ScoreRound(Teams(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument));
  in = ShareRound();
  in.share->c = 2;  // also at table 1
  EXPECT_THAT(ScoreRound(Teams(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("entrant 2 is drawn in two places")));
  in = ShareRound();
  in.share->table = 1;
  EXPECT_THAT(ScoreRound(Teams(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("two matches drawn at table 1")));
}

TEST(ShareMatchTest, AShareMatchIsATeamsMatch) {
  RegulationProfile pairs = Teams();
  pairs.event_kind = EventKind::kSwissPairs;
  pairs.scoring = ScoringMethod::kMatchpoints;
  RoundInput in = ShareRound();
  in.results.clear();
  EXPECT_THAT(ScoreShareMatch(pairs, in),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("a share match (SABF TR 14.1) is a teams "
                                 "match")));
  in.share.reset();
  EXPECT_THAT(ScoreShareMatch(Teams(), in),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
