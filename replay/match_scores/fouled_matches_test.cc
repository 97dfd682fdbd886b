// Fouled-board treatments in Swiss pairs matches IMPed against a datum
// (replay/match_scores/fouled_matches.h), decided through DecideRecordRuling
// and scored through ScoreRounds; and the refusals for teams and matchpoint
// Swiss.
//
// The round: 16 pairs, 8 tables, round 1's first board (board 1, none
// vulnerable) played as below, every other board passed out (datum 0,
// 0 IMPs), so a match's IMPs are its table's IMPs on board 1. By table in
// table order t0..t7 (North declares, WBF IMP scale):
//   t0 4S= +420   t1 4S= +420   t2 4S+1 +450   t3 4S-1 -50
//   t4 3S= +140   t5 2S= +110   t6 passed 0    t7 4S= +420
// Without a ruling (ANC SR 16.11, n = 8 < 15 tables, the n-2 middle
// scores): sorted -50 0 110 140 420 420 420 450, the middle six 1510 / 6 =
// 251.67, datum 250.

#include "replay/match_scores/fouled_matches.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "core/vp/vp_scale.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_ruling.h"
#include "replay/match_scores/match_standings.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

class FouledMatchesTest : public ::testing::Test {
 protected:
  // The round of the file comment under `profile`.
  void Play(const std::string& profile) {
    event_ = std::make_unique<MatchEventForTest>(
        profile, v1::COMPETITION_KIND_SWISS_PAIRS, 16);
    draw_ = event_->Draw(1);
    ASSERT_EQ(draw_.boards(0), 1);
    for (const v1::DrawnMatch& m : draw_.matches()) t_.push_back(m.table());
    std::sort(t_.begin(), t_.end());
    ASSERT_EQ(t_.size(), 8u);
    const std::vector<v1::TableResult> board1 = {
        Made(4, v1::STRAIN_SPADES, 10),
        Made(4, v1::STRAIN_SPADES, 10),
        Made(4, v1::STRAIN_SPADES, 11),
        Made(4, v1::STRAIN_SPADES, 9),
        Made(3, v1::STRAIN_SPADES, 9),
        Made(2, v1::STRAIN_SPADES, 8),
        PassedOut(),
        Made(4, v1::STRAIN_SPADES, 10)};
    for (size_t i = 0; i < t_.size(); ++i) {
      for (int b : draw_.boards()) {
        event_->Enter(1, t_[i], b, v1::ROOM_UNSPECIFIED,
                      b == 1 ? board1[i] : PassedOut());
      }
    }
  }

  static v1::RecordRulingRequest Fouled(const std::string& treatment,
                                        const std::vector<int>& tables) {
    return FouledRuling(1, 1, treatment, tables);
  }
  absl::StatusOr<v1::EventPayload> Decide(const v1::RecordRulingRequest& r) {
    return DecideRecordRuling(event_->state(), r, Now());
  }
  absl::Time Now() const { return event_->state().last_received; }

  std::vector<ScoredRound> Rounds() {
    absl::StatusOr<std::vector<ScoredRound>> rounds =
        ScoreRounds(event_->competition(), 0);
    EXPECT_THAT(rounds, IsOk());
    return rounds.ok() ? *rounds : std::vector<ScoredRound>();
  }
  static const core::BoardScore& Board1(const std::vector<ScoredRound>& r) {
    return r.front().score.boards.front();
  }
  static const core::MatchScore& Match(const std::vector<ScoredRound>& r,
                                       int table) {
    for (const core::MatchScore& m : r.front().score.matches) {
      if (m.table == table) return m;
    }
    ADD_FAILURE() << "no match at table " << table;
    return r.front().score.matches.front();
  }
  // The match at `table` has home `home` IMPs and away `away` (away's
  // unset when -home), and each side the VPs of its own margin on the
  // event's scale.
  void ExpectMatch(const std::vector<ScoredRound>& r, int table, int home,
                   int away) {
    SCOPED_TRACE(::testing::Message() << "table " << table);
    const core::MatchScore& m = Match(r, table);
    EXPECT_EQ(m.home_imps, core::Rational(home));
    if (away == -home) {
      EXPECT_FALSE(m.away_imps.has_value());
    } else {
      ASSERT_TRUE(m.away_imps.has_value());
      EXPECT_EQ(*m.away_imps, core::Rational(away));
    }
    ASSERT_TRUE(m.complete);
    ASSERT_TRUE(m.vps.has_value());
    const core::RegulationProfile& p = event_->competition().profile;
    absl::StatusOr<core::VpScaleForBoards> scale =
        core::VpScaleForMatch(p, draw_.boards_size());
    ASSERT_THAT(scale, IsOk());
    absl::StatusOr<core::VpResult> h =
        core::VpForMargin(scale->scale, core::Rational(home), scale->boards);
    absl::StatusOr<core::VpResult> a =
        core::VpForMargin(scale->scale, core::Rational(away), scale->boards);
    ASSERT_THAT(h, IsOk());
    ASSERT_THAT(a, IsOk());
    EXPECT_EQ(m.vps->vps.ToRational(), h->vps.ToRational());
    EXPECT_EQ(m.vps->opponent_vps.ToRational(), a->vps.ToRational());
  }

