#include "tests/fuzz/fuzz_fixture.h"

#include <cstdio>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "replay/log/codec.h"
#include "replay/log/sha256.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/venue.pb.h"
#include "tests/fuzz/fuzz_commands.h"

namespace tally::fuzz {
namespace {

constexpr char kT[] = "t";

class Builder {
 public:
  Builder() { fixture_.now = absl::FromUnixSeconds(1748772000); }  // 2025-06-01

  // Runs `request` as the next command; aborts on a refusal.
  void Run(const google::protobuf::Message& request) {
    FixtureCommand command{CommandIndexOf(request),
                           request.SerializeAsString()};
    if (command.index < 0) Die(request, "is no command");
    DecidedCommand d = DecodeAndDecide(command.index, command.request,
                                       fixture_.state, fixture_.now);
    if (!d.decoded) Die(request, "does not decode");
    if (!d.payload.ok()) Die(request, d.payload.status().ToString());
    v1::Event event =
        NextEvent(fixture_.state, d.tournament_id, *d.payload, fixture_.now);
    event.set_previous_hash(
        fixture_.events.empty() ? replay::GenesisHash()
                                : fixture_.events.back().hash());
    if (absl::Status s = replay::Evolve(event, fixture_.state); !s.ok()) {
      Die(request, s.ToString());
    }
    event.set_hash(replay::EncodeEvent(event).hash());
    fixture_.events.push_back(std::move(event));
    fixture_.commands.push_back(std::move(command));
    fixture_.now += absl::Minutes(1);
  }

  Fixture Take() { return std::move(fixture_); }

 private:
  [[noreturn]] static void Die(const google::protobuf::Message& request,
                               const std::string& why) {
    std::fprintf(stderr, "fuzz fixture: %s %s: %s\n",
                 request.GetTypeName().c_str(),
                 request.ShortDebugString().c_str(), why.c_str());
    std::abort();
  }

  Fixture fixture_;
};

v1::TableResult Made(int level, v1::Strain strain, int tricks) {
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(strain);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  p->set_doubling(v1::DOUBLING_UNDOUBLED);
  return r;
}

void CreatePairs(Builder& b) {
  v1::CreateCompetitionRequest c;
  c.set_tournament_id(kT);
  c.set_competition_id("c");
  c.set_name("Pairs");
  c.set_kind(v1::COMPETITION_KIND_MATCHPOINT_PAIRS);
  c.set_regulation_profile("nsw_matchpoint_pairs");
  b.Run(c);
  v1::DefineSessionRequest d;
  d.set_tournament_id(kT);
  d.set_competition_id("c");
  d.set_session(1);
  v1::MovementRound* round = d.mutable_explicit_movement()->add_rounds();
  round->set_round(1);
  for (int table = 1; table <= 2; ++table) {
    for (int pair : {2 * table - 1, 2 * table}) {
      v1::RegisterPairRequest r;
      r.set_tournament_id(kT);
      r.set_competition_id("c");
      r.set_pair(pair);
      r.add_players(absl::StrCat("A", pair));
      r.add_players(absl::StrCat("B", pair));
      b.Run(r);
    }
    v1::TableAssignment* a = round->add_tables();
    a->set_table(table);
    a->set_ns_pair(2 * table - 1);
    a->set_ew_pair(2 * table);
    for (int board : {1, 2, 3}) a->add_boards(board);
  }
  b.Run(d);
  v1::StartSessionRequest start;
  start.set_tournament_id(kT);
  start.set_competition_id("c");
  start.set_session(1);
  b.Run(start);
  for (int board : {1, 2}) {
    for (int table : {1, 2}) {
      v1::EnterResultRequest e;
      e.set_tournament_id(kT);
      e.set_competition_id("c");
      e.set_session(1);
      e.set_table(table);
      e.set_board(board);
      *e.mutable_result() =
          Made(board + table, v1::STRAIN_NO_TRUMP, 6 + board + table);
      b.Run(e);
    }
  }
  v1::RecordRulingRequest ruling;
  ruling.set_tournament_id(kT);
  ruling.set_competition_id("c");
  ruling.set_session(1);
  ruling.set_table(1);
  ruling.set_board(1);
  ruling.set_law("Law 90");
  ruling.set_text("a procedural penalty");
  v1::RulingPenalty* penalty = ruling.mutable_penalty();
  penalty->set_kind(v1::PENALTY_KIND_PROCEDURAL);
  penalty->set_side(v1::SIDE_EAST_WEST);
  penalty->set_unit(v1::SCORE_UNIT_MATCHPOINTS);
  penalty->mutable_amount()->set_numerator(1);
  penalty->mutable_amount()->set_denominator(1);
  b.Run(ruling);
}

void CreateTeams(Builder& b) {
  v1::CreateCompetitionRequest c;
  c.set_tournament_id(kT);
  c.set_competition_id("m");
  c.set_name("Swiss Teams");
  c.set_kind(v1::COMPETITION_KIND_SWISS_TEAMS);
  c.set_regulation_profile("nsw_swiss_teams");
  c.set_rounds(7);
  b.Run(c);
  for (int team = 1; team <= 4; ++team) {
    v1::RegisterTeamRequest r;
    r.set_tournament_id(kT);
    r.set_competition_id("m");
    r.set_team(team);
    r.set_name(absl::StrCat("Team ", team));
    for (const char* p : {"A", "B", "C", "D"}) {
      r.add_players(absl::StrCat(p, team));
    }
    b.Run(r);
  }
  v1::MakeDrawRequest draw;
  draw.set_tournament_id(kT);
  draw.set_competition_id("m");
  draw.set_round(1);
  draw.set_seed(1);
  b.Run(draw);
  for (v1::Room room : {v1::ROOM_OPEN, v1::ROOM_CLOSED}) {
    v1::EnterResultRequest e;
    e.set_tournament_id(kT);
    e.set_competition_id("m");
    e.set_session(1);
    e.set_table(1);
    e.set_board(1);
    e.set_room(room);
    *e.mutable_result() =
        Made(room == v1::ROOM_OPEN ? 3 : 1, v1::STRAIN_NO_TRUMP, 9);
    b.Run(e);
  }
}

Fixture Build() {
  Builder b;
  v1::CreateTournamentRequest t;
  t.set_tournament_id(kT);
  t.set_name("Congress");
  b.Run(t);
  CreatePairs(b);
  CreateTeams(b);
  return b.Take();
}

}  // namespace

const Fixture& TheFixture() {
  static const Fixture* const fixture = new Fixture(Build());
  return *fixture;
}

}  // namespace tally::fuzz
