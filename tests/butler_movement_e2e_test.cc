// End to end: Butler pairs in a movement under anc2025_abpc_open_stage2
// (ANC SR 16.5, 16.10-16.11, 17.3), played through the gRPC API on a real
// tallyd: 8 pairs seeded NS 1-4 and EW 5-8, session 1 a 4-table Mitchell of
// 12-board matches (16.5's movement, share and relay for an even number of
// tables), session 2 one more 12-board match on duplicated boards. Every
// datum, IMP and VP figure below is worked by hand; the datum of a board
// still being played is provisional and says so; the standings per field
// after each session and over both, with a tie broken by 17.3; every
// refusal leaves the log as it was; a restarted server answers
// byte-identically.

#include <map>
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
using ::testing::HasSubstr;

constexpr char kTournament[] = "anc";
constexpr char kCompetition[] = "abpc2";
constexpr int kTables = 4;
constexpr int kBoards = 12;

// The 4-table Mitchell as core/movement's share and relay lays it out, 12
// boards a set (set s: boards 12(s-1)+1 .. 12s). Round 1: sets 1, 2 on
// tables 1, 2, set 3 on the relay, set 4 on table 3, table 4 sharing set 1
// with table 1; each round the sets move down one place. EW pairs start at
// table (pair - 4) and move up one table a round.
//   round  table 1   table 2   table 3   table 4      (NS v EW, set)
//     1    1v5 s1    2v6 s2    3v7 s4    4v8 s1
//     2    1v8 s2    2v5 s3    3v6 s1    4v7 s2
//     3    1v7 s3    2v8 s4    3v5 s2    4v6 s3
//     4    1v6 s4    2v7 s1    3v8 s3    4v5 s4
constexpr int kSet[4][kTables] = {
    {1, 2, 4, 1}, {2, 3, 1, 2}, {3, 4, 2, 3}, {4, 1, 3, 4}};
constexpr int kEw[4][kTables] = {
    {5, 6, 7, 8}, {8, 5, 6, 7}, {7, 8, 5, 6}, {6, 7, 8, 5}};

// Session 1: every board passed out except board 1 (set 1, nobody
// vulnerable) and board 13 (set 2, all vulnerable), North declaring spades.
//   Board 1: 1v5 4S= +420 (round 1), 4v8 4S+1 +450 (round 1), 3v6 2S+2
//   +170 (round 2), 2v7 4S+2 +480 (round 4). 16.11 (fewer than 15 tables,
//   n = 4): the (n-2) middle scores +420 and +450, mean 435, "rounded to the
//   closest 10": 440 (exactly half: away from zero, the profile's reading).
//   NS IMPs: -20 -> -1, +10 -> 0, -270 -> -7, +40 -> +1.
//   Provisional after round 2 (three scores in): one dropped at each end of
//   +170, +420, +450 leaves +420: datum 420, 1v5 0, 4v8 +1, 3v6 -6.
//   Board 13: 2v6 4S= +620 (round 1), 1v8 4S+1 +650 (round 2), 4v7 4S-1
//   -100 (round 2), 3v5 4S= +620 (round 3). Middle +620 and +620: 620.
//   NS IMPs: 0, +30 -> +1, -720 -> -12, 0.
// Matches, NS IMPs and VPs (ANC SR appendix, ABF VP Scale for Swiss Pairs -
// 12 boards: 1 IMP 10.33-9.67, 7 IMPs 12.31-7.69, 12 IMPs 13.96-6.04):
//   round 1: 1v5 -1 9.67-10.33; 2v6, 3v7, 4v8 0 10.00-10.00
//   round 2: 1v8 +1 10.33-9.67; 2v5 0; 3v6 -7 7.69-12.31; 4v7 -12 6.04-13.96
//   round 3: all 0
//   round 4: 2v7 +1 10.33-9.67; the others 0
// Session 1 totals: NS 1 40.00, 2 40.33, 3 37.69, 4 36.04; EW 5 40.33,
// 6 42.31, 7 43.63, 8 39.67 (320.00: 16 matches of 20).
//
// Session 2 (boards 1-12 again, one round, every table playing them): 1v6,
// 2v5, 3v8, 4v7. Board 1 (nobody vulnerable): +450, +420, +420, +170:
// datum 420; IMPs +1, 0, 0, -6 -> VPs 10.33-9.67, 10.00, 10.00, 8.02-11.98.
// Totals: NS 1 50.33, 2 50.33, 3 47.69, 4 44.06; EW 5 50.33, 6 51.98,
// 7 55.61, 8 49.67 (400.00). 17.3 "sum of VPs of opponents": 1 met 5, 8,
// 7, 6 and 6 (259.57), 2 met 6, 5, 8, 7 and 5 (257.92): 1 above 2. EW 5's
// 50.33 equals theirs but is in the other field: no tie across fields.
struct Play {
  int session, table, board;
  v1::TableResult result;
};

class ButlerMovementTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect();
  }

  void Connect() {
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), kTournament,
                                            kCompetition);
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
  }

  std::unique_ptr<grpc::ClientContext> Context() const {
    auto context = std::make_unique<grpc::ClientContext>();
    context->AddMetadata("tally-identity", "td:test");
    return context;
  }

  v1::CommandOptions Options() {
    v1::CommandOptions o;
    o.set_idempotency_key(absl::StrCat("butler-e2e/", ++commands_));
    return o;
  }

  absl::Status Define(v1::DefineSessionRequest r) {
    *r.mutable_options() = Options();
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->DefineSession(Context().get(), r, &out));
  }

  absl::Status Start(int session) {
    v1::StartSessionRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    r.set_session(session);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->StartSession(Context().get(), r, &out));
  }

  absl::Status Lot(const std::vector<int>& order) {
    v1::RecordLotRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    for (int pair : order) r.add_order(pair);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RecordLot(Context().get(), r, &out));
  }

  absl::StatusOr<v1::Standings> Standings(int session) {
    v1::GetStandingsRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    r.set_session(session);
    v1::Standings out;
    grpc::Status s = query_->GetStandings(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  absl::StatusOr<v1::Traveller> Traveller(int session, int board) {
    v1::GetTravellerRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    r.set_session(session);
    r.set_board(board);
    v1::Traveller out;
    grpc::Status s = query_->GetTraveller(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  absl::StatusOr<v1::Scorecard> Scorecard(int session, int pair) {
    v1::GetScorecardRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    r.set_session(session);
    r.set_pair(pair);
    v1::Scorecard out;
    grpc::Status s = query_->GetScorecard(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  absl::StatusOr<v1::CompetitionStandings> Overall(int after_session = 0) {
    v1::GetCompetitionStandingsRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    r.set_after_session(after_session);
    v1::CompetitionStandings out;
    grpc::Status s = query_->GetCompetitionStandings(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  // Plays round `round` of session 1: every board of the table's set, the
  // two scored boards as above, the rest passed out. Checks the server
  // seats the pairs of the hand-derived movement.
  void PlayMitchellRound(int round) {
    std::map<std::pair<int, int>, v1::TableResult> scored = {
        {{1, 1}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)},
        {{4, 1}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 11)},
        {{3, 1}, Played(2, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)},
        {{2, 1}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 12)},
        {{2, 13}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)},
        {{1, 13}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 11)},
        {{4, 13}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9)},
        {{3, 13}, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)}};
    for (int table = 1; table <= kTables; ++table) {
      const int set = kSet[round - 1][table - 1];
      for (int b = 1; b <= kBoards; ++b) {
        const int board = (set - 1) * kBoards + b;
        // Keyed by NS pair (= table) and board.
        auto it = scored.find({table, board});
        absl::StatusOr<v1::EnterResultResponse> entered = client_->Enter(
            1, table, board, it == scored.end() ? PassedOut() : it->second);
        ASSERT_THAT(entered, IsOk())
            << "round " << round << " table " << table << " board " << board;
        EXPECT_EQ(entered->round(), round);
        EXPECT_EQ(entered->ns_pair(), table);
        EXPECT_EQ(entered->ew_pair(), kEw[round - 1][table - 1]);
      }
    }
  }

  static std::vector<std::string> Rows(const v1::ButlerStandingsField& f) {
    std::vector<std::string> rows;
    for (const v1::ButlerStandingsRow& r : f.rows()) {
      rows.push_back(absl::StrCat(r.rank(), r.tied() ? "=" : "", " ", r.pair(),
                                  " ", DecimalText(r.total()), " ",
                                  r.decided_by()));
    }
    return rows;
  }

  static std::vector<std::string> Rows(const v1::StandingsField& f) {
    std::vector<std::string> rows;
    for (const v1::StandingsRow& r : f.rows()) {
      rows.push_back(absl::StrCat(r.rank(), " ", r.pair(), " ",
                                  DecimalText(r.vps()), " ",
                                  r.net_imps().numerator(),
                                  r.provisional() ? " provisional" : ""));
    }
    return rows;
  }

  // The log's length must not change across a refused command.
  template <typename Fn>
  void ExpectRefusedUnchanged(Fn command, absl::StatusCode code,
                              const std::string& words) {
    absl::StatusOr<uint64_t> before = client_->LogLength();
    ASSERT_THAT(before, IsOk());
    EXPECT_THAT(command(), StatusIs(code, HasSubstr(words)));
    absl::StatusOr<uint64_t> after = client_->LogLength();
    ASSERT_THAT(after, IsOk());
    EXPECT_EQ(*after, *before) << words;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("butler_movement")};
  std::unique_ptr<MatchClient> client_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  int commands_ = 0;
};

