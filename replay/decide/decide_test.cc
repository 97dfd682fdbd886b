#include "replay/decide/decide.h"

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide_correction.h"
#include "replay/testing/apply_for_test.h"
#include "replay/timeline/decide_timeline.h"
#include "replay/timeline/time_windows.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::HasSubstr;

class DecideTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Test");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("pairs");
    c.set_name("Pairs");
    c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    c.set_regulation_profile("nsw_matchpoint_pairs");
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 4; ++pair) {
      Apply(state_, DecideRegisterPair(state_, Pair(pair)));
    }
  }

  static v1::RegisterPairRequest Pair(int pair) {
    v1::RegisterPairRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_pair(pair);
    r.add_players("A");
    r.add_players("B");
    return r;
  }

  // `session` (default 1) with one round: table 1 pairs 1 v 2 boards 1-2,
  // table 2 pairs 3 v 4 boards 3-4; `spoil` changes it before deciding.
  absl::StatusOr<v1::EventPayload> Define(
      const std::function<void(v1::Movement&)>& spoil, int session = 1) {
    v1::DefineSessionRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("pairs");
    r.set_session(session);
    v1::MovementRound* round = r.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (int table : {1, 2}) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(table);
      a->set_ns_pair(2 * table - 1);
      a->set_ew_pair(2 * table);
      a->add_boards(2 * table - 1);
      a->add_boards(2 * table);
    }
    spoil(*r.mutable_explicit_movement());
    return DecideDefineSession(state_, r);
  }

  State state_;
};

TEST_F(DecideTest, AcceptsAWellFormedExplicitMovement) {
  absl::StatusOr<v1::EventPayload> p = Define([](v1::Movement&) {});
  ASSERT_THAT(p, IsOk());
  EXPECT_EQ(p->session_defined().movement_source(), "explicit");
}

TEST_F(DecideTest, RefusesMovementsThatCannotBePlayed) {
  EXPECT_THAT(Define([](v1::Movement& m) {
                m.mutable_rounds(0)->mutable_tables(1)->set_ew_pair(3);
              }),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("two different pair numbers")));
  EXPECT_THAT(Define([](v1::Movement& m) {
                m.mutable_rounds(0)->mutable_tables(1)->set_ns_pair(1);
              }),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("pair 1 is seated twice in round 1")));
  EXPECT_THAT(Define([](v1::Movement& m) {
                m.mutable_rounds(0)->mutable_tables(1)->set_table(1);
              }),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("numbered twice")));
  EXPECT_THAT(
      Define([](v1::Movement& m) {
        m.mutable_rounds(0)->mutable_tables(1)->clear_boards();
      }),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no boards")));
  EXPECT_THAT(
      Define([](v1::Movement& m) { m.clear_rounds(); }),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("no rounds")));
  // Round 2 gives pairs 1 and 2 board 1 again.
  EXPECT_THAT(Define([](v1::Movement& m) {
                v1::MovementRound* r = m.add_rounds();
                r->set_round(2);
                v1::TableAssignment* a = r->add_tables();
                a->set_table(1);
                a->set_ns_pair(1);
                a->set_ew_pair(3);
                a->add_boards(1);
              }),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("pair 1 would play board 1 a second time")));
}

TEST_F(DecideTest, RefusesAMovementSeatingUnregisteredPairs) {
  EXPECT_THAT(Define([](v1::Movement& m) {
                m.mutable_rounds(0)->mutable_tables(1)->set_ew_pair(9);
              }),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("not registered in 'pairs': 9")));
}

TEST_F(DecideTest, MitchellNeedsEveryPairItSeats) {
  v1::DefineSessionRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("pairs");
  r.set_session(1);
  r.mutable_mitchell()->set_tables(3);
  r.mutable_mitchell()->set_boards_per_round(2);
  EXPECT_THAT(
      DecideDefineSession(state_, r),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("5, 6")));
}