  // ExpectMatch at each {table index in t_, home, away}.
  struct Row {
    int index;
    int home;
    int away;
  };
  void ExpectMatches(const std::vector<ScoredRound>& r,
                     const std::vector<Row>& rows) {
    for (const Row& row : rows)
      ExpectMatch(r, t_[row.index], row.home, row.away);
  }

  std::unique_ptr<MatchEventForTest> event_;
  v1::DrawMade draw_;
  std::vector<int> t_;  // the round's tables in order
};

TEST_F(FouledMatchesTest, WithoutARulingTheDatumIsTwoHundredAndFifty) {
  Play("nsw_swiss_pairs");
  const std::vector<ScoredRound> r = Rounds();
  EXPECT_EQ(Board1(r).datum->datum, 250);
  ExpectMatch(r, t_[0], 5, -5);  // 420 - 250 = 170: 5 IMPs
}

TEST_F(FouledMatchesTest, NswTr7_1_1aSeparateDatumsAndTheEqualisingInteger) {
  Play("nsw_swiss_pairs");
  // t5, t6, t7 played the fouled form: 3 tables, sufficient pairs (the
  // lesser of 4 and 8 / 3 rounded up = 3).
  event_->Apply(Decide(Fouled("separate_datum", {t_[5], t_[6], t_[7]})));
  const std::vector<ScoredRound> r = Rounds();
  // True form, 5 tables (ANC SR 16.11 over its own n = 5): sorted -50 140
  // 420 420 450, the middle three 980 / 3 = 326.67, datum 330.
  //   t0 420: +90 -> 3   t1 420: 3   t2 450: +120 -> 3
  //   t3 -50: -380 -> -9   t4 140: -190 -> -5      mean -5 / 5 = -1
  EXPECT_EQ(Board1(r).datum->datum, 330);
  ExpectMatches(r, {{0, 3, -3}, {2, 3, -3}, {3, -9, 9}, {4, -5, 5}});
  // Fouled form, 3 tables: sorted 0 110 420, the middle one: datum 110.
  //   t5 110: 0   t6 0: -110 -> -3   t7 420: +310 -> 7   mean 4 / 3
  // NSW TR 7.1.1(a): the integer nearest -1 - 4/3 = -7/3 is -2, added to
  // the fouled tables' NS IMPs (East-West's lose it): -2, -5, +5.
  ExpectMatches(r, {{5, -2, 2}, {6, -5, 5}, {7, 5, -5}});
}

TEST_F(FouledMatchesTest, NswTr7_1_1bTwoImpsToTheFouledTable) {
  Play("nsw_swiss_pairs");
  event_->Apply(Decide(Fouled("two_imps", {t_[7]})));
  const std::vector<ScoredRound> r = Rounds();
  // True form t0..t6 with n = 8: sorted -50 0 110 140 420 420 450, less
  // the top and bottom: 0 110 140 420 420 = 1090 / 5 = 218, datum 220.
  //   t0 420: +200 -> 5   t2 450: +230 -> 6   t3 -50: -270 -> -7
  //   t4 140: -80 -> -2   t5 110: -110 -> -3   t6 0: -220 -> -6
  EXPECT_EQ(Board1(r).datum->datum, 220);
  ExpectMatches(
      r,
      {{0, 5, -5}, {2, 6, -6}, {3, -7, 7}, {4, -2, 2}, {5, -3, 3}, {6, -6, 6}});
  // NSW TR 7.1.1(b): 2 IMPs to both pairs who played the fouled board.
  ExpectMatch(r, t_[7], 2, 2);
}

TEST_F(FouledMatchesTest, AncSr7_2aSeparateDatumsWithoutEqualising) {
  Play("anc2025_swiss_pairs_a");
  event_->Apply(Decide(Fouled("separate_datums", {t_[5], t_[6], t_[7]})));
  const std::vector<ScoredRound> r = Rounds();
  // ANC SR 7.2(a): 3-7 results, the two extreme scores eliminated. True
  // form as NSW's: datum 330 (t0 +3, t3 -9). Fouled form 0 110 420: datum
  // 110; t5 0, t6 -3, t7 +7, with no equalising integer.
  EXPECT_EQ(Board1(r).datum->datum, 330);
  ExpectMatches(r, {{0, 3, -3}, {3, -9, 9}, {5, 0, 0}, {6, -3, 3}, {7, 7, -7}});
}

