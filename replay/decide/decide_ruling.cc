#include "replay/decide/decide_ruling.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "core/window/window_close.h"
#include "replay/butler/butler_datum_shortfall.h"
#include "replay/butler/cross_imps_board.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/decide/decide.h"
#include "replay/decide/side_awards.h"
#include "replay/match_scores/fouled_matches.h"
#include "replay/match_scores/match_adjustments.h"
#include "replay/match_scores/three_way_tables.h"
#include "replay/matches/decide_matches.h"
#include "replay/matches/not_played.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/fouled_ruling.h"
#include "replay/state/rulings.h"
#include "replay/timeline/window_check.h"

namespace tally::replay {
namespace {

std::string Where(const v1::RecordRulingRequest& r) {
  return absl::StrCat("board ", r.board(), " at table ", r.table(),
                      RoomName(r.room()));
}

absl::Status CheckText(absl::string_view what, const std::string& text) {
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(absl::StrCat("give ", what));
  }
  if (text.size() > 2000) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " is longer than 2000 characters"));
  }
  return absl::OkStatus();
}

absl::Status CheckResult(const v1::TableResult& result, int board,
                         absl::string_view what) {
  absl::StatusOr<int> score = NorthSouthScoreOf(result, board);
  if (!score.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": ", score.status().message()));
  }
  return absl::OkStatus();
}

// The profile's correction period: the window a ruling may change a score
// in (Law 79C2 as NZ LIRG reads it). None when the profile sets none.
const core::TimeWindowRule* CorrectionPeriod(
    const core::RegulationProfile& profile) {
  for (const core::TimeWindowRule& rule : profile.time_windows) {
    if (rule.kind == core::TimeWindowKind::kCorrectionPeriod) return &rule;
  }
  return nullptr;
}

// When the correction period of the ruling's session (and match) closes,
// or nullopt while unknown; FailedPrecondition once it has closed.
absl::StatusOr<std::optional<absl::Time>> CheckWindow(
    const TournamentState& tournament, const CompetitionState& c,
    const core::TimeWindowRule& rule, const v1::RecordRulingRequest& request,
    absl::Time at) {
  if (c.PlaysMatches() && request.table() == 0 && request.has_fouled()) {
    // A fouled board in an event of matches: each fouled table's match has
    // its own window (NSW TR 12.2 runs from the match's times); every one
    // must be open, and the ruling's closes with the first to close.
    std::optional<absl::Time> first;
    for (int table : request.fouled().fouled_tables()) {
      v1::RecordRulingRequest one = request;
      one.set_table(table);
      TALLY_ASSIGN_OR_RETURN(std::optional<absl::Time> closes,
                             CheckWindow(tournament, c, rule, one, at));
      if (closes.has_value() && (!first.has_value() || *closes < *first)) {
        first = closes;
      }
    }
    return first;
  }
  TALLY_ASSIGN_OR_RETURN(
      WindowVerdict window,
      CheckWindowAt(tournament, c, rule, request.session(), request.table(),
                    at));
  if (window.closed) {
    return absl::FailedPreconditionError(absl::StrCat(
        "too late for a ruling on ", Where(request),
        ": the correction period closed at ", window.closed_at,
        "; no change in score may occur after it expires (Law 79C2, NZ "
        "LIRG), so only an appeal can change this score now"));
  }
  return window.closes_at;
}

// The pairs (or teams) sitting North-South and East-West at the ruling's
// table on its board. NotFound when nobody plays the board there.
absl::StatusOr<std::pair<int, int>> SidesAt(const CompetitionState& c,
                                            const v1::RecordRulingRequest& r) {
  if (!c.PlaysMatches()) {
    const SessionState& s = c.sessions.at(r.session());
    auto it = s.slots.find({r.table(), r.board()});
    if (it == s.slots.end()) {
      return absl::NotFoundError(absl::StrCat(
          "session ", r.session(), " of '", c.id, "' does not play board ",
          r.board(), " at table ", r.table()));
    }
    return std::make_pair(it->second.ns_pair, it->second.ew_pair);
  }
  const MatchRoundState& round = c.rounds.at(r.session());
  for (const v1::DrawnMatch& m : round.draw.matches()) {
    if (m.table() != r.table()) continue;
    // The home team sits North-South in the open room, East-West in the
    // closed room; a pairs match has home NS.
    if (r.room() == v1::ROOM_CLOSED) return std::make_pair(m.away(), m.home());
    return std::make_pair(m.home(), m.away());
  }
  return absl::NotFoundError(
      absl::StrCat("round ", r.session(), " of '", c.id,
                   "' has no drawn match at table ", r.table(),
                   " (a share or half-match table: name the entrant with "
                   "`tally penalty`)"));
}

