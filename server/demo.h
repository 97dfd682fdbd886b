// The demo tournament `tallyd --demo` puts in an empty data directory: a
// five-table Mitchell matchpoint pairs session, played and posted, and a
// 14-pair Butler round robin with two rounds played and the third drawn,
// entered through the same decide step as every client command (so it is
// an ordinary log a newcomer can query, replay and verify). Seeding again is a
// no-op: every command carries a fixed idempotency key.

#ifndef TALLY_SERVER_DEMO_H_
#define TALLY_SERVER_DEMO_H_

#include "absl/status/status.h"
#include "replay/state/event_log.h"

namespace tally::server {

inline constexpr char kDemoTournament[] = "demo";
inline constexpr char kDemoCompetition[] = "pairs";
inline constexpr char kDemoButler[] = "butler";

absl::Status SeedDemo(replay::EventLog& log);

}  // namespace tally::server

#endif  // TALLY_SERVER_DEMO_H_
