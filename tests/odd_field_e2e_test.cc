// End to end: odd Swiss fields through the gRPC API on a real tallyd.
//
// Nine teams under sabf_swiss_teams (14-board matches on the WBF scale)
// over four rounds: every round draws SABF TR 14.1's share match (three
// teams of similar score, not from the top half), the venue enters its
// three tables as rooms share1-share3, and the share is scored: each team
// compares its two tables and its net IMPs go on the 14-board scale.
//
// Nine pairs under nsw_swiss_pairs (8-board matches, IMPs against a datum)
// over three rounds: every round draws NSW TR 12.7's half matches (the
// pivot NS on every board, one pair EW on boards 1-4 of the round, another
// on boards 5-8) and scores them: the pivot a full match, the two who sit
// out half by 12.7(a), their IMPs doubled on the 8-board scale.
//
// In both, every stored draw agrees with the audit's recomputation, the
// three-way group counts as having met (nobody meets twice), the
// standings add up the hand-worked VPs, and a restarted tallyd replays the
// log to byte-identical draws, match results, records and standings.
//
// How the results are scripted. Every board is passed out everywhere but
// two a round at the three-way table:
//   teams: the round's boards numbered 1 and 2 modulo 16 (rounds play
//     1-14, 15-28, 29-42, 43-56: boards 1, 2; 17, 18; 33, 34; 49, 50),
//     the first with nobody vulnerable, the second NS vulnerable:
//       first:  Table 1 (A NS v B) 4S= +420; Table 2 (C NS v A) 4S-1 -50;
//               Table 3 (B NS v C) 4S= +420;
//       second: Table 1 3NT= +600; Table 2 3NT= +600; Table 3 3NT-1 -100.
//     A compares Table 1 with Table 2: 470 -> 10, 0: +10 IMPs, 12.97 VPs
//     (SABF TR 21.10, 14 boards); B Table 3 with Table 1: 0, -700 -> -12:
//     6.52 (20 - 13.48); C Table 2 with Table 3: -470 -> -10, 700 -> 12:
//     +2, 10.66. Every two-way match is 0 IMPs, 10.00 each.
//   pairs: the half-match table's first board of each half, 4S= +420 with
//     NS not vulnerable in the first half (boards 1, 9, 17) and 4H= +620
//     with NS vulnerable in the second (boards 5, 13, 21). Four tables, all
//     others passed out: the datum (ANC SR 16.11 as the profile reads it,
//     the 2 middle scores of 4) is 0, so the pivot scores +9 and +12 IMPs.
//     Pivot: +21 over 8 boards, 16.68 (SABF TR 21.5); the first half's
//     pair -9, doubled -18 (NSW TR 12.7(a)): 20 - 16.00 = 4.00; the second
//     half's -12, doubled -24: 20 - 17.31 = 2.69. Every two-way match 0
//     IMPs, 10.00 each.

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;

// Hundredths of a VP.
int Centi(const v1::DecimalValue& d) {
  int units = static_cast<int>(d.units());
  for (int p = d.places(); p < 2; ++p) units *= 10;
  for (int p = d.places(); p > 2; --p) units /= 10;
  return units;
}

class OddFieldTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_THAT(tallyd_.Start(), IsOk()); }

  // Records that x and y met; false if they had met before.
  bool Meet(int x, int y) { return met_.insert(std::minmax(x, y)).second; }

  // Every query the test compares after a restart, serialized.
  std::vector<std::string> Snapshot(int rounds, int entrants) {
    std::vector<std::string> out;
    for (int round = 1; round <= rounds; ++round) {
      absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
      absl::StatusOr<v1::MatchResults> r = client_->Results(round);
      EXPECT_THAT(d, IsOk());
      EXPECT_THAT(r, IsOk());
      if (d.ok()) out.push_back(d->SerializeAsString());
      if (r.ok()) out.push_back(r->SerializeAsString());
    }
    for (int entrant = 1; entrant <= entrants; ++entrant) {
      absl::StatusOr<v1::EntrantRecord> e = client_->Record(entrant);
      EXPECT_THAT(e, IsOk());
      if (e.ok()) out.push_back(e->SerializeAsString());
    }
    absl::StatusOr<v1::MatchStandings> s = client_->Standings();
    EXPECT_THAT(s, IsOk());
    if (s.ok()) out.push_back(s->SerializeAsString());
    return out;
  }

  void ExpectReplaysIdentically(const std::string& tournament,
                                const std::string& competition, int rounds,
                                int entrants) {
    const std::vector<std::string> before = Snapshot(rounds, entrants);
    ASSERT_EQ(tallyd_.Stop(), 0);
    ASSERT_THAT(tallyd_.Start(), IsOk());
    client_ =
        std::make_unique<MatchClient>(tallyd_.channel(), tournament, competition);
    EXPECT_EQ(Snapshot(rounds, entrants), before);
  }

  void ExpectTotals() {
    absl::StatusOr<v1::MatchStandings> standings = client_->Standings();
    ASSERT_THAT(standings, IsOk());
    ASSERT_EQ(standings->rows_size(), static_cast<int>(expected_.size()));
    for (const v1::MatchStandingsRow& row : standings->rows()) {
      EXPECT_EQ(Centi(row.total()), expected_[row.entrant()])
          << "entrant " << row.entrant();
    }
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("odd_field")};
  std::unique_ptr<MatchClient> client_;
  std::set<std::pair<int, int>> met_;
  std::map<int, int> expected_;  // entrant -> hundredths of a VP
};

