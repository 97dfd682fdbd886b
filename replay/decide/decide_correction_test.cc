// Corrections inside and outside their windows (issue #5): the window comes
// from the competition's timeline events and its profile; one second either
// side of each edge; what a refusal says.

#include "replay/decide/decide_correction.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/apply_for_test.h"
#include "replay/timeline/decide_timeline.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

// 2026-03-14 10:00 UTC, and times of that day.
absl::Time Clock(int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, 14, hour, minute, second),
                         absl::UTCTimeZone());
}

// Ten pairs of the Welcome Swiss Pairs (anc2025_wsp: 8-board matches, a
// datum of the middle score of five tables, the correction period of ANC SR
// 6.1), round 1 drawn, scheduled 10:00-11:10.
class DecideCorrectionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("ANC");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("wsp");
    c.set_name("Welcome Swiss Pairs");
    c.set_kind(v1::COMPETITION_KIND_SWISS_PAIRS);
    c.set_regulation_profile("anc2025_wsp");
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 10; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("wsp");
      r.set_pair(pair);
      r.add_players("A");
      r.add_players("B");
      Apply(state_, DecideRegisterPair(state_, r));
    }
    Draw(1);
    Schedule(1, Clock(10, 0), Clock(11, 10), false);
  }

  void Draw(int round) {
    v1::MakeDrawRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("wsp");
    d.set_round(round);
    d.set_seed(11);
    Apply(state_, DecideMakeDraw(state_, d));
  }

  void Schedule(int round, absl::Time start, absl::Time end, bool last) {
    v1::ScheduleSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("wsp");
    r.set_session(round);
    *r.mutable_scheduled_start() = ToTimestamp(start);
    *r.mutable_scheduled_end() = ToTimestamp(end);
    r.set_last_of_stage(last);
    Apply(state_, DecideScheduleSession(state_, r));
  }

  // Every board at both tables passed out, then the scores posted at
  // `posted`.
  void PlayAndPost(int round, absl::Time posted) {
    const MatchRoundState& r = Wsp().rounds.at(round);
    for (const v1::DrawnMatch& m : r.draw.matches()) {
      for (int board : r.draw.boards()) {
        v1::EnterResultRequest e;
        e.set_tournament_id("t");
        e.set_competition_id("wsp");
        e.set_session(round);
        e.set_table(m.table());
        e.set_board(board);
        e.mutable_result()->mutable_passed_out();
        Apply(state_, DecideEnterResult(state_, e));
      }
    }
    v1::PostScoresRequest p;
    p.set_tournament_id("t");
    p.set_competition_id("wsp");
    p.set_session(round);
    ApplyAt(state_, DecidePostScores(state_, p), posted);
  }

  // 4S by North making 10 on `board` at table 1 of `round`, agreed by both
  // pairs.
  static v1::CorrectResultRequest Correction(int round, int board) {
    v1::CorrectResultRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("wsp");
    r.set_session(round);
    r.set_table(1);
    r.set_board(board);
    v1::PlayedContract* played = r.mutable_result()->mutable_played();
    played->set_level(4);
    played->set_strain(v1::STRAIN_SPADES);
    played->set_declarer(v1::SEAT_NORTH);
    played->set_tricks(10);
    r.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
    r.set_reason("4S made, entered as passed out");
    r.add_agreed_by("NS: Ann");
    r.add_agreed_by("EW: Bob");
    return r;
  }

  const CompetitionState& Wsp() const {
    return state_.tournaments.at("t").competitions.at("wsp");
  }

  State state_;
};

// ANC SR 6.1: posted 11:40, next round 12:30. The later of 11:40 + 30 =
// 12:10 and 12:30 is 12:30; from 12:30:00 on the period has expired.
TEST_F(DecideCorrectionTest, ClosesAtTheLaterOfThirtyMinutesAndTheNextRound) {
  Schedule(2, Clock(12, 30), Clock(13, 40), false);
  PlayAndPost(1, Clock(11, 40));
  absl::StatusOr<v1::EventPayload> in_time =
      DecideCorrectResult(state_, Correction(1, 3), Clock(12, 29, 59));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(in_time->result_corrected().window_clause(), "ANC SR 6.1");
  EXPECT_EQ(ToTime(in_time->result_corrected().window_closes_at()),
            Clock(12, 30));
  EXPECT_EQ(in_time->result_corrected().ns_score(), 420);
  EXPECT_EQ(in_time->result_corrected().previous_ns_score(), 0);
  for (absl::Time late : {Clock(12, 30), Clock(12, 30, 1)}) {
    EXPECT_THAT(
        DecideCorrectResult(state_, Correction(1, 3), late),
        StatusIs(absl::StatusCode::kFailedPrecondition,
                 AllOf(HasSubstr("closed at 2026-03-14 12:30 UTC"),
                       HasSubstr("ANC SR 6.1"), HasSubstr("Law 79C2"))));
  }
}

