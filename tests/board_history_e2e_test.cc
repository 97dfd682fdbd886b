// End to end (issue #5 item 9): a board's whole history through tallyd and
// the `tally board-history` CLI, each event with the session's time windows
// as they stood at its own receipt time. The server's clock is a file the
// test sets (tallyd --test_clock_file).
//
// sabf_matchpoint_pairs, session 1 of 2026-03-14 scheduled 09:00-11:00,
// two tables, board 1. By hand: the review of rulings (SABF TR 7) closes
// 11:00 + 30 minutes = 11:30:00; once the scores are posted at 12:00 the
// correction period (SABF TR 8) closes 24 hours later, 2026-03-15
// 12:00:00, and the appeal against the scorer's decisions (SABF TR 7) one
// week later, 2026-03-21 12:00:00.
//   11:29:59 table 2 corrected (players agreed): review open until 11:30.
//   11:30:01 a ruling at table 1: review closed at 11:30.
//   2026-03-15 11:59:59 table 2 corrected by the scorer: correction period
//   open until 12:00:00; 12:00:01 the same refused (not in the history).

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/state/state.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

absl::Time Clock(int day, int hour, int minute, int second = 0) {
  return absl::FromCivil(absl::CivilSecond(2026, 3, day, hour, minute, second),
                         absl::UTCTimeZone());
}

std::unique_ptr<grpc::ClientContext> Context() {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() +
                        std::chrono::seconds(60));
  context->AddMetadata("tally-identity", "td:history");
  return context;
}

