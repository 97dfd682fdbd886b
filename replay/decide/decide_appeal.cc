#include "replay/decide/decide_appeal.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "core/window/timeline.h"
#include "core/window/window_close.h"
#include "replay/decide/decide.h"
#include "replay/decide/decide_ruling.h"
#include "replay/decide/side_awards.h"
#include "replay/draws/knockout_results.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/rulings.h"
#include "replay/timeline/time_windows.h"
#include "replay/timeline/window_check.h"

namespace tally::replay {
namespace {

// The order of the appeal's life, as the SABF TR 21.14 form sets it out:
// grounds, the respondents' submission, the reply, the committee's decision.
constexpr char kFormOrder[] = "the order of the SABF TR 21.14 appeals form";
constexpr char kDefaultInvolved[] =
    "the profile names no clause; an appeals committee member involved in "
    "the dispute may not sit, as SABF TR 7 and NSW TR 2.2.2 both say";

// The clause keeping an involved member off the committee, as the
// profile gives it; else the regulations it defers to; else the rule both
// held documents state.
std::string InvolvedMemberClause(const std::optional<core::AppealRules>& r) {
  if (r.has_value() && !r->involved_member_clause.empty()) {
    return r->involved_member_clause;
  }
  if (r.has_value() && !r->governed_by.empty()) {
    return absl::StrCat(r->governed_by,
                        ", not held by tally; an appeals committee member "
                        "involved in the dispute may not sit, as SABF TR 7 "
                        "and NSW TR 2.2.2 both say");
  }
  return kDefaultInvolved;
}

// InvalidArgument unless `text` is non-blank and at most 4000 characters.
absl::Status CheckText(absl::string_view what, const std::string& text) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat("give the ", what));
  }
  if (text.size() > 4000) {
    return absl::InvalidArgumentError(
        absl::StrCat("the ", what, " is longer than 4000 characters"));
  }
  return absl::OkStatus();
}

// A person's name compared the way a director reads it: case and spacing
// ignored.
std::string NameKey(absl::string_view name) {
  std::vector<std::string> words =
      absl::StrSplit(absl::AsciiStrToLower(name), ' ', absl::SkipWhitespace());
  return absl::StrJoin(words, " ");
}

std::string EntrantName(const CompetitionState& c, int entrant) {
  const char* word = c.IsTeams() ? "team " : "pair ";
  auto team = c.team_names.find(entrant);
  if (team != c.team_names.end() && !team->second.empty()) {
    return absl::StrCat(word, entrant, " (", team->second, ")");
  }
  return absl::StrCat(word, entrant);
}

absl::Status CheckEntrant(const CompetitionState& c, int entrant,
                          absl::string_view role) {
  if (!c.pairs.contains(entrant)) {
    return absl::NotFoundError(
        absl::StrCat("the ", role, " ", c.IsTeams() ? "team " : "pair ",
                     entrant, " is not registered in '", c.id, "'"));
  }
  return absl::OkStatus();
}

