// End to end (issue #18, teams): SABF TR 14.1's share match through
// USEBIO in tally's form (docs/interchange.md, "Share matches": three
// MATCHes a share match, each with its SHARE_MATCH letter, the team at its
// North-South table as OPPOSING_TEAM, its own VPs and its two tables on
// every board).
//
// ImportsTheFixture...: `tally import` of the hand-worked
// tests/interchange/usebio_swiss_teams_share.xml (five teams, two rounds of
// 10-board matches, one two-team match and one share match a round; every
// IMP and VP worked in tests/interchange/README.md) into a real tallyd under
// nsw_swiss_teams: each round's draw recorded with its share match (the
// audit's recomputation agrees), the README's totals, every published
// figure agreeing, a second import appending nothing and the export reading
// back equal to the file.
//
// AnOddSwissRunInTally...: an odd Swiss teams field run in tally, its
// rounds drawn by tally's Swiss draw, exported with `tally export-session
// --format=usebio` and read back: every figure is tally's, the three
// MATCHes pass the reader's share check, and the file imports into another
// tournament with every published figure agreeing.
//
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/decimal.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/interchange/teams_file.h"
#include "server/interchange/teams_share_match.h"
#include "server/interchange/usebio_teams_reader.h"
#include "server/interchange/usebio_teams_writer.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"
#include "tests/teams_interchange_test.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr char kFixture[] = "usebio_swiss_teams_share.xml";

std::string FixturePath() { return InterchangeFixture(kFixture); }

class UsebioTeamsShareEndToEndTest : public TeamsInterchangeTest {
 protected:
  UsebioTeamsShareEndToEndTest() : TeamsInterchangeTest("usebio_teams_share") {}

  std::unique_ptr<MatchClient> client_;
};

TEST_F(UsebioTeamsShareEndToEndTest,
       ImportsTheFixtureWithItsShareMatchesAndExportsItBackEqual) {
  const std::string out = Import(FixturePath(), "club", "nsw_swiss_teams");
  // Tournament, competition, 5 teams; each round its draw, the match's 10
  // boards x 2 rooms, the share's 10 boards x 3 tables (each once), its
  // posting: 7 + 2 x 52.
  EXPECT_THAT(out, HasSubstr("111 events appended"));
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  // tests/interchange/README.md: 5 21.29, 2 20.85, 1 20.29, 3 18.60, 4
  // 18.47.
  EXPECT_THAT(Standings("club"),
              ElementsAre(Row(1, 5, 2129), Row(2, 2, 2085), Row(3, 1, 2029),
                          Row(4, 3, 1860), Row(5, 4, 1847)));
  // Each round's draw is the file's (README: round 1 1 v 2, share A 3, B
  // 4, C 5; round 2 1 v 3, share A 2, B 5, C 4), recorded with the share
  // at table 2, and the audit's recomputation agrees.
  const int shares[2][3] = {{3, 4, 5}, {2, 5, 4}};
  const int away[2] = {2, 3};
  for (int round = 1; round <= 2; ++round) {
    const v1::DrawCheck check = CheckDraw(round, "club");
    EXPECT_TRUE(check.agrees()) << "round " << round;
    const v1::DrawMade& d = check.stored();
    EXPECT_EQ(d.method(), "explicit");
    ASSERT_EQ(d.matches_size(), 1);
    EXPECT_EQ(d.matches(0).home(), 1);
    EXPECT_EQ(d.matches(0).away(), away[round - 1]);
    EXPECT_EQ(d.share().table(), 2);
    EXPECT_EQ(d.share().a(), shares[round - 1][0]);
    EXPECT_EQ(d.share().b(), shares[round - 1][1]);
    EXPECT_EQ(d.share().c(), shares[round - 1][2]);
  }
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "club", "teams");
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(Import(FixturePath(), "club", "nsw_swiss_teams"),
              HasSubstr("0 events appended"));
  absl::StatusOr<uint64_t> after = client_->LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);

  // Exported back in tally's form, the file reads equal to the original on
  // every figure.
  const std::string exported = absl::StrCat(dir_, "/club.xml");
  EXPECT_THAT(
      RunTallyCli(tallyd_.address(), absl::StrCat("export-session club teams 0 "
                                                  "--format=usebio --output=",
                                                  exported)),
      HasSubstr("wrote"));
  absl::StatusOr<interchange::TeamsFile> original =
      interchange::ReadUsebioTeams(ReadFileBytes(FixturePath()), kFixture);
  absl::StatusOr<interchange::TeamsFile> back =
      interchange::ReadUsebioTeams(ReadFileBytes(exported), "club.xml");
  ASSERT_THAT(original, IsOk());
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(interchange::FirstTeamsDifference(*original, *back), "");
}

