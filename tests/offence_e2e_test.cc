// End to end: the offence register through the gRPC API on a real tallyd.
// Under nsw_swiss_pairs (NSW TR 6.4) pair 1's first slow play is a warning,
// its second a month later costs 1 VP, taken off its match standings total;
// a bad request is refused and appends nothing; after a restart the register
// replays to the same bytes. The register spans the whole log: the same two
// players' later offence in another tournament counts as their third (6.7).
// In a matchpoint pairs event the second slow play's "25% of a top" comes
// off the pair's session total as matchpoints (issue #5 item 8).

#include <chrono>
#include <memory>
#include <string>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "google/protobuf/text_format.h"
#include "gtest/gtest.h"
#include "server/grpc_status.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

class OffenceE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect();
  }

  void Connect() {
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "nsw", "swiss");
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
  }

  std::unique_ptr<grpc::ClientContext> Context() {
    auto context = std::make_unique<grpc::ClientContext>();
    context->set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(60));
    context->AddMetadata("tally-identity", "td:test");
    return context;
  }

  absl::Status Offence(const std::string& tournament,
                       const std::string& competition, int entrant,
                       const std::string& day,
                       const std::string& offence = "slow_play") {
    v1::RecordOffenceRequest r;
    r.mutable_options()->set_idempotency_key(
        absl::StrCat("offence-", ++commands_));
    r.set_tournament_id(tournament);
    r.set_competition_id(competition);
    r.set_entrant(entrant);
    r.set_offence(offence);
    r.set_round(1);
    r.set_day(day);
    r.set_reason("round 1 not finished in time");
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RecordOffence(Context().get(), r, &out));
  }

  absl::StatusOr<v1::OffenceRegister> Register(const std::string& offender) {
    v1::GetOffenceRegisterRequest r;
    r.set_offender(offender);
    v1::OffenceRegister out;
    grpc::Status s = query_->GetOffenceRegister(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  std::string Total(int entrant) {
    absl::StatusOr<v1::MatchStandings> s = client_->Standings();
    if (!s.ok()) return s.status().ToString();
    for (const v1::MatchStandingsRow& row : s->rows()) {
      if (row.entrant() == entrant) {
        return DecimalText(row.total()) + " less " +
               DecimalText(row.penalties());
      }
    }
    return "not ranked";
  }

  // Session 1 of competition "mp" of `tournament`: table 1 NS 1 v EW 3,
  // table 2 NS 2 v EW 4, boards 1-2; board 1 4S= +420 at table 1 and 4S-1
  // -50 at table 2, board 2 passed out twice: pair 1 3 of 4 MP, 75.00%.
  void PlayTwoTables(MatchClient& club, const std::string& tournament) {
    v1::DefineSessionRequest d;
    ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(
        R"pb(competition_id: "mp"
             session: 1
             explicit_movement {
               rounds {
                 round: 1
                 tables {
                   table: 1
                   ns_pair: 1
                   ew_pair: 3
                   boards: [ 1, 2 ]
                 }
                 tables {
                   table: 2
                   ns_pair: 2
                   ew_pair: 4
                   boards: [ 1, 2 ]
                 }
               }
             })pb",
        &d));
    d.mutable_options()->set_idempotency_key(tournament + "-define");
    d.set_tournament_id(tournament);
    v1::CommandOutcome out;
    ASSERT_TRUE(director_->DefineSession(Context().get(), d, &out).ok());
    v1::StartSessionRequest start;
    start.mutable_options()->set_idempotency_key(tournament + "-start");
    start.set_tournament_id(tournament);
    start.set_competition_id("mp");
    start.set_session(1);
    ASSERT_TRUE(director_->StartSession(Context().get(), start, &out).ok());
    ASSERT_THAT(
        club.Enter(1, 1, 1, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)),
        IsOk());
    ASSERT_THAT(
        club.Enter(1, 2, 1, Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9)),
        IsOk());
    ASSERT_THAT(club.Enter(1, 1, 2, PassedOut()), IsOk());
    ASSERT_THAT(club.Enter(1, 2, 2, PassedOut()), IsOk());
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("offence")};
  std::unique_ptr<MatchClient> client_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  int commands_ = 0;
};

