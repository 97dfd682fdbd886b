#include "replay/butler/decide_butler.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/plural.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
#include "core/movement/sections.h"
#include "core/vp/vp_scale.h"
#include "replay/butler/butler_ranking.h"
#include "replay/butler/butler_session.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/session_sections.h"

namespace tally::replay {
namespace {

const char* DirectionName(bool north_south) {
  return north_south ? "North-South" : "East-West";
}

// Every pair in one direction, within the movement and across sessions.
absl::Status CheckFields(const v1::Movement& movement,
                         const CompetitionState& competition) {
  std::map<int, std::pair<bool, int>> seen;  // pair -> (NS?, round)
  for (const v1::MovementRound& round : movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      for (bool north_south : {true, false}) {
        const int pair = north_south ? t.ns_pair() : t.ew_pair();
        auto [it, added] = seen.emplace(
            pair, std::make_pair(north_south, round.round()));
        if (!added && it->second.first != north_south) {
          return absl::InvalidArgumentError(absl::StrCat(
              "pair ", pair, " sits ", DirectionName(it->second.first),
              " in round ", it->second.second, " and ",
              DirectionName(north_south), " in round ", round.round(),
              ": Butler pairs keep their NS and EW fields (ANC SR 16.4, "
              "16.5), so the movement must be a Mitchell or keep every pair "
              "in one direction (a profile with butler_movement.one_field "
              "scores a Howell)"));
        }
      }
    }
  }
  for (const auto& [number, session] : competition.sessions) {
    for (const auto& [table_board, slot] : session.slots) {
      for (bool north_south : {true, false}) {
        const int pair = north_south ? slot.ns_pair : slot.ew_pair;
        auto it = seen.find(pair);
        if (it == seen.end() || it->second.first == north_south) continue;
        return absl::FailedPreconditionError(absl::StrCat(
            "pair ", pair, " sat ", DirectionName(north_south),
            " in session ", number, " but would sit ",
            DirectionName(it->second.first),
            " here: the field is seeded into NS and EW fields (ANC SR 16.4) "
            "and each field is ranked on its own"));
      }
    }
  }
  return absl::OkStatus();
}

// Every board played at enough tables for the datum rule, or for
// cross-IMPs to compare it (two tables).
absl::Status CheckDatums(const v1::Movement& movement,
                         const core::RegulationProfile& profile) {
  const bool cross_imps = profile.scoring == core::ScoringMethod::kCrossImps;
  if (!cross_imps && !profile.datum.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "profile ", profile.name, " names no datum rule to score Butler pairs"));
  }
  // Within sections (profile sections.scored) each section's tables make
  // the board's comparison on their own: (section, board) -> tables.
  const std::vector<core::MovementSection> sections =
      FromProtoSections(movement);
  const bool by_section =
      !sections.empty() && !SectionsScoredAcrossTheField(profile);
  std::map<std::pair<std::string, int>, int> times;
  for (const v1::MovementRound& round : movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      const core::MovementSection* section =
          by_section ? core::SectionOfTable(sections, t.table()) : nullptr;
      for (int board : t.boards()) {
        ++times[{section == nullptr ? "" : section->name, board}];
      }
    }
  }
  for (const auto& [section_board, n] : times) {
    const auto& [section, board] = section_board;
    const std::string in_movement =
        section.empty() ? " in this movement"
                        : absl::StrCat(" in section ", section,
                                       " (scored within each section)");
    if (cross_imps) {
      if (n >= 2) continue;
      return absl::InvalidArgumentError(
          absl::StrCat("board ", board, " is played at only ",
                       core::Counted(n, "table"), in_movement,
                       ": cross-IMPs compare each result with the others "
                       "and need it played at 2 tables or more"));
    }
    core::DatumInput input;
    input.tables_in_play = n;
    for (int table = 1; table <= n; ++table) {
      input.scores.push_back({.ns_score = 0, .table = table});
    }
    absl::Status datum = core::ComputeDatum(*profile.datum, input).status();
    if (!datum.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "board ", board, " is played at only ", core::Counted(n, "table"),
          in_movement, ", too few for a datum: ", datum.message()));
    }
  }
  return absl::OkStatus();
}

// Every match converts to VPs where the profile converts matches.
absl::Status CheckMatchLengths(const v1::Movement& movement,
                               const core::RegulationProfile& profile) {
  if (!profile.vp.has_value()) return absl::OkStatus();
  for (const v1::MovementRound& round : movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      const int boards = t.boards_size();
      absl::Status converts = [&]() -> absl::Status {
        TALLY_ASSIGN_OR_RETURN(core::VpScaleForBoards scale,
                               core::VpScaleForMatch(profile, boards));
        return core::VpForMargin(scale.scale, core::Rational(0), scale.boards)
            .status();
      }();
      if (!converts.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "round ", round.round(), ", table ", t.table(), ": a match of ",
            core::Counted(boards, "board"), " has no VPs under ",
            profile.vp->clause, " (", converts.message(), ")",
            profile.matches.has_value()
                ? absl::StrCat("; ", profile.matches->clause, ": matches of ",
                               profile.matches->boards_per_match, " boards")
                : ""));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckButlerMovement(const v1::Movement& movement,
                                 const CompetitionState& competition) {
  // One field (a Howell, profile butler_movement.one_field): a pair may sit
  // either direction and scores from the one it sat.
  if (!OneField(competition.profile)) {
    TALLY_RETURN_IF_ERROR(CheckFields(movement, competition));
  }
  TALLY_RETURN_IF_ERROR(CheckDatums(movement, competition.profile));
  return CheckMatchLengths(movement, competition.profile);
}

absl::StatusOr<v1::EventPayload> DecideRecordButlerLot(
    const CompetitionState& competition, const v1::RecordLotRequest& request) {
  std::set<int> order(request.order().begin(), request.order().end());
  if (request.order_size() < 2 ||
      order.size() != static_cast<size_t>(request.order_size())) {
    return absl::InvalidArgumentError(
        "a lot places two or more different pairs, first best");
  }
  std::set<std::string> waiting;
  for (core::TieBreakPurpose purpose : {core::TieBreakPurpose::kFinalPlacing,
                                        core::TieBreakPurpose::kQualification}) {
    ButlerRankingOptions options;
    options.purpose = purpose;
    TALLY_ASSIGN_OR_RETURN(ButlerRanking ranking,
                           RankButlerMovementEntrants(competition, options));
    for (const core::PendingDecision& pending : ranking.pending) {
      std::set<int> members;
      for (const std::string& id : pending.entrants) {
        int n = 0;
        if (absl::SimpleAtoi(id, &n)) members.insert(n);
      }
      if (members == order) {
        v1::EventPayload payload;
        auto* e = payload.mutable_lot_drawn();
        e->set_competition_id(competition.id);
        *e->mutable_order() = request.order();
        e->set_clause(pending.clause);
        return payload;
      }
      waiting.insert(absl::StrJoin(pending.entrants, ", "));
    }
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "pairs ", absl::StrJoin(request.order(), ", "),
      " are not a tie of one field waiting for a lot; ",
      waiting.empty() ? "no tie is waiting for one"
                      : absl::StrCat("waiting: ", absl::StrJoin(waiting, "; "))));
}

}  // namespace tally::replay
