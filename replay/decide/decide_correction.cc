#include "replay/decide/decide_correction.h"

#include <algorithm>
#include <optional>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/window/window_close.h"
#include "replay/decide/decide.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/matches/not_played.h"
#include "replay/state/bridge_convert.h"
#include "replay/timeline/window_check.h"

namespace tally::replay {
namespace {

// The result the request names, or NotFound.
absl::StatusOr<const EnteredResult*> FindResult(
    const CompetitionState& c, const v1::CorrectResultRequest& request) {
  const EnteredResult* found = nullptr;
  if (c.PlaysMatches()) {
    if (auto r = c.rounds.find(request.session()); r != c.rounds.end()) {
      auto it = r->second.results.find(
          {request.board(), request.table(), request.room()});
      if (it != r->second.results.end()) found = &it->second;
    }
  } else if (auto s = c.sessions.find(request.session());
             s != c.sessions.end()) {
    auto it = s->second.results.find({request.board(), request.table()});
    if (it != s->second.results.end()) found = &it->second;
  }
  if (found == nullptr) {
    return absl::NotFoundError(absl::StrCat(
        c.PlaysMatches() ? "round " : "session ", request.session(), " of '",
        c.id, "' has no result for board ", request.board(), " at table ",
        request.table(), RoomName(request.room()),
        " to correct; enter it instead"));
  }
  return found;
}

// The profile's window for `kind`: the scorer's window for the scorer's
// own errors where the profile has one, else the correction period. None
// when the profile sets no correction window at all.
const core::TimeWindowRule* WindowFor(const core::RegulationProfile& profile,
                                      v1::CorrectionKind kind) {
  const core::TimeWindowRule* correction = nullptr;
  const core::TimeWindowRule* scorer = nullptr;
  for (const core::TimeWindowRule& rule : profile.time_windows) {
    if (rule.kind == core::TimeWindowKind::kCorrectionPeriod) {
      correction = &rule;
    } else if (rule.kind == core::TimeWindowKind::kScorerErrorCorrection) {
      scorer = &rule;
    }
  }
  if (kind == v1::CORRECTION_KIND_SCORER_ERROR && scorer != nullptr) {
    return scorer;
  }
  return correction;
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideCorrectResult(
    const State& state, const v1::CorrectResultRequest& request,
    absl::Time at) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* tournament,
                         FindTournament(state, request.tournament_id()));
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  TALLY_ASSIGN_OR_RETURN(const EnteredResult* current, FindResult(*c, request));
  TALLY_RETURN_IF_ERROR(RefuseOverNotPlayed(*current, "a correction"));
  if (request.kind() == v1::CORRECTION_KIND_UNSPECIFIED) {
    return absl::InvalidArgumentError(
        "say what kind of correction this is: the players' error both sides "
        "agree, an inconsistent score (NSW TR 12.6), or the scorer's error");
  }
  if (absl::StripAsciiWhitespace(request.reason()).empty()) {
    return absl::InvalidArgumentError(
        "a correction gives its reason (e.g. \"entered one trick short\")");
  }
  if (request.reason().size() > 200) {
    return absl::InvalidArgumentError(
        "the reason is longer than 200 characters");
  }
  if (request.kind() == v1::CORRECTION_KIND_PLAYERS_AGREED &&
      request.agreed_by_size() < 2) {
    return absl::InvalidArgumentError(
        "a correction of the players' error needs both sides' agreement: name "
        "who agreed for each side (NZ LIRG 79C)");
  }
  for (const std::string& who : request.agreed_by()) {
    TALLY_RETURN_IF_ERROR(CheckName("player who agreed", who));
  }
  TALLY_ASSIGN_OR_RETURN(int ns_score,
                         NorthSouthScoreOf(request.result(), request.board()));
  if (request.result().SerializeAsString() ==
      ToTableResult(current->result).SerializeAsString()) {
    return absl::InvalidArgumentError(
        absl::StrCat("board ", request.board(), " at table ", request.table(),
                     " already has that result (",
                     DescribeResult(ToTableResult(current->result)),
                     "): nothing to correct"));
  }
  v1::EventPayload payload;
  v1::ResultCorrected* e = payload.mutable_result_corrected();
  if (const core::TimeWindowRule* rule =
          WindowFor(c->profile, request.kind())) {
    TALLY_ASSIGN_OR_RETURN(
        WindowVerdict window,
        CheckWindowAt(*tournament, *c, *rule, request.session(),
                      request.table(), at));
    if (window.closed) {
      return absl::FailedPreconditionError(absl::StrCat(
          "too late to correct board ", request.board(), " at table ",
          request.table(), ": the window closed at ", window.closed_at,
          "; after it a score stands unless a ruling or an appeal changes it "
          "(Law 79C2, NZ LIRG)"));
    }
    e->set_window_clause(rule->clause);
    if (window.closes_at.has_value())
      *e->mutable_window_closes_at() = ToTimestamp(*window.closes_at);
  }
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_table(request.table());
  e->set_board(request.board());
  e->set_room(request.room());
  e->set_corrects_sequence(current->sequence);
  *e->mutable_result() = request.result();
  e->set_ns_score(ns_score);
  e->set_previous_ns_score(current->ns_score);
  e->set_kind(request.kind());
  e->set_reason(request.reason());
  *e->mutable_agreed_by() = request.agreed_by();
  return payload;
}

}  // namespace tally::replay