TEST_F(OffenceE2eTest, TheSecondSlowPlayCostsAVpAndCarriesOverToAnotherEvent) {
  ASSERT_THAT(
      client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS, "nsw_swiss_pairs", 3),
      IsOk());
  ASSERT_THAT(client_->RegisterPairs(8), IsOk());
  absl::StatusOr<v1::DrawMade> draw = client_->Draw(1, 1);
  ASSERT_THAT(draw, IsOk());
  // Every board passed out at the four tables: the datum 0, each match
  // level, 10 VPs each (a 20-VP scale).
  for (const v1::DrawnMatch& m : draw->matches()) {
    for (int board : draw->boards()) {
      ASSERT_THAT(client_->Enter(1, m.table(), board, PassedOut()), IsOk());
    }
  }
  ASSERT_THAT(client_->Post(1), IsOk());
  EXPECT_EQ(Total(1), "10.00 less 0.00");

  // A day that is not a day, and an unknown pair: refused, nothing added.
  absl::StatusOr<uint64_t> length = client_->LogLength();
  ASSERT_THAT(length, IsOk());
  EXPECT_THAT(
      Offence("nsw", "swiss", 1, "yesterday"),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("YYYY-MM-DD")));
  EXPECT_THAT(Offence("nsw", "swiss", 9, "2026-03-01"),
              StatusIs(absl::StatusCode::kNotFound));
  EXPECT_EQ(client_->LogLength().value_or(0), *length);

  // First offence: a warning (6.4); second: 1 VP off the total.
  ASSERT_THAT(Offence("nsw", "swiss", 1, "2026-03-01"), IsOk());
  EXPECT_EQ(Total(1), "10.00 less 0.00");
  ASSERT_THAT(Offence("nsw", "swiss", 1, "2026-04-01"), IsOk());
  EXPECT_EQ(Total(1), "9.00 less 1.00");

  // The same players in another tournament: their third offence (6.7),
  // 2 VPs there ("Third offence: 2 VPs").
  MatchClient other(tallyd_.channel(), "nsw-2", "swiss");
  ASSERT_THAT(
      other.Create(v1::COMPETITION_KIND_SWISS_PAIRS, "nsw_swiss_pairs", 3),
      IsOk());
  ASSERT_THAT(other.RegisterPairs(8), IsOk());
  // Not before its round 1 is drawn: an offence names a round in play.
  EXPECT_THAT(Offence("nsw-2", "swiss", 1, "2026-05-01"),
              StatusIs(absl::StatusCode::kNotFound,
                       HasSubstr("round 1 of 'swiss' is not drawn yet")));
  ASSERT_THAT(other.Draw(1, 1), IsOk());
  ASSERT_THAT(Offence("nsw-2", "swiss", 1, "2026-05-01"), IsOk());

  absl::StatusOr<v1::OffenceRegister> reg =
      Register("pair P1 North & P1 South");
  ASSERT_THAT(reg, IsOk());
  ASSERT_EQ(reg->entries_size(), 3);
  EXPECT_EQ(reg->entries(0).offence().occurrence(), 1);
  EXPECT_FALSE(reg->entries(0).offence().has_vps());
  EXPECT_EQ(reg->entries(1).offence().occurrence(), 2);
  EXPECT_EQ(DecimalText(reg->entries(1).offence().vps()), "1.00");
  EXPECT_EQ(reg->entries(2).tournament_id(), "nsw-2");
  EXPECT_EQ(reg->entries(2).offence().occurrence(), 3);
  EXPECT_EQ(DecimalText(reg->entries(2).offence().vps()), "2.00");

  // A restarted server replays the register to the same bytes.
  const std::string before = reg->SerializeAsString();
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  Connect();
  absl::StatusOr<v1::OffenceRegister> after =
      Register("pair P1 North & P1 South");
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->SerializeAsString(), before);
  EXPECT_EQ(Total(1), "9.00 less 1.00");
}

