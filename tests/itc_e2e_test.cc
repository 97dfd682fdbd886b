// End to end: an Interstate Teams Championship qualifying of 7 teams under
// the anc2025_itc_qualifying profile, played through the gRPC API on a real
// tallyd. Round robin 1 must be the draw printed in ANC 2025 SR 10.6.1
// (copied below) with a bye for the team drawn against team 8; round robin
// 2 is the same draw re-numbered by placing after round robin 1 (10.3) and,
// as team 7 leads, reordered by 10.4 (hand derivation below). Results are
// scripted in both rooms, IMPs and VPs checked against hand working on the
// ITC scale (10.10) and the bye's 35 VPs (10.11); every stored draw is
// recomputed by the audit; the two leading teams qualify into the final
// with the 11.2 carry-over (hand-worked below) and play it, the carry-over
// deciding, and a restarted server replays the log to byte-identical
// standings, draws, qualification and knock-out results.

#include <memory>
#include <optional>
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

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// ANC 2025 SR 10.6.1 "The Draw for 8 teams", rounds 1-7 (and 8-14), each
// match "home v away" as printed. "If there are 7 teams, teams playing
// against Team 8 will have a bye."
constexpr int kAnc10_6_1[7][8] = {
    {5, 2, 6, 3, 7, 4, 8, 1},  // 1 / 8
    {1, 7, 3, 5, 4, 6, 2, 8},  // 2 / 9
    {6, 1, 7, 2, 5, 4, 8, 3},  // 3 / 10
    {1, 5, 2, 6, 3, 7, 4, 8},  // 4 / 11
    {4, 1, 3, 2, 7, 6, 8, 5},  // 5 / 12
    {1, 3, 2, 4, 5, 7, 6, 8},  // 6 / 13
    {2, 1, 4, 3, 6, 5, 8, 7},  // 7 / 14
};

// Round robin 1 is scripted so that, in every match, the team higher in
// this order wins by 9 IMPs (below): 7 > 5 > 3 > 1 > 6 > 2 > 4. Wins
// (W) and losses (L) in round robin 1, from the 10.6.1 matches above:
//   team 7: W v 4, 1, 2, 3, 6, 5          6 W 0 L, bye round 7
//   team 5: W v 2, 3, 4, 1, 6; L v 7     5 W 1 L, bye round 5
//   team 3: W v 6, 2, 1, 4; L v 5, 7     4 W 2 L, bye round 3
//   team 1: W v 6, 4, 2; L v 7, 5, 3     3 W 3 L, bye round 1
//   team 6: W v 4, 2; L v 3, 1, 7, 5     2 W 4 L, bye round 6
//   team 2: W v 4; L v 5, 7, 3, 6, 1     1 W 5 L, bye round 2
//   team 4: L v 7, 5, 6, 1, 3, 2         0 W 6 L, bye round 4
constexpr int kStrength[8] = {0, 4, 2, 5, 1, 6, 3, 7};  // by team number