// The two entrants that played `board` at `table` (and `room`) of
// `session`, or NotFound. In an event of matches `session` is the round:
// the board must be one of the round's, and the entrants are the match
// drawn at the table, or at a three-way table the room's sides of a share
// match (SABF TR 14.1) or the pivot and the pair drawn for the board's half
// (NSW TR 12.7); a bye or a walkover played no board.
absl::StatusOr<std::pair<int, int>> EntrantsAtTable(const CompetitionState& c,
                                                    int session, int table,
                                                    int board, v1::Room room) {
  if (c.PlaysMatches()) {
    auto round = c.rounds.find(session);
    if (round == c.rounds.end()) {
      return absl::NotFoundError(absl::StrCat("round ", session, " of '",
                                              c.id, "' has not been drawn"));
    }
    const v1::DrawMade& draw = round->second.draw;
    if (std::find(draw.boards().begin(), draw.boards().end(), board) ==
        draw.boards().end()) {
      return absl::NotFoundError(absl::StrCat("round ", session, " of '", c.id,
                                              "' does not play board ", board));
    }
    if (IsThreeWayTable(draw, table)) {
      TALLY_ASSIGN_OR_RETURN(TableSides sides,
                             ThreeWaySides(draw, table, board, room));
      return std::make_pair(sides.ns, sides.ew);
    }
    for (const v1::DrawnMatch& m : draw.matches()) {
      if (m.table() == table) return std::make_pair(m.home(), m.away());
    }
    return absl::NotFoundError(absl::StrCat("round ", session, " of '", c.id,
                                            "' has no match drawn at table ",
                                            table));
  }
  auto s = c.sessions.find(session);
  if (s != c.sessions.end()) {
    auto slot = s->second.slots.find({table, board});
    if (slot != s->second.slots.end()) {
      return std::make_pair(slot->second.ns_pair, slot->second.ew_pair);
    }
  }
  return absl::NotFoundError(absl::StrCat("session ", session, " of '", c.id,
                                          "' does not play board ", board,
                                          " at table ", table));
}

// An appeal is a table's: the appellant and the respondents played the
// board there, on opposite sides (Law 92A: "a contestant ... may appeal";
// SABF TR 7: "signed by one member of the pair").
absl::Status CheckPartiesAtTable(const CompetitionState& c,
                                 const v1::AppealLodged& a) {
  TALLY_ASSIGN_OR_RETURN(auto sides,
                         EntrantsAtTable(c, a.session(), a.table(), a.board(), a.room()));
  const auto& [one, other] = sides;
  const std::string where = absl::StrCat(
      "board ", a.board(), " at table ", a.table(), " of ",
      c.PlaysMatches() ? "round " : "session ", a.session(), " was played by ",
      EntrantName(c, one), " and ", EntrantName(c, other));
  if (a.appellant() != one && a.appellant() != other) {
    return absl::FailedPreconditionError(absl::StrCat(
        EntrantName(c, a.appellant()), " did not play the board appealed: ",
        where, "; only a side at that table may appeal (Law 92A, SABF TR 7)"));
  }
  const int opponent = a.appellant() == one ? other : one;
  for (int r : a.respondents()) {
    if (r != opponent) {
      return absl::FailedPreconditionError(
          absl::StrCat("respondent ", EntrantName(c, r),
                       " did not play against the "
                       "appellant on the board appealed: ",
                       where, " (Law 92A)"));
    }
  }
  return absl::OkStatus();
}

// ANC SR 6.2 "when the ruling is made after the session": when the appeal
// names the ruling, the log says when it was made, and a claim that it came
// after the session must agree. FailedPrecondition when the ruling was made
// before the session's scheduled end (or before play finished) or after the
// parties are said to have been advised of it.
absl::Status CheckLateRulingClaim(const CompetitionState& c,
                                  const v1::AppealLodged& a,
                                  const RulingRecord& ruling,
                                  absl::TimeZone zone) {
  if (!a.ruling_made_after_session()) return absl::OkStatus();
  const char* unit = c.PlaysMatches() ? "round " : "session ";
  std::optional<absl::Time> ended;
  if (auto t = c.timeline.find(a.session()); t != c.timeline.end()) {
    ended = t->second.scheduled_end.has_value() ? t->second.scheduled_end
                                                : t->second.play_finished;
  }
  const auto clock = [&](absl::Time t) { return core::DateTimeText(t, zone); };
  if (ended.has_value() && ruling.made_at <= *ended) {
    return absl::FailedPreconditionError(absl::StrCat(
        "ruling ", ruling.sequence, " was made at ", clock(ruling.made_at),
        ", before ", unit, a.session(), " ended at ", clock(*ended),
        ": it is not a ruling made after the session, and its time runs "
        "from the session's scheduled finish (ANC SR 6.2, NZ LIRG 92B)"));
  }
  if (a.has_ruling_advised_at() &&
      ToTime(a.ruling_advised_at()) < ruling.made_at) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the parties cannot have been advised at ",
        clock(ToTime(a.ruling_advised_at())), " of ruling ", ruling.sequence,
        ", made at ", clock(ruling.made_at), " (ANC SR 6.2)"));
  }
  return absl::OkStatus();
}

