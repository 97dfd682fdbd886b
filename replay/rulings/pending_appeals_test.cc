// Replay of NSW TR 13 (replay/rulings/pending_appeals.h): a score is pending
// appeal from the lodging to the decision or withdrawal, a further appeal does
// not reopen it, and a Swiss pairs round scores the pending and decided score
// as 13.2 and 13.3 say.
//
// The round (as tests/appeal_pending_e2e_test.cc, worked there by hand):
// 26 pairs, 13 tables; rounds 1-2 passed out everywhere; round 3 passed out
// but board 17, where tables 1-13 score 420 450 420 170 480 -50 420 400 110
// 980 420 450 -100; table 2 assigned 170 by the director, appealed, varied
// to 480.
//   13.2 (nsw_swiss_pairs, ANC SR 16.11): pending 310 provisional, table 2
//   -4 IMPs; decided 340, table 2 +4, table 1 +3 -> +2.
//   13.3 (nsw_swiss_pairs_top_tables, SABF TR 12.2's top twelve): ruled,
//   before the appeal, 360 (the middle eight of t1-t12: 2870 / 8 =
//   358.75); pending, table 2 left out: 390; decided: 390 stands, table 2
//   -6 -> +3, table 1 +1 throughout.

#include "replay/rulings/pending_appeals.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_datum_substitutes.h"
#include "replay/decide/decide_ruling.h"
#include "replay/match_scores/match_standings.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/match_event_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr int kBoard = 17;
constexpr int kTable = 2;

class PendingAppealsTest : public ::testing::Test {
 protected:
  // Rounds 1-3 of the file comment under `profile`, the director's ruling
  // at table 2 in force.
  void Play(const std::string& profile) {
    event_ = std::make_unique<MatchEventForTest>(
        profile, v1::COMPETITION_KIND_SWISS_PAIRS, 26, 5);
    for (int round = 1; round <= 2; ++round) {
      event_->Draw(round);
      event_->PlayRestLevel(round);
    }
    const v1::DrawMade& draw = event_->Draw(3);
    const std::vector<v1::TableResult> board17 = {
        Made(4, v1::STRAIN_SPADES, 10),   Made(4, v1::STRAIN_SPADES, 11),
        Made(4, v1::STRAIN_SPADES, 10),   Made(3, v1::STRAIN_SPADES, 10),
        Made(4, v1::STRAIN_SPADES, 12),   Made(4, v1::STRAIN_SPADES, 9),
        Made(4, v1::STRAIN_SPADES, 10),   Made(3, v1::STRAIN_NO_TRUMP, 9),
        Made(2, v1::STRAIN_SPADES, 8),    Made(6, v1::STRAIN_SPADES, 12),
        Made(4, v1::STRAIN_SPADES, 10),   Made(4, v1::STRAIN_SPADES, 11),
        Made(4, v1::STRAIN_SPADES, 8)};
    for (const v1::DrawnMatch& m : draw.matches()) {
      home_ = m.table() == kTable ? m.home() : home_;
      away_ = m.table() == kTable ? m.away() : away_;
      for (int board : draw.boards()) {
        v1::EnterResultRequest r;
        r.set_tournament_id("t");
        r.set_competition_id("c");
        r.set_session(3);
        r.set_table(m.table());
        r.set_board(board);
        *r.mutable_result() =
            board == kBoard ? board17[m.table() - 1] : PassedOut();
        event_->Apply(DecideEnterResult(event_->state(), r));
      }
    }
    v1::RecordRulingRequest ruling;
    ruling.set_tournament_id("t");
    ruling.set_competition_id("c");
    ruling.set_session(3);
    ruling.set_table(kTable);
    ruling.set_board(kBoard);
    ruling.set_law("Law 12C1(b)");
    ruling.set_text("misinformation: 3S by North making ten tricks");
    *ruling.mutable_adjusted()->mutable_assigned() =
        Made(3, v1::STRAIN_SPADES, 10);
    event_->Apply(DecideRecordRuling(event_->state(), ruling, Now()));
    ruling_ = event_->state().last_sequence;
  }

  void Lodge() {
    v1::LodgeAppealRequest r;
    r.set_tournament_id("t");
    v1::AppealLodged* a = r.mutable_appeal();
    a->set_competition_id("c");
    a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
    a->set_session(3);
    a->set_table(kTable);
    a->set_board(kBoard);
    a->set_ruling_sequence(ruling_);
    a->set_appellant(home_);
    a->set_appellant_signature("P North");
    a->add_respondents(away_);
    a->set_grounds("no misinformation");
    event_->Apply(DecideLodgeAppeal(event_->state(), r, Now()));
  }

