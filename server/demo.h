// The demo tournament `tallyd --demo` puts in an empty data directory: a
// five-table Mitchell matchpoint pairs session, played and posted, entered
// through the same decide step as every client command (so it is an
// ordinary log a newcomer can query, replay and verify). Seeding again is a
// no-op: every command carries a fixed idempotency key.

#ifndef TALLY_SERVER_DEMO_H_
#define TALLY_SERVER_DEMO_H_

#include "absl/status/status.h"
#include "replay/event_log.h"

namespace tally::server {

inline constexpr char kDemoTournament[] = "demo";
inline constexpr char kDemoCompetition[] = "pairs";

absl::Status SeedDemo(replay::EventLog& log);

}  // namespace tally::server

#endif  // TALLY_SERVER_DEMO_H_
