// What changed (issue #5 item 7): one corrected result in a matchpoint
// session, a Butler session and an event of matches, the exact figures it
// moves (hand-computed below), and a what-if that decides a command against
// a State and changes nothing.

#include "replay/queries/what_changed.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_appeal.h"
#include "replay/decide/decide_correction.h"
#include "replay/decide/decide_ruling.h"
#include "replay/testing/apply_for_test.h"
#include "replay/testing/knockout_for_test.h"
#include "replay/testing/match_event_for_test.h"
#include "replay/timeline/decide_timeline.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

v1::TableResult Played(int level, v1::Strain strain, v1::Seat declarer,
                       int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(strain);
  p->set_declarer(declarer);
  p->set_tricks(tricks);
  return r;
}

v1::TableResult Spades(int level, int tricks) {
  return Played(level, v1::STRAIN_SPADES, v1::SEAT_NORTH, tricks);
}

std::vector<std::string> Texts(const std::vector<Change>& changes) {
  std::vector<std::string> out;
  for (const Change& c : changes) out.push_back(c.ToString());
  return out;
}

DecideAt Correcting(const v1::CorrectResultRequest& request) {
  return [request](const State& s, absl::Time at) {
    return DecideCorrectResult(s, request, at);
  };
}

const absl::Time kNow = absl::FromUnixSeconds(1773482400);  // 2026-03-14

// A one-round session of a pairs competition "p": table i+1 seats NS
// `i+1` v EW `i+1+tables`, every table playing boards 1-2.
class PairsSessionTest : public ::testing::Test {
 protected:
  void Create(const char* profile, v1::CompetitionKind kind, int tables) {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("Club");
    Apply(state_, DecideCreateTournament(state_, t));
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("p");
    c.set_name("Pairs");
    c.set_kind(kind);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
    for (int pair = 1; pair <= 2 * tables; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("p");
      r.set_pair(pair);
      r.add_players(absl::StrCat("North", pair));
      r.add_players(absl::StrCat("South", pair));
      Apply(state_, DecideRegisterPair(state_, r));
    }
    v1::DefineSessionRequest d;
    d.set_tournament_id("t");
    d.set_competition_id("p");
    d.set_session(1);
    v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (int i = 1; i <= tables; ++i) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(i);
      a->set_ns_pair(i);
      a->set_ew_pair(i + tables);
      a->add_boards(1);
      a->add_boards(2);
    }
    Apply(state_, DecideDefineSession(state_, d));
    v1::StartSessionRequest s;
    s.set_tournament_id("t");
    s.set_competition_id("p");
    s.set_session(1);
    Apply(state_, DecideStartSession(state_, s));
  }

  void Enter(int table, int board, const v1::TableResult& r) {
    Apply(state_, DecideEnterResult(state_, EnterRequest(table, board, r)));
  }

  static v1::EnterResultRequest EnterRequest(int table, int board,
                                             const v1::TableResult& r) {
    v1::EnterResultRequest e;
    e.set_tournament_id("t");
    e.set_competition_id("p");
    e.set_session(1);
    e.set_table(table);
    e.set_board(board);
    *e.mutable_result() = r;
    return e;
  }

  static v1::CorrectResultRequest Correction(int table, int board,
                                             const v1::TableResult& r) {
    v1::CorrectResultRequest c;
    c.set_tournament_id("t");
    c.set_competition_id("p");
    c.set_session(1);
    c.set_table(table);
    c.set_board(board);
    *c.mutable_result() = r;
    c.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
    c.set_reason("entered from the wrong line of the traveller");
    return c;
  }

  State state_;
};

