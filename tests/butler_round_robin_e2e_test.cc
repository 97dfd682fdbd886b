// End to end: a 14-pair Butler round robin under the sabf_butler_round_robin
// profile, played through the gRPC API on a real tallyd. Every round's draw
// must be the one printed in SABF TR 21.16 (copied below from the
// regulation), round one's datum, IMPs and VPs are checked against hand
// working on SABF TR 12.1 and the 12-board column of SABF TR 21.2, every
// stored draw is recomputed by the audit, and a restarted server replays
// the log to byte-identical standings and draws.

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
using ::testing::HasSubstr;

// SABF TR 21.16 "Butler Round Robin Draw for Fourteen pairs": for each
// round, NS and EW of tables 1 to 7.
constexpr int kSabf21_16[13][14] = {
    {14, 2, 7, 6, 9, 3, 10, 1, 4, 12, 8, 5, 13, 11},
    {14, 5, 10, 9, 12, 6, 13, 4, 7, 2, 11, 8, 3, 1},
    {14, 13, 5, 4, 7, 1, 8, 12, 2, 10, 6, 3, 11, 9},
    {14, 12, 4, 3, 6, 13, 7, 11, 1, 9, 5, 2, 10, 8},
    {14, 6, 11, 10, 13, 7, 1, 5, 8, 3, 12, 9, 4, 2},
    {14, 7, 12, 11, 1, 8, 2, 6, 9, 4, 13, 10, 5, 3},
    {14, 3, 8, 7, 10, 4, 11, 2, 5, 13, 9, 6, 1, 12},
    {14, 8, 13, 12, 2, 9, 3, 7, 10, 5, 1, 11, 6, 4},
    {14, 9, 1, 13, 3, 10, 4, 8, 11, 6, 2, 12, 7, 5},
    {14, 11, 3, 2, 5, 12, 6, 10, 13, 8, 4, 1, 9, 7},
    {14, 10, 2, 1, 4, 11, 5, 9, 12, 7, 3, 13, 8, 6},
    {14, 4, 9, 8, 11, 5, 12, 3, 6, 1, 10, 7, 2, 13},
    {14, 1, 6, 5, 8, 2, 9, 13, 3, 11, 7, 4, 12, 10},
};

constexpr int kTables = 7;
constexpr int kBoards = 12;  // the profile's match: SABF TR 13.2, 19.11.1

// Round one, board 1 (dealer N, nobody vulnerable), North declaring spades
// at every table; the other boards are passed out everywhere.
//   table  NS v EW   contract  NS score
//     1    14 v 2    4S=         420
//     2     7 v 6    4S=         420
//     3     9 v 3    4S+1        450
//     4    10 v 1    2S+2        170
//     5     4 v 12   4S=         420
//     6     8 v 5    4S-1        -50
//     7    13 v 11   4S+2        480
// SABF TR 12.1: 7 tables (6 or more), "the top and bottom 16.67% (rounded
// down)" excluded: 7 x 16.67% = 1.17, so one score at each end (-50 and
// 480). Datum = (170 + 420 + 420 + 420 + 450) / 5 = 376, to the closest
// 10: 380. NS IMPs (WBF table): 420-380 = 40 -> 1; 450-380 = 70 -> 2;
// 170-380 = -210 -> -5; -50-380 = -430 -> -10; 480-380 = 100 -> 3.
// Passed-out boards: datum 0, 0 IMPs. VPs, SABF TR 21.2 12-board column:
// 1 IMP 10.33-9.67, 2 IMPs 10.66-9.34, 3 IMPs 10.99-9.01, 5 IMPs 11.65-8.35,
// 10 IMPs 13.30-6.70.
struct Board1 {
  int level;
  int tricks;
};
constexpr Board1 kRoundOneBoard1[kTables] = {{4, 10}, {4, 10}, {4, 11}, {2, 10},
                                             {4, 10}, {4, 9},  {4, 12}};

class ButlerRoundRobinTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "butler",
                                            "rr14");
  }

  // Plays round `round` (boards 12(round-1)+1 ...): board 1 of round one as
  // above, everything else passed out.
  void PlayRound(int round) {
    for (int table = 1; table <= kTables; ++table) {
      for (int i = 0; i < kBoards; ++i) {
        const int board = (round - 1) * kBoards + 1 + i;
        v1::TableResult result = PassedOut();
        if (round == 1 && board == 1) {
          const Board1& b = kRoundOneBoard1[table - 1];
          result = Played(b.level, v1::STRAIN_SPADES, v1::SEAT_NORTH, b.tricks);
        }
        ASSERT_THAT(client_->Enter(round, table, board, result), IsOk())
            << "round " << round << " table " << table << " board " << board;
      }
    }
  }

  std::string Vps(const v1::DecimalValue& d) { return DecimalText(d); }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("butler")};
  std::unique_ptr<MatchClient> client_;
};

