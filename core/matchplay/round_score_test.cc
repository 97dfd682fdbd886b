#include "core/matchplay/round_score.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/decimal.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tally::core {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

// VPs as the regulations print them: "15.74" is Decimal(1574, 2).
VpResult Vps(int64_t home_hundredths, int64_t away_hundredths) {
  return {Decimal(home_hundredths, 2), Decimal(away_hundredths, 2)};
}

// A Butler Swiss pairs event (ANC SR 16.10-16.11): IMPs against a datum of
// the (n-2) middle scores below 15 tables, rounded to the closest 10;
// 8-board matches on the ABF Butler scale (SABF TR 21.2).
RegulationProfile ButlerPairs() {
  RegulationProfile p;
  p.name = "test_butler_pairs";
  p.event_kind = EventKind::kSwissPairs;
  p.scoring = ScoringMethod::kImpsVsDatum;
  p.matches = MatchFormat{8, 7, "test"};
  p.datum = DatumRuleForMethod(DatumMethod::kAncSr16_11To16_13);
  p.vp = VpConversion{{std::string(kAbfButlerSabf212), {}}, 0, "test", {}};
  return p;
}

// A teams event: IMPs between the two rooms, 6-board matches on the WBF
// 2013 continuous scale (SABF TR 21.1, 21.3).
RegulationProfile Teams() {
  RegulationProfile p;
  p.name = "test_teams";
  p.event_kind = EventKind::kSwissTeams;
  p.scoring = ScoringMethod::kImpsTwoTables;
  p.matches = MatchFormat{6, 7, "test"};
  p.vp = VpConversion{{std::string(kWbf2013Continuous), {}}, 0, "test", {}};
  return p;
}

// A matchpoint Swiss pairs event on the IPC scale (ANC SR 15.2, appendix).
RegulationProfile MatchpointSwiss() {
  RegulationProfile p;
  p.name = "test_mp_swiss";
  p.event_kind = EventKind::kSwissPairs;
  p.scoring = ScoringMethod::kMatchpoints;
  p.matches = MatchFormat{2, 7, "test"};
  p.vp = VpConversion{{std::string(kIpcAncAppendix), {}}, 0, "test", {}};
  return p;
}

std::vector<int> Boards(int n) {
  std::vector<int> boards;
  for (int b = 1; b <= n; ++b) boards.push_back(b);
  return boards;
}

// Five Butler matches at tables 1-5 (home 1, 3, 5, 7, 9 NS against 2, 4,
// 6, 8, 10), boards 1-8. Boards 1-3 as below; boards 4-8 are 420 at every
// table (datum 420, 0 IMPs everywhere).
RoundInput ButlerRound() {
  RoundInput in;
  in.round = 3;
  in.boards = Boards(8);
  for (int t = 1; t <= 5; ++t) in.matches.push_back({t, 2 * t - 1, 2 * t});
  const std::vector<std::vector<int>> scores = {
      {620, 650, 170, -100, 620},   // board 1
      {100, 140, -50, 170, 420},    // board 2
      {1430, -100, 680, 650, 680},  // board 3
  };
  for (int b = 1; b <= 8; ++b) {
    for (int t = 1; t <= 5; ++t) {
      const int score = b <= 3 ? scores[b - 1][t - 1] : 420;
      in.results.push_back({b, t, 0, score, false});
    }
  }
  return in;
}

const BoardScore& BoardOf(const RoundScore& s, int board) {
  for (const BoardScore& b : s.boards) {
    if (b.board == board) return b;
  }
  ADD_FAILURE() << "no board " << board;
  return s.boards.front();
}