// Matchpoints (international scale, 4 tables: top 6), sabf_matchpoint_pairs
// (percentages to 2 places, SABF TR 11.3), NS 1-4 v EW 5-8, a Mitchell
// ranked as two fields.
// Board 1 (nobody vulnerable), North in spades:
//   before: t1 4S= +420, t2 4S+1 +450, t3 3S+1 +170, t4 4S-1 -50
//           NS MP 4, 6, 2, 0; EW 2, 0, 4, 6
//   after t3 is corrected to 4S+1 +450: +450 twice share 6+4 -> 5 each;
//           NS MP 2, 5, 5, 0; EW 4, 1, 1, 6
// Board 2 passed out everywhere: 3 MP each side at every table.
// Totals (max 12): NS 1 7 -> 5, 2 9 -> 8, 3 5 -> 8, 4 3;
//                  EW 5 5 -> 7, 6 3 -> 4, 7 7 -> 4, 8 9.
// Percentages: 7/12 58.33, 9/12 75.00, 5/12 41.67, 8/12 66.67, 4/12 33.33.
// Positions NS: 2, 1, 3, 4 -> 3, 1=, 1=, 4; EW: 3, 4, 2, 1 -> 2, 3=, 3=, 1.
// Nothing is posted, so the competition ranking does not move.
TEST_F(PairsSessionTest, MatchpointCorrectionMovesExactlyTheseFigures) {
  Create("sabf_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 4);
  Enter(1, 1, Spades(4, 10));
  Enter(2, 1, Spades(4, 11));
  Enter(3, 1, Spades(3, 10));
  Enter(4, 1, Spades(4, 9));
  for (int table = 1; table <= 4; ++table) Enter(table, 2, PassedOut());

  const uint64_t head = state_.last_sequence;
  absl::StatusOr<EventChanges> what_if =
      WhatIf(state_, "t", v1::Actor(), kNow,
             Correcting(Correction(3, 1, Spades(4, 11))));
  ASSERT_THAT(what_if, IsOk());
  EXPECT_EQ(state_.last_sequence, head);  // nothing folded into the State
  EXPECT_EQ(what_if->event.sequence(), head + 1);
  EXPECT_TRUE(what_if->event.payload().has_result_corrected());
  EXPECT_THAT(
      Texts(what_if->changes),
      ElementsAre(
          "p session 1 board 1 table 3 result: 3S+1 N, NS +170 -> 4S+1 N, "
          "NS +450",
          "p session 1 board 1 table 1 EW matchpoints: 2 -> 4",
          "p session 1 board 1 table 1 NS matchpoints: 4 -> 2",
          "p session 1 board 1 table 2 EW matchpoints: 0 -> 1",
          "p session 1 board 1 table 2 NS matchpoints: 6 -> 5",
          "p session 1 board 1 table 3 EW matchpoints: 4 -> 1",
          "p session 1 board 1 table 3 NS matchpoints: 2 -> 5",
          "p session 1 pair 1 matchpoints: 7 -> 5",
          "p session 1 pair 1 percentage: 58.33 -> 41.67",
          "p session 1 pair 2 matchpoints: 9 -> 8",
          "p session 1 pair 2 percentage: 75.00 -> 66.67",
          "p session 1 pair 3 matchpoints: 5 -> 8",
          "p session 1 pair 3 percentage: 41.67 -> 66.67",
          "p session 1 pair 5 matchpoints: 5 -> 7",
          "p session 1 pair 5 percentage: 41.67 -> 58.33",
          "p session 1 pair 6 matchpoints: 3 -> 4",
          "p session 1 pair 6 percentage: 25.00 -> 33.33",
          "p session 1 pair 7 matchpoints: 7 -> 4",
          "p session 1 pair 7 percentage: 58.33 -> 33.33",
          "p session 1 pair 1 position (NS): 2 -> 3",
          "p session 1 pair 2 position (NS): 1 -> 1=",
          "p session 1 pair 3 position (NS): 3 -> 1=",
          "p session 1 pair 5 position (EW): 3 -> 2",
          "p session 1 pair 6 position (EW): 4 -> 3=",
          "p session 1 pair 7 position (EW): 2 -> 3="));

  // Applied, the same changes between the State before and after.
  const State before = state_;
  ApplyAt(state_, DecideCorrectResult(state_, Correction(3, 1, Spades(4, 11)),
                                      kNow),
          kNow);
  EXPECT_EQ(Texts(Diff(TakeSnapshot(before, "t"), TakeSnapshot(state_, "t"))),
            Texts(what_if->changes));
  // The standings difference: totals and positions only.
  EXPECT_EQ(StandingsOnly(what_if->changes).size(), 18u);
}

// Any command's decide step: a what-if on entering a result, not a
// correction. A refusal comes back as the command's own refusal.
TEST_F(PairsSessionTest, WhatIfRunsAnyDecideAndReturnsItsRefusal) {
  Create("sabf_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 2);
  Enter(1, 1, Spades(4, 10));
  auto entering = [](const v1::EnterResultRequest& request) {
    return [request](const State& s, absl::Time) {
      return DecideEnterResult(s, request);
    };
  };
  // Table 2 enters 4S+1 +450 on board 1 (top 2): NS 2, EW 0 there. Table
  // 1's +420 alone was factored to the two tables the movement plays the
  // board at (Neuberg: (0 x 2 + (2 - 1)) / 1 = 1 each side); beside +450
  // it is NS 0, EW 2.
  absl::StatusOr<EventChanges> changes =
      WhatIf(state_, "t", v1::Actor(), kNow,
             entering(EnterRequest(2, 1, Spades(4, 11))));
  ASSERT_THAT(changes, IsOk());
  std::vector<std::string> boards;
  for (const Change& c : changes->changes) {
    if (c.key.kind == FactKind::kBoardScore) boards.push_back(c.ToString());
  }
  EXPECT_THAT(boards, ElementsAre(
                          "p session 1 board 1 table 1 EW matchpoints: 1 -> 2",
                          "p session 1 board 1 table 1 NS matchpoints: 1 -> 0",
                          "p session 1 board 1 table 2 EW matchpoints: - -> 0",
                          "p session 1 board 1 table 2 NS matchpoints: - -> 2"));
  EXPECT_THAT(WhatIf(state_, "t", v1::Actor(), kNow,
                     entering(EnterRequest(1, 1, Spades(4, 11)))),
              StatusIs(absl::StatusCode::kAlreadyExists));
}

// A ruling and an appeals committee's decision, each seen before it is
// made (issue #5 item 7: "the appeals committee sees this before and after
// deciding"). The session of MatchpointCorrectionMovesExactlyTheseFigures,
// scheduled 09:00-11:00. At 10:00 the director assigns table 3's board 1
// 4S+1 by North, NS +450 (Law 12C1(e)): the board scores as if +450 had
// been entered there, so every figure of that correction's hand working
// moves the same way except the entered result, which stays 3S+1 (24
// figures, not 25). EW pair 7 appeals (SABF TR 7: until 11:00 + 30 =
// 11:30); the committee restores the table result, 3S+1 N, NS +170: every
// one of those 24 figures moves back, old and new values swapped.
TEST_F(PairsSessionTest, WhatIfOfARulingAndOfAnAppealDecisionAppendNothing) {
  Create("sabf_matchpoint_pairs", v1::COMPETITION_KIND_MATCHPOINT_PAIRS, 4);
  Enter(1, 1, Spades(4, 10));
  Enter(2, 1, Spades(4, 11));
  Enter(3, 1, Spades(3, 10));
  Enter(4, 1, Spades(4, 9));
  for (int table = 1; table <= 4; ++table) Enter(table, 2, PassedOut());
  v1::ScheduleSessionRequest schedule;
  schedule.set_tournament_id("t");
  schedule.set_competition_id("p");
  schedule.set_session(1);
  *schedule.mutable_scheduled_start() = ToTimestamp(kNow - absl::Hours(1));
  *schedule.mutable_scheduled_end() = ToTimestamp(kNow + absl::Hours(1));
  Apply(state_, DecideScheduleSession(state_, schedule));

  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id("t");
  ruling.set_competition_id("p");
  ruling.set_session(1);
  ruling.set_table(3);
  ruling.set_board(1);
  ruling.set_law("Law 12C1(e)");
  ruling.set_text("Misinformation: 4S+1 assigned.");
  *ruling.mutable_adjusted()->mutable_assigned() = Spades(4, 11);
  auto recording = [](const v1::RecordRulingRequest& request) -> DecideAt {
    return [request](const State& s, absl::Time at) {
      return DecideRecordRuling(s, request, at);
    };
  };
  const std::vector<std::string> ruled = {
      "p session 1 board 1 table 1 EW matchpoints: 2 -> 4",
      "p session 1 board 1 table 1 NS matchpoints: 4 -> 2",
      "p session 1 board 1 table 2 EW matchpoints: 0 -> 1",
      "p session 1 board 1 table 2 NS matchpoints: 6 -> 5",
      "p session 1 board 1 table 3 EW matchpoints: 4 -> 1",
      "p session 1 board 1 table 3 NS matchpoints: 2 -> 5",
      "p session 1 pair 1 matchpoints: 7 -> 5",
      "p session 1 pair 1 percentage: 58.33 -> 41.67",
      "p session 1 pair 2 matchpoints: 9 -> 8",
      "p session 1 pair 2 percentage: 75.00 -> 66.67",
      "p session 1 pair 3 matchpoints: 5 -> 8",
      "p session 1 pair 3 percentage: 41.67 -> 66.67",
      "p session 1 pair 5 matchpoints: 5 -> 7",
      "p session 1 pair 5 percentage: 41.67 -> 58.33",
      "p session 1 pair 6 matchpoints: 3 -> 4",
      "p session 1 pair 6 percentage: 25.00 -> 33.33",
      "p session 1 pair 7 matchpoints: 7 -> 4",
      "p session 1 pair 7 percentage: 58.33 -> 33.33",
      "p session 1 pair 1 position (NS): 2 -> 3",
      "p session 1 pair 2 position (NS): 1 -> 1=",
      "p session 1 pair 3 position (NS): 3 -> 1=",
      "p session 1 pair 5 position (EW): 3 -> 2",
      "p session 1 pair 6 position (EW): 4 -> 3=",
      "p session 1 pair 7 position (EW): 2 -> 3="};

  uint64_t head = state_.last_sequence;
  absl::StatusOr<EventChanges> what_if =
      WhatIf(state_, "t", v1::Actor(), kNow, recording(ruling));
  ASSERT_THAT(what_if, IsOk());
  EXPECT_EQ(state_.last_sequence, head);  // nothing folded
  EXPECT_EQ(what_if->event.sequence(), head + 1);
  EXPECT_TRUE(what_if->event.payload().has_ruling_made());
  EXPECT_EQ(Texts(what_if->changes), ruled);
  // Refused as RecordRuling refuses it (a ruling cites its Law).
  v1::RecordRulingRequest lawless = ruling;
  lawless.clear_law();
  EXPECT_THAT(WhatIf(state_, "t", v1::Actor(), kNow, recording(lawless)),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_EQ(state_.last_sequence, head);
  ApplyAt(state_, DecideRecordRuling(state_, ruling, kNow), kNow);
  const uint64_t ruling_sequence = state_.last_sequence;

  v1::LodgeAppealRequest lodge;
  lodge.set_tournament_id("t");
  v1::AppealLodged* a = lodge.mutable_appeal();
  a->set_competition_id("p");
  a->set_kind(v1::APPEAL_KIND_DIRECTOR_RULING);
  a->set_session(1);
  a->set_table(3);
  a->set_board(1);
  a->set_appellant(7);
  a->set_appellant_signature("North7");
  a->add_respondents(3);
  a->set_ruling_sequence(ruling_sequence);
  a->set_grounds("North's explanation was correct.");
  const absl::Time lodged_at = kNow + absl::Minutes(5);
  ApplyAt(state_, DecideLodgeAppeal(state_, lodge, lodged_at), lodged_at);
  const int appeal = state_.tournaments.at("t")
                         .competitions.at("p")
                         .appeals.rbegin()
                         ->first;
  v1::DecideAppealRequest decide;
  decide.set_tournament_id("t");
  v1::AppealDecided* d = decide.mutable_decided();
  d->set_competition_id("p");
  d->set_appeal(appeal);
  d->set_outcome(v1::APPEAL_OUTCOME_VARIED);
  *d->mutable_adjusted_score()->mutable_assigned() = Spades(3, 10);
  d->set_decision("The table result, 3S+1 by North, NS +170, stands.");
  auto deciding = [](const v1::DecideAppealRequest& request) -> DecideAt {
    return [request](const State& s, absl::Time) {
      return DecideDecideAppeal(s, request);
    };
  };
  // Not heard yet: refused as DecideAppeal refuses it, nothing folded.
  head = state_.last_sequence;
  EXPECT_THAT(WhatIf(state_, "t", v1::Actor(), lodged_at, deciding(decide)),
              StatusIs(absl::StatusCode::kFailedPrecondition));
  EXPECT_EQ(state_.last_sequence, head);
  v1::HearAppealRequest hear;
  hear.set_tournament_id("t");
  hear.mutable_heard()->set_competition_id("p");
  hear.mutable_heard()->set_appeal(appeal);
  hear.mutable_heard()->set_chair("Reviewer One");
  hear.mutable_heard()->add_members("Reviewer One");
  hear.mutable_heard()->add_members("Reviewer Two");
  Apply(state_, DecideHearAppeal(state_, hear));

  head = state_.last_sequence;
  what_if = WhatIf(state_, "t", v1::Actor(), lodged_at, deciding(decide));
  ASSERT_THAT(what_if, IsOk());
  EXPECT_EQ(state_.last_sequence, head);
  EXPECT_TRUE(what_if->event.payload().has_appeal_decided());
  std::vector<std::string> restored;
  for (const std::string& line : ruled) {
    // "figure: a -> b" becomes "figure: b -> a".
    const size_t colon = line.rfind(": ");
    const size_t arrow = line.find(" -> ", colon);
    restored.push_back(absl::StrCat(line.substr(0, colon + 2),
                                    line.substr(arrow + 4), " -> ",
                                    line.substr(colon + 2, arrow - colon - 2)));
  }
  EXPECT_EQ(Texts(what_if->changes), restored);
  // Decided: the same figures move between the State before and after.
  const State before = state_;
  ApplyAt(state_, DecideDecideAppeal(state_, decide), lodged_at);
  EXPECT_EQ(Texts(Diff(TakeSnapshot(before, "t"), TakeSnapshot(state_, "t"))),
            restored);
}

// Butler, ANC SR 16.4 (Open Stage 1: 8 tables, the (n-6) middle scores,
// rounded to the closest 10; no VPs, ranked on net IMPs), NS 1-8 v EW 9-16.
// Board 1, North in spades (nobody vulnerable):
//   t1 4S-2 -100, t2 (4H by E -1) +50, t3 2S= +110, t4 3S= +140,
//   t5 3S+1 +170, t6 4S= +420, t7 4S+1 +450, t8 4S+2 +480.
//   Datum before: +140 and +170 kept, mean 155 -> 160 (butler_session_test).
//   NS IMPs: -6 -3 -2 -1 0 +6 +7 +8.
// Table 5 corrected to 4S+1 +450: sorted -100 50 110 140 420 450 450 480,
//   three dropped at each end of eight (-100 50 110 and 450 450 480), kept
//   140 and 420, mean 280: datum 280 for the whole field.
//   NS IMPs against 280 (WBF): -380 -9, -230 -6, -170 -5, -140 -4,
//   +170 +5, +140 +4, +170 +5, +200 +5.
// Board 2 passed out everywhere but t6 (+50; datum 0, +2 IMPs): unchanged.
// Net IMPs NS: 1 -6 -> -9, 2 -3 -> -6, 3 -2 -> -5, 4 -1 -> -4, 5 0 -> +5,
//   6 +8 -> +6, 7 +7 -> +5, 8 +8 -> +5; EW the negatives.
// Each table's match (one round, boards 1-2) carries the same net IMPs.
// Positions NS: 8 7 6 5 4 1= 3 1= -> 8 7 6 5 2= 1 2= 2=;
//           EW (9..16): 1 2 3 4 5 7= 6 7= -> 1 2 3 4 5= 8 5= 5=.
TEST_F(PairsSessionTest, ButlerCorrectionMovesTheDatumForTheWholeField) {
  Create("anc2025_abpc_open_stage1", v1::COMPETITION_KIND_BUTLER_PAIRS, 8);
  const v1::TableResult board1[8] = {
      Spades(4, 8),   Played(4, v1::STRAIN_HEARTS, v1::SEAT_EAST, 9),
      Spades(2, 8),   Spades(3, 9),
      Spades(3, 10),  Spades(4, 10),
      Spades(4, 11),  Spades(4, 12)};
  for (int table = 1; table <= 8; ++table) {
    Enter(table, 1, board1[table - 1]);
    Enter(table, 2,
          table == 6 ? Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_EAST, 6)
                     : PassedOut());
  }
  const State before = state_;
  ApplyAt(state_, DecideCorrectResult(state_, Correction(5, 1, Spades(4, 11)),
                                      kNow),
          kNow);
  const std::vector<Change> changes =
      Diff(TakeSnapshot(before, "t"), TakeSnapshot(state_, "t"));

  std::vector<std::string> session;  // session 1's figures
  for (const Change& c : changes) {
    if (c.key.session == 1) session.push_back(c.ToString());
  }
  const int imps_before[8] = {-6, -3, -2, -1, 0, 6, 7, 8};
  const int imps_after[8] = {-9, -6, -5, -4, 5, 4, 5, 5};
  const int net_before[8] = {-6, -3, -2, -1, 0, 8, 7, 8};
  const int net_after[8] = {-9, -6, -5, -4, 5, 6, 5, 5};
  std::vector<std::string> expected = {
      "p session 1 board 1 table 5 result: 3S+1 N, NS +170 -> 4S+1 N, NS +450",
      "p session 1 board 1 datum: 160 -> 280"};
  for (int t = 1; t <= 8; ++t) {
    expected.push_back(absl::StrCat("p session 1 board 1 table ", t,
                                    " NS IMPs: ", imps_before[t - 1], " -> ",
                                    imps_after[t - 1]));
  }
  for (int t = 1; t <= 8; ++t) {
    expected.push_back(absl::StrCat("p session 1 round 1 table ", t,
                                    " NS IMPs (", t, " v ", t + 8, "): ",
                                    net_before[t - 1], " -> ",
                                    net_after[t - 1]));
  }
  for (int pair = 1; pair <= 16; ++pair) {
    const int ns = net_before[(pair - 1) % 8], ns_after = net_after[(pair - 1) % 8];
    const int sign = pair <= 8 ? 1 : -1;
    expected.push_back(absl::StrCat("p session 1 pair ", pair, " net IMPs: ",
                                    sign * ns, " -> ", sign * ns_after));
  }
  for (const char* p :
       {"p session 1 pair 5 position (NS): 4 -> 2=",
        "p session 1 pair 6 position (NS): 1= -> 1",
        "p session 1 pair 7 position (NS): 3 -> 2=",
        "p session 1 pair 8 position (NS): 1= -> 2=",
        "p session 1 pair 13 position (EW): 5 -> 5=",
        "p session 1 pair 14 position (EW): 7= -> 8",
        "p session 1 pair 15 position (EW): 6 -> 5=",
        "p session 1 pair 16 position (EW): 7= -> 5="}) {
    expected.push_back(p);
  }
  EXPECT_EQ(session, expected);
  // Board 2, whose datum did not move, is not listed at all.
  for (const Change& c : changes) {
    EXPECT_FALSE(c.key.subject == "board" && c.key.number == 2)
        << c.ToString();
  }
}

// An event of matches: nsw_swiss_teams (10-board matches, the WBF 2013
// continuous scale, SABF TR 21.1's 10-board column), 4 teams. Round 1: team
// 1 wins by one swing of 3NT+1 +430 against a pass-out (10 IMPs: 13.43 -
// 6.57); team Y, home in the other match, by 1NT= +90 (3 IMPs: 11.14 -
// 8.86). Round 2 is drawn from that. Then round 1's swing board is corrected
// to 3NT-1: -50 against a pass-out, 2 IMPs to team 1's opponents X (10.77 -
// 9.23). Totals: 1 13.43 -> 9.23, X 6.57 -> 10.77, Y 11.14, Z 8.86.
// Positions: 1 Y Z X (1 2 3 4) -> Y X 1 Z: every position moves; the
// stored draw of round 2 does not.
TEST(WhatChangedMatchesTest, CorrectionMovesOneMatchNotTheNextDraw) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 4);
  e.Draw(1);
  const int x = e.OpponentOf(1, 1);
  int y = 0;
  for (const v1::DrawnMatch& m : e.competition().rounds.at(1).draw.matches()) {
    if (m.home() != 1 && m.away() != 1) y = m.home();
  }
  const int z = e.OpponentOf(1, y);
  e.PlayFor(1, 1, {10});
  e.PlayFor(1, y, {3});
  e.Draw(2);
  const v1::DrawMade draw2 = e.competition().rounds.at(2).draw;

  // The swing was board 1 (the first non-vulnerable board), in team 1's
  // North-South room: open if it is at home, closed if away.
  const int table = e.TableOf(1, 1);
  bool home = false;
  for (const v1::DrawnMatch& m : e.competition().rounds.at(1).draw.matches()) {
    if (m.table() == table) home = m.home() == 1;
  }
  v1::CorrectResultRequest c;
  c.set_tournament_id("t");
  c.set_competition_id("c");
  c.set_session(1);
  c.set_table(table);
  c.set_board(1);
  c.set_room(home ? v1::ROOM_OPEN : v1::ROOM_CLOSED);
  *c.mutable_result() = Played(3, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 8);
  c.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
  c.set_reason("3NT went one off");

  absl::StatusOr<EventChanges> changes =
      WhatIf(e.state(), "t", v1::Actor(), kNow, Correcting(c));
  ASSERT_THAT(changes, IsOk());
  const std::string who =
      home ? absl::StrCat("(1 v ", x, ")") : absl::StrCat("(", x, " v 1)");
  const std::string room = home ? "open" : "closed";
  const int sign = home ? 1 : -1;  // home's IMPs
  std::vector<std::string> expected = {
      absl::StrCat("c round 1 board 1 table ", table, " result (", room,
                   "): 3NT+1 N, NS +430 -> 3NT-1 N, NS -50"),
      absl::StrCat("c round 1 board 1 table ", table, " home IMPs: ",
                   sign * 10, " -> ", sign * -2),
      // A table's figures in name order: "VPs" before "home IMPs".
      absl::StrCat("c round 1 table ", table, " VPs ", who, ": ",
                   home ? "13.43 - 6.57 -> 9.23 - 10.77"
                        : "6.57 - 13.43 -> 10.77 - 9.23"),
      absl::StrCat("c round 1 table ", table, " home IMPs ", who, ": ",
                   sign * 10, " -> ", sign * -2)};
  // Overall: totals and net IMPs of team 1 and X, every position.
  std::vector<std::pair<int, std::string>> overall = {
      {1, "total: 13.43 -> 9.23"},  {1, "net IMPs: 10 -> -2"},
      {x, "total: 6.57 -> 10.77"},  {x, "net IMPs: -10 -> 2"}};
  std::sort(overall.begin(), overall.end());
  for (const auto& [entrant, text] : overall) {
    expected.push_back(absl::StrCat("c overall entrant ", entrant, " ", text));
  }
  std::map<int, std::string> positions = {
      {1, "1 -> 3"}, {y, "2 -> 1"}, {z, "3 -> 4"}, {x, "4 -> 2"}};
  for (const auto& [entrant, text] : positions) {
    expected.push_back(
        absl::StrCat("c overall entrant ", entrant, " position: ", text));
  }
  EXPECT_EQ(Texts(changes->changes), expected);
  // The draw of round 2 is not among them, and is as it was stored.
  for (const Change& ch : changes->changes) {
    EXPECT_NE(ch.key.kind, FactKind::kDraw) << ch.ToString();
    EXPECT_NE(ch.key.session, 2) << ch.ToString();
  }
  e.Apply(DecideCorrectResult(e.state(), c, kNow));
  EXPECT_EQ(e.competition().rounds.at(2).draw.SerializeAsString(),
            draw2.SerializeAsString());
}

