#include "server/calculator_service.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/adjust/artificial.h"
#include "core/adjust/fouled_board.h"
#include "core/adjust/fouled_board_anc.h"
#include "core/adjust/fouled_board_nsw.h"
#include "core/adjust/multiple_average_plus.h"
#include "core/adjust/weighted_score.h"
#include "core/base/decimal.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "core/carryover/abpc_carryover.h"
#include "core/carryover/finals_carry_forward.h"
#include "core/carryover/itc_carryover.h"
#include "core/datum/datum.h"
#include "core/datum/datum_rule.h"
#include "core/draw/swiss_draw.h"
#include "core/forfeit/forfeit.h"
#include "core/matchplay/round_input.h"
#include "core/matchplay/round_score.h"
#include "core/profile/named_rules.h"
#include "core/scoring/board.h"
#include "core/scoring/contract_score.h"
#include "core/scoring/imps.h"
#include "core/scoring/matchpoints.h"
#include "core/scoring/percentage.h"
#include "core/tiebreak/chains.h"
#include "core/tiebreak/rank.h"
#include "core/tiebreak/tiebreak_entrant.h"
#include "core/vp/half_match.h"
#include "core/vp/vp_scale.h"
#include "replay/butler/fouled_imps_board.h"
#include "replay/butler/fouled_scoring.h"
#include "replay/match_scores/few_comparisons.h"
#include "replay/match_scores/forfeits.h"
#include "replay/match_scores/match_standings.h"
#include "replay/profile/profile_loader.h"
#include "replay/rulings/adjusted_boards.h"
#include "replay/rulings/several_boards.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/fouled_ruling.h"
#include "server/grpc_status.h"
#include "server/read_guard.h"

namespace tally::server {
namespace {

using core::Rational;
using replay::ToProtoDecimal;
using replay::ToProtoFraction;

// ------------------------------------------------------ Reading the input

// Bounds on what a person types, far beyond any bridge quantity, that keep
// core's exact 64-bit arithmetic from overflowing (which would abort).
constexpr int64_t kMaxMagnitude = 1000000;
constexpr int64_t kMaxDenominator = 10000;
constexpr int kMaxScore = 100000;  // |NS score| in total points
constexpr int kMaxTimesPlayed = 10000;
constexpr int64_t kMaxRoundingStep = 10000;
// The ABPC Mixed formula divides differences of three totals: VP totals are
// kept to 2 decimals (as published) so the quotient stays small.
constexpr int64_t kMaxVpTotalDenominator = 100;

// Digits of a number as typed: [+-]DIGITS[.DIGITS] or [+-]DIGITS/DIGITS,
// at most 9 digits a part and 6 decimals, so Rational::Parse cannot
// overflow.
bool PlainNumber(absl::string_view t) {
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) t.remove_prefix(1);
  auto digits = [](absl::string_view part, size_t min, size_t max) {
    if (part.size() < min || part.size() > max) return false;
    for (char c : part) {
      if (!absl::ascii_isdigit(c)) return false;
    }
    return true;
  };
  if (size_t slash = t.find('/'); slash != absl::string_view::npos) {
    return digits(t.substr(0, slash), 1, 9) &&
           digits(t.substr(slash + 1), 1, 9);
  }
  size_t dot = t.find('.');
  if (dot == absl::string_view::npos) return digits(t, 1, 9);
  return digits(t.substr(0, dot), 0, 9) && digits(t.substr(dot + 1), 1, 6);
}

// `text` as an exact number, for the field `what`.
absl::StatusOr<Rational> ParseExact(absl::string_view what,
                                    absl::string_view text,
                                    int64_t max_denominator = kMaxDenominator) {
  absl::string_view t = absl::StripAsciiWhitespace(text);
  if (t.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(what, " is missing"));
  }
  if (!PlainNumber(t)) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " '", text,
                     "' is not a number (expected e.g. 42, -7, 42.495 or "
                     "7/2)"));
  }
  absl::StatusOr<Rational> parsed = Rational::Parse(t);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": ", parsed.status().message()));
  }
  const Rational value = *parsed;
  if (value > Rational(kMaxMagnitude) || value < Rational(-kMaxMagnitude) ||
      value.denominator() > max_denominator) {
    return absl::InvalidArgumentError(absl::StrCat(
        what, " '", text, "' is out of range (at most ", kMaxMagnitude,
        " in size, in steps no finer than 1/", max_denominator, ")"));
  }
  return value;
}

absl::Status CheckScore(absl::string_view what, int score) {
  if (std::abs(static_cast<int64_t>(score)) > kMaxScore) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " ", score, " is not a bridge score (at most ",
                     kMaxScore, " either way)"));
  }
  return absl::OkStatus();
}

absl::Status CheckCount(absl::string_view what, int value, int min, int max) {
  if (value < min || value > max) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, " must be ", min, " to ", max, ", not ", value));
  }
  return absl::OkStatus();
}

core::HalfRounding ToCoreHalf(v1::HalfRounding half,
                              core::HalfRounding default_half) {
  switch (half) {
    case v1::HALF_ROUNDING_AWAY_FROM_ZERO:
      return core::HalfRounding::kAwayFromZero;
    case v1::HALF_ROUNDING_TOWARD_ZERO:
      return core::HalfRounding::kTowardZero;
    case v1::HALF_ROUNDING_UP:
      return core::HalfRounding::kUp;
    case v1::HALF_ROUNDING_DOWN:
      return core::HalfRounding::kDown;
    case v1::HALF_ROUNDING_EVEN:
      return core::HalfRounding::kEven;
    default:
      return default_half;
  }
}

absl::StatusOr<core::Vulnerability> ToCoreVulnerability(v1::Vulnerability v) {
  switch (v) {
    case v1::VULNERABILITY_NONE:
      return core::Vulnerability::kNone;
    case v1::VULNERABILITY_NORTH_SOUTH:
      return core::Vulnerability::kNorthSouth;
    case v1::VULNERABILITY_EAST_WEST:
      return core::Vulnerability::kEastWest;
    case v1::VULNERABILITY_BOTH:
      return core::Vulnerability::kBoth;
    default:
      return absl::InvalidArgumentError(
          "vulnerability is missing: give the board number or the "
          "vulnerability (none, NS, EW or both)");
  }
}

// A refusal from core or from reading the input, as the calculator reports
// every refusal: INVALID_ARGUMENT with the message as written.
grpc::Status Refuse(const absl::Status& status) {
  return ToGrpcStatus(absl::InvalidArgumentError(status.message()));
}

template <typename Response>
grpc::Status Reply(absl::StatusOr<Response> answer, Response* response) {
  if (!answer.ok()) return Refuse(answer.status());
  *response = *std::move(answer);
  return grpc::Status::OK;
}

// ---------------------------------------------------------------- Contract

// Law 22A: a board passed out scores nothing either way; scored as an
// entered result is (replay::NorthSouthScoreOf).
absl::StatusOr<v1::ContractScoreResponse> ScorePassedOut(
    const v1::ContractScoreRequest& r) {
  if (r.has_contract()) {
    return absl::InvalidArgumentError(
        "a board passed out has no contract: give one or the other");
  }
  v1::TableResult result;
  result.mutable_passed_out();
  v1::ContractScoreResponse out;
  int board = 1;
  core::Vulnerability vulnerability;
  if (r.conditions_case() == v1::ContractScoreRequest::kBoard) {
    board = r.board();
    TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                           core::ConditionsForBoard(board));
    vulnerability = conditions.vulnerability;
    out.set_dealer(replay::ToProtoSeat(conditions.dealer));
  } else {
    TALLY_ASSIGN_OR_RETURN(vulnerability,
                           ToCoreVulnerability(r.vulnerability()));
  }
  TALLY_ASSIGN_OR_RETURN(int ns_score,
                         replay::NorthSouthScoreOf(result, board));
  out.set_contract("passed out");
  out.set_result(replay::DescribeResult(result));
  out.set_vulnerability(replay::ToProtoVulnerability(vulnerability));
  out.set_declarer_score(ns_score);
  out.set_north_south_score(ns_score);
  return out;
}

absl::StatusOr<v1::ContractScoreResponse> ScoreContract(
    const v1::ContractScoreRequest& r) {
  if (r.passed_out()) return ScorePassedOut(r);
  const v1::PlayedContract& p = r.contract();
  TALLY_ASSIGN_OR_RETURN(core::Strain strain, replay::ToCoreStrain(p.strain()));
  TALLY_ASSIGN_OR_RETURN(core::Seat declarer, replay::ToCoreSeat(p.declarer()));
  const core::Contract contract{p.level(), strain,
                                replay::ToCoreDoubling(p.doubling())};
  v1::ContractScoreResponse out;
  core::Vulnerability vulnerability;
  if (r.conditions_case() == v1::ContractScoreRequest::kBoard) {
    TALLY_ASSIGN_OR_RETURN(core::BoardConditions conditions,
                           core::ConditionsForBoard(r.board()));
    vulnerability = conditions.vulnerability;
    out.set_dealer(replay::ToProtoSeat(conditions.dealer));
  } else {
    TALLY_ASSIGN_OR_RETURN(vulnerability,
                           ToCoreVulnerability(r.vulnerability()));
  }
  const bool vulnerable = core::IsVulnerable(vulnerability, declarer);
  TALLY_ASSIGN_OR_RETURN(int declarer_score,
                         core::DeclarerScore(contract, vulnerable, p.tricks()));
  TALLY_ASSIGN_OR_RETURN(
      int ns_score,
      core::NorthSouthScore(contract, declarer, vulnerability, p.tricks()));
  v1::TableResult result;
  *result.mutable_played() = p;
  out.set_contract(core::ContractToString(contract));
  out.set_result(replay::DescribeResult(result));
  out.set_vulnerability(replay::ToProtoVulnerability(vulnerability));
  out.set_declarer_vulnerable(vulnerable);
  out.set_declarer_score(declarer_score);
  out.set_north_south_score(ns_score);
  return out;
}

// ------------------------------------------------------------------- Datum