// A VP penalty in an event of matches is the PenaltyAwarded those events
// score already (match standings, ANC SR 5.1 for the draw).
absl::StatusOr<v1::EventPayload> VpPenalty(const State& state,
                                           const CompetitionState& c,
                                           const v1::RecordRulingRequest& r,
                                           int entrant) {
  const core::Rational amount(r.penalty().amount().numerator(),
                              r.penalty().amount().denominator());
  v1::AwardPenaltyRequest award;
  award.set_tournament_id(r.tournament_id());
  award.set_competition_id(c.id);
  award.set_entrant(entrant);
  award.set_round(r.session());
  for (int places = 0; places <= 2; ++places) {
    core::Rational scaled = amount;
    for (int i = 0; i < places; ++i) scaled = scaled * core::Rational(10);
    if (scaled.is_integer()) {
      award.mutable_vps()->set_units(scaled.numerator());
      award.mutable_vps()->set_places(places);
      break;
    }
  }
  if (!award.has_vps()) {
    return absl::InvalidArgumentError(
        "a VP penalty is given to at most 2 decimal places");
  }
  award.set_clause(r.law());
  award.set_reason(r.text());
  award.set_supersedes_sequence(r.supersedes_sequence());
  return DecideAwardPenalty(state, award);
}

const char* FormName(const v1::AdjustedScore& a) {
  switch (a.kind_case()) {
    case v1::AdjustedScore::kArtificial:
      return "an artificial";
    case v1::AdjustedScore::kAssigned:
      return "an assigned";
    case v1::AdjustedScore::kWeighted:
      return "a weighted";
    case v1::AdjustedScore::kSplit:
      return "a split";
    case v1::AdjustedScore::kPerSide:
      return "a per-side";
    case v1::AdjustedScore::KIND_NOT_SET:
      break;
  }
  return "an";
}

// The artificial awards of the home and the away team in `room` (home sits
// North-South in the open room).
std::pair<v1::ArtificialAward, v1::ArtificialAward> HomeAndAway(
    const v1::ArtificialAdjustedScore& a, v1::Room room) {
  return room == v1::ROOM_CLOSED ? std::make_pair(a.ew(), a.ns())
                                 : std::make_pair(a.ns(), a.ew());
}

// The adjusted scores events of matches score
// (replay/match_scores/match_adjustments.h): every form, in knock-outs each
// team its own IMPs (replay/rulings/knockout_rulings.h), in matchpoint-scored
// matches within the round's matchpoint field
// (replay/match_scores/matchpoint_rulings.h). Teams: one room of a match's
// board at most has an artificial, weighted or split score, except that a board
// with no result at either table (both rooms artificial) has one artificial
// score for the board, the same to each team in both rooms.
absl::Status CheckMatchAdjustment(const CompetitionState& c,
                                  const std::vector<RulingRecord>& rulings,
                                  const v1::RecordRulingRequest& r) {
  const v1::AdjustedScore& a = r.adjusted();
  if (const RulingRecord* guide =
          GuideMatchRulingAt(rulings, r.board(), r.table());
      guide != nullptr && guide->ruling.fouled().treatment() == "adjusted") {
    return absl::FailedPreconditionError(absl::StrCat(
        "board ", r.board(), " at table ", r.table(),
        " has the Fouled-board guide (Match Play) (a)'s adjusted score in "
        "force (ruling ",
        guide->sequence,
        "), which replaces both rooms' results: correct that ruling instead"));
  }
  if (a.has_assigned()) return absl::OkStatus();
  if (c.profile.scoring == core::ScoringMethod::kImpsTwoTables) {
    const v1::Room other =
        r.room() == v1::ROOM_CLOSED ? v1::ROOM_OPEN : v1::ROOM_CLOSED;
    std::optional<AdjustmentInForce> there =
        AdjustmentAt(rulings, r.board(), r.table(), other);
    if (there.has_value() && there->score->has_artificial() &&
        a.has_artificial() && there->sequence != r.supersedes_sequence()) {
      if (HomeAndAway(a.artificial(), r.room()) ==
          HomeAndAway(there->score->artificial(), other)) {
        return absl::OkStatus();
      }
      return absl::FailedPreconditionError(absl::StrCat(
          "the other room of board ", r.board(), " at table ", r.table(),
          " already has an artificial adjusted score (ruling ",
          there->sequence,
          "): with both rooms artificial the board has one artificial score "
          "(Law 12C2(a)), so give each team the award it has in the other "
          "room"));
    }
    if (there.has_value() && !there->score->has_assigned() &&
        there->sequence != r.supersedes_sequence()) {
      return absl::UnimplementedError(absl::StrCat(
          "the other room of board ", r.board(), " at table ", r.table(),
          " already has ", FormName(*there->score),
          " adjusted score in force (ruling ", there->sequence,
          "); a board of a match is scored with one artificial, weighted or "
          "split room so far: assign the other room's result instead"));
    }
  }
  return absl::OkStatus();
}

