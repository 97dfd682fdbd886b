#include "replay/decide/session_movement.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/movement/arrow_switch.h"
#include "core/movement/howell.h"
#include "core/movement/mitchell_matches.h"
#include "core/movement/movement.h"
#include "core/movement/sections.h"
#include "replay/state/bridge_convert.h"

namespace tally::replay {
namespace {

struct Generated {
  core::Movement movement;
  std::string source;
};

absl::StatusOr<Generated> Mitchell(const v1::MitchellMovement& m,
                                   const CompetitionState& c) {
  // Butler pairs play matches of more boards than a club set (ANC SR
  // 16.5: 12-board matches).
  TALLY_ASSIGN_OR_RETURN(
      core::Movement movement,
      c.kind == v1::COMPETITION_KIND_BUTLER_PAIRS
          ? core::MitchellMovementOfMatches(m.tables(), m.boards_per_round())
          : core::MitchellMovement(m.tables(), m.boards_per_round()));
  const core::ArrowSwitchSpec arrow_switch{
      .rounds = {m.arrow_switch_rounds().begin(),
                 m.arrow_switch_rounds().end()},
      .last_boards = m.arrow_switch_last_boards()};
  TALLY_RETURN_IF_ERROR(core::ApplyArrowSwitch(arrow_switch, movement));
  std::string source = absl::StrCat("mitchell tables=", m.tables(),
                                    " boards_per_round=", m.boards_per_round());
  if (!arrow_switch.rounds.empty()) {
    absl::StrAppend(&source, " arrow_switch_rounds=",
                    absl::StrJoin(arrow_switch.rounds, ","));
  }
  if (arrow_switch.last_boards > 0) {
    absl::StrAppend(&source,
                    " arrow_switch_last_boards=", arrow_switch.last_boards);
  }
  return Generated{std::move(movement), std::move(source)};
}

absl::StatusOr<Generated> Howell(const v1::HowellMovement& h) {
  TALLY_ASSIGN_OR_RETURN(core::Movement movement,
                         core::HowellMovement(h.pairs(), h.boards_per_round()));
  return Generated{std::move(movement),
                   absl::StrCat("howell pairs=", h.pairs(),
                                " boards_per_round=", h.boards_per_round())};
}

absl::StatusOr<Generated> Section(const v1::SectionMovementSpec& spec,
                                  const CompetitionState& c) {
  absl::StatusOr<Generated> g =
      absl::InvalidArgumentError("give its movement: a Mitchell or a Howell");
  switch (spec.movement_case()) {
    case v1::SectionMovementSpec::kMitchell:
      g = Mitchell(spec.mitchell(), c);
      break;
    case v1::SectionMovementSpec::kHowell:
      g = Howell(spec.howell());
      break;
    case v1::SectionMovementSpec::MOVEMENT_NOT_SET:
      break;
  }
  if (!g.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "section ", spec.name().empty() ? "(unnamed)" : spec.name(), ": ",
        g.status().message()));
  }
  return g;
}

// Pairs sessions in a movement: matchpointed, or Butler / cross-IMP pairs
// (each section's comparison, or the field's, as the profile's
// sections.scored says: replay/state/session_sections.h).
bool IsPairsInAMovement(const CompetitionState& c) {
  return c.kind == v1::COMPETITION_KIND_MATCHPOINT_PAIRS ||
         c.kind == v1::COMPETITION_KIND_BUTLER_PAIRS;
}

absl::Status NotPairs(const CompetitionState& c) {
  return absl::InvalidArgumentError(
      absl::StrCat("'", c.id,
                   "' is not a pairs event: only a matchpoint, Butler or "
                   "cross-IMP pairs session is played in sections"));
}

}  // namespace

absl::StatusOr<RequestedMovement> MovementOfRequest(
    const CompetitionState& c, const v1::DefineSessionRequest& request) {
  if (request.sections_size() > 0) {
    if (request.movement_spec_case() !=
        v1::DefineSessionRequest::MOVEMENT_SPEC_NOT_SET) {
      return absl::InvalidArgumentError(
          "give either one movement or its sections, not both");
    }
    if (!IsPairsInAMovement(c)) return NotPairs(c);
    std::vector<core::SectionMovement> parts;
    std::vector<std::string> sources;
    for (const v1::SectionMovementSpec& spec : request.sections()) {
      TALLY_ASSIGN_OR_RETURN(Generated g, Section(spec, c));
      sources.push_back(absl::StrCat(spec.name(), ": ", g.source));
      parts.push_back({spec.name(), std::move(g.movement), g.source});
    }
    TALLY_ASSIGN_OR_RETURN(core::SectionedMovement placed,
                           core::PlaceSections(parts));
    RequestedMovement out{
        ToProtoMovement(placed.movement),
        absl::StrCat("sections ", absl::StrJoin(sources, "; "))};
    AddProtoSections(placed.sections, out.movement);
    return out;
  }
  switch (request.movement_spec_case()) {
    case v1::DefineSessionRequest::kExplicitMovement:
      return RequestedMovement{request.explicit_movement(), "explicit"};
    case v1::DefineSessionRequest::kMitchell: {
      TALLY_ASSIGN_OR_RETURN(Generated g, Mitchell(request.mitchell(), c));
      return RequestedMovement{ToProtoMovement(g.movement), g.source};
    }
    case v1::DefineSessionRequest::kHowell: {
      TALLY_ASSIGN_OR_RETURN(Generated g, Howell(request.howell()));
      return RequestedMovement{ToProtoMovement(g.movement), g.source};
    }
    case v1::DefineSessionRequest::MOVEMENT_SPEC_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(
      "give the movement: explicit assignments, a Mitchell, a Howell, or "
      "sections");
}

absl::Status CheckMovementSections(const v1::Movement& movement,
                                   const CompetitionState& c) {
  if (movement.sections().empty()) return absl::OkStatus();
  if (!IsPairsInAMovement(c)) return NotPairs(c);
  const core::Movement rounds = FromProtoMovement(movement);
  const std::vector<core::MovementSection> sections =
      FromProtoSections(movement);
  TALLY_RETURN_IF_ERROR(core::CheckSections(rounds, sections));
  if (c.profile.sections.has_value() && c.profile.sections->across_field) {
    absl::Status same = core::CheckSectionsPlaySameBoards(rounds, sections);
    if (!same.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(same.message(), " (profile ", c.profile.name, ": ",
                       c.profile.sections->clause, ")"));
    }
  }
  return absl::OkStatus();
}

}  // namespace tally::replay