TEST_F(UsebioTeamsShareEndToEndTest,
       AnOddSwissRunInTallyExportsItsShareMatchesAndReadsBack) {
  constexpr int kTeams = 7;
  constexpr int kRounds = 2;
  constexpr int kBoards = 14;  // SABF TR 13.2 as the profile sets it
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "odd", "teams");
  ASSERT_THAT(
      client_->Create(v1::COMPETITION_KIND_SWISS_TEAMS, "sabf_swiss_teams"),
      IsOk());
  ASSERT_THAT(client_->RegisterTeams(kTeams), IsOk());
  std::map<int, v1::DrawnShareMatch> shares;  // by round
  std::map<int, core::Rational> totals;       // by team, hand-worked
  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    ASSERT_EQ(draw->matches_size(), 2) << "round " << round;
    const v1::DrawnShareMatch share = draw->share();
    ASSERT_NE(share.table(), 0) << "round " << round;
    shares[round] = share;
    for (const v1::DrawnMatch& m : draw->matches()) {
      totals[m.home()] += core::Rational(10);
      totals[m.away()] += core::Rational(10);
    }
    totals[share.a()] += core::Rational(1297, 100);
    totals[share.b()] += core::Rational(652, 100);
    totals[share.c()] += core::Rational(1066, 100);
    const int first = (round - 1) * kBoards + 1;
    const int special = first + (17 - first % 16) % 16;  // = 1 modulo 16
    for (int board = first; board < first + kBoards; ++board) {
      for (const v1::DrawnMatch& m : draw->matches()) {
        for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
          ASSERT_THAT(
              client_->Enter(round, m.table(), board, PassedOut(), room),
              IsOk());
        }
      }
      v1::TableResult t1 = PassedOut(), t2 = PassedOut(), t3 = PassedOut();
      if (board == special) {  // nobody vulnerable
        t1 = Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
        t2 = Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9);
        t3 = Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
      }
      if (board == special + 1) {  // NS vulnerable
        t1 = Played(3, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 9);
        t2 = Played(3, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 9);
        t3 = Played(3, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 8);
      }
      ASSERT_THAT(
          client_->Enter(round, share.table(), board, t1, v1::ROOM_SHARE_1),
          IsOk());
      ASSERT_THAT(
          client_->Enter(round, share.table(), board, t2, v1::ROOM_SHARE_2),
          IsOk());
      ASSERT_THAT(
          client_->Enter(round, share.table(), board, t3, v1::ROOM_SHARE_3),
          IsOk());
    }
    ASSERT_THAT(client_->Post(round), IsOk());
  }

  const std::string path = absl::StrCat(dir_, "/odd.xml");
  EXPECT_THAT(
      RunTallyCli(tallyd_.address(), absl::StrCat("export-session odd teams 0 "
                                                  "--format=usebio --output=",
                                                  path, " 2>&1")),
      HasSubstr("wrote"));
  const std::string text = ReadFileBytes(path);
  absl::StatusOr<interchange::TeamsFile> file =
      interchange::ReadUsebioTeams(text, "odd.xml");
  ASSERT_THAT(file, IsOk()) << text.substr(0, 2000);
  ASSERT_EQ(file->matches.size(), 10u);  // a round: 2 matches + 3 share teams
  for (int round = 1; round <= kRounds; ++round) {
    const v1::DrawnShareMatch& s = shares[round];
    const std::vector<const interchange::FileMatch*> share =
        interchange::ShareMatchesOfRound(*file, round);
    ASSERT_EQ(share.size(), 3u) << "round " << round;
    // A meets B at its NS table, B meets C, C meets A (SABF TR 14.1).
    EXPECT_EQ(share[0]->team, s.a());
    EXPECT_EQ(share[0]->opponent, s.b());
    EXPECT_EQ(share[1]->team, s.b());
    EXPECT_EQ(share[1]->opponent, s.c());
    EXPECT_EQ(share[2]->team, s.c());
    EXPECT_EQ(share[2]->opponent, s.a());
    EXPECT_EQ(share[0]->team_score, core::Rational(1297, 100));
    EXPECT_EQ(share[1]->team_score, core::Rational(652, 100));
    EXPECT_EQ(share[2]->team_score, core::Rational(1066, 100));
    // The special boards: A +10 then 0, B 0 then -12, C -10 then +12.
    const int special = round == 1 ? 1 : 17;
    auto imps = [&](const interchange::FileMatch* m, int board) {
      for (const interchange::FileMatchBoard& b : m->boards) {
        if (b.board == board && b.imps.has_value()) return *b.imps;
      }
      return core::Rational(99);
    };
    EXPECT_EQ(imps(share[0], special), core::Rational(10));
    EXPECT_EQ(imps(share[0], special + 1), core::Rational(0));
    EXPECT_EQ(imps(share[1], special), core::Rational(0));
    EXPECT_EQ(imps(share[1], special + 1), core::Rational(-12));
    EXPECT_EQ(imps(share[2], special), core::Rational(-10));
    EXPECT_EQ(imps(share[2], special + 1), core::Rational(12));
  }
  // Each team's TOTAL_SCORE is its two rounds' VPs (hand-worked above).
  for (const interchange::FileTeam& t : file->teams) {
    EXPECT_EQ(t.total, totals[t.team]) << "team " << t.team;
  }
  // Written again from what was read, the file reads back equal.
  absl::StatusOr<std::string> again = interchange::WriteUsebioTeams(*file);
  ASSERT_THAT(again, IsOk());
  absl::StatusOr<interchange::TeamsFile> back =
      interchange::ReadUsebioTeams(*again, "again.xml");
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(interchange::FirstTeamsDifference(*file, *back), "");

  // Imported into another tournament, every round is recorded as drawn and
  // every published figure (each share team's VPs and IMPs) agrees.
  const std::string out = Import(path, "copy", "sabf_swiss_teams");
  EXPECT_THAT(out, HasSubstr("every published figure in the file agrees"));
  for (int round = 1; round <= kRounds; ++round) {
    const v1::DrawCheck check = CheckDraw(round, "copy");
    EXPECT_TRUE(check.agrees()) << "round " << round;
    EXPECT_EQ(check.stored().share().a(), shares[round].a());
  }
  for (const auto& [rank, team, total] : Standings("copy")) {
    EXPECT_EQ(total, totals[team]) << "team " << team;
  }
}

}  // namespace
}  // namespace tally::testing
