// End to end (issue #18, teams): `tally import` of the hand-worked USEBIO
// Swiss teams file tests/interchange/usebio_swiss_teams.xml (4 teams, 3
// rounds of 10-board matches; IMPs and VPs worked in
// tests/interchange/README.md) into a real tallyd under nsw_swiss_teams:
// the file's draws recorded as drawn (the audit's recomputation agrees),
// tally's VPs, totals and places equal to the file's, every event carrying
// the file's name, hash and line, a second import appending nothing,
// `tally export-session` giving back a file equal to the original on every
// figure; and refused files (a contradiction in the file, a profile whose
// match length is not the file's) appending nothing.

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/teams_file.h"
#include "server/interchange/usebio_teams_reader.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/client_calls.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kFile[] = "usebio_swiss_teams.xml";

std::string FixturePath() {
  return absl::StrCat(TALLY_INTERCHANGE_FIXTURES, "/", kFile);
}

class UsebioTeamsEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(tallyd_.Start().ok());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
    audit_ = v1::AuditService::NewStub(tallyd_.channel());
  }

  std::vector<v1::Event> Log() {
    absl::StatusOr<std::vector<v1::Event>> log =
        ReadWholeLog(*tallyd_.channel());
    EXPECT_TRUE(log.ok()) << log.status();
    return log.ok() ? *std::move(log) : std::vector<v1::Event>();
  }

  std::string Import(const std::string& path, const std::string& tournament,
                     const std::string& profile = "nsw_swiss_teams") {
    return RunTallyCli(tallyd_.address(),
                       absl::StrCat("import ", path, " ", tournament,
                                    " --profile=", profile, " 2>&1"));
  }

  // `from` replaced by `to` in the fixture, written to the test's directory.
  std::string Edited(const std::string& from, const std::string& to) {
    const std::string path = absl::StrCat(dir_, "/edited.xml");
    std::ofstream(path, std::ios::binary)
        << absl::StrReplaceAll(ReadFileBytes(FixturePath()), {{from, to}});
    return path;
  }

  const std::string dir_ = MakeTempDir("usebio_teams");
  TallydProcess tallyd_{TallydPath(), dir_ + "/data"};
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
};

TEST_F(UsebioTeamsEndToEndTest,
       SwissTeamsImportGivesTheFilesFiguresAndRoundTrips) {
  const std::string out = Import(FixturePath(), "club");
  // Tournament, competition, 4 teams; each round its draw, 2 matches x 10
  // boards x 2 rooms, its posting: 6 + 3 x 42.
  EXPECT_THAT(out, HasSubstr("4 teams, 3 rounds, 6 matches, 132 events "
                             "appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));

  // The standings (tests/interchange/README.md): 4 41.33, 1 27.78,
  // 2 25.72, 3 25.17.
  {
    grpc::ClientContext context;
    v1::GetMatchStandingsRequest r;
    r.set_tournament_id("club");
    r.set_competition_id("teams");
    v1::MatchStandings standings;
    ASSERT_TRUE(query_->GetMatchStandings(&context, r, &standings).ok());
    ASSERT_EQ(standings.rows_size(), 4);
    const int entrants[] = {4, 1, 2, 3};
    const int centi[] = {4133, 2778, 2572, 2517};
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(standings.rows(i).entrant(), entrants[i]);
      EXPECT_EQ(standings.rows(i).rank(), i + 1);
      EXPECT_EQ(standings.rows(i).total().units(), centi[i]);
      EXPECT_EQ(standings.rows(i).total().places(), 2);
    }
  }
  // Each round's draw is the file's, recorded as drawn ("explicit"), and
  // the audit's recomputation of it agrees.
  for (int round = 1; round <= 3; ++round) {
    grpc::ClientContext context;
    v1::CheckDrawRequest r;
    r.set_tournament_id("club");
    r.set_competition_id("teams");
    r.set_round(round);
    v1::DrawCheck check;
    ASSERT_TRUE(audit_->CheckDraw(&context, r, &check).ok());
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().method(), "explicit");
    if (round == 2) {
      ASSERT_EQ(check.stored().matches_size(), 2);
      EXPECT_EQ(check.stored().matches(1).home(), 4);
      EXPECT_EQ(check.stored().matches(1).away(), 2);
      EXPECT_EQ(check.stored().boards(0), 11);
    }
  }
  // Every event carries the file's name, hash and the line of its fact.
  const std::vector<v1::Event> log = Log();
  ASSERT_EQ(log.size(), 132u);
  for (const v1::Event& e : log) {
    EXPECT_EQ(e.provenance().file_name(), kFile);
    EXPECT_EQ(e.provenance().file_sha256().size(), 64u);
    EXPECT_GT(e.provenance().line(), 0);
  }

  // The same file again appends nothing.
  EXPECT_THAT(Import(FixturePath(), "club"), HasSubstr("0 events appended"));
  EXPECT_EQ(Log().size(), 132u);

  // Exported back, the file reads equal to the original on every figure.
  const std::string exported = absl::StrCat(dir_, "/club.xml");
  EXPECT_THAT(
      RunTallyCli(tallyd_.address(), absl::StrCat("export-session club teams 0 "
                                                  "--format=usebio --output=",
                                                  exported)),
      HasSubstr("wrote"));
  absl::StatusOr<interchange::TeamsFile> original =
      interchange::ReadUsebioTeams(ReadFileBytes(FixturePath()), kFile);
  absl::StatusOr<interchange::TeamsFile> back =
      interchange::ReadUsebioTeams(ReadFileBytes(exported), exported);
  ASSERT_THAT(original, IsOk());
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(interchange::FirstTeamsDifference(*original, *back), "");
}

