#include "replay/testing/match_event_for_test.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "core/base/status_matchers.h"
#include "gtest/gtest.h"
#include "replay/decide/decide.h"
#include "replay/match_scores/forfeits.h"
#include "replay/matches/decide_matches.h"
#include "replay/matches/decide_withdrawals.h"
#include "replay/testing/apply_for_test.h"

namespace tally::replay {
namespace {

constexpr char kT[] = "t";
constexpr char kC[] = "c";

bool NsVulnerable(int board) {
  const int b = (board - 1) % 16 + 1;
  return b == 2 || b == 4 || b == 5 || b == 7 || b == 10 || b == 12 ||
         b == 13 || b == 15;
}

// North in no trump: the contract of the file comment's swing of `imps`.
v1::TableResult Swing(int imps) {
  int level = 0, tricks = 0;
  switch (imps) {
    case 3:
      level = 1, tricks = 7;
      break;
    case 10:
      level = 3, tricks = 10;
      break;
    case 14:
      level = 6, tricks = 12;
      break;
    case 17:
      level = 7, tricks = 13;
      break;
    default:
      ADD_FAILURE() << "no scripted swing of " << imps << " IMPs";
  }
  v1::TableResult r;
  v1::PlayedContract* p = r.mutable_played();
  p->set_level(level);
  p->set_strain(v1::STRAIN_NO_TRUMP);
  p->set_declarer(v1::SEAT_NORTH);
  p->set_tricks(tricks);
  p->set_doubling(v1::DOUBLING_UNDOUBLED);
  return r;
}

}  // namespace

MatchEventForTest::MatchEventForTest(const std::string& profile,
                                     v1::CompetitionKind kind, int entrants,
                                     int rounds) {
  v1::CreateTournamentRequest t;
  t.set_tournament_id(kT);
  t.set_name("Test");
  replay::Apply(state_, DecideCreateTournament(state_, t));
  v1::CreateCompetitionRequest c;
  c.set_tournament_id(kT);
  c.set_competition_id(kC);
  c.set_name("Event");
  c.set_kind(kind);
  c.set_regulation_profile(profile);
  c.set_rounds(rounds);
  replay::Apply(state_, DecideCreateCompetition(state_, c));
  for (int n = 1; n <= entrants; ++n) {
    if (competition().IsTeams()) {
      v1::RegisterTeamRequest r;
      r.set_tournament_id(kT);
      r.set_competition_id(kC);
      r.set_team(n);
      r.set_name(absl::StrCat("Team ", n));
      for (const char* p : {"A", "B", "C", "D"}) r.add_players(p);
      replay::Apply(state_, DecideRegisterTeam(state_, r));
    } else {
      v1::RegisterPairRequest r;
      r.set_tournament_id(kT);
      r.set_competition_id(kC);
      r.set_pair(n);
      r.add_players("North");
      r.add_players("South");
      replay::Apply(state_, DecideRegisterPair(state_, r));
    }
  }
}

const CompetitionState& MatchEventForTest::competition() const {
  return state_.tournaments.at(kT).competitions.at(kC);
}

const v1::DrawMade& MatchEventForTest::Draw(int round, bool early) {
  v1::MakeDrawRequest r;
  r.set_tournament_id(kT);
  r.set_competition_id(kC);
  r.set_round(round);
  r.set_seed(round);
  r.set_early(early);
  replay::Apply(state_, DecideMakeDraw(state_, r));
  return competition().rounds.at(round).draw;
}

int MatchEventForTest::TableOf(int round, int entrant) const {
  for (const v1::DrawnMatch& m :
       competition().rounds.at(round).draw.matches()) {
    if (m.home() == entrant || m.away() == entrant) return m.table();
  }
  return 0;
}

int MatchEventForTest::OpponentOf(int round, int entrant) const {
  for (const v1::DrawnMatch& m :
       competition().rounds.at(round).draw.matches()) {
    if (m.home() == entrant) return m.away();
    if (m.away() == entrant) return m.home();
  }
  return 0;
}

void MatchEventForTest::Enter(int round, int table, int board, v1::Room room,
                              const v1::TableResult& result) {
  v1::EnterResultRequest r;
  r.set_tournament_id(kT);
  r.set_competition_id(kC);
  r.set_session(round);
  r.set_table(table);
  r.set_board(board);
  r.set_room(room);
  *r.mutable_result() = result;
  replay::Apply(state_, DecideEnterResult(state_, r));
}

void MatchEventForTest::PlayFor(int round, int entrant,
                                const std::vector<int>& swings) {
  const MatchRoundState& r = competition().rounds.at(round);
  const int table = TableOf(round, entrant);
  ASSERT_NE(table, 0) << "entrant " << entrant << " is not drawn";
  bool home = false;
  for (const v1::DrawnMatch& m : r.draw.matches()) {
    if (m.table() == table) home = m.home() == entrant;
  }
  const std::vector<int> boards(r.draw.boards().begin(), r.draw.boards().end());
  size_t next = 0;
  for (int board : boards) {
    if (!competition().IsTeams()) {
      ASSERT_TRUE(swings.empty()) << "pairs matches are played level";
      Enter(round, table, board, v1::ROOM_UNSPECIFIED, PassedOut());
      continue;
    }
    v1::TableResult open = PassedOut(), closed = PassedOut();
    if (next < swings.size() && !NsVulnerable(board)) {
      // For the home team: its North plays in the open room; for the away
      // team: its North plays in the closed room.
      const int imps = swings[next++];
      const bool home_gains = (imps > 0) == home;
      (home_gains ? open : closed) = Swing(std::abs(imps));
    }
    Enter(round, table, board, v1::ROOM_OPEN, open);
    Enter(round, table, board, v1::ROOM_CLOSED, closed);
  }
  ASSERT_EQ(next, swings.size()) << "too few non-vulnerable boards";
}

void MatchEventForTest::PlayRestLevel(int round) {
  const MatchRoundState& r = competition().rounds.at(round);
  std::vector<int> entrants;
  for (const v1::DrawnMatch& m : r.draw.matches()) {
    if (ForfeitAt(competition(), r, m).has_value()) continue;
    bool entered = false;
    for (const auto& [key, result] : r.results) {
      if (std::get<1>(key) == m.table()) entered = true;
    }
    if (!entered) entrants.push_back(m.home());
  }
  for (int entrant : entrants) PlayFor(round, entrant, {});
  // NSW TR 12.7's half-match table: one table, every board passed out.
  const int half = r.draw.half_matches().table();
  if (half != 0) {
    for (int board : r.draw.boards()) {
      if (!r.results.contains({board, half, v1::ROOM_UNSPECIFIED})) {
        Enter(round, half, board, v1::ROOM_UNSPECIFIED, PassedOut());
      }
    }
  }
}

absl::StatusOr<v1::EventPayload> MatchEventForTest::Forfeit(
    int round, int table, const std::vector<int>& offenders,
    v1::MatchForfeitKind kind) {
  v1::ForfeitMatchRequest r;
  r.set_tournament_id(kT);
  r.set_competition_id(kC);
  r.set_round(round);
  r.set_table(table);
  for (int o : offenders) r.add_offenders(o);
  r.set_kind(kind);
  r.set_reason("did not arrive");
  return DecideForfeitMatch(state_, r);
}

absl::StatusOr<v1::EventPayload> MatchEventForTest::Withdraw(int entrant,
                                                             int after_round) {
  v1::WithdrawEntrantRequest r;
  r.set_tournament_id(kT);
  r.set_competition_id(kC);
  r.set_entrant(entrant);
  r.set_after_round(after_round);
  r.set_reason("player ill");
  return DecideWithdrawEntrant(state_, r);
}

void MatchEventForTest::Apply(const absl::StatusOr<v1::EventPayload>& payload) {
  replay::Apply(state_, payload);
}

}  // namespace tally::replay