// Every rule core/datum knows, in its order, with a line for the list.
struct DatumRuleLine {
  core::DatumMethod method;
  absl::string_view title;
};
constexpr std::array<DatumRuleLine, 7> kDatumRules = {{
    {core::DatumMethod::kAncSr16_4,
     "ANC SR 16.4 (ABPC Open Stage 1): the (n-6) middle scores"},
    {core::DatumMethod::kAncSr16_11To16_13,
     "ANC SR 16.11-16.13 (ABPC, Swiss Pairs): n-2 middle scores under 15 "
     "tables, n-4 for 15-24, highest and lowest 10% dropped above 24"},
    {core::DatumMethod::kAncSr22_3To22_4,
     "ANC SR 22.3-22.4 (WSP): n-4 middle scores under 24 tables; from 24, "
     "the tables considered less the highest and lowest x/10"},
    {core::DatumMethod::kSabfTr12_1,
     "SABF TR 12.1 (round robin): all scores under 6 tables, else the top "
     "and bottom 16.67% (rounded down) excluded"},
    {core::DatumMethod::kSabfTr12_2,
     "SABF TR 12.2 (Swiss): rounds 1-2 as 12.1, then the top twelve tables "
     "less two at each end"},
    {core::DatumMethod::kAncSr7_2a,
     "ANC SR 7.2(a) (fouled board, each form): two extremes dropped for 3-7 "
     "results, four for more than 7"},
    {core::DatumMethod::kSabfTr12_3,
     "SABF TR 12.3 (fouled board, each form): the two extremes dropped, 3 or "
     "more results"},
}};

v1::DatumScoreRole ToProtoRole(core::ScoreRole role) {
  switch (role) {
    case core::ScoreRole::kUsed:
      return v1::DATUM_SCORE_ROLE_USED;
    case core::ScoreRole::kDroppedHigh:
      return v1::DATUM_SCORE_ROLE_DROPPED_HIGH;
    case core::ScoreRole::kDroppedLow:
      return v1::DATUM_SCORE_ROLE_DROPPED_LOW;
    case core::ScoreRole::kNotInTopTables:
      return v1::DATUM_SCORE_ROLE_NOT_IN_TOP_TABLES;
    case core::ScoreRole::kPendingAppeal:
      return v1::DATUM_SCORE_ROLE_PENDING_APPEAL;
    case core::ScoreRole::kAppealDecided:
      return v1::DATUM_SCORE_ROLE_APPEAL_DECIDED;
  }
  return v1::DATUM_SCORE_ROLE_UNSPECIFIED;
}

absl::StatusOr<v1::DatumResponse> TakeDatum(const v1::DatumRequest& r) {
  TALLY_ASSIGN_OR_RETURN(core::DatumRule rule,
                         core::DatumRuleFromId(r.rule_id()));
  if (r.has_rounding_step()) {
    if (r.rounding_step() < 1 || r.rounding_step() > kMaxRoundingStep) {
      return absl::InvalidArgumentError(
          absl::StrCat("rounding step must be 1 to ", kMaxRoundingStep,
                       ", not ", r.rounding_step()));
    }
    rule.rounding_step = r.rounding_step();
  }
  rule.half = ToCoreHalf(r.half(), rule.half);
  if (r.has_ten_percent_rounding()) {
    TALLY_ASSIGN_OR_RETURN(
        rule.ten_percent_rounding,
        core::ParseTrimCountRounding(r.ten_percent_rounding()));
  }
  if (r.has_sabf_short_field_as_12_1()) {
    rule.sabf_short_field_as_12_1 = r.sabf_short_field_as_12_1();
  }
  if (r.has_pending_appeals()) {
    TALLY_ASSIGN_OR_RETURN(rule.pending_appeals,
                           core::ParsePendingAppealPolicy(r.pending_appeals()));
  }
  core::DatumInput input;
  for (const v1::DatumScore& s : r.scores()) {
    TALLY_RETURN_IF_ERROR(CheckScore("score", s.ns_score()));
    input.scores.push_back({.ns_score = s.ns_score(),
                            .table = s.table(),
                            .pending_appeal = s.pending_appeal(),
                            .appeal_decided = s.appeal_decided()});
  }
  input.match = r.match();
  if (r.has_tables_in_play()) input.tables_in_play = r.tables_in_play();
  input.director_substitutes_pending = r.director_substitutes_pending();
  TALLY_ASSIGN_OR_RETURN(core::DatumResult result,
                         core::ComputeDatum(rule, input));
  v1::DatumResponse out;
  out.set_rule_id(std::string(core::DatumMethodId(rule.method)));
  out.set_datum(result.datum);
  *out.mutable_mean() = ToProtoFraction(result.mean);
  for (size_t i = 0; i < result.roles.size(); ++i) {
    v1::DatumScoreOutcome* o = out.add_scores();
    *o->mutable_score() = r.scores(static_cast<int>(i));
    o->set_role(ToProtoRole(result.roles[i]));
  }
  out.set_considered(result.considered);
  out.set_dropped_each_end(result.dropped_each_end);
  for (int t : result.substitute_tables) out.add_substitute_tables(t);
  out.set_provisional(result.provisional);
  out.set_basis(result.basis);
  return out;
}

// ---------------------------------------------------------- Victory points

v1::VpScale ToProtoScale(const core::VpScaleInfo& info) {
  v1::VpScale s;
  s.set_id(std::string(info.id));
  s.set_clause(std::string(info.clause));
  s.set_title(std::string(info.title));
  s.set_margin_kind(info.margin_kind == core::VpMarginKind::kImps
                        ? v1::VP_MARGIN_KIND_IMPS
                        : v1::VP_MARGIN_KIND_PERCENTAGE);
  return s;
}

// The scale `info` with the ITC loser's reading asked for (ANC SR 10.10,
// core/vp/itc_vp.h); unspecified keeps the scale's default.
core::VpScaleSpec SpecOf(const core::VpScaleInfo& info,
                         v1::ItcLoserRule itc_loser) {
  core::VpScaleSpec spec;
  spec.id = std::string(info.id);
  switch (itc_loser) {
    case v1::ITC_LOSER_RULE_MIRRORED:
      spec.options.itc.loser = core::ItcLoserRule::kMirrored;
      break;
    case v1::ITC_LOSER_RULE_COMPLEMENT_OF_SEVENTY:
      spec.options.itc.loser = core::ItcLoserRule::kComplementOfSeventy;
      break;
    case v1::ITC_LOSER_RULE_THIRTY_FIVE_MINUS_MARGIN:
      spec.options.itc.loser = core::ItcLoserRule::kThirtyFiveMinusMargin;
      break;
    default:
      break;
  }
  return spec;
}

absl::StatusOr<v1::VictoryPointsResponse> ConvertToVps(
    const v1::VictoryPointsRequest& r) {
  TALLY_ASSIGN_OR_RETURN(core::VpScaleInfo info,
                         core::FindVpScale(r.scale_id()));
  TALLY_ASSIGN_OR_RETURN(Rational margin, ParseExact("margin", r.margin()));
  core::VpScaleSpec spec = SpecOf(info, r.itc_loser());
  if (r.has_ipc_vp_places()) spec.options.ipc.vp_places = r.ipc_vp_places();
  if (r.has_mp_swiss_percentage_places()) {
    spec.options.mp_swiss.percentage_places = r.mp_swiss_percentage_places();
  }
  TALLY_ASSIGN_OR_RETURN(core::VpResult vps,
                         core::VpForMargin(spec, margin, r.boards()));
  v1::VictoryPointsResponse out;
  *out.mutable_scale() = ToProtoScale(info);
  *out.mutable_margin() = ToProtoFraction(margin);
  out.set_boards(r.boards());
  *out.mutable_vps() = ToProtoDecimal(vps.vps);
  *out.mutable_opponent_vps() = ToProtoDecimal(vps.opponent_vps);
  if (info.margin_kind == core::VpMarginKind::kImps) {
    TALLY_ASSIGN_OR_RETURN(int64_t blitz, core::BlitzMargin(spec, r.boards()));
    out.set_blitz_margin(blitz);
  }
  return out;
}

// ---------------------------------------------------------- Weighted score

absl::StatusOr<std::vector<core::WeightedOutcome>> ReadOutcomes(
    const v1::WeightedScoreRequest& r) {
  std::vector<core::WeightedOutcome> outcomes;
  int64_t common_denominator = 1;
  for (const v1::WeightedOutcome& o : r.outcomes()) {
    TALLY_RETURN_IF_ERROR(CheckScore("outcome", o.ns_score()));
    TALLY_ASSIGN_OR_RETURN(
        Rational weight,
        ParseExact(absl::StrCat("weight of ", o.ns_score()), o.weight()));
    // Keeps every weighted sum's denominator within kMaxDenominator^2.
    common_denominator = std::lcm(common_denominator, weight.denominator());
    if (common_denominator > kMaxDenominator) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the weights need a common denominator above ", kMaxDenominator,
          ": give them as percentages (0.3) or simple fractions (1/3)"));
    }
    outcomes.push_back({.ns_score = o.ns_score(), .weight = weight});
  }
  return outcomes;
}

absl::StatusOr<v1::WeightedScoreResponse> Weigh(
    const v1::WeightedScoreRequest& r) {
  TALLY_ASSIGN_OR_RETURN(std::vector<core::WeightedOutcome> outcomes,
                         ReadOutcomes(r));
  const core::HalfRounding half =
      ToCoreHalf(r.half(), core::HalfRounding::kAwayFromZero);
  v1::WeightedScoreResponse out;
  switch (r.against_case()) {
    case v1::WeightedScoreRequest::kPairs: {
      std::vector<int> field(r.pairs().other_ns_scores().begin(),
                             r.pairs().other_ns_scores().end());
      for (int s : field) TALLY_RETURN_IF_ERROR(CheckScore("score", s));
      TALLY_ASSIGN_OR_RETURN(
          core::WeightedPairsScore by_frequency,
          core::WeightedMatchpointsByFrequency(field, outcomes, half));
      TALLY_ASSIGN_OR_RETURN(
          core::ManualWeightedScore manual,
          core::WeightedMatchpointsManual(field, outcomes, half));
      v1::WeightedPairsResult* p = out.mutable_pairs();
      p->set_top(by_frequency.top);
      for (const core::WeightedFrequencyRow& row :
           by_frequency.frequency_table) {
        v1::WeightedFrequencyRow* f = p->add_frequency_table();
        f->set_ns_score(row.ns_score);
        *f->mutable_frequency() = ToProtoFraction(row.frequency);
        *f->mutable_matchpoints() = ToProtoFraction(row.matchpoints);
      }
      *p->mutable_exact_ns_matchpoints() =
          ToProtoFraction(by_frequency.exact_ns_matchpoints);
      *p->mutable_ns_matchpoints() =
          ToProtoFraction(by_frequency.ns_matchpoints);
      *p->mutable_ew_matchpoints() =
          ToProtoFraction(by_frequency.ew_matchpoints);
      for (const core::ManualWeightedRow& row : manual.rows) {
        v1::ManualWeightedRow* m = p->add_manual_rows();
        m->set_ns_score(row.ns_score);
        *m->mutable_weight() = ToProtoFraction(row.weight);
        m->set_matchpoints(row.matchpoints);
      }
      *p->mutable_average() = ToProtoFraction(manual.average);
      *p->mutable_ns_correction() = ToProtoFraction(manual.ns_correction);
      return out;
    }
    case v1::WeightedScoreRequest::kReferenceNsScore: {
      TALLY_RETURN_IF_ERROR(
          CheckScore("other room's score", r.reference_ns_score()));
      TALLY_ASSIGN_OR_RETURN(
          core::WeightedImpsScore imps,
          core::WeightedImps(r.reference_ns_score(), outcomes, half));
      v1::WeightedImpsResult* t = out.mutable_imps();
      for (const core::WeightedImpsRow& row : imps.rows) {
        v1::WeightedImpsRow* w = t->add_rows();
        w->set_ns_score(row.ns_score);
        w->set_net(row.net);
        w->set_imps(row.imps);
        *w->mutable_weight() = ToProtoFraction(row.weight);
        *w->mutable_weighted_imps() = ToProtoFraction(row.weighted_imps);
      }
      *t->mutable_exact_ns_imps() = ToProtoFraction(imps.exact_ns_imps);
      t->set_ns_imps(imps.ns_imps);
      return out;
    }
    default:
      return absl::InvalidArgumentError(
          "say what the weighted score is against: the other tables' scores "
          "(pairs) or the other room's score (teams)");
  }
}

