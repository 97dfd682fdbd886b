// End to end: knock-out finals through the gRPC API on a real tallyd.
// - The ITC final (ANC SR 11.2-11.4) under anc2025_itc_final: two teams
//   qualified with a 3.7 IMP carry-over (EntrantsQualified, appended to the
//   log while the server is down, as the qualification command will), 60
//   boards in five stanzas of 12, the seating-rights choices of 11.4 with
//   their refusals (nothing appended), the knock-out result with the
//   carry-over deciding.
// - The SABF Final Five (SABF TR 17.3, 13.12) under sabf_teams_finals, week
//   by week from the qualifying places to the grand final's two stanzas,
//   each match's 0.1 IMP carry-forward deciding where the IMPs are level.
// Every draw is audited, and a restarted server replays the log to
// byte-identical knock-out results and draws.
//
// IMPs are hand worked on the WBF scale, part scores only (vulnerability
// does not matter): 1NT by North making 7 tricks, +90 v passed out: 3 IMPs;
// 3S making 9, +140: 4 IMPs; 1NT making 10, +180: 5 IMPs.

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "core/draw/prng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "replay/state/event_log.h"
#include "server/grpc_status.h"
#include "tests/match_client.h"
#include "tests/tallyd_process.h"

namespace tally::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const v1::TableResult kThree =
    Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 7);
const v1::TableResult kFour = Played(3, v1::STRAIN_SPADES, v1::SEAT_NORTH, 9);
const v1::TableResult kFive =
    Played(1, v1::STRAIN_NO_TRUMP, v1::SEAT_NORTH, 10);

// A board a team gains on: its North-South pair makes `result` (the open
// room for the home team, the closed room for the away team); the other
// room passes the board out.
struct Swing {
  int table = 1;
  int offset = 0;  // the board's place in the round, from 0
  int team = 0;
  v1::TableResult result;
};

