// End to end: a real tallyd process on a loopback port and a temporary data
// directory, a full 7-table 21-board matchpoint pairs session played
// through the gRPC API, and the ranking compared with the hand-worked
// figures in seven_table_session.cc. Then bad input, each refused with a
// precise status and without touching the log.

#include <map>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"
#include "tests/seven_table_session.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

constexpr char kTournament[] = "e2e";

class SessionEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(tallyd_.Start().ok());
    venue_ = v1::VenueService::NewStub(tallyd_.channel());
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
    audit_ = v1::AuditService::NewStub(tallyd_.channel());
    ASSERT_THAT(SetUpSession(*tallyd_.channel(), kTournament), IsOk());
  }

  absl::Status Enter(const v1::EnterResultRequest& r,
                     v1::EnterResultResponse* out = nullptr) {
    grpc::ClientContext context;
    v1::EnterResultResponse response;
    return server::FromGrpcStatus(
        venue_->EnterResult(&context, r, out ? out : &response));
  }

  v1::Standings Standings() {
    grpc::ClientContext context;
    v1::GetStandingsRequest r;
    r.set_tournament_id(kTournament);
    r.set_competition_id(kCompetition);
    r.set_session(1);
    v1::Standings out;
    EXPECT_TRUE(query_->GetStandings(&context, r, &out).ok());
    return out;
  }

  uint64_t LogLength() {
    grpc::ClientContext context;
    v1::ChainVerification v;
    EXPECT_TRUE(audit_->VerifyChain(&context, {}, &v).ok());
    EXPECT_TRUE(v.ok()) << v.problem();
    return v.events_checked();
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("e2e")};
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

// pair -> (rank, tied, percentage in hundredths), from the hand working.
struct Expected {
  int rank;
  bool tied;
  int64_t percent_hundredths;
  int64_t matchpoints;
};

TEST_F(SessionEndToEndTest, PlaysAFullSessionToTheHandCheckedRanking) {
  for (const v1::EnterResultRequest& r : AllScriptedResults(kTournament)) {
    ASSERT_THAT(Enter(r), IsOk()) << r.ShortDebugString();
  }
  {
    grpc::ClientContext context;
    v1::PostScoresRequest post;
    post.mutable_options()->set_idempotency_key("post");
    post.set_tournament_id(kTournament);
    post.set_competition_id(kCompetition);
    post.set_session(1);
    v1::CommandOutcome outcome;
    ASSERT_TRUE(director_->PostScores(&context, post, &outcome).ok());
  }

  const std::map<int, Expected> expected_ns = {
      {7, {1, false, 9643, 243}}, {4, {2, true, 6548, 165}},
      {5, {2, true, 6548, 165}},  {6, {2, true, 6548, 165}},
      {2, {5, true, 2738, 69}},   {3, {5, true, 2738, 69}},
      {1, {7, false, 238, 6}}};
  const std::map<int, Expected> expected_ew = {
      {9, {1, false, 5714, 144}}, {11, {2, false, 5595, 141}},
      {12, {3, true, 5357, 135}}, {13, {3, true, 5357, 135}},
      {8, {5, true, 5119, 129}},  {10, {5, true, 5119, 129}},
      {14, {7, false, 2738, 69}}};

  v1::Standings s = Standings();
  EXPECT_EQ(s.results_entered(), 147);
  EXPECT_EQ(s.results_expected(), 147);
  ASSERT_EQ(s.fields_size(), 2);  // a Mitchell: NS and EW fields
  for (const auto& [field, expected] : {std::pair{s.fields(0), expected_ns},
                                        std::pair{s.fields(1), expected_ew}}) {
    ASSERT_EQ(field.rows_size(), 7) << field.name();
    int previous_rank = 0;
    for (const v1::StandingsRow& row : field.rows()) {
      SCOPED_TRACE(absl::StrCat(field.name(), " pair ", row.pair()));
      ASSERT_TRUE(expected.contains(row.pair()));
      const Expected& e = expected.at(row.pair());
      EXPECT_EQ(row.rank(), e.rank);
      EXPECT_GE(row.rank(), previous_rank);  // listed best first
      previous_rank = row.rank();
      EXPECT_EQ(row.tied(), e.tied);
      EXPECT_EQ(row.percentage().units(), e.percent_hundredths);
      EXPECT_EQ(row.percentage().places(), 2);
      EXPECT_EQ(row.matchpoints().numerator(), e.matchpoints);
      EXPECT_EQ(row.matchpoints().denominator(), 1);
      EXPECT_EQ(row.maximum(), 252);
      EXPECT_EQ(row.boards_played(), 21);
    }
  }
  EXPECT_EQ(s.fields(0).name(), "NS");
  EXPECT_EQ(s.fields(0).rows(0).pair(), 7);
  EXPECT_EQ(s.fields(1).rows(0).pair(), 9);

  // Board 1 is in set 1, which EW 14 plays against NS 4 (q=4 in the
  // working): NS matchpoints 0, 3, 3, 11, 7, 7, 11 at tables 1..7.
  grpc::ClientContext context;
  v1::GetTravellerRequest tr;
  tr.set_tournament_id(kTournament);
  tr.set_competition_id(kCompetition);
  tr.set_session(1);
  tr.set_board(1);
  v1::Traveller traveller;
  ASSERT_TRUE(query_->GetTraveller(&context, tr, &traveller).ok());
  EXPECT_EQ(traveller.dealer(), v1::SEAT_NORTH);
  EXPECT_EQ(traveller.vulnerability(), v1::VULNERABILITY_NONE);
  const std::vector<int> board1_ns = {0, 3, 3, 11, 7, 7, 11};
  ASSERT_EQ(traveller.lines_size(), 7);
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(traveller.lines(i).table(), i + 1);
    EXPECT_EQ(traveller.lines(i).ns_matchpoints().numerator(), board1_ns[i]);
    EXPECT_EQ(traveller.lines(i).ew_matchpoints().numerator(),
              12 - board1_ns[i]);
  }
  // 4S by N, non-vulnerable: table 1 made 8 tricks (-100), table 4 made 11
  // because EW 14 sat there (+450), table 7 made 11 (+450).
  EXPECT_EQ(traveller.lines(0).ns_score(), -100);
  EXPECT_EQ(traveller.lines(3).ns_score(), 450);
  EXPECT_EQ(traveller.lines(6).ns_score(), 450);

  // Pair 14's scorecard: 21 boards, 69 matchpoints.
  grpc::ClientContext card_context;
  v1::GetScorecardRequest sr;
  sr.set_tournament_id(kTournament);
  sr.set_competition_id(kCompetition);
  sr.set_session(1);
  sr.set_pair(14);
  v1::Scorecard card;
  ASSERT_TRUE(query_->GetScorecard(&card_context, sr, &card).ok());
  EXPECT_EQ(card.lines_size(), 21);
  EXPECT_EQ(card.matchpoints().numerator(), 69);
  EXPECT_EQ(card.percentage().units(), 2738);
}