// ------------------------------------------------------------ Average plus

constexpr int kMaxAveragePlusTableRows = 64;

absl::StatusOr<v1::AveragePlusResponse> AwardAveragePlus(
    const v1::AveragePlusRequest& r) {
  v1::AveragePlusResponse out;
  out.set_kind(r.kind());
  out.set_boards(r.boards());
  switch (r.kind()) {
    case v1::AVERAGE_PLUS_KIND_IMP_TEAMS:
    case v1::AVERAGE_PLUS_KIND_IMP_PAIRS: {
      TALLY_ASSIGN_OR_RETURN(
          int imps, core::MultipleAveragePlusImps(
                        r.kind() == v1::AVERAGE_PLUS_KIND_IMP_TEAMS
                            ? core::MultipleAveragePlusEvent::kImpTeams
                            : core::MultipleAveragePlusEvent::kImpPairs,
                        r.boards()));
      out.set_match_imps(imps);
      break;
    }
    case v1::AVERAGE_PLUS_KIND_MATCHPOINTS: {
      TALLY_ASSIGN_OR_RETURN(
          core::Decimal above,
          core::MultipleAveragePlusPercentAboveAverage(r.boards()));
      TALLY_ASSIGN_OR_RETURN(
          Rational per_board,
          core::MultipleAveragePlusPercentPerBoard(r.boards()));
      *out.mutable_percent_above_average() = ToProtoDecimal(above);
      *out.mutable_percent_per_board() = ToProtoFraction(per_board);
      break;
    }
    default:
      return absl::InvalidArgumentError(
          "say which kind of event: IMP teams, IMP pairs or matchpoints "
          "(ANC SR appendix, multiple average plus)");
  }
  if (r.boards() <= kMaxAveragePlusTableRows) {
    for (int n = 1; n <= r.boards(); ++n) {
      TALLY_ASSIGN_OR_RETURN(core::MultipleAveragePlusRow row,
                             core::MultipleAveragePlusTableRow(n));
      v1::AveragePlusTableRow* t = out.add_table();
      t->set_boards(row.boards);
      t->set_teams_imps(row.teams_imps);
      t->set_pairs_imps(row.pairs_imps);
      *t->mutable_percent() = ToProtoDecimal(row.percent);
    }
  }
  return out;
}

// ----------------------------------------------------------------- Neuberg

absl::StatusOr<v1::NeubergResponse> Factor(const v1::NeubergRequest& r) {
  // core::NeubergFactor requires both counts >= 1 (it aborts otherwise).
  TALLY_RETURN_IF_ERROR(
      CheckCount("times played (A)", r.times_played(), 1, kMaxTimesPlayed));
  TALLY_RETURN_IF_ERROR(CheckCount("expected times played (E)",
                                   r.expected_times(), 1, kMaxTimesPlayed));
  TALLY_ASSIGN_OR_RETURN(Rational mp,
                         ParseExact("matchpoints", r.matchpoints()));
  const int top = core::MatchpointTop(r.times_played());
  if (mp < Rational(0) || mp > Rational(top)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "matchpoints ", mp.ToString(), " are not on a board played ",
        r.times_played(), " times (top ", top, ")"));
  }
  v1::NeubergResponse out;
  *out.mutable_matchpoints() = ToProtoFraction(mp);
  out.set_times_played(r.times_played());
  out.set_expected_times(r.expected_times());
  out.set_top_played(top);
  out.set_top_expected(core::MatchpointTop(r.expected_times()));
  *out.mutable_factored() = ToProtoFraction(
      core::NeubergFactor(mp, r.times_played(), r.expected_times()));
  return out;
}

// -------------------------------------------------------------- Carry-over

absl::StatusOr<core::FinalsMatch> ToCoreFinalsMatch(v1::FinalsMatch m) {
  switch (m) {
    case v1::FINALS_MATCH_QUALIFYING_FINAL_1:
      return core::FinalsMatch::kQualifyingFinal1;
    case v1::FINALS_MATCH_QUALIFYING_FINAL_2:
      return core::FinalsMatch::kQualifyingFinal2;
    case v1::FINALS_MATCH_SEMI_FINAL_1:
      return core::FinalsMatch::kSemiFinal1;
    case v1::FINALS_MATCH_SEMI_FINAL_2:
      return core::FinalsMatch::kSemiFinal2;
    case v1::FINALS_MATCH_PRELIMINARY_FINAL:
      return core::FinalsMatch::kPreliminaryFinal;
    case v1::FINALS_MATCH_GRAND_FINAL:
      return core::FinalsMatch::kGrandFinal;
    default:
      return absl::InvalidArgumentError("finals match is missing");
  }
}

absl::StatusOr<v1::SabfFinalsPairing> ResolveFinals(
    const v1::SabfFinalsCarryOverRequest& r, std::string* clause) {
  const core::FinalsFormat* format = nullptr;
  switch (r.format()) {
    case v1::FINALS_FORMAT_SABF_FINAL_FOUR:
      format = &core::SabfFinalFour();
      break;
    case v1::FINALS_FORMAT_SABF_FINAL_FIVE:
      format = &core::SabfFinalFive();
      break;
    default:
      return absl::InvalidArgumentError(
          "finals format is missing: the SABF final four (TR 13.11) or "
          "final five (TR 13.12, 17.3)");
  }
  TALLY_ASSIGN_OR_RETURN(core::FinalsMatch match, ToCoreFinalsMatch(r.match()));
  std::map<core::FinalsMatch, std::string> winners;
  for (const v1::FinalsWinner& w : r.winners()) {
    TALLY_ASSIGN_OR_RETURN(core::FinalsMatch played,
                           ToCoreFinalsMatch(w.match()));
    winners[played] = w.team();
  }
  const std::vector<std::string> teams(r.teams_by_qualifying_place().begin(),
                                       r.teams_by_qualifying_place().end());
  TALLY_ASSIGN_OR_RETURN(
      core::FinalsPairing pairing,
      core::ResolveFinalsMatch(*format, match, teams, winners));
  for (const core::FinalsMatchFormat& m : format->matches) {
    if (m.match == match) *clause = m.clause;
  }
  v1::SabfFinalsPairing out;
  out.set_match(std::string(core::FinalsMatchName(match)));
  out.set_holder(pairing.holder);
  out.set_other(pairing.other);
  *out.mutable_carry_forward_imps() = ToProtoFraction(pairing.carry_forward);
  return out;
}

absl::StatusOr<v1::CarryOverResponse> ComputeCarryOver(
    const v1::CarryOverRequest& r) {
  v1::CarryOverResponse out;
  switch (r.kind_case()) {
    case v1::CarryOverRequest::kItcFinal: {
      TALLY_ASSIGN_OR_RETURN(Rational higher,
                             ParseExact("higher placed team's VPs",
                                        r.itc_final().higher_placed_vps()));
      TALLY_ASSIGN_OR_RETURN(Rational lower,
                             ParseExact("lower placed team's VPs",
                                        r.itc_final().lower_placed_vps()));
      TALLY_ASSIGN_OR_RETURN(Rational imps,
                             core::ItcFinalCarryOver(higher, lower));
      out.set_clause("ANC SR 11.2");
      *out.mutable_imps() = ToProtoFraction(imps);
      return out;
    }
    case v1::CarryOverRequest::kAbpcOpenStage3: {
      TALLY_ASSIGN_OR_RETURN(
          Rational vps,
          core::AbpcOpenStage3CarryOver(r.abpc_open_stage3().stage2_place()));
      out.set_clause("ANC SR 18.1, 18.3");
      *out.mutable_vps() = ToProtoFraction(vps);
      return out;
    }
    case v1::CarryOverRequest::kAbpcMixedStage2: {
      const v1::AbpcMixedCarryOverRequest& m = r.abpc_mixed_stage2();
      std::vector<Rational> by_place;
      for (int i = 0; i < m.stage1_vps_by_place_size(); ++i) {
        TALLY_ASSIGN_OR_RETURN(
            Rational vps,
            ParseExact(absl::StrCat("Stage 1 VPs of place ", i + 1),
                       m.stage1_vps_by_place(i), kMaxVpTotalDenominator));
        by_place.push_back(vps);
      }
      TALLY_ASSIGN_OR_RETURN(
          core::Decimal vps,
          core::AbpcMixedCarryOver(
              by_place, m.place(),
              ToCoreHalf(m.half(), core::HalfRounding::kAwayFromZero)));
      out.set_clause("ANC SR 18.2, 18.3");
      *out.mutable_mixed_vps() = ToProtoDecimal(vps);
      return out;
    }
    case v1::CarryOverRequest::kSabfFinals: {
      std::string clause;
      TALLY_ASSIGN_OR_RETURN(v1::SabfFinalsPairing pairing,
                             ResolveFinals(r.sabf_finals(), &clause));
      out.set_clause(clause);
      *out.mutable_finals() = std::move(pairing);
      return out;
    }
    default:
      return absl::InvalidArgumentError(
          "say which carry-over: ITC final (ANC SR 11.2), ABPC Open Stage 3 "
          "(18.1), ABPC Mixed Stage 2 (18.2) or SABF finals (TR 13.11-13.12)");
  }
}

// ------------------------------------------------------- Board matchpoints

