#include "core/penalty/penalty_scale.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"

namespace tally::core {
namespace {

absl::Status CheckAmounts(const PenaltyScale& scale,
                          const PenaltyOffence& offence,
                          const std::vector<PenaltyAmount>& amounts) {
  std::set<PenaltyUnit> units;
  for (const PenaltyAmount& a : amounts) {
    if (a.value <= Rational(0)) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": offence '", offence.key,
                       "' has a deduction that is not positive"));
    }
    if (!units.insert(a.unit).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": offence '", offence.key, "' lists ",
                       PenaltyUnitName(a.unit), " twice in one step"));
    }
  }
  return absl::OkStatus();
}

// Whether two inclusive minute bands share a minute.
bool Overlap(const MinutesLate& a, const MinutesLate& b) {
  const bool a_ends_before_b = a.last.has_value() && *a.last < b.first;
  const bool b_ends_before_a = b.last.has_value() && *b.last < a.first;
  return !a_ends_before_b && !b_ends_before_a;
}

bool Covers(const MinutesLate& band, int minutes) {
  return minutes >= band.first &&
         (!band.last.has_value() || minutes <= *band.last);
}

}  // namespace

absl::string_view PenaltyUnitName(PenaltyUnit unit) {
  switch (unit) {
    case PenaltyUnit::kVictoryPoints:
      return "VPs";
    case PenaltyUnit::kImps:
      return "IMPs";
    case PenaltyUnit::kPercentOfTop:
      return "% of a top";
    case PenaltyUnit::kScorePercentagePoints:
      return "percentage points";
  }
  return "?";
}

absl::Status ValidatePenaltyScale(const PenaltyScale& scale) {
  std::set<std::string> counters;
  for (const OffenceCounter& c : scale.counters) {
    if (c.key.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": a counter has no key"));
    }
    if (!counters.insert(c.key).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": counter '", c.key, "' appears twice"));
    }
    if (c.reset.has_value() && c.reset->months <= 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": counter '", c.key,
                       "' has a reset period that is not positive"));
    }
  }
  std::set<std::string> offences;
  std::vector<const PenaltyOffence*> bands;
  for (const PenaltyOffence& o : scale.offences) {
    if (o.key.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": an offence has no key"));
    }
    if (!offences.insert(o.key).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": offence '", o.key, "' appears twice"));
    }
    if (!counters.contains(o.counter)) {
      return absl::InvalidArgumentError(
          absl::StrCat(scale.name, ": offence '", o.key,
                       "' is counted in unknown counter '", o.counter, "'"));
    }
    if (o.ladder.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(
          scale.name, ": offence '", o.key, "' has no penalty steps"));
    }
    for (const PenaltyStep& step : o.ladder) {
      if (step.kind == PenaltyKind::kDeduction && step.amounts.empty()) {
        return absl::InvalidArgumentError(absl::StrCat(
            scale.name, ": offence '", o.key, "' has a deduction of nothing"));
      }
      if (step.kind != PenaltyKind::kDeduction &&
          (!step.amounts.empty() || !step.further_board_amounts.empty())) {
        return absl::InvalidArgumentError(
            absl::StrCat(scale.name, ": offence '", o.key,
                         "' has amounts on a step that deducts nothing"));
      }
      if (!step.further_board_amounts.empty() && !step.per_board) {
        return absl::InvalidArgumentError(
            absl::StrCat(scale.name, ": offence '", o.key,
                         "' has further-board amounts but is not per board"));
      }
      TALLY_RETURN_IF_ERROR(CheckAmounts(scale, o, step.amounts));
      TALLY_RETURN_IF_ERROR(CheckAmounts(scale, o, step.further_board_amounts));
    }
    if (o.minutes_late.has_value()) {
      const MinutesLate& m = *o.minutes_late;
      if (m.first < 0 || (m.last.has_value() && *m.last < m.first)) {
        return absl::InvalidArgumentError(absl::StrCat(
            scale.name, ": offence '", o.key, "' has an empty minutes band"));
      }
      for (const PenaltyOffence* other : bands) {
        if (Overlap(*other->minutes_late, m)) {
          return absl::InvalidArgumentError(
              absl::StrCat(scale.name, ": late-arrival bands '", other->key,
                           "' and '", o.key, "' overlap"));
        }
      }
      bands.push_back(&o);
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<const PenaltyOffence*> FindOffence(const PenaltyScale& scale,
                                                  absl::string_view key) {
  for (const PenaltyOffence& o : scale.offences) {
    if (o.key == key) return &o;
  }
  return absl::NotFoundError(
      absl::StrCat(scale.name, " has no offence '", key, "'"));
}

absl::StatusOr<const OffenceCounter*> FindCounter(const PenaltyScale& scale,
                                                  absl::string_view key) {
  for (const OffenceCounter& c : scale.counters) {
    if (c.key == key) return &c;
  }
  return absl::NotFoundError(
      absl::StrCat(scale.name, " has no offence counter '", key, "'"));
}

absl::StatusOr<PenaltyStep> StepForOccurrence(const PenaltyOffence& offence,
                                              int occurrence) {
  if (occurrence < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("occurrence ", occurrence, " of '", offence.key,
                     "': the first offence is occurrence 1"));
  }
  if (offence.ladder.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("offence '", offence.key, "' has no penalty steps"));
  }
  const size_t index =
      std::min(static_cast<size_t>(occurrence), offence.ladder.size()) - 1;
  return offence.ladder[index];
}