TEST(ScoreRoundTest, ButlerRoundDatumImpsAndVps) {
  absl::StatusOr<RoundScore> s =
      ScoreRound(ButlerPairs(), ButlerRound(), 0, std::nullopt);
  ASSERT_THAT(s, IsOk());

  // Board 1, 5 tables: ANC SR 16.11, fewer than 15 tables, the (n-2) middle
  // scores: sorted -100 170 620 620 650, drop -100 and 650; mean of 170,
  // 620, 620 = 1410/3 = 470, datum 470. NS v datum (WBF IMP scale):
  // t1 620-470=+150 -> +4; t2 +180 -> +5; t3 170-470=-300 -> -7;
  // t4 -100-470=-570 -> -11; t5 +150 -> +4.
  const BoardScore& b1 = BoardOf(*s, 1);
  ASSERT_TRUE(b1.datum.has_value());
  EXPECT_EQ(b1.datum->datum, 470);
  EXPECT_EQ(b1.datum->mean, Rational(470));
  EXPECT_EQ(b1.datum->dropped_each_end, 1);
  EXPECT_THAT(b1.ns_points, ElementsAre(Pair(Pair(1, 0), Rational(4)),
                                        Pair(Pair(2, 0), Rational(5)),
                                        Pair(Pair(3, 0), Rational(-7)),
                                        Pair(Pair(4, 0), Rational(-11)),
                                        Pair(Pair(5, 0), Rational(4))));
  // roles follow ns_points' (table) order: t4 (-100) low, t2 (650) high.
  EXPECT_THAT(
      b1.datum->roles,
      ElementsAre(ScoreRole::kUsed, ScoreRole::kDroppedHigh, ScoreRole::kUsed,
                  ScoreRole::kDroppedLow, ScoreRole::kUsed));

  // Board 2: sorted -50 100 140 170 420, middle 100 140 170: 410/3 =
  // 136.67 -> datum 140. t1 -40 -> -1; t2 0 -> 0; t3 -190 -> -5;
  // t4 +30 -> +1; t5 +280 -> +7.
  const BoardScore& b2 = BoardOf(*s, 2);
  ASSERT_TRUE(b2.datum.has_value());
  EXPECT_EQ(b2.datum->datum, 140);
  EXPECT_EQ(b2.datum->mean, Rational(410, 3));
  EXPECT_THAT(
      b2.ns_points,
      ElementsAre(Pair(Pair(1, 0), Rational(-1)), Pair(Pair(2, 0), Rational(0)),
                  Pair(Pair(3, 0), Rational(-5)), Pair(Pair(4, 0), Rational(1)),
                  Pair(Pair(5, 0), Rational(7))));

  // Board 3: sorted -100 650 680 680 1430, middle 650 680 680: 2010/3 =
  // 670. t1 +760 -> +13; t2 -770 -> -13; t3 +10 -> 0; t4 -20 -> -1;
  // t5 +10 -> 0.
  const BoardScore& b3 = BoardOf(*s, 3);
  ASSERT_TRUE(b3.datum.has_value());
  EXPECT_EQ(b3.datum->datum, 670);
  EXPECT_THAT(b3.ns_points, ElementsAre(Pair(Pair(1, 0), Rational(13)),
                                        Pair(Pair(2, 0), Rational(-13)),
                                        Pair(Pair(3, 0), Rational(0)),
                                        Pair(Pair(4, 0), Rational(-1)),
                                        Pair(Pair(5, 0), Rational(0))));
  EXPECT_EQ(BoardOf(*s, 8).datum->datum, 420);

  // Match IMPs, boards 1+2+3 (4-8 are 0): t1 4-1+13 = 16; t2 5+0-13 = -8;
  // t3 -7-5+0 = -12; t4 -11+1-1 = -11; t5 4+7+0 = 11.
  // VPs, SABF TR 21.2 (001_6504778d7a684600.txt, also
  // core/vp/testdata/sabf_tr_21_2.txt), 8-board column: 16 -> 15.74,
  // 8 -> 13.12, 12 -> 14.58, 11 -> 14.29; the loser gets 20 minus it.
  ASSERT_EQ(s->matches.size(), 5u);
  const std::vector<std::pair<int, VpResult>> expected = {{16, Vps(1574, 426)},
                                                          {-8, Vps(688, 1312)},
                                                          {-12, Vps(542, 1458)},
                                                          {-11, Vps(571, 1429)},
                                                          {11, Vps(1429, 571)}};
  for (size_t i = 0; i < expected.size(); ++i) {
    const MatchScore& m = s->matches[i];
    SCOPED_TRACE(m.table);
    EXPECT_EQ(m.table, static_cast<int>(i) + 1);
    EXPECT_EQ(m.home, 2 * m.table - 1);
    EXPECT_EQ(m.away, 2 * m.table);
    EXPECT_EQ(m.boards_scored, 8);
    EXPECT_TRUE(m.complete);
    EXPECT_EQ(m.home_imps, Rational(expected[i].first));
    EXPECT_FALSE(m.home_percentage.has_value());
    ASSERT_TRUE(m.vps.has_value());
    EXPECT_EQ(*m.vps, expected[i].second);
  }
  EXPECT_FALSE(s->bye.has_value());
}

