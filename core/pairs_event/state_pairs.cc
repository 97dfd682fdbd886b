#include "core/pairs_event/state_pairs.h"

#include <algorithm>
#include <optional>

#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

enum class Stage { kQualifying, kFinal };

// 18.1 counts three rounds in each stage.
constexpr int kRounds = 3;

bool NeedsPercentage(SessionAttendance a) {
  return a == SessionAttendance::kPlayed ||
         a == SessionAttendance::kSubstitute ||
         a == SessionAttendance::kNationalPlayoffsSubstitute;
}

absl::Status CheckInputs(const std::string& id,
                         const std::vector<PairSessionInput>& sessions) {
  if (sessions.size() > static_cast<size_t>(kRounds)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "pair ", id, ": SABF TR 18.1 has three rounds in each stage, not ",
        sessions.size()));
  }
  return CheckPairSessions(id, sessions, NeedsPercentage);
}

// "The average of the nominated pair's other two scores": the exact mean
// of the other rounds the pair played together (none: nullopt).
std::optional<Rational> OtherAverage(
    const std::vector<PairSessionInput>& sessions, int session) {
  Rational total = 0;
  int count = 0;
  for (const PairSessionInput& s : sessions) {
    if (s.session == session || s.attendance != SessionAttendance::kPlayed) {
      continue;
    }
    total += *s.percentage;
    ++count;
  }
  if (count == 0) return std::nullopt;
  return total / Rational(count);
}

// The substitute's score within 18.1's cap and floor.
void CapAndFloor(const Rational& gained, const std::optional<Rational>& avg,
                 const std::string& clause, SessionFigure& f) {
  if (!avg.has_value()) {
    f.counted = gained;
    f.clause = absl::StrCat(clause, " (no other round: score as gained)");
    return;
  }
  // "it may not exceed the average of the ... pair's other two scores.
  // Further, it may not be less than the lower of (90% of the average of
  // the ... pair's other two scores, and 50%)."
  const Rational cap = *avg;
  const Rational floor = std::min(Rational(9, 10) * *avg, Rational(50));
  if (gained > cap) {
    f.counted = cap;
    f.clause = absl::StrCat(clause, " (capped at the other two's average)");
  } else if (gained < floor) {
    f.counted = floor;
    f.clause = absl::StrCat(
        clause, " (floored at the lower of 90% of that average and 50%)");
  } else {
    f.counted = gained;
    f.clause = absl::StrCat(clause, " (substitute's score)");
  }
}

