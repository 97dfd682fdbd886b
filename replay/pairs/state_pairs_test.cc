// The SABF State Open Pairs through decide and Evolve (SABF TR 18.1): a
// three-session qualifying of 12 pairs with substitutes and Spring
// Nationals absences, the qualification of the top 10 (18.1.2: 5 tables
// from a qualifying averaging fewer than 30 pairs) with their 18.1.1
// carry-overs, and the final's standings with a National Playoffs
// substitute, a capped substitute and a pair that loses its final placing.
//
// Every session is one round in which every table plays boards 1 and 2 as
// 1NT by North. With six tables, North taking 5..10 tricks (-100, -50, +90,
// +120, +150, +180) once each on a board gives NS 0, 2, ..., 10 matchpoints
// (top 10), so NS scores 10 x (x + y - 10)% for x and y tricks on the two
// boards; with five tables and 6..10 tricks, 12.5 x (x + y - 12)%. EW
// score the rest of 100%.

#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/knockout/qualify.h"
#include "replay/pairs/decide_pairs_event.h"
#include "replay/pairs/pairs_event_queries.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

using ::tally::testing::IsOk;
using ::tally::testing::StatusIs;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// One table of a session: NS pair, EW pair, North's tricks on boards 1, 2.
struct Table {
  int ns, ew, board1, board2;
};

class StatePairsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    v1::CreateTournamentRequest t;
    t.set_tournament_id("t");
    t.set_name("SABF");
    Apply(state_, DecideCreateTournament(state_, t));
    Create("q", "sabf_state_open_pairs_qualifying");
    for (int pair = 1; pair <= 12; ++pair) {
      v1::RegisterPairRequest r;
      r.set_tournament_id("t");
      r.set_competition_id("q");
      r.set_pair(pair);
      r.add_players(absl::StrCat("North", pair));
      r.add_players(absl::StrCat("South", pair));
      Apply(state_, DecideRegisterPair(state_, r));
    }
  }

  void Create(const std::string& id, const std::string& profile) {
    v1::CreateCompetitionRequest c;
    c.set_tournament_id("t");
    c.set_competition_id(id);
    c.set_name(id);
    c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
    c.set_regulation_profile(profile);
    Apply(state_, DecideCreateCompetition(state_, c));
  }

  // Defines and starts `session`.
  void Define(const std::string& id, int session,
              const std::vector<Table>& tables) {
    v1::DefineSessionRequest d;
    d.set_tournament_id("t");
    d.set_competition_id(id);
    d.set_session(session);
    v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
    round->set_round(1);
    for (size_t i = 0; i < tables.size(); ++i) {
      v1::TableAssignment* a = round->add_tables();
      a->set_table(static_cast<int>(i) + 1);
      a->set_ns_pair(tables[i].ns);
      a->set_ew_pair(tables[i].ew);
      a->add_boards(1);
      a->add_boards(2);
    }
    Apply(state_, DecideDefineSession(state_, d));
    v1::StartSessionRequest start;
    start.set_tournament_id("t");
    start.set_competition_id(id);
    start.set_session(session);
    Apply(state_, DecideStartSession(state_, start));
  }

  // Enters every table's results of `session` and posts it.
  void Finish(const std::string& id, int session,
              const std::vector<Table>& tables) {
    for (size_t i = 0; i < tables.size(); ++i) {
      for (int board : {1, 2}) {
        v1::EnterResultRequest r;
        r.set_tournament_id("t");
        r.set_competition_id(id);
        r.set_session(session);
        r.set_table(static_cast<int>(i) + 1);
        r.set_board(board);
        v1::PlayedContract* p = r.mutable_result()->mutable_played();
        p->set_level(1);
        p->set_strain(v1::STRAIN_NO_TRUMP);
        p->set_declarer(v1::SEAT_NORTH);
        p->set_tricks(board == 1 ? tables[i].board1 : tables[i].board2);
        Apply(state_, DecideEnterResult(state_, r));
      }
    }
    v1::PostScoresRequest post;
    post.set_tournament_id("t");
    post.set_competition_id(id);
    post.set_session(session);
    Apply(state_, DecidePostScores(state_, post));
  }

  absl::StatusOr<v1::EventPayload> Sub(
      const std::string& id, int session, int pair,
      v1::SubstituteReason reason = v1::SUBSTITUTE_REASON_ORDINARY) {
    v1::RecordSubstituteRequest r;
    r.set_tournament_id("t");
    r.set_competition_id(id);
    r.set_session(session);
    r.set_pair(pair);
    r.set_substitute("Sam Sub");
    r.set_replaced_player(
        state_.tournaments.at("t").competitions.at(id).pairs.at(pair).at(1));
    r.set_reason(reason);
    return DecideRecordSubstitute(state_, r);
  }

  void SpringNationals(int session, int pair) {
    v1::RecordPairAbsentRequest r;
    r.set_tournament_id("t");
    r.set_competition_id("q");
    r.set_session(session);
    r.set_pair(pair);
    r.set_reason(v1::ABSENCE_REASON_OTHER_NATIONAL_CHAMPIONSHIP);
    Apply(state_, DecideRecordPairAbsent(state_, r));
  }

  // "pair: aggregate" lines, unplaced pairs marked "-".
  std::vector<std::string> Rows(const std::string& id) {
    v1::GetCompetitionStandingsRequest q;
    q.set_tournament_id("t");
    q.set_competition_id(id);
    absl::StatusOr<v1::CompetitionStandings> s =
        BuildCompetitionStandings(state_, q);
    EXPECT_THAT(s, IsOk());
    std::vector<std::string> rows;
    if (!s.ok()) return rows;
    for (const v1::CompetitionStandingsRow& r : s->rows()) {
      rows.push_back(absl::StrCat(r.position() == 0 ? "-" : "",
                                  r.pair(), ": ", r.aggregate().numerator(),
                                  "/", r.aggregate().denominator()));
    }
    return rows;
  }

  State state_;
};

