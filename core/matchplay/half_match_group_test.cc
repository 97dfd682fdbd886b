#include "core/matchplay/half_match_group.h"

#include <optional>
#include <string>
#include <vector>

#include "core/base/decimal.h"
#include "core/base/status_matchers.h"
#include "core/datum/datum_rule.h"
#include "core/matchplay/round_score.h"
#include "core/vp/vp_scale.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

VpResult Vps(int64_t hundredths, int64_t opponent_hundredths) {
  return {Decimal(hundredths, 2), Decimal(opponent_hundredths, 2)};
}

// Swiss pairs scored like nsw_swiss_pairs: IMPs against a datum of the
// (n-2) middle scores under 15 tables (ANC SR 16.11, the profile's rule),
// rounded to the nearest 10; matches of `boards` boards on the WBF 2013
// continuous scale (SABF TR 21.1).
RegulationProfile SwissPairs(int boards) {
  RegulationProfile p;
  p.name = "test_swiss_pairs";
  p.event_kind = EventKind::kSwissPairs;
  p.scoring = ScoringMethod::kImpsVsDatum;
  p.matches = MatchFormat{boards, 7, "test"};
  p.datum = DatumRuleForMethod(DatumMethod::kAncSr16_11To16_13);
  p.vp = VpConversion{{std::string(kWbf2013Continuous), {}}, 0, "test", {}};
  return p;
}

// Three tables: 1 v 2 at table 1, 3 v 4 at table 2, and the half-match
// group at table 3: pivot 5 NS throughout, 6 EW on the first half, 7 EW on
// the second. With three tables the datum is the middle score (the
// highest and lowest dropped). NS scores (tables 1, 2, 3), the datum and
// table 3's NS IMPs against it (WBF IMP scale):
//   board   t1     t2     t3    datum  t3 - datum  IMPs
//     1     420    450    620    450      +170      +5
//     2    -100    110    140    110       +30      +1
//     3     400    430    -50    400      -450     -10
//     4       0      0      0      0         0       0
//     5     100    120    600    120      +480     +10
//     6    -620   -600   -600   -600         0       0
//     7     200    180    300    200      +100      +3
//     8..   -50    -50    -50    -50         0       0
RoundInput GroupRound(int boards) {
  RoundInput in;
  in.round = 3;
  for (int b = 1; b <= boards; ++b) in.boards.push_back(b);
  in.matches = {{1, 1, 2}, {2, 3, 4}};
  in.half_matches = HalfMatchesAt{3, 5, 6, 7};
  const std::vector<std::vector<int>> scores = {
      {420, 450, 620},  {-100, 110, 140}, {400, 430, -50},
      {0, 0, 0},        {100, 120, 600},  {-620, -600, -600},
      {200, 180, 300}};
  for (int b = 1; b <= boards; ++b) {
    for (int t = 1; t <= 3; ++t) {
      const int score = b <= 7 ? scores[b - 1][t - 1] : -50;
      in.results.push_back({b, t, 0, score, false});
    }
  }
  return in;
}

absl::StatusOr<HalfMatchesScore> Score(const RegulationProfile& p,
                                       const RoundInput& in) {
  absl::StatusOr<RoundScore> round = ScoreRound(p, in, 0, std::nullopt);
  if (!round.ok()) return round.status();
  if (!round->half_matches.has_value()) {
    return absl::InternalError("no half matches scored");
  }
  return *round->half_matches;
}

TEST(HalfMatchGroupTest, UnderTwelveBoardsTheSitOutPairsDoubleTheirImps) {
  // 8 boards: the first half is boards 1-4, the second 5-8.
  // Pivot 5: 5 + 1 - 10 + 0 + 10 + 0 + 3 + 0 = +9 over 8 boards, a full
  //   match on the 8-board scale (SABF TR 21.5): 13.45.
  // Pair 6 (EW, boards 1-4): -(5 + 1 - 10 + 0) = +4; NSW TR 12.7(a):
  //   doubled, 8, on the event's (8-board) scale: 13.12.
  // Pair 7 (EW, boards 5-8): -(10 + 0 + 3 + 0) = -13; doubled -26: 17.69
  //   to the other side, 20 - 17.69 = 2.31.
  // 20-0 margins (NSW TR 11.2.1(c)): 43 at 8 boards (21.5); a half under
  //   12.7(a) reaches it from 22 (doubled 44).
  absl::StatusOr<HalfMatchesScore> s = Score(SwissPairs(8), GroupRound(8));
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->table, 3);
  EXPECT_EQ(s->pivot.pair, 5);
  EXPECT_THAT(s->pivot.boards, ElementsAre(1, 2, 3, 4, 5, 6, 7, 8));
  EXPECT_EQ(s->pivot.imps, Rational(9));
  EXPECT_TRUE(s->pivot.complete);
  EXPECT_EQ(s->pivot.vps, Vps(1345, 655));
  EXPECT_EQ(s->pivot.clause, "");
  EXPECT_EQ(s->pivot.blitz_margin, 43);

  EXPECT_EQ(s->first.pair, 6);
  EXPECT_THAT(s->first.boards, ElementsAre(1, 2, 3, 4));
  EXPECT_EQ(s->first.boards_scored, 4);
  EXPECT_EQ(s->first.imps, Rational(4));
  EXPECT_EQ(s->first.vps, Vps(1312, 688));
  EXPECT_EQ(s->first.clause, "NSW TR 12.7(a)");
  EXPECT_EQ(s->first.blitz_margin, 22);

  EXPECT_EQ(s->second.pair, 7);
  EXPECT_THAT(s->second.boards, ElementsAre(5, 6, 7, 8));
  EXPECT_EQ(s->second.imps, Rational(-13));
  EXPECT_EQ(s->second.vps, Vps(231, 1769));
  EXPECT_EQ(s->second.clause, "NSW TR 12.7(a)");
}

