// End to end: forfeits and withdrawals in a Swiss teams event under the
// nsw_swiss_teams profile (10-board matches, WBF 2013 continuous scale),
// ten teams over four rounds (CreateCompetition.rounds = 4, NSW TR 1.4),
// through the gRPC API on a real tallyd:
//  - team 10 does not arrive for round 1: the director declares its match
//    forfeited (NSW TR 12.9.1); its opponent x scores the interim 12 VPs and
//    team 10 0, and the round-2 draw ranks x on 12 (stored in the draw);
//  - after round 2 = 50% of the matches and round 3 = 75% (NSW TR 12.9.3)
//    x's forfeit is re-adjusted for the next draw, and at the end (12.9.2)
//    adjusted again; the standings show which score stands and why;
//  - the round-3 draw is made early (ANC SR 6.3), with a result of round 2
//    still missing;
//  - teams 9 and 10 withdraw after round 3 and the round-4 draw leaves them
//    out; a second withdrawal and a misdirected forfeit are refused and
//    leave the log as it was;
//  - every draw is recomputed by the audit (CheckDraw) and agrees, and a
//    restarted tallyd replays the log to byte-identical answers.
//
// How results are scripted: every board is passed out at both tables (0
// IMPs) but for "swings" on boards where North-South are not vulnerable
// (boards 1, 3, 6, 8, 9, 11, 14, 16 of every 16), where North plays in no
// trump at one table and the board is passed out at the other: 3NT+1 +430
// (10 IMPs, WBF scale 430-490), 6NT= +990 (14 IMPs, 900-1090), 7NT= +1520
// (17 IMPs, 1500-1740). In the open room the home team sits North-South,
// in the closed room the away team, so a swing counts for the team whose
// North played. VPs (SABF TR 21.1, 10-board column): 0 -> 10.00, 5 ->
// 11.85, 6 -> 12.18, 9 -> 13.14, 10 -> 13.43, 20 -> 15.97, 21 -> 16.18, 48
// or more -> 20.00.
//
// The scores (x: team 10's round-1 opponent, a middle-quarter team):
//   round 1: 10 forfeits to x; every other match level (10.00 each).
//   round 2: x wins by 20 (10 + 10): 15.97; 10 loses by 10: its opponents
//            13.43, 10 6.57; the rest level.
//   round 3: x loses by 20: 4.03; every other match level.
//   round 4: x wins by 48 (17 + 17 + 14): 20.00; the rest level.
// x's forfeit (NSW TR 12.9.2's three limbs, 12.9.4's IMPs):
//   after round 1: interim 12 (12.9.1); IMPs: 12 lies between 11.85 (5
//     IMPs) and 12.18 (6), so +5.
//   after round 2 (50%): max(12, x's mean 15.97, 10's opponents' mean
//     13.43) = 15.97, x's own mean; exactly the VPs of 20 IMPs.
//   after round 3 (75%): max(12, (15.97 + 4.03) / 2 = 10, (13.43 + 10.00) /
//     2 = 11.715) = 12, the base.
//   at the end: max(12, (15.97 + 4.03 + 20) / 3 = 40/3, 11.715) = 40/3 =
//     13.33, x's own mean; IMPs: 9 (13.14 <= 13.33 < 13.43).
// x's totals: after 1, 12; after 2, 15.97 + 15.97 = 31.94; after 3, 12 +
// 15.97 + 4.03 = 32; at the end 40/3 + 15.97 + 4.03 + 20 = 160/3 = 53.33.
// Team 10: 0 + 6.57 + 10.00 = 16.57.

#include <cstdlib>
#include <map>
#include <memory>
#include <set>
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

constexpr int kTeams = 10;
constexpr int kRounds = 4;
constexpr int kBoards = 10;

bool NsVulnerable(int board) {
  const int b = (board - 1) % 16 + 1;
  return b == 2 || b == 4 || b == 5 || b == 7 || b == 10 || b == 12 ||
         b == 13 || b == 15;
}

v1::TableResult NoTrumpSwing(int imps) {
  switch (imps) {
    case 10:
      return Played(3, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 10);
    case 14:
      return Played(6, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 12);
    default:
      return Played(7, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 13);  // 17
  }
}

std::string Frac(const v1::Fraction& f) {
  return f.denominator() == 1 ? absl::StrCat(f.numerator())
                              : absl::StrCat(f.numerator(), "/",
                                             f.denominator());
}

