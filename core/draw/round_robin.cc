#include "core/draw/round_robin.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/movement/round_robin_schedule.h"

namespace tally::core {

absl::StatusOr<Draw> DrawRoundRobinRound(const std::vector<std::string>& seeded,
                                         int round) {
  const int n = static_cast<int>(seeded.size());
  const std::set<std::string> ids(seeded.begin(), seeded.end());
  if (static_cast<int>(ids.size()) != n || ids.count("") > 0) {
    return absl::InvalidArgumentError(
        "every entrant in a round robin needs a distinct, non-empty id");
  }
  TALLY_ASSIGN_OR_RETURN(RoundRobinSchedule schedule, BergerRoundRobin(n));
  const int rounds = static_cast<int>(schedule.rounds.size());
  if (round < 1 || round > rounds) {
    return absl::InvalidArgumentError(absl::StrCat("a round robin of ", n,
                                                   " entrants has rounds 1 to ",
                                                   rounds, ", not ", round));
  }
  const RoundRobinRound& r = schedule.rounds[round - 1];
  std::vector<Pairing> pairings = r.pairings;
  // draw.h: the match with the best seed at table 1.
  std::sort(pairings.begin(), pairings.end(),
            [](const Pairing& a, const Pairing& b) {
              return std::min(a.home, a.away) < std::min(b.home, b.away);
            });
  Draw draw;
  draw.round = round;
  int table = 0;
  for (const Pairing& p : pairings) {
    draw.matches.push_back(
        DrawnMatch{++table, seeded[p.home - 1], seeded[p.away - 1]});
  }
  if (r.bye.has_value()) draw.bye = seeded[*r.bye - 1];
  return draw;
}

}  // namespace tally::core