TEST_F(StatePairsTest, QualifiesTenIntoTheFinalWithTheirAveragesAndScoresIt) {
  // Qualifying session 1 (six tables, 10 x (x + y - 10)%):
  //   1 v 7: 10, 9 tricks -> 90 / 10     2 v 8: 9, 10 -> 90 / 10
  //   3 v 9: 8, 6 -> 40 / 60             4 v 10: 7, 8 -> 50 / 50
  //   5 v 11: 6, 7 -> 30 / 70            6 v 12: 5, 5 -> 0 / 100
  // Pair 12 plays with a substitute.
  const std::vector<Table> q1 = {{1, 7, 10, 9}, {2, 8, 9, 10}, {3, 9, 8, 6},
                                 {4, 10, 7, 8}, {5, 11, 6, 7}, {6, 12, 5, 5}};
  Define("q", 1, q1);
  Apply(state_, Sub("q", 1, 12));
  Finish("q", 1, q1);
  // Session 2: pairs 3 and 9 at the Spring Nationals; five tables,
  // 12.5 x (x + y - 12)%:
  //   1 v 7: 6, 7 -> 12.5 / 87.5         2 v 8: 7, 6 -> 12.5 / 87.5
  //   4 v 10: 10, 10 -> 100 / 0          5 v 11: 9, 8 -> 62.5 / 37.5
  //   6 v 12: 8, 9 -> 62.5 / 37.5
  // Pairs 2, 10 and 12 play with substitutes.
  const std::vector<Table> q2 = {{1, 7, 6, 7}, {2, 8, 7, 6}, {4, 10, 10, 10},
                                 {5, 11, 9, 8}, {6, 12, 8, 9}};
  Define("q", 2, q2);
  SpringNationals(2, 3);
  SpringNationals(2, 9);
  for (int pair : {2, 10, 12}) Apply(state_, Sub("q", 2, pair));
  Finish("q", 2, q2);
  // Session 3 (six tables):
  //   1 v 7: 9, 8 -> 70 / 30             2 v 8: 5, 6 -> 10 / 90
  //   3 v 9: 10, 10 -> 100 / 0           4 v 10: 6, 5 -> 10 / 90
  //   5 v 11: 8, 9 -> 70 / 30            6 v 12: 7, 7 -> 40 / 60
  // Pairs 1 and 8 play with substitutes.
  const std::vector<Table> q3 = {{1, 7, 9, 8}, {2, 8, 5, 6}, {3, 9, 10, 10},
                                 {4, 10, 6, 5}, {5, 11, 8, 9}, {6, 12, 7, 7}};
  Define("q", 3, q3);
  for (int pair : {1, 8}) Apply(state_, Sub("q", 3, pair));
  // A National Playoffs substitute only means something in the final.
  EXPECT_THAT(Sub("q", 3, 4, v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("SABF TR 18.1.2")));
  Finish("q", 3, q3);

  // SABF TR 18.1.1, each pair's average of its three counted scores:
  //   3: Spring Nationals, 90% x (40 + 100) / 2 = 63: (40 + 63 + 100) / 3
  //      = 203/3
  //   10: substitute's 0, floored at the lower of 90% x (50 + 90) / 2 = 63
  //      and 50: 50; (50 + 50 + 90) / 3 = 190/3
  //   5: (30 + 62.5 + 70) / 3 = 325/6       4: (50 + 100 + 10) / 3 = 160/3
  //   1: substitute's 70 capped at (90 + 12.5) / 2 = 51.25:
  //      (90 + 12.5 + 51.25) / 3 = 205/4
  //   8: substitute's 90 capped at (10 + 87.5) / 2 = 48.75: 195/4
  //   2: substitute's 12.5 floored at the lower of 90% x (90 + 10) / 2 = 45
  //      and 50: 45; (90 + 45 + 10) / 3 = 145/3
  //   11: (70 + 37.5 + 30) / 3 = 275/6      7: (10 + 87.5 + 30) / 3 = 85/2
  //   6: (0 + 62.5 + 40) / 3 = 205/6
  //   9: Spring Nationals, 90% x (60 + 0) / 2 = 27: (60 + 27 + 0) / 3 = 29
  //   12: substitutes in two rounds: does not qualify; the only round it
  //      played together is session 3 (60), so its substitutes' 100 counts
  //      60 (cap) and 37.5 counts 50 (the lower of 54 and 50):
  //      (60 + 50 + 60) / 3 = 170/3
  EXPECT_THAT(Rows("q"),
              ElementsAre("3: 203/3", "10: 190/3", "5: 325/6", "4: 160/3",
                          "1: 205/4", "8: 195/4", "2: 145/3", "11: 275/6",
                          "7: 85/2", "6: 205/6", "9: 29/1", "-12: 170/3"));

  // 18.1.2: (12 + 10 + 12) / 3 = 11.33 pairs a session, under 30: a 5-table
  // Howell, 10 pairs (the profile's qualifiers). Pair 9 is 11th of the 11
  // that may qualify.
  Create("f", "sabf_state_open_pairs_final");
  v1::QualifyEntrantsRequest qr;
  qr.set_tournament_id("t");
  qr.set_competition_id("f");
  qr.set_from_competition_id("q");
  absl::StatusOr<v1::EventPayload> qualified =
      DecideQualifyEntrants(state_, qr);
  ASSERT_THAT(qualified, IsOk());
  std::vector<std::string> carried;
  for (const v1::QualifiedEntrant& e :
       qualified->entrants_qualified().entrants()) {
    carried.push_back(absl::StrCat(e.entrant(), " (", e.from_entrant(),
                                   "): ", e.carry_over().numerator(), "/",
                                   e.carry_over().denominator(), " ",
                                   e.carry_over_clause()));
  }
  EXPECT_THAT(carried,
              ElementsAre("1 (3): 203/3 SABF TR 18.1.1",
                          "2 (10): 190/3 SABF TR 18.1.1",
                          "3 (5): 325/6 SABF TR 18.1.1",
                          "4 (4): 160/3 SABF TR 18.1.1",
                          "5 (1): 205/4 SABF TR 18.1.1",
                          "6 (8): 195/4 SABF TR 18.1.1",
                          "7 (2): 145/3 SABF TR 18.1.1",
                          "8 (11): 275/6 SABF TR 18.1.1",
                          "9 (7): 85/2 SABF TR 18.1.1",
                          "10 (6): 205/6 SABF TR 18.1.1"));
  EXPECT_EQ(qualified->entrants_qualified().clause(), "SABF TR 18.1.2");
  Apply(state_, qualified);

  // The final (five tables, 12.5 x (x + y - 12)%), entrants 1-5 NS v 6-10:
  //   F1: 10,10 -> 100/0; 9,9 -> 75/25; 8,8 -> 50/50; 7,7 -> 25/75;
  //       6,6 -> 0/100
  //   F2: 6,6 -> 0/100; 7,7 -> 25/75; 8,8 -> 50/50; 9,9 -> 75/25;
  //       10,10 -> 100/0
  //   F3: 8,9 -> 62.5/37.5; 9,8 -> 62.5/37.5; 10,6 -> 50/50;
  //       6,10 -> 50/50; 7,7 -> 25/75
  // Entrant 1 has a substitute in F1, entrant 9 in F1 and F2, entrant 2 a
  // member in the National Playoffs on F3's day.
  const std::vector<std::tuple<int, int, int>> tricks[3] = {
      {{10, 10, 0}, {9, 9, 0}, {8, 8, 0}, {7, 7, 0}, {6, 6, 0}},
      {{6, 6, 0}, {7, 7, 0}, {8, 8, 0}, {9, 9, 0}, {10, 10, 0}},
      {{8, 9, 0}, {9, 8, 0}, {10, 6, 0}, {6, 10, 0}, {7, 7, 0}}};
  for (int s = 0; s < 3; ++s) {
    std::vector<Table> tables;
    for (int t = 0; t < 5; ++t) {
      tables.push_back({t + 1, t + 6, std::get<0>(tricks[s][t]),
                        std::get<1>(tricks[s][t])});
    }
    Define("f", s + 1, tables);
    if (s == 0) {
      Apply(state_, Sub("f", 1, 1));
      Apply(state_, Sub("f", 1, 9));
    }
    if (s == 1) Apply(state_, Sub("f", 2, 9));
    if (s == 2) {
      Apply(state_, Sub("f", 3, 2, v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS));
    }
    Finish("f", s + 1, tables);
  }
  // SABF TR 18.1.2, the carry-over plus the three rounds:
  //   2: National Playoffs in F3: the greater of 55 and (75 + 25) / 2 = 50:
  //      55; 190/3 + 75 + 25 + 55 = 655/3
  //   10: 205/6 + 100 + 0 + 75 = 1255/6
  //   3: 325/6 + 50 + 50 + 50 = 1225/6
  //   4: 160/3 + 25 + 75 + 50 = 610/3
  //   8: 275/6 + 50 + 50 + 50 = 1175/6
  //   6: 195/4 + 0 + 100 + 37.5 = 745/4
  //   7: 145/3 + 25 + 75 + 37.5 = 1115/6
  //   5: 205/4 + 0 + 100 + 25 = 705/4
  //   1: substitute's 100 capped at (0 + 62.5) / 2 = 31.25:
  //      203/3 + 31.25 + 0 + 62.5 = 1937/12
  //   9: substitutes in two rounds: no final placing (18.1.2 "at most one
  //      round"); its one round together is F3 (50): F1's 75 counts 50
  //      (cap), F2's 25 counts 45 (90% of 50, lower than 50):
  //      85/2 + 50 + 45 + 50 = 375/2
  EXPECT_THAT(Rows("f"),
              ElementsAre("2: 655/3", "10: 1255/6", "3: 1225/6", "4: 610/3",
                          "8: 1175/6", "6: 745/4", "7: 1115/6", "5: 705/4",
                          "1: 1937/12", "-9: 375/2"));
}

}  // namespace
}  // namespace tally::replay