// Law 78A: 2 for each other score beaten, 1 for each equal, factored by
// Neuberg to the times expected: replay::AdjustedMatchpoints, the function
// the server scores every pairs session with.
absl::StatusOr<v1::BoardMatchpointsResponse> MatchpointBoard(
    const v1::BoardMatchpointsRequest& r) {
  TALLY_RETURN_IF_ERROR(CheckCount("scores on the board", r.ns_scores_size(), 1,
                                   kMaxTimesPlayed));
  const int played = r.ns_scores_size();
  const int expected = r.expected_times() == 0 ? played : r.expected_times();
  TALLY_RETURN_IF_ERROR(CheckCount("expected times played (E)", expected,
                                   played, kMaxTimesPlayed));
  std::vector<replay::EnteredResult> results(played);
  std::vector<replay::AdjustedTable> tables;
  for (int i = 0; i < played; ++i) {
    TALLY_RETURN_IF_ERROR(CheckScore("score", r.ns_scores(i)));
    results[i].ns_score = r.ns_scores(i);
    results[i].slot.table = i + 1;
  }
  for (const replay::EnteredResult& result : results) {
    tables.push_back({&result, std::nullopt});
  }
  TALLY_ASSIGN_OR_RETURN(auto awards,
                         replay::AdjustedMatchpoints(tables, 1, expected));
  v1::BoardMatchpointsResponse out;
  out.set_times_played(played);
  out.set_expected_times(expected);
  out.set_top(core::MatchpointTop(expected));
  out.set_factored(expected > played);
  const Rational top(core::MatchpointTop(expected));
  auto percent = [&](const Rational& mp) {
    return ToProtoDecimal(
        top == Rational(0)
            ? core::Decimal::Round(Rational(50), 2,
                                   core::HalfRounding::kAwayFromZero)
            : core::Decimal::Round(Rational(100) * mp / top, 2,
                                   core::HalfRounding::kAwayFromZero));
  };
  for (int i = 0; i < played; ++i) {
    v1::BoardMatchpointsRow* row = out.add_rows();
    row->set_ns_score(r.ns_scores(i));
    for (int j = 0; j < played; ++j) {
      if (j == i) continue;
      if (r.ns_scores(i) > r.ns_scores(j)) row->set_beaten(row->beaten() + 1);
      if (r.ns_scores(i) == r.ns_scores(j)) row->set_tied(row->tied() + 1);
    }
    const core::TableAward& award = *awards[i];
    *row->mutable_ns_matchpoints() = ToProtoFraction(award.north_south);
    *row->mutable_ew_matchpoints() = ToProtoFraction(award.east_west);
    *row->mutable_ns_percentage() = percent(award.north_south);
    *row->mutable_ew_percentage() = percent(award.east_west);
  }
  return out;
}

// -------------------------------------------------------------- Half match

absl::StatusOr<v1::HalfMatchResponse> ScoreHalfMatch(
    const v1::HalfMatchRequest& r) {
  TALLY_ASSIGN_OR_RETURN(core::VpScaleInfo info,
                         core::FindVpScale(r.scale_id()));
  TALLY_RETURN_IF_ERROR(
      CheckCount("boards in a full match", r.match_boards(), 2, 1000));
  const core::VpScaleSpec spec = SpecOf(info, r.itc_loser());
  core::HalfMatchOptions options;
  if (!r.reduced_scale_id().empty()) {
    TALLY_ASSIGN_OR_RETURN(core::VpScaleInfo reduced,
                           core::FindVpScale(r.reduced_scale_id()));
    options.reduced_scale = SpecOf(reduced, r.itc_loser());
  }
  TALLY_ASSIGN_OR_RETURN(
      core::VpResult vps,
      core::VpForHalfMatch(spec, r.imp_margin(), r.match_boards(),
                           r.boards_played(), options));
  v1::HalfMatchResponse out;
  const bool doubled = r.match_boards() < 12;  // NSW TR 12.7(a)
  *out.mutable_scale() =
      ToProtoScale(doubled || !options.reduced_scale.has_value()
                       ? info
                       : *core::FindVpScale(r.reduced_scale_id()));
  out.set_imp_margin(r.imp_margin());
  out.set_match_boards(r.match_boards());
  out.set_boards_played(r.boards_played());
  out.set_paragraph(doubled ? "a" : "b");
  out.set_clause(doubled ? "NSW TR 12.7(a)" : "NSW TR 12.7(b)");
  out.set_margin_converted(doubled ? 2 * r.imp_margin() : r.imp_margin());
  out.set_boards_converted(doubled ? r.match_boards() : r.boards_played());
  *out.mutable_vps() = ToProtoDecimal(vps.vps);
  *out.mutable_opponent_vps() = ToProtoDecimal(vps.opponent_vps);
  return out;
}

// ----------------------------------------------------------- Forfeit award

absl::StatusOr<std::vector<core::MatchRecord>> ReadRecords(
    absl::string_view side,
    const google::protobuf::RepeatedPtrField<v1::ForfeitMatchRecord>& in) {
  TALLY_RETURN_IF_ERROR(CheckCount(absl::StrCat("matches of the ", side),
                                   in.size(), 0, kMaxTimesPlayed));
  std::vector<core::MatchRecord> out;
  for (const v1::ForfeitMatchRecord& m : in) {
    core::MatchRecord r;
    TALLY_ASSIGN_OR_RETURN(
        r.own, ParseExact(absl::StrCat("the ", side, "'s score"), m.own(),
                          kMaxVpTotalDenominator));
    if (m.bye()) {
      r.kind = core::MatchKind::kBye;
    } else {
      TALLY_ASSIGN_OR_RETURN(
          r.opponents,
          ParseExact(absl::StrCat("the ", side, "'s opponents' score"),
                     m.opponents(), kMaxVpTotalDenominator));
    }
    out.push_back(r);
  }
  return out;
}

std::string LimbText(core::ForfeitLimb limb) {
  switch (limb) {
    case core::ForfeitLimb::kOwnMean:
      return "own_mean";
    case core::ForfeitLimb::kOffendersOpponents:
      return "offenders_opponents";
    default:
      return "base";
  }
}

// A built-in profile named in a calculator request; INVALID_ARGUMENT, the
// loader's message, for a name it does not know.
absl::StatusOr<core::RegulationProfile> CalculatorProfile(
    const std::string& name) {
  absl::StatusOr<core::RegulationProfile> profile =
      replay::FindBuiltInProfile(name);
  if (!profile.ok()) {
    return absl::InvalidArgumentError(profile.status().message());
  }
  return profile;
}

absl::StatusOr<v1::ForfeitAwardResponse> AwardForfeit(
    const v1::ForfeitAwardRequest& r) {
  TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                         CalculatorProfile(r.regulation_profile()));
  TALLY_ASSIGN_OR_RETURN(std::vector<core::MatchRecord> non_offender,
                         ReadRecords("non-offenders", r.non_offender()));
  TALLY_ASSIGN_OR_RETURN(std::vector<core::MatchRecord> offender,
                         ReadRecords("offenders", r.offender()));
  absl::StatusOr<replay::ForfeitAward> award =
      replay::ForfeitAwardUnder(profile, r.adjusted(), non_offender, offender);
  if (!award.ok()) return absl::InvalidArgumentError(award.status().message());
  v1::ForfeitAwardResponse out;
  out.set_regulation_profile(profile.name);
  out.set_clause(award->clause);
  out.set_in_vps(award->in_vps);
  *out.mutable_non_offender() = ToProtoFraction(award->score.non_offender);
  *out.mutable_offender() = ToProtoFraction(award->score.offender);
  out.set_limb(LimbText(award->score.limb));
  if (award->score.own_mean.has_value()) {
    *out.mutable_own_mean() = ToProtoFraction(*award->score.own_mean);
  }
  if (award->score.offenders_opponents.has_value()) {
    *out.mutable_offenders_opponents() =
        ToProtoFraction(*award->score.offenders_opponents);
  }
  *out.mutable_non_offender_imps() = ToProtoFraction(award->non_offender_imps);
  return out;
}

// ---------------------------------------------------------- Several boards

constexpr int kMaxSeveralBoards = 64;

absl::StatusOr<v1::SeveralBoardsResponse> AwardSeveralBoards(
    const v1::SeveralBoardsRequest& r) {
  TALLY_RETURN_IF_ERROR(CheckCount("boards with average plus (N)", r.boards(),
                                   1, kMaxSeveralBoards));
  std::string method = r.method();
  if (method.empty()) {
    if (r.regulation_profile().empty()) {
      return absl::InvalidArgumentError(
          "give the method (anc_appendix, nsw_tr_12_10) or a profile");
    }
    TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                           CalculatorProfile(r.regulation_profile()));
    method = profile.artificial.several_boards;
  }
  absl::StatusOr<std::optional<replay::SeveralBoardsAward>> award =
      replay::SeveralBoardsAwardUnder(method, r.teams(), r.boards());
  if (!award.ok()) return absl::InvalidArgumentError(award.status().message());
  if (!award->has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", method.empty() ? "per_board" : method,
        "': each board gets its rule's single amount (Law 12C2): use "
        "ArtificialAward (tally calc artificial)"));
  }
  core::RegulationProfile named;
  named.artificial.several_boards = method;
  v1::SeveralBoardsResponse out;
  out.set_method(method);
  out.set_clause((*award)->clause);
  out.set_working((*award)->working);
  out.set_boards(r.boards());
  out.set_teams(r.teams());
  *out.mutable_total() = ToProtoFraction((*award)->total);
  *out.mutable_per_board() =
      ToProtoFraction((*award)->total / Rational(r.boards()));
  for (int k = 0; k < r.boards(); ++k) {
    out.add_whole_imp_shares(static_cast<int>(
        replay::WholeImpShare((*award)->total, k, r.boards()).Floor()));
  }
  if ((*award)->max_imps_for_18_vps.has_value()) {
    out.set_max_imps_for_18_vps(*(*award)->max_imps_for_18_vps);
  }
  out.set_only_without_fault(replay::SeveralBoardsOnlyWithoutFault(named));
  out.set_counts_fouled_two_imps(
      replay::SeveralBoardsCountsFouledTwoImps(named, "two_imps"));
  return out;
}

// --------------------------------------------------------- Few comparisons

constexpr int kMaxBoardsInMatch = 64;