class ForfeitE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "nsw", "swiss");
  }

  const v1::DrawnMatch* MatchOf(int round, int team) {
    for (const v1::DrawnMatch& m : draws_[round - 1].matches()) {
      if (m.home() == team || m.away() == team) return &m;
    }
    return nullptr;
  }

  // Enters every board of `team`'s match in `round`; `swings` are IMPs for
  // `team` (+) or its opponents (-). `skip_board`: leave that board's
  // closed room out.
  void Play(int round, int team, const std::vector<int>& swings,
            int skip_board = 0) {
    const v1::DrawnMatch* m = MatchOf(round, team);
    ASSERT_NE(m, nullptr) << "team " << team << " round " << round;
    const bool home = m->home() == team;
    size_t next = 0;
    for (int i = 0; i < kBoards; ++i) {
      const int board = (round - 1) * kBoards + 1 + i;
      v1::TableResult open = PassedOut(), closed = PassedOut();
      if (next < swings.size() && !NsVulnerable(board)) {
        const int imps = swings[next++];
        ((imps > 0) == home ? open : closed) = NoTrumpSwing(std::abs(imps));
      }
      ASSERT_THAT(client_->Enter(round, m->table(), board, open, v1::ROOM_OPEN),
                  IsOk());
      if (board == skip_board) continue;
      ASSERT_THAT(
          client_->Enter(round, m->table(), board, closed, v1::ROOM_CLOSED),
          IsOk());
    }
    ASSERT_EQ(next, swings.size());
    played_[round].insert(m->table());
  }

  // Plays every match of `round` not yet played or forfeited, level.
  void PlayRest(int round, const std::set<int>& forfeited_tables = {}) {
    for (const v1::DrawnMatch& m : draws_[round - 1].matches()) {
      if (played_[round].contains(m.table()) ||
          forfeited_tables.contains(m.table())) {
        continue;
      }
      Play(round, m.home(), {});
    }
  }

  void DrawRound(int round, bool early = false) {
    absl::StatusOr<v1::DrawMade> d = client_->Draw(round, round, early);
    ASSERT_THAT(d, IsOk()) << "round " << round;
    draws_.push_back(*d);
  }

  // The score `team` had in round `round`'s stored draw ranking.
  std::string RankedScore(int round, int team) {
    for (const v1::DrawRankingEntry& e : draws_[round - 1].ranking()) {
      if (e.entrant() == team) return Frac(e.score());
    }
    return "not ranked";
  }

  const v1::MatchStandingsRow* Row(const v1::MatchStandings& s, int team) {
    for (const v1::MatchStandingsRow& r : s.rows()) {
      if (r.entrant() == team) return &r;
    }
    return nullptr;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("forfeit")};
  std::unique_ptr<MatchClient> client_;
  std::vector<v1::DrawMade> draws_;
  std::map<int, std::set<int>> played_;
};