TEST(ScoreRoundTest, ButlerPendingAppealMakesTheDatumProvisional) {
  // NSW TR 13.2 (the default policy, ANC SR 16.11 takes all scores but the
  // extremes): the pending score is used as it stands, the datum provisional.
  RoundInput in = ButlerRound();
  in.results[0].pending_appeal = true;  // board 1, table 1
  absl::StatusOr<RoundScore> s = ScoreRound(ButlerPairs(), in, 0, std::nullopt);
  ASSERT_THAT(s, IsOk());
  EXPECT_TRUE(BoardOf(*s, 1).datum->provisional);
  EXPECT_EQ(BoardOf(*s, 1).datum->datum, 470);
  EXPECT_FALSE(BoardOf(*s, 2).datum->provisional);
}

TEST(ScoreRoundTest, ButlerAppealDecidedUnderExclusionMovesOnlyItsMatch) {
  // Pending scores left out (PendingAppealPolicy::kExclude, as NSW TR 13.3
  // does when the rule selects scores). Board 1, table 1 (620) pending:
  // the datum of t2-t5, sorted -100 170 620 650, drop one at each end:
  // (170 + 620) / 2 = 395 -> 400. t1 +220 -> +6; t2 +250 -> +6;
  // t3 -230 -> -6; t4 -500 -> -11; t5 +220 -> +6.
  RegulationProfile profile = ButlerPairs();
  profile.datum->pending_appeals = PendingAppealPolicy::kExclude;
  RoundInput in = ButlerRound();
  in.results[0].pending_appeal = true;  // board 1, table 1
  absl::StatusOr<RoundScore> pending = ScoreRound(profile, in, 0, std::nullopt);
  ASSERT_THAT(pending, IsOk());
  EXPECT_EQ(BoardOf(*pending, 1).datum->datum, 400);
  EXPECT_EQ(BoardOf(*pending, 1).datum->roles[0], ScoreRole::kPendingAppeal);
  EXPECT_THAT(BoardOf(*pending, 1).ns_points,
              ElementsAre(Pair(Pair(1, 0), Rational(6)),
                          Pair(Pair(2, 0), Rational(6)),
                          Pair(Pair(3, 0), Rational(-6)),
                          Pair(Pair(4, 0), Rational(-11)),
                          Pair(Pair(5, 0), Rational(6))));

  // Decided: the committee's -200 at table 1. The datum stands at 400
  // (NSW TR 13.3); t1 -600 -> -12, the other tables as before.
  in.results[0].pending_appeal = false;
  in.results[0].appeal_decided = true;
  in.results[0].ns_score = -200;
  absl::StatusOr<RoundScore> decided = ScoreRound(profile, in, 0, std::nullopt);
  ASSERT_THAT(decided, IsOk());
  EXPECT_EQ(BoardOf(*decided, 1).datum->datum, 400);
  EXPECT_EQ(BoardOf(*decided, 1).datum->roles[0], ScoreRole::kAppealDecided);
  EXPECT_THAT(BoardOf(*decided, 1).ns_points,
              ElementsAre(Pair(Pair(1, 0), Rational(-12)),
                          Pair(Pair(2, 0), Rational(6)),
                          Pair(Pair(3, 0), Rational(-6)),
                          Pair(Pair(4, 0), Rational(-11)),
                          Pair(Pair(5, 0), Rational(6))));
  for (size_t i = 1; i < decided->matches.size(); ++i) {
    EXPECT_EQ(decided->matches[i].home_imps, pending->matches[i].home_imps);
  }
  EXPECT_EQ(decided->matches[0].home_imps,
            pending->matches[0].home_imps - 18);  // +6 -> -12
}