TEST_F(FouledMatchesTest, AncSr7_2bAndSr7_3TwoImpsToBothSides) {
  Play("anc2025_wsp");
  event_->Apply(Decide(Fouled("two_imps", {t_[7]})));
  const std::vector<ScoredRound> r = Rounds();
  // ANC SR 22.3 (fewer than 24 tables, the n-4 middle scores) over the
  // true form t0..t6, n = 8: sorted -50 0 110 140 420 420 450, less two
  // at each end: 110 140 420 = 670 / 3 = 223.3, datum 220 (as NSW's).
  EXPECT_EQ(Board1(r).datum->datum, 220);
  // ANC SR 7.3: 2 IMPs for both sides
  ExpectMatches(r, {{0, 5, -5}, {7, 2, 2}});
}

// Issue #16 defect 2, ANC SR 7.5 in Swiss pairs: board 1 fouled at t7 and
// board 2 (passed out everywhere) fouled at t7 too, both given 2 IMPs
// (7.2(b), 7.3): the appendix's 2 sqrt(2) = 2.83, 3 IMPs in all to each
// side of t7's match, not 2 + 2.
TEST_F(FouledMatchesTest, AncSr7_5TwoFouledBoardsOfAMatchGiveThreeImps) {
  Play("anc2025_wsp");
  event_->Apply(Decide(Fouled("two_imps", {t_[7]})));
  event_->Apply(Decide(FouledRuling(1, 2, "two_imps", {t_[7]})));
  const std::vector<ScoredRound> r = Rounds();
  EXPECT_EQ(Board1(r).datum->datum, 220);
  ExpectMatches(r, {{0, 5, -5}, {7, 3, 3}});
}

// NSW TR 7.1.1(b) gives "an adjusted score of 2 IMPs to those pairs who
// played the fouled board", board by board: NSW TR 12.10 is for boards
// whose play "is not possible". Two fouled boards at t7: 2 + 2.
TEST_F(FouledMatchesTest, NswTr7_1_1bTwoImpsOnEachOfTwoFouledBoards) {
  Play("nsw_swiss_pairs");
  event_->Apply(Decide(Fouled("two_imps", {t_[7]})));
  event_->Apply(Decide(FouledRuling(1, 2, "two_imps", {t_[7]})));
  ExpectMatch(Rounds(), t_[7], 4, 4);
}

TEST_F(FouledMatchesTest, SabfTr12_3TwoImpsOrOfNoConsequence) {
  Play("sabf_butler_swiss");
  // SABF TR 12.2 rounds 1-2 as 12.1: 8 tables, 16.67% of 8 = 1.33, one
  // score off each end: datum 250 as the file comment's.
  EXPECT_EQ(Board1(Rounds()).datum->datum, 250);
  event_->Apply(Decide(Fouled("no_consequence", {t_[7]})));
  EXPECT_EQ(Board1(Rounds()).datum->datum, 250);  // scored as played
  ExpectMatch(Rounds(), t_[7], 5, -5);
  v1::RecordRulingRequest two = Fouled("two_imps", {t_[7]});
  two.set_supersedes_sequence(event_->state().last_sequence);
  event_->Apply(Decide(two));
  const std::vector<ScoredRound> r = Rounds();
  // Cancelled, 2 IMPs each; the other seven: 7 scores, 16.67% = 1.17, one
  // off each end: 0 110 140 420 420 = 218, datum 220.
  EXPECT_EQ(Board1(r).datum->datum, 220);
  ExpectMatches(r, {{6, -6, 6}, {7, 2, 2}});
}

TEST_F(FouledMatchesTest, NswTr12_6bWrongSideIsAverageToBothOutOfTheDatum) {
  Play("nsw_swiss_pairs");
  v1::RecordRulingRequest r = Fouled("nsw_tr_12_6b_wrong_side", {});
  r.set_table(t_[7]);
  r.clear_law();  // defaults to the clause
  event_->Apply(Decide(r));
  const std::vector<ScoredRound> rounds = Rounds();
  // The datum of t0..t6 with n = 8: 220 (as under two_imps); t7 average
  // to both, 0 IMPs each.
  EXPECT_EQ(Board1(rounds).datum->datum, 220);
  ExpectMatches(rounds, {{0, 5, -5}, {7, 0, 0}});
}

