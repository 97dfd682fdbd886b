// End to end: eligibility through the gRPC API on a real tallyd.
//   * Teams: an SABF round robin of four teams (4, 5, 6 and 4 players), the
//     captains' line-ups posted every round (DirectorService.PostLineup),
//     and GetEligibility under SABF TR 16.2 and 13.5; refused line-ups
//     leave the log as it was.
//   * Pairs: ten pairs in an ABPC Open Stage 3 round robin (nine rounds)
//     with substitutes and an absence recorded by round, under ANC SR 20.2.
// Both answers are byte-identical after tallyd restarts and replays its
// log. Expected values are worked by hand in the comments.

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "server/grpc_status.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr auto kEligible = v1::ELIGIBILITY_VERDICT_ELIGIBLE;
constexpr auto kNotEligible = v1::ELIGIBILITY_VERDICT_NOT_ELIGIBLE;

class EligibilityE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect();
  }

  void Connect() {
    client_ = std::make_unique<MatchClient>(tallyd_.channel(), "elig", comp_);
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
    query_ = v1::QueryService::NewStub(tallyd_.channel());
  }

  std::unique_ptr<grpc::ClientContext> Context() {
    auto context = std::make_unique<grpc::ClientContext>();
    context->set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(60));
    context->AddMetadata("tally-identity", "td:test");
    return context;
  }

  v1::CommandOptions Options() {
    v1::CommandOptions o;
    o.set_idempotency_key(absl::StrCat("elig-e2e/", ++commands_));
    return o;
  }

  absl::Status RegisterTeam(int team, const std::string& prefix, int size) {
    v1::RegisterTeamRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id("elig");
    r.set_competition_id(comp_);
    r.set_team(team);
    r.set_name(absl::StrCat("Team ", team));
    for (int p = 1; p <= size; ++p) r.add_players(absl::StrCat(prefix, p));
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RegisterTeam(Context().get(), r, &out));
  }

  absl::Status PostLineup(int round, int team,
                          const std::vector<std::string>& four) {
    v1::PostLineupRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id("elig");
    r.set_competition_id(comp_);
    r.set_round(round);
    r.set_team(team);
    r.add_open_room(four[0]);
    r.add_open_room(four[1]);
    r.add_closed_room(four[2]);
    r.add_closed_room(four[3]);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->PostLineup(Context().get(), r, &out));
  }

  absl::Status Substitute(int round, int pair, const std::string& replaced) {
    v1::RecordSubstituteRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id("elig");
    r.set_competition_id(comp_);
    r.set_session(round);
    r.set_pair(pair);
    r.set_substitute("Sam Sub");
    r.set_replaced_player(replaced);
    r.set_reason(v1::SUBSTITUTE_REASON_ORDINARY);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RecordSubstitute(Context().get(), r, &out));
  }

  absl::Status Absent(int round, int pair) {
    v1::RecordPairAbsentRequest r;
    *r.mutable_options() = Options();
    r.set_tournament_id("elig");
    r.set_competition_id(comp_);
    r.set_session(round);
    r.set_pair(pair);
    r.set_reason(v1::ABSENCE_REASON_NONE);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->RecordPairAbsent(Context().get(), r, &out));
  }

  absl::StatusOr<v1::Eligibility> Eligibility() {
    v1::GetEligibilityRequest r;
    r.set_tournament_id("elig");
    r.set_competition_id(comp_);
    v1::Eligibility out;
    grpc::Status s = query_->GetEligibility(Context().get(), r, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return out;
  }

  // Every board of `draw` passed out (both rooms for teams), then posted.
  void Play(const v1::DrawMade& draw, bool teams) {
    std::vector<v1::Room> rooms = {v1::ROOM_UNSPECIFIED};
    if (teams) rooms = {v1::ROOM_OPEN, v1::ROOM_CLOSED};
    for (const v1::DrawnMatch& m : draw.matches()) {
      for (int board : draw.boards()) {
        for (v1::Room room : rooms) {
          ASSERT_THAT(client_->Enter(draw.round(), m.table(), board,
                                     PassedOut(), room),
                      IsOk());
        }
      }
    }
    ASSERT_THAT(client_->Post(draw.round()), IsOk());
  }

  const v1::PlayerEligibility& Player(const v1::Eligibility& e, int entrant,
                                      const std::string& name) {
    for (const v1::EntrantEligibility& x : e.entrants()) {
      if (x.entrant() != entrant) continue;
      for (const v1::PlayerEligibility& p : x.players()) {
        if (p.player() == name) return p;
      }
    }
    ADD_FAILURE() << "no player " << name << " in entrant " << entrant;
    return e.entrants(0).players(0);
  }

  std::string comp_ = "rr";
  int commands_ = 0;
  TallydProcess tallyd_{TallydPath(), MakeTempDir("eligibility")};
  std::unique_ptr<MatchClient> client_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::QueryService::Stub> query_;
};