TEST(ScoreRoundTest, ButlerRoundInProgressIsProvisionalWithoutVps) {
  RoundInput in = ButlerRound();
  std::vector<BoardResultAt> kept;
  for (const BoardResultAt& r : in.results) {
    if (r.board == 1 && r.table == 5) continue;  // board 1: 4 of 5 in
    if (r.board == 2 && r.table != 1) continue;  // board 2: 1 of 5 in
    kept.push_back(r);
  }
  in.results = kept;
  absl::StatusOr<RoundScore> s = ScoreRound(ButlerPairs(), in, 0, std::nullopt);
  ASSERT_THAT(s, IsOk());

  // Board 1 with t1-t4 in: 620 650 170 -100; drop -100 and 650; mean of
  // 170 and 620 = 395 -> 400 (halves away from zero, DatumRule::half).
  // t1 +220 -> +6; t2 +250 -> +6; t3 -230 -> -6; t4 -500 -> -11.
  const BoardScore& b1 = BoardOf(*s, 1);
  ASSERT_TRUE(b1.datum.has_value());
  EXPECT_EQ(b1.datum->mean, Rational(395));
  EXPECT_EQ(b1.datum->datum, 400);
  EXPECT_THAT(b1.ns_points, ElementsAre(Pair(Pair(1, 0), Rational(6)),
                                        Pair(Pair(2, 0), Rational(6)),
                                        Pair(Pair(3, 0), Rational(-6)),
                                        Pair(Pair(4, 0), Rational(-11))));
  // Board 2 with one score: dropping one at each end leaves none, so no
  // datum yet, and no error.
  EXPECT_FALSE(BoardOf(*s, 2).datum.has_value());
  EXPECT_TRUE(BoardOf(*s, 2).ns_points.empty());

  // Every match: boards 3-8 final only (6); no VPs.
  // t1: 6 (b1) + 13 (b3) = 19; t5: board 3 only, 0.
  for (const MatchScore& m : s->matches) {
    EXPECT_EQ(m.boards_scored, 6);
    EXPECT_FALSE(m.complete);
    EXPECT_FALSE(m.vps.has_value());
  }
  EXPECT_EQ(s->matches[0].home_imps, Rational(19));
  EXPECT_EQ(s->matches[4].home_imps, Rational(0));
}

// Teams: table 1, team 1 (home) v team 2; table 2, team 3 v team 4, flat.
RoundInput TeamsRound() {
  RoundInput in;
  in.round = 1;
  in.boards = Boards(6);
  in.matches = {{1, 1, 2}, {2, 3, 4}};
  // {board, open NS (home), closed NS (away)}
  const int table1[6][3] = {{1, 620, 170},  {2, -100, -620}, {3, 420, 420},
                            {4, -200, 100}, {5, 110, 140},   {6, 0, 0}};
  for (const auto& row : table1) {
    in.results.push_back({row[0], 1, 1, row[1], false});
    in.results.push_back({row[0], 1, 2, row[2], false});
    in.results.push_back({row[0], 2, 1, 420, false});
    in.results.push_back({row[0], 2, 2, 420, false});
  }
  return in;
}

