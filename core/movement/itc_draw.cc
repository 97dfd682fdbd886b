#include "core/movement/itc_draw.h"

#include <array>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

using Match = std::array<int, 2>;  // {listed first, listed second}

// ANC 2025 SR 10.6.1: the draw for 8 teams, rounds 1-7 (and 8-14).
constexpr std::array<std::array<Match, 4>, 7> kEightTeamDraw{{
    {{{5, 2}, {6, 3}, {7, 4}, {8, 1}}},
    {{{1, 7}, {3, 5}, {4, 6}, {2, 8}}},
    {{{6, 1}, {7, 2}, {5, 4}, {8, 3}}},
    {{{1, 5}, {2, 6}, {3, 7}, {4, 8}}},
    {{{4, 1}, {3, 2}, {7, 6}, {8, 5}}},
    {{{1, 3}, {2, 4}, {5, 7}, {6, 8}}},
    {{{2, 1}, {4, 3}, {6, 5}, {8, 7}}},
}};

// ANC 2025 SR 10.7.1: the draw for 6 teams in round robins 1 and 3,
// rounds 1-5 (and 11-15).
constexpr std::array<std::array<Match, 3>, 5> kSixTeamDrawOneAndThree{{
    {{{4, 1}, {3, 5}, {2, 6}}},
    {{{1, 5}, {2, 4}, {6, 3}}},
    {{{1, 3}, {5, 2}, {4, 6}}},
    {{{3, 2}, {5, 4}, {6, 1}}},
    {{{2, 1}, {4, 3}, {6, 5}}},
}};

// ANC 2025 SR 10.7.2: the draw for 6 teams in round robin 2, rounds 6-10.
constexpr std::array<std::array<Match, 3>, 5> kSixTeamDrawTwo{{
    {{{2, 3}, {5, 4}, {1, 6}}},
    {{{3, 5}, {4, 1}, {6, 2}}},
    {{{1, 5}, {2, 4}, {3, 6}}},
    {{{1, 2}, {4, 3}, {5, 6}}},
    {{{3, 1}, {5, 2}, {6, 4}}},
}};

template <size_t kRounds, size_t kTables>
RoundRobinSchedule FromPrinted(
    const std::array<std::array<Match, kTables>, kRounds>& printed, int teams,
    int first_round) {
  RoundRobinSchedule schedule{teams, {}};
  for (size_t i = 0; i < kRounds; ++i) {
    RoundRobinRound round{first_round + static_cast<int>(i), {}, std::nullopt};
    for (const Match& m : printed[i]) {
      // 10.6.1, 10.7.1, 10.7.2: "teams playing against Team 8 (6) will
      // have a bye".
      if (m[0] > teams || m[1] > teams) {
        round.bye = m[0] > teams ? m[1] : m[0];
        continue;
      }
      round.pairings.push_back(
          {static_cast<int>(round.pairings.size()) + 1, m[0], m[1]});
    }
    schedule.rounds.push_back(std::move(round));
  }
  return schedule;
}

// The pairing of `a` and `b` (either way round) in `draw`, if they meet.
const Pairing* FindMatch(const RoundRobinSchedule& draw, int a, int b) {
  for (const RoundRobinRound& r : draw.rounds) {
    for (const Pairing& p : r.pairings) {
      if ((p.home == a && p.away == b) || (p.home == b && p.away == a)) {
        return &p;
      }
    }
  }
  return nullptr;
}

}  // namespace

absl::StatusOr<int> ItcRoundRobins(int teams) {
  if (teams == 7 || teams == 8) return 2;  // ANC SR 10.6
  if (teams == 5 || teams == 6) return 3;  // ANC SR 10.7
  return absl::InvalidArgumentError(absl::StrCat(
      "the ITC qualifying draws (ANC SR 10.6-10.7) are for 5 to 8 teams, "
      "not ",
      teams));
}

absl::StatusOr<RoundRobinSchedule> ItcRoundRobinDraw(int teams,
                                                     int round_robin) {
  TALLY_ASSIGN_OR_RETURN(const int round_robins, ItcRoundRobins(teams));
  if (round_robin < 1 || round_robin > round_robins) {
    return absl::InvalidArgumentError(absl::StrCat(
        "an ITC qualifying of ", teams, " teams has ", round_robins,
        " round robins (ANC SR ", teams >= 7 ? "10.6" : "10.7",
        "), so there is no round "
        "robin ",
        round_robin));
  }
  if (teams >= 7) {
    return FromPrinted(kEightTeamDraw, teams, 1 + (round_robin - 1) * 7);
  }
  const int first_round = 1 + (round_robin - 1) * 5;
  return round_robin == 2
             ? FromPrinted(kSixTeamDrawTwo, teams, first_round)
             : FromPrinted(kSixTeamDrawOneAndThree, teams, first_round);
}

absl::StatusOr<ItcMatchSeating> ItcSeating(int teams, int round_robin,
                                           const Pairing& match) {
  TALLY_ASSIGN_OR_RETURN(const RoundRobinSchedule draw,
                         ItcRoundRobinDraw(teams, round_robin));
  for (int team : {match.home, match.away}) {
    if (team < 1 || team > teams) {
      return absl::InvalidArgumentError(
          absl::StrCat("team ", team, " is not one of the ", teams,
                       " teams of this ITC qualifying"));
    }
  }
  if (match.home == match.away) {
    return absl::InvalidArgumentError(
        absl::StrCat("team ", match.home, " cannot play itself"));
  }
  TALLY_ASSIGN_OR_RETURN(const int round_robins, ItcRoundRobins(teams));
  // 10.8: the first numbered team sits NS in the Open Room, EW in the
  // Closed Room.
  ItcMatchSeating seating{match.home, match.away, false, 0, 0};
  if (round_robin == round_robins) {
    // 10.6.2 / 10.7.3: the team that sat first against this opponent in
    // the round robin before (where the second numbered team sat first)
    // sits last. Team numbers were draw numbers in that round robin.
    TALLY_ASSIGN_OR_RETURN(const RoundRobinSchedule before,
                           ItcRoundRobinDraw(teams, round_robin - 1));
    const Pairing* earlier = FindMatch(before, match.home, match.away);
    if (earlier == nullptr) {  // Unreachable: a round robin meets everyone.
      return absl::InternalError(absl::StrCat("teams ", match.home, " and ",
                                              match.away,
                                              " did not meet in "
                                              "round robin ",
                                              round_robin - 1));
    }
    seating.sits_first = earlier->home;
    seating.sits_last = earlier->away;
    return seating;
  }
  bool printed = false;
  for (const RoundRobinRound& r : draw.rounds) {
    for (const Pairing& p : r.pairings) {
      printed = printed || (p.home == match.home && p.away == match.away);
    }
  }
  if (!printed) {
    return absl::InvalidArgumentError(absl::StrCat(
        match.home, " v ", match.away,
        " is not a match of the draw for "
        "round robin ",
        round_robin, " (ANC SR ",
        teams >= 7 ? "10.6.1" : (round_robin == 2 ? "10.7.2" : "10.7.1"), ")"));
  }
  if (teams <= 6 && round_robin == 1) {
    seating.blind = true;  // 10.7.3: blind line-ups in round robin 1
    return seating;
  }
  // 10.6.2 (round robin 1 of 7-8 teams), 10.7.3 (round robin 2 of 5-6):
  // the second numbered team in the draw sits first.
  seating.sits_first = match.away;
  seating.sits_last = match.home;
  return seating;
}

}  // namespace tally::core
