#include "replay/pairs/decide_session_adjustment.h"

#include <set>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "replay/pairs/session_adjustments.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/lookups.h"

namespace tally::replay {
namespace {

// An exact fraction as sent, InvalidArgument naming `what` for a zero
// denominator or a figure that does not fit.
absl::StatusOr<core::Rational> Exact(const v1::Fraction& f,
                                     absl::string_view what) {
  absl::StatusOr<core::Rational> r =
      core::Rational::Checked(f.numerator(), f.denominator());
  if (!r.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " ", f.numerator(), "/", f.denominator(),
                     " is not a number: ", r.status().message()));
  }
  return r;
}

// InvalidArgument unless `text` says something, in at most 500 characters.
absl::Status CheckWords(absl::string_view what, const std::string& text) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat("give ", what));
  }
  if (text.size() > 500) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " is longer than 500 characters"));
  }
  return absl::OkStatus();
}

absl::Status CheckSitOut(const SessionState& s, int pair,
                         const v1::SitOutAward& award) {
  if (award.boards().empty()) {
    return absl::InvalidArgumentError(
        "name the boards the pair sat out (--sit-out=25,26,27)");
  }
  const std::set<int> played = BoardsOfPair(s, pair);
  std::set<int> awarded;
  for (const SessionAdjustmentRecord& r : s.adjustments) {
    if (r.adjustment.pair() != pair || !r.adjustment.has_sit_out()) continue;
    awarded.insert(r.adjustment.sit_out().boards().begin(),
                   r.adjustment.sit_out().boards().end());
  }
  std::set<int> seen;
  for (int board : award.boards()) {
    if (!s.times_scheduled.contains(board)) {
      return absl::NotFoundError(absl::StrCat(
          "board ", board, " is not played in session ", s.number));
    }
    if (!seen.insert(board).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("board ", board, " is named twice"));
    }
    if (played.contains(board)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "pair ", pair, " plays board ", board,
          " in the movement: a sit-out award is for boards it did not play"));
    }
    if (awarded.contains(board)) {
      return absl::AlreadyExistsError(absl::StrCat(
          "pair ", pair, " already has a sit-out award on board ", board));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideAdjustSession(
    const State& state, const v1::AdjustSessionRequest& request) {
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindCompetition(state, request.tournament_id(), request.competition_id()));
  if (c->kind != v1::COMPETITION_KIND_MATCHPOINT_PAIRS) {
    return absl::FailedPreconditionError(absl::StrCat(
        "'", request.competition_id(), "' is a ", KindName(c->kind),
        " competition: session adjustments in matchpoints are for matchpoint "
        "pairs (a VP penalty is `tally penalty`)"));
  }
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  TALLY_ASSIGN_OR_RETURN(
      const SessionState* s,
      FindSession(state, request.tournament_id(), request.competition_id(),
                  request.session()));
  const int pair = request.pair();
  if (!c->pairs.contains(pair)) {
    return absl::NotFoundError(absl::StrCat(
        "pair ", pair, " is not registered in competition ",
        request.competition_id()));
  }
  const int64_t top = PairSessionTop(*s, pair, c->profile);
  if (top == 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "pair ", pair, " plays no board in session ", request.session(),
        "'s movement"));
  }
  TALLY_RETURN_IF_ERROR(
      CheckWords("the law, clause or convention applied (--law)",
                 request.law()));
  TALLY_RETURN_IF_ERROR(
      CheckWords("the adjustment's text as the director gave it (--text)",
                 request.text()));
  v1::EventPayload payload;
  v1::SessionAdjustmentMade* e = payload.mutable_session_adjustment_made();
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_pair(pair);
  e->set_law(request.law());
  e->set_text(request.text());
  switch (request.amount_case()) {
    case v1::AdjustSessionRequest::kMatchpoints: {
      TALLY_ASSIGN_OR_RETURN(core::Rational mp,
                             Exact(request.matchpoints(), "matchpoints"));
      if (mp == core::Rational(0) || mp > core::Rational(top) ||
          mp < core::Rational(-top)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "an adjustment of ", mp.ToString(), " matchpoints is out of "
            "range: not 0 and at most pair ", pair, "'s session top, ", top,
            ", either way"));
      }
      *e->mutable_matchpoints() = ToProtoFraction(mp);
      break;
    }
    case v1::AdjustSessionRequest::kPercentOfTop: {
      TALLY_ASSIGN_OR_RETURN(core::Rational percent,
                             Exact(request.percent_of_top(), "percentage"));
      if (percent == core::Rational(0) || percent > core::Rational(100) ||
          percent < core::Rational(-100)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "an adjustment of ", percent.ToString(),
            "% of the session top is out of range: -100 to 100, not 0"));
      }
      absl::StatusOr<core::Rational> share =
          core::Rational::CheckedMul(percent, core::Rational(top, 100));
      if (!share.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "the percentage ", percent.ToString(),
            " is too fine to convert to matchpoints exactly: ",
            share.status().message()));
      }
      *e->mutable_percent_of_top() = ToProtoFraction(percent);
      *e->mutable_matchpoints_applied() = ToProtoFraction(*share);
      break;
    }
    case v1::AdjustSessionRequest::kSitOut:
      TALLY_RETURN_IF_ERROR(CheckSitOut(*s, pair, request.sit_out()));
      *e->mutable_sit_out() = request.sit_out();
      break;
    default:
      return absl::InvalidArgumentError(
          "give the adjustment: matchpoints, a percentage of the session top "
          "or the boards of a sit-out award");
  }
  return payload;
}

}  // namespace tally::replay
