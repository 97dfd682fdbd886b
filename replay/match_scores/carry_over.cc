#include "replay/match_scores/carry_over.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/decimal.h"
#include "core/base/status_macros.h"
#include "core/carryover/abpc_carryover.h"
#include "core/carryover/itc_carryover.h"

namespace tally::replay {
namespace {

// A core/carryover refusal is about this stage's scores, not the request:
// FailedPrecondition with the core's message (which names the clause).
template <typename T>
absl::StatusOr<T> AsPrecondition(absl::StatusOr<T> value) {
  if (value.status().code() != absl::StatusCode::kInvalidArgument) {
    return value;
  }
  return absl::FailedPreconditionError(value.status().message());
}

absl::Status NeedsVps(const QualifyingRanking& ranking,
                      const std::string& source_id, absl::string_view clause) {
  if (ranking.scored_in_vps) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      clause, " carries over from the qualifying VP totals, and '", source_id,
      "' is not scored in VPs (it ranks on ", ranking.unit, ")"));
}

// ANC SR 18.1, 18.3.
absl::StatusOr<CarryOver> OpenStage3(const Qualifier& q,
                                     const std::string& tournament_id,
                                     const std::string& source_id) {
  TALLY_ASSIGN_OR_RETURN(
      core::Rational amount,
      AsPrecondition(core::AbpcOpenStage3CarryOver(q.place)));
  // Level entrants take places place .. place + places_shared - 1 in an
  // order only a lot decides; it matters when those places carry differently.
  for (int k = 1; k < q.places_shared; ++k) {
    TALLY_ASSIGN_OR_RETURN(core::Rational other,
                           core::AbpcOpenStage3CarryOver(q.place + k));
    if (other != amount) {
      return absl::FailedPreconditionError(absl::StrCat(
          "entrants ", absl::StrJoin(q.level_with, ", "),
          " are level at place ", q.place,
          q.field.empty() ? "" : absl::StrCat(" of field ", q.field), " of '",
          source_id,
          "' with only a lot to separate them, and ANC SR 18.1 gives places ",
          q.place, " and ", q.place + k, " different carry-overs (",
          amount.ToString(), " and ", other.ToString(), " VPs); ",
          LotAdvice(tournament_id, source_id, q.level_with)));
    }
  }
  return CarryOver{amount, q.place <= 5 ? "ANC SR 18.1" : "ANC SR 18.3"};
}

// ANC SR 18.2, 18.3.
absl::StatusOr<CarryOver> MixedStage2(const core::RegulationProfile& target,
                                      const FieldQualifiers& field,
                                      const Qualifier& q) {
  TALLY_ASSIGN_OR_RETURN(
      core::Decimal amount,
      AsPrecondition(core::AbpcMixedCarryOver(field.contending_scores, q.place,
                                              target.carry_over->half)));
  return CarryOver{amount.ToRational(),
                   q.place <= 10 ? "ANC SR 18.2" : "ANC SR 18.3"};
}

}  // namespace

absl::StatusOr<std::vector<std::vector<CarryOver>>> CarryOversAtQualification(
    const core::RegulationProfile& target, const QualifyingRanking& ranking,
    const std::vector<FieldQualifiers>& fields,
    const std::string& tournament_id, const std::string& source_id) {
  std::vector<std::vector<CarryOver>> out;
  for (const FieldQualifiers& field : fields) {
    out.emplace_back(field.qualifiers.size());
  }
  if (!target.carry_over.has_value()) return out;
  const std::string& rule = target.carry_over->rule;
  if (rule == "anc_sr_18_1") {
    for (size_t f = 0; f < fields.size(); ++f) {
      for (size_t i = 0; i < fields[f].qualifiers.size(); ++i) {
        TALLY_ASSIGN_OR_RETURN(out[f][i], OpenStage3(fields[f].qualifiers[i],
                                                     tournament_id, source_id));
      }
    }
    return out;
  }
  if (rule == "anc_sr_18_2") {
    TALLY_RETURN_IF_ERROR(NeedsVps(ranking, source_id, "ANC SR 18.2"));
    for (size_t f = 0; f < fields.size(); ++f) {
      for (size_t i = 0; i < fields[f].qualifiers.size(); ++i) {
        TALLY_ASSIGN_OR_RETURN(
            out[f][i], MixedStage2(target, fields[f], fields[f].qualifiers[i]));
      }
    }
    return out;
  }
  if (rule == "anc_sr_11_2") {
    TALLY_RETURN_IF_ERROR(NeedsVps(ranking, source_id, "ANC SR 11.2"));
    if (fields.size() != 1 || fields[0].qualifiers.size() != 2) {
      size_t count = 0;
      for (const FieldQualifiers& field : fields) {
        count += field.qualifiers.size();
      }
      return absl::FailedPreconditionError(absl::StrCat(
          "ANC SR 11.2 carries over between the two teams of the final "
          "(11.3: \"the two leading teams\"); ",
          count, " would qualify"));
    }
    const Qualifier& higher = fields[0].qualifiers[0];
    const Qualifier& lower = fields[0].qualifiers[1];
    TALLY_ASSIGN_OR_RETURN(
        core::Rational amount,
        AsPrecondition(core::ItcFinalCarryOver(higher.score, lower.score)));
    out[0][0] = {amount, "ANC SR 11.2"};
    out[0][1] = {core::Rational(0), "ANC SR 11.2"};
    return out;
  }
  if (rule == "sabf_tr_18_1") {
    // SABF TR 18.1.1: "The carry-over into the final will be the average
    // of a pair's three scores in the qualifying event", with the
    // substitute and Spring Nationals rules: the qualifying's standing.
    if (!ranking.state_pairs_average) {
      return absl::FailedPreconditionError(absl::StrCat(
          "SABF TR 18.1.1 carries the average of the State Open Pairs "
          "qualifying rounds; '",
          source_id,
          "' is not run under a profile with session_combination "
          "sabf_tr_18_1_qualifying"));
    }
    for (size_t f = 0; f < fields.size(); ++f) {
      for (size_t i = 0; i < fields[f].qualifiers.size(); ++i) {
        out[f][i] = {fields[f].qualifiers[i].score, "SABF TR 18.1.1"};
      }
    }
    return out;
  }
  if (rule == "sabf_tr_13_11" || rule == "sabf_tr_13_12") {
    const std::string clause =
        rule == "sabf_tr_13_11" ? "SABF TR 13.11" : "SABF TR 13.12";
    for (std::vector<CarryOver>& field : out) {
      for (CarryOver& c : field) {
        c = {core::Rational(0),
             absl::StrCat(clause,
                          ": 0.1 IMP in each finals match, carried "
                          "when the match is drawn")};
      }
    }
    return out;
  }
  return absl::UnimplementedError(absl::StrCat(
      "tally does not apply carry-over rule '", rule, "' at qualification"));
}

std::map<int, core::Rational> VpCarryOvers(
    const CompetitionState& competition) {
  std::map<int, core::Rational> out;
  if (!competition.qualification.has_value() ||
      !competition.profile.vp.has_value()) {
    return out;
  }
  for (const v1::QualifiedEntrant& q : competition.qualification->entrants()) {
    const v1::Fraction& f = q.carry_over();
    if (f.denominator() == 0 || f.numerator() == 0) continue;
    out[q.entrant()] = core::Rational(f.numerator(), f.denominator());
  }
  return out;
}

}  // namespace tally::replay
