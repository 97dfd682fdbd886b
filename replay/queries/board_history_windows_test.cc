// The windows at each event of a board's history (issue #5 item 9), one
// second either side of each window's edge, under sabf_matchpoint_pairs:
//   SABF TR 7 (review of rulings): 30 minutes after the scheduled finish;
//   SABF TR 8 (correction period): 24 hours after the scores are posted;
//   SABF TR 7 (appeal against the scorer's decisions): one week after the
//   scores are posted.
// Session 1 of 2026-03-14 is scheduled 09:00-11:00 and posted at 12:00, so
// by hand: review closes 11:00 + 0:30 = 11:30:00 that day; the correction
// period 12:00 + 24:00 = 2026-03-15 12:00:00; the scorer's decisions
// 12:00 + 7 days = 2026-03-21 12:00:00.

#include "replay/queries/board_history_windows.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/testing/apply_for_test.h"
#include "replay/timeline/decide_timeline.h"

namespace tally::replay {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

absl::Time Clock(int day, int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, day, hour, minute, second),
                         absl::UTCTimeZone());
}

class BoardHistoryWindowsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Club");
    ApplyAt(state_, DecideCreateTournament(state_, t), Clock(14, 8, 0));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("p");
    c.set_name("Pairs");
    c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    c.set_regulation_profile("sabf_matchpoint_pairs");
    ApplyAt(state_, DecideCreateCompetition(state_, c), Clock(14, 8, 0));
    for (int pair = 1; pair <= 4; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("p");
      r.set_pair(pair);
      r.add_players(absl::StrCat("North", pair));
      r.add_players(absl::StrCat("South", pair));
      ApplyAt(state_, DecideRegisterPair(state_, r), Clock(14, 8, 0));
    }
    v1::DefineSessionRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("p");
    d.set_session(1);
    v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (int i = 1; i <= 2; ++i) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(i);
      a->set_ns_pair(i);
      a->set_ew_pair(i + 2);
      a->add_boards(1);
    }
    ApplyAt(state_, DecideDefineSession(state_, d), Clock(14, 8, 0));
    v1::ScheduleSessionRequest s;
    s.set_tournament_id("t");
    s.set_competition_id("p");
    s.set_session(1);
    *s.mutable_scheduled_start() = ToTimestamp(Clock(14, 9, 0));
    *s.mutable_scheduled_end() = ToTimestamp(Clock(14, 11, 0));
    ApplyAt(state_, DecideScheduleSession(state_, s), Clock(14, 8, 0));
    v1::StartSessionRequest start;
    start.set_tournament_id("t");
    start.set_competition_id("p");
    start.set_session(1);
    ApplyAt(state_, DecideStartSession(state_, start), Clock(14, 9, 0));
  }

  // An event of board 1 at table 1 received at `at` (what it is does not
  // matter to the windows: only the session, the time and the table).
  static v1::Event EventAt(absl::Time at) {
    v1::Event e;
    e.set_sequence(99);
    e.set_tournament_id("t");
    *e.mutable_received_at() = ToTimestamp(at);
    v1::ResultEntered* r = e.mutable_payload()->mutable_result_entered();
    r->set_competition_id("p");
    r->set_session(1);
    r->set_table(1);
    r->set_board(1);
    return e;
  }

  std::vector<std::string> Lines(absl::Time at) const {
    v1::GetBoardHistoryRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("p");
    r.set_session(1);
    r.set_board(1);
    const v1::EventWindows w = WindowsAtEvent(state_, EventAt(at), r);
    EXPECT_EQ(w.note(), "");
    EXPECT_EQ(w.sequence(), 99u);
    EXPECT_EQ(ToTime(w.at()), at);
    return {w.lines().begin(), w.lines().end()};
  }

  // Board 1 passed out at both tables at 10:30, the scores posted at `at`.
  void Post(absl::Time at) {
    for (int table = 1; table <= 2; ++table) {
      v1::EnterResultRequest e;
      e.set_tournament_id("t");
      e.set_competition_id("p");
      e.set_session(1);
      e.set_table(table);
      e.set_board(1);
      e.mutable_result()->mutable_passed_out();
      ApplyAt(state_, DecideEnterResult(state_, e), Clock(14, 10, 30));
    }
    v1::PostScoresRequest p;
    p.set_tournament_id("t");
    p.set_competition_id("p");
    p.set_session(1);
    ApplyAt(state_, DecidePostScores(state_, p), at);
  }

  State state_;
};

TEST_F(BoardHistoryWindowsTest, ReviewOfRulingsOneSecondEitherSideOfItsClose) {
  // Not posted yet: the correction period and the scorer's decisions wait
  // for the posting; the review of rulings closes at 11:30:00.
  EXPECT_THAT(
      Lines(Clock(14, 11, 29, 59)),
      ElementsAre("correction period: open; when it closes is known once the "
                  "scores are posted (SABF TR 8)",
                  "review of rulings: open until 2026-03-14 11:30 UTC (SABF "
                  "TR 7)",
                  "appeal against the scorer's decisions: open; when it "
                  "closes is known once the scores are posted (SABF TR 7)"));
  EXPECT_THAT(Lines(Clock(14, 11, 30, 1)),
              ::testing::Contains("review of rulings: closed at 2026-03-14 "
                                  "11:30 UTC (SABF TR 7)"));
}

TEST_F(BoardHistoryWindowsTest, CorrectionPeriodOneSecondEitherSideOfItsClose) {
  Post(Clock(14, 12, 0));
  EXPECT_THAT(
      Lines(Clock(15, 11, 59, 59)),
      ElementsAre(
          "correction period: open until 2026-03-15 12:00 UTC (SABF TR 8)",
          "review of rulings: closed at 2026-03-14 11:30 UTC (SABF TR 7)",
          "appeal against the scorer's decisions: open until 2026-03-21 "
          "12:00 UTC (SABF TR 7)"));
  EXPECT_THAT(
      Lines(Clock(15, 12, 0, 1)),
      ElementsAre(
          "correction period: closed at 2026-03-15 12:00 UTC (SABF TR 8)",
          "review of rulings: closed at 2026-03-14 11:30 UTC (SABF TR 7)",
          "appeal against the scorer's decisions: open until 2026-03-21 "
          "12:00 UTC (SABF TR 7)"));
  // And the week's edge for the scorer's decisions.
  EXPECT_THAT(
      Lines(Clock(21, 12, 0, 1)),
      ::testing::Contains("appeal against the scorer's decisions: "
                          "closed at 2026-03-21 12:00 UTC (SABF TR 7)"));
}

TEST_F(BoardHistoryWindowsTest, AnUnknownCompetitionIsANoteNotAFailure) {
  v1::GetBoardHistoryRequest r;
  r.set_tournament_id("t");
  r.set_competition_id("nope");
  r.set_session(1);
  r.set_board(1);
  const v1::EventWindows w =
      WindowsAtEvent(state_, EventAt(Clock(14, 10, 0)), r);
  EXPECT_THAT(w.lines(), IsEmpty());
  EXPECT_NE(w.note(), "");
}

}  // namespace
}  // namespace tally::replay