// nsw_matchpoint_pairs, session 1: table 1 NS 1 v EW 3, table 2 NS 2 v EW
// 4, boards 1-2, each played twice: a top of 2 (2 x (2 - 1)). Board 1:
// table 1 4S= +420, table 2 4S-1 -50: NS 1 2, EW 3 0, NS 2 0, EW 4 2;
// board 2 passed out twice: 1 each. Pair 1 3 of 4, 75.00%. Its first slow
// play is a warning (NSW TR 6.4); its second "25% of a top": 1/2 MP off
// its session 1 total, 5/2 of 4, 62.50%.
TEST_F(OffenceE2eTest, InMatchpointPairsAQuarterTopComesOffTheSessionTotal) {
  MatchClient club(tallyd_.channel(), "club", "mp");
  ASSERT_THAT(club.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                          "nsw_matchpoint_pairs"),
              IsOk());
  ASSERT_THAT(club.RegisterPairs(4), IsOk());
  PlayTwoTables(club, "club");
  if (HasFatalFailure()) return;

  auto pair_one = [&]() -> std::string {
    v1::GetStandingsRequest r;
    r.set_tournament_id("club");
    r.set_competition_id("mp");
    r.set_session(1);
    v1::Standings s;
    grpc::Status st = query_->GetStandings(Context().get(), r, &s);
    if (!st.ok()) return st.error_message();
    for (const v1::StandingsField& f : s.fields()) {
      for (const v1::StandingsRow& row : f.rows()) {
        if (row.pair() != 1) continue;
        return absl::StrCat(row.matchpoints().numerator(), "/",
                            row.matchpoints().denominator(), " of ",
                            row.maximum(), ", ", DecimalText(row.percentage()));
      }
    }
    return "pair 1 not ranked";
  };
  EXPECT_EQ(pair_one(), "3/1 of 4, 75.00");
  ASSERT_THAT(Offence("club", "mp", 1, "2026-03-01"), IsOk());  // warning
  EXPECT_EQ(pair_one(), "3/1 of 4, 75.00");
  ASSERT_THAT(Offence("club", "mp", 1, "2026-03-08"), IsOk());
  EXPECT_EQ(pair_one(), "5/2 of 4, 62.50");

  absl::StatusOr<v1::OffenceRegister> reg =
      Register("pair P1 North & P1 South");
  ASSERT_THAT(reg, IsOk());
  ASSERT_EQ(reg->entries_size(), 2);
  const v1::OffenceRecorded& second = reg->entries(1).offence();
  EXPECT_EQ(second.occurrence(), 2);
  EXPECT_EQ(second.deducted(),
            "25% of a top of 2 = 1/2 MP off pair 1's session 1 total (NSW "
            "TR 6.4)");
}

// SABF TR 11.10, "Mis-scoring: 1% deducted from the final score for each
// pair", under sabf_matchpoint_pairs, the session above posted: pair 1's
// 75.00% is its final score (one session, SABF TR 11.3); one percentage
// point off it, 74.00 in the competition standings, the session's own
// 75.00% untouched.
TEST_F(OffenceE2eTest, SabfMisScoringTakesAPointOffTheFinalScore) {
  MatchClient club(tallyd_.channel(), "sabf", "mp");
  ASSERT_THAT(club.Create(v1::COMPETITION_KIND_MATCHPOINT_PAIRS,
                          "sabf_matchpoint_pairs"),
              IsOk());
  ASSERT_THAT(club.RegisterPairs(4), IsOk());
  PlayTwoTables(club, "sabf");
  if (HasFatalFailure()) return;
  ASSERT_THAT(club.Post(1), IsOk());
  ASSERT_THAT(Offence("sabf", "mp", 1, "2026-03-01", "mis_scoring"), IsOk());
  v1::GetCompetitionStandingsRequest r;
  r.set_tournament_id("sabf");
  r.set_competition_id("mp");
  v1::CompetitionStandings s;
  ASSERT_TRUE(query_->GetCompetitionStandings(Context().get(), r, &s).ok());
  std::string pair_one;
  for (const v1::CompetitionStandingsRow& row : s.rows()) {
    if (row.pair() != 1) continue;
    pair_one = absl::StrCat(DecimalText(row.aggregate_display()), " less ",
                            FractionText(row.percentage_points_deducted()),
                            ", session ",
                            DecimalText(row.sessions(0).counted_display()));
  }
  EXPECT_EQ(pair_one, "74.00 less 1, session 75.00");
}

}  // namespace
}  // namespace tally::testing