struct Found {
  const CompetitionState* competition = nullptr;
  const AppealRecord* appeal = nullptr;
};

absl::StatusOr<Found> FindAppeal(const State& state,
                                 const std::string& tournament_id,
                                 const std::string& competition_id,
                                 int number) {
  Found f;
  TALLY_ASSIGN_OR_RETURN(f.competition,
                         FindCompetition(state, tournament_id, competition_id));
  auto it = f.competition->appeals.find(number);
  if (it == f.competition->appeals.end()) {
    return absl::NotFoundError(
        absl::StrCat("'", competition_id, "' has no appeal ", number));
  }
  f.appeal = &it->second;
  return f;
}

// FailedPrecondition once the appeal is decided (`what` may follow a
// decision only as a further appeal) or withdrawn.
absl::Status CheckOpen(const AppealRecord& a, absl::string_view what) {
  const int n = a.lodged.appeal();
  if (a.withdrawn.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", n, " was withdrawn: no ", what, " follows"));
  }
  if (a.decided.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", n,
                     " is decided: nothing follows a decision but a further "
                     "appeal, so no ",
                     what, " (", kFormOrder, ")"));
  }
  return absl::OkStatus();
}

// The profile's window for an appeal of `kind`, or FailedPrecondition.
absl::StatusOr<const core::TimeWindowRule*> WindowFor(const CompetitionState& c,
                                                      v1::AppealKind kind) {
  const core::TimeWindowKind wanted =
      kind == v1::APPEAL_KIND_SCORER_DECISION
          ? core::TimeWindowKind::kScorerDecisionAppeal
          : core::TimeWindowKind::kRulingReview;
  for (const core::TimeWindowRule& rule : c.profile.time_windows) {
    if (rule.kind == wanted) return &rule;
  }
  if (kind == v1::APPEAL_KIND_SCORER_DECISION) {
    return absl::FailedPreconditionError(absl::StrCat(
        "the regulations of '", c.id, "' (", c.profile.name,
        ") set no time for an appeal against the scorer's decisions; a "
        "scorer's error is put right by a correction inside its window, a "
        "ruling's by a review of the ruling"));
  }
  return absl::FailedPreconditionError(absl::StrCat(
      "the regulations of '", c.id, "' set no window for reviewing a ruling"));
}

// The window's close for the lodging, or nullopt while not yet known;
// FailedPrecondition once it has closed.
absl::StatusOr<std::optional<absl::Time>> CheckWindow(
    const TournamentState& tournament, const CompetitionState& c,
    const core::TimeWindowRule& rule, const v1::AppealLodged& a,
    absl::Time at) {
  std::optional<core::RulingTimes> ruling;
  if (a.kind() != v1::APPEAL_KIND_SCORER_DECISION) {
    ruling.emplace();
    ruling->made_after_session = a.ruling_made_after_session();
    if (a.has_ruling_advised_at())
      ruling->advised = ToTime(a.ruling_advised_at());
  }
  absl::StatusOr<WindowVerdict> window =
      CheckWindowAt(tournament, c, rule, a.session(), a.table(), at, ruling);
  if (absl::IsNotFound(window.status())) {
    return absl::NotFoundError(absl::StrCat(window.status().message(),
                                            " to appeal"));
  }
  if (!window.ok()) return window.status();
  if (window->closed) {
    return absl::FailedPreconditionError(
        absl::StrCat("too late to lodge ",
                     a.kind() == v1::APPEAL_KIND_SCORER_DECISION
                         ? "an appeal against the scorer's decision"
                     : a.kind() == v1::APPEAL_KIND_RULING_REVIEW
                         ? "a request to review the ruling"
                         : "an appeal against the ruling",
                     " on board ", a.board(), ": the time expired at ",
                     window->closed_at));
  }
  return window->closes_at;
}

