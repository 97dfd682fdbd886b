// End to end: the SABF State Open Pairs (SABF TR 18.1) through the gRPC API
// on a real tallyd. A three-session qualifying of 12 pairs under
// sabf_state_open_pairs_qualifying, with one-player substitutes (capped and
// floored, 18.1.1), two pairs at the Spring Nationals (90% of their
// average) and a pair with two substituted rounds (does not qualify); the
// top 10 qualify into sabf_state_open_pairs_final (5 tables from a
// qualifying averaging under 30 pairs, 18.1.2) carrying their averages; the
// final's standings add the carry-over to three rounds, with a National
// Playoffs substitute (55% or average); a restarted server replays the log
// to byte-identical standings. The scenario and its hand working are those
// of replay/pairs/state_pairs_test.cc, repeated in brief below.

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/grpc_status.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;

// One table: NS pair, EW pair, North's tricks in 1NT on boards 1 and 2.
struct Table {
  int ns, ew, board1, board2;
};

class StatePairsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect();
  }

  void Connect() {
    q_ = std::make_unique<MatchClient>(tallyd_.channel(), "sabf", "q");
    f_ = std::make_unique<MatchClient>(tallyd_.channel(), "sabf", "f");
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
  }

  std::unique_ptr<grpc::ClientContext> Context() {
    auto context = std::make_unique<grpc::ClientContext>();
    context->AddMetadata("tally-identity", "td:test");
    return context;
  }
  v1::CommandOptions Options() {
    v1::CommandOptions o;
    o.set_idempotency_key(absl::StrCat("state-pairs/", ++commands_));
    return o;
  }

  absl::Status Define(const std::string& id, int session,
                      const std::vector<Table>& tables) {
    v1::DefineSessionRequest d;
    *d.mutable_options() = Options();
    d.set_tournament_id("sabf");
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
    v1::CommandOutcome out;
    grpc::Status s = director_->DefineSession(Context().get(), d, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    v1::StartSessionRequest start;
    *start.mutable_options() = Options();
    start.set_tournament_id("sabf");
    start.set_competition_id(id);
    start.set_session(session);
    return server::FromGrpcStatus(
        director_->StartSession(Context().get(), start, &out));
  }

  void Finish(MatchClient& client, int session,
              const std::vector<Table>& tables) {
    for (size_t i = 0; i < tables.size(); ++i) {
      const int table = static_cast<int>(i) + 1;
      ASSERT_THAT(client.Enter(session, table, 1,
                               Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH,
                                      tables[i].board1)),
                  IsOk());
      ASSERT_THAT(client.Enter(session, table, 2,
                               Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH,
                                      tables[i].board2)),
                  IsOk());
    }
    ASSERT_THAT(client.Post(session), IsOk());
  }

  absl::Status Sub(const std::string& id, int session, int pair,
                   const std::string& replaced,
                   v1::SubstituteReason reason = v1::SUBSTITUTE_REASON_ORDINARY) {
    v1::RecordSubstituteRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id("sabf");
    r.set_competition_id(id);
    r.set_session(session);
    r.set_pair(pair);
    r.set_substitute("Sam Sub");
    r.set_replaced_player(replaced);
    r.set_reason(reason);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RecordSubstitute(Context().get(), r, &out));
  }

  absl::Status SpringNationals(int session, int pair) {
    v1::RecordPairAbsentRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id("sabf");
    r.set_competition_id("q");
    r.set_session(session);
    r.set_pair(pair);
    r.set_reason(v1::ABSENCE_REASON_OTHER_NATIONAL_CHAMPIONSHIP);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RecordPairAbsent(Context().get(), r, &out));
  }

  absl::StatusOr<v1::CompetitionStandings> Standings(const std::string& id) {
    v1::GetCompetitionStandingsRequest r;
    r.set_tournament_id("sabf");
    r.set_competition_id(id);
    v1::CompetitionStandings out;
    grpc::Status s = query_->GetCompetitionStandings(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  std::vector<std::string> Rows(const std::string& id) {
    absl::StatusOr<v1::CompetitionStandings> s = Standings(id);
    EXPECT_THAT(s, IsOk());
    std::vector<std::string> rows;
    if (!s.ok()) return rows;
    for (const v1::CompetitionStandingsRow& r : s->rows()) {
      rows.push_back(absl::StrCat(r.position() == 0 ? "-" : "", r.pair(), ": ",
                                  DecimalText(r.aggregate_display())));
    }
    return rows;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("state-pairs")};
  std::unique_ptr<MatchClient> q_, f_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  int commands_ = 0;
};

TEST_F(StatePairsTest, QualifyingAveragesCarryIntoTheFinalUnder18_1) {
  ASSERT_THAT(q_->Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                         "sabf_state_open_pairs_qualifying"),
              IsOk());
  ASSERT_THAT(q_->RegisterPairs(12), IsOk());
  // Qualifying percentages (NS / EW), hand-worked in
  // replay/pairs/state_pairs_test.cc: session 1 90/10, 90/10, 40/60, 50/50,
  // 30/70, 0/100 (pair 12 with a substitute); session 2 (pairs 3 and 9 at
  // the Spring Nationals) 12.5/87.5, 12.5/87.5, 100/0, 62.5/37.5,
  // 62.5/37.5 (pairs 2, 10, 12 with substitutes); session 3 70/30, 10/90,
  // 100/0, 10/90, 70/30, 40/60 (pairs 1 and 8 with substitutes).
  const std::vector<Table> q1 = {{1, 7, 10, 9}, {2, 8, 9, 10}, {3, 9, 8, 6},
                                 {4, 10, 7, 8}, {5, 11, 6, 7}, {6, 12, 5, 5}};
  const std::vector<Table> q2 = {{1, 7, 6, 7}, {2, 8, 7, 6}, {4, 10, 10, 10},
                                 {5, 11, 9, 8}, {6, 12, 8, 9}};
  const std::vector<Table> q3 = {{1, 7, 9, 8}, {2, 8, 5, 6}, {3, 9, 10, 10},
                                 {4, 10, 6, 5}, {5, 11, 8, 9}, {6, 12, 7, 7}};
  ASSERT_THAT(Define("q", 1, q1), IsOk());
  ASSERT_THAT(Sub("q", 1, 12, "P12 South"), IsOk());
  Finish(*q_, 1, q1);
  ASSERT_THAT(Define("q", 2, q2), IsOk());
  ASSERT_THAT(SpringNationals(2, 3), IsOk());
  ASSERT_THAT(SpringNationals(2, 9), IsOk());
  for (int pair : {2, 10, 12}) {
    ASSERT_THAT(Sub("q", 2, pair, absl::StrCat("P", pair, " South")), IsOk());
  }
  Finish(*q_, 2, q2);
  ASSERT_THAT(Define("q", 3, q3), IsOk());
  for (int pair : {1, 8}) {
    ASSERT_THAT(Sub("q", 3, pair, absl::StrCat("P", pair, " South")), IsOk());
  }
  Finish(*q_, 3, q3);

  // 18.1.1 averages, to 2 places for display: 3: 203/3 = 67.67 (Spring
  // Nationals 63); 10: 190/3 = 63.33 (substitute floored at 50); 5: 54.17;
  // 4: 53.33; 1: 51.25 (capped at 51.25); 8: 48.75 (capped); 2: 48.33
  // (floored at 45); 11: 45.83; 7: 42.50; 6: 34.17; 9: 29.00 (Spring
  // Nationals 27); 12: two substituted rounds, does not qualify (56.67).
  EXPECT_THAT(Rows("q"),
              ElementsAre("3: 67.67", "10: 63.33", "5: 54.17", "4: 53.33",
                          "1: 51.25", "8: 48.75", "2: 48.33", "11: 45.83",
                          "7: 42.50", "6: 34.17", "9: 29.00", "-12: 56.67"));

  // 18.1.2: 34 pairs over 3 sessions, under 30 a session: 10 qualify.
  ASSERT_THAT(f_->Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                         "sabf_state_open_pairs_final"),
              IsOk());
  absl::StatusOr<v1::EntrantsQualified> qualified = f_->Qualify("q");
  ASSERT_THAT(qualified, IsOk());
  EXPECT_EQ(qualified->clause(), "SABF TR 18.1.2");
  std::vector<std::string> carried;
  for (const v1::QualifiedEntrant& e : qualified->entrants()) {
    carried.push_back(absl::StrCat(e.from_entrant(), " ",
                                   e.carry_over().numerator(), "/",
                                   e.carry_over().denominator()));
  }
  EXPECT_THAT(carried, ElementsAre("3 203/3", "10 190/3", "5 325/6",
                                   "4 160/3", "1 205/4", "8 195/4", "2 145/3",
                                   "11 275/6", "7 85/2", "6 205/6"));

  // The final, entrants 1-5 NS v 6-10 EW: F1 100/0, 75/25, 50/50, 25/75,
  // 0/100 (entrants 1 and 9 with substitutes); F2 0/100, 25/75, 50/50,
  // 75/25, 100/0 (9 again); F3 62.5/37.5, 62.5/37.5, 50/50, 50/50, 25/75
  // (a member of entrant 2 in the National Playoffs).
  const std::vector<Table> f1 = {
      {1, 6, 10, 10}, {2, 7, 9, 9}, {3, 8, 8, 8}, {4, 9, 7, 7}, {5, 10, 6, 6}};
  const std::vector<Table> f2 = {
      {1, 6, 6, 6}, {2, 7, 7, 7}, {3, 8, 8, 8}, {4, 9, 9, 9}, {5, 10, 10, 10}};
  const std::vector<Table> f3 = {
      {1, 6, 8, 9}, {2, 7, 9, 8}, {3, 8, 10, 6}, {4, 9, 6, 10}, {5, 10, 7, 7}};
  ASSERT_THAT(Define("f", 1, f1), IsOk());
  ASSERT_THAT(Sub("f", 1, 1, "P3 South"), IsOk());
  ASSERT_THAT(Sub("f", 1, 9, "P7 South"), IsOk());
  Finish(*f_, 1, f1);
  ASSERT_THAT(Define("f", 2, f2), IsOk());
  ASSERT_THAT(Sub("f", 2, 9, "P7 South"), IsOk());
  Finish(*f_, 2, f2);
  ASSERT_THAT(Define("f", 3, f3), IsOk());
  ASSERT_THAT(Sub("f", 3, 2, "P10 South", v1::SUBSTITUTE_REASON_NATIONAL_PLAYOFFS),
              IsOk());
  Finish(*f_, 3, f3);

  // 18.1.2: carry-over plus three rounds. 2: 190/3 + 75 + 25 + 55 (the
  // greater of 55 and 50) = 218.33; 10: 209.17; 3: 204.17; 4: 203.33;
  // 8: 195.83; 6: 186.25; 7: 185.83; 5: 176.25; 1: 203/3 + 31.25 (capped)
  // + 0 + 62.5 = 161.42; 9: two substituted rounds, unplaced, 187.50.
  EXPECT_THAT(Rows("f"),
              ElementsAre("2: 218.33", "10: 209.17", "3: 204.17", "4: 203.33",
                          "8: 195.83", "6: 186.25", "7: 185.83", "5: 176.25",
                          "1: 161.42", "-9: 187.50"));
  absl::StatusOr<v1::CompetitionStandings> before = Standings("f");
  ASSERT_THAT(before, IsOk());
  EXPECT_EQ(before->rows(0).carry_over().numerator(), 190);
  EXPECT_EQ(before->rows(0).carry_over().denominator(), 3);
  EXPECT_THAT(before->rows(9).ineligible_reason(),
              ::testing::HasSubstr("SABF TR 18.1.2"));

  // A restarted server replays the log from scratch: the same bytes.
  absl::StatusOr<v1::CompetitionStandings> q_before = Standings("q");
  ASSERT_THAT(q_before, IsOk());
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  Connect();
  absl::StatusOr<v1::CompetitionStandings> after = Standings("f");
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->SerializeAsString(), before->SerializeAsString());
  absl::StatusOr<v1::CompetitionStandings> q_after = Standings("q");
  ASSERT_THAT(q_after, IsOk());
  EXPECT_EQ(q_after->SerializeAsString(), q_before->SerializeAsString());
}

}  // namespace
}  // namespace tally::testing