TEST_F(UsebioTeamsEndToEndTest, RefusedTeamsFilesAppendNothing) {
  // IMPs the two rooms do not make (470 points: 10 IMPs, Law 78B).
  EXPECT_THAT(Import(Edited("<IMPS>10</IMPS>", "<IMPS>11</IMPS>"), "bad"),
              HasSubstr("edited.xml line 92: round 1, team 1 v 2, board 1: "
                        "<IMPS> 11"));
  // sabf_swiss_teams plays 14-board matches (SABF TR 13.2): the file's
  // 10-board matches would score other VPs.
  EXPECT_THAT(Import(FixturePath(), "bad", "sabf_swiss_teams"),
              HasSubstr("line 84: profile sabf_swiss_teams plays matches of "
                        "14 boards"));
  // A pairs profile.
  EXPECT_THAT(Import(FixturePath(), "bad", "nsw_matchpoint_pairs"),
              HasSubstr("line 8: profile nsw_matchpoint_pairs is for "
                        "EVENT_KIND_MATCHPOINT_PAIRS"));
  EXPECT_TRUE(Log().empty());
  EXPECT_THAT(Import(FixturePath(), "good"), Not(HasSubstr("INVALID")));
  EXPECT_EQ(Log().size(), 132u);
}

TEST_F(UsebioTeamsEndToEndTest, PublishedVpsOnAnotherScaleAreListedByLine) {
  // The file's round 3 match 2 printed on an integer scale (13 for 13.43):
  // the results go in, and the difference is named at the match's line.
  const std::string out = Import(
      Edited("<TEAM_SCORE>13.43</TEAM_SCORE>\n          "
             "<OPPOSING_TEAM_SCORE>6.57</OPPOSING_TEAM_SCORE>\n          "
             "<BOARD EVENT_TYPE=\"SWISS_TEAMS\">\n            "
             "<BOARD_NUMBER>21<",
             "<TEAM_SCORE>13</TEAM_SCORE>\n          "
             "<OPPOSING_TEAM_SCORE>6.57</OPPOSING_TEAM_SCORE>\n          "
             "<BOARD EVENT_TYPE=\"SWISS_TEAMS\">\n            "
             "<BOARD_NUMBER>21<"),
      "club");
  EXPECT_THAT(out, HasSubstr("1 published figures differ from tally's"));
  EXPECT_THAT(out, HasSubstr("edited.xml line 863: round 3, 2 v 3: TEAM_SCORE "
                             "13.00 VPs, tally 13.43"));
}

}  // namespace
}  // namespace tally::testing