absl::StatusOr<PairAggregate> Aggregate(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    Stage stage, const Rational& carry_over) {
  if (absl::Status s = CheckInputs(id, sessions); !s.ok()) return s;
  const std::string clause =
      stage == Stage::kQualifying ? "SABF TR 18.1.1" : "SABF TR 18.1.2";
  PairAggregate out;
  out.id = id;
  int substituted = 0;  // rounds not played by the pair together
  std::vector<std::string> why;
  Rational own_total = 0;
  int own = 0;
  for (const PairSessionInput& s : sessions) {
    out.rounds_required += s.rounds;
    switch (s.attendance) {
      case SessionAttendance::kPlayed:
        out.rounds_own += s.rounds;
        out.rounds_with_substitutes += s.rounds;
        own_total += *s.percentage;
        ++own;
        break;
      case SessionAttendance::kSubstitute:
      case SessionAttendance::kRepresentativeSubstitute:
      case SessionAttendance::kNationalPlayoffsSubstitute:
        out.rounds_with_substitutes += s.rounds;
        ++substituted;
        break;
      case SessionAttendance::kAbsentRepresentative:
        // 11.5: "treated as having had valid substitutes".
        ++substituted;
        break;
      case SessionAttendance::kAbsentOtherNationalChampionship:
        if (stage == Stage::kQualifying) {
          // 18.1.1: absent for the Spring Nationals, "shall be eligible to
          // play in the Final" if they played the other two together.
          ++substituted;
        } else {
          // 11.5: the 90% rule "does not apply to the State Pairs Final".
          why.push_back(absl::StrCat(
              "absent from session ", s.session,
              " for another National Championship (11.5 does not apply to "
              "the State Pairs Final)"));
        }
        break;
      case SessionAttendance::kAbsent:
        why.push_back(absl::StrCat("absent from session ", s.session));
        break;
    }
  }
  if (own > 0) out.own_average = own_total / Rational(own);
  if (substituted > 1) {
    why.push_back(
        absl::StrCat(substituted,
                     " rounds not played together; at most one round with a "
                     "one-player substitute"));
  }
  out.eligible = why.empty();
  if (!out.eligible) {
    out.ineligible_reason = absl::StrCat(
        clause, ": ",
        stage == Stage::kQualifying ? "does not qualify for the final: "
                                    : "not eligible for a final placing: ",
        why.front());
  }

  Rational total = 0;
  for (const PairSessionInput& s : sessions) {
    SessionFigure f;
    f.session = s.session;
    f.attendance = s.attendance;
    f.gained = s.percentage;
    f.played = s.attendance == SessionAttendance::kPlayed ||
               s.attendance == SessionAttendance::kSubstitute ||
               s.attendance == SessionAttendance::kRepresentativeSubstitute ||
               s.attendance == SessionAttendance::kNationalPlayoffsSubstitute;
    const std::optional<Rational> avg = OtherAverage(sessions, s.session);
    const Rational average = avg.value_or(Rational(0));
    switch (s.attendance) {
      case SessionAttendance::kPlayed:
        f.counted = *s.percentage;  // SABF TR 11.3
        f.clause = absl::StrCat(clause, " (played together)");
        break;
      case SessionAttendance::kSubstitute:
        CapAndFloor(*s.percentage, avg, clause, f);
        break;
      case SessionAttendance::kNationalPlayoffsSubstitute:
        if (stage == Stage::kFinal) {
          // 18.1.2: "a score of 55% or their average, whichever is the
          // greater".
          f.counted = std::max(Rational(55), average);
          f.clause = absl::StrCat(
              clause, " (National Playoffs: the greater of 55% and average)");
        } else {
          CapAndFloor(*s.percentage, avg, clause, f);
        }
        break;
      case SessionAttendance::kRepresentativeSubstitute:
      case SessionAttendance::kAbsentRepresentative:
        // 11.4 third paragraph ("This rule shall apply to all events") and
        // 11.5: 100% of the pair's average.
        f.counted = average;
        f.clause = "SABF TR 11.4, 11.5 (representative: 100% of average)";
        if (s.attendance == SessionAttendance::kAbsentRepresentative) {
          f.gained.reset();
        }
        break;
      case SessionAttendance::kAbsentOtherNationalChampionship:
        f.gained.reset();
        if (stage == Stage::kQualifying && out.eligible) {
          // 18.1.1: "they shall be given 90% of their average score".
          f.counted = Rational(9, 10) * average;
          f.clause =
              absl::StrCat(clause, " (Spring Nationals: 90% of average)");
        } else {
          f.counted = 0;
          f.clause = stage == Stage::kQualifying
                         ? absl::StrCat(clause, " (absent, not eligible: 0)")
                         : "SABF TR 11.5 (not in the State Pairs Final: 0)";
        }
        break;
      case SessionAttendance::kAbsent:
        f.gained.reset();
        f.counted = 0;
        f.clause = "SABF TR 11.4 (absent: 0)";
        break;
    }
    total += f.counted;
    out.sessions.push_back(f);
  }
  if (stage == Stage::kQualifying) {
    // 18.1.1: "The carry-over into the final will be the average of a
    // pair's three scores" (of the rounds scored so far, before the third).
    out.aggregate =
        sessions.empty() ? Rational(0) : total / Rational(sessions.size());
  } else {
    out.carry_over = carry_over;
    out.aggregate = carry_over + total;
  }
  return out;
}

}  // namespace

absl::StatusOr<PairAggregate> AggregateStatePairsQualifying(
    const std::string& id, const std::vector<PairSessionInput>& sessions) {
  return Aggregate(id, sessions, Stage::kQualifying, Rational(0));
}

absl::StatusOr<PairAggregate> AggregateStatePairsFinal(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    const Rational& carry_over) {
  if (carry_over < 0 || carry_over > 100) {
    return absl::InvalidArgumentError(
        absl::StrCat("pair ", id, ": carry-over ", carry_over.ToString(),
                     " is outside 0-100% (SABF TR 18.1.1)"));
  }
  return Aggregate(id, sessions, Stage::kFinal, carry_over);
}

}  // namespace tally::core