absl::StatusOr<v1::FewComparisonsResponse> JudgeFewComparisons(
    const v1::FewComparisonsRequest& r) {
  TALLY_RETURN_IF_ERROR(CheckCount("boards in the match", r.boards_in_match(),
                                   1, kMaxBoardsInMatch));
  TALLY_RETURN_IF_ERROR(CheckCount("boards compared", r.boards_compared(), 0,
                                   r.boards_in_match()));
  if (r.regulation_profile().empty()) {
    return absl::InvalidArgumentError(
        "give the profile (e.g. anc2025_itc_qualifying)");
  }
  TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                         CalculatorProfile(r.regulation_profile()));
  if (profile.artificial.few_comparisons != replay::kAncSr7_7) {
    return absl::InvalidArgumentError(absl::StrCat(
        "profile ", profile.name,
        " names no rule for a match with few direct comparisons (its "
        "artificial.few_comparisons is empty): such a match is scored on "
        "its boards"));
  }
  TALLY_ASSIGN_OR_RETURN(const bool forfeit,
                         core::AncMatchScoredAsForfeit(r.boards_in_match(),
                                                       r.boards_compared()));
  v1::FewComparisonsResponse out;
  out.set_regulation_profile(profile.name);
  out.set_rule(replay::kAncSr7_7);
  out.set_clause("ANC SR 7.7");
  out.set_working(absl::StrCat(
      "2 x ", r.boards_compared(), " = ", 2 * r.boards_compared(),
      forfeit ? " < " : " >= ", r.boards_in_match(), " boards: ",
      forfeit ? "direct comparisons on less than one half of the boards, "
                "so the match is scored as a forfeit, both sides "
                "non-offending"
              : "at least one half of the boards are compared, so the "
                "match is scored on its boards"));
  out.set_scored_as_forfeit(forfeit);
  if (!forfeit) return out;
  TALLY_ASSIGN_OR_RETURN(const replay::ForfeitOutcome award,
                         replay::BothNonOffendingUnder(profile));
  out.set_scored(award.home_vps.has_value());
  out.set_award_clause(award.clause);
  out.set_award_basis(award.basis);
  if (award.home_vps.has_value()) {
    *out.mutable_each_side_vps() = ToProtoFraction(*award.home_vps);
    *out.mutable_each_side_imps() = ToProtoFraction(award.home_imps);
  }
  return out;
}

// -------------------------------------------------------------- Bye score

constexpr int kMaxBoardsInRound = 64;

// The bye's score as the server scores a round with a bye: the profile's
// bye rule (core::ByeScoreById, as replay/match_scores/match_standings.cc
// reads it) and core::ScoreRound over a round whose only entry is the bye.
absl::StatusOr<v1::ByeScoreResponse> ScoreByeOf(const v1::ByeScoreRequest& r) {
  if (r.regulation_profile().empty()) {
    return absl::InvalidArgumentError(
        "give the profile (e.g. anc2025_itc_qualifying, nsw_swiss_pairs)");
  }
  TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                         CalculatorProfile(r.regulation_profile()));
  if (!profile.forfeit.has_value() || profile.forfeit->bye.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "profile ", profile.name,
        " names no bye rule (forfeit.bye): a bye scores nothing until the "
        "director rules"));
  }
  int boards = r.boards();
  if (boards == 0 && profile.matches.has_value()) {
    boards = profile.matches->boards_per_match;
  }
  TALLY_RETURN_IF_ERROR(
      CheckCount("boards in the round", boards, 1, kMaxBoardsInRound));
  TALLY_ASSIGN_OR_RETURN(
      const core::NamedRule rule,
      core::FindNamedRule(core::ByeRules(), "bye rule", profile.forfeit->bye));
  TALLY_ASSIGN_OR_RETURN(const core::ByeScore bye,
                         core::ByeScoreById(profile.forfeit->bye));
  core::RoundInput round;
  round.round = 1;
  for (int b = 1; b <= boards; ++b) round.boards.push_back(b);
  round.bye = 1;
  absl::StatusOr<core::RoundScore> scored =
      core::ScoreRound(profile, round, bye.imps, bye.vps);
  if (!scored.ok()) {
    return absl::InvalidArgumentError(scored.status().message());
  }
  const core::ByeOutcome& outcome = *scored->bye;
  v1::ByeScoreResponse out;
  out.set_regulation_profile(profile.name);
  out.set_rule(std::string(rule.id));
  out.set_clause(std::string(rule.clause));
  out.set_description(std::string(rule.description));
  out.set_boards(boards);
  *out.mutable_imps() = ToProtoFraction(outcome.imps);
  out.set_fixed_vps(bye.vps.has_value());
  std::string working =
      absl::StrCat(outcome.imps.ToString(), " IMPs for the bye");
  if (!outcome.vps.has_value()) {
    absl::StrAppend(&working, "; the profile converts no matches to VPs");
  } else if (bye.vps.has_value()) {
    absl::StrAppend(&working, " and ", outcome.vps->vps.ToString(),
                    " VPs, fixed by the rule");
  } else {
    TALLY_ASSIGN_OR_RETURN(const core::VpScaleForBoards scale,
                           core::VpScaleForMatch(profile, boards));
    TALLY_ASSIGN_OR_RETURN(const core::VpScaleInfo info,
                           core::FindVpScale(scale.scale.id));
    *out.mutable_scale() = ToProtoScale(info);
    out.set_scale_boards(scale.boards);
    absl::StrAppend(&working, ", converted on the ", scale.scale.id,
                    " scale at ", scale.boards,
                    " boards: ", outcome.vps->vps.ToString(), " VPs");
  }
  if (outcome.vps.has_value()) {
    *out.mutable_vps() = ToProtoDecimal(outcome.vps->vps);
  }
  out.set_working(working);
  return out;
}

// ------------------------------------------------------ Fouled match play

// The Fouled-board guide (Match Play) as the server scores a teams match
// under it (replay/match_scores/match_adjustments.cc ApplyGuideMatchPlay):
// core::GuideMatchPlay's fine or (a)'s IMPs on the match's margin, then the
// margin converted on the profile's scale at the match's length.
absl::StatusOr<v1::FouledMatchPlayResponse> ScoreFouledMatchPlay(
    const v1::FouledMatchPlayRequest& r) {
  TALLY_ASSIGN_OR_RETURN(const core::GuideMatchPlayTreatment treatment,
                         core::GuideMatchPlayTreatmentById(r.treatment()));
  if (!r.offending().empty() && r.offending() != "home" &&
      r.offending() != "away") {
    return absl::InvalidArgumentError(
        "the offending team is home or away (none under (c))");
  }
  TALLY_ASSIGN_OR_RETURN(
      const core::GuideMatchPlayOutcome outcome,
      core::GuideMatchPlay({.treatment = treatment,
                            .offender_named = !r.offending().empty(),
                            .cards_exchanged = r.cards_exchanged(),
                            .adjusted_imps = r.adjusted_imps()}));
  v1::FouledMatchPlayResponse out;
  out.set_rule("guide_match_play");
  out.set_clause(outcome.clause);
  out.set_what(outcome.what);
  out.set_fine_imps(outcome.fine_imps);
  if (outcome.non_offenders_imps.has_value()) {
    out.set_non_offenders_imps(*outcome.non_offenders_imps);
  }
  out.set_redeal(outcome.redeal);
  std::string working = outcome.working;
  if (r.home_imps().empty()) {
    if (!r.regulation_profile().empty()) {
      return absl::InvalidArgumentError(
          "give home's IMPs in the match to convert it on the profile's scale");
    }
    out.set_working(working);
    return out;
  }
  TALLY_ASSIGN_OR_RETURN(const Rational before,
                         ParseExact("home's IMPs", r.home_imps()));
  // Home's side of the margin: (a)'s board and the fine, as the server's
  // ApplyGuideMatchPlay moves it.
  const int sign = r.offending() == "home" ? -1 : 1;
  const Rational after =
      before + Rational(sign * outcome.non_offenders_imps.value_or(0)) +
      Rational(sign * outcome.fine_imps);
  *out.mutable_home_imps_after() = ToProtoFraction(after);
  absl::StrAppend(&working, "; home's IMPs ", before.ToString(), " -> ",
                  after.ToString());
  if (!r.regulation_profile().empty()) {
    TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                           CalculatorProfile(r.regulation_profile()));
    if (profile.artificial.fouled_board != "guide_match_play") {
      return absl::InvalidArgumentError(absl::StrCat(
          "profile ", profile.name, "'s fouled-board rule is ",
          profile.artificial.fouled_board,
          ", not the Fouled-board guide's match play (guide_match_play)"));
    }
    if (!profile.vp.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "profile ", profile.name, " converts no matches to VPs"));
    }
    int boards = r.boards();
    if (boards == 0 && profile.matches.has_value()) {
      boards = profile.matches->boards_per_match;
    }
    TALLY_RETURN_IF_ERROR(
        CheckCount("boards in the match", boards, 1, kMaxBoardsInRound));
    TALLY_ASSIGN_OR_RETURN(const core::VpScaleForBoards scale,
                           core::VpScaleForMatch(profile, boards));
    TALLY_ASSIGN_OR_RETURN(const core::VpScaleInfo info,
                           core::FindVpScale(scale.scale.id));
    TALLY_ASSIGN_OR_RETURN(
        const core::VpResult vps_before,
        core::VpForMargin(scale.scale, before, scale.boards));
    TALLY_ASSIGN_OR_RETURN(const core::VpResult vps_after,
                           core::VpForMargin(scale.scale, after, scale.boards));
    *out.mutable_scale() = ToProtoScale(info);
    out.set_scale_boards(scale.boards);
    *out.mutable_home_vps_before() = ToProtoDecimal(vps_before.vps);
    *out.mutable_away_vps_before() = ToProtoDecimal(vps_before.opponent_vps);
    *out.mutable_home_vps_after() = ToProtoDecimal(vps_after.vps);
    *out.mutable_away_vps_after() = ToProtoDecimal(vps_after.opponent_vps);
    absl::StrAppend(&working, "; on the ", scale.scale.id, " scale at ",
                    scale.boards, " boards: ", vps_before.vps.ToString(), "-",
                    vps_before.opponent_vps.ToString(), " VPs -> ",
                    vps_after.vps.ToString(), "-",
                    vps_after.opponent_vps.ToString());
  }
  out.set_working(working);
  return out;
}

// ------------------------------------------------------ Session percentage

// The clause a profile's percentage rounding follows.
std::string PercentageClause(absl::string_view document, bool rounded) {
  if (document == "SABF TR") return "SABF TR 11.3";
  if (document == "NSW TR") return "NSW TR 11.1";
  if (document.empty()) {
    return rounded ? "SABF TR 11.3 (\"to the nearest two decimal places\")"
                   : "NSW TR 11.1 (placings on exact figures)";
  }
  return std::string(document);
}