TEST_F(SessionEndToEndTest, BadInputIsRefusedPreciselyAndChangesNothing) {
  ASSERT_THAT(Enter(ScriptedResult(kTournament, 1, 1)), IsOk());
  const uint64_t length = LogLength();

  struct Case {
    std::string what;
    std::function<void(v1::EnterResultRequest&)> spoil;
    absl::StatusCode code;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"level 8",
       [](auto& r) { r.mutable_result()->mutable_played()->set_level(8); },
       absl::StatusCode::kInvalidArgument, "level 8"},
      {"tricks 14",
       [](auto& r) { r.mutable_result()->mutable_played()->set_tricks(14); },
       absl::StatusCode::kInvalidArgument, "14 tricks"},
      {"declarer X",
       [](auto& r) {
         r.mutable_result()->mutable_played()->set_declarer(
             v1::SEAT_UNSPECIFIED);
       },
       absl::StatusCode::kInvalidArgument, "declarer"},
      {"empty result", [](auto& r) { r.clear_result(); },
       absl::StatusCode::kInvalidArgument, "result is empty"},
      {"unknown tournament", [](auto& r) { r.set_tournament_id("nope"); },
       absl::StatusCode::kNotFound, "no tournament 'nope'"},
      {"unknown competition", [](auto& r) { r.set_competition_id("teams"); },
       absl::StatusCode::kNotFound, "no competition 'teams'"},
      {"unknown session", [](auto& r) { r.set_session(2); },
       absl::StatusCode::kNotFound, "no session 2"},
      {"unknown board", [](auto& r) { r.set_board(22); },
       absl::StatusCode::kNotFound, "board 22 is not played"},
      {"unknown table", [](auto& r) { r.set_table(8); },
       absl::StatusCode::kNotFound, "table 8 is not in the movement"},
      // Table 2 plays board 4 (set 2) in round 1: a Mitchell table plays
      // every board, so the round is what can be wrong.
      {"wrong round",
       [](auto& r) {
         r.set_table(2);
         r.set_board(4);
         r.set_round(3);
       },
       absl::StatusCode::kFailedPrecondition, "in round 1, not round 3"},
      {"second result", [](auto& r) {}, absl::StatusCode::kAlreadyExists,
       "changing it is a correction"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    v1::EnterResultRequest r = ScriptedResult(kTournament, 1, 1);
    r.mutable_options()->set_idempotency_key(absl::StrCat("bad ", c.what));
    c.spoil(r);
    EXPECT_THAT(Enter(r), StatusIs(c.code, HasSubstr(c.message)));
    EXPECT_EQ(LogLength(), length);
  }

  // A pair that did not play the board cannot confirm it; the right one
  // can, once.
  v1::ConfirmResultRequest confirm;
  confirm.mutable_options()->set_idempotency_key("confirm");
  confirm.set_tournament_id(kTournament);
  confirm.set_competition_id(kCompetition);
  confirm.set_session(1);
  confirm.set_table(1);
  confirm.set_board(1);
  confirm.set_confirming_pair(9);
  {
    grpc::ClientContext context;
    v1::CommandOutcome out;
    EXPECT_THAT(
        server::FromGrpcStatus(venue_->ConfirmResult(&context, confirm, &out)),
        StatusIs(absl::StatusCode::kFailedPrecondition,
                 HasSubstr("pair 9 did not play board 1")));
    EXPECT_EQ(LogLength(), length);
  }
  confirm.set_confirming_pair(EwPairAt(1, 1));
  {
    grpc::ClientContext context;
    v1::CommandOutcome out;
    EXPECT_TRUE(venue_->ConfirmResult(&context, confirm, &out).ok());
    EXPECT_EQ(LogLength(), length + 1);
  }

  // Posting with results missing is refused, naming the first gap.
  grpc::ClientContext context;
  v1::PostScoresRequest post;
  post.mutable_options()->set_idempotency_key("post too early");
  post.set_tournament_id(kTournament);
  post.set_competition_id(kCompetition);
  post.set_session(1);
  v1::CommandOutcome out;
  EXPECT_THAT(
      server::FromGrpcStatus(director_->PostScores(&context, post, &out)),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("146 results still missing")));
  EXPECT_EQ(LogLength(), length + 1);
}

}  // namespace
}  // namespace tally::testing