  void HearAndVary(int appeal = 1) {
    v1::HearAppealRequest hear;
    hear.set_tournament_id("t");
    hear.mutable_heard()->set_competition_id("c");
    hear.mutable_heard()->set_appeal(appeal);
    hear.mutable_heard()->set_chair("Chair");
    hear.mutable_heard()->add_members("Chair");
    event_->Apply(DecideHearAppeal(event_->state(), hear));
    v1::DecideAppealRequest decide;
    decide.set_tournament_id("t");
    v1::AppealDecided* d = decide.mutable_decided();
    d->set_competition_id("c");
    d->set_appeal(appeal);
    d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
    *d->mutable_adjusted_score()->mutable_assigned() =
        Made(4, v1::STRAIN_SPADES, 12);
    d->set_decision("4S by North making twelve tricks");
    event_->Apply(DecideDecideAppeal(event_->state(), decide));
  }

  // Round 3's board 17: its datum, and NS IMPs at tables 1 and 2.
  struct Board17 {
    int64_t datum = 0;
    bool provisional = false;
    int t1 = 0;
    int t2 = 0;
  };
  Board17 Score() {
    Board17 out;
    absl::StatusOr<std::vector<ScoredRound>> rounds =
        ScoreRounds(event_->competition(), 3);
    EXPECT_THAT(rounds, IsOk());
    if (!rounds.ok()) return out;
    for (const core::BoardScore& b : rounds->back().score.boards) {
      if (b.board != kBoard || !b.datum.has_value()) continue;
      out.datum = b.datum->datum;
      out.provisional = b.datum->provisional;
      out.t1 = static_cast<int>(b.ns_points.at({1, 0}).Floor());
      out.t2 = static_cast<int>(b.ns_points.at({2, 0}).Floor());
    }
    return out;
  }

  // NSW TR 13.3: the Director's choice on board 17 of round 3.
  static v1::ChooseDatumSubstitutesRequest Substitutes(bool include) {
    v1::ChooseDatumSubstitutesRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("c");
    r.set_session(3);
    r.set_board(kBoard);
    r.set_include_substitutes(include);
    r.set_director("CTD");
    r.set_reason("a valid datum for the board");
    return r;
  }

  AppealMark Mark() const {
    return AppealMarkAt(event_->competition(), 3, kBoard, kTable);
  }

  // Within every window: the event's clock is never read by these tests'
  // folds beyond the windows, which are still open (nothing posted).
  absl::Time Now() const { return event_->state().last_received; }

  std::unique_ptr<MatchEventForTest> event_;
  uint64_t ruling_ = 0;
  int home_ = 0;
  int away_ = 0;
};

TEST_F(PendingAppealsTest, NswTr13_2PendingScoreCountsProvisionallyThenMoves) {
  Play("nsw_swiss_pairs");
  Board17 ruled = Score();
  EXPECT_EQ(ruled.datum, 310);
  EXPECT_FALSE(ruled.provisional);
  Lodge();
  EXPECT_TRUE(Mark().pending);
  EXPECT_THAT(Mark().appeals, ElementsAre(1));
  Board17 pending = Score();
  EXPECT_EQ(pending.datum, 310);
  EXPECT_TRUE(pending.provisional);  // NSW TR 13.2
  EXPECT_EQ(pending.t2, -4);
  HearAndVary();
  EXPECT_FALSE(Mark().pending);
  EXPECT_TRUE(Mark().decided);
  Board17 decided = Score();
  EXPECT_EQ(decided.datum, 340);  // "altered accordingly"
  EXPECT_FALSE(decided.provisional);
  EXPECT_EQ(decided.t2, 4);
  EXPECT_EQ(decided.t1, 2);  // was +3 against 310
}

TEST_F(PendingAppealsTest, NswTr13_3PendingScoreLeftOutAndTheDatumStands) {
  Play("nsw_swiss_pairs_top_tables");
  EXPECT_EQ(Score().datum, 360);
  Lodge();
  Board17 pending = Score();
  EXPECT_EQ(pending.datum, 390);  // table 2 left out
  EXPECT_FALSE(pending.provisional);
  EXPECT_EQ(pending.t2, -6);
  EXPECT_EQ(pending.t1, 1);
  HearAndVary();
  Board17 decided = Score();
  EXPECT_EQ(decided.datum, 390);  // the datum taken while pending stands
  EXPECT_EQ(decided.t2, 3);
  EXPECT_EQ(decided.t1, 1);
}