TEST_F(ForfeitE2eTest, NswSwissTeamsWithAForfeitAndWithdrawals) {
  ASSERT_THAT(
      client_->Create(v1::COMPETITION_KIND_SWISS_TEAMS, "nsw_swiss_teams",
                      kRounds),
      IsOk());
  ASSERT_THAT(client_->RegisterTeams(kTeams), IsOk());

  // --- Round 1: team 10 does not arrive. ----------------------------------
  DrawRound(1);
  const v1::DrawnMatch forfeited = *MatchOf(1, 10);
  const int x = forfeited.home() == 10 ? forfeited.away() : forfeited.home();
  // SABF TR 14.1 quarters of ten: 10 is in the bottom quarter and meets a
  // middle-quarter team (4-8), which is home.
  EXPECT_EQ(forfeited.away(), 10);
  EXPECT_GE(x, 4);
  EXPECT_LE(x, 8);
  {
    // Refused: team 9 does not play at that table; the log is unchanged.
    absl::StatusOr<uint64_t> length = client_->LogLength();
    ASSERT_THAT(length, IsOk());
    EXPECT_THAT(client_->Forfeit(1, forfeited.table(), {9}, "no show"),
                StatusIs(absl::StatusCode::kInvalidArgument,
                         HasSubstr("entrant 9 does not play")));
    EXPECT_EQ(*client_->LogLength(), *length);
  }
  ASSERT_THAT(client_->Forfeit(1, forfeited.table(), {10},
                               "team 10 did not arrive"),
              IsOk());
  // No result is taken for a forfeited match.
  EXPECT_THAT(client_->Enter(1, forfeited.table(), 1, PassedOut(),
                             v1::ROOM_OPEN),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("is forfeited")));
  PlayRest(1, {forfeited.table()});
  ASSERT_THAT(client_->Post(1), IsOk());

  absl::StatusOr<v1::MatchResults> results1 = client_->Results(1);
  ASSERT_THAT(results1, IsOk());
  const v1::MatchResult* fm = nullptr;
  for (const v1::MatchResult& m : results1->matches()) {
    if (m.table() == forfeited.table()) fm = &m;
  }
  ASSERT_NE(fm, nullptr);
  ASSERT_TRUE(fm->has_forfeit());
  EXPECT_EQ(DecimalText(fm->home_vps()), "12.00");
  EXPECT_EQ(DecimalText(fm->away_vps()), "0.00");
  EXPECT_EQ(Frac(fm->home_imps()), "5");  // NSW TR 12.9.4
  EXPECT_EQ(fm->forfeit().clause(), "NSW TR 12.9.1");
  EXPECT_EQ(fm->forfeit().reason(), "team 10 did not arrive");

  // --- Round 2: drawn on x's interim 12. -----------------------------------
  DrawRound(2);
  EXPECT_EQ(RankedScore(2, x), "12");
  EXPECT_EQ(RankedScore(2, 10), "0");
  EXPECT_EQ(draws_[1].ranking(0).entrant(), x);
  Play(2, x, {10, 10});
  Play(2, 10, {-10});
  // One result of round 2 (the last board's closed room at the first other
  // table) is still out when the director draws round 3 (ANC SR 6.3).
  int held_team = 0;
  for (const v1::DrawnMatch& m : draws_[1].matches()) {
    if (!played_[2].contains(m.table()) && held_team == 0) {
      held_team = m.home();
    }
  }
  ASSERT_NE(held_team, 0);
  Play(2, held_team, {}, /*skip_board=*/2 * kBoards);
  PlayRest(2);
  EXPECT_THAT(client_->Draw(3, 3), StatusIs(absl::StatusCode::kFailedPrecondition,
                                            HasSubstr("ANC SR 6.3")));

  // --- Round 3: drawn early, on x's forfeit re-adjusted after 50%. ------
  DrawRound(3, /*early=*/true);
  EXPECT_EQ(draws_[2].trigger(), v1::DRAW_TRIGGER_DIRECTOR_EARLY);
  EXPECT_EQ(RankedScore(3, x), "1597/50");  // 15.97 + 15.97
  {
    absl::StatusOr<v1::MatchStandings> after2 = client_->Standings(2);
    ASSERT_THAT(after2, IsOk());
    const v1::MatchStandingsRow* row = Row(*after2, x);
    ASSERT_NE(row, nullptr);
    ASSERT_EQ(row->forfeits_size(), 1);
    EXPECT_EQ(Frac(row->forfeits(0).home_vps()), "1597/100");
    EXPECT_EQ(row->forfeits(0).limb(), "own_mean");
    EXPECT_EQ(row->forfeits(0).clause(), "NSW TR 12.9.3");
    EXPECT_EQ(Frac(row->forfeits(0).home_imps()), "20");
  }
  ASSERT_THAT(client_->Enter(2, MatchOf(2, held_team)->table(), 2 * kBoards,
                             PassedOut(), v1::ROOM_CLOSED),
              IsOk());
  ASSERT_THAT(client_->Post(2), IsOk());
  Play(3, x, {-10, -10});
  PlayRest(3);
  ASSERT_THAT(client_->Post(3), IsOk());

  // --- Teams 9 and 10 withdraw after round 3. ------------------------------
  ASSERT_THAT(client_->Withdraw(10, "team 10 has left the event"), IsOk());
  ASSERT_THAT(client_->Withdraw(9, "player ill"), IsOk());
  {
    absl::StatusOr<uint64_t> length = client_->LogLength();
    ASSERT_THAT(length, IsOk());
    EXPECT_THAT(client_->Withdraw(9, "again"),
                StatusIs(absl::StatusCode::kAlreadyExists));
    EXPECT_EQ(*client_->LogLength(), *length);
  }

  // --- Round 4: drawn on the 75% re-adjustment; 9 and 10 left out. ------
  DrawRound(4);
  EXPECT_EQ(RankedScore(4, x), "32");  // 12 + 15.97 + 4.03
  EXPECT_EQ(RankedScore(4, 9), "not ranked");
  EXPECT_EQ(RankedScore(4, 10), "not ranked");
  std::set<int> drawn;
  for (const v1::DrawnMatch& m : draws_[3].matches()) {
    drawn.insert(m.home());
    drawn.insert(m.away());
  }
  EXPECT_EQ(drawn, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(draws_[3].bye(), 0);
  Play(4, x, {17, 17, 14});
  PlayRest(4);
  ASSERT_THAT(client_->Post(4), IsOk());

  // --- The end: NSW TR 12.9.2. ---------------------------------------------
  absl::StatusOr<v1::MatchStandings> standings = client_->Standings();
  ASSERT_THAT(standings, IsOk());
  const v1::MatchStandingsRow* xr = Row(*standings, x);
  ASSERT_NE(xr, nullptr);
  EXPECT_EQ(xr->rank(), 1);
  EXPECT_EQ(DecimalText(xr->total()), "53.33");  // 160/3
  ASSERT_EQ(xr->forfeits_size(), 1);
  EXPECT_EQ(Frac(xr->forfeits(0).home_vps()), "40/3");
  EXPECT_EQ(Frac(xr->forfeits(0).home_imps()), "9");
  EXPECT_EQ(xr->forfeits(0).limb(), "own_mean");
  EXPECT_EQ(xr->forfeits(0).clause(), "NSW TR 12.9.2");
  EXPECT_THAT(xr->forfeits(0).basis(), HasSubstr("end of the event"));
  const v1::MatchStandingsRow* tr = Row(*standings, 10);
  ASSERT_NE(tr, nullptr);
  EXPECT_EQ(DecimalText(tr->total()), "16.57");
  ASSERT_TRUE(tr->has_withdrawn_after_round());
  EXPECT_EQ(tr->withdrawn_after_round(), 3);
  EXPECT_EQ(tr->matches(), 3);
  // The standings after round 3 show the 75% figure, the base.
  absl::StatusOr<v1::MatchStandings> after3 = client_->Standings(3);
  ASSERT_THAT(after3, IsOk());
  EXPECT_EQ(Frac(Row(*after3, x)->forfeits(0).home_vps()), "12");
  EXPECT_EQ(Row(*after3, x)->forfeits(0).limb(), "base");
  // x's record: round 1 is the forfeit, at its adjusted 13.33.
  absl::StatusOr<v1::EntrantRecord> record = client_->Record(x);
  ASSERT_THAT(record, IsOk());
  ASSERT_EQ(record->rounds_size(), kRounds);
  EXPECT_TRUE(record->rounds(0).has_forfeit());
  EXPECT_EQ(record->rounds(0).opponent(), 10);
  EXPECT_EQ(DecimalText(record->rounds(0).vps()), "13.33");
  EXPECT_EQ(DecimalText(record->total()), "53.33");

  // Every draw agrees with its recomputation from the log before it.
  for (int round = 1; round <= kRounds; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees())
        << "round " << round << ": "
        << (check->differences_size() > 0 ? check->differences(0) : "");
  }

  // A restarted tallyd answers byte for byte the same.
  std::vector<std::string> before;
  auto answers = [&]() {
    std::vector<std::string> out;
    for (int round = 0; round <= kRounds; ++round) {
      absl::StatusOr<v1::MatchStandings> s = client_->Standings(round);
      EXPECT_THAT(s, IsOk());
      out.push_back(s.ok() ? s->SerializeAsString() : "");
      if (round == 0) continue;
      absl::StatusOr<v1::MatchResults> r = client_->Results(round);
      EXPECT_THAT(r, IsOk());
      out.push_back(r.ok() ? r->SerializeAsString() : "");
      absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
      EXPECT_THAT(d, IsOk());
      out.push_back(d.ok() ? d->SerializeAsString() : "");
    }
    for (int team : {x, 9, 10}) {
      absl::StatusOr<v1::EntrantRecord> r = client_->Record(team);
      EXPECT_THAT(r, IsOk());
      out.push_back(r.ok() ? r->SerializeAsString() : "");
    }
    return out;
  };
  before = answers();
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "nsw", "swiss");
  EXPECT_EQ(answers(), before);
}

}  // namespace
}  // namespace tally::testing