// ANC SR 6.1: round 2 starts at 12:00, within 30 minutes of round 1's
// posting at 11:40, so round 2's correction period applies to round 1 too.
// Round 2 is the stage's last session, posted at 13:20: its period ends at
// 13:50, and so does round 1's.
TEST_F(DecideCorrectionTest, ANextRoundWithinThirtyMinutesCarriesItsPeriod) {
  Schedule(2, Clock(12, 0), Clock(13, 10), true);
  PlayAndPost(1, Clock(11, 40));
  // 12:40 would be past 11:40 + 30 and past round 2's start; round 2's own
  // period has not started to run, so round 1's is still open.
  EXPECT_THAT(DecideCorrectResult(state_, Correction(1, 3), Clock(12, 40)),
              IsOk());
  Draw(2);
  PlayAndPost(2, Clock(13, 20));
  absl::StatusOr<v1::EventPayload> in_time =
      DecideCorrectResult(state_, Correction(1, 3), Clock(13, 49, 59));
  ASSERT_THAT(in_time, IsOk());
  EXPECT_EQ(ToTime(in_time->result_corrected().window_closes_at()),
            Clock(13, 50));
  EXPECT_THAT(DecideCorrectResult(state_, Correction(1, 3), Clock(13, 50, 1)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("closed at 2026-03-14 13:50 UTC")));
  // The last session of the stage: 30 minutes after its posting (6.1).
  EXPECT_THAT(DecideCorrectResult(state_, Correction(2, 9), Clock(13, 49, 59)),
              IsOk());
  EXPECT_THAT(DecideCorrectResult(state_, Correction(2, 9), Clock(13, 50)),
              StatusIs(absl::StatusCode::kFailedPrecondition));
}

TEST_F(DecideCorrectionTest, ACorrectionReplacesTheResultAndIsTheOneToCorrect) {
  Schedule(2, Clock(12, 30), Clock(13, 40), false);
  PlayAndPost(1, Clock(11, 40));
  const uint64_t entered = Wsp().rounds.at(1).results.at({3, 1, 0}).sequence;
  absl::StatusOr<v1::EventPayload> first =
      DecideCorrectResult(state_, Correction(1, 3), Clock(12, 0));
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(first->result_corrected().corrects_sequence(), entered);
  ApplyAt(state_, first, Clock(12, 0));
  const EnteredResult& now = Wsp().rounds.at(1).results.at({3, 1, 0});
  EXPECT_EQ(now.ns_score, 420);
  EXPECT_EQ(now.sequence, state_.last_sequence);
  EXPECT_THAT(DecideCorrectResult(state_, Correction(1, 3), Clock(12, 1)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("nothing to correct")));
  v1::CorrectResultRequest again = Correction(1, 3);
  again.mutable_result()->mutable_played()->set_tricks(11);
  absl::StatusOr<v1::EventPayload> second =
      DecideCorrectResult(state_, again, Clock(12, 2));
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(second->result_corrected().corrects_sequence(),
            state_.last_sequence);
  EXPECT_EQ(second->result_corrected().previous_ns_score(), 420);
  EXPECT_EQ(second->result_corrected().ns_score(), 450);
}

TEST_F(DecideCorrectionTest, EachRefusalSaysWhatIsMissing) {
  PlayAndPost(1, Clock(11, 40));
  v1::CorrectResultRequest one_side = Correction(1, 3);
  one_side.clear_agreed_by();
  one_side.add_agreed_by("NS: Ann");
  EXPECT_THAT(DecideCorrectResult(state_, one_side, Clock(11, 50)),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("both sides' agreement")));
  v1::CorrectResultRequest no_reason = Correction(1, 3);
  no_reason.clear_reason();
  EXPECT_THAT(
      DecideCorrectResult(state_, no_reason, Clock(11, 50)),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("reason")));
  v1::CorrectResultRequest no_kind = Correction(1, 3);
  no_kind.set_kind(v1::CORRECTION_KIND_UNSPECIFIED);
  EXPECT_THAT(DecideCorrectResult(state_, no_kind, Clock(11, 50)),
              StatusIs(absl::StatusCode::kInvalidArgument));
  v1::CorrectResultRequest elsewhere = Correction(1, 3);
  elsewhere.set_table(7);
  EXPECT_THAT(
      DecideCorrectResult(state_, elsewhere, Clock(11, 50)),
      StatusIs(absl::StatusCode::kNotFound, HasSubstr("enter it instead")));
}

// The director may put an inconsistent score right without the players
// (NSW TR 12.6); the window still applies.
TEST_F(DecideCorrectionTest, AnInconsistentScoreNeedsNoAgreement) {
  PlayAndPost(1, Clock(11, 40));
  v1::CorrectResultRequest r = Correction(1, 3);
  r.set_kind(v1::CORRECTION_KIND_INCONSISTENT_SCORE);
  r.clear_agreed_by();
  EXPECT_THAT(DecideCorrectResult(state_, r, Clock(11, 50)), IsOk());
}

TEST_F(DecideCorrectionTest, OfficialResultsAreNotCorrected) {
  PlayAndPost(1, Clock(11, 40));
  v1::DeclareResultsOfficialRequest official;
  official.set_tournament_id("t");
  official.set_competition_id("wsp");
  ApplyAt(state_, DecideDeclareResultsOfficial(state_, official, Clock(12, 10)),
          Clock(12, 10));
  EXPECT_THAT(
      DecideCorrectResult(state_, Correction(1, 3), Clock(12, 11)),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("official")));
}

}  // namespace
}  // namespace tally::replay