absl::StatusOr<PenaltyStep> PenaltyFor(const PenaltyScale& scale,
                                       absl::string_view offence_key,
                                       int occurrence) {
  TALLY_ASSIGN_OR_RETURN(const PenaltyOffence* offence,
                         FindOffence(scale, offence_key));
  return StepForOccurrence(*offence, occurrence);
}

absl::StatusOr<Rational> DeductionIn(const PenaltyStep& step, PenaltyUnit unit,
                                     int boards) {
  switch (step.kind) {
    case PenaltyKind::kWarning:
    case PenaltyKind::kLossOfSeatingRights:
      return Rational(0);
    case PenaltyKind::kDirectorsDiscretion:
    case PenaltyKind::kForfeit:
      return absl::FailedPreconditionError(
          absl::StrCat("no table amount: ",
                       step.text.empty() ? "the director decides" : step.text));
    case PenaltyKind::kDeduction:
      break;
  }
  auto find = [unit](const std::vector<PenaltyAmount>& amounts)
      -> std::optional<Rational> {
    for (const PenaltyAmount& a : amounts) {
      if (a.unit == unit) return a.value;
    }
    return std::nullopt;
  };
  const std::optional<Rational> first = find(step.amounts);
  if (!first.has_value()) {
    return absl::NotFoundError(absl::StrCat(
        "the regulation prints this penalty (", step.text, ") in no ",
        PenaltyUnitName(unit), "; the director must set an equivalent"));
  }
  if (!step.per_board) return *first;
  if (boards < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a per-board penalty needs at least one board, not ", boards));
  }
  Rational further = *first;
  if (!step.further_board_amounts.empty()) {
    const std::optional<Rational> f = find(step.further_board_amounts);
    if (!f.has_value()) {
      return absl::NotFoundError(
          absl::StrCat("the regulation prints no ", PenaltyUnitName(unit),
                       " for boards after the first (", step.text, ")"));
    }
    further = *f;
  }
  return *first + further * Rational(boards - 1);
}

absl::StatusOr<Rational> MatchpointsForPercentOfTop(const Rational& percent,
                                                    const Rational& top) {
  if (percent < Rational(0) || top < Rational(0)) {
    return absl::InvalidArgumentError(
        absl::StrCat("a percentage of a top needs a non-negative percentage "
                     "and top, not ",
                     percent.ToString(), "% of ", top.ToString()));
  }
  return percent / Rational(100) * top;
}

absl::StatusOr<std::string> LateArrivalOffence(const PenaltyScale& scale,
                                               int minutes_late) {
  if (minutes_late < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("minutes late must not be negative, not ", minutes_late));
  }
  for (const PenaltyOffence& o : scale.offences) {
    if (o.minutes_late.has_value() && Covers(*o.minutes_late, minutes_late)) {
      return o.key;
    }
  }
  return absl::NotFoundError(
      absl::StrCat(scale.name, " prints no late-arrival penalty for ",
                   minutes_late, " minutes late"));
}

}  // namespace tally::core