// The penalty for an appeal without merit (NZ LIRG 92A; SABF TR 7), with
// its entrant and clause filled in.
absl::StatusOr<v1::MeritPenalty> CheckPenalty(const CompetitionState& c,
                                              const AppealRecord& a,
                                              const v1::AppealDecided& d) {
  v1::MeritPenalty p = d.penalty();
  const std::optional<core::AppealRules>& rules = c.profile.appeals;
  if (d.outcome() != v1::APPEAL_OUTCOME_UPHELD) {
    return absl::InvalidArgumentError(
        "a penalty for an appeal without merit follows only an unsuccessful "
        "appeal, one whose ruling is upheld (NZ LIRG 92A)");
  }
  if (p.entrant() == 0) p.set_entrant(a.lodged.appellant());
  if (p.entrant() != a.lodged.appellant()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the penalty for an appeal without merit falls on the "
                     "appellant, ",
                     EntrantName(c, a.lodged.appellant()), " (NZ LIRG 92A)"));
  }
  if (p.clause().empty() && rules.has_value()) {
    p.set_clause(rules->without_merit_clause);
  }
  if (p.clause().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the regulations of '", c.id,
        "' set no penalty for an appeal without merit: name the clause that "
        "allows it (e.g. NZ LIRG 92A)"));
  }
  if (p.kind() == v1::MERIT_PENALTY_KIND_DEPOSIT_FORFEITED) {
    if (p.has_amount()) {
      return absl::InvalidArgumentError(
          "a forfeited deposit has no amount in points");
    }
    return p;
  }
  TALLY_ASSIGN_OR_RETURN(core::Rational amount, RationalOf(p.amount()));
  if (amount <= core::Rational(0)) {
    return absl::InvalidArgumentError(
        "the penalty for an appeal without merit is a positive amount");
  }
  const std::string clause = p.clause();
  if (p.kind() == v1::MERIT_PENALTY_KIND_VICTORY_POINTS) {
    if (!(amount * core::Rational(100)).is_integer()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "VPs are deducted in hundredths, as the scales publish them (",
          clause, ")"));
    }
    if (!c.profile.vp.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", c.id, "' is not scored in victory points (", clause, ")"));
    }
    if (rules.has_value() && rules->without_merit_max_victory_points > 0 &&
        amount > core::Rational(rules->without_merit_max_victory_points)) {
      return absl::InvalidArgumentError(
          absl::StrCat("at most ", rules->without_merit_max_victory_points,
                       " VPs for an appeal without merit (", clause, ")"));
    }
  } else if (p.kind() == v1::MERIT_PENALTY_KIND_MATCHPOINT_TOPS) {
    if (c.profile.scoring != core::ScoringMethod::kMatchpoints) {
      return absl::InvalidArgumentError(absl::StrCat(
          "'", c.id, "' is not scored in matchpoints (", clause, ")"));
    }
    if (rules.has_value() && rules->without_merit_max_tops > 0 &&
        amount > core::Rational(rules->without_merit_max_tops)) {
      return absl::InvalidArgumentError(
          absl::StrCat("at most ", rules->without_merit_max_tops,
                       " full top for an appeal without merit (", clause, ")"));
    }
  } else if (p.kind() == v1::MERIT_PENALTY_KIND_IMPS) {
    if (rules.has_value() && (rules->without_merit_max_victory_points > 0 ||
                              rules->without_merit_max_tops > 0)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the penalty for an appeal without merit is in VPs or a top here, "
          "not IMPs (",
          clause, ")"));
    }
  } else {
    return absl::InvalidArgumentError(
        "say what the penalty is: a forfeited deposit, VPs, a fraction of a "
        "top or IMPs");
  }
  return p;
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideLodgeAppeal(
    const State& state, const v1::LodgeAppealRequest& request, absl::Time at) {
  const v1::AppealLodged& in = request.appeal();
  TALLY_ASSIGN_OR_RETURN(const TournamentState* tournament,
                         FindTournament(state, request.tournament_id()));
  TALLY_ASSIGN_OR_RETURN(
      const CompetitionState* c,
      FindCompetition(state, request.tournament_id(), in.competition_id()));
  if (in.kind() == v1::APPEAL_KIND_UNSPECIFIED) {
    return absl::InvalidArgumentError(
        "say what is appealed: a request to review a director's ruling (ANC "
        "SR 6.2), an appeal against a director's ruling (SABF TR 7) or "
        "against the scorer's decision (SABF TR 7)");
  }
  if (in.table() < 1 || in.board() < 1) {
    return absl::InvalidArgumentError(
        "name the board appealed: its table and board number");
  }
  TALLY_RETURN_IF_ERROR(CheckEntrant(*c, in.appellant(), "appellant"));
  // SABF TR 7: "signed by one member of the pair".
  TALLY_RETURN_IF_ERROR(
      CheckName("appellant's signature (SABF TR 7)", in.appellant_signature()));
  std::set<int> respondents;
  for (int r : in.respondents()) {
    TALLY_RETURN_IF_ERROR(CheckEntrant(*c, r, "respondent"));
    if (r == in.appellant() || !respondents.insert(r).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "respondent ", r, " is named twice or is the appellant"));
    }
  }
  TALLY_RETURN_IF_ERROR(CheckText("grounds of appeal", in.grounds()));
  for (const std::string& who : in.involved()) {
    TALLY_RETURN_IF_ERROR(CheckName("person involved", who));
  }
  TALLY_RETURN_IF_ERROR(CheckPartiesAtTable(*c, in));
  const RulingRecord* ruling = nullptr;
  if (in.ruling_sequence() != 0) {
    ruling =
        FindRuling(RulingsOfSession(*c, in.session()), in.ruling_sequence());
    if (ruling == nullptr || ruling->ruling.board() != in.board()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "there is no ruling on board ", in.board(), " of ",
          c->PlaysMatches() ? "round " : "session ", in.session(), " of '",
          c->id, "' at sequence ", in.ruling_sequence(), " to appeal"));
    }
  } else if (in.ruling_made_after_session()) {
    // ANC SR 6.2: the log, not the claim, says when a ruling was made.
    for (const RulingRecord& r : RulingsOfSession(*c, in.session())) {
      if (r.ruling.board() == in.board() && r.ruling.table() == in.table()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "the log holds ruling ", r.sequence, " on board ", in.board(),
            " at table ", in.table(),
            ": name the ruling appealed (its sequence) so its time can be "
            "checked against the claim that it was made after the session "
            "(ANC SR 6.2)"));
      }
    }
  }
  if (in.kind() == v1::APPEAL_KIND_SCORER_DECISION &&
      (in.ruling_made_after_session() || in.has_ruling_advised_at())) {
    return absl::InvalidArgumentError(
        "an appeal against the scorer's decision runs from the posting of "
        "the scores (SABF TR 7), not from a ruling");
  }
  if (in.ruling_made_after_session() && !in.has_ruling_advised_at()) {
    return absl::InvalidArgumentError(
        "a ruling made after the session: say when the parties were advised "
        "of it, the time its window runs from (ANC SR 6.2, NZ LIRG 92B)");
  }
  if (in.has_ruling_advised_at() && !in.ruling_made_after_session()) {
    return absl::InvalidArgumentError(
        "the time the parties were advised counts only for a ruling made "
        "after the session (ANC SR 6.2, NZ LIRG 92B)");
  }
  if (in.has_ruling_advised_at() && ToTime(in.ruling_advised_at()) > at) {
    return absl::InvalidArgumentError(
        "the parties cannot have been advised of the ruling after the appeal "
        "is lodged");
  }
  if (ruling != nullptr) {
    TALLY_RETURN_IF_ERROR(CheckLateRulingClaim(
        *c, in, *ruling, TimelineOf(*tournament, *c).stage.zone));
  }
  TALLY_ASSIGN_OR_RETURN(const core::TimeWindowRule* rule,
                         WindowFor(*c, in.kind()));
  TALLY_ASSIGN_OR_RETURN(std::optional<absl::Time> closes,
                         CheckWindow(*tournament, *c, *rule, in, at));
  v1::EventPayload payload;
  v1::AppealLodged* e = payload.mutable_appeal_lodged();
  *e = in;
  e->set_appeal(static_cast<int>(c->appeals.size()) + 1);
  e->set_window_clause(rule->clause);
  e->clear_window_closes_at();
  if (closes.has_value()) *e->mutable_window_closes_at() = ToTimestamp(*closes);
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideSubmitAppealResponse(
    const State& state, const v1::SubmitAppealResponseRequest& request) {
  const v1::AppealSubmission& in = request.submission();
  TALLY_ASSIGN_OR_RETURN(Found f, FindAppeal(state, request.tournament_id(),
                                             in.competition_id(), in.appeal()));
  TALLY_RETURN_IF_ERROR(CheckOpen(*f.appeal, "submission"));
  if (f.appeal->heard.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(),
                     " has been heard: the respondents' "
                     "submission comes before the hearing (",
                     kFormOrder, ")"));
  }
  if (f.appeal->submission.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "appeal ", in.appeal(), " already has the respondents' submission"));
  }
  TALLY_RETURN_IF_ERROR(CheckText("respondents' submission", in.submission()));
  TALLY_RETURN_IF_ERROR(CheckName("respondent's signature", in.signed_by()));
  v1::EventPayload payload;
  *payload.mutable_appeal_submission() = in;
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideReplyToAppeal(
    const State& state, const v1::ReplyToAppealRequest& request) {
  const v1::AppealReply& in = request.reply();
  TALLY_ASSIGN_OR_RETURN(Found f, FindAppeal(state, request.tournament_id(),
                                             in.competition_id(), in.appeal()));
  TALLY_RETURN_IF_ERROR(CheckOpen(*f.appeal, "reply"));
  if (!f.appeal->submission.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(),
                     " has no respondents' submission yet: a reply "
                     "answers it (",
                     kFormOrder, ")"));
  }
  if (f.appeal->heard.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(),
                     " has been heard: the reply comes before the "
                     "hearing (",
                     kFormOrder, ")"));
  }
  if (f.appeal->reply.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(), " already has its reply"));
  }
  TALLY_RETURN_IF_ERROR(CheckText("reply", in.reply()));
  TALLY_RETURN_IF_ERROR(CheckName("signature of the reply", in.signed_by()));
  v1::EventPayload payload;
  *payload.mutable_appeal_reply() = in;
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideHearAppeal(
    const State& state, const v1::HearAppealRequest& request) {
  const v1::AppealHeard& in = request.heard();
  TALLY_ASSIGN_OR_RETURN(Found f, FindAppeal(state, request.tournament_id(),
                                             in.competition_id(), in.appeal()));
  TALLY_RETURN_IF_ERROR(CheckOpen(*f.appeal, "hearing"));
  if (f.appeal->heard.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(), " has already been heard"));
  }
  TALLY_RETURN_IF_ERROR(CheckName("chair of the committee", in.chair()));
  std::set<std::string> members;
  for (const std::string& m : in.members()) {
    TALLY_RETURN_IF_ERROR(CheckName("committee member", m));
    if (!members.insert(NameKey(m)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(m, " is named twice on the committee"));
    }
  }
  if (!members.contains(NameKey(in.chair()))) {
    return absl::InvalidArgumentError(
        absl::StrCat("the chair, ", in.chair(),
                     ", is one of the committee's members: list them too"));
  }
  // Who is involved: the players of both sides and anyone named so.
  const CompetitionState& c = *f.competition;
  const v1::AppealLodged& a = f.appeal->lodged;
  std::vector<std::pair<std::string, std::string>> involved;  // key, why
  auto players_of = [&](int entrant, absl::string_view side) {
    auto it = c.pairs.find(entrant);
    if (it == c.pairs.end()) return;
    for (const std::string& p : it->second) {
      involved.emplace_back(
          NameKey(p),
          absl::StrCat("plays for the ", side, ", ", EntrantName(c, entrant)));
    }
  };
  players_of(a.appellant(), "appellant");
  for (int r : a.respondents()) players_of(r, "respondent");
  for (const std::string& p : a.involved()) {
    involved.emplace_back(NameKey(p), "is named as involved in the dispute");
  }
  const std::string clause = InvolvedMemberClause(c.profile.appeals);
  for (const std::string& m : in.members()) {
    for (const auto& [key, why] : involved) {
      if (NameKey(m) == key) {
        return absl::FailedPreconditionError(
            absl::StrCat(m, " may not sit on the committee for appeal ",
                         a.appeal(), ": ", m, " ", why, " (", clause, ")"));
      }
    }
  }
  v1::EventPayload payload;
  *payload.mutable_appeal_heard() = in;
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideDecideAppeal(
    const State& state, const v1::DecideAppealRequest& request) {
  const v1::AppealDecided& in = request.decided();
  TALLY_ASSIGN_OR_RETURN(Found f, FindAppeal(state, request.tournament_id(),
                                             in.competition_id(), in.appeal()));
  TALLY_RETURN_IF_ERROR(CheckOpen(*f.appeal, "second decision"));
  if (!f.appeal->heard.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(),
                     " has not been heard: the committee hears "
                     "the parties before it decides (SABF TR 7)"));
  }
  v1::EventPayload payload;
  v1::AppealDecided* e = payload.mutable_appeal_decided();
  *e = in;
  switch (in.outcome()) {
    case v1::APPEAL_OUTCOME_UPHELD:
      if (in.has_adjusted_score()) {
        return absl::InvalidArgumentError(
            "an upheld ruling stands: a decision with a new adjusted score is "
            "varied");
      }
      break;
    case v1::APPEAL_OUTCOME_VARIED:
      TALLY_RETURN_IF_ERROR(
          CheckAdjustedScore(in.adjusted_score(), f.appeal->lodged.board()));
      TALLY_RETURN_IF_ERROR(
          CheckSideAwardsScoredIn(*f.competition, in.adjusted_score()));
      break;
    default:
      return absl::InvalidArgumentError(
          "say whether the ruling is upheld or varied");
  }
  TALLY_RETURN_IF_ERROR(CheckText("committee's decision", in.decision()));
  for (const std::string& d : in.dissenting()) {
    TALLY_RETURN_IF_ERROR(CheckText("dissenting view", d));
  }
  if (in.has_penalty()) {
    TALLY_ASSIGN_OR_RETURN(*e->mutable_penalty(),
                           CheckPenalty(*f.competition, *f.appeal, in));
  }
  return payload;
}

