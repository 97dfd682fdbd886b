#include "core/movement/itc_final_draw.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/movement/itc_draw.h"

namespace tally::core {
namespace {

// The draw's rounds in `order`, played from `first_round` on, with draw
// number d held by team_of[d - 1].
RoundRobinSchedule Renumbered(const RoundRobinSchedule& draw,
                              const std::vector<int>& order,
                              const std::vector<int>& team_of,
                              int first_round) {
  RoundRobinSchedule schedule{draw.entrants, {}};
  for (size_t i = 0; i < order.size(); ++i) {
    const RoundRobinRound& row = draw.rounds[order[i] - 1];
    RoundRobinRound round{first_round + static_cast<int>(i), {}, std::nullopt};
    for (const Pairing& p : row.pairings) {
      round.pairings.push_back(
          {p.table, team_of[p.home - 1], team_of[p.away - 1]});
    }
    if (row.bye.has_value()) round.bye = team_of[*row.bye - 1];
    schedule.rounds.push_back(std::move(round));
  }
  return schedule;
}

std::string Describe(const std::vector<ByeClash>& clashes) {
  return absl::StrJoin(clashes, "; ", [](std::string* out, const ByeClash& c) {
    absl::StrAppend(out, "team ", c.team, " on day ", c.day);
  });
}

// OK if `order` lists 1..rounds once each.
absl::Status CheckOrder(const std::vector<int>& order, int rounds) {
  std::vector<int> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < rounds; ++i) {
    if (static_cast<int>(sorted.size()) != rounds || sorted[i] != i + 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the CTD's order of rounds (", absl::StrJoin(order, ", "),
          ") must list the draw's rounds 1 to ", rounds, " once each"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

std::vector<ByeClash> ByeClashes(
    const std::vector<RoundRobinSchedule>& qualifying, int rounds_per_day) {
  std::vector<ByeClash> clashes;
  if (rounds_per_day < 1) return clashes;
  std::set<std::pair<int, int>> byes;     // (day, team)
  std::set<std::pair<int, int>> clashed;  // (day, team)
  for (const RoundRobinSchedule& s : qualifying) {
    for (const RoundRobinRound& r : s.rounds) {
      if (!r.bye.has_value()) continue;
      const int day = (r.round - 1) / rounds_per_day + 1;
      if (!byes.insert({day, *r.bye}).second) clashed.insert({day, *r.bye});
    }
  }
  for (const auto& [day, team] : clashed) clashes.push_back({team, day});
  return clashes;
}

absl::StatusOr<ItcFinalRoundRobin> ItcFinalRoundRobinDraw(
    const std::vector<int>& placing, const ItcFinalDrawOptions& options) {
  const int teams = static_cast<int>(placing.size());
  TALLY_ASSIGN_OR_RETURN(const int round_robins, ItcRoundRobins(teams));
  std::set<int> listed(placing.begin(), placing.end());
  if (static_cast<int>(listed.size()) != teams || *listed.begin() != 1 ||
      *listed.rbegin() != teams) {
    return absl::InvalidArgumentError(
        absl::StrCat("the placing (", absl::StrJoin(placing, ", "),
                     ") must list each of the team numbers 1 to ", teams,
                     " once, ties broken (ANC SR 12.2)"));
  }
  if (options.rounds_per_day < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a day must hold at least one round, not ", options.rounds_per_day));
  }
  // 10.3: the final round robin uses the round robin 1 draw, the leader
  // holding draw number 1, second number 2, and so on.
  TALLY_ASSIGN_OR_RETURN(const RoundRobinSchedule draw,
                         ItcRoundRobinDraw(teams, 1));
  const int rounds = static_cast<int>(draw.rounds.size());
  ItcFinalRoundRobin result;
  result.round_robin = round_robins;
  for (int d = 1; d <= teams; ++d) result.draw_number[placing[d - 1]] = d;
  for (int row = 1; row <= rounds; ++row) result.round_order.push_back(row);

  // 10.4: 7 teams, a team numbered 5, 6 or 7 first after round robin 1.
  if (teams == 7 && placing[0] >= 5) {
    const auto highest = std::find_if(placing.begin(), placing.end(),
                                      [](int team) { return team <= 4; });
    const int its_draw_number = static_cast<int>(highest - placing.begin()) + 1;
    int bye_row = 0;
    for (int row = 1; row <= rounds; ++row) {
      if (draw.rounds[row - 1].bye == its_draw_number) bye_row = row;
    }
    // i) its bye round is played as round 8 (the first of round robin 2);
    // ii) the other rounds keep their order.
    std::vector<int> order{bye_row};
    for (int row = 1; row <= rounds; ++row) {
      if (row != bye_row) order.push_back(row);
    }
    result.round_order = std::move(order);
  }

  // Before the final round robin, draw numbers are team numbers.
  std::vector<RoundRobinSchedule> qualifying;
  for (int rr = 1; rr < round_robins; ++rr) {
    TALLY_ASSIGN_OR_RETURN(RoundRobinSchedule earlier,
                           ItcRoundRobinDraw(teams, rr));
    qualifying.push_back(std::move(earlier));
  }
  const int first_round = 1 + (round_robins - 1) * rounds;
  auto clashes_with = [&](const RoundRobinSchedule& final_rr) {
    std::vector<RoundRobinSchedule> all = qualifying;
    all.push_back(final_rr);
    return ByeClashes(all, options.rounds_per_day);
  };
  result.schedule = Renumbered(draw, result.round_order, placing, first_round);
  const std::vector<ByeClash> clashes = clashes_with(result.schedule);

  if (!options.ctd_round_order.empty()) {
    if (teams != 5) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ANC SR 10.5 lets the CTD reorder the final round robin only in a "
          "5-team event, not with ",
          teams, " teams"));
    }
    if (clashes.empty()) {
      return absl::InvalidArgumentError(
          "ANC SR 10.5: the round robin 3 draw gives no team two byes in one "
          "day, so its rounds are played in the printed order");
    }
    TALLY_RETURN_IF_ERROR(CheckOrder(options.ctd_round_order, rounds));
    RoundRobinSchedule adjusted =
        Renumbered(draw, options.ctd_round_order, placing, first_round);
    if (const std::vector<ByeClash> left = clashes_with(adjusted);
        !left.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "ANC SR 10.5: the CTD's order of rounds (",
          absl::StrJoin(options.ctd_round_order, ", "),
          ") still gives two byes in one day to ", Describe(left)));
    }
    result.round_order = options.ctd_round_order;
    result.schedule = std::move(adjusted);
  } else if (teams == 5 && !clashes.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "ANC SR 10.5: the round robin 3 draw would give two byes in one day "
        "to ",
        Describe(clashes), "; the CTD must set the order of its rounds"));
  }
  return result;
}

}  // namespace tally::core