// The swing board: the first board of a round (boards 1, 17, 33, ... are
// dealt as board 1: nobody vulnerable). The winner's NS pair bids and makes
// 4S (North, 10 tricks): +420; in the other room the board is passed out.
// The winner gains 420 -> 9 IMPs (WBF IMP scale: 370-420). Every other board
// is passed out in both rooms: 0 IMPs.
// VPs, ANC SR 10.10: 9 IMPs (30 or less): winner 35 + 9 = 44; the loser's
// line mirrored (core/vp/itc_vp.h, the profile's "mirrored"): 35 - 9 = 26.
// A bye: 35 VPs (10.11).
// After round robin 1: 6 matches and a bye at 35 each (245) plus 9 per win
// and less 9 per loss:
//   7: 245 + 9*6 = 299   5: 245 + 9*4 = 281   3: 245 + 9*2 = 263
//   1: 245 + 0   = 245   6: 245 - 9*2 = 227   2: 245 - 9*4 = 209
//   4: 245 - 9*6 = 191
// No ties: the placing after round robin 1 is 7, 5, 3, 1, 6, 2, 4.
//
// Round robin 2 (ANC SR 10.3): the 10.6.1 draw with draw number d held by
// the team placed d-th: 1 -> 7, 2 -> 5, 3 -> 3, 4 -> 1, 5 -> 6, 6 -> 2,
// 7 -> 4 (8: nobody, the bye). Printed rounds, in team numbers:
//   A (as round 1): 6 v 5, 2 v 3, 4 v 1, bye 7
//   B (as round 2): 7 v 4, 3 v 6, 1 v 2, bye 5
//   C (as round 3): 2 v 7, 4 v 5, 6 v 1, bye 3
//   D (as round 4): 7 v 6, 5 v 2, 3 v 4, bye 1
//   E (as round 5): 1 v 7, 3 v 5, 4 v 2, bye 6
//   F (as round 6): 7 v 3, 5 v 1, 6 v 4, bye 2
//   G (as round 7): 5 v 7, 1 v 3, 2 v 6, bye 4
// 10.4: team 7 (numbered 5-7) leads after round robin 1, so "the round in
// which the highest-placed team from teams numbered 1 to 4 has a bye"
// (team 3, placed third: round C) "will be played as Round 8" and "the
// order of all other rounds will remain unchanged": C, A, B, D, E, F, G
// as rounds 8-14. (Without it team 7 would have byes in rounds 7 and 8, on
// the second day of four rounds a day, ANC SR 1.3.)
// Each match as home, away (10.8: the first numbered team in the draw is
// NS in the Open Room), tables in the printed order; then the bye.
constexpr int kRoundRobin2[7][7] = {
    {2, 7, 4, 5, 6, 1, 3},  // round 8  (C)
    {6, 5, 2, 3, 4, 1, 7},  // round 9  (A)
    {7, 4, 3, 6, 1, 2, 5},  // round 10 (B)
    {7, 6, 5, 2, 3, 4, 1},  // round 11 (D)
    {1, 7, 3, 5, 4, 2, 6},  // round 12 (E)
    {7, 3, 5, 1, 6, 4, 2},  // round 13 (F)
    {5, 7, 1, 3, 2, 6, 4},  // round 14 (G)
};

// Round robin 2 is flat (35-35) but for round 8 table 1, 2 v 7: the home
// team 2 makes 4S (+420) in the Open Room on the round's boards dealt as 1,
// 3, 6 and 8 (113, 115, 118, 120: NS not vulnerable), passed out in the
// Closed Room: 4 x 9 = 36 IMPs. 10.10, over 30: 65 + (36 - 30)/10 = 65.6
// for 2; the loser's mirrored line, 5 - (36 - 30)/10 = 4.4 for 7.
constexpr int kBoards = 16;  // ANC SR 10.1, 10.6

struct Expected {
  std::vector<int> matches;  // home, away per table
  int bye = 0;
};

Expected ExpectedDraw(int round) {
  Expected e;
  if (round <= 7) {
    const int* row = kAnc10_6_1[round - 1];
    for (int m = 0; m < 4; ++m) {
      if (row[2 * m] == 8) {
        e.bye = row[2 * m + 1];
      } else if (row[2 * m + 1] == 8) {
        e.bye = row[2 * m];
      } else {
        e.matches.push_back(row[2 * m]);
        e.matches.push_back(row[2 * m + 1]);
      }
    }
  } else {
    const int* row = kRoundRobin2[round - 8];
    e.matches.assign(row, row + 6);
    e.bye = row[6];
  }
  return e;
}

class ItcQualifyingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "anc", "itc");
    final_ =
        std::make_unique<MatchClient>(tallyd_.channel(), "anc", "itc-final");
  }

  // Whether the home team of `table` wins `board` (offset `i` in the
  // round) by a 4S made in its own NS seats; nullopt: flat.
  static std::optional<bool> Swing(int round, int table, int home, int away,
                                   int i) {
    if (round <= 7) {
      if (i != 0) return std::nullopt;
      return kStrength[home] > kStrength[away];
    }
    if (round == 8 && table == 1 && (i == 0 || i == 2 || i == 5 || i == 7)) {
      return true;
    }
    return std::nullopt;
  }

  void PlayRound(const v1::DrawMade& draw) {
    const int round = draw.round();
    for (const v1::DrawnMatch& m : draw.matches()) {
      for (int i = 0; i < kBoards; ++i) {
        const int board = draw.boards(i);
        v1::TableResult open = PassedOut(), closed = PassedOut();
        std::optional<bool> swing =
            Swing(round, m.table(), m.home(), m.away(), i);
        if (swing.has_value()) {
          // Open Room: the home team sits NS; Closed Room: the away team.
          (*swing ? open : closed) =
              Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
        }
        ASSERT_THAT(
            client_->Enter(round, m.table(), board, open, v1::ROOM_OPEN),
            IsOk())
            << "round " << round << " table " << m.table() << " board "
            << board;
        ASSERT_THAT(
            client_->Enter(round, m.table(), board, closed, v1::ROOM_CLOSED),
            IsOk())
            << "round " << round << " table " << m.table() << " board "
            << board;
      }
    }
  }

  std::vector<std::string> ResultLines(int round) {
    absl::StatusOr<v1::MatchResults> results = client_->Results(round);
    EXPECT_THAT(results, IsOk());
    std::vector<std::string> lines;
    if (!results.ok()) return lines;
    for (const v1::MatchResult& m : results->matches()) {
      lines.push_back(absl::StrCat(
          m.home(), " v ", m.away(), ": ", m.home_imps().numerator(), " IMPs ",
          DecimalText(m.home_vps()), "-", DecimalText(m.away_vps())));
    }
    lines.push_back(absl::StrCat("bye ", results->bye().entrant(), ": ",
                                 DecimalText(results->bye().vps())));
    return lines;
  }

  std::vector<std::string> StandingLines(int after_round) {
    absl::StatusOr<v1::MatchStandings> standings =
        client_->Standings(after_round);
    EXPECT_THAT(standings, IsOk());
    std::vector<std::string> rows;
    if (!standings.ok()) return rows;
    for (const v1::MatchStandingsRow& row : standings->rows()) {
      rows.push_back(absl::StrCat(row.rank(), row.tied() ? "=" : "", " ",
                                  row.entrant(), " ",
                                  DecimalText(row.total())));
    }
    return rows;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("itc")};
  std::unique_ptr<MatchClient> client_;
  std::unique_ptr<MatchClient> final_;  // the ITC final (ANC SR 11)
};

