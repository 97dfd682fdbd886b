// End to end (issue #18, teams): an odd Swiss teams field run in tally,
// its rounds drawn by tally's Swiss draw (SABF TR 14.1's share match each
// round), exported with `tally export-session --format=usebio` in tally's
// share form (docs/interchange.md: three MATCHes a share match, each with
// its SHARE_MATCH letter, the team at its North-South table as
// OPPOSING_TEAM, its own VPs and its two tables on every board) and read
// back: every figure is tally's, the three MATCHes pass the reader's share
// check, and importing the file is refused before anything is sent (tally
// cannot yet record a share match drawn by another program).
//
// Seven teams under sabf_swiss_teams (14-board matches on the WBF scale),
// two rounds (five teams have no second round without a repeat
// meeting). Every board is passed out everywhere but two a round at the
// share table (as tests/odd_field_e2e_test.cc scripts them): the round's
// boards numbered 1 and 2 modulo 16 (boards 1, 2; 17, 18), the first with
// nobody vulnerable, the second NS vulnerable:
//   first:  Table 1 (A NS v B) 4S= +420; Table 2 (C NS v A) 4S-1 -50;
//           Table 3 (B NS v C) 4S= +420;
//   second: Table 1 3NT= +600; Table 2 3NT= +600; Table 3 3NT-1 -100.
// A compares Table 1 with Table 2: 470 -> 10, 0: +10 IMPs, 12.97 VPs (SABF
// TR 21.10, 14 boards); B Table 3 with Table 1: 0, -700 -> -12: 6.52 (20 -
// 13.48); C Table 2 with Table 3: -470 -> -10, 700 -> 12: +2, 10.66. The
// two-team matches are 0 IMPs, 10.00 each.

#include <map>
#include <memory>
#include <string>
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
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;

class UsebioTeamsShareEndToEndTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_THAT(tallyd_.Start(), IsOk()); }

  const std::string dir_ = MakeTempDir("usebio_teams_share");
  TallydProcess tallyd_{TallydPath(), dir_ + "/data"};
  std::unique_ptr<MatchClient> client_;
};

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

  // Importing it is refused before anything is sent: nothing appended.
  absl::StatusOr<uint64_t> before = client_->LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(RunTallyCli(tallyd_.address(),
                          absl::StrCat("import ", path,
                                       " copy --profile=sabf_swiss_teams "
                                       "2>&1")),
              HasSubstr("has a share match (SABF TR 14.1, <SHARE_MATCH>); "
                        "tally cannot yet record a share match drawn by "
                        "another scoring program"));
  absl::StatusOr<uint64_t> after = client_->LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);
}

}  // namespace
}  // namespace tally::testing