TEST_F(ButlerMovementTest, OpenStage2MitchellThroughTheLog) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_BUTLER_PAIRS,
                              "anc2025_abpc_open_stage2"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(8), IsOk());

  // Refused movements: a club Mitchell of 3-board rounds (16.10's scale is
  // printed for 12 boards), a Howell (the fields would mix).
  v1::DefineSessionRequest mitchell;
  mitchell.set_session(1);
  mitchell.mutable_mitchell()->set_tables(kTables);
  mitchell.mutable_mitchell()->set_boards_per_round(3);
  ExpectRefusedUnchanged([&] { return Define(mitchell); },
                         absl::StatusCode::kInvalidArgument, "12 boards");
  v1::DefineSessionRequest howell;
  howell.set_session(1);
  howell.mutable_howell()->set_pairs(8);
  howell.mutable_howell()->set_boards_per_round(2);
  ExpectRefusedUnchanged([&] { return Define(howell); },
                         absl::StatusCode::kInvalidArgument, "ANC SR 16.4");

  mitchell.mutable_mitchell()->set_boards_per_round(kBoards);
  ASSERT_THAT(Define(mitchell), IsOk());
  ASSERT_THAT(Start(1), IsOk());
  for (int round = 1; round <= 2; ++round) PlayMitchellRound(round);

  // After round 2 board 1 is in at three of its four tables: provisional.
  absl::StatusOr<v1::Traveller> board1 = Traveller(1, 1);
  ASSERT_THAT(board1, IsOk());
  EXPECT_EQ(board1->datum().datum(), 420);
  EXPECT_TRUE(board1->datum().provisional());
  EXPECT_EQ(board1->datum().results_in(), 3);
  std::vector<std::string> lines;
  for (const v1::TravellerLine& l : board1->lines()) {
    lines.push_back(absl::StrCat(l.ns_pair(), "v", l.ew_pair(), " ",
                                 l.ns_score(), " ", l.ns_imps(), " ",
                                 l.datum_role()));
  }
  EXPECT_THAT(lines, ElementsAre("1v5 420 0 used", "3v6 170 -6 dropped low",
                                 "4v8 450 1 dropped high"));
  absl::StatusOr<v1::Standings> running = Standings(1);
  ASSERT_THAT(running, IsOk());
  EXPECT_TRUE(running->provisional());
  // Pair 1: round 1 v 5 played set 1, which 2v7 plays only in round 4:
  // every one of its boards has a provisional datum (from 3 of 4 scores), so
  // none is final and the match is not complete; on the provisional datums
  // it stands at 0 IMPs, 10.00 VPs, provisional. Round 3 v 7 is not played
  // yet: no VPs.
  absl::StatusOr<v1::Scorecard> card1 = Scorecard(1, 1);
  ASSERT_THAT(card1, IsOk());
  ASSERT_EQ(card1->matches_size(), 4);
  EXPECT_FALSE(card1->matches(0).complete());
  EXPECT_TRUE(card1->matches(0).provisional());
  EXPECT_EQ(card1->matches(0).boards_final(), 0);
  EXPECT_EQ(DecimalText(card1->matches(0).vps()), "10.00");
  EXPECT_FALSE(card1->matches(2).has_vps());
  EXPECT_TRUE(card1->lines(0).datum_provisional());

  for (int round = 3; round <= 4; ++round) PlayMitchellRound(round);
  board1 = Traveller(1, 1);
  ASSERT_THAT(board1, IsOk());
  EXPECT_EQ(board1->datum().datum(), 440);
  EXPECT_EQ(board1->datum().mean().numerator(), 435);
  EXPECT_FALSE(board1->datum().provisional());
  EXPECT_THAT(board1->datum().basis(), HasSubstr("ANC SR 16.11"));
  absl::StatusOr<v1::Traveller> board13 = Traveller(1, 13);
  ASSERT_THAT(board13, IsOk());
  EXPECT_EQ(board13->datum().datum(), 620);
  std::vector<int> imps;
  for (const v1::TravellerLine& l : board13->lines()) imps.push_back(l.ns_imps());
  EXPECT_THAT(imps, ElementsAre(1, 0, 0, -12));  // tables 1, 2, 3, 4

  absl::StatusOr<v1::Scorecard> card3 = Scorecard(1, 3);
  ASSERT_THAT(card3, IsOk());
  std::vector<std::string> matches;
  for (const v1::ScorecardMatch& m : card3->matches()) {
    matches.push_back(absl::StrCat(m.round(), " v", m.opponents(), " ",
                                   m.imps().numerator(), " ",
                                   DecimalText(m.vps()), "-",
                                   DecimalText(m.opponent_vps())));
  }
  EXPECT_THAT(matches, ElementsAre("1 v7 0 10.00-10.00", "2 v6 -7 7.69-12.31",
                                   "3 v5 0 10.00-10.00", "4 v8 0 10.00-10.00"));

  ASSERT_THAT(client_->Post(1), IsOk());
  absl::StatusOr<v1::Standings> session1 = Standings(1);
  ASSERT_THAT(session1, IsOk());
  EXPECT_FALSE(session1->provisional());
  EXPECT_EQ(session1->fields(0).name(), "NS");
  EXPECT_THAT(Rows(session1->fields(0)),
              ElementsAre("1 2 40.33 1", "2 1 40.00 0", "3 3 37.69 -7",
                          "4 4 36.04 -12"));
  EXPECT_THAT(Rows(session1->fields(1)),
              ElementsAre("1 7 43.63 11", "2 6 42.31 7", "3 5 40.33 1",
                          "4 8 39.67 -1"));

  // Session 2: one match on duplicated boards 1-12. Pair 5 sat EW in
  // session 1 and may not sit NS now.
  v1::DefineSessionRequest swapped;
  swapped.set_session(2);
  v1::MovementRound* bad = swapped.mutable_explicit_movement()->add_rounds();
  bad->set_round(1);
  v1::DefineSessionRequest second;
  second.set_session(2);
  v1::MovementRound* round = second.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  const int kEwSession2[kTables] = {6, 5, 8, 7};
  for (int table = 1; table <= kTables; ++table) {
    for (v1::MovementRound* r : {bad, round}) {
      v1::TableAssignment* t = r->add_tables();
      t->set_table(table);
      t->set_ns_pair(table);
      t->set_ew_pair(kEwSession2[table - 1]);
      for (int b = 1; b <= kBoards; ++b) t->add_boards(b);
    }
  }
  bad->mutable_tables(1)->set_ns_pair(5);
  bad->mutable_tables(1)->set_ew_pair(2);
  ExpectRefusedUnchanged([&] { return Define(swapped); },
                         absl::StatusCode::kFailedPrecondition,
                         "seeded into NS and EW fields");
  ASSERT_THAT(Define(second), IsOk());
  ASSERT_THAT(Start(2), IsOk());
  const int kBoard1Tricks[kTables] = {11, 10, 10, 10};  // 4S+1, 4S=, 4S=, 2S+2
  for (int table = 1; table <= kTables; ++table) {
    for (int board = 1; board <= kBoards; ++board) {
      v1::TableResult result = PassedOut();
      if (board == 1) {
        result = Played(table == 4 ? 2 : 4, v1::STRAIN_SPADES, v1::SEAT_NORTH,
                        kBoard1Tricks[table - 1]);
      }
      ASSERT_THAT(client_->Enter(2, table, board, result), IsOk());
    }
  }
  ASSERT_THAT(client_->Post(2), IsOk());

  absl::StatusOr<v1::CompetitionStandings> after1 = Overall(1);
  ASSERT_THAT(after1, IsOk());
  EXPECT_THAT(after1->sessions_counted(), ElementsAre(1));
  EXPECT_THAT(Rows(after1->fields(0)),
              ElementsAre("1 2 40.33 ", "2 1 40.00 score", "3 3 37.69 score",
                          "4 4 36.04 score"));
  absl::StatusOr<v1::CompetitionStandings> overall = Overall();
  ASSERT_THAT(overall, IsOk());
  EXPECT_EQ(overall->ranked_on(), "vps");
  EXPECT_EQ(overall->tie_break_clause(), "ANC SR 17.3");
  EXPECT_FALSE(overall->provisional());
  EXPECT_THAT(overall->sessions_counted(), ElementsAre(1, 2));
  ASSERT_EQ(overall->fields_size(), 2);
  EXPECT_EQ(overall->fields(0).name(), "NS");
  EXPECT_THAT(Rows(overall->fields(0)),
              ElementsAre("1 1 50.33 ", "2 2 50.33 opponents_total_vps",
                          "3 3 47.69 score", "4 4 44.06 score"));
  EXPECT_EQ(DecimalText(overall->fields(0).rows(0).opponents_vps()), "259.57");
  EXPECT_EQ(DecimalText(overall->fields(0).rows(1).opponents_vps()), "257.92");
  EXPECT_THAT(Rows(overall->fields(1)),
              ElementsAre("1 7 55.61 ", "2 6 51.98 score", "3 5 50.33 score",
                          "4 8 49.67 score"));

  // Refusals change nothing: no tie waits for a lot; results of a posted
  // session; a board the session does not play.
  ExpectRefusedUnchanged([&] { return Lot({1, 2}); },
                         absl::StatusCode::kFailedPrecondition,
                         "not a tie of one field waiting for a lot");
  ExpectRefusedUnchanged(
      [&] { return client_->Enter(2, 1, 2, PassedOut()).status(); },
      absl::StatusCode::kFailedPrecondition, "posted");

  // A restarted server replays the log to the same bytes.
  const std::string standings_before = overall->SerializeAsString();
  const std::string traveller_before = board13->SerializeAsString();
  const std::string card_before = card3->SerializeAsString();
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  Connect();
  absl::StatusOr<v1::CompetitionStandings> again = Overall();
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->SerializeAsString(), standings_before);
  absl::StatusOr<v1::Standings> session1_again = Standings(1);
  ASSERT_THAT(session1_again, IsOk());
  v1::Standings expected_session1 = *session1;
  expected_session1.set_as_of_sequence(session1_again->as_of_sequence());
  EXPECT_EQ(session1_again->SerializeAsString(),
            expected_session1.SerializeAsString());
  absl::StatusOr<v1::Traveller> traveller_again = Traveller(1, 13);
  ASSERT_THAT(traveller_again, IsOk());
  EXPECT_EQ(traveller_again->SerializeAsString(), traveller_before);
  absl::StatusOr<v1::Scorecard> card_again = Scorecard(1, 3);
  ASSERT_THAT(card_again, IsOk());
  EXPECT_EQ(card_again->SerializeAsString(), card_before);
}

