// The timeline commands: what each refuses (changing nothing) and what the
// state keeps of each moment.

#include "replay/timeline/decide_timeline.h"

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/matches/decide_matches.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::AllOf;
using ::testing::HasSubstr;

const absl::Time kEvening = absl::FromUnixSeconds(1795000000);

// Six pairs in a Swiss pairs event under nsw_swiss_pairs (8-board
// matches): round 1 drawn, three matches (the fewest whose boards have a
// datum: the (n-2) middle scores of three tables leave one).
class DecideTimelineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("swiss");
    c.set_name("Swiss");
    c.set_kind(v1::COMPETITION_KIND_SWISS_PAIRS);
    c.set_regulation_profile("nsw_swiss_pairs");
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 6; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("swiss");
      r.set_pair(pair);
      r.add_players("A");
      r.add_players("B");
      Apply(state_, DecideRegisterPair(state_, r));
    }
    v1::MakeDrawRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("swiss");
    d.set_round(1);
    d.set_seed(7);
    Apply(state_, DecideMakeDraw(state_, d));
  }

  static v1::ScheduleSessionRequest Schedule(int session, absl::Time start,
                                             absl::Duration length) {
    v1::ScheduleSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("swiss");
    r.set_session(session);
    *r.mutable_scheduled_start() = ToTimestamp(start);
    *r.mutable_scheduled_end() = ToTimestamp(start + length);
    return r;
  }

  void EnterMatch(int table) {
    for (int board = 1; board <= 8; ++board) {
      v1::EnterResultRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("swiss");
      r.set_session(1);
      r.set_table(table);
      r.set_board(board);
      r.mutable_result()->mutable_passed_out();
      Apply(state_, DecideEnterResult(state_, r));
    }
  }

  void PostRoundOne() {
    EnterMatch(1);
    EnterMatch(2);
    EnterMatch(3);
    v1::PostScoresRequest p;
    p.set_tournament_id("t");
    p.set_competition_id("swiss");
    p.set_session(1);
    ApplyAt(state_, DecidePostScores(state_, p), kEvening + absl::Hours(2));
  }

  template <typename Request>
  static Request For(int session, int table) {
    Request r;
    r.set_tournament_id("t");
    r.set_competition_id("swiss");
    r.set_session(session);
    r.set_table(table);
    return r;
  }

  const CompetitionState& Swiss() const {
    return state_.tournaments.at("t").competitions.at("swiss");
  }

  State state_;
};