TEST_F(FouledMatchesTest, NswTr13_2FouledFormDatumIsProvisionalWhilePending) {
  Play("nsw_swiss_pairs");
  event_->Apply(Decide(Fouled("separate_datum", {t_[5], t_[6], t_[7]})));
  const uint64_t ruling = event_->state().last_sequence;
  for (const v1::DrawnMatch& m : draw_.matches()) {
    if (m.table() != t_[0]) continue;
    // t0's pairs appeal.
    event_->Apply(DecideLodgeAppeal(
        event_->state(),
        AppealAgainstRuling(1, t_[0], 1, ruling, m.home(), m.away()), Now()));
  }
  const std::vector<ScoredRound> r = Rounds();
  // NSW TR 13.2 (ANC SR 16.11 uses every score): t0's score counts as it
  // stands, the true form's datum 330 as before but provisional.
  ASSERT_TRUE(Board1(r).datum.has_value());
  EXPECT_EQ(Board1(r).datum->datum, 330);
  EXPECT_TRUE(Board1(r).datum->provisional);
  ExpectMatch(r, t_[0], 3, -3);
}

// ---- Refusals ----

TEST_F(FouledMatchesTest, NswTr7_1_1aNeedsSufficientPairsInARound) {
  Play("nsw_swiss_pairs");
  EXPECT_THAT(Decide(Fouled("separate_datum", {t_[6], t_[7]})),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("sufficient pairs: 3 of the 8"),
                             HasSubstr("two_imps"))));
  EXPECT_THAT(Decide(Fouled("two_imps", {99})),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("no match playing board 1 at table 99")));
  v1::RecordRulingRequest at_table = Fouled("two_imps", {t_[7]});
  at_table.set_table(t_[7]);
  EXPECT_THAT(Decide(at_table), StatusIs(absl::StatusCode::kInvalidArgument,
                                         HasSubstr("give table 0")));
}

TEST(FouledMatchesRefusalTest, TeamsAreToldWhichFormToRuleWith) {
  MatchEventForTest itc("anc2025_itc_qualifying",
                        v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS, 6);
  const v1::DrawMade draw = itc.Draw(1);
  v1::RecordRulingRequest r =
      FouledRuling(1, draw.boards(0), "three_imps", {draw.matches(0).table()});
  const absl::Time at = itc.state().last_received;
  EXPECT_THAT(DecideRecordRuling(itc.state(), r, at),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("ANC SR 7.1"),
                             HasSubstr("--artificial=ns:avg+,ew:avg+"))));
  MatchEventForTest swiss("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS,
                          4);
  const v1::DrawMade d2 = swiss.Draw(1);
  r.set_board(d2.boards(0));
  r.mutable_fouled()->set_treatment("adjusted");
  r.mutable_fouled()->set_fouled_tables(0, d2.matches(0).table());
  // The Fouled-board guide (Match Play) rules at the match's table, not
  // table 0 (regulation_fixes_e2e_test.cc scores it).
  EXPECT_THAT(DecideRecordRuling(swiss.state(), r, at),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("Fouled-board guide (Match Play)"),
                             HasSubstr("tally fouled-match"))));
  // NSW TR 12.6(b) in a teams match: an artificial score.
  r.mutable_fouled()->set_treatment("nsw_tr_12_6b_wrong_side");
  r.mutable_fouled()->clear_fouled_tables();
  r.set_table(d2.matches(0).table());
  EXPECT_THAT(DecideRecordRuling(swiss.state(), r, at),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("NSW TR 12.6(b)"),
                             HasSubstr("--artificial=ns:avg,ew:avg"))));
}

// ANC SR 7.4's 60% to both sides is the IPC's artificial average plus to
// both at the fouled table (scored in matchpoint_rulings_test): the
// treatment points the director there, and that ruling is taken.
TEST(FouledMatchesRefusalTest, IpcSixtyPercentIsRuledAsAveragePlusToBoth) {
  MatchEventForTest ipc("anc2025_ipc", v1::COMPETITION_KIND_SWISS_PAIRS, 8);
  const v1::DrawMade draw = ipc.Draw(1);
  const int table = draw.matches(0).table();
  const v1::RecordRulingRequest r =
      FouledRuling(1, draw.boards(0), "sixty_percent", {table});
  EXPECT_THAT(DecideRecordRuling(ipc.state(), r, ipc.state().last_received),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       AllOf(HasSubstr("ANC SR 7.4"),
                             HasSubstr("--artificial=ns:avg+,ew:avg+"))));
  // The fouled table's result as entered; the artificial score replaces it.
  ipc.Enter(1, table, draw.boards(0), v1::ROOM_UNSPECIFIED, PassedOut());
  v1::RecordRulingRequest artificial = RulingFor(1, table, draw.boards(0));
  artificial.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  artificial.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  EXPECT_THAT(
      DecideRecordRuling(ipc.state(), artificial, ipc.state().last_received),
      IsOk());
}

}  // namespace
}  // namespace tally::replay
