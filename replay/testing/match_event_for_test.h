// Test-only: one competition of matches (competition "c" of tournament "t")
// driven through the decide functions and Evolve, with scripted results,
// for the replay tests of forfeits and withdrawals.
//
// How a match is scripted (teams, imps_two_tables). Every board is passed
// out in both rooms (0 IMPs) except for "swings": on the round's boards
// where North-South are not vulnerable (boards 1, 3, 6, 8, 9, 11, 14, 16 of
// every 16), in turn, North plays in no trump in one room and the board is
// passed out in the other. North-South non-vulnerable, the scores and IMPs
// (WBF IMP scale) are:
//   1NT=   (7 tricks)   +90  ->  3 IMPs (90-120)
//   3NT+1  (10 tricks) +430  -> 10 IMPs (430-490)
//   6NT=   (12 tricks) +990  -> 14 IMPs (900-1090)
//   7NT=   (13 tricks) +1520 -> 17 IMPs (1500-1740)
// A swing for the home team is played in the open room (home sits North-
// South), one for the away team in the closed room (away sits North-South),
// so the home team's IMPs on the board are +IMPs or -IMPs. A match's margin
// is the sum of its swings. A pairs match (one table) is passed out on every
// board: with every table passed out the datum is 0 and every match level.
//
// Not thread-safe; one per test.

#ifndef TALLY_REPLAY_MATCH_EVENT_FOR_TEST_H_
#define TALLY_REPLAY_MATCH_EVENT_FOR_TEST_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "replay/state/state.h"
#include "tally/v1/director.pb.h"
#include "tally/v1/events.pb.h"

namespace tally::replay {

class MatchEventForTest {
 public:
  // Creates the tournament and the competition under `profile` (with
  // `rounds`, CreateCompetition.rounds) and registers entrants 1..entrants
  // (teams for a teams kind, pairs otherwise). Fails the test on a refusal.
  MatchEventForTest(const std::string& profile, v1::CompetitionKind kind,
                    int entrants, int rounds = 0);

  const CompetitionState& competition() const;
  State& state() { return state_; }

  // Draws `round` (seed = round) and returns the stored draw.
  const v1::DrawMade& Draw(int round, bool early = false);
  // The table of `entrant` in `round`'s draw, 0 if not drawn; its opponent.
  int TableOf(int round, int entrant) const;
  int OpponentOf(int round, int entrant) const;

  // Plays the match of `entrant` in `round` with swings from its side (+:
  // IMPs it gains); see the file comment.
  void PlayFor(int round, int entrant, const std::vector<int>& swings);
  // Plays every match of `round` not yet entered and not forfeited, level,
  // and a half-match table (NSW TR 12.7) passed out on every board.
  void PlayRestLevel(int round);

  absl::StatusOr<v1::EventPayload> Forfeit(
      int round, int table, const std::vector<int>& offenders,
      v1::MatchForfeitKind kind = v1::MATCH_FORFEIT_KIND_UNSPECIFIED);
  absl::StatusOr<v1::EventPayload> Withdraw(int entrant, int after_round);
  // Applies a decided payload (fails the test on a refusal).
  void Apply(const absl::StatusOr<v1::EventPayload>& payload);
  // Enters `result` for `board` at `table` (and `room`, teams) of `round`.
  void Enter(int round, int table, int board, v1::Room room,
             const v1::TableResult& result);

 private:

  State state_;
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_MATCH_EVENT_FOR_TEST_H_
