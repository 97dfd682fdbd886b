// End to end (issue #5, item 4): rulings in a knock-out and in a
// matchpoint Swiss through tallyd and the `tally rule` CLI, read back with
// `tally knockout` and `tally match-results`.
//
// Knock-out (sabf_teams_finals, week one: the First Qualifying Final, 28
// boards, 0.1 IMP carry-forward to the higher-placed team, SABF TR 13.12),
// every board passed out in both rooms. Board 1 (nobody vulnerable), open
// room, Law 12C1(b) split: home (North-South) credited with 4S= +420, 9
// IMPs against the closed room's pass; away with 4S-1, +50 to away, 2
// IMPs: each team its own IMPs (replay/rulings/knockout_rulings.h). Board 2,
// Law 90: 3 IMPs off away. Totals: home 9, away 2 - 3 = -1 (each + 0.1 if it
// holds the carry-forward).
//
// IPC (anc2025_ipc, ANC SR 15), 8 pairs, board 1 at the four tables (in
// table order) 4S= +420, 4S-1 -50, pass, 3S+1 +170, the other boards passed
// out; Law 12C2 average plus to both at the first table: 60% of a top of
// 6 = 3.6 each (ANC SR appendix, one board), 3.6 + 7 x 3 = 24.6 of 48 =
// 51.25% each, (51.25 - 35) x 2/3 = 10.83 VPs each (appendix, IPC scale).
//
// Swiss teams (nsw_swiss_teams, 10-board matches), every board passed out
// but board 1, which the open room never reached: `tally rule
// --not-played` gives average minus to home (North-South there) with no
// result entered, -2 IMPs under 11 boards (NSW TR 7.2); a result entered
// there afterwards is refused and appends nothing; the round posts.

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(MatchRulingCliE2eTest, KnockoutSplitAndImpPenalty) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("ko-ruling") + "/data");
  ASSERT_THAT(tallyd.Start(), IsOk());
  MatchClient client(tallyd.channel(), "finals", "five");
  ASSERT_THAT(
      client.Create(v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "sabf_teams_finals"),
      IsOk());
  ASSERT_THAT(client.RegisterTeams(5), IsOk());
  absl::StatusOr<v1::DrawMade> d = client.Draw(1, 11);
  ASSERT_THAT(d, IsOk());
  ASSERT_EQ(d->boards(0), 1);
  const v1::DrawnMatch m = d->matches(0);
  for (int b : d->boards()) {
    for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
      ASSERT_THAT(client.Enter(1, m.table(), b, PassedOut(), room), IsOk());
    }
  }
  const std::string where = absl::StrCat("rule finals five 1 ", m.table(), " ");
  const std::string split = RunTallyCli(
      tallyd.address(),
      where +
          "1 --law='Law 12C1(b)' --text='misinformation' "
          "--split='ns:4S N =;ew:4S N -1' --non-offending=ns --room=open 2>&1");
  EXPECT_THAT(split, Not(HasSubstr("tally:"))) << split;
  const std::string penalty =
      RunTallyCli(tallyd.address(), where +
                                        "2 --law='Law 90' --text='slow play' "
                                        "--penalty=ew:3imp --room=open 2>&1");
  EXPECT_THAT(penalty, Not(HasSubstr("tally:"))) << penalty;

  absl::StatusOr<v1::KnockoutResults> k = client.Knockout();
  ASSERT_THAT(k, IsOk());
  const v1::KnockoutMatch& ko = k->matches(0);
  ASSERT_EQ(ko.label(), m.label());
  const bool home_holds = m.carry_over_holder() == m.home();
  // 9 (+0.1) against 2 - 3 = -1 (+0.1).
  EXPECT_EQ(FractionText(ko.home_total()), home_holds ? "91/10" : "9");
  EXPECT_EQ(FractionText(ko.away_total()), home_holds ? "-1" : "-9/10");
  EXPECT_EQ(FractionText(ko.away_deducted()), "3");
  EXPECT_EQ(ko.winner(), m.home());

  const std::string shown =
      RunTallyCli(tallyd.address(), "knockout finals five");
  EXPECT_THAT(shown, HasSubstr("offence register and penalties")) << shown;
  EXPECT_THAT(shown, HasSubstr(home_holds ? "9.1" : "-0.9")) << shown;
}