// Issue #18: cross-IMP pairs (cross_imp_pairs, ACBLscore "Average IMPs") in
// a two-round Howell of 2-board rounds, six pairs at three tables:
//   round 1 (boards 1-2): 1v2, 3v4, 5v6    round 2 (boards 3-4): 2v3, 4v5, 6v1
// North declares spades; NS scores and cross-IMPs (each score IMPed against
// the two others on the WBF scale, the sum over 2 comparisons):
//   board 1: +450 (+1 +11 -> 6), +420 (-1 +10 -> 9/2), -50 (-21/2)
//   board 2: +110 (-1 +5 -> 2), +140 (+1 +6 -> 7/2), -100 (-11/2)
//   board 3: +420 (0 +6 -> 3), +420 (3), +170 (-6)
//   board 4: +620 (+12 +13 -> 25/2), -100 (-12 +3 -> -9/2), -200 (-8)
// Pairs from the direction they sat: 1 8 + 14 = 22; 2 -8 + 31/2 = 15/2;
// 3 8 - 31/2 = -15/2; 4 -8 - 3/2 = -19/2; 5 -16 + 3/2 = -29/2; 6 16 - 14 = 2.
TEST_F(ButlerMovementTest, CrossImpPairsInAHowellThroughTheLog) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_BUTLER_PAIRS,
                              "cross_imp_pairs"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(6), IsOk());
  // Cross-IMPs need each board played at two tables or more.
  v1::DefineSessionRequest lone;
  lone.set_session(1);
  v1::MovementRound* only = lone.mutable_explicit_movement()->add_rounds();
  only->set_round(1);
  v1::TableAssignment* one_table = only->add_tables();
  one_table->set_table(1);
  one_table->set_ns_pair(1);
  one_table->set_ew_pair(2);
  one_table->add_boards(1);
  ExpectRefusedUnchanged([&] { return Define(lone); },
                         absl::StatusCode::kInvalidArgument,
                         "need it played at 2 tables or more");

  v1::DefineSessionRequest howell;
  howell.set_session(1);
  const int seats[2][3][2] = {{{1, 2}, {3, 4}, {5, 6}},
                              {{2, 3}, {4, 5}, {6, 1}}};
  for (int r = 1; r <= 2; ++r) {
    v1::MovementRound* round = howell.mutable_explicit_movement()->add_rounds();
    round->set_round(r);
    for (int table = 1; table <= 3; ++table) {
      v1::TableAssignment* t = round->add_tables();
      t->set_table(table);
      t->set_ns_pair(seats[r - 1][table - 1][0]);
      t->set_ew_pair(seats[r - 1][table - 1][1]);
      t->add_boards(2 * r - 1);
      t->add_boards(2 * r);
    }
  }
  ASSERT_THAT(Define(howell), IsOk());
  ASSERT_THAT(Start(1), IsOk());
  const int tricks[4][3] = {{11, 10, 9}, {8, 9, 8}, {10, 10, 10}, {10, 9, 8}};
  const int level[4][3] = {{4, 4, 4}, {2, 3, 3}, {4, 4, 3}, {4, 4, 4}};
  for (int board = 1; board <= 4; ++board) {
    for (int table = 1; table <= 3; ++table) {
      ASSERT_THAT(client_->Enter(1, table, board,
                                 Played(level[board - 1][table - 1],
                                        v1::STRAIN_SPADES, v1::SEAT_NORTH,
                                        tricks[board - 1][table - 1])),
                  IsOk());
    }
  }
  ASSERT_THAT(client_->Post(1), IsOk());

  absl::StatusOr<v1::Traveller> board4 = Traveller(1, 4);
  ASSERT_THAT(board4, IsOk());
  EXPECT_EQ(board4->scoring(), "cross_imps");
  EXPECT_FALSE(board4->has_datum());
  std::vector<std::string> lines;
  for (const v1::TravellerLine& l : board4->lines()) {
    lines.push_back(absl::StrCat(l.ns_pair(), "v", l.ew_pair(), " ",
                                 l.ns_score(), " ",
                                 FractionText(l.ns_cross_imps()), " ",
                                 FractionText(l.ew_cross_imps())));
  }
  EXPECT_THAT(lines, ElementsAre("2v3 620 25/2 -25/2", "4v5 -100 -9/2 9/2",
                                 "6v1 -200 -8 8"));
  // Pair 1 sat EW in round 2: its card shows EW's side.
  absl::StatusOr<v1::Scorecard> card1 = Scorecard(1, 1);
  ASSERT_THAT(card1, IsOk());
  std::vector<std::string> card;
  for (const v1::ScorecardLine& l : card1->lines()) {
    card.push_back(absl::StrCat(l.board(), " ", l.score(), " ",
                                FractionText(l.cross_imps())));
  }
  EXPECT_THAT(card, ElementsAre("1 450 6", "2 110 2", "3 -170 6", "4 200 8"));
  EXPECT_EQ(FractionText(card1->net_imps()), "22");

  absl::StatusOr<v1::Standings> session = Standings(1);
  ASSERT_THAT(session, IsOk());
  EXPECT_EQ(session->scoring(), "cross_imps");
  ASSERT_EQ(session->fields_size(), 1);
  EXPECT_EQ(session->fields(0).name(), "ALL");
  std::vector<std::string> rows;
  for (const v1::StandingsRow& r : session->fields(0).rows()) {
    rows.push_back(
        absl::StrCat(r.rank(), " ", r.pair(), " ", FractionText(r.net_imps())));
  }
  EXPECT_THAT(rows, ElementsAre("1 1 22", "2 2 15/2", "3 6 2", "4 3 -15/2",
                                "5 4 -19/2", "6 5 -29/2"));
  absl::StatusOr<v1::CompetitionStandings> overall = Overall();
  ASSERT_THAT(overall, IsOk());
  ASSERT_EQ(overall->fields_size(), 1);
  EXPECT_THAT(Rows(overall->fields(0)),
              ElementsAre("1 1 22 ", "2 2 7.50 score", "3 6 2 score",
                          "4 3 -7.50 score", "5 4 -9.50 score",
                          "6 5 -14.50 score"));
}

}  // namespace
}  // namespace tally::testing