class KnockoutE2eTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_THAT(tallyd_.Start(), IsOk()); }

  void Connect(const std::string& competition) {
    competition_ = competition;
    client_ =
        std::make_unique<MatchClient>(tallyd_.channel(), "finals", competition);
    director_ = v1::DirectorService::NewStub(tallyd_.channel());
  }

  std::unique_ptr<grpc::ClientContext> Context() {
    auto context = std::make_unique<grpc::ClientContext>();
    context->set_deadline(std::chrono::system_clock::now() +
                          std::chrono::seconds(60));
    context->AddMetadata("tally-identity", "td:test");
    return context;
  }

  void PlayRound(const v1::DrawMade& draw, const std::vector<Swing>& swings) {
    for (const v1::DrawnMatch& m : draw.matches()) {
      for (int i = 0; i < draw.boards_size(); ++i) {
        v1::TableResult open = PassedOut(), closed = PassedOut();
        for (const Swing& s : swings) {
          if (s.table == m.table() && s.offset == i) {
            (s.team == m.home() ? open : closed) = s.result;
          }
        }
        ASSERT_THAT(client_->Enter(draw.round(), m.table(), draw.boards(i),
                                   open, v1::ROOM_OPEN),
                    IsOk());
        ASSERT_THAT(client_->Enter(draw.round(), m.table(), draw.boards(i),
                                   closed, v1::ROOM_CLOSED),
                    IsOk());
      }
    }
  }

  // The tournament and the competition, with keys of this fixture's own
  // (MatchClient numbers its keys from 1 again after a restart).
  absl::Status CreateCompetition(const std::string& profile) {
    v1::CommandOutcome out;
    v1::CreateTournamentRequest t;
    t.mutable_options()->set_idempotency_key("setup-tournament");
    t.set_tournament_id("finals");
    t.set_name("Finals");
    grpc::Status s = director_->CreateTournament(Context().get(), t, &out);
    if (!s.ok()) return server::FromGrpcStatus(s);
    v1::CreateCompetitionRequest c;
    c.mutable_options()->set_idempotency_key("setup-competition");
    c.set_tournament_id("finals");
    c.set_competition_id(competition_);
    c.set_name(profile);
    c.set_kind(v1::COMPETITION_KIND_KNOCKOUT_TEAMS);
    c.set_regulation_profile(profile);
    return server::FromGrpcStatus(
        director_->CreateCompetition(Context().get(), c, &out));
  }

  absl::Status ChooseSeating(int team, std::vector<int> stanzas) {
    v1::ChooseSeatingRightsRequest r;
    r.mutable_options()->set_idempotency_key(
        absl::StrCat("seating-", ++commands_));
    r.set_tournament_id("finals");
    r.set_competition_id(competition_);
    r.set_team(team);
    for (int s : stanzas) r.add_stanzas(s);
    v1::CommandOutcome out;
    return server::FromGrpcStatus(
        director_->ChooseSeatingRights(Context().get(), r, &out));
  }

  // Appends the qualification of the final's two teams straight to the log
  // with the server stopped (the director command that appends it belongs
  // to the stage before), then starts the server again.
  void QualifyWhileStopped(const v1::EntrantsQualified& qualified) {
    ASSERT_EQ(tallyd_.Stop(), 0);
    {
      absl::StatusOr<std::unique_ptr<replay::EventLog>> log =
          replay::EventLog::Open({.path = data_dir_});
      ASSERT_THAT(log, IsOk());
      replay::Command command;
      command.tournament_id = "finals";
      command.idempotency_key = "qualify-final";
      command.fingerprint = "EntrantsQualified";
      command.actor.set_role(v1::ROLE_DIRECTOR);
      command.actor.set_identity("td:test");
      command.decide = [&](const replay::State&) {
        v1::EventPayload payload;
        *payload.mutable_entrants_qualified() = qualified;
        return absl::StatusOr<v1::EventPayload>(payload);
      };
      ASSERT_THAT((*log)->Execute(std::move(command)), IsOk());
    }
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect(competition_);
  }

  // The knock-out results and every draw, serialized.
  std::vector<std::string> Snapshot(int rounds) {
    std::vector<std::string> out;
    absl::StatusOr<v1::KnockoutResults> k = client_->Knockout();
    EXPECT_THAT(k, IsOk());
    if (k.ok()) out.push_back(k->SerializeAsString());
    for (int round = 1; round <= rounds; ++round) {
      absl::StatusOr<v1::DrawView> d = client_->GetDraw(round);
      EXPECT_THAT(d, IsOk());
      if (d.ok()) out.push_back(d->SerializeAsString());
      absl::StatusOr<v1::DrawCheck> check = client_->CheckDraw(round);
      EXPECT_THAT(check, IsOk());
      if (check.ok()) {
        EXPECT_TRUE(check->agrees()) << "round " << round;
      }
    }
    return out;
  }

  void ExpectSameAfterRestart(int rounds) {
    const std::vector<std::string> before = Snapshot(rounds);
    ASSERT_EQ(tallyd_.Stop(), 0);
    ASSERT_THAT(tallyd_.Start(), IsOk());
    Connect(competition_);
    EXPECT_EQ(Snapshot(rounds), before);
  }

  std::string data_dir_ = MakeTempDir("knockout");
  TallydProcess tallyd_{TallydPath(), data_dir_};
  std::string competition_;
  int commands_ = 0;
  std::unique_ptr<MatchClient> client_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
};