absl::StatusOr<v1::SessionPercentageResponse> Percentage(
    const v1::SessionPercentageRequest& r) {
  TALLY_ASSIGN_OR_RETURN(Rational mp, ParseExact("matchpoints", r.matchpoints()));
  if (!r.penalties().empty()) {
    TALLY_ASSIGN_OR_RETURN(Rational penalties,
                           ParseExact("penalties", r.penalties()));
    mp -= penalties;
  }
  if (r.maximum() < 1 || r.maximum() > kMaxMagnitude) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the maximum (the sum of the tops of the boards played) must be 1 "
        "to ",
        kMaxMagnitude, ", not ", r.maximum()));
  }
  std::optional<int> places;
  core::HalfRounding half =
      ToCoreHalf(r.half(), core::HalfRounding::kAwayFromZero);
  std::string document;
  if (!r.regulation_profile().empty()) {
    TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                           CalculatorProfile(r.regulation_profile()));
    places = profile.rounding.session_percentage_places;
    half = profile.rounding.session_percentage_half;
    document = profile.source.document;
  } else if (!r.exact()) {
    places = r.places() == 0 ? 2 : r.places();
  }
  absl::StatusOr<core::PairPercentage> p =
      core::PairSessionPercentage(mp, r.maximum(), places, half);
  if (!p.ok()) return absl::InvalidArgumentError(p.status().message());
  v1::SessionPercentageResponse out;
  *out.mutable_matchpoints() = ToProtoFraction(mp);
  out.set_maximum(r.maximum());
  *out.mutable_exact() = ToProtoFraction(p->exact);
  *out.mutable_published() = ToProtoDecimal(p->published);
  *out.mutable_ranking() = ToProtoFraction(p->ranking);
  out.set_rounded(places.has_value());
  out.set_clause(PercentageClause(document, places.has_value()));
  return out;
}

// -------------------------------------------------------------- Swiss draw

constexpr int kMaxDrawEntrants = 500;

absl::StatusOr<v1::SwissDrawResponse> DrawSwiss(const v1::SwissDrawRequest& r) {
  if (r.ranking_size() > kMaxDrawEntrants) {
    return absl::InvalidArgumentError(
        absl::StrCat("at most ", kMaxDrawEntrants, " entrants"));
  }
  core::SwissDrawInput input;
  input.round = r.round();
  input.seed = r.seed();
  std::vector<std::string> clauses;
  for (const v1::SwissDrawEntrant& e : r.ranking()) {
    Rational score;
    if (!e.score().empty()) {
      TALLY_ASSIGN_OR_RETURN(
          score, ParseExact(absl::StrCat(e.entrant(), "'s score"), e.score()));
    }
    input.ranking.push_back({e.entrant(), score});
  }
  for (const v1::SwissDrawMeeting& m : r.meetings()) {
    input.meetings.push_back({m.round(), m.a(), m.b()});
  }
  for (const v1::SwissDrawBye& b : r.byes()) {
    input.byes.push_back({b.round(), b.entrant()});
  }
  core::SwissDrawOptions& o = input.options;
  if (r.round() == 1) {
    o.first_round =
        r.first_round() == v1::SWISS_FIRST_ROUND_TOP_HALF_V_BOTTOM_HALF
            ? core::FirstRound::kTopHalfVersusBottomHalf
            : core::FirstRound::kQuarters;
    clauses.push_back(
        o.first_round == core::FirstRound::kQuarters
            ? "SABF TR 14.1 (round one: top and bottom quarters drawn at "
              "random against the middle quarters)"
            : "SABF TR 14.1 (round one: \"each team plays the team numbered "
              "N/2 more or less than them\")");
  } else {
    clauses.push_back(
        "SABF TR 14.1 (down the ranking, the clash procedure where two have "
        "met)");
  }
  switch (r.odd_field()) {
    case v1::SWISS_ODD_FIELD_BYE:
      o.odd_field = core::OddField::kBye;
      break;
    case v1::SWISS_ODD_FIELD_HALF_MATCHES:
      o.odd_field = core::OddField::kHalfMatches;
      break;
    default:
      o.odd_field = core::OddField::kShareMatch;
  }
  if (r.ranking_size() % 2 == 1) {
    clauses.push_back(o.odd_field == core::OddField::kShareMatch
                          ? "SABF TR 14.1 (a share match of three teams with "
                            "similar scores, not of the top half)"
                      : o.odd_field == core::OddField::kHalfMatches
                          ? "NSW TR 12.7 (half matches at one table)"
                          : "a bye to the entrant with the fewest byes, the "
                            "lowest ranked first (tally's reading)");
  }
  o.home = r.home() == v1::SWISS_HOME_BY_LOT ? core::HomeRule::kByLot
                                             : core::HomeRule::kHigherRankedHome;
  if (o.home == core::HomeRule::kByLot) {
    clauses.push_back("SABF TR 13.6 (home decided by lot)");
  }
  if (r.modified_swiss()) {
    o.repeats = core::RepeatRule::kModifiedSwiss;
    o.total_rounds = r.total_rounds();
    clauses.push_back("ANC SR appendix (Modified Swiss Format)");
  } else {
    o.total_rounds = r.total_rounds();
  }
  absl::StatusOr<core::Draw> draw = core::DrawSwissRound(input);
  if (!draw.ok()) return absl::InvalidArgumentError(draw.status().message());
  v1::SwissDrawResponse out;
  out.set_round(draw->round);
  for (const core::DrawnMatch& m : draw->matches) {
    v1::SwissDrawMatch* x = out.add_matches();
    x->set_table(m.table);
    x->set_home(m.home);
    x->set_away(m.away);
    x->set_adjusted(std::find(draw->adjusted_tables.begin(),
                              draw->adjusted_tables.end(),
                              m.table) != draw->adjusted_tables.end());
  }
  if (const auto& s = draw->share) {
    out.mutable_share()->set_table(s->table);
    out.mutable_share()->set_a(s->a);
    out.mutable_share()->set_b(s->b);
    out.mutable_share()->set_c(s->c);
  }
  if (const auto& g = draw->half_matches) {
    out.mutable_half_matches()->set_table(g->table);
    out.mutable_half_matches()->set_pivot(g->pivot);
    out.mutable_half_matches()->set_first(g->first);
    out.mutable_half_matches()->set_second(g->second);
  }
  if (draw->bye.has_value()) out.set_bye(*draw->bye);
  for (std::string& c : clauses) out.add_clauses(std::move(c));
  return out;
}

// --------------------------------------------------------- Tie-break chain

constexpr int kMaxTieBreakEntrants = 500;

// `text` as an exact number, or `otherwise` when empty.
absl::StatusOr<Rational> ExactOr(absl::string_view what,
                                 absl::string_view text,
                                 const Rational& otherwise) {
  if (absl::StripAsciiWhitespace(text).empty()) return otherwise;
  return ParseExact(what, text);
}

absl::StatusOr<core::TieBreakEntrant> ReadTieBreakEntrant(
    const v1::TieBreakEntrantInput& in) {
  core::TieBreakEntrant e;
  e.id = in.entrant();
  const std::string who = absl::StrCat(in.entrant(), "'s ");
  TALLY_ASSIGN_OR_RETURN(e.score,
                         ParseExact(absl::StrCat(who, "score"), in.score()));
  if (!in.vps().empty()) {
    TALLY_ASSIGN_OR_RETURN(e.vps, ParseExact(absl::StrCat(who, "VPs"), in.vps()));
  }
  TALLY_ASSIGN_OR_RETURN(
      e.fines, ExactOr(absl::StrCat(who, "fines"), in.fines(), Rational(0)));
  TALLY_ASSIGN_OR_RETURN(e.carry_over,
                         ExactOr(absl::StrCat(who, "carry-over"),
                                 in.carry_over(), Rational(0)));
  for (const v1::TieBreakMatchInput& m : in.matches()) {
    core::TieBreakMatch match;
    match.round = m.round();
    match.opponent = m.opponent();
    const std::string where = absl::StrCat(who, "round ", m.round(), " ");
    TALLY_ASSIGN_OR_RETURN(match.score,
                           ParseExact(absl::StrCat(where, "score"), m.score()));
    if (!m.opponent_score().empty()) {
      TALLY_ASSIGN_OR_RETURN(
          match.opponent_score,
          ParseExact(absl::StrCat(where, "opponent's score"),
                     m.opponent_score()));
    }
    TALLY_ASSIGN_OR_RETURN(
        match.imps,
        ExactOr(absl::StrCat(where, "IMPs"), m.imps(), Rational(0)));
    if (!m.blitz_margin().empty()) {
      TALLY_ASSIGN_OR_RETURN(
          match.blitz_margin,
          ParseExact(absl::StrCat(where, "20-0 margin"), m.blitz_margin()));
    }
    e.matches.push_back(std::move(match));
  }
  for (const v1::TieBreakSessionInput& session : in.sessions()) {
    TALLY_ASSIGN_OR_RETURN(
        Rational percentage,
        ParseExact(absl::StrCat(who, "session percentage"),
                   session.percentage()));
    e.sessions.push_back({percentage, !session.not_played()});
  }
  if (in.playoff_place() > 0) e.playoff_place = in.playoff_place();
  if (in.lot() > 0) e.lot = in.lot();
  return e;
}

absl::StatusOr<v1::TieBreakRankingResponse> RankByChain(
    const v1::TieBreakRankingRequest& r) {
  absl::StatusOr<core::TieBreakChainSpec> chain;
  if (!r.chain().empty()) {
    chain = core::FindTieBreakChainSpec(r.chain());
  } else {
    // The event's own chain, as its standings rank
    // (replay/match_scores/match_standings.h).
    absl::StatusOr<core::RegulationProfile> profile =
        replay::FindBuiltInProfile(r.regulation_profile());
    if (!profile.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "give a chain id, or a profile and purpose: ",
          profile.status().message()));
    }
    std::optional<core::TieBreakPurpose> purpose;
    for (core::TieBreakPurpose p :
         {core::TieBreakPurpose::kDraw, core::TieBreakPurpose::kQualification,
          core::TieBreakPurpose::kFinalPlacing}) {
      if (core::TieBreakPurposeId(p) == r.purpose()) purpose = p;
    }
    if (!purpose.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("purpose '", r.purpose(),
                       "': draw, qualification or final_placing"));
    }
    std::optional<core::TieBreakChain> own =
        replay::TieBreakChainFor(*profile, *purpose);
    chain = core::ChainSpecFromCriteria(
        own.has_value() ? own->criteria : std::vector<std::string>(),
        own.has_value() ? own->clause : "", profile->tie_breaks.tie_within);
    if (chain.ok()) {
      chain->id = absl::StrCat(r.regulation_profile(), " ", r.purpose());
      chain->title = absl::StrCat("the profile's chain for the ", r.purpose(),
                                  own.has_value() ? "" : " (none: ties share)");
      chain->score = "the event's ranking score";
    }
  }
  if (!chain.ok()) return absl::InvalidArgumentError(chain.status().message());
  if (r.entrants_size() > kMaxTieBreakEntrants) {
    return absl::InvalidArgumentError(
        absl::StrCat("at most ", kMaxTieBreakEntrants, " entrants"));
  }
  std::vector<core::TieBreakEntrant> field;
  for (const v1::TieBreakEntrantInput& in : r.entrants()) {
    TALLY_ASSIGN_OR_RETURN(core::TieBreakEntrant e, ReadTieBreakEntrant(in));
    field.push_back(std::move(e));
  }
  core::TieBreakOptions options;
  options.incomplete_movement = r.incomplete_movement();
  absl::StatusOr<core::TieBreakResult> result =
      core::RankWithTieBreaks(*chain, field, options);
  if (!result.ok()) return absl::InvalidArgumentError(result.status().message());
  v1::TieBreakRankingResponse out;
  out.set_chain(chain->id);
  out.set_clause(chain->clause);
  out.set_title(chain->title);
  out.set_score(chain->score);
  for (const core::TieBreakStep& step : chain->steps) {
    v1::TieBreakChainStep* s = out.add_steps();
    s->set_criterion(step.criterion);
    s->set_clause(step.clause);
  }
  for (const core::Placing& p : result->placings) {
    v1::TieBreakPlacing* x = out.add_placings();
    x->set_entrant(p.id);
    x->set_position(p.position);
    x->set_decided_by(core::PlaceDecisionText(p));
    x->set_clause(p.clause);
    x->set_tied_on_score(p.tied_on_score);
  }
  for (const core::PendingDecision& d : result->pending) {
    v1::TieBreakPending* x = out.add_pending();
    x->set_criterion(d.criterion);
    x->set_clause(d.clause);
    for (const std::string& e : d.entrants) x->add_entrants(e);
  }
  return out;
}