// A penalty off a match (Laws 90, 91), in the unit the match is won in:
// IMPs where matches are scored in IMPs (in a knock-out, off the team's
// match total: replay/rulings/knockout_rulings.h), matchpoints where they are
// scored in matchpoints (replay/match_scores/matchpoint_rulings.h).
absl::Status CheckMatchPenaltyUnit(const CompetitionState& c,
                                   v1::ScoreUnit unit) {
  const bool matchpoints =
      c.profile.scoring == core::ScoringMethod::kMatchpoints;
  if (matchpoints != (unit == v1::SCORE_UNIT_MATCHPOINTS)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", c.id, "' scores its matches in ",
        matchpoints ? "matchpoints" : "IMPs",
        ": give the penalty in that unit (off the match) or in VPs (off the "
        "total, ANC SR 5.1)"));
  }
  return absl::OkStatus();
}

// NSW TR 12.6(b): a score apparently on the wrong side at the ruling's
// table makes the board fouled for that table's round, average to both.
absl::StatusOr<v1::FouledBoardRuling> WrongSideRuling(
    const CompetitionState& c, const std::vector<RulingRecord>& rulings,
    const v1::RecordRulingRequest& r) {
  if (c.profile.source.document != "NSW TR") {
    return absl::InvalidArgumentError(absl::StrCat(
        kWrongSideClause, "'s wrong-side treatment is the NSW TR's; '", c.id,
        "' is run under ", c.profile.source.document,
        ": rule with an adjusted score instead"));
  }
  if (c.PlaysMatches() &&
      c.profile.scoring != core::ScoringMethod::kImpsVsDatum) {
    return absl::InvalidArgumentError(absl::StrCat(
        kWrongSideClause,
        " is scored in events of matches where pairs are IMPed against a "
        "datum; in a teams match average to both is an artificial score: "
        "give --artificial=ns:avg,ew:avg at the table and room"));
  }
  if (r.room() != v1::ROOM_UNSPECIFIED) {
    return absl::InvalidArgumentError("a pairs board has no rooms");
  }
  if (r.table() == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        kWrongSideClause,
        ": name the table whose score is recorded on the wrong side"));
  }
  if (!r.fouled().fouled_tables().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        kWrongSideClause,
        " makes the board fouled for the table's whole round: do not list "
        "fouled tables, they are the round's"));
  }
  // In an event of matches the table's line is its match's: average to
  // both there, the datum taken without it
  // (replay/match_scores/match_adjustments.h).
  TALLY_RETURN_IF_ERROR(SidesAt(c, r).status());
  const EnteredResult* entered = ResultAtRulingTable(c, r);
  if (entered == nullptr || entered->result.has_not_played()) {
    return absl::NotFoundError(absl::StrCat(
        "no result is entered for board ", r.board(), " at table ", r.table(),
        ": ", kWrongSideClause, " rules on the score recorded there"));
  }
  if (std::optional<AdjustmentInForce> a =
          AdjustmentAt(rulings, r.board(), r.table());
      a.has_value() && a->sequence != r.supersedes_sequence()) {
    return absl::FailedPreconditionError(absl::StrCat(
        Where(r), " already has an adjusted score in force (ruling ",
        a->sequence,
        "); a ruling that corrects it names it as the ruling it supersedes "
        "(NZ LIRG 82C)"));
  }
  v1::FouledBoardRuling out;
  out.set_treatment(std::string(kWrongSideTreatment));
  out.set_rule(c.profile.artificial.fouled_board);
  out.set_rule_clause(std::string(kWrongSideClause));
  // The round's line of the board's traveller is the ruled table's (with
  // duplicated boards, the other tables of the round kept their own lines).
  out.add_fouled_tables(r.table());
  return out;
}

}  // namespace