TEST(ScoreRoundTest, TeamsMatchImpsBetweenRoomsAndWbfVps) {
  absl::StatusOr<RoundScore> s = ScoreRound(Teams(), TeamsRound(), 0, {});
  ASSERT_THAT(s, IsOk());
  // Home = open NS - closed NS (closed NS is the away team):
  // b1 620-170 = +450 -> +10; b2 -100+620 = +520 -> +11; b3 0 -> 0;
  // b4 -200-100 = -300 -> -7; b5 110-140 = -30 -> -1; b6 0 -> 0.
  // Net +13.
  const std::vector<int> board_imps = {10, 11, 0, -7, -1, 0};
  for (int b = 1; b <= 6; ++b) {
    SCOPED_TRACE(b);
    const BoardScore& board = BoardOf(*s, b);
    EXPECT_FALSE(board.datum.has_value());
    EXPECT_THAT(board.ns_points,
                ElementsAre(Pair(Pair(1, 1), Rational(board_imps[b - 1])),
                            Pair(Pair(2, 1), Rational(0))));
  }
  const MatchScore& m1 = s->matches[0];
  EXPECT_EQ(m1.home_imps, Rational(13));
  EXPECT_EQ(m1.boards_scored, 6);
  EXPECT_TRUE(m1.complete);
  // SABF TR 21.3 (six-board teams, WBF 2013; also 21.1's 6 column and
  // core/vp/testdata/sabf_tr_21_3_to_21_12.txt): 13 -> 15.24; 20 - 15.24 =
  // 4.76.
  ASSERT_TRUE(m1.vps.has_value());
  EXPECT_EQ(*m1.vps, Vps(1524, 476));
  // The flat match: 0 -> 10.00 each.
  EXPECT_EQ(s->matches[1].home_imps, Rational(0));
  ASSERT_TRUE(s->matches[1].vps.has_value());
  EXPECT_EQ(*s->matches[1].vps, Vps(1000, 1000));
}

TEST(ScoreRoundTest, TeamsMatchInProgressHasNoVps) {
  RoundInput in = TeamsRound();
  std::vector<BoardResultAt> kept;
  for (const BoardResultAt& r : in.results) {
    if (r.board == 1 && r.table == 1 && r.room == 2) continue;
    kept.push_back(r);
  }
  in.results = kept;
  absl::StatusOr<RoundScore> s = ScoreRound(Teams(), in, 0, {});
  ASSERT_THAT(s, IsOk());
  // Board 1 at table 1 has only the open room: not scored. 13 - 10 = 3.
  EXPECT_THAT(BoardOf(*s, 1).ns_points,
              ElementsAre(Pair(Pair(2, 1), Rational(0))));
  const MatchScore& m1 = s->matches[0];
  EXPECT_EQ(m1.home_imps, Rational(3));
  EXPECT_EQ(m1.boards_scored, 5);
  EXPECT_FALSE(m1.complete);
  EXPECT_FALSE(m1.vps.has_value());
  // The other match is unaffected.
  EXPECT_TRUE(s->matches[1].complete);
  EXPECT_TRUE(s->matches[1].vps.has_value());
}

TEST(ScoreRoundTest, MatchpointSwissPercentagesAndIpcVps) {
  RoundInput in;
  in.round = 2;
  in.boards = {5, 6};
  in.matches = {{1, 1, 2}, {2, 3, 4}, {3, 5, 6}};
  // Board 5 NS: 420 450 420; board 6 NS: 100 -50 200.
  in.results = {{5, 1, 0, 420}, {5, 2, 0, 450}, {5, 3, 0, 420},
                {6, 1, 0, 100}, {6, 2, 0, -50}, {6, 3, 0, 200}};
  absl::StatusOr<RoundScore> s = ScoreRound(MatchpointSwiss(), in, 0, {});
  ASSERT_THAT(s, IsOk());
  // 2 per score beaten, 1 per tie, top 2(3-1) = 4.
  // Board 5: t1 ties t3 -> 1; t2 beats both -> 4; t3 -> 1.
  // Board 6: t1 beats -50 -> 2; t2 -> 0; t3 -> 4.
  EXPECT_EQ(BoardOf(*s, 5).top, Rational(4));
  EXPECT_THAT(
      BoardOf(*s, 5).ns_points,
      ElementsAre(Pair(Pair(1, 0), Rational(1)), Pair(Pair(2, 0), Rational(4)),
                  Pair(Pair(3, 0), Rational(1))));
  EXPECT_THAT(
      BoardOf(*s, 6).ns_points,
      ElementsAre(Pair(Pair(1, 0), Rational(2)), Pair(Pair(2, 0), Rational(0)),
                  Pair(Pair(3, 0), Rational(4))));
  // Home %: t1 3/8 = 37.5; t2 4/8 = 50; t3 5/8 = 62.5.
  // ANC SR appendix (IPC): 37.5 -> (x-30)*2/5 = 3.00 (away 17.00);
  // 50 -> (x-35)*2/3 = 10.00; 62.5 -> (x-20)*2/5 = 17.00 (away 3.00).
  ASSERT_EQ(s->matches.size(), 3u);
  EXPECT_EQ(s->matches[0].home_percentage, Rational(75, 2));
  EXPECT_EQ(s->matches[1].home_percentage, Rational(50));
  EXPECT_EQ(s->matches[2].home_percentage, Rational(125, 2));
  EXPECT_EQ(s->matches[0].vps, Vps(300, 1700));
  EXPECT_EQ(s->matches[1].vps, Vps(1000, 1000));
  EXPECT_EQ(s->matches[2].vps, Vps(1700, 300));
  for (const MatchScore& m : s->matches) {
    EXPECT_EQ(m.home_imps, Rational(0));
    EXPECT_TRUE(m.complete);
  }
}