TEST(HalfMatchGroupTest, FromTwelveBoardsTheReducedScale) {
  // 12 boards: halves 1-6 and 7-12 (boards 8-12 score 0 IMPs).
  // Pivot: +9 over 12 boards, on the 12-board scale (SABF TR 21.9): 12.90.
  // Pair 6 (boards 1-6): -(5 + 1 - 10 + 0 + 10 + 0) = -6; NSW TR 12.7(b):
  //   on the scale for 6 boards (SABF TR 21.3), 12.75 to the other side:
  //   7.25.
  // Pair 7 (boards 7-12): -3; 6-board scale 11.46 the other way: 8.54.
  // 20-0 margins: 52 at 12 boards (21.9), 37 at 6 boards (21.3).
  absl::StatusOr<HalfMatchesScore> s = Score(SwissPairs(12), GroupRound(12));
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->pivot.imps, Rational(9));
  EXPECT_EQ(s->pivot.vps, Vps(1290, 710));
  EXPECT_EQ(s->pivot.blitz_margin, 52);
  EXPECT_THAT(s->first.boards, ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_EQ(s->first.imps, Rational(-6));
  EXPECT_EQ(s->first.vps, Vps(725, 1275));
  EXPECT_EQ(s->first.clause, "NSW TR 12.7(b)");
  EXPECT_EQ(s->first.blitz_margin, 37);
  EXPECT_EQ(s->second.imps, Rational(-3));
  EXPECT_EQ(s->second.vps, Vps(854, 1146));
}

TEST(HalfMatchGroupTest, ABoardCountsOnceEveryTableIsIn) {
  // Board 7 at table 1 missing: board 7's datum is provisional, so the
  // pivot and pair 7 have a board not yet scored and no VPs; pair 6's half
  // is complete. (Board 7's two scores in, 180 and 300, drop one each end:
  // nothing to average, no provisional IMPs either.)
  RoundInput in = GroupRound(8);
  std::erase_if(in.results, [](const BoardResultAt& r) {
    return r.board == 7 && r.table == 1;
  });
  absl::StatusOr<HalfMatchesScore> s = Score(SwissPairs(8), in);
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->pivot.boards_scored, 7);
  EXPECT_FALSE(s->pivot.complete);
  EXPECT_EQ(s->pivot.vps, std::nullopt);
  EXPECT_EQ(s->second.boards_scored, 3);
  EXPECT_EQ(s->second.vps, std::nullopt);
  EXPECT_TRUE(s->first.complete);
  EXPECT_EQ(s->first.vps, Vps(1312, 688));
}

TEST(HalfMatchGroupTest, TheGroupTableIsATableOfTheDatum) {
  // The datum of board 1 is taken over three tables (ANC SR 16.11: the
  // middle one of three): 450, not the mean of tables 1 and 2.
  absl::StatusOr<RoundScore> s =
      ScoreRound(SwissPairs(8), GroupRound(8), 0, std::nullopt);
  ASSERT_THAT(s, IsOk());
  ASSERT_TRUE(s->boards[0].datum.has_value());
  EXPECT_EQ(s->boards[0].datum->datum, 450);
  EXPECT_EQ(s->matches[0].boards_scored, 8);
}

TEST(HalfMatchGroupTest, HalvesNeedAnEvenImpPairsMatch) {
  RoundInput odd = GroupRound(8);
  odd.boards.pop_back();
  std::erase_if(odd.results,
                [](const BoardResultAt& r) { return r.board == 8; });
  EXPECT_THAT(ScoreRound(SwissPairs(7), odd, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("half matches (NSW TR 12.7) split an even "
                                 "number of boards")));
  RegulationProfile mp = SwissPairs(8);
  mp.scoring = ScoringMethod::kMatchpoints;
  EXPECT_THAT(ScoreHalfMatches(mp, GroupRound(8), {}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("NSW TR 12.7")));
  RoundInput none = GroupRound(8);
  none.half_matches.reset();
  EXPECT_THAT(ScoreHalfMatches(SwissPairs(8), none, {}),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

}  // namespace
}  // namespace tally::core
