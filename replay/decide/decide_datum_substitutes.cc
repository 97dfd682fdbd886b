#include "replay/decide/decide_datum_substitutes.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/status_macros.h"
#include "core/datum/datum.h"
#include "core/matchplay/round_input.h"
#include "replay/decide/decide.h"
#include "replay/match_scores/forfeits.h"
#include "replay/rulings/pending_appeals.h"

namespace tally::replay {
namespace {

constexpr char kClause[] = "NSW TR 13.3";

// The board's field: the tables that play `board` in session (or round)
// `session`, and the tables in play for its datum.
struct BoardField {
  std::vector<int> tables;
  int tables_in_play = 0;
  int match = 0;  // the round number the datum rules read; 0 in a session
};

absl::StatusOr<BoardField> FieldOf(const CompetitionState& c, int session,
                                   int board) {
  BoardField field;
  if (c.PlaysMatches()) {
    TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                           FindDrawnRound(c, session));
    const auto& boards = round->draw.boards();
    if (std::find(boards.begin(), boards.end(), board) == boards.end()) {
      return absl::NotFoundError(absl::StrCat("round ", session, " of '", c.id,
                                              "' does not play board ", board));
    }
    const core::RoundInput input = PlayedRoundInputOf(c, *round);
    for (const core::MatchAtTable& m : input.matches) {
      field.tables.push_back(m.table);
    }
    if (input.half_matches.has_value()) {
      field.tables.push_back(input.half_matches->table);
    }
    field.tables_in_play = core::TablesInPlay(input);
    field.match = session;
    return field;
  }
  auto s = c.sessions.find(session);
  if (s == c.sessions.end()) {
    return absl::NotFoundError(
        absl::StrCat("session ", session, " of '", c.id, "' is not defined"));
  }
  auto times = s->second.times_scheduled.find(board);
  if (times == s->second.times_scheduled.end()) {
    return absl::NotFoundError(absl::StrCat("session ", session, " of '", c.id,
                                            "' does not play board ", board));
  }
  for (const auto& [where, slot] : s->second.slots) {
    if (where.second == board) field.tables.push_back(where.first);
  }
  field.tables_in_play = times->second;
  return field;
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideChooseDatumSubstitutes(
    const State& state, const v1::ChooseDatumSubstitutesRequest& request) {
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  if (request.director().empty() || request.reason().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the Director's discretion (", kClause,
                     ") is recorded with the director's name and the reason"));
  }
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  if (!c->profile.datum.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat(kClause, " concerns a datum, and '", c->id, "' (profile ",
                     c->profile.name, ") is not scored against one"));
  }
  const int session = request.session();
  const int board = request.board();
  TALLY_ASSIGN_OR_RETURN(const BoardField field, FieldOf(*c, session, board));
  const std::string where =
      absl::StrCat("board ", board, " of ",
                   c->PlaysMatches() ? "round " : "session ", session);

  // The board's field with its appeal marks, every table given a score: the
  // datum rule says which scores it selects and leaves out.
  core::DatumInput input;
  input.match = field.match;
  input.tables_in_play = field.tables_in_play;
  input.director_substitutes_pending = true;
  std::vector<int> pending;
  for (int table : field.tables) {
    const AppealMark mark = AppealMarkAt(*c, session, board, table);
    if (mark.pending) pending.push_back(table);
    input.scores.push_back({.ns_score = 0,
                            .table = table,
                            .pending_appeal = mark.pending,
                            .appeal_decided = mark.decided});
  }
  if (pending.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        kClause, ": no score on ", where,
        " is pending appeal, so the datum leaves none out to replace"));
  }
  absl::StatusOr<core::DatumResult> datum =
      core::ComputeDatum(*c->profile.datum, input);
  if (!datum.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(kClause, ": ", datum.status().message()));
  }
  if (std::find(datum->roles.begin(), datum->roles.end(),
                core::ScoreRole::kPendingAppeal) == datum->roles.end()) {
    return absl::FailedPreconditionError(absl::StrCat(
        kClause, " applies where only a selected number of scores is used: ",
        "the datum of ", where, " (", datum->basis,
        ") does not leave the score pending appeal out (NSW TR 13.2: it counts "
        "as it stands), so there is nothing to substitute"));
  }
  if (request.include_substitutes() && datum->substitute_tables.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat(kClause, ": no table below the selected tables plays ",
                     where, ", so there is no score to bring in"));
  }

  v1::EventPayload payload;
  v1::DatumSubstitutesChosen* e = payload.mutable_datum_substitutes_chosen();
  e->set_competition_id(c->id);
  e->set_session(session);
  e->set_board(board);
  e->set_include_substitutes(request.include_substitutes());
  e->set_director(request.director());
  e->set_reason(request.reason());
  e->set_clause(kClause);
  for (int table : pending) e->add_pending_tables(table);
  return payload;
}

}  // namespace tally::replay