TEST(ScoreRoundTest, ByeConvertsItsImpsOnTheEventScale) {
  RoundInput in = ButlerRound();
  in.bye = 11;
  absl::StatusOr<RoundScore> s = ScoreRound(ButlerPairs(), in, 3, std::nullopt);
  ASSERT_THAT(s, IsOk());
  ASSERT_TRUE(s->bye.has_value());
  EXPECT_EQ(s->bye->entrant, 11);
  EXPECT_EQ(s->bye->imps, Rational(3));
  // SABF TR 21.2, 8 boards: +3 IMPs -> 11.17. No opponent: 0.
  ASSERT_TRUE(s->bye->vps.has_value());
  EXPECT_EQ(*s->bye->vps, Vps(1117, 0));
}

TEST(ScoreRoundTest, ByeWithFixedVps) {
  RoundInput in = TeamsRound();
  in.bye = 5;
  // ANC SR 10.11: "35 VPs and 0 IMPs are awarded for a bye."
  absl::StatusOr<RoundScore> s = ScoreRound(Teams(), in, 0, Rational(35));
  ASSERT_THAT(s, IsOk());
  ASSERT_TRUE(s->bye.has_value());
  EXPECT_EQ(s->bye->imps, Rational(0));
  ASSERT_TRUE(s->bye->vps.has_value());
  EXPECT_EQ(s->bye->vps->vps, Decimal(35, 0));
  EXPECT_EQ(s->bye->vps->vps.ToString(), "35");

  absl::StatusOr<RoundScore> half =
      ScoreRound(Teams(), in, 0, *Rational::Parse("56.5"));
  ASSERT_THAT(half, IsOk());
  EXPECT_EQ(half->bye->vps->vps.ToString(), "56.5");

  EXPECT_THAT(
      ScoreRound(Teams(), in, 0, Rational(1, 3)),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("not a decimal")));
}

TEST(ScoreRoundTest, ByeWithoutVpConversionHasNoVps) {
  RegulationProfile p = Teams();
  p.vp.reset();
  RoundInput in = TeamsRound();
  in.bye = 5;
  absl::StatusOr<RoundScore> s = ScoreRound(p, in, 0, Rational(12));
  ASSERT_THAT(s, IsOk());
  EXPECT_FALSE(s->bye->vps.has_value());
  EXPECT_FALSE(s->matches[0].vps.has_value());
  EXPECT_EQ(s->matches[0].home_imps, Rational(13));
}

