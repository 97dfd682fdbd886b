#include "core/pairs_event/competition_aggregate.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/pairs_event/state_pairs.h"

namespace tally::core {
namespace {

bool PlayedByPair(SessionAttendance a) {
  // 11.6 "(including one player substitutes)": a session with one
  // substitute, for whatever reason, is played by the nominated pair.
  return a == SessionAttendance::kPlayed ||
         a == SessionAttendance::kSubstitute ||
         a == SessionAttendance::kRepresentativeSubstitute ||
         a == SessionAttendance::kNationalPlayoffsSubstitute;
}

bool NeedsPercentage(SessionAttendance a, SessionCombination c) {
  // The representative substitute's score is replaced by 100% of the
  // average under SABF TR 11.4, so its gained score is optional there.
  if (a == SessionAttendance::kPlayed || a == SessionAttendance::kSubstitute ||
      a == SessionAttendance::kNationalPlayoffsSubstitute) {
    return true;
  }
  return a == SessionAttendance::kRepresentativeSubstitute &&
         c == SessionCombination::kTotalPercentages;
}

}  // namespace

absl::Status CheckPairSessions(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    const std::function<bool(SessionAttendance)>& needs_percentage) {
  std::set<int> seen;
  for (const PairSessionInput& s : sessions) {
    if (!seen.insert(s.session).second) {
      return absl::InvalidArgumentError(absl::StrCat(
          "pair ", id, ": session ", s.session, " is listed twice"));
    }
    if (s.rounds < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "pair ", id, ": session ", s.session, " has a negative round count"));
    }
    if (needs_percentage(s.attendance) && !s.percentage.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("pair ", id, ": session ", s.session,
                       " was played but has no percentage (SABF TR 11.3)"));
    }
    if (s.percentage.has_value() &&
        (*s.percentage < 0 || *s.percentage > 100)) {
      return absl::InvalidArgumentError(
          absl::StrCat("pair ", id, ": session ", s.session, " percentage ",
                       s.percentage->ToString(), " is outside 0-100"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<PairAggregate> AggregatePair(
    const std::string& id, const std::vector<PairSessionInput>& sessions,
    SessionCombination combination) {
  if (combination == SessionCombination::kSabfTr18_1Qualifying) {
    return AggregateStatePairsQualifying(id, sessions);
  }
  if (combination == SessionCombination::kSabfTr18_1Final) {
    return AggregateStatePairsFinal(id, sessions, Rational(0));
  }
  TALLY_RETURN_IF_ERROR(
      CheckPairSessions(id, sessions, [combination](SessionAttendance a) {
        return NeedsPercentage(a, combination);
      }));
  PairAggregate out;
  out.id = id;
  Rational own_total = 0;
  int own_sessions = 0;
  for (const PairSessionInput& s : sessions) {
    out.rounds_required += s.rounds;
    if (PlayedByPair(s.attendance)) out.rounds_with_substitutes += s.rounds;
    if (s.attendance == SessionAttendance::kPlayed) {
      out.rounds_own += s.rounds;
      own_total += *s.percentage;
      ++own_sessions;
    }
  }
  // SABF TR 11.4: "the average score gained in sessions played by the
  // nominated pair" -- exact, no clause rounds it.
  if (own_sessions > 0) out.own_average = own_total / Rational(own_sessions);

  if (combination == SessionCombination::kSabfTr11) {
    // SABF TR 11.6: "at least 75% (decimals rounded up) of the required
    // number of rounds" -- the one rounding, up, of 3/4 x required.
    out.rounds_needed = static_cast<int>(
        (Rational(3, 4) * Rational(out.rounds_required)).Ceil());
    // "...whilst the nominated pair must themselves have played in more
    // than half the number of rounds": strictly more, 2 x own > required.
    out.eligible = out.rounds_with_substitutes >= out.rounds_needed &&
                   2 * out.rounds_own > out.rounds_required;
  } else {
    // NSW TR has no eligibility rule: every pair is placed.
    out.rounds_needed = 0;
    out.eligible = true;
  }

  const Rational average = out.own_average.value_or(Rational(0));
  for (const PairSessionInput& s : sessions) {
    SessionFigure f;
    f.session = s.session;
    f.attendance = s.attendance;
    f.gained = s.percentage;
    f.played = PlayedByPair(s.attendance);
    if (combination == SessionCombination::kTotalPercentages) {
      // NSW TR: no substitute or absence rule; the score gained stands and
      // a session not played scores 0.
      f.counted = f.played ? *s.percentage : Rational(0);
      f.clause = f.played ? "NSW TR 11.1 (percentage as gained)"
                          : "no score (NSW TR has no absence rule)";
      if (!f.played) f.gained.reset();
      out.sessions.push_back(f);
      out.aggregate += f.counted;
      continue;
    }
    switch (s.attendance) {
      case SessionAttendance::kPlayed:
        f.counted = *s.percentage;  // SABF TR 11.3
        f.clause = "SABF TR 11.3";
        break;
      case SessionAttendance::kSubstitute:
      // SABF TR 18.1.2's National Playoffs rule is for the State Pairs
      // Final only; in any other event such a substitute is ordinary.
      case SessionAttendance::kNationalPlayoffsSubstitute:
        if (!out.own_average.has_value()) {
          // No average to cap or floor against (see the header's reading).
          f.counted = *s.percentage;
          f.clause = "SABF TR 11.4 (no own sessions: score as gained)";
        } else {
          // SABF TR 11.4: the substitute's score, "except that it may not
          // exceed the average score gained in sessions played by the
          // nominated pair. Further, it may not be less than the minimum of
          // (90% of the nominated pair's average, or 50%, whichever is the
          // lower)".
          const Rational cap = average;
          const Rational floor =
              std::min(Rational(9, 10) * average, Rational(50));
          if (*s.percentage > cap) {
            f.counted = cap;
            f.clause = "SABF TR 11.4 (capped at the pair's average)";
          } else if (*s.percentage < floor) {
            f.counted = floor;
            f.clause =
                "SABF TR 11.4 (floored at the lower of 90% of average, 50%)";
          } else {
            f.counted = *s.percentage;
            f.clause = "SABF TR 11.4 (substitute's score)";
          }
        }
        break;
      case SessionAttendance::kRepresentativeSubstitute:
        // SABF TR 11.4 third paragraph: "100% of the nominated pair's
        // average".
        f.counted = average;
        f.clause = "SABF TR 11.4 (representative: 100% of average)";
        break;
      case SessionAttendance::kAbsent:
        // SABF TR 11.4: stand-ins for both members are no substitution;
        // "the absent pair will score 0".
        f.counted = 0;
        f.clause = "SABF TR 11.4 (absent: 0)";
        f.gained.reset();
        break;
      case SessionAttendance::kAbsentRepresentative:
        // SABF TR 11.5: treated as valid substitutes, 100% provisions,
        // "only ... when the entrant pair is eligible for a final placing".
        f.counted = out.eligible ? average : Rational(0);
        f.clause = out.eligible
                       ? "SABF TR 11.5 (absent representing: 100% of average)"
                       : "SABF TR 11.5 (absent, not eligible: 0)";
        f.gained.reset();
        break;
      case SessionAttendance::kAbsentOtherNationalChampionship:
        // SABF TR 11.5: "shall receive 90% of their average score", only
        // when eligible.
        f.counted = out.eligible ? Rational(9, 10) * average : Rational(0);
        f.clause = out.eligible
                       ? "SABF TR 11.5 (absent in another NC: 90% of average)"
                       : "SABF TR 11.5 (absent, not eligible: 0)";
        f.gained.reset();
        break;
    }
    out.aggregate += f.counted;
    out.sessions.push_back(f);
  }
  return out;
}

absl::StatusOr<CompetitionRanking> RankCompetition(
    const TieBreakChainSpec& chain, const std::vector<PairAggregate>& pairs,
    const std::vector<TieBreakEntrant>& extra_data,
    const TieBreakOptions& options) {
  std::map<std::string, const TieBreakEntrant*> extra;
  for (const TieBreakEntrant& e : extra_data) extra[e.id] = &e;
  std::map<std::string, const PairAggregate*> by_id;
  std::vector<TieBreakEntrant> field;
  std::vector<const PairAggregate*> ineligible;
  for (const PairAggregate& p : pairs) {
    if (!by_id.emplace(p.id, &p).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("pair ", p.id, " is listed twice"));
    }
    if (!p.eligible) {
      ineligible.push_back(&p);
      continue;
    }
    TieBreakEntrant e;
    if (auto it = extra.find(p.id); it != extra.end()) e = *it->second;
    e.id = p.id;
    e.score = p.aggregate;  // SABF TR 11.3: ranked on the aggregate
    e.sessions.clear();
    for (const SessionFigure& f : p.sessions) {
      // SABF TR 11.7 counts sessions played and scores above 60/55/50%:
      // the scores counted in the aggregate.
      e.sessions.push_back({f.counted, f.played});
    }
    field.push_back(std::move(e));
  }
  CompetitionRanking out;
  if (!field.empty()) {
    TALLY_ASSIGN_OR_RETURN(TieBreakResult ranked,
                           RankWithTieBreaks(chain, field, options));
    for (const Placing& placing : ranked.placings) {
      CompetitionPlacing row;
      row.pair = *by_id.at(placing.id);
      row.position = placing.position;
      row.tied = placing.tied_on_score;
      row.decision = placing.decision;
      row.criterion = placing.criterion;
      row.clause = placing.clause;
      out.placings.push_back(std::move(row));
    }
    out.pending = std::move(ranked.pending);
  }
  // SABF TR 11.6: not eligible for a final placing -- listed, unplaced.
  std::stable_sort(ineligible.begin(), ineligible.end(),
                   [](const PairAggregate* a, const PairAggregate* b) {
                     return a->aggregate > b->aggregate;
                   });
  for (const PairAggregate* p : ineligible) {
    CompetitionPlacing row;
    row.pair = *p;
    row.position = 0;
    row.decision = PlaceDecision::kScore;
    out.placings.push_back(std::move(row));
  }
  return out;
}

}  // namespace tally::core