TEST_F(DecideTest, GeneratesAHowellAsOneField) {
  for (int pair = 5; pair <= 8; ++pair) {
    Apply(state_, DecideRegisterPair(state_, Pair(pair)));
  }
  v1::DefineSessionRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("pairs");
  r.set_session(1);
  r.mutable_howell()->set_pairs(8);
  r.mutable_howell()->set_boards_per_round(2);
  absl::StatusOr<v1::EventPayload> p = DecideDefineSession(state_, r);
  ASSERT_THAT(p, IsOk());
  EXPECT_EQ(p->session_defined().movement_source(),
            "howell pairs=8 boards_per_round=2");
  // 8 pairs: 7 rounds of 4 tables.
  EXPECT_EQ(p->session_defined().movement().rounds_size(), 7);
  r.mutable_howell()->set_pairs(5);
  EXPECT_THAT(DecideDefineSession(state_, r),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST_F(DecideTest, RegistrationRefusesDuplicatesAndBadNames) {
  EXPECT_THAT(DecideRegisterPair(state_, Pair(1)),
              StatusIs(absl::StatusCode::kAlreadyExists,
                       HasSubstr("pair 1 is already registered")));
  v1::RegisterPairRequest one_player = Pair(5);
  one_player.mutable_players()->RemoveLast();
  EXPECT_THAT(
      DecideRegisterPair(state_, one_player),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("two players")));
  v1::RegisterPairRequest zero = Pair(0);
  EXPECT_THAT(DecideRegisterPair(state_, zero),
              StatusIs(absl::StatusCode::kInvalidArgument));
}

TEST_F(DecideTest, IdsAreCheckedAndDuplicatesRefused) {
  v1::CreateTournamentRequest t;
  t.set_name("X");
  t.set_tournament_id("Bad Id");
  EXPECT_THAT(DecideCreateTournament(state_, t),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("not a valid tournament id")));
  t.set_tournament_id("t");
  EXPECT_THAT(DecideCreateTournament(state_, t),
              StatusIs(absl::StatusCode::kAlreadyExists));
  v1::CreateCompetitionRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("teams");
  c.set_name("Teams");
  EXPECT_THAT(
      DecideCreateCompetition(state_, c),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("what kind")));
}

TEST_F(DecideTest, ACompetitionNamesAShippedMatchpointPairsProfile) {
  v1::CreateCompetitionRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("more");
  c.set_name("More pairs");
  c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  EXPECT_THAT(DecideCreateCompetition(state_, c),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("name the regulation profile")));
  c.set_regulation_profile("sabf_pairs");
  EXPECT_THAT(DecideCreateCompetition(state_, c),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("sabf_matchpoint_pairs")));
  // The profile's kind of event and the competition's must agree.
  c.set_regulation_profile("sabf_butler_round_robin");
  EXPECT_THAT(DecideCreateCompetition(state_, c),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("is for round robin pairs competitions, not "
                                 "matchpoint pairs")));
  // The ITC qualifying (ANC SR 10.3-10.8) is drawn through the log too.
  c.set_kind(v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS);
  c.set_regulation_profile("anc2025_itc_qualifying");
  absl::StatusOr<v1::EventPayload> itc = DecideCreateCompetition(state_, c);
  ASSERT_THAT(itc, IsOk());
  EXPECT_EQ(itc->competition_created().profile().draw().method(),
            "itc_round_robin");
  c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  c.set_regulation_profile("sabf_matchpoint_pairs");
  absl::StatusOr<v1::EventPayload> created = DecideCreateCompetition(state_, c);
  ASSERT_THAT(created, IsOk());
  // The whole profile travels in the event, not just its name.
  EXPECT_EQ(created->competition_created().profile().name(),
            "sabf_matchpoint_pairs");
  EXPECT_FALSE(created->competition_created().profile().title().empty());
  Apply(state_, created);
  EXPECT_EQ(state_.tournaments.at("t").competitions.at("more").profile.name,
            "sabf_matchpoint_pairs");
}

TEST_F(DecideTest, ResultsWaitForTheSessionToStart) {
  Apply(state_, Define([](v1::Movement&) {}));
  v1::EnterResultRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("pairs");
  r.set_session(1);
  r.set_table(1);
  r.set_board(1);
  r.mutable_result()->mutable_passed_out();
  EXPECT_THAT(DecideEnterResult(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("has not started")));
  v1::StartSessionRequest start;
  start.set_tournament_id("t");
  start.set_competition_id("pairs");
  start.set_session(1);
  Apply(state_, DecideStartSession(state_, start));
  EXPECT_THAT(DecideStartSession(state_, start),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  absl::StatusOr<v1::EventPayload> entered = DecideEnterResult(state_, r);
  ASSERT_THAT(entered, IsOk());
  EXPECT_EQ(entered->result_entered().ns_score(), 0);
  // Table 1 does not play board 3 (table 2 does).
  r.set_board(3);
  EXPECT_THAT(DecideEnterResult(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("table 1 does not play board 3")));
}

// A table the movement does not seat is refused as not in the movement,
// whether its number is below, between or above the tables it does seat
// (here tables 1 and 3: the slots are looked up by table, issue #19).
TEST_F(DecideTest, ATableTheMovementDoesNotSeatIsNotInTheMovement) {
  Apply(state_, Define([](v1::Movement& m) {
    m.mutable_rounds(0)->mutable_tables(1)->set_table(3);
  }));
  v1::StartSessionRequest start;
  start.set_tournament_id("t");
  start.set_competition_id("pairs");
  start.set_session(1);
  Apply(state_, DecideStartSession(state_, start));
  v1::EnterResultRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("pairs");
  r.set_session(1);
  r.set_board(3);
  r.mutable_result()->mutable_passed_out();
  for (int table : {-1, 0, 2, 4}) {
    r.set_table(table);
    EXPECT_THAT(DecideEnterResult(state_, r),
                StatusIs(absl::StatusCode::kNotFound,
                         HasSubstr(absl::StrCat("table ", table,
                                                " is not in the movement"))))
        << table;
  }
  r.set_table(3);
  EXPECT_THAT(DecideEnterResult(state_, r), IsOk());
  r.set_table(1);
  EXPECT_THAT(DecideEnterResult(state_, r),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("table 1 does not play board 3")));
}