// Every other kind of event of matches has its figures taken too, none of
// them a note that a projection could not be computed: a knock-out (no
// ranking, its rounds' draws and matches) and a Swiss pairs event scored in
// IMPs against a datum across the round (anc2025_wsp, ANC SR 22.3).
// Average plus to both teams (Law 12C2) on board 1 of a level 10-board
// match (nsw_swiss_teams: +-2 IMPs under 11 boards, NSW TR 7.2): home's
// IMPs go 0 -> 2 and away's own IMPs, which no longer mirror home's, are
// listed on the board and on the match.
TEST(WhatChangedMatchesTest, UnbalancedBoardListsAwaysOwnImps) {
  MatchEventForTest e("nsw_swiss_teams", v1::COMPETITION_KIND_SWISS_TEAMS, 2);
  e.Draw(1);
  e.PlayRestLevel(1);
  const v1::DrawnMatch m = e.competition().rounds.at(1).draw.matches(0);
  v1::RecordRulingRequest r = RulingFor(1, m.table(), 1, v1::ROOM_OPEN);
  r.mutable_adjusted()->mutable_artificial()->set_ns(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  r.mutable_adjusted()->mutable_artificial()->set_ew(
      v1::ARTIFICIAL_AWARD_AVERAGE_PLUS);
  absl::StatusOr<EventChanges> changes = WhatIf(
      e.state(), "t", v1::Actor(), kNow,
      [r](const State& s, absl::Time at) {
        return DecideRecordRuling(s, r, at);
      });
  ASSERT_THAT(changes, IsOk());
  const std::string who = absl::StrCat("(", m.home(), " v ", m.away(), ")");
  const std::vector<std::string> texts = Texts(changes->changes);
  for (const std::string& line :
       {absl::StrCat("c round 1 board 1 table ", m.table(),
                     " home IMPs: 0 -> 2"),
        absl::StrCat("c round 1 board 1 table ", m.table(),
                     " away IMPs: - -> 2"),
        absl::StrCat("c round 1 table ", m.table(), " home IMPs ", who,
                     ": 0 -> 2"),
        absl::StrCat("c round 1 table ", m.table(), " away IMPs ", who,
                     ": - -> 2")}) {
    EXPECT_THAT(texts, ::testing::Contains(line));
  }
}

TEST(WhatChangedTest, KnockOutAndDatumSwissHaveTheirFiguresTaken) {
  State state;
  CreateKnockout(state, "five", "sabf_teams_finals");
  RegisterTeams(state, "five", 5);
  const v1::DrawMade week1 = Draw(state, "five", 1, 11);
  PlayRound(state, week1,
            {{week1.matches(0).table(), 0, week1.matches(0).home(),
              Made(3, v1::STRAIN_NO_TRUMP, 9)}});
  Snapshot ko = TakeSnapshot(state, "t");
  std::map<FactKind, int> kinds;
  for (const auto& [key, value] : ko.facts) ++kinds[key.kind];
  EXPECT_EQ(kinds[FactKind::kNote], 0);
  EXPECT_EQ(kinds[FactKind::kDraw], week1.matches_size());
  EXPECT_GT(kinds[FactKind::kMatch], 0);
  EXPECT_EQ(kinds[FactKind::kPosition], 0);  // a knock-out ranks no one

  MatchEventForTest wsp("anc2025_wsp", v1::COMPETITION_KIND_SWISS_PAIRS, 10);
  wsp.Draw(1);
  wsp.PlayRestLevel(1);
  Snapshot swiss = TakeSnapshot(wsp.state(), "t");
  kinds.clear();
  for (const auto& [key, value] : swiss.facts) ++kinds[key.kind];
  EXPECT_EQ(kinds[FactKind::kNote], 0);
  // Every board passed out at every table: each datum is 0.
  EXPECT_EQ(kinds[FactKind::kDatum], 8);
  EXPECT_EQ(kinds[FactKind::kPosition], 10);
}

TEST(WhatChangedTest, KeysOrderSessionsBeforeTheCompetitionAsAWhole) {
  FactKey overall{"t", "c", 0, FactKind::kTotal, "pair", 1, 0, "total"};
  FactKey session2{"t", "c", 2, FactKind::kResult, "board", 1, 1, "result"};
  FactKey session1{"t", "c", 1, FactKind::kPosition, "pair", 1, 0, "position"};
  EXPECT_LT(session1, session2);
  EXPECT_LT(session2, overall);
  Snapshot a, b;
  a.facts[overall] = "1";
  b.facts[overall] = "2";
  b.facts[session1] = "3";
  EXPECT_THAT(Texts(Diff(a, b)),
              ElementsAre("c session 1 pair 1 position: - -> 3",
                          "c overall pair 1 total: 1 -> 2"));
  EXPECT_THAT(Diff(a, a), IsEmpty());
}

}  // namespace
}  // namespace tally::replay