TEST_F(OddFieldTest, NineSwissTeamsPlayAShareMatchEveryRound) {
  constexpr int kTeams = 9;
  constexpr int kRounds = 4;
  constexpr int kBoards = 14;  // SABF TR 13.2 as the profile sets it
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "odd", "teams");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_SWISS_TEAMS,
                              "sabf_swiss_teams"),
              IsOk());
  ASSERT_THAT(client_->RegisterTeams(kTeams), IsOk());
  for (int team = 1; team <= kTeams; ++team) expected_[team] = 0;

  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    ASSERT_EQ(draw->matches_size(), 3) << "round " << round;
    const v1::DrawnShareMatch& share = draw->share();
    ASSERT_NE(share.table(), 0) << "round " << round;
    EXPECT_EQ(draw->bye(), 0);
    // SABF TR 14.1: not from the top half (the best 4 of 9 in the ranking
    // the draw was made from).
    for (int i = 0; i < 4; ++i) {
      const int top = draw->ranking(i).entrant();
      EXPECT_NE(top, share.a()) << "round " << round;
      EXPECT_NE(top, share.b()) << "round " << round;
      EXPECT_NE(top, share.c()) << "round " << round;
    }
    for (const v1::DrawnMatch& m : draw->matches()) {
      EXPECT_TRUE(Meet(m.home(), m.away())) << "round " << round;
      expected_[m.home()] += 1000;
      expected_[m.away()] += 1000;
    }
    EXPECT_TRUE(Meet(share.a(), share.b())) << "round " << round;
    EXPECT_TRUE(Meet(share.a(), share.c())) << "round " << round;
    EXPECT_TRUE(Meet(share.b(), share.c())) << "round " << round;
    expected_[share.a()] += 1297;
    expected_[share.b()] += 652;
    expected_[share.c()] += 1066;

    const int first = (round - 1) * kBoards + 1;
    const int special = first + (17 - first % 16) % 16;  // = 1 modulo 16
    for (int board = first; board < first + kBoards; ++board) {
      for (const v1::DrawnMatch& m : draw->matches()) {
        for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
          ASSERT_THAT(client_->Enter(round, m.table(), board, PassedOut(), room),
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
      absl::StatusOr<v1::EnterResultResponse> e =
          client_->Enter(round, share.table(), board, t1, v1::ROOM_SHARE_1);
      ASSERT_THAT(e, IsOk());
      EXPECT_EQ(e->ns_pair(), share.a());  // Table 1: A v B
      EXPECT_EQ(e->ew_pair(), share.b());
      e = client_->Enter(round, share.table(), board, t2, v1::ROOM_SHARE_2);
      ASSERT_THAT(e, IsOk());
      EXPECT_EQ(e->ns_pair(), share.c());  // Table 2: C v A
      e = client_->Enter(round, share.table(), board, t3, v1::ROOM_SHARE_3);
      ASSERT_THAT(e, IsOk());
      EXPECT_EQ(e->ns_pair(), share.b());  // Table 3: B v C
    }
    absl::StatusOr<v1::MatchResults> results = client_->Results(round);
    ASSERT_THAT(results, IsOk());
    const v1::ThreeWayResult& w = results->three_way();
    EXPECT_EQ(w.table(), share.table());
    EXPECT_EQ(w.kind(), "share_match");
    ASSERT_EQ(w.entrants_size(), 3);
    std::vector<std::string> lines;
    for (const v1::ThreeWayEntrant& e : w.entrants()) {
      lines.push_back(absl::StrCat(e.imps().numerator(), " IMPs ",
                                   DecimalText(e.vps())));
    }
    EXPECT_THAT(lines, ElementsAre("10 IMPs 12.97", "-12 IMPs 6.52",
                                   "2 IMPs 10.66"))
        << "round " << round;
    for (const v1::MatchResult& m : results->matches()) {
      EXPECT_EQ(DecimalText(m.home_vps()), "10.00");
    }
    ASSERT_THAT(client_->Post(round), IsOk());
    ExpectTotals();
  }

  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees())
        << "round " << round << ": " << check->differences(0);
  }
  // The last round's share team B: one row, its two opponents.
  absl::StatusOr<v1::DrawView> last = client_->GetDraw(kRounds);
  ASSERT_THAT(last, IsOk());
  absl::StatusOr<v1::EntrantRecord> b =
      client_->Record(last->draw().share().b());
  ASSERT_THAT(b, IsOk());
  const v1::EntrantRound& row = b->rounds(kRounds - 1);
  EXPECT_EQ(row.opponent(), last->draw().share().a());
  EXPECT_EQ(row.second_opponent(), last->draw().share().c());
  EXPECT_EQ(row.three_way(), "share match (SABF TR 14.1)");
  EXPECT_EQ(DecimalText(row.vps()), "6.52");

  ExpectReplaysIdentically("odd", "teams", kRounds, kTeams);
}