// The line-ups by round: team 1 the same four throughout; team 2's B5
// replaces B1 in round 3; team 3's C6 plays round 2 only; team 4 the same
// four.
std::vector<std::string> LineupOf(int round, int team) {
  switch (team) {
    case 1:
      return {"A1", "A2", "A3", "A4"};
    case 2:
      return {round == 3 ? "B5" : "B1", "B2", "B3", "B4"};
    case 3:
      if (round == 1) return {"C1", "C2", "C3", "C4"};
      if (round == 2) return {"C5", "C6", "C3", "C4"};
      return {"C5", "C1", "C2", "C4"};
    default:
      return {"D1", "D2", "D3", "D4"};
  }
}

TEST_F(EligibilityE2eTest, TeamsLineUpsAndSabfTr162) {
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_TEAMS,
                              "sabf_round_robin_teams"),
              IsOk());
  ASSERT_THAT(RegisterTeam(1, "A", 4), IsOk());
  ASSERT_THAT(RegisterTeam(2, "B", 5), IsOk());
  ASSERT_THAT(RegisterTeam(3, "C", 6), IsOk());
  ASSERT_THAT(RegisterTeam(4, "D", 4), IsOk());
  for (int round = 1; round <= 3; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, 3);
    ASSERT_THAT(draw, IsOk());
    for (int team = 1; team <= 4; ++team) {
      ASSERT_THAT(PostLineup(round, team, LineupOf(round, team)), IsOk());
    }
    if (round == 1) {
      // Refusals change nothing: a player not in the team, and, once a
      // result is in, a change to the line-up that played it.
      absl::StatusOr<uint64_t> before = client_->LogLength();
      ASSERT_THAT(before, IsOk());
      EXPECT_THAT(PostLineup(1, 2, {"B1", "B2", "A1", "B4"}),
                  StatusIs(absl::StatusCode::kInvalidArgument,
                           HasSubstr("'A1' is not a registered player")));
      ASSERT_THAT(client_->Enter(1, draw->matches(0).table(),
                                 draw->boards(0), PassedOut(), v1::ROOM_OPEN),
                  IsOk());
      const int home = draw->matches(0).home();
      std::vector<std::string> other = LineupOf(1, home);
      std::swap(other[0], other[2]);
      EXPECT_THAT(PostLineup(1, home, other),
                  StatusIs(absl::StatusCode::kFailedPrecondition,
                           HasSubstr("cannot be changed")));
      absl::StatusOr<uint64_t> after = client_->LogLength();
      ASSERT_THAT(after, IsOk());
      EXPECT_EQ(*after, *before + 1);  // the one result entered
      // Play the rest of round 1 (its first board at table 1 is in).
      for (const v1::DrawnMatch& m : draw->matches()) {
        for (int board : draw->boards()) {
          for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
            if (m.table() == draw->matches(0).table() &&
                board == draw->boards(0) && room == v1::ROOM_OPEN) {
              continue;
            }
            ASSERT_THAT(client_->Enter(1, m.table(), board, PassedOut(), room),
                        IsOk());
          }
        }
      }
      ASSERT_THAT(client_->Post(1), IsOk());
    } else {
      Play(*draw, true);
    }
  }

  absl::StatusOr<v1::Eligibility> e = Eligibility();
  ASSERT_THAT(e, IsOk());
  EXPECT_THAT(e->rounds_counted(), ElementsAre(1, 2, 3));
  // Three 14-board matches: 42 boards for every team.
  // Team of 4, 60% of 42 = 25.2 -> 26: A1 42, yes.
  EXPECT_EQ(Player(*e, 1, "A1").played().boards(), 42);
  EXPECT_EQ(Player(*e, 1, "A1").verdicts(0).verdict(), kEligible);
  // Team of 5, 50% = 21: B1 28 yes; B5 14 no, and under 13.5's 40% (17):
  // the TC must approve.
  EXPECT_EQ(Player(*e, 2, "B1").verdicts(0).verdict(), kEligible);
  const v1::PlayerEligibility& b5 = Player(*e, 2, "B5");
  EXPECT_EQ(b5.played().boards(), 14);
  EXPECT_EQ(b5.verdicts(0).verdict(), kNotEligible);
  EXPECT_EQ(b5.verdicts(0).checks(0).needed(), 21);
  EXPECT_EQ(b5.verdicts(1).verdict(), kNotEligible);
  EXPECT_THAT(b5.verdicts(1).otherwise(), HasSubstr("approval of the TC"));
  // Team of 6, 40% = 16.8 -> 17: C6 14, no; C5 28, yes.
  EXPECT_EQ(Player(*e, 3, "C6").verdicts(0).verdict(), kNotEligible);
  EXPECT_EQ(Player(*e, 3, "C5").verdicts(0).verdict(), kEligible);

  // A restarted tallyd replays the log to the same answer, byte for byte.
  const std::string before = e->SerializeAsString();
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  Connect();
  absl::StatusOr<v1::Eligibility> again = Eligibility();
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->SerializeAsString(), before);
}