TEST_F(KnockoutE2eTest, ItcFinalOfFiveStanzasWithSeatingRightsAndCarryOver) {
  Connect("itc-final");
  ASSERT_THAT(CreateCompetition("anc2025_itc_final"), IsOk());
  // ANC SR 11.2: Victoria led the qualifying by 37 VPs: 3.7 IMPs.
  v1::EntrantsQualified q;
  q.set_competition_id("itc-final");
  q.set_from_competition_id("itc");
  q.set_clause("ANC SR 11.3");
  for (int team : {1, 2}) {
    v1::QualifiedEntrant* e = q.add_entrants();
    e->set_entrant(team);
    e->set_from_entrant(team == 1 ? 5 : 3);
    e->set_place(team);
    e->set_name(team == 1 ? "Victoria" : "Queensland");
    for (int p = 1; p <= 4; ++p) e->add_players(absl::StrCat("P", team, p));
    e->mutable_carry_over()->set_numerator(team == 1 ? 37 : 0);
    e->mutable_carry_over()->set_denominator(team == 1 ? 10 : 1);
    e->set_carry_over_clause("ANC SR 11.2");
  }
  QualifyWhileStopped(q);

  // ANC SR 11.4, in order; each refusal appends nothing.
  absl::StatusOr<uint64_t> length = client_->LogLength();
  ASSERT_THAT(length, IsOk());
  EXPECT_THAT(ChooseSeating(2, {1, 2}),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("team 1, chooses its stanza first; team 2 "
                                 "chooses after it (ANC SR 11.4)")));
  EXPECT_THAT(
      ChooseSeating(1, {0}),
      StatusIs(absl::StatusCode::kInvalidArgument, HasSubstr("ANC SR 11.4")));
  EXPECT_EQ(client_->LogLength().value_or(0), *length);
  ASSERT_THAT(ChooseSeating(1, {5}), IsOk());
  EXPECT_THAT(ChooseSeating(2, {5, 2}),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("stanza 5 was chosen by team 1")));
  ASSERT_THAT(ChooseSeating(2, {2, 3}), IsOk());
  EXPECT_THAT(
      ChooseSeating(1, {1}),
      StatusIs(absl::StatusCode::kFailedPrecondition, HasSubstr("settled")));
  EXPECT_EQ(client_->LogLength().value_or(0), *length + 2);

  // Stanzas (team 1 home, NS in the open room, 10.8):
  //   1: team 2 gains 4 and 3     0 - 7
  //   2: team 1 gains 5           5 - 0
  //   3: team 1 gains 3           3 - 0
  //   4: flat                     0 - 0
  //   5: team 2 gains 4           0 - 4
  // Totals: team 1 5 + 3 + 3.7 = 11.7; team 2 7 + 4 = 11. Team 1 wins by
  // 0.7: the carry-over decides.
  const std::vector<std::vector<Swing>> swings = {
      {{1, 2, 2, kFour}, {1, 9, 2, kThree}},
      {{1, 0, 1, kFive}},
      {{1, 11, 1, kThree}},
      {},
      {{1, 6, 2, kFour}},
  };
  for (int stanza = 1; stanza <= 5; ++stanza) {
    absl::StatusOr<v1::DrawMade> d = client_->Draw(stanza, 100 + stanza);
    ASSERT_THAT(d, IsOk()) << "stanza " << stanza;
    EXPECT_EQ(d->method(), "itc_final");
    ASSERT_EQ(d->boards_size(), 12);  // 11.3: five 12-board stanzas
    EXPECT_EQ(d->boards(0), 12 * stanza - 11);
    ASSERT_EQ(d->matches_size(), 1);
    EXPECT_EQ(d->matches(0).home(), 1);
    EXPECT_EQ(d->matches(0).label(), "Final");
    EXPECT_EQ(d->matches(0).stanza(), stanza);
    EXPECT_EQ(FractionText(d->matches(0).carry_over()), "37/10");
    EXPECT_EQ(d->matches(0).carry_over_holder(), 1);
    PlayRound(*d, swings[stanza - 1]);
    ASSERT_THAT(client_->Post(stanza), IsOk());
  }
  EXPECT_THAT(client_->Draw(6, 106),
              StatusIs(absl::StatusCode::kFailedPrecondition));

  absl::StatusOr<v1::KnockoutResults> k = client_->Knockout();
  ASSERT_THAT(k, IsOk());
  ASSERT_EQ(k->matches_size(), 1);
  const v1::KnockoutMatch& f = k->matches(0);
  std::vector<std::string> stanzas;
  for (const v1::KnockoutStanza& s : f.stanza_results()) {
    stanzas.push_back(absl::StrCat(
        s.stanza(), ": ", FractionText(s.home_imps()), "-",
        FractionText(s.away_imps()), " choice ", s.choice_of_opponents()));
  }
  // 11.4: team 1 chose stanza 5, team 2 stanzas 2 and 3; team 1 has 1, 4.
  EXPECT_THAT(stanzas, ElementsAre("1: 0-7 choice 1", "2: 5-0 choice 2",
                                   "3: 3-0 choice 2", "4: 0-0 choice 1",
                                   "5: 0-4 choice 1"));
  EXPECT_EQ(FractionText(f.home_total()), "117/10");
  EXPECT_EQ(FractionText(f.away_total()), "11");
  EXPECT_TRUE(f.complete());
  EXPECT_EQ(f.outcome(), "won");
  EXPECT_EQ(f.winner(), 1);
  EXPECT_EQ(f.decided_by(), "imps");
  EXPECT_THAT(k->event_winners(), ElementsAre(1));
  EXPECT_EQ(k->event_result(), "won");

  ExpectSameAfterRestart(5);
}