TEST_F(ItcQualifyingTest, SevenTeamsPlayTheDrawOf10_6_1RenumberedBy10_3) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
                              "anc2025_itc_qualifying"),
              IsOk());
  ASSERT_THAT(client_->RegisterTeams(7), IsOk());

  for (int round = 1; round <= 14; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, /*seed=*/round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    EXPECT_EQ(draw->method(), "itc_round_robin");
    const Expected expected = ExpectedDraw(round);
    std::vector<int> got;
    for (int t = 0; t < draw->matches_size(); ++t) {
      EXPECT_EQ(draw->matches(t).table(), t + 1) << "round " << round;
      got.push_back(draw->matches(t).home());
      got.push_back(draw->matches(t).away());
    }
    EXPECT_THAT(got, ElementsAreArray(expected.matches))
        << "round " << round
        << (round <= 7 ? " (ANC SR 10.6.1)" : " (ANC SR 10.3-10.4)");
    EXPECT_EQ(draw->bye(), expected.bye) << "round " << round;
    ASSERT_EQ(draw->boards_size(), kBoards);
    EXPECT_EQ(draw->boards(0), (round - 1) * kBoards + 1);
    if (round <= 7) {
      EXPECT_EQ(draw->ranking_size(), 0) << "round " << round;
    } else {
      // Every round of round robin 2 records the placing after round
      // robin 1 it was numbered by (10.3), with the totals worked above.
      std::vector<std::string> ranking;
      for (const v1::DrawRankingEntry& e : draw->ranking()) {
        ranking.push_back(absl::StrCat(e.entrant(), " ", e.score().numerator(),
                                       "/", e.score().denominator()));
      }
      EXPECT_THAT(ranking,
                  ElementsAre("7 299/1", "5 281/1", "3 263/1", "1 245/1",
                              "6 227/1", "2 209/1", "4 191/1"))
          << "round " << round;
    }
    PlayRound(*draw);
    if (round == 1) {
      // 5 v 2: 5 wins; 6 v 3: 3 wins; 7 v 4: 7 wins; team 1 meets team 8.
      EXPECT_THAT(
          ResultLines(1),
          ElementsAre("5 v 2: 9 IMPs 44.0-26.0", "6 v 3: -9 IMPs 26.0-44.0",
                      "7 v 4: 9 IMPs 44.0-26.0", "bye 1: 35"));
    }
    if (round == 8) {
      EXPECT_THAT(
          ResultLines(8),
          ElementsAre("2 v 7: 36 IMPs 65.6-4.4", "4 v 5: 0 IMPs 35.0-35.0",
                      "6 v 1: 0 IMPs 35.0-35.0", "bye 3: 35"));
    }
    if (round == 14) {
      // The final is created empty; nobody qualifies for it before the
      // last round robin is over (posted), and the refusal appends nothing.
      ASSERT_THAT(final_->Create(v1::COMPETITION_KIND_KNOCKOUT_TEAMS,
                                 "anc2025_itc_final"),
                  IsOk());
      absl::StatusOr<uint64_t> length = client_->LogLength();
      ASSERT_THAT(length, IsOk());
      EXPECT_THAT(final_->Qualify("itc"),
                  StatusIs(absl::StatusCode::kFailedPrecondition,
                           HasSubstr("round 14 of 'itc' is not posted")));
      EXPECT_EQ(client_->LogLength().value_or(0), *length);
    }
    ASSERT_THAT(client_->Post(round), IsOk()) << "round " << round;
    if (round == 8) {
      // 10.3: "Once team numbers are set, they will not be altered by
      // subsequent results of outstanding appeals, score corrections or
      // adjustments." A 20 VP penalty on team 7 for round 3, awarded now,
      // drops it below team 5 after round robin 1 (299 - 20 = 279 < 281),
      // yet rounds 9-14 keep the numbers round 8 was drawn with (checked
      // above: the same recorded placing, the same hand-derived draw).
      ASSERT_THAT(client_->Penalty(7, 3, 2000, "ANC SR 5.3",
                                   "disciplinary penalty ruled after the "
                                   "round robin 2 numbers were set"),
                  IsOk());
      EXPECT_THAT(
          StandingLines(7),
          ElementsAre("1 5 281.00", "2 7 279.00", "3 3 263.00", "4 1 245.00",
                      "5 6 227.00", "6 2 209.00", "7 4 191.00"));
    }
    if (round == 7) {
      EXPECT_THAT(
          StandingLines(7),
          ElementsAre("1 7 299.00", "2 5 281.00", "3 3 263.00", "4 1 245.00",
                      "5 6 227.00", "6 2 209.00", "7 4 191.00"));
    }
  }
  EXPECT_THAT(
      client_->Draw(15, 1),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("14 rounds")));

  // Round robin 2 adds 6 matches and a bye at 35 (245) to each team, but
  // 2 gains 65.6 instead of 35 (+30.6) and 7 only 4.4 (-30.6), less its
  // 20 VP penalty:
  //   5: 281 + 245 = 526       7: 299 + 245 - 30.6 - 20 = 493.4
  //   3: 263 + 245 = 508       1: 245 + 245 = 490
  //   2: 209 + 245 + 30.6 = 484.6   6: 227 + 245 = 472
  //   4: 191 + 245 = 436
  EXPECT_THAT(
      StandingLines(0),
      ElementsAre("1 5 526.00", "2 3 508.00", "3 7 493.40", "4 1 490.00",
                  "5 2 484.60", "6 6 472.00", "7 4 436.00"));

  // ANC SR 11.3: the two leading teams, 5 and 3, play the final, numbered
  // 1 and 2 in qualifying order; 11.2: team 5 carries 10% of the VP margin
  // between them, (526 - 508) / 10 = 1.8 IMPs, not rounded; team 3 none.
  // Three finalists do not fit 11.2, and asking changes nothing.
  absl::StatusOr<uint64_t> length = client_->LogLength();
  ASSERT_THAT(length, IsOk());
  EXPECT_THAT(final_->Qualify("itc", /*per_field=*/3),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("ANC SR 11.2")));
  EXPECT_EQ(client_->LogLength().value_or(0), *length);
  absl::StatusOr<v1::EntrantsQualified> qualified = final_->Qualify("itc");
  ASSERT_THAT(qualified, IsOk());
  EXPECT_EQ(qualified->clause(), "ANC SR 11.3");
  ASSERT_EQ(qualified->entrants_size(), 2);
  const v1::QualifiedEntrant& first = qualified->entrants(0);
  const v1::QualifiedEntrant& second = qualified->entrants(1);
  EXPECT_EQ(first.entrant(), 1);
  EXPECT_EQ(first.from_entrant(), 5);
  EXPECT_EQ(first.place(), 1);
  EXPECT_EQ(first.name(), "Team 5");
  EXPECT_EQ(first.carry_over().numerator(), 9);  // 1.8 = 9/5 IMPs
  EXPECT_EQ(first.carry_over().denominator(), 5);
  EXPECT_EQ(first.carry_over_clause(), "ANC SR 11.2");
  EXPECT_EQ(second.entrant(), 2);
  EXPECT_EQ(second.from_entrant(), 3);
  EXPECT_EQ(second.place(), 2);
  EXPECT_EQ(second.carry_over().numerator(), 0);
  absl::StatusOr<v1::Qualification> stored = final_->Qualification();
  ASSERT_THAT(stored, IsOk());
  EXPECT_EQ(stored->qualification().SerializeAsString(),
            qualified->SerializeAsString());
  EXPECT_EQ(stored->carry_over_rule(), "anc_sr_11_2");
  EXPECT_THAT(final_->Qualify("itc"),
              StatusIs(absl::StatusCode::kAlreadyExists));

  // The final (ANC SR 11.3): five 12-board stanzas, drawn one a round with
  // the carry-over in each. Every board is passed out in both rooms except
  // the first of stanza 1, where team 2's North-South make 1NT (7 tricks,
  // 40 + 50 = +90: 3 IMPs on the WBF scale) against a pass-out, and the
  // first of stanza 4, where team 1's do the same. IMPs 3-3; with 11.2's
  // 1.8 carry-over team 1 wins 4.8 to 3.
  const v1::TableResult one_nt =
      Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 7);
  for (int stanza = 1; stanza <= 5; ++stanza) {
    absl::StatusOr<v1::DrawMade> d = final_->Draw(stanza, 700 + stanza);
    ASSERT_THAT(d, IsOk()) << "stanza " << stanza;
    ASSERT_EQ(d->boards_size(), 12);
    ASSERT_EQ(d->matches_size(), 1);
    const v1::DrawnMatch m = d->matches(0);
    EXPECT_EQ(m.stanza(), stanza);
    EXPECT_EQ(m.carry_over_holder(), 1);
    EXPECT_EQ(m.carry_over().numerator(), 9);
    EXPECT_EQ(m.carry_over().denominator(), 5);
    const int gainer = stanza == 1 ? 2 : stanza == 4 ? 1 : 0;
    for (int i = 0; i < d->boards_size(); ++i) {
      v1::TableResult open = PassedOut(), closed = PassedOut();
      // The home team sits North-South in the open room (10.8).
      if (i == 0 && gainer != 0) (gainer == m.home() ? open : closed) = one_nt;
      ASSERT_THAT(
          final_->Enter(stanza, m.table(), d->boards(i), open, v1::ROOM_OPEN),
          IsOk());
      ASSERT_THAT(final_->Enter(stanza, m.table(), d->boards(i), closed,
                                v1::ROOM_CLOSED),
                  IsOk());
    }
    ASSERT_THAT(final_->Post(stanza), IsOk());
  }
  absl::StatusOr<v1::KnockoutResults> knockout = final_->Knockout();
  ASSERT_THAT(knockout, IsOk());
  ASSERT_EQ(knockout->matches_size(), 1);
  const v1::KnockoutMatch& the_final = knockout->matches(0);
  EXPECT_TRUE(the_final.complete());
  const bool one_home = the_final.home() == 1;
  EXPECT_EQ(
      FractionText(one_home ? the_final.home_total() : the_final.away_total()),
      "24/5");
  EXPECT_EQ(
      FractionText(one_home ? the_final.away_total() : the_final.home_total()),
      "3");
  EXPECT_EQ(the_final.winner(), 1);
  EXPECT_EQ(the_final.decided_by(), "imps");
  EXPECT_THAT(knockout->event_winners(), ElementsAre(1));

  for (int round = 1; round <= 14; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees())
        << "round " << round << ": "
        << (check->differences().empty() ? "" : check->differences(0));
  }

  // A restarted server replays the log from scratch: the same bytes.
  absl::StatusOr<v1::MatchStandings> standings = client_->Standings();
  ASSERT_THAT(standings, IsOk());
  std::string before = standings->SerializeAsString();
  std::vector<std::string> draws_before;
  for (int round = 1; round <= 14; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    draws_before.push_back(d->SerializeAsString());
  }
  absl::StatusOr<v1::Qualification> final_before = final_->Qualification();
  ASSERT_THAT(final_before, IsOk());
  const std::string knockout_before = knockout->SerializeAsString();
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "anc", "itc");
  final_ = std::make_unique<MatchClient>(tallyd_.channel(), "anc", "itc-final");
  absl::StatusOr<v1::MatchStandings> after = client_->Standings();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->SerializeAsString(), before);
  absl::StatusOr<v1::Qualification> final_after = final_->Qualification();
  ASSERT_THAT(final_after, IsOk());
  EXPECT_EQ(final_after->SerializeAsString(),
            final_before->SerializeAsString());
  absl::StatusOr<v1::KnockoutResults> knockout_after = final_->Knockout();
  ASSERT_THAT(knockout_after, IsOk());
  EXPECT_EQ(knockout_after->SerializeAsString(), knockout_before);
  for (int round = 1; round <= 14; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    EXPECT_EQ(d->SerializeAsString(), draws_before[round - 1]);
  }
}

}  // namespace
}  // namespace tally::testing