// NSW TR 13.3, the Director's discretion: "include an equivalent number of
// scores to calculate a valid datum". Top twelve tables less table 2
// (pending): 420 420 170 480 -50 420 400 110 980 420 450; one left out, so
// one brought in from the next table down, table 13's -100. Twelve
// considered, two dropped at each end (SABF TR 12.2: -100, -50; 980, 480):
// 110 170 400 420 420 420 420 450 = 2810, / 8 = 351.25, datum 350.
// Table 1: 420 - 350 = 70, +2 IMPs; table 2 (170 as ruled): -180, -5.
// Decided at 480: the datum taken while pending stands with its substitute,
// 350, and table 2 scores 480 - 350 = 130, +4; table 1 stays +2.
TEST_F(PendingAppealsTest, NswTr13_3DirectorBringsInASubstituteAndItStands) {
  Play("nsw_swiss_pairs_top_tables");
  Lodge();
  absl::StatusOr<v1::EventPayload> chosen =
      DecideChooseDatumSubstitutes(event_->state(), Substitutes(true));
  ASSERT_THAT(chosen, IsOk());
  const v1::DatumSubstitutesChosen& e = chosen->datum_substitutes_chosen();
  EXPECT_EQ(e.clause(), "NSW TR 13.3");
  EXPECT_THAT(e.pending_tables(), ElementsAre(kTable));
  event_->Apply(chosen);
  Board17 pending = Score();
  EXPECT_EQ(pending.datum, 350);
  EXPECT_EQ(pending.t1, 2);
  EXPECT_EQ(pending.t2, -5);
  HearAndVary();
  Board17 decided = Score();
  EXPECT_EQ(decided.datum, 350);
  EXPECT_EQ(decided.t1, 2);
  EXPECT_EQ(decided.t2, 4);
  // The datum says so (GetMatchResults, the traveller): table 13 brought in.
  absl::StatusOr<std::vector<ScoredRound>> rounds =
      ScoreRounds(event_->competition(), 3);
  ASSERT_THAT(rounds, IsOk());
  for (const core::BoardScore& b : rounds->back().score.boards) {
    if (b.board != kBoard) continue;
    ASSERT_TRUE(b.datum.has_value());
    EXPECT_THAT(b.datum->substitute_tables, ElementsAre(13));
    EXPECT_THAT(DatumAppealText(*b.datum),
                HasSubstr("table 13 brought in by the Director"));
  }
  // The choice cannot be revisited once no score is pending.
  EXPECT_THAT(
      DecideChooseDatumSubstitutes(event_->state(), Substitutes(false)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("no score on board 17 of round 3 is pending appeal")));
}

// Every refusal names NSW TR 13.3 (or what is missing) and appends nothing.
TEST_F(PendingAppealsTest, NswTr13_3SubstitutesRefusedWhereTheyDoNotApply) {
  Play("nsw_swiss_pairs_top_tables");
  EXPECT_THAT(
      DecideChooseDatumSubstitutes(event_->state(), Substitutes(true)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("NSW TR 13.3: no score on board 17 of round 3 is "
                         "pending appeal")));
  Lodge();
  v1::ChooseDatumSubstitutesRequest r = Substitutes(true);
  r.set_director("");
  EXPECT_THAT(DecideChooseDatumSubstitutes(event_->state(), r),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("director's name and the reason")));
  r = Substitutes(true);
  r.set_board(99);
  EXPECT_THAT(DecideChooseDatumSubstitutes(event_->state(), r),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("does not play board 99")));
  r = Substitutes(true);
  r.set_session(9);
  EXPECT_THAT(DecideChooseDatumSubstitutes(event_->state(), r),
              StatusIs(absl::StatusCode::kNotFound, HasSubstr("not drawn")));
  EXPECT_EQ(Score().datum, 390);  // nothing changed: table 2 left out

  // NSW TR 13.2: the datum of every score counts the pending one as it
  // stands, so there is nothing to substitute.
  Play("nsw_swiss_pairs");
  Lodge();
  const uint64_t head = event_->state().last_sequence;
  EXPECT_THAT(DecideChooseDatumSubstitutes(event_->state(), Substitutes(true)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NSW TR 13.2: it counts as it stands")));
  EXPECT_EQ(event_->state().last_sequence, head);
}

// A board a ruling re-scores (replay/match_scores/match_adjustments.h: an
// artificial score at table 5 takes it out of the datum) keeps 13.3's marks.
// Top twelve tables less table 2 (pending, then decided) and table 5: 420 420
// 170 -50 420 400 110 980 420 450; two dropped at each end (SABF TR 12.2:
// 980, 450; -50, 110) leave 420 420 170 420 400 420, 2250 / 6 = 375,
// datum 380 (half away from zero). It stands after the decision (with
// table 2's 480 the datum would be 2700 / 7 = 385.7, 390): table 2 scores
// 480 - 380 = 100, 3 IMPs; table 1 420 - 380 = 40, 1 IMP.
TEST_F(PendingAppealsTest, NswTr13_3HoldsOnABoardARulingRescores) {
  Play("nsw_swiss_pairs_top_tables");
  v1::RecordRulingRequest artificial;
  artificial.set_tournament_id("t");
  artificial.set_competition_id("c");
  artificial.set_session(3);
  artificial.set_table(5);
  artificial.set_board(kBoard);
  artificial.set_law("Law 12C2");
  artificial.set_text("the board could not be played on");
  artificial.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE);
  artificial.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE);
  absl::StatusOr<v1::EventPayload> ruled =
      DecideRecordRuling(event_->state(), artificial, Now());
  ASSERT_THAT(ruled, IsOk());
  event_->Apply(ruled);
  Lodge();
  EXPECT_EQ(Score().datum, 380);
  HearAndVary();
  Board17 decided = Score();
  EXPECT_EQ(decided.datum, 380);
  EXPECT_EQ(decided.t2, 3);
  EXPECT_EQ(decided.t1, 1);
}