TEST(MatchRulingCliE2eTest, IpcAveragePlusToBothAndARefusedImpPenalty) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("ipc-ruling") + "/data");
  ASSERT_THAT(tallyd.Start(), IsOk());
  MatchClient client(tallyd.channel(), "anc", "ipc");
  ASSERT_THAT(client.Create(v1::COMPETITION_KIND_SWISS_PAIRS, "anc2025_ipc"),
              IsOk());
  ASSERT_THAT(client.RegisterPairs(8), IsOk());
  absl::StatusOr<v1::DrawMade> d = client.Draw(1, 1);
  ASSERT_THAT(d, IsOk());
  ASSERT_EQ(d->boards(0), 1);
  std::vector<int> tables;
  for (const v1::DrawnMatch& m : d->matches()) tables.push_back(m.table());
  std::sort(tables.begin(), tables.end());
  ASSERT_EQ(tables.size(), 4u);
  const v1::TableResult board1[] = {
      Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10),
      Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9), PassedOut(),
      Played(3, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10)};
  for (int b : d->boards()) {
    for (size_t i = 0; i < tables.size(); ++i) {
      ASSERT_THAT(
          client.Enter(1, tables[i], b, b == 1 ? board1[i] : PassedOut()),
          IsOk());
    }
  }
  const std::string where = absl::StrCat("rule anc ipc 1 ", tables[0], " 1 ");
  const std::string artificial = RunTallyCli(
      tallyd.address(), where +
                            "--law='Law 12C2' --text='board unplayable' "
                            "--artificial=ns:avg+,ew:avg+ 2>&1");
  EXPECT_THAT(artificial, Not(HasSubstr("tally:"))) << artificial;
  const std::string results =
      RunTallyCli(tallyd.address(), "match-results anc ipc 1");
  EXPECT_THAT(results, HasSubstr("51.25% (away 51.25%)")) << results;
  EXPECT_THAT(results, HasSubstr("10.83 - 10.83")) << results;

  // An IMP penalty in matches scored in matchpoints: refused, nothing
  // appended.
  absl::StatusOr<uint64_t> before = client.LogLength();
  ASSERT_THAT(before, IsOk());
  const std::string refused = RunTallyCli(
      tallyd.address(),
      where + "--law='Law 90' --text='slow play' --penalty=ns:3imp 2>&1");
  EXPECT_THAT(refused, HasSubstr("scores its matches in matchpoints"))
      << refused;
  absl::StatusOr<uint64_t> after = client.LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);

  // NZ LIRG 82C: a VP penalty given in error is put right by a new one
  // naming it (ANC SR 5.3 c), 2 VPs where 0.5 was meant); the record
  // counts only the correction.
  const std::string penalty = RunTallyCli(
      tallyd.address(),
      "penalty anc ipc 5 2 --clause='ANC SR 5.3 c)' --reason='slow play'");
  EXPECT_THAT(penalty, HasSubstr("penalised entrant 5 2 VPs")) << penalty;
  absl::StatusOr<uint64_t> penalty_event = client.LogLength();
  ASSERT_THAT(penalty_event, IsOk());
  const std::string corrected = RunTallyCli(
      tallyd.address(),
      absl::StrCat("penalty anc ipc 5 0.5 --clause='ANC SR 5.3 c)' "
                   "--reason='slow play: 0.5 VP was meant' --supersedes=",
                   *penalty_event));
  EXPECT_THAT(corrected,
              HasSubstr(absl::StrCat("in place of the penalty at event ",
                                     *penalty_event, " (NZ LIRG 82C)")))
      << corrected;
  const std::string record = RunTallyCli(tallyd.address(), "record anc ipc 5");
  // 10.83 VPs won less the 0.5 in force; the first penalty is not listed.
  EXPECT_THAT(record, HasSubstr("10.33 VPs in total")) << record;
  EXPECT_THAT(record, HasSubstr("0.5  ANC SR 5.3 c)  slow play: 0.5 VP"))
      << record;
  EXPECT_THAT(record, Not(HasSubstr("slow play\n"))) << record;
}

TEST(MatchRulingCliE2eTest, TeamsBoardNotPlayedInOneRoom) {
  TallydProcess tallyd(TallydPath(), MakeTempDir("not-played") + "/data");
  ASSERT_THAT(tallyd.Start(), IsOk());
  MatchClient client(tallyd.channel(), "nsw", "teams");
  ASSERT_THAT(
      client.Create(v1::COMPETITION_KIND_SWISS_TEAMS, "nsw_swiss_teams"),
      IsOk());
  ASSERT_THAT(client.RegisterTeams(2), IsOk());
  absl::StatusOr<v1::DrawMade> d = client.Draw(1, 7);
  ASSERT_THAT(d, IsOk());
  ASSERT_EQ(d->boards(0), 1);
  const int table = d->matches(0).table();
  for (int b : d->boards()) {
    if (b != 1) {
      ASSERT_THAT(client.Enter(1, table, b, PassedOut(), v1::ROOM_OPEN),
                  IsOk());
    }
    ASSERT_THAT(client.Enter(1, table, b, PassedOut(), v1::ROOM_CLOSED),
                IsOk());
  }
  const std::string where = absl::StrCat("rule nsw teams 1 ", table, " 1 ");
  const std::string missing = RunTallyCli(
      tallyd.address(), where +
                            "--law='Law 12C2' --text='late arrival' "
                            "--artificial=ns:avg-,ew:avg+ --room=open 2>&1");
  EXPECT_THAT(missing, HasSubstr("--not-played")) << missing;
  const std::string ruled =
      RunTallyCli(tallyd.address(),
                  where +
                      "--law='Law 12C2(a)' --text='late arrival: not reached' "
                      "--artificial=ns:avg-,ew:avg+ --room=open --not-played "
                      "2>&1");
  EXPECT_THAT(ruled, Not(HasSubstr("tally:"))) << ruled;

  absl::StatusOr<uint64_t> before = client.LogLength();
  ASSERT_THAT(before, IsOk());
  EXPECT_THAT(
      client.Enter(1, table, 1, PassedOut(), v1::ROOM_OPEN),
      StatusIs(absl::StatusCode::kFailedPrecondition,
               HasSubstr("was ruled not played at table")));
  absl::StatusOr<uint64_t> after = client.LogLength();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(*after, *before);

  ASSERT_THAT(client.Post(1), IsOk());
  absl::StatusOr<v1::MatchResults> results = client.Results(1);
  ASSERT_THAT(results, IsOk());
  ASSERT_EQ(results->matches_size(), 1);
  EXPECT_TRUE(results->matches(0).complete());
  EXPECT_EQ(FractionText(results->matches(0).home_imps()), "-2");
}

}  // namespace
}  // namespace tally::testing
