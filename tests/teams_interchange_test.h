// The end-to-end tests of teams files (USEBIO and PBN, share matches): a
// real tallyd, `tally import` of a file, and the answers they check, read
// the same way in each. Test only.

#ifndef TALLY_TESTS_TEAMS_INTERCHANGE_TEST_H_
#define TALLY_TESTS_TEAMS_INTERCHANGE_TEST_H_

#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/base/rational.h"
#include "gtest/gtest.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/tallyd_process.h"

namespace tally::testing {

// A row of TeamsInterchangeTest::Standings(): rank, team and total VPs.
using StandingsRow = std::tuple<int, int, core::Rational>;
// Rank, team and the total in hundredths of a VP (4133: 41.33).
StandingsRow Row(int rank, int team, int centi_vps);

// The interchange fixture `file` (tests/interchange/) as a path.
std::string InterchangeFixture(const std::string& file);

class TeamsInterchangeTest : public ::testing::Test {
 protected:
  // The test's files and tallyd's data go to a new temporary directory
  // named after `name`.
  explicit TeamsInterchangeTest(const std::string& name);
  void SetUp() override;

  std::vector<v1::Event> Log();

  // `tally import PATH TOURNAMENT --profile=PROFILE`, its output and errors.
  std::string Import(const std::string& path, const std::string& tournament,
                     const std::string& profile = "nsw_swiss_teams");

  // Competition "teams" of `tournament`, best first.
  std::vector<StandingsRow> Standings(const std::string& tournament = "club");

  // The audit's check of round `round`'s stored draw.
  v1::DrawCheck CheckDraw(int round, const std::string& tournament = "club");

  // The knock-out competition's results (GetKnockoutResults).
  v1::KnockoutResults KnockoutResults(const std::string& tournament = "club");

  // Each knock-out match as "label: home total - away total, outcome by
  // winner".
  static std::vector<std::string> MatchLines(const v1::KnockoutResults& k);

  const std::string dir_;
  TallydProcess tallyd_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

}  // namespace tally::testing

#endif  // TALLY_TESTS_TEAMS_INTERCHANGE_TEST_H_