TEST(ScoreRoundTest, ByeInPercentageEventNeedsFixedVps) {
  RoundInput in;
  in.round = 1;
  in.boards = {1};
  in.matches = {{1, 1, 2}};
  in.bye = 3;
  EXPECT_THAT(ScoreRound(MatchpointSwiss(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("fixed VP award")));
}

TEST(ScoreRoundTest, RejectsResultForBoardNotInRound) {
  RoundInput in = ButlerRound();
  in.results.push_back({9, 1, 0, 420});
  EXPECT_THAT(ScoreRound(ButlerPairs(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("board 9 is not played in this round")));
}

TEST(ScoreRoundTest, RejectsResultAtTableWithNoMatch) {
  RoundInput in = ButlerRound();
  in.results.push_back({1, 6, 0, 420});
  EXPECT_THAT(ScoreRound(ButlerPairs(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("no match is drawn at table 6")));
}

TEST(ScoreRoundTest, RejectsDuplicateResult) {
  RoundInput in = ButlerRound();
  in.results.push_back({2, 3, 0, 170});
  EXPECT_THAT(ScoreRound(ButlerPairs(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("board 2, table 3: two results entered")));
  RoundInput teams = TeamsRound();
  teams.results.push_back({4, 1, 2, 100});
  EXPECT_THAT(ScoreRound(Teams(), teams, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("table 1, room 2: two results entered")));
}

TEST(ScoreRoundTest, RejectsRoomInPairsEvent) {
  RoundInput in = ButlerRound();
  in.results[0].room = 1;
  EXPECT_THAT(ScoreRound(ButlerPairs(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("room 1 given, but a pairs event")));
}

TEST(ScoreRoundTest, RejectsMissingRoomInTeams) {
  RoundInput in = TeamsRound();
  in.results[0].room = 0;
  EXPECT_THAT(ScoreRound(Teams(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("needs the room of each result")));
  in.results[0].room = 3;
  EXPECT_THAT(ScoreRound(Teams(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("not 3")));
}

TEST(ScoreRoundTest, RejectsScoreBeyondLaw77) {
  RoundInput in = ButlerRound();
  in.results[0].ns_score = 7610;
  EXPECT_THAT(ScoreRound(ButlerPairs(), in, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("outside Law 77's range")));
  in.results[0].ns_score = -7600;  // the bound itself is a score
  EXPECT_THAT(ScoreRound(ButlerPairs(), in, 0, std::nullopt), IsOk());
}

TEST(ScoreRoundTest, RejectsMalformedDraw) {
  RoundInput no_round = ButlerRound();
  no_round.round = 0;
  EXPECT_THAT(ScoreRound(ButlerPairs(), no_round, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("numbered from 1")));
  RoundInput no_boards = ButlerRound();
  no_boards.boards.clear();
  no_boards.results.clear();
  EXPECT_THAT(
      ScoreRound(ButlerPairs(), no_boards, 0, std::nullopt),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("has no boards")));
  RoundInput same_table = ButlerRound();
  same_table.matches[1].table = 1;
  EXPECT_THAT(ScoreRound(ButlerPairs(), same_table, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("two matches drawn at table 1")));
  RoundInput twice = ButlerRound();
  twice.matches[1].away = 1;
  EXPECT_THAT(ScoreRound(ButlerPairs(), twice, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("entrant 1 is drawn in two places")));
  RoundInput bye_plays = ButlerRound();
  bye_plays.bye = 4;
  EXPECT_THAT(ScoreRound(ButlerPairs(), bye_plays, 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("has the bye but is also drawn")));
}

TEST(ScoreRoundTest, CrossImpsIsNotYetSupported) {
  RegulationProfile p = ButlerPairs();
  p.scoring = ScoringMethod::kCrossImps;
  EXPECT_THAT(ScoreRound(p, ButlerRound(), 0, std::nullopt),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("not yet supported")));
}

TEST(ScoreRoundTest, RejectsProfileThatCannotScoreTheRound) {
  RegulationProfile no_datum = ButlerPairs();
  no_datum.datum.reset();
  EXPECT_THAT(ScoreRound(no_datum, ButlerRound(), 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("names no datum rule")));
  RegulationProfile wrong_scale = Teams();
  wrong_scale.vp->scale.id = std::string(kIpcAncAppendix);
  EXPECT_THAT(ScoreRound(wrong_scale, TeamsRound(), 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("converts match percentages")));
}

TEST(ScoreRoundTest, CompleteBoardWithoutDatumIsAnError) {
  // ANC SR 16.4 drops three at each end: five complete scores leave none.
  RegulationProfile p = ButlerPairs();
  p.datum = DatumRuleForMethod(DatumMethod::kAncSr16_4);
  EXPECT_THAT(ScoreRound(p, ButlerRound(), 0, std::nullopt),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("board 1: no datum")));
}

}  // namespace
}  // namespace tally::core