absl::StatusOr<v1::EventPayload> DecideWithdrawAppeal(
    const State& state, const v1::WithdrawAppealRequest& request) {
  const v1::AppealWithdrawn& in = request.withdrawn();
  TALLY_ASSIGN_OR_RETURN(Found f, FindAppeal(state, request.tournament_id(),
                                             in.competition_id(), in.appeal()));
  TALLY_RETURN_IF_ERROR(CheckOpen(*f.appeal, "withdrawal"));
  TALLY_RETURN_IF_ERROR(CheckName("appellant withdrawing", in.by()));
  v1::EventPayload payload;
  *payload.mutable_appeal_withdrawn() = in;
  return payload;
}

// Where a further appeal goes: the body and clause the profile names, or,
// where the event's appeals regulations are not held (AppealRules::
// governed_by), the ones the director names from them. FailedPrecondition
// where the committee's decision is final; InvalidArgument where the
// director must name the body and clause, or names ones the profile
// contradicts.
absl::StatusOr<std::pair<std::string, std::string>> FurtherAppealBody(
    const CompetitionState& c, const v1::FurtherAppealLodged& in) {
  const std::optional<core::AppealRules>& rules = c.profile.appeals;
  if (rules.has_value() && !rules->further_appeal_to.empty()) {
    if ((!in.to_body().empty() && in.to_body() != rules->further_appeal_to) ||
        (!in.clause().empty() && in.clause() != rules->further_appeal_clause)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "a further appeal in '", c.id, "' goes to ",
          rules->further_appeal_to, " (", rules->further_appeal_clause,
          "): do not name another body or clause"));
    }
    return std::make_pair(rules->further_appeal_to,
                          rules->further_appeal_clause);
  }
  if (rules.has_value() && !rules->governed_by.empty()) {
    if (absl::StripAsciiWhitespace(in.to_body()).empty() ||
        absl::StripAsciiWhitespace(in.clause()).empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "a further appeal in '", c.id, "' is governed by ",
          rules->governed_by,
          ", which tally does not hold: name the body it goes to and the "
          "clause of those regulations that gives it"));
    }
    return std::make_pair(in.to_body(), in.clause());
  }
  const std::string clause = rules.has_value() &&
                                     !rules->further_appeal_clause.empty()
                                 ? rules->further_appeal_clause
                                 : "the profile names no further body";
  return absl::FailedPreconditionError(
      absl::StrCat("the regulations of '", c.id,
                   "' give no further appeal: the "
                   "committee's decision is final (",
                   clause, ")"));
}