absl::Status CheckAdjustedScore(const v1::AdjustedScore& a, int board) {
  switch (a.kind_case()) {
    case v1::AdjustedScore::kArtificial:
      if (a.artificial().ns() == v1::ARTIFICIAL_AWARD_UNSPECIFIED ||
          a.artificial().ew() == v1::ARTIFICIAL_AWARD_UNSPECIFIED) {
        return absl::InvalidArgumentError(
            "an artificial adjusted score gives each side average minus, "
            "average or average plus (Law 12C2): name both sides'");
      }
      return absl::OkStatus();
    case v1::AdjustedScore::kAssigned:
      return CheckResult(a.assigned(), board, "the assigned result");
    case v1::AdjustedScore::kWeighted: {
      const auto& outcomes = a.weighted().outcomes();
      if (outcomes.size() < 2) {
        return absl::InvalidArgumentError(
            "a weighted score (Law 12C1(c)) has two outcomes or more; for "
            "one result assign it");
      }
      if (outcomes.size() > kMaxWeightedOutcomes) {
        return absl::InvalidArgumentError(absl::StrCat(
            "a weighted score (Law 12C1(c)) weighs at most ",
            kMaxWeightedOutcomes, " outcomes; this has ", outcomes.size()));
      }
      core::Rational sum;
      for (const v1::WeightedResult& o : outcomes) {
        TALLY_RETURN_IF_ERROR(CheckResult(o.result(), board, "an outcome"));
        if (o.weight().denominator() <= 0 || o.weight().numerator() <= 0 ||
            o.weight().numerator() > o.weight().denominator()) {
          return absl::InvalidArgumentError(
              "each weight of a weighted score is above 0 and at most 1 "
              "(Law 12C1(c))");
        }
        if (o.weight().denominator() > kMaxWeightDenominator) {
          return absl::InvalidArgumentError(absl::StrCat(
              "a weight of a weighted score (Law 12C1(c)) is a whole "
              "percentage or a simpler fraction (denominator at most ",
              kMaxWeightDenominator, "), not ", o.weight().numerator(), "/",
              o.weight().denominator()));
        }
        TALLY_ASSIGN_OR_RETURN(
            core::Rational weight,
            core::Rational::Checked(o.weight().numerator(),
                                    o.weight().denominator()));
        TALLY_ASSIGN_OR_RETURN(sum, core::Rational::CheckedAdd(sum, weight));
      }
      if (sum != core::Rational(1)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "the weights of a weighted score add up to exactly 1 (Law "
            "12C1(c)); these add up to ",
            sum.numerator(), "/", sum.denominator()));
      }
      return absl::OkStatus();
    }
    case v1::AdjustedScore::kSplit: {
      TALLY_RETURN_IF_ERROR(
          CheckResult(a.split().ns_result(), board, "North-South's result"));
      TALLY_RETURN_IF_ERROR(
          CheckResult(a.split().ew_result(), board, "East-West's result"));
      if (a.split().ns_result().SerializeAsString() ==
          a.split().ew_result().SerializeAsString()) {
        return absl::InvalidArgumentError(
            "a split score gives each side its own result; for the same "
            "result to both, assign it");
      }
      return absl::OkStatus();
    }
    case v1::AdjustedScore::kPerSide:
      return CheckSideAwards(a.per_side());
    case v1::AdjustedScore::KIND_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(
      "say what the adjusted score is: artificial, assigned, weighted, "
      "split or per side");
}

