// End to end: the offence register through the gRPC API on a real tallyd.
// Under nsw_swiss_pairs (NSW TR 6.4) pair 1's first slow play is a warning,
// its second a month later costs 1 VP, taken off its match standings total;
// a bad request is refused and appends nothing; after a restart the register
// replays to the same bytes. The register spans the whole log: the same two
// players' later offence in another tournament counts as their third (6.7).

#include <chrono>
#include <memory>
#include <string>

#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
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
                       const std::string& day) {
    v1::RecordOffenceRequest r;
    r.mutable_options()->set_idempotency_key(
        absl::StrCat("offence-", ++commands_));
    r.set_tournament_id(tournament);
    r.set_competition_id(competition);
    r.set_entrant(entrant);
    r.set_offence("slow_play");
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

}  // namespace
}  // namespace tally::testing
