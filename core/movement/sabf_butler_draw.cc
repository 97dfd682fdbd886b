#include "core/movement/sabf_butler_draw.h"

#include <array>
#include <utility>

#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

using Table = std::array<int, 2>;  // {NS, EW}

// SABF TR 21.15: Butler round robin draw for twelve pairs, rounds 1-11,
// tables 1-6.
constexpr std::array<std::array<Table, 6>, 11> kTwelvePairs{{
    {{{12, 6}, {7, 5}, {4, 8}, {9, 3}, {10, 2}, {11, 1}}},
    {{{12, 4}, {5, 3}, {2, 6}, {7, 1}, {8, 11}, {9, 10}}},
    {{{12, 10}, {11, 9}, {8, 1}, {2, 7}, {3, 6}, {4, 5}}},
    {{{12, 3}, {4, 2}, {1, 5}, {6, 11}, {7, 10}, {8, 9}}},
    {{{12, 5}, {6, 4}, {3, 7}, {8, 2}, {9, 1}, {10, 11}}},
    {{{12, 9}, {10, 8}, {7, 11}, {1, 6}, {2, 5}, {3, 4}}},
    {{{12, 1}, {2, 11}, {10, 3}, {4, 9}, {5, 8}, {6, 7}}},
    {{{12, 11}, {1, 10}, {9, 2}, {3, 8}, {4, 7}, {5, 6}}},
    {{{12, 7}, {8, 6}, {5, 9}, {10, 4}, {11, 3}, {1, 2}}},
    {{{12, 8}, {9, 7}, {6, 10}, {11, 5}, {1, 4}, {2, 3}}},
    {{{12, 2}, {3, 1}, {11, 4}, {5, 10}, {6, 9}, {7, 8}}},
}};

// SABF TR 21.15, "Seed / Pair #": the pair number of seeds 1-12.
constexpr std::array<int, 12> kTwelvePairsBySeed{1,  7, 2, 3, 10, 12,
                                                 11, 5, 4, 9, 8,  6};

// SABF TR 21.16: Butler round robin draw for fourteen pairs, rounds 1-13,
// tables 1-7.
constexpr std::array<std::array<Table, 7>, 13> kFourteenPairs{{
    {{{14, 2}, {7, 6}, {9, 3}, {10, 1}, {4, 12}, {8, 5}, {13, 11}}},
    {{{14, 5}, {10, 9}, {12, 6}, {13, 4}, {7, 2}, {11, 8}, {3, 1}}},
    {{{14, 13}, {5, 4}, {7, 1}, {8, 12}, {2, 10}, {6, 3}, {11, 9}}},
    {{{14, 12}, {4, 3}, {6, 13}, {7, 11}, {1, 9}, {5, 2}, {10, 8}}},
    {{{14, 6}, {11, 10}, {13, 7}, {1, 5}, {8, 3}, {12, 9}, {4, 2}}},
    {{{14, 7}, {12, 11}, {1, 8}, {2, 6}, {9, 4}, {13, 10}, {5, 3}}},
    {{{14, 3}, {8, 7}, {10, 4}, {11, 2}, {5, 13}, {9, 6}, {1, 12}}},
    {{{14, 8}, {13, 12}, {2, 9}, {3, 7}, {10, 5}, {1, 11}, {6, 4}}},
    {{{14, 9}, {1, 13}, {3, 10}, {4, 8}, {11, 6}, {2, 12}, {7, 5}}},
    {{{14, 11}, {3, 2}, {5, 12}, {6, 10}, {13, 8}, {4, 1}, {9, 7}}},
    {{{14, 10}, {2, 1}, {4, 11}, {5, 9}, {12, 7}, {3, 13}, {8, 6}}},
    {{{14, 4}, {9, 8}, {11, 5}, {12, 3}, {6, 1}, {10, 7}, {2, 13}}},
    {{{14, 1}, {6, 5}, {8, 2}, {9, 13}, {3, 11}, {7, 4}, {12, 10}}},
}};

// SABF TR 21.16, "Seed / Pair #": the pair number of seeds 1-14.
constexpr std::array<int, 14> kFourteenPairsBySeed{10, 8, 11, 3, 6,  4,  14,
                                                   1,  5, 9,  7, 13, 12, 2};

template <size_t kRounds, size_t kTables>
RoundRobinSchedule FromPrinted(
    const std::array<std::array<Table, kTables>, kRounds>& printed) {
  RoundRobinSchedule schedule{static_cast<int>(2 * kTables), {}};
  for (size_t i = 0; i < kRounds; ++i) {
    RoundRobinRound round{static_cast<int>(i) + 1, {}, std::nullopt};
    for (size_t t = 0; t < kTables; ++t) {
      round.pairings.push_back(
          {static_cast<int>(t) + 1, printed[i][t][0], printed[i][t][1]});
    }
    schedule.rounds.push_back(std::move(round));
  }
  return schedule;
}

absl::Status NotPrinted(int pairs) {
  return absl::InvalidArgumentError(absl::StrCat(
      "SABF TR 21.15-21.16 print Butler round-robin draws for 12 and 14 "
      "pairs, not ",
      pairs));
}

}  // namespace

absl::StatusOr<RoundRobinSchedule> SabfButlerRoundRobinDraw(int pairs) {
  if (pairs == 12) return FromPrinted(kTwelvePairs);
  if (pairs == 14) return FromPrinted(kFourteenPairs);
  return NotPrinted(pairs);
}

absl::StatusOr<std::vector<int>> SabfButlerPairNumbersBySeed(int pairs) {
  if (pairs == 12) {
    return std::vector<int>(kTwelvePairsBySeed.begin(),
                            kTwelvePairsBySeed.end());
  }
  if (pairs == 14) {
    return std::vector<int>(kFourteenPairsBySeed.begin(),
                            kFourteenPairsBySeed.end());
  }
  return NotPrinted(pairs);
}

}  // namespace tally::core