namespace {

// The appeals committee's decision on a table is final, or goes only to the
// further body (SABF TR 7: "right of further appeal to the Management
// Committee"; NSW TR 2.2.3: "no appeal from any decision of the Appeals
// Committee"): no director's ruling supersedes it, nor the ruling it upheld
// or varied, and no new adjusted score goes on the table it decided.
// FailedPrecondition naming the appeal and the clause.
absl::Status RefuseOverCommitteeDecision(const CompetitionState& c,
                                         const v1::RecordRulingRequest& r,
                                         const RulingRecord* superseded) {
  if (superseded == nullptr && !r.has_adjusted()) return absl::OkStatus();
  std::string clause = "SABF TR 7, NSW TR 2.2.3";
  if (const auto& a = c.profile.appeals;
      a.has_value() && !a->further_appeal_clause.empty()) {
    clause =
        a->further_appeal_to.empty()
            ? absl::StrCat("it is final, ", a->further_appeal_clause)
            : absl::StrCat("a further appeal goes to ", a->further_appeal_to,
                           ", ", a->further_appeal_clause);
  }
  const auto refuse = [&](int appeal) {
    return absl::FailedPreconditionError(
        absl::StrCat("appeal ", appeal, " decided board ", r.board(),
                     " at table ", r.table(),
                     ": the appeals committee's decision stands and a "
                     "director's ruling cannot supersede it (",
                     clause, ")"));
  };
  for (const auto& [number, a] : c.appeals) {
    if (!a.decided.has_value() || a.withdrawn.has_value()) continue;
    const v1::AppealLodged& l = a.lodged;
    if (l.session() != r.session() || l.board() != r.board() ||
        l.table() != r.table() || (c.IsTeams() && l.room() != r.room())) {
      continue;
    }
    return refuse(number);
  }
  if (superseded != nullptr && superseded->from_appeal) {
    // A varied decision without a matching lodging cannot happen; the
    // ruling's own flag still says where it came from.
    return refuse(0);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<v1::EventPayload> DecideRecordRuling(
    const State& state, const v1::RecordRulingRequest& request, absl::Time at) {
  TALLY_ASSIGN_OR_RETURN(const TournamentState* tournament,
                         FindTournament(state, request.tournament_id()));
  TALLY_ASSIGN_OR_RETURN(const CompetitionState* c,
                         FindCompetition(state, request.tournament_id(),
                                         request.competition_id()));
  TALLY_RETURN_IF_ERROR(RefuseOnceOfficial(*c));
  const std::vector<RulingRecord>* rulings = nullptr;
  if (c->PlaysMatches()) {
    TALLY_ASSIGN_OR_RETURN(const MatchRoundState* round,
                           FindDrawnRound(*c, request.session()));
    rulings = &round->rulings;
  } else {
    TALLY_ASSIGN_OR_RETURN(
        const SessionState* s,
        FindSession(state, request.tournament_id(), request.competition_id(),
                    request.session()));
    rulings = &s->rulings;
  }
  // NSW TR 12.6(b)'s own form cites its clause unless told otherwise.
  const bool wrong_side = request.has_fouled() &&
                          request.fouled().treatment() == kWrongSideTreatment;
  if (!(wrong_side && request.law().empty())) {
    TALLY_RETURN_IF_ERROR(CheckText(
        "the Law or clause the ruling cites (e.g. Law 12C1(c))",
        request.law()));
  }
  TALLY_RETURN_IF_ERROR(CheckText("the ruling's text", request.text()));
  if (request.board() < 1) {
    return absl::InvalidArgumentError("name the board the ruling is on");
  }

  // NZ LIRG 82C: a corrected ruling names the one it replaces, which must
  // be in force on the same board. (A VP penalty in an event of matches is
  // a PenaltyAwarded and names the PenaltyAwarded it corrects instead.)
  const bool vp_penalty = c->PlaysMatches() && request.has_penalty() &&
                          request.penalty().unit() == v1::SCORE_UNIT_VPS;
  const RulingRecord* superseded = nullptr;
  if (request.supersedes_sequence() != 0 && !vp_penalty) {
    superseded = FindRuling(*rulings, request.supersedes_sequence());
    if (superseded == nullptr ||
        superseded->ruling.board() != request.board()) {
      return absl::NotFoundError(absl::StrCat(
          "event ", request.supersedes_sequence(), " is not a ruling on board ",
          request.board(), " of ", c->PlaysMatches() ? "round " : "session ",
          request.session(), " of '", c->id, "'"));
    }
    if (!InForce(*rulings, request.supersedes_sequence())) {
      return absl::FailedPreconditionError(absl::StrCat(
          "ruling ", request.supersedes_sequence(),
          " was itself superseded; name the ruling in force (NZ LIRG 82C)"));
    }
    TALLY_RETURN_IF_ERROR(
        CheckSupersedesNotPlayed(*c, superseded->ruling, request));
  }
  TALLY_RETURN_IF_ERROR(RefuseOverCommitteeDecision(*c, request, superseded));
  TALLY_RETURN_IF_ERROR(CheckCrossImpsRuling(*c, request));
  if (request.board_not_played() && !request.has_adjusted()) {
    return absl::InvalidArgumentError(
        "a board not played at a table is ruled with an artificial adjusted "
        "score there (Law 12C2(a)), not a penalty or fouled-board treatment");
  }

  v1::EventPayload payload;
  v1::RulingMade* e = payload.mutable_ruling_made();
  switch (request.effect_case()) {
    case v1::RecordRulingRequest::kAdjusted: {
      TALLY_ASSIGN_OR_RETURN(auto sides, SidesAt(*c, request));
      e->set_ns_pair(sides.first);
      e->set_ew_pair(sides.second);
      TALLY_RETURN_IF_ERROR(CheckTableToAdjust(*c, request, Where(request)));
      TALLY_RETURN_IF_ERROR(
          CheckAdjustedScore(request.adjusted(), request.board()));
      TALLY_RETURN_IF_ERROR(CheckSideAwardsScoredIn(*c, request.adjusted()));
      if (c->PlaysMatches()) {
        TALLY_RETURN_IF_ERROR(CheckMatchAdjustment(*c, *rulings, request));
        // Every datum rule: a pairs round's board keeps enough scores.
        TALLY_RETURN_IF_ERROR(CheckMatchRulingLeavesADatum(
            *c, c->rounds.at(request.session()), request));
      } else {
        // ANC SR 16.4 and every datum rule: a board keeps enough scores.
        TALLY_RETURN_IF_ERROR(CheckRulingLeavesADatum(
            *c, c->sessions.at(request.session()), request));
      }
      if (request.adjusted().has_split() &&
          request.non_offending() == v1::SIDE_UNSPECIFIED) {
        return absl::InvalidArgumentError(
            "a split score compares the other tables with the "
            "non-offenders' result (Fouled-board guide, \"Differential "
            "Adjustments\"): name the non-offending side");
      }
      std::optional<AdjustmentInForce> current = AdjustmentAt(
          *rulings, request.board(), request.table(), request.room());
      if (current.has_value() &&
          current->sequence != request.supersedes_sequence()) {
        return absl::FailedPreconditionError(absl::StrCat(
            Where(request), " already has an adjusted score in force (ruling ",
            current->sequence,
            "); a ruling that corrects it names it as the ruling it "
            "supersedes (NZ LIRG 82C)"));
      }
      *e->mutable_adjusted() = request.adjusted();
      break;
    }
    case v1::RecordRulingRequest::kPenalty: {
      const v1::RulingPenalty& p = request.penalty();
      if (p.kind() == v1::PENALTY_KIND_UNSPECIFIED) {
        return absl::InvalidArgumentError(
            "say whether the penalty is procedural (Law 90) or disciplinary "
            "(Law 91)");
      }
      if (p.side() == v1::SIDE_UNSPECIFIED) {
        return absl::InvalidArgumentError(
            "name the side penalised: North-South or East-West");
      }
      if (p.amount().denominator() <= 0 || p.amount().numerator() <= 0) {
        return absl::InvalidArgumentError("a penalty's amount is above 0");
      }
      if (p.amount().denominator() > kMaxPenaltyDenominator ||
          p.amount().numerator() >
              kMaxPenaltyAmount * p.amount().denominator()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "a penalty (Laws 90, 91) is at most ", kMaxPenaltyAmount,
            " in its unit, a fraction of denominator at most ",
            kMaxPenaltyDenominator, " (e.g. 1/4 of a top); not ",
            p.amount().numerator(), "/", p.amount().denominator()));
      }
      TALLY_ASSIGN_OR_RETURN(auto sides, SidesAt(*c, request));
      const int entrant =
          p.side() == v1::SIDE_NORTH_SOUTH ? sides.first : sides.second;
      const bool matchpoints = c->kind == v1::COMPETITION_KIND_MATCHPOINT_PAIRS;
      const bool butler = c->kind == v1::COMPETITION_KIND_BUTLER_PAIRS;
      if (c->PlaysMatches() && (p.unit() == v1::SCORE_UNIT_IMPS ||
                                p.unit() == v1::SCORE_UNIT_MATCHPOINTS)) {
        // An IMP or matchpoint penalty comes off the side's score in this
        // match, before VP conversion
        // (replay/match_scores/match_adjustments.h).
        TALLY_RETURN_IF_ERROR(CheckMatchPenaltyUnit(*c, p.unit()));
      } else if (c->PlaysMatches()) {
        if (p.unit() != v1::SCORE_UNIT_VPS) {
          return absl::InvalidArgumentError(
              "an event of matches takes penalties in VPs off the total "
              "(ANC SR 5.1, appendix: Penalties) or, in the unit its "
              "matches are scored in (IMPs or matchpoints), off the match");
        }
        if (request.supersedes_sequence() != 0 &&
            FindRuling(*rulings, request.supersedes_sequence()) != nullptr) {
          return absl::InvalidArgumentError(absl::StrCat(
              "ruling ", request.supersedes_sequence(),
              " is a ruling at the table; a VP penalty (a PenaltyAwarded) "
              "puts right only an earlier VP penalty (NZ LIRG 82C): "
              "supersede the ruling with a ruling at its table"));
        }
        if (const core::TimeWindowRule* rule = CorrectionPeriod(c->profile)) {
          TALLY_RETURN_IF_ERROR(
              CheckWindow(*tournament, *c, *rule, request, at).status());
        }
        return VpPenalty(state, *c, request, entrant);
      }
      if (c->PlaysMatches()) {
        // an IMP or matchpoint penalty: recorded as the ruling itself
      } else if ((matchpoints && p.unit() != v1::SCORE_UNIT_MATCHPOINTS) ||
          (butler && p.unit() != v1::SCORE_UNIT_IMPS &&
           !(p.unit() == v1::SCORE_UNIT_VPS && c->profile.vp.has_value()))) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", c->id, "' scores in ",
                         matchpoints ? "matchpoints"
                                     : "IMPs (or VPs where its matches "
                                       "are converted)",
                         ": give the penalty in that unit"));
      }
      e->set_ns_pair(sides.first);
      e->set_ew_pair(sides.second);
      *e->mutable_penalty() = p;
      e->mutable_penalty()->set_entrant(entrant);
      break;
    }
    case v1::RecordRulingRequest::kFouled: {
      if (wrong_side) {
        TALLY_ASSIGN_OR_RETURN(*e->mutable_fouled(),
                               WrongSideRuling(*c, *rulings, request));
        TALLY_ASSIGN_OR_RETURN(auto sides, SidesAt(*c, request));
        e->set_ns_pair(sides.first);
        e->set_ew_pair(sides.second);
        break;
      }
      if (c->profile.scoring == core::ScoringMethod::kImpsTwoTables &&
          c->profile.artificial.fouled_board == "guide_match_play" &&
          request.table() != 0) {
        // Fouled-board guide (Match Play): at the match's table, both rooms
        // (replay/match_scores/fouled_matches.h).
        TALLY_ASSIGN_OR_RETURN(
            *e->mutable_fouled(),
            GuideMatchPlayRuling(c->rounds.at(request.session()), request));
        TALLY_ASSIGN_OR_RETURN(auto sides, SidesAt(*c, request));
        e->set_ns_pair(sides.first);  // home
        e->set_ew_pair(sides.second);
        break;
      }
      if (request.fouled().offending_team() != 0 ||
          request.fouled().cards_exchanged() ||
          request.fouled().adjusted_imps() != 0 ||
          !request.fouled().superseded_results().empty()) {
        return absl::InvalidArgumentError(
            "an offending team, cards exchanged, an adjusted score in IMPs "
            "and superseded results belong to the Fouled-board guide's match "
            "play, ruled at a teams match's table");
      }
      if (request.table() != 0) {
        return absl::InvalidArgumentError(
            "a fouled-board treatment is for the whole board: give table 0 "
            "and list the fouled tables");
      }
      std::vector<int> fouled(request.fouled().fouled_tables().begin(),
                              request.fouled().fouled_tables().end());
      std::sort(fouled.begin(), fouled.end());
      if (std::adjacent_find(fouled.begin(), fouled.end()) != fouled.end()) {
        return absl::InvalidArgumentError("a fouled table is listed twice");
      }
      int field_tables = 0;  // the tables that play the board
      if (c->PlaysMatches()) {
        // Swiss and round-robin pairs against a datum
        // (replay/match_scores/fouled_matches.h); teams and matchpoint Swiss
        // refused.
        TALLY_ASSIGN_OR_RETURN(
            field_tables,
            FouledFieldInRound(*c, c->rounds.at(request.session()),
                               request.board(), fouled));
      } else {
        const SessionState& s = c->sessions.at(request.session());
        auto times = s.times_scheduled.find(request.board());
        if (times == s.times_scheduled.end()) {
          return absl::NotFoundError(
              absl::StrCat("session ", request.session(), " of '", c->id,
                           "' does not play board ", request.board()));
        }
        for (int table : fouled) {
          if (!s.slots.contains({table, request.board()})) {
            return absl::NotFoundError(absl::StrCat(
                "board ", request.board(), " is not played at table ", table));
          }
        }
        field_tables = times->second;
      }
      const std::string& rule = c->profile.artificial.fouled_board;
      TALLY_RETURN_IF_ERROR(
          CheckFouledTreatment(rule, request.fouled().treatment(),
                               field_tables, static_cast<int>(fouled.size())));
      TALLY_RETURN_IF_ERROR(CheckFouledScoring(
          c->profile, request.fouled().treatment(), field_tables,
          static_cast<int>(fouled.size()),
          c->PlaysMatches() ? request.session() : 0));
      if (const RulingRecord* current =
              FouledTreatmentAt(*rulings, request.board());
          current != nullptr &&
          current->sequence != request.supersedes_sequence()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "board ", request.board(),
            " already has a fouled-board treatment in force (ruling ",
            current->sequence,
            "); a ruling that corrects it names it as the ruling it "
            "supersedes (NZ LIRG 82C)"));
      }
      *e->mutable_fouled() = request.fouled();
      e->mutable_fouled()->clear_fouled_tables();
      for (int table : fouled) e->mutable_fouled()->add_fouled_tables(table);
      e->mutable_fouled()->set_rule(rule);
      for (const FouledTreatmentChoice& choice : FouledTreatmentsFor(rule)) {
        if (choice.id == request.fouled().treatment()) {
          e->mutable_fouled()->set_rule_clause(std::string(choice.clause));
        }
      }
      break;
    }
    case v1::RecordRulingRequest::EFFECT_NOT_SET:
      return absl::InvalidArgumentError(
          "say what the ruling does: an adjusted score, a penalty or a "
          "fouled-board treatment");
  }
  if (const core::TimeWindowRule* rule = CorrectionPeriod(c->profile)) {
    TALLY_ASSIGN_OR_RETURN(std::optional<absl::Time> closes,
                           CheckWindow(*tournament, *c, *rule, request, at));
    e->set_window_clause(rule->clause);
    if (closes.has_value()) {
      *e->mutable_window_closes_at() = ToTimestamp(*closes);
    }
  }
  e->set_competition_id(request.competition_id());
  e->set_session(request.session());
  e->set_table(request.table());
  e->set_board(request.board());
  e->set_room(request.room());
  e->set_law(wrong_side && request.law().empty()
                 ? std::string(kWrongSideClause)
                 : request.law());
  e->set_text(request.text());
  e->set_supersedes_sequence(request.supersedes_sequence());
  e->set_non_offending(request.non_offending());
  e->set_board_not_played(request.board_not_played());
  return payload;
}

}  // namespace tally::replay
