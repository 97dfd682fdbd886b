// The teams files' end-to-end fixture (see teams_interchange_test.h).

#include "tests/teams_interchange_test.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "tests/client_calls.h"

namespace tally::testing {

StandingsRow Row(int rank, int team, int centi_vps) {
  return {rank, team, core::Rational(centi_vps, 100)};
}

std::string InterchangeFixture(const std::string& file) {
  return absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/", file);
}

TeamsInterchangeTest::TeamsInterchangeTest(const std::string& name)
    : dir_(MakeTempDir(name)), tallyd_(TallydPath(), dir_ + "/data") {}

void TeamsInterchangeTest::SetUp() {
  ASSERT_TRUE(tallyd_.Start().ok());
  query_ = v1::QueryService::NewStub(tallyd_.channel());
  audit_ = v1::AuditService::NewStub(tallyd_.channel());
}

std::vector<v1::Event> TeamsInterchangeTest::Log() {
  absl::StatusOr<std::vector<v1::Event>> log = ReadWholeLog(*tallyd_.channel());
  EXPECT_TRUE(log.ok()) << log.status();
  return log.ok() ? *std::move(log) : std::vector<v1::Event>();
}

std::string TeamsInterchangeTest::Import(const std::string& path,
                                         const std::string& tournament,
                                         const std::string& profile) {
  return RunTallyCli(tallyd_.address(),
                     absl::StrCat("import ", path, " ", tournament,
                                  " --profile=", profile, " 2>&1"));
}

std::vector<StandingsRow> TeamsInterchangeTest::Standings(
    const std::string& tournament) {
  grpc::ClientContext context;
  v1::GetMatchStandingsRequest r;
  r.set_tournament_id(tournament);
  r.set_competition_id("teams");
  v1::MatchStandings standings;
  grpc::Status s = query_->GetMatchStandings(&context, r, &standings);
  EXPECT_TRUE(s.ok()) << s.error_message();
  std::vector<StandingsRow> rows;
  for (const v1::MatchStandingsRow& row : standings.rows()) {
    rows.emplace_back(
        row.rank(), row.entrant(),
        core::Decimal(row.total().units(), row.total().places()).ToRational());
  }
  return rows;
}

v1::DrawCheck TeamsInterchangeTest::CheckDraw(int round,
                                              const std::string& tournament) {
  grpc::ClientContext context;
  v1::CheckDrawRequest r;
  r.set_tournament_id(tournament);
  r.set_competition_id("teams");
  r.set_round(round);
  v1::DrawCheck check;
  grpc::Status s = audit_->CheckDraw(&context, r, &check);
  EXPECT_TRUE(s.ok()) << s.error_message();
  return check;
}

v1::KnockoutResults TeamsInterchangeTest::KnockoutResults(
    const std::string& tournament) {
  grpc::ClientContext context;
  v1::GetKnockoutResultsRequest r;
  r.set_tournament_id(tournament);
  r.set_competition_id("teams");
  v1::KnockoutResults k;
  grpc::Status s = query_->GetKnockoutResults(&context, r, &k);
  EXPECT_TRUE(s.ok()) << s.error_message();
  return k;
}

std::vector<std::string> TeamsInterchangeTest::MatchLines(
    const v1::KnockoutResults& k) {
  std::vector<std::string> lines;
  for (const v1::KnockoutMatch& m : k.matches()) {
    auto total = [](const v1::Fraction& f) {
      return core::Rational(f.numerator(), f.denominator()).ToString();
    };
    lines.push_back(absl::StrCat(
        m.label(), ": ", m.home(), " ", total(m.home_total()), " - ", m.away(),
        " ", total(m.away_total()), ", ", m.outcome(), " by ", m.winner()));
  }
  return lines;
}

}  // namespace tally::testing
