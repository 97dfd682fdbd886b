// The small tournament every fuzz target starts from, built by running real
// commands through fuzz_commands' decode and decide steps and Evolve:
// tournament "t" with
//   "c"  matchpoint pairs (nsw_matchpoint_pairs): pairs 1-4, session 1 of
//        two tables (NS 1 v EW 2, NS 3 v EW 4) on boards 1-3, started, with
//        boards 1 and 2 entered at both tables and a ruling on board 1 at
//        table 1 (a procedural penalty of 1 matchpoint to East-West);
//   "m"  Swiss teams (nsw_swiss_teams, 7 rounds): teams 1-4, round 1 drawn
//        (seed 1) and board 1 entered in both rooms at table 1.
// The fuzzers decide their inputs against this State at Now(); its events
// (hash-chained) and the commands that made them seed the corpora.
//
// Built once on first use; a refusal while building is a bug in the fixture
// and aborts with the status. Thread-safe after construction (const).

#ifndef TALLY_TESTS_FUZZ_FUZZ_FIXTURE_H_
#define TALLY_TESTS_FUZZ_FUZZ_FIXTURE_H_

#include <string>
#include <vector>

#include "absl/time/time.h"
#include "replay/state/state.h"
#include "tally/v1/events.pb.h"

namespace tally::fuzz {

struct FixtureCommand {
  int index = 0;        // fuzz_commands' command index
  std::string request;  // the request's wire bytes
};

struct Fixture {
  replay::State state;
  std::vector<v1::Event> events;  // sequence 1.., hash and previous_hash set
  std::vector<FixtureCommand> commands;  // one per event, in order
  absl::Time now;  // one minute after the last event was received
};

const Fixture& TheFixture();

}  // namespace tally::fuzz

#endif  // TALLY_TESTS_FUZZ_FUZZ_FIXTURE_H_