TEST(BoardHistoryE2eTest, EachEventCarriesTheWindowsOpenAtItsOwnTime) {
  const std::string dir = MakeTempDir("board_history");
  const std::string clock = dir + "/clock";
  SetClock(clock, Clock(14, 8, 0));
  TallydProcess tallyd(TallydPath(), dir + "/data");
  tallyd.AddFlag("--test_clock_file=" + clock);
  ASSERT_THAT(tallyd.Start(), IsOk());
  auto director = v1::DirectorService::NewStub(tallyd.channel());
  auto audit = v1::AuditService::NewStub(tallyd.channel());

  MatchClient club(tallyd.channel(), "club", "p");
  ASSERT_THAT(club.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                          "sabf_matchpoint_pairs"),
              IsOk());
  ASSERT_THAT(club.RegisterPairs(4), IsOk());
  v1::CommandOutcome out;
  int keys = 0;
  auto key = [&keys] {
    v1::CommandOptions o;
    o.set_idempotency_key(absl::StrCat("history-", ++keys));
    return o;
  };
  v1::DefineSessionRequest define;
  *define.mutable_options() = key();
  define.set_tournament_id("club");
  define.set_competition_id("p");
  define.set_session(1);
  v1::MovementRound* round = define.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int t = 1; t <= 2; ++t) {
    v1::TableAssignment* a = round->add_tables();
    a->set_table(t);
    a->set_ns_pair(t);
    a->set_ew_pair(t + 2);
    a->add_boards(1);
  }
  ASSERT_TRUE(director->DefineSession(Context().get(), define, &out).ok());
  ASSERT_THAT(club.Schedule(1, Clock(14, 9, 0), Clock(14, 11, 0), true), IsOk());
  SetClock(clock, Clock(14, 9, 0));
  v1::StartSessionRequest start;
  *start.mutable_options() = key();
  start.set_tournament_id("club");
  start.set_competition_id("p");
  start.set_session(1);
  ASSERT_TRUE(director->StartSession(Context().get(), start, &out).ok());
  SetClock(clock, Clock(14, 10, 30));
  const v1::TableResult four_spades =
      Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
  ASSERT_THAT(club.Enter(1, 1, 1, four_spades), IsOk());
  ASSERT_THAT(club.Enter(1, 2, 1, PassedOut()), IsOk());

  v1::CorrectResultRequest correct;
  correct.set_tournament_id("club");
  correct.set_competition_id("p");
  correct.set_session(1);
  correct.set_table(2);
  correct.set_board(1);
  *correct.mutable_result() = four_spades;
  correct.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
  correct.set_reason("4S= entered as a pass-out");
  correct.add_agreed_by("NS: North2");
  correct.add_agreed_by("EW: North4");
  SetClock(clock, Clock(14, 11, 29, 59));
  *correct.mutable_options() = key();
  ASSERT_TRUE(director->CorrectResult(Context().get(), correct, &out).ok());
  const uint64_t corrected = out.sequence();

  v1::RecordRulingRequest ruling;
  *ruling.mutable_options() = key();
  ruling.set_tournament_id("club");
  ruling.set_competition_id("p");
  ruling.set_session(1);
  ruling.set_table(1);
  ruling.set_board(1);
  ruling.set_law("Law 90");
  ruling.set_text("Slow play at table 1.");
  v1::RulingPenalty* penalty = ruling.mutable_penalty();
  penalty->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  penalty->set_side(v1::SIDE_NORTH_SOUTH);
  penalty->set_unit(v1::SCORE_UNIT_MATCHPOINTS);
  penalty->mutable_amount()->set_numerator(1);
  penalty->mutable_amount()->set_denominator(2);
  SetClock(clock, Clock(14, 11, 30, 1));
  ASSERT_TRUE(director->RecordRuling(Context().get(), ruling, &out).ok());
  const uint64_t ruled = out.sequence();

  SetClock(clock, Clock(14, 12, 0));
  ASSERT_THAT(club.Post(1), IsOk());

  correct.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  correct.clear_agreed_by();
  *correct.mutable_result() = Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 11);
  correct.set_reason("4S+1 on the traveller");
  SetClock(clock, Clock(15, 11, 59, 59));
  *correct.mutable_options() = key();
  ASSERT_TRUE(director->CorrectResult(Context().get(), correct, &out).ok());
  const uint64_t scorer = out.sequence();
  // One second after the correction period: refused, not in the history.
  SetClock(clock, Clock(15, 12, 0, 1));
  *correct.mutable_options() = key();
  *correct.mutable_result() = Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 12);
  EXPECT_THAT(server::FromGrpcStatus(
                  director->CorrectResult(Context().get(), correct, &out)),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("SABF TR 8")));

  v1::GetBoardHistoryRequest request;
  request.set_tournament_id("club");
  request.set_competition_id("p");
  request.set_session(1);
  request.set_board(1);
  v1::BoardHistory history;
  ASSERT_TRUE(audit->GetBoardHistory(Context().get(), request, &history).ok());
  ASSERT_EQ(history.windows_size(), history.events_size());
  for (int i = 0; i < history.events_size(); ++i) {
    EXPECT_EQ(history.windows(i).sequence(), history.events(i).sequence());
    EXPECT_EQ(history.windows(i).at().seconds(),
              history.events(i).received_at().seconds());
  }
  EXPECT_EQ(history.events(history.events_size() - 1).sequence(), scorer);

  const std::string cli =
      RunTallyCli(tallyd.address(), "board-history club p 1 1");
  EXPECT_THAT(cli, HasSubstr("windows at each event (the log replayed to it, "
                             "at its own time):"));
  EXPECT_THAT(cli, HasSubstr(absl::StrCat(
                       "  event ", corrected, ":\n",
                       "    correction period: open; when it closes is known "
                       "once the scores are posted (SABF TR 8)\n",
                       "    review of rulings: open until 2026-03-14 11:30 UTC "
                       "(SABF TR 7)\n")));
  EXPECT_THAT(cli, HasSubstr(absl::StrCat(
                       "  event ", ruled, ":\n",
                       "    correction period: open; when it closes is known "
                       "once the scores are posted (SABF TR 8)\n",
                       "    review of rulings: closed at 2026-03-14 11:30 UTC "
                       "(SABF TR 7)\n")));
  EXPECT_THAT(cli, HasSubstr(absl::StrCat(
                       "  event ", scorer, ":\n",
                       "    correction period: open until 2026-03-15 12:00 UTC "
                       "(SABF TR 8)\n",
                       "    review of rulings: closed at 2026-03-14 11:30 UTC "
                       "(SABF TR 7)\n",
                       "    appeal against the scorer's decisions: open until "
                       "2026-03-21 12:00 UTC (SABF TR 7)\n")));
}

}  // namespace
}  // namespace tally::testing
