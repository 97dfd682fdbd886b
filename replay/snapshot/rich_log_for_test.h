// Test-only: a log with every kind of event (each EventPayload kind at
// least once, most several times), sealed into a hash chain as the event
// log would seal them, for the snapshot tests. Two tournaments: "t" with a
// matchpoint pairs competition (results, confirmations, a correction,
// rulings, a ruling that a board was not played, a session adjustment,
// offences, a substitute and an absence, a lot, a datum choice, schedules,
// posting, the stage's end, official results and three appeals through
// every step), a Butler pairs competition (an offence in IMPs), a Swiss
// teams competition (a draw, line-ups, results in both rooms, a forfeit, a
// fouled board redealt, a board not played, VP penalties and their
// correction, offences in VPs and IMPs, seating rights, a withdrawal,
// match times, an appeal decided with a VP penalty) and a knock-out
// qualified from it; "u" in a time zone that changes, with an offence of
// its own in the register.

#ifndef TALLY_REPLAY_SNAPSHOT_RICH_LOG_FOR_TEST_H_
#define TALLY_REPLAY_SNAPSHOT_RICH_LOG_FOR_TEST_H_

#include <vector>

#include "tally/v1/events.pb.h"

namespace tally::replay {

// The events, sequence 1.., hash and previous_hash set. Every one folds
// (Evolve) onto the ones before it.
std::vector<v1::Event> RichLogForTest();

}  // namespace tally::replay

#endif  // TALLY_REPLAY_SNAPSHOT_RICH_LOG_FOR_TEST_H_