TEST_F(OddFieldTest, NineSwissPairsPlayHalfMatchesEveryRound) {
  constexpr int kPairs = 9;
  constexpr int kRounds = 3;
  constexpr int kBoards = 8;
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "odd", "pairs");
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_SWISS_PAIRS,
                              "nsw_swiss_pairs"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(kPairs), IsOk());
  for (int pair = 1; pair <= kPairs; ++pair) expected_[pair] = 0;

  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    ASSERT_EQ(draw->matches_size(), 3) << "round " << round;
    const v1::DrawnHalfMatches& group = draw->half_matches();
    ASSERT_NE(group.table(), 0) << "round " << round;
    EXPECT_EQ(draw->bye(), 0);
    EXPECT_EQ(draw->share().table(), 0);
    for (const v1::DrawnMatch& m : draw->matches()) {
      EXPECT_TRUE(Meet(m.home(), m.away())) << "round " << round;
      expected_[m.home()] += 1000;
      expected_[m.away()] += 1000;
    }
    EXPECT_TRUE(Meet(group.pivot(), group.first())) << "round " << round;
    EXPECT_TRUE(Meet(group.pivot(), group.second())) << "round " << round;
    EXPECT_TRUE(Meet(group.first(), group.second())) << "round " << round;
    expected_[group.pivot()] += 1668;
    expected_[group.first()] += 400;
    expected_[group.second()] += 269;

    const int first = (round - 1) * kBoards + 1;
    for (int board = first; board < first + kBoards; ++board) {
      for (const v1::DrawnMatch& m : draw->matches()) {
        ASSERT_THAT(client_->Enter(round, m.table(), board, PassedOut()),
                    IsOk());
      }
      v1::TableResult result = PassedOut();
      if (board == first) {  // NS not vulnerable on boards 1, 9, 17
        result = Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
      }
      if (board == first + 4) {  // NS vulnerable on boards 5, 13, 21
        result = Played(4, v1::STRAIN_HEARTS, v1::SEAT_NORTH, 10);
      }
      absl::StatusOr<v1::EnterResultResponse> e =
          client_->Enter(round, group.table(), board, result);
      ASSERT_THAT(e, IsOk());
      EXPECT_EQ(e->ns_pair(), group.pivot());
      EXPECT_EQ(e->ew_pair(),
                board < first + 4 ? group.first() : group.second());
    }
    absl::StatusOr<v1::MatchResults> results = client_->Results(round);
    ASSERT_THAT(results, IsOk());
    const v1::ThreeWayResult& w = results->three_way();
    EXPECT_EQ(w.kind(), "half_matches");
    ASSERT_EQ(w.entrants_size(), 3);
    std::vector<std::string> lines;
    for (const v1::ThreeWayEntrant& e : w.entrants()) {
      lines.push_back(absl::StrCat(e.entrant(), ": ", e.imps().numerator(),
                                   " IMPs ", DecimalText(e.vps()), " ",
                                   e.clause()));
    }
    EXPECT_THAT(
        lines,
        ElementsAre(
            absl::StrCat(group.pivot(),
                         ": 21 IMPs 16.68 a full match (NSW TR 12.7 reading)"),
            absl::StrCat(group.first(), ": -9 IMPs 4.00 NSW TR 12.7(a)"),
            absl::StrCat(group.second(), ": -12 IMPs 2.69 NSW TR 12.7(a)")))
        << "round " << round;
    ASSERT_THAT(client_->Post(round), IsOk());
    ExpectTotals();
  }

  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees())
        << "round " << round << ": " << check->differences(0);
  }
  ExpectReplaysIdentically("odd", "pairs", kRounds, kPairs);
}

}  // namespace
}  // namespace tally::testing