TEST_F(KnockoutE2eTest, FinalFiveWeekByWeek) {
  Connect("final-five");
  ASSERT_THAT(
      client_->Create(v1::COMPETITION_KIND_KNOCKOUT_TEAMS, "sabf_teams_finals"),
      IsOk());
  ASSERT_THAT(client_->RegisterTeams(5), IsOk());  // team p placed p

  // Each week: the matches expected as label, holder (13.12), other, and
  // the swings by team. The home team is the lot of 13.6: one
  // UniformBelow(2) per match from the week's seed (core/draw/prng.h), 0
  // putting the holder home.
  struct Expected {
    std::string label;
    int holder, other;
  };
  struct Week {
    std::vector<Expected> matches;
    std::vector<Swing> swings;  // table, offset, team, result
  };
  const std::vector<Week> weeks = {
      // 17.3.1: 4th v 5th; 2nd v 3rd. Team 5 gains 3: 4 0.1 v 5 3, team
      // 5 wins. 2 v 3 flat: 2 wins 0.1 v 0.
      {{{"First Qualifying Final", 4, 5}, {"Second Qualifying Final", 2, 3}},
       {{1, 0, 5, kThree}}},
      // 17.3.2: the first qualifying final's winner (5) v the second's
      // loser (3, holder); 1st (holder) v the second's winner (2). Team 5
      // gains 4: 3 0.1 v 5 4. Team 2 gains 3: 1 0.1 v 2 3.
      {{{"First Semi Final", 3, 5}, {"Second Semi Final", 1, 2}},
       {{1, 5, 5, kFour}, {2, 7, 2, kThree}}},
      // 17.3.3: the second semi's loser (1, holder) v the first semi's
      // winner (5). Flat: 1 wins 0.1 v 0.
      {{{"Preliminary Final", 1, 5}}, {}},
      // 17.3.4: the second semi's winner (2, holder) v the preliminary
      // final's winner (1), two stanzas (13.2). Stanza 1: team 1 gains 5;
      // stanza 2: team 2 gains 5. 2: 5 + 0.1 = 5.1 v 1: 5.
      {{{"Grand Final", 2, 1}}, {{1, 3, 1, kFive}}},
      {{{"Grand Final", 2, 1}}, {{1, 20, 2, kFive}}},
  };
  bool grand_final_holder_home = false;
  for (int week = 1; week <= 5; ++week) {
    const uint64_t seed = 500 + week;
    absl::StatusOr<v1::DrawMade> d = client_->Draw(week, seed);
    ASSERT_THAT(d, IsOk()) << "week " << week;
    EXPECT_EQ(d->method(), "sabf_final_five");
    ASSERT_EQ(d->boards_size(), 28);
    EXPECT_EQ(d->boards(0), 28 * week - 27);
    const Week& w = weeks[week - 1];
    ASSERT_EQ(d->matches_size(), static_cast<int>(w.matches.size()));
    core::DrawRng lot(seed);
    for (int i = 0; i < d->matches_size(); ++i) {
      const v1::DrawnMatch& m = d->matches(i);
      const Expected& e = w.matches[i];
      bool holder_home = false;
      if (week == 5) {
        holder_home = grand_final_holder_home;  // stanza 2 as stanza 1
      } else {
        holder_home = lot.UniformBelow(2) == 0;
      }
      if (week == 4) grand_final_holder_home = holder_home;
      EXPECT_EQ(m.label(), e.label) << "week " << week;
      EXPECT_EQ(m.table(), i + 1);
      EXPECT_EQ(m.home(), holder_home ? e.holder : e.other) << e.label;
      EXPECT_EQ(m.away(), holder_home ? e.other : e.holder) << e.label;
      EXPECT_EQ(m.carry_over_holder(), e.holder) << e.label;
      EXPECT_EQ(FractionText(m.carry_over()), "1/10") << e.label;
      EXPECT_EQ(m.stanza(), week == 5 ? 2 : 1);
    }
    PlayRound(*d, w.swings);
    ASSERT_THAT(client_->Post(week), IsOk());
    if (week == 4) {
      absl::StatusOr<v1::KnockoutResults> k = client_->Knockout();
      ASSERT_THAT(k, IsOk());
      EXPECT_EQ(k->event_result(), "");  // the grand final's second stanza
    }
  }

  absl::StatusOr<v1::KnockoutResults> k = client_->Knockout();
  ASSERT_THAT(k, IsOk());
  std::vector<std::string> lines;
  for (const v1::KnockoutMatch& m : k->matches()) {
    const int first = std::min(m.home(), m.away());
    const int second = std::max(m.home(), m.away());
    auto total = [&](int team) {
      return FractionText(team == m.home() ? m.home_total() : m.away_total());
    };
    lines.push_back(absl::StrCat(m.label(), ": ", first, " ", total(first),
                                 " - ", second, " ", total(second), ", ",
                                 m.outcome(), " by ", m.winner()));
  }
  EXPECT_THAT(lines,
              ElementsAre("First Qualifying Final: 4 1/10 - 5 3, won by 5",
                          "Second Qualifying Final: 2 1/10 - 3 0, won by 2",
                          "First Semi Final: 3 1/10 - 5 4, won by 5",
                          "Second Semi Final: 1 1/10 - 2 3, won by 2",
                          "Preliminary Final: 1 1/10 - 5 0, won by 1",
                          "Grand Final: 1 5 - 2 51/10, won by 2"));
  // 17.3.4: "The winner of the Grand Final is the winner of the event."
  EXPECT_THAT(k->event_winners(), ElementsAre(2));
  EXPECT_EQ(k->event_clause(), "SABF TR 17.3.4");
  // SABF TR 13.6: the grand final's visiting team sits first in stanza 2,
  // so the home team has the choice of seats there.
  const v1::KnockoutMatch& gf = k->matches(5);
  ASSERT_EQ(gf.stanza_results_size(), 2);
  EXPECT_EQ(gf.stanza_results(0).choice_of_opponents(), gf.away());
  EXPECT_EQ(gf.stanza_results(1).choice_of_opponents(), gf.home());
  EXPECT_THAT(client_->Draw(6, 506),
              StatusIs(absl::StatusCode::kFailedPrecondition,
                       HasSubstr("has 5 rounds")));

  ExpectSameAfterRestart(5);
}

}  // namespace
}  // namespace tally::testing