// ------------------------------------------------------------ Fouled board

absl::StatusOr<v1::FouledBoardResponse> ScoreFouled(
    const v1::FouledBoardRequest& r) {
  const std::vector<int> true_scores(r.ns_scores().begin(),
                                     r.ns_scores().end());
  const std::vector<int> fouled_scores(r.other_ns_scores().begin(),
                                       r.other_ns_scores().end());
  for (const std::vector<int>* form : {&true_scores, &fouled_scores}) {
    for (int score : *form) TALLY_RETURN_IF_ERROR(CheckScore("score", score));
  }
  const int tables = static_cast<int>(true_scores.size() + fouled_scores.size());
  TALLY_RETURN_IF_ERROR(CheckCount("scores in all", tables, 2, kMaxTimesPlayed));
  v1::FouledBoardResponse out;
  out.set_rule(r.rule());
  core::FouledBoardAwards awards;
  int expected = tables;
  if (r.rule() == "nsw_tr_7_3_2") {
    // As replay/butler/fouled_scoring.h scores a matchpoint board under it.
    absl::StatusOr<core::NswMatchpointFouledResult> nsw =
        core::NswFouledMatchpointBoard(true_scores, fouled_scores);
    if (!nsw.ok()) return absl::InvalidArgumentError(nsw.status().message());
    out.set_clause("NSW TR 7.3.2");
    out.set_treatment(nsw->separate_deal ? "separate_deal" : "sixty_percent");
    awards = std::move(nsw->awards);
  } else if (r.rule() == "guide_ranking_play") {
    if (r.expected() != 0) expected = r.expected();
    TALLY_RETURN_IF_ERROR(
        CheckCount("expected times played (E)", expected, tables,
                   kMaxTimesPlayed));
    absl::StatusOr<std::vector<std::vector<core::TableAward>>> groups =
        core::FactorFouledGroups({true_scores, fouled_scores}, expected,
                                 core::HalfRounding::kAwayFromZero);
    if (!groups.ok()) {
      return absl::InvalidArgumentError(groups.status().message());
    }
    out.set_clause("Fouled-board guide (Ranking Play)");
    out.set_treatment("factored");
    awards.true_group = std::move((*groups)[0]);
    awards.fouled_group = std::move((*groups)[1]);
  } else {
    return absl::InvalidArgumentError(absl::StrCat(
        "rule '", r.rule(),
        "': nsw_tr_7_3_2 or guide_ranking_play (the 60% rules of ANC SR 7.4 "
        "and SABF TR 11.9 are artificial scores: tally calc artificial)"));
  }
  out.set_top(static_cast<int>(core::MatchpointTop(expected)));
  auto add = [&](const std::vector<int>& scores,
                 const std::vector<core::TableAward>& a, bool fouled) {
    for (size_t i = 0; i < scores.size() && i < a.size(); ++i) {
      v1::FouledBoardRow* row = out.add_rows();
      row->set_fouled(fouled);
      row->set_ns_score(scores[i]);
      *row->mutable_ns() = ToProtoFraction(a[i].north_south);
      *row->mutable_ew() = ToProtoFraction(a[i].east_west);
    }
  };
  add(true_scores, awards.true_group, false);
  add(fouled_scores, awards.fouled_group, true);
  return out;
}

// ----------------------------------------------------- Fouled Butler board

v1::FouledFormDatum ToProtoFormDatum(const core::DatumResult& d) {
  v1::FouledFormDatum out;
  out.set_datum(d.datum);
  *out.mutable_mean() = ToProtoFraction(d.mean);
  out.set_considered(d.considered);
  out.set_dropped_each_end(d.dropped_each_end);
  out.set_provisional(d.provisional);
  out.set_basis(d.basis);
  return out;
}

// As replay/butler/fouled_scoring.h scores a Butler board (or a pairs
// match round's) under a fouled-board ruling, with the checks decide makes
// before recording one (replay::CheckFouledTreatment, CheckFouledScoring).
absl::StatusOr<v1::FouledButlerBoardResponse> ScoreFouledButler(
    const v1::FouledButlerBoardRequest& r) {
  core::RegulationProfile named;
  if (!r.regulation_profile().empty()) {
    TALLY_ASSIGN_OR_RETURN(const core::RegulationProfile profile,
                           CalculatorProfile(r.regulation_profile()));
    named = profile;
  }
  if (!r.rule().empty()) named.artificial.fouled_board = r.rule();
  if (!r.datum_rule_id().empty()) {
    TALLY_ASSIGN_OR_RETURN(named.datum,
                           core::DatumRuleFromId(r.datum_rule_id()));
  }
  const std::string rule_id = named.artificial.fouled_board;
  if (rule_id.empty() || !named.datum.has_value()) {
    return absl::InvalidArgumentError(
        "give the fouled-board rule (nsw_tr_7_1_1, anc_sr_7_2, "
        "sabf_tr_12_3) and the event's datum rule (ListDatumRules), or a "
        "Butler profile naming both");
  }
  std::vector<replay::FouledImpsResult> results;
  bool numbered = false;
  for (const auto* form : {&r.true_scores(), &r.fouled_scores()}) {
    for (const v1::DatumScore& s : *form) {
      TALLY_RETURN_IF_ERROR(CheckScore("score", s.ns_score()));
      numbered = numbered || s.table() != 0;
      results.push_back({.score = {.ns_score = s.ns_score(),
                                   .table = s.table(),
                                   .pending_appeal = s.pending_appeal(),
                                   .appeal_decided = s.appeal_decided()},
                         .fouled = form == &r.fouled_scores()});
    }
  }
  if (!numbered) {
    for (size_t i = 0; i < results.size(); ++i) {
      results[i].score.table = static_cast<int>(i) + 1;
    }
  }
  const int given = static_cast<int>(results.size());
  replay::FouledImpsInput input;
  input.results = results;
  input.fouled_tables = r.fouled_scores_size();
  input.tables_in_play = r.has_tables_in_play() ? r.tables_in_play() : given;
  input.match = r.match();
  TALLY_RETURN_IF_ERROR(CheckCount("tables in play", input.tables_in_play,
                                   std::max(given, 2), kMaxTimesPlayed));
  TALLY_RETURN_IF_ERROR(CheckCount("match", input.match, 0, kMaxTimesPlayed));
  // The refusals decide gives before recording the ruling.
  TALLY_RETURN_IF_ERROR(replay::CheckFouledTreatment(
      rule_id, r.treatment(), input.tables_in_play, input.fouled_tables));
  TALLY_RETURN_IF_ERROR(
      replay::CheckFouledScoring(named, r.treatment(), input.tables_in_play,
                                 input.fouled_tables, input.match));
  const std::optional<replay::FouledImpsRule> rule =
      replay::FouledImpsRuleFor(rule_id, r.treatment(), *named.datum);
  if (!rule.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "'", rule_id, "' '", r.treatment(),
        "' is not a treatment of a board IMPed against a datum (the "
        "matchpoint rules: tally calc fouled; SABF TR 12.3's no_consequence "
        "is scored as played: tally calc datum)"));
  }
  TALLY_ASSIGN_OR_RETURN(replay::FouledImpsBoard board,
                         replay::ScoreFouledImps(*rule, input));
  v1::FouledButlerBoardResponse out;
  out.set_rule(rule_id);
  out.set_treatment(r.treatment());
  for (const replay::FouledTreatmentChoice& c :
       replay::FouledTreatmentsFor(rule_id)) {
    if (c.id != r.treatment()) continue;
    out.set_clause(std::string(c.clause));
    out.set_what(std::string(c.what));
  }
  out.set_datum_rule_id(
      std::string(core::DatumMethodId(rule->form_rule.method)));
  out.set_tables_in_play(input.tables_in_play);
  *out.mutable_true_datum() = ToProtoFormDatum(board.true_datum);
  if (board.fouled_datum.has_value()) {
    *out.mutable_fouled_datum() = ToProtoFormDatum(*board.fouled_datum);
  }
  if (rule->kind == replay::FouledImpsKind::kNswSeparateDatum) {
    *out.mutable_true_mean_imps() = ToProtoFraction(board.true_mean_imps);
    *out.mutable_fouled_mean_imps() = ToProtoFraction(board.fouled_mean_imps);
  }
  out.set_adjustment(board.adjustment);
  for (size_t i = 0; i < results.size(); ++i) {
    v1::FouledButlerBoardRow* row = out.add_rows();
    row->set_fouled(results[i].fouled);
    const int index = static_cast<int>(i);
    *row->mutable_score() = index < r.true_scores_size()
                                ? r.true_scores(index)
                                : r.fouled_scores(index - r.true_scores_size());
    row->mutable_score()->set_table(results[i].score.table);
    row->set_ns_imps(board.lines[i].ns_imps);
    row->set_ew_imps(board.lines[i].ew_imps);
    if (board.lines[i].role.has_value()) {
      row->set_role(ToProtoRole(*board.lines[i].role));
    }
  }
  return out;
}

// -------------------------------------------------------- Artificial award