TEST_F(ButlerRoundRobinTest, PlaysThe21_16DrawWithTheButlerScale) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                              "sabf_butler_round_robin"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(14), IsOk());

  for (int round = 1; round <= 13; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, /*seed=*/round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    EXPECT_EQ(draw->method(), "sabf_butler_round_robin");
    EXPECT_EQ(draw->trigger(), v1::DRAW_TRIGGER_ALL_RESULTS_IN);
    ASSERT_EQ(draw->matches_size(), kTables);
    for (int t = 0; t < kTables; ++t) {
      EXPECT_EQ(draw->matches(t).table(), t + 1);
      EXPECT_EQ(draw->matches(t).home(), kSabf21_16[round - 1][2 * t])
          << "SABF TR 21.16 round " << round << " table " << t + 1 << " NS";
      EXPECT_EQ(draw->matches(t).away(), kSabf21_16[round - 1][2 * t + 1])
          << "SABF TR 21.16 round " << round << " table " << t + 1 << " EW";
    }
    ASSERT_EQ(draw->boards_size(), kBoards);
    EXPECT_EQ(draw->boards(0), (round - 1) * kBoards + 1);
    PlayRound(round);
    if (round == 1) {
      absl::StatusOr<v1::MatchResults> results = client_->Results(1);
      ASSERT_THAT(results, IsOk());
      std::vector<std::string> lines;
      for (const v1::MatchResult& m : results->matches()) {
        lines.push_back(absl::StrCat(m.home(), " v ", m.away(), ": ",
                                     m.home_imps().numerator(), " IMPs ",
                                     Vps(m.home_vps()), "-",
                                     Vps(m.away_vps())));
      }
      EXPECT_THAT(lines, ElementsAre("14 v 2: 1 IMPs 10.33-9.67",
                                     "7 v 6: 1 IMPs 10.33-9.67",
                                     "9 v 3: 2 IMPs 10.66-9.34",
                                     "10 v 1: -5 IMPs 8.35-11.65",
                                     "4 v 12: 1 IMPs 10.33-9.67",
                                     "8 v 5: -10 IMPs 6.70-13.30",
                                     "13 v 11: 3 IMPs 10.99-9.01"));
    }
    ASSERT_THAT(client_->Post(round), IsOk());
  }
  // Every round is drawn: a fourteenth is refused and changes nothing.
  absl::StatusOr<uint64_t> length = client_->LogLength();
  ASSERT_THAT(length, IsOk());
  EXPECT_THAT(client_->Draw(14, 1),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("13 rounds")));
  absl::StatusOr<uint64_t> unchanged = client_->LogLength();
  ASSERT_THAT(unchanged, IsOk());
  EXPECT_EQ(*unchanged, *length);

  // Final standings: round one's VPs plus 12 drawn matches (10.00 each).
  // 14, 7 and 4 won by 1 IMP (130.33) against the same total of opponents
  // (a complete round robin: everyone's opponents are everyone else), with
  // one win and +1 IMP each: SABF TR 13.10's chain leaves them tied, and so
  // they share fifth place; likewise 2, 6 and 12 (129.67) share eighth.
  absl::StatusOr<v1::MatchStandings> standings = client_->Standings();
  ASSERT_THAT(standings, IsOk());
  std::vector<std::string> rows;
  for (const v1::MatchStandingsRow& row : standings->rows()) {
    rows.push_back(absl::StrCat(row.rank(), row.tied() ? "=" : "", " ",
                                row.entrant(), " ", Vps(row.total())));
  }
  EXPECT_THAT(rows,
              ElementsAre("1 5 133.30", "2 1 131.65", "3 13 130.99",
                          "4 9 130.66", "5= 4 130.33", "5= 7 130.33",
                          "5= 14 130.33", "8= 2 129.67", "8= 6 129.67",
                          "8= 12 129.67", "11 3 129.34", "12 11 129.01",
                          "13 10 128.35", "14 8 126.70"));

  for (int round = 1; round <= 13; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees()) << "round " << round << ": "
                                 << check->differences(0);
  }

  // A restarted server replays the log from scratch: the same bytes.
  std::string before = standings->SerializeAsString();
  std::vector<std::string> draws_before;
  for (int round = 1; round <= 13; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    draws_before.push_back(d->SerializeAsString());
  }
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "butler", "rr14");
  absl::StatusOr<v1::MatchStandings> after = client_->Standings();
  ASSERT_THAT(after, IsOk());
  EXPECT_EQ(after->SerializeAsString(), before);
  for (int round = 1; round <= 13; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    EXPECT_EQ(d->SerializeAsString(), draws_before[round - 1]);
  }
}

}  // namespace
}  // namespace tally::testing
