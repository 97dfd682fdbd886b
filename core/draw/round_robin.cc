#include "core/draw/round_robin.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/draw/prng.h"

namespace tally::core {

absl::StatusOr<Draw> DrawRoundRobinRound(const std::vector<std::string>& seeded,
                                         int round, HomeRule home,
                                         uint64_t seed) {
  const int n = static_cast<int>(seeded.size());
  if (n < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("a round robin needs at least two entrants, not ", n));
  }
  std::set<std::string> ids(seeded.begin(), seeded.end());
  if (static_cast<int>(ids.size()) != n || ids.count("") > 0) {
    return absl::InvalidArgumentError(
        "every entrant in a round robin needs a distinct, non-empty id");
  }
  const int big_n = n % 2 == 0 ? n : n + 1;  // index n is the phantom
  const int rounds = big_n - 1;
  if (round < 1 || round > rounds) {
    return absl::InvalidArgumentError(absl::StrCat("a round robin of ", n,
                                                   " entrants has rounds 1 to ",
                                                   rounds, ", not ", round));
  }
  const int r = round - 1;
  const int m = big_n - 1;
  std::vector<std::pair<int, int>> pairs;
  pairs.emplace_back(std::min(r, m), std::max(r, m));
  for (int i = 1; i < big_n / 2; ++i) {
    const int x = (r + i) % m;
    const int y = (r - i + m) % m;
    pairs.emplace_back(std::min(x, y), std::max(x, y));
  }
  std::sort(pairs.begin(), pairs.end());

  Draw draw;
  draw.round = round;
  DrawRng rng(seed);
  int table = 0;
  for (const auto& [better, worse] : pairs) {
    if (worse == n) {  // the phantom of an odd field
      draw.bye = seeded[better];
      continue;
    }
    bool better_home = true;
    if (home == HomeRule::kByLot) better_home = rng.UniformBelow(2) == 1;
    draw.matches.push_back(
        DrawnMatch{++table, better_home ? seeded[better] : seeded[worse],
                   better_home ? seeded[worse] : seeded[better]});
  }
  return draw;
}

}  // namespace tally::core