TEST_F(DecideTimelineTest, AScheduleNeedsBothTimesInOrder) {
  v1::ScheduleSessionRequest r = Schedule(1, kEvening, absl::Hours(2));
  r.clear_scheduled_end();
  EXPECT_THAT(
      DecideScheduleSession(state_, r),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("scheduled end")));
  EXPECT_THAT(DecideScheduleSession(
                  state_, Schedule(1, kEvening, absl::ZeroDuration())),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("must be after the scheduled start")));
  EXPECT_THAT(
      DecideScheduleSession(state_, Schedule(0, kEvening, absl::Hours(1))),
      StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST_F(DecideTimelineTest, AChangeOfScheduleNeedsAReasonAndIsKept) {
  v1::ScheduleSessionRequest first = Schedule(2, kEvening, absl::Hours(2));
  first.set_last_of_stage(true);
  Apply(state_, DecideScheduleSession(state_, first));
  v1::ScheduleSessionRequest later =
      Schedule(2, kEvening + absl::Minutes(30), absl::Hours(2));
  EXPECT_THAT(
      DecideScheduleSession(state_, later),
      StatusIs(absl::StatusCode::kInvalidArgument,
               HasSubstr("reason for changing the schedule of round 2")));
  later.set_reason("the hall opens late");
  Apply(state_, DecideScheduleSession(state_, later));
  const SessionTimeline& t = Swiss().timeline.at(2);
  EXPECT_EQ(t.scheduled_start, kEvening + absl::Minutes(30));
  EXPECT_EQ(t.scheduled_end, kEvening + absl::Minutes(150));
  EXPECT_FALSE(t.last_of_stage);  // the later schedule holds
  EXPECT_EQ(t.schedule_sequences.size(), 2u);
}

TEST_F(DecideTimelineTest, APlayedRoundsScheduleCannotChange) {
  Apply(state_,
        DecideScheduleSession(state_, Schedule(1, kEvening, absl::Hours(2))));
  PostRoundOne();
  v1::ScheduleSessionRequest r = Schedule(1, kEvening, absl::Hours(3));
  r.set_reason("ran late");
  EXPECT_THAT(DecideScheduleSession(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("round 1 of 'swiss' has been played")));
  EXPECT_EQ(Swiss().timeline.at(1).scores_posted, kEvening + absl::Hours(2));
}

TEST_F(DecideTimelineTest, PlayFinishesOnceForAMatchOrTheRound) {
  EXPECT_THAT(
      DecideRecordPlayFinished(state_,
                               For<v1::RecordPlayFinishedRequest>(1, 4)),
      StatusIs(absl::StatusCode::kNotFound, HasSubstr("no match at table 4")));
  EXPECT_THAT(DecideRecordPlayFinished(
                  state_, For<v1::RecordPlayFinishedRequest>(2, 0)),
              StatusIs(absl::StatusCode::kNotFound));
  ApplyAt(state_,
          DecideRecordPlayFinished(state_,
                                   For<v1::RecordPlayFinishedRequest>(1, 2)),
          kEvening + absl::Minutes(100));
  EXPECT_THAT(DecideRecordPlayFinished(
                  state_, For<v1::RecordPlayFinishedRequest>(1, 2)),
              StatusIs(absl::StatusCode::kAlreadyExists));
  EXPECT_EQ(Swiss().timeline.at(1).match_concluded.at(2),
            kEvening + absl::Minutes(100));
}

TEST_F(DecideTimelineTest, ScoresAreAgreedOnlyWhenTheMatchIsComplete) {
  EnterMatch(1);
  EXPECT_THAT(
      DecideAgreeMatchScores(state_, For<v1::AgreeMatchScoresRequest>(1, 2)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("8 results still to enter")));
  ApplyAt(
      state_,
      DecideAgreeMatchScores(state_, For<v1::AgreeMatchScoresRequest>(1, 1)),
      kEvening + absl::Minutes(110));
  EXPECT_THAT(
      DecideAgreeMatchScores(state_, For<v1::AgreeMatchScoresRequest>(1, 1)),
      StatusIs(absl::StatusCode::kAlreadyExists));
  EXPECT_EQ(Swiss().timeline.at(1).match_scores_agreed.at(1),
            kEvening + absl::Minutes(110));
}

TEST_F(DecideTimelineTest,
       TheStageEndsAndResultsBecomeOfficialOnceAllIsPosted) {
  v1::EndStageRequest end;
  end.set_tournament_id("t");
  end.set_competition_id("swiss");
  *end.mutable_next_stage_start() = ToTimestamp(kEvening + absl::Hours(24));
  v1::DeclareResultsOfficialRequest official;
  official.set_tournament_id("t");
  official.set_competition_id("swiss");
  EXPECT_THAT(DecideEndStage(state_, end),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("round 1 of 'swiss' is not posted")));
  EXPECT_THAT(DecideDeclareResultsOfficial(state_, official, kEvening),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  PostRoundOne();
  ApplyAt(state_, DecideEndStage(state_, end), kEvening + absl::Hours(3));
  EXPECT_EQ(Swiss().next_stage_start, kEvening + absl::Hours(24));
  EXPECT_THAT(DecideEndStage(state_, end),
              StatusIs(absl::StatusCode::kAlreadyExists));
  // NSW TR 12.3: the scorer's errors may be corrected up to the start of
  // the next stage (24 hours on); until then the results are not official
  // (NSW TR 12.4), and the refusal appends nothing.
  EXPECT_THAT(
      DecideDeclareResultsOfficial(state_, official, kEvening + absl::Hours(4)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               AllOf(HasSubstr("cannot be official while corrections may "
                               "still be made: round 1, scorer's errors: "
                               "open until"),
                     HasSubstr("Declare them official once it has closed (NSW TR "
                               "12.4, Law 79C2)"))));
  const absl::Time next_stage = kEvening + absl::Hours(24);
  ApplyAt(state_, DecideDeclareResultsOfficial(state_, official, next_stage),
          next_stage);
  EXPECT_EQ(Swiss().results_official, next_stage);
  // NSW TR 12.4: nothing changes afterwards.
  EXPECT_THAT(
      DecideScheduleSession(state_, Schedule(2, kEvening, absl::Hours(2))),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("NSW TR 12.4")));
  EXPECT_THAT(DecideDeclareResultsOfficial(state_, official, next_stage),
              StatusIs(absl::StatusCode::kAlreadyExists));
}

}  // namespace
}  // namespace tally::replay