// Issue #16 defect 6. NSW TR 12.4: "At the conclusion of an event, the
// results will become official 30 minutes after the posting of scores,
// after which time no further corrections may be made." A one-session
// night posted at 21:45 with nothing more scheduled is over without
// `schedule --last-of-stage`: the scorer's window (NSW TR 12.3, 12.4)
// closes at 22:15, a correction at 22:20 is refused, and the windows say
// so instead of "the last round's scores have not been posted".
TEST_F(DecideTest, OneSessionNightWindowsCloseWithoutLastOfStage) {
  const auto at = [](int hour, int minute) {
    return absl::FromCivil(absl::CivilSecond(2026, 5, 4, hour, minute, 0),
                           absl::UTCTimeZone());
  };
  ApplyAt(state_, Define([](v1::Movement&) {}), at(19, 0));
  v1::StartSessionRequest start;
  start.set_tournament_id("t");
  start.set_competition_id("pairs");
  start.set_session(1);
  ApplyAt(state_, DecideStartSession(state_, start), at(19, 30));
  for (int table : {1, 2}) {
    for (int board : {2 * table - 1, 2 * table}) {
      v1::EnterResultRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("pairs");
      r.set_session(1);
      r.set_table(table);
      r.set_board(board);
      r.mutable_result()->mutable_passed_out();
      ApplyAt(state_, DecideEnterResult(state_, r), at(21, 0));
    }
  }
  v1::PostScoresRequest post;
  post.set_tournament_id("t");
  post.set_competition_id("pairs");
  post.set_session(1);
  ApplyAt(state_, DecidePostScores(state_, post), at(21, 45));

  v1::CorrectResultRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("pairs");
  c.set_session(1);
  c.set_table(1);
  c.set_board(1);
  c.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  c.set_reason("entered against the wrong board");
  v1::PlayedContract* played = c.mutable_result()->mutable_played();
  played->set_level(1);
  played->set_strain(v1::STRAIN_NO_TRUMP);
  played->set_declarer(v1::SEAT_NORTH);
  played->set_tricks(7);
  EXPECT_THAT(DecideCorrectResult(state_, c, at(22, 20)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("NSW TR 12.3, 12.4")));
  EXPECT_THAT(DecideCorrectResult(state_, c, at(22, 14)), IsOk());

  v1::GetTimeWindowsRequest w;
  w.set_tournament_id("t");
  w.set_competition_id("pairs");
  absl::StatusOr<v1::TimeWindows> windows =
      BuildTimeWindows(state_, w, at(22, 0));
  ASSERT_THAT(windows, IsOk());
  ASSERT_GT(windows->windows_size(), 0);
  for (const v1::TimeWindowView& v : windows->windows()) {
    EXPECT_EQ(v.state(), "open") << v.line();
    EXPECT_EQ(ToTime(v.closes_at()), at(22, 15)) << v.line();
    EXPECT_THAT(v.line(), ::testing::Not(HasSubstr("have not been posted")));
  }
  // A second session defined and scheduled for later (a session must be
  // defined before it is scheduled): the stage runs on.
  ApplyAt(state_, Define([](v1::Movement&) {}, 2), at(22, 16));
  v1::ScheduleSessionRequest next;
  next.set_tournament_id("t");
  next.set_competition_id("pairs");
  next.set_session(2);
  *next.mutable_scheduled_start() = ToTimestamp(at(23, 0));
  *next.mutable_scheduled_end() = ToTimestamp(at(23, 50));
  ApplyAt(state_, DecideScheduleSession(state_, next), at(22, 16));
  EXPECT_THAT(DecideCorrectResult(state_, c, at(22, 20)), IsOk());
}

}  // namespace
}  // namespace tally::replay
