#include "core/matchplay/round_input.h"

#include <cstdlib>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

bool TwoRooms(ScoringMethod scoring) {
  return scoring == ScoringMethod::kImpsTwoTables;
}

// Each table of the round and the entrants seated at it.
std::vector<std::pair<int, std::vector<int>>> Seatings(
    const RoundInput& input) {
  std::vector<std::pair<int, std::vector<int>>> out;
  for (const MatchAtTable& m : input.matches) {
    out.push_back({m.table, {m.home, m.away}});
  }
  if (const auto& s = input.share) out.push_back({s->table, {s->a, s->b, s->c}});
  if (const auto& h = input.half_matches) {
    out.push_back({h->table, {h->pivot, h->first, h->second}});
  }
  return out;
}

// A share match is a teams match; half matches halve an IMP pairs match.
absl::Status ValidateOddField(const RoundInput& input, ScoringMethod scoring) {
  if (input.share.has_value() && !TwoRooms(scoring)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "round ", input.round, ": a share match (SABF TR 14.1) is a teams "
        "match, scored imps_two_tables, not ", ScoringMethodId(scoring)));
  }
  if (input.half_matches.has_value() &&
      (scoring != ScoringMethod::kImpsVsDatum || input.boards.size() % 2)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "round ", input.round, ": half matches (NSW TR 12.7) split an even "
        "number of boards of a pairs match scored imps_vs_datum, not ",
        input.boards.size(), " boards scored ", ScoringMethodId(scoring)));
  }
  return absl::OkStatus();
}

absl::Status ValidateMatches(const RoundInput& input) {
  std::set<int> tables;
  std::set<int> entrants;
  for (const auto& [table, seated] : Seatings(input)) {
    if (table < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ": table ", table,
                       " is not a table (tables are numbered from 1)"));
    }
    if (!tables.insert(table).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "round ", input.round, ": two matches drawn at table ", table));
    }
    for (int entrant : seated) {
      if (entrant < 1) {
        return absl::InvalidArgumentError(absl::StrCat(
            "round ", input.round, ", table ", table, ": entrant ", entrant,
            " is not an entrant (entrants are numbered from 1)"));
      }
      if (!entrants.insert(entrant).second) {
        return absl::InvalidArgumentError(
            absl::StrCat("round ", input.round, ": entrant ", entrant,
                         " is drawn in two places (table ", table, ")"));
      }
    }
  }
  if (input.bye.has_value()) {
    if (*input.bye < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ": the bye goes to entrant ",
                       *input.bye, ", which is not an entrant"));
    }
    if (entrants.contains(*input.bye)) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ": entrant ", *input.bye,
                       " has the bye but is also drawn in a match"));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateResult(const RoundInput& input, ScoringMethod scoring,
                            const std::set<int>& boards,
                            const std::set<int>& tables,
                            const BoardResultAt& r) {
  const std::string where = absl::StrCat("round ", input.round, ", board ",
                                         r.board, ", table ", r.table, ": ");
  if (!boards.contains(r.board)) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, "board ", r.board,
                     " is not played in this round (its boards are ",
                     absl::StrJoin(input.boards, ", "), ")"));
  }
  if (!tables.contains(r.table)) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, "no match is drawn at table ", r.table, " in this round"));
  }
  if (input.share.has_value() && r.table == input.share->table) {
    if (r.room < kShareRoom1 || r.room > kShareRoom1 + 2) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, "a share match (SABF TR 14.1) is played in three rooms, its "
          "Tables 1, 2 and 3 (", kShareRoom1, "-", kShareRoom1 + 2, "), not ",
          r.room));
    }
  } else if (TwoRooms(scoring)) {
    if (r.room != 1 && r.room != 2) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, "teams scoring (", ScoringMethodId(scoring),
          ") needs the room of each result: 1 (open, home NS) or 2 (closed, "
          "away NS), not ",
          r.room));
    }
  } else if (r.room != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, "room ", r.room, " given, but a pairs event (",
        ScoringMethodId(scoring), ") has one result per table: give room 0"));
  }
  if (std::abs(r.ns_score) > kMaxLaw77Score) {
    return absl::InvalidArgumentError(absl::StrCat(
        where, "NS score ", r.ns_score, " is outside Law 77's range (-",
        kMaxLaw77Score, " to ", kMaxLaw77Score, ")"));
  }
  return absl::OkStatus();
}

}  // namespace

int TablesInPlay(const RoundInput& input) {
  return static_cast<int>(input.matches.size()) +
         (input.half_matches.has_value() ? 1 : 0);
}

absl::Status ValidateRoundInput(const RoundInput& input,
                                ScoringMethod scoring) {
  if (input.round < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "round ", input.round,
        " is not a round: rounds are numbered from 1 (the datum rules of "
        "SABF TR 12.2 and ANC SR 22.4 depend on it)"));
  }
  if (input.boards.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("round ", input.round, " has no boards"));
  }
  std::set<int> boards;
  for (int board : input.boards) {
    if (board < 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("round ", input.round, ": board ", board,
                       " is not a board (boards are numbered from 1)"));
    }
    if (!boards.insert(board).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "round ", input.round, ": board ", board, " is listed twice"));
    }
  }
  TALLY_RETURN_IF_ERROR(ValidateMatches(input));
  TALLY_RETURN_IF_ERROR(ValidateOddField(input, scoring));
  std::set<int> tables;
  for (const auto& [table, seated] : Seatings(input)) tables.insert(table);

  std::set<std::tuple<int, int, int>> entered;
  for (const BoardResultAt& r : input.results) {
    TALLY_RETURN_IF_ERROR(ValidateResult(input, scoring, boards, tables, r));
    if (!entered.insert({r.board, r.table, r.room}).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "round ", input.round, ", board ", r.board, ", table ", r.table,
          r.room != 0 ? absl::StrCat(", room ", r.room) : "",
          ": two results entered; correct the result instead of entering a "
          "second"));
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::core