absl::StatusOr<v1::ArtificialAwardResponse> AwardArtificial(
    const v1::ArtificialAwardRequest& r) {
  core::Artificial award;
  switch (r.award()) {
    case v1::ARTIFICIAL_KIND_AVERAGE_MINUS:
      award = core::Artificial::kAverageMinus;
      break;
    case v1::ARTIFICIAL_KIND_AVERAGE:
      award = core::Artificial::kAverage;
      break;
    case v1::ARTIFICIAL_KIND_AVERAGE_PLUS:
      award = core::Artificial::kAveragePlus;
      break;
    default:
      return absl::InvalidArgumentError(
          "say which award: average, average plus or average minus");
  }
  std::optional<Rational> session;
  if (!r.session_average().empty()) {
    TALLY_ASSIGN_OR_RETURN(session,
                           ParseExact("session average", r.session_average()));
  }
  v1::ArtificialAwardResponse out;
  out.set_rule_id(r.rule_id());
  auto describe = [&](absl::Span<const core::NamedRule> rules) {
    for (const core::NamedRule& rule : rules) {
      if (rule.id == r.rule_id()) {
        out.set_clause(std::string(rule.clause));
        out.set_description(std::string(rule.description));
        return true;
      }
    }
    return false;
  };
  if (describe(core::ArtificialImpsRules())) {
    TALLY_RETURN_IF_ERROR(CheckCount(
        "boards in the match",
        r.boards_in_match() == 0 ? 1 : r.boards_in_match(), 1, 1000));
    TALLY_ASSIGN_OR_RETURN(
        core::ArtificialImpsRule rule,
        core::ArtificialImpsRuleById(
            r.rule_id(), r.boards_in_match() == 0 ? 1 : r.boards_in_match()));
    if (r.rule_id() == "teams_by_match_length" && r.boards_in_match() == 0) {
      return absl::InvalidArgumentError(
          "teams_by_match_length needs the boards in the match (NZ LIRG Law "
          "86A: 2 IMPs under 11 boards, NSW TR 7.2: 3 from 11)");
    }
    TALLY_ASSIGN_OR_RETURN(Rational imps,
                           core::ArtificialImps(award, rule, session));
    *out.mutable_imps() = ToProtoFraction(imps);
    return out;
  }
  if (describe(core::ArtificialMatchpointRules())) {
    TALLY_RETURN_IF_ERROR(
        CheckCount("the board's top", r.top(), 0, 2 * (kMaxTimesPlayed - 1)));
    TALLY_ASSIGN_OR_RETURN(core::ArtificialMatchpointRule rule,
                           core::ArtificialMatchpointRuleById(r.rule_id()));
    TALLY_ASSIGN_OR_RETURN(Rational percent,
                           core::ArtificialPercent(award, rule, session));
    TALLY_ASSIGN_OR_RETURN(Rational mp, core::ArtificialMatchpoints(
                                            award, r.top(), rule, session));
    out.set_matchpoints(true);
    *out.mutable_percent() = ToProtoFraction(percent);
    *out.mutable_awarded_matchpoints() = ToProtoFraction(mp);
    return out;
  }
  std::vector<std::string> ids;
  for (const core::NamedRule& rule : core::ArtificialImpsRules()) {
    ids.emplace_back(rule.id);
  }
  for (const core::NamedRule& rule : core::ArtificialMatchpointRules()) {
    ids.emplace_back(rule.id);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown artificial-score rule '", r.rule_id(),
                   "'; the rules: ", absl::StrJoin(ids, ", ")));
}

}  // namespace

grpc::Status CalculatorService::SeveralBoards(
    grpc::ServerContext* context, const v1::SeveralBoardsRequest* request,
    v1::SeveralBoardsResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.SeveralBoards", nullptr,
                   *request, [&]() -> grpc::Status {
    return Reply(AwardSeveralBoards(*request), response);
  });
}

grpc::Status CalculatorService::SessionPercentage(
    grpc::ServerContext* context, const v1::SessionPercentageRequest* request,
    v1::SessionPercentageResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.SessionPercentage", nullptr,
                   *request, [&]() -> grpc::Status {
    return Reply(Percentage(*request), response);
  });
}

grpc::Status CalculatorService::SwissDraw(grpc::ServerContext* context,
                                          const v1::SwissDrawRequest* request,
                                          v1::SwissDrawResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.SwissDraw", nullptr,
                   *request, [&]() -> grpc::Status {
    return Reply(DrawSwiss(*request), response);
  });
}

grpc::Status CalculatorService::TieBreakRanking(
    grpc::ServerContext* context, const v1::TieBreakRankingRequest* request,
    v1::TieBreakRankingResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.TieBreakRanking", nullptr,
                   *request, [&]() -> grpc::Status {
    return Reply(RankByChain(*request), response);
  });
}

grpc::Status CalculatorService::FouledBoard(
    grpc::ServerContext* context, const v1::FouledBoardRequest* request,
    v1::FouledBoardResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.FouledBoard", nullptr,
                   *request, [&]() -> grpc::Status {
    return Reply(ScoreFouled(*request), response);
  });
}

grpc::Status CalculatorService::FouledButlerBoard(
    grpc::ServerContext* context, const v1::FouledButlerBoardRequest* request,
    v1::FouledButlerBoardResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.FouledButlerBoard",
                   nullptr, *request, [&]() -> grpc::Status {
    return Reply(ScoreFouledButler(*request), response);
  });
}

grpc::Status CalculatorService::FewComparisons(
    grpc::ServerContext* context, const v1::FewComparisonsRequest* request,
    v1::FewComparisonsResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.FewComparisons", nullptr,
                   *request, [&]() -> grpc::Status {
    return Reply(JudgeFewComparisons(*request), response);
  });
}

grpc::Status CalculatorService::ByeScore(grpc::ServerContext* context,
                                         const v1::ByeScoreRequest* request,
                                         v1::ByeScoreResponse* response) {
  return GuardCall(
      context, gate_, "CalculatorService.ByeScore", nullptr, *request,
      [&]() -> grpc::Status { return Reply(ScoreByeOf(*request), response); });
}

grpc::Status CalculatorService::FouledMatchPlay(
    grpc::ServerContext* context, const v1::FouledMatchPlayRequest* request,
    v1::FouledMatchPlayResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.FouledMatchPlay", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(ScoreFouledMatchPlay(*request), response);
                   });
}

grpc::Status CalculatorService::ArtificialAward(
    grpc::ServerContext* context, const v1::ArtificialAwardRequest* request,
    v1::ArtificialAwardResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.ArtificialAward", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(AwardArtificial(*request), response);
                   });
}

grpc::Status CalculatorService::ForfeitAward(
    grpc::ServerContext* context, const v1::ForfeitAwardRequest* request,
    v1::ForfeitAwardResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.ForfeitAward", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(AwardForfeit(*request), response);
                   });
}

grpc::Status CalculatorService::BoardMatchpoints(
    grpc::ServerContext* context, const v1::BoardMatchpointsRequest* request,
    v1::BoardMatchpointsResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.BoardMatchpoints",
                   nullptr, *request, [&]() -> grpc::Status {
                     return Reply(MatchpointBoard(*request), response);
                   });
}

grpc::Status CalculatorService::HalfMatch(grpc::ServerContext* context,
                                          const v1::HalfMatchRequest* request,
                                          v1::HalfMatchResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.HalfMatch", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(ScoreHalfMatch(*request), response);
                   });
}

grpc::Status CalculatorService::ContractScore(
    grpc::ServerContext* context, const v1::ContractScoreRequest* request,
    v1::ContractScoreResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.ContractScore", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(ScoreContract(*request), response);
                   });
}

grpc::Status CalculatorService::Imps(grpc::ServerContext* context,
                                     const v1::ImpsRequest* request,
                                     v1::ImpsResponse* response) {
  return GuardCall(
      context, gate_, "CalculatorService.Imps", nullptr, *request,
      [&]() -> grpc::Status {
        response->set_points_difference(request->points_difference());
        response->set_imps(
            core::ImpsForDifference(request->points_difference()));
        return grpc::Status::OK;
      });
}

grpc::Status CalculatorService::Datum(grpc::ServerContext* context,
                                      const v1::DatumRequest* request,
                                      v1::DatumResponse* response) {
  return GuardCall(
      context, gate_, "CalculatorService.Datum", nullptr, *request,
      [&]() -> grpc::Status { return Reply(TakeDatum(*request), response); });
}

grpc::Status CalculatorService::ListDatumRules(
    grpc::ServerContext* context, const v1::ListDatumRulesRequest* request,
    v1::ListDatumRulesResponse* response) {
  return GuardCall(
      context, gate_, "CalculatorService.ListDatumRules", nullptr, *request,
      [&]() -> grpc::Status {
        for (const DatumRuleLine& line : kDatumRules) {
          v1::DatumRuleInfo* info = response->add_rules();
          info->set_id(std::string(core::DatumMethodId(line.method)));
          info->set_title(std::string(line.title));
        }
        return grpc::Status::OK;
      });
}

grpc::Status CalculatorService::VictoryPoints(
    grpc::ServerContext* context, const v1::VictoryPointsRequest* request,
    v1::VictoryPointsResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.VictoryPoints", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(ConvertToVps(*request), response);
                   });
}

grpc::Status CalculatorService::ListVpScales(
    grpc::ServerContext* context, const v1::ListVpScalesRequest* request,
    v1::ListVpScalesResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.ListVpScales", nullptr,
                   *request, [&]() -> grpc::Status {
                     for (const core::VpScaleInfo& info : core::AllVpScales()) {
                       *response->add_scales() = ToProtoScale(info);
                     }
                     return grpc::Status::OK;
                   });
}

grpc::Status CalculatorService::WeightedScore(
    grpc::ServerContext* context, const v1::WeightedScoreRequest* request,
    v1::WeightedScoreResponse* response) {
  return GuardCall(
      context, gate_, "CalculatorService.WeightedScore", nullptr, *request,
      [&]() -> grpc::Status { return Reply(Weigh(*request), response); });
}

grpc::Status CalculatorService::AveragePlus(
    grpc::ServerContext* context, const v1::AveragePlusRequest* request,
    v1::AveragePlusResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.AveragePlus", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(AwardAveragePlus(*request), response);
                   });
}

grpc::Status CalculatorService::Neuberg(grpc::ServerContext* context,
                                        const v1::NeubergRequest* request,
                                        v1::NeubergResponse* response) {
  return GuardCall(
      context, gate_, "CalculatorService.Neuberg", nullptr, *request,
      [&]() -> grpc::Status { return Reply(Factor(*request), response); });
}

grpc::Status CalculatorService::CarryOver(grpc::ServerContext* context,
                                          const v1::CarryOverRequest* request,
                                          v1::CarryOverResponse* response) {
  return GuardCall(context, gate_, "CalculatorService.CarryOver", nullptr,
                   *request, [&]() -> grpc::Status {
                     return Reply(ComputeCarryOver(*request), response);
                   });
}

}  // namespace tally::server