absl::StatusOr<v1::EventPayload> DecideLodgeFurtherAppeal(
    const State& state, const v1::LodgeFurtherAppealRequest& request) {
  const v1::FurtherAppealLodged& in = request.further();
  TALLY_ASSIGN_OR_RETURN(Found f, FindAppeal(state, request.tournament_id(),
                                             in.competition_id(), in.appeal()));
  const CompetitionState& c = *f.competition;
  const AppealRecord& a = *f.appeal;
  TALLY_ASSIGN_OR_RETURN(auto body, FurtherAppealBody(c, in));
  const auto& [to_body, clause] = body;
  if (a.withdrawn.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(),
                     " was withdrawn: there is no decision to "
                     "appeal further"));
  }
  if (!a.decided.has_value()) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", in.appeal(),
                     " is not decided yet: a further appeal is "
                     "against the committee's decision (",
                     clause, ")"));
  }
  if (a.further.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "appeal ", in.appeal(), " has already been appealed further"));
  }
  const bool party =
      in.entrant() == a.lodged.appellant() ||
      std::find(a.lodged.respondents().begin(), a.lodged.respondents().end(),
                in.entrant()) != a.lodged.respondents().end();
  if (!party) {
    return absl::InvalidArgumentError(
        absl::StrCat("only a party to appeal ", in.appeal(),
                     " may appeal further: the appellant or a respondent (",
                     clause, ")"));
  }
  TALLY_RETURN_IF_ERROR(
      CheckName("signature of the further appeal", in.signed_by()));
  TALLY_RETURN_IF_ERROR(
      CheckText("grounds of the further appeal", in.grounds()));
  v1::EventPayload payload;
  v1::FurtherAppealLodged* e = payload.mutable_further_appeal_lodged();
  *e = in;
  e->set_to_body(to_body);
  e->set_clause(clause);
  return payload;
}

}  // namespace tally::replay