TEST_F(EligibilityE2eTest, PairsSubstitutesAndAncSr202) {
  comp_ = "abpc";
  Connect();
  ASSERT_THAT(client_->Create(v1::COMPETITION_KIND_ROUND_ROBIN_PAIRS,
                              "anc2025_abpc_open_stage3"),
              IsOk());
  ASSERT_THAT(client_->RegisterPairs(10), IsOk());
  for (int round = 1; round <= 9; ++round) {
    absl::StatusOr<v1::DrawMade> draw = client_->Draw(round, 3);
    ASSERT_THAT(draw, IsOk());
    // Pair 1: its South replaced in rounds 1-2; pair 2: in rounds 1-3;
    // pair 3 absent (two stand-ins) in round 1.
    if (round <= 2) {
      ASSERT_THAT(Substitute(round, 1, "P1 South"), IsOk());
    }
    if (round <= 3) {
      ASSERT_THAT(Substitute(round, 2, "P2 South"), IsOk());
    }
    if (round == 1) {
      ASSERT_THAT(Absent(round, 3), IsOk());
    }
    Play(*draw, false);
  }
  absl::StatusOr<uint64_t> before_refusal = client_->LogLength();
  ASSERT_THAT(before_refusal, IsOk());
  EXPECT_THAT(Substitute(4, 1, "Nobody"),
              StatusIs(absl::StatusCode::kInvalidArgument,
                       HasSubstr("'Nobody' is not a player of pair 1")));
  EXPECT_THAT(PostLineup(1, 1, {"P1 North", "P1 South", "P2 North", "P2 South"}),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("is a pairs event")));
  EXPECT_EQ(*client_->LogLength(), *before_refusal);

  absl::StatusOr<v1::Eligibility> e = Eligibility();
  ASSERT_THAT(e, IsOk());
  EXPECT_EQ(e->rounds_scheduled(), 9);
  ASSERT_EQ(e->rules_size(), 1);
  EXPECT_EQ(e->rules(0).clause(), "ANC SR 20.2");
  // 20.2 Stage 3: each player 7/9 of 9 = 7 rounds, the partnership 6/9 = 6.
  auto verdict = [&](int pair) {
    for (const v1::EntrantEligibility& x : e->entrants()) {
      if (x.entrant() == pair) return x.verdicts(0);
    }
    return v1::RuleVerdict();
  };
  // Pair 1: South 7, together 7: eligible, at the threshold.
  EXPECT_EQ(verdict(1).verdict(), kEligible);
  EXPECT_EQ(Player(*e, 1, "P1 South").played().rounds(), 7);
  // Pair 2: South 6 < 7.
  EXPECT_EQ(verdict(2).verdict(), kNotEligible);
  EXPECT_EQ(verdict(2).checks(1).counted(), 6);
  EXPECT_EQ(verdict(2).checks(1).needed(), 7);
  // Pair 3: each 8, together 8.
  EXPECT_EQ(verdict(3).verdict(), kEligible);
  EXPECT_EQ(Player(*e, 3, "P3 North").absences(), 1);

  const std::string before = e->SerializeAsString();
  ASSERT_EQ(tallyd_.Stop(), 0);
  ASSERT_THAT(tallyd_.Start(), IsOk());
  Connect();
  absl::StatusOr<v1::Eligibility> again = Eligibility();
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(again->SerializeAsString(), before);
}

}  // namespace
}  // namespace tally::testing