TEST_F(PendingAppealsTest, WithdrawalEndsItAndAFurtherAppealDoesNotReopen) {
  Play("nsw_swiss_pairs");
  EXPECT_TRUE(Mark().appeals.empty());
  EXPECT_FALSE(Mark().pending);
  EXPECT_FALSE(Mark().decided);
  Lodge();
  v1::WithdrawAppealRequest w;
  w.set_tournament_id("t");
  w.mutable_withdrawn()->set_competition_id("c");
  w.mutable_withdrawn()->set_appeal(1);
  w.mutable_withdrawn()->set_by("P North");
  w.mutable_withdrawn()->set_reason("on reflection");
  event_->Apply(DecideWithdrawAppeal(event_->state(), w));
  EXPECT_FALSE(Mark().pending);
  EXPECT_TRUE(Mark().decided);
  EXPECT_FALSE(Score().provisional);
  // Another table's score is untouched by the appeal.
  EXPECT_TRUE(AppealMarkAt(event_->competition(), 3, kBoard, 1).appeals.empty());

  // A second appeal, decided and appealed further (NSW TR 2.2.3 names the
  // further body): the score is no longer pending.
  Lodge();
  EXPECT_TRUE(Mark().pending);
  HearAndVary(2);
  v1::LodgeFurtherAppealRequest f;
  f.set_tournament_id("t");
  v1::FurtherAppealLodged* fa = f.mutable_further();
  fa->set_competition_id("c");
  fa->set_appeal(2);
  fa->set_entrant(away_);
  fa->set_signed_by("P North");
  fa->set_grounds("the committee erred");
  // nsw_swiss_pairs's 2.2.3 allows none (Law 93C is not modelled), so the
  // event is folded as a profile with a further body would record it.
  v1::EventPayload further;
  *further.mutable_further_appeal_lodged() = *fa;
  event_->Apply(further);
  EXPECT_FALSE(Mark().pending);
  EXPECT_TRUE(Mark().decided);
  EXPECT_THAT(Mark().appeals, ElementsAre(1, 2));
}

TEST(DatumAppealTextTest, NamesTheClause) {
  core::DatumResult provisional;
  provisional.provisional = true;
  EXPECT_THAT(DatumAppealText(provisional), HasSubstr("NSW TR 13.2"));
  core::DatumResult left_out;
  left_out.roles = {core::ScoreRole::kUsed, core::ScoreRole::kPendingAppeal};
  EXPECT_THAT(DatumAppealText(left_out), HasSubstr("NSW TR 13.3"));
  core::DatumResult stands;
  stands.roles = {core::ScoreRole::kAppealDecided};
  EXPECT_THAT(DatumAppealText(stands), HasSubstr("stands, NSW TR 13.3"));
  EXPECT_EQ(DatumAppealText(core::DatumResult{}), "");
}

}  // namespace
}  // namespace tally::replay
