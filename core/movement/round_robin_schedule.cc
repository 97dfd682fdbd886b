#include "core/movement/round_robin_schedule.h"

#include <set>
#include <utility>

#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

// x mod m as 1..m.
int Wrap(int x, int m) { return ((x - 1) % m + m) % m + 1; }

}  // namespace

absl::StatusOr<RoundRobinSchedule> BergerRoundRobin(int entrants) {
  if (entrants < 2 || entrants > 64) {
    return absl::InvalidArgumentError(
        absl::StrCat("a round robin needs 2 to 64 entrants, not ", entrants));
  }
  // FIDE C.05 Annex 1: an odd field uses the next even table, the highest
  // number standing for the bye.
  const int n = entrants % 2 == 0 ? entrants : entrants + 1;
  const int m = n - 1;  // the entrants that move round entrant n
  RoundRobinSchedule schedule{entrants, {}};
  for (int round = 1; round <= m; ++round) {
    // The entrant meeting n: 1, n/2+1, 2, n/2+2, ... (round 1: 1-n,
    // round 2: n-(n/2+1), round 3: 2-n, ...). It plays home in odd rounds.
    const int p = Wrap(1 + (round - 1) * (n / 2), m);
    RoundRobinRound r{round, {}, std::nullopt};
    std::vector<std::pair<int, int>> listed;
    listed.push_back(round % 2 == 1 ? std::pair{p, n} : std::pair{n, p});
    // The other tables fan out from p: (p+1)-(p-1), (p+2)-(p-2), ...
    for (int j = 1; j < n / 2; ++j) {
      listed.push_back({Wrap(p + j, m), Wrap(p - j, m)});
    }
    for (const auto& [home, away] : listed) {
      if (home > entrants || away > entrants) {
        r.bye = home > entrants ? away : home;
        continue;
      }
      r.pairings.push_back(
          {static_cast<int>(r.pairings.size()) + 1, home, away});
    }
    schedule.rounds.push_back(std::move(r));
  }
  return schedule;
}

absl::Status CheckRoundRobin(const RoundRobinSchedule& schedule) {
  const int n = schedule.entrants;
  if (n < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("a round robin needs at least 2 entrants, not ", n));
  }
  const int expected_rounds = n % 2 == 0 ? n - 1 : n;
  if (static_cast<int>(schedule.rounds.size()) != expected_rounds) {
    return absl::InvalidArgumentError(
        absl::StrCat("a round robin of ", n, " entrants has ", expected_rounds,
                     " rounds, not ", schedule.rounds.size()));
  }
  std::set<std::pair<int, int>> met;
  int previous_round = 0;
  for (const RoundRobinRound& r : schedule.rounds) {
    if (r.round <= previous_round) {
      return absl::InvalidArgumentError(absl::StrCat(
          "round ", r.round, " comes after round ", previous_round));
    }
    previous_round = r.round;
    std::set<int> seen;
    auto see = [&](int entrant) -> absl::Status {
      if (entrant < 1 || entrant > n) {
        return absl::InvalidArgumentError(
            absl::StrCat("round ", r.round, ": entrant ", entrant,
                         " is not one of 1 to ", n));
      }
      if (!seen.insert(entrant).second) {
        return absl::InvalidArgumentError(absl::StrCat(
            "round ", r.round, ": entrant ", entrant, " appears twice"));
      }
      return absl::OkStatus();
    };
    for (size_t i = 0; i < r.pairings.size(); ++i) {
      const Pairing& p = r.pairings[i];
      if (p.table != static_cast<int>(i) + 1) {
        return absl::InvalidArgumentError(
            absl::StrCat("round ", r.round, ": table ", p.table,
                         " where table ", i + 1, " was expected"));
      }
      if (absl::Status s = see(p.home); !s.ok()) return s;
      if (absl::Status s = see(p.away); !s.ok()) return s;
      if (!met.insert(std::minmax(p.home, p.away)).second) {
        return absl::InvalidArgumentError(absl::StrCat("round ", r.round, ": ",
                                                       p.home, " and ", p.away,
                                                       " have already met"));
      }
    }
    if (r.bye.has_value()) {
      if (n % 2 == 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "round ", r.round, ": a bye with an even number of entrants"));
      }
      if (absl::Status s = see(*r.bye); !s.ok()) return s;
    }
    if (static_cast<int>(seen.size()) != n) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", r.round, " places ", seen.size(), " of the ",
                       n, " entrants"));
    }
  }
  // n-1 or n rounds of everyone placed with no meeting repeated: every two
  // entrants have met exactly once.
  return absl::OkStatus();
}

}  // namespace tally::core
