// End to end: an Interstate Teams Championship qualifying of 5 teams under
// the anc2025_itc_qualifying profile, three round robins of the 6-team
// draws with a bye for whoever meets team 6 (ANC SR 10.7), played through
// the gRPC API on a real tallyd. The placing after round robin 2 puts team
// 5 second, so the printed round robin 3 would give it two byes on day 3
// and the CTD sets the order of its rounds (10.5, hand derivation below):
// the draw without the CTD's order, and an order that leaves the clash,
// are refused and change nothing; the CTD's order is stored with the draw
// of round 11, kept by rounds 12-15, recomputed by the audit, and replayed
// byte for byte by a restarted server.

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

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

constexpr int kBoards = 16;  // ANC SR 10.1, 10.7

// Rounds 1-10 are scripted so that, in every match, the team earlier in
// this order wins by 9 IMPs: 1 > 5 > 2 > 3 > 4. The swing board is each
// round's first (boards 1, 17, 33, ... are dealt as board 1: nobody
// vulnerable): the winner's NS pair makes 4S (+420), the other room passes
// it out: 9 IMPs (WBF scale, 370-420); the rest are passed out in both
// rooms. VPs (ANC SR 10.10): 35 + 9 = 44 and 35 - 9 = 26; a bye 35
// (10.11). In rounds 1-10 each team plays 8 matches and has 2 byes, and
// beats the teams after it twice:
//   1: 70 + 8 x 44            = 422
//   5: 70 + 6 x 44 + 2 x 26   = 386
//   2: 70 + 4 x 44 + 4 x 26   = 350
//   3: 70 + 2 x 44 + 6 x 26   = 314
//   4: 70 + 8 x 26            = 278
constexpr int kStrength[6] = {0, 5, 3, 2, 1, 4};  // by team number

// ANC SR 10.7.1 round 1 "4 v 1  3 v 5  2 v 6": team 2 meets team 6, a bye.
//
// Round robin 3 (10.3): 10.7.1's draw with draw number d held by the team
// placed d-th: 1 -> 1, 2 -> 5, 3 -> 2, 4 -> 3, 5 -> 4. Byes so far
// (10.7.1, 10.7.2, against 6): rounds 1-5 teams 2, 3, 4, 1, 5; rounds 6-10
// teams 1, 2, 3, 5, 4. Four rounds a day (ANC SR 1.3): day 3 is rounds
// 9-12. Printed, round 11 would be 10.7.1 round 1, bye number 2 = team 5,
// whose round 9 bye is on day 3 too: 10.5 calls for the CTD's order.
// The CTD's order 2 3 1 4 5 (draw numbers -> teams; first listed is home,
// NS in the Open Room, 10.8):
//   11 (printed 2): 1 v 5, 2 v 4, bye 3  -> 1 v 4, 5 v 3, bye 2
//   12 (printed 3): 1 v 3, 5 v 2, bye 4  -> 1 v 2, 4 v 5, bye 3
//   13 (printed 1): 4 v 1, 3 v 5, bye 2  -> 3 v 1, 2 v 4, bye 5
//   14 (printed 4): 3 v 2, 5 v 4, bye 1  -> 2 v 5, 4 v 3, bye 1
//   15 (printed 5): 2 v 1, 4 v 3, bye 5  -> 5 v 1, 3 v 2, bye 4
// Team 5's byes are then rounds 5, 9 and 13 (days 2, 3, 4); nobody has
// two on one day. The order 4 1 2 3 5 puts number 2 (team 5) in round 12,
// still day 3.
constexpr int kRoundRobin3[5][5] = {
    {1, 4, 5, 3, 2},  // round 11
    {1, 2, 4, 5, 3},  // round 12
    {3, 1, 2, 4, 5},  // round 13
    {2, 5, 4, 3, 1},  // round 14
    {5, 1, 3, 2, 4},  // round 15
};

class ItcFiveTeamsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "anc", "itc");
  }

  // Rounds 1-10 as scripted above; round robin 3 is flat.
  void PlayRound(const v1::DrawMade& draw) {
    const int round = draw.round();
    for (const v1::DrawnMatch& m : draw.matches()) {
      for (int i = 0; i < kBoards; ++i) {
        v1::TableResult open = PassedOut(), closed = PassedOut();
        if (round <= 10 && i == 0) {
          // Open Room: the home team sits NS; Closed Room: the away team.
          (kStrength[m.home()] > kStrength[m.away()] ? open : closed) =
              Played(4, v1::STRAIN_SPADES, v1::SEAT_NORTH, 10);
        }
        ASSERT_THAT(client_->Enter(round, m.table(), draw.boards(i), open,
                                   v1::ROOM_OPEN),
                    IsOk());
        ASSERT_THAT(client_->Enter(round, m.table(), draw.boards(i), closed,
                                   v1::ROOM_CLOSED),
                    IsOk());
      }
    }
    ASSERT_THAT(client_->Post(round), IsOk()) << "round " << round;
  }

  static std::vector<int> Teams(const v1::DrawMade& d) {
    std::vector<int> out;
    for (const v1::DrawnMatch& m : d.matches()) {
      out.push_back(m.home());
      out.push_back(m.away());
    }
    out.push_back(d.bye());
    return out;
  }

  TallydProcess tallyd_{TallydPath(), MakeTempDir("itc5")};
  std::unique_ptr<MatchClient> client_;
};

TEST_F(ItcFiveTeamsTest, RoundRobinThreeIsPlayedInTheCtdsOrderUnder10_5) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
                              "anc2025_itc_qualifying"),
              IsOk());
  ASSERT_THAT(client_->RegisterTeams(5), IsOk());
  for (int round = 1; round <= 10; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    if (round == 1) {
      EXPECT_THAT(Teams(*draw), ElementsAre(4, 1, 3, 5, 2));  // 10.7.1
    }
    // Round robins 1-2 take no CTD's order.
    EXPECT_TRUE(draw->ctd_round_order().empty());
    PlayRound(*draw);
  }

  // Without the CTD's order, and with one that keeps the clash, the draw
  // is refused and the log does not grow.
  absl::StatusOr<uint64_t> length = client_->LogLength();
  ASSERT_THAT(length, IsOk());
  EXPECT_THAT(client_->Draw(11, 11),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       AllOf(HasSubstr("ANC SR 10.5"),
                             HasSubstr("team 5 on day 3"))));
  EXPECT_THAT(client_->DrawInCtdOrder(11, 11, {4, 1, 2, 3, 5}),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("still gives two byes in one day")));
  EXPECT_THAT(client_->DrawInCtdOrder(11, 11, {2, 3, 1, 5}),
              StatusIs(absl::StatusCode::kInvalidArgument));
  EXPECT_EQ(client_->LogLength().value_or(0), *length);

  for (int round = 11; round <= 15; ++round) {
    absl::StatusOr<v1::DrawMade> draw =
        round == 11 ? client_->DrawInCtdOrder(11, 11, {2, 3, 1, 4, 5})
                    : client_->Draw(round, round);
    ASSERT_THAT(draw, IsOk()) << "round " << round;
    EXPECT_THAT(Teams(*draw), ElementsAreArray(kRoundRobin3[round - 11]))
        << "round " << round << " (ANC SR 10.3, 10.5)";
    EXPECT_THAT(draw->ctd_round_order(), ElementsAre(2, 3, 1, 4, 5));
    std::vector<std::string> ranking;
    for (const v1::DrawRankingEntry& e : draw->ranking()) {
      ranking.push_back(absl::StrCat(e.entrant(), " ", e.score().numerator(),
                                     "/", e.score().denominator()));
    }
    EXPECT_THAT(ranking, ElementsAre("1 422/1", "5 386/1", "2 350/1",
                                     "3 314/1", "4 278/1"))
        << "round " << round;
    PlayRound(*draw);
  }

  // The audit recomputes every draw, round robin 3 from its stored order.
  for (int round = 1; round <= 15; ++round) {
    absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
    ASSERT_THAT(check, IsOk());
    EXPECT_TRUE(check->agrees())
        << "round " << round << ": "
        << (check->differences().empty() ? "" : check->differences(0));
  }

  // A restarted server replays the log from scratch: the same bytes.
  std::vector<std::string> draws_before;
  for (int round = 1; round <= 15; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    draws_before.push_back(d->SerializeAsString());
  }
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  client_ = std::make_unique<MatchClient>(tallyd_.channel(), "anc", "itc");
  for (int round = 1; round <= 15; ++round) {
    absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
    ASSERT_THAT(d, IsOk());
    EXPECT_EQ(d->SerializeAsString(), draws_before[round - 1]);
  }
}

}  // namespace
}  // namespace tally::testing
