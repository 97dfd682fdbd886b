#include "replay/pairs/session_adjustments.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/decimal.h"
#include "core/scoring/matchpoints.h"

namespace tally::replay {
namespace {

core::Rational RationalOf(const v1::Fraction& f) {
  return f.denominator() == 0 ? core::Rational(0)
                              : core::Rational(f.numerator(), f.denominator());
}

// "+3", "-1.5", "+2.33" (2 places, for the note; the figure stays exact).
std::string SignedText(const core::Rational& r) {
  return absl::StrCat(
      r >= core::Rational(0) ? "+" : "",
      core::Decimal::Round(r, 2, core::HalfRounding::kAwayFromZero)
          .ToString());
}

void Add(PairTotal& t, const core::Rational& mp, std::string note) {
  t.matchpoints += mp;
  t.adjustments += mp;
  t.adjustment_notes.push_back(std::move(note));
}

}  // namespace

std::set<int> BoardsOfPair(const SessionState& session, int pair) {
  std::set<int> boards;
  for (const auto& [table_board, slot] : session.slots) {
    if (slot.ns_pair == pair || slot.ew_pair == pair) {
      boards.insert(table_board.second);
    }
  }
  return boards;
}

int64_t PairSessionTop(const SessionState& session, int pair,
                       const core::RegulationProfile& profile) {
  const ComparisonTimes times(session, profile);
  int64_t top = 0;
  for (int board : BoardsOfPair(session, pair)) top += times.TopOf(pair, board);
  return top;
}

void AddSitOutAwards(const SessionState& session, const ComparisonTimes& times,
                     SessionScores& scores) {
  for (const SessionAdjustmentRecord& r : session.adjustments) {
    const v1::SessionAdjustmentMade& a = r.adjustment;
    if (!a.has_sit_out()) continue;
    PairTotal& t = scores.pairs[a.pair()];
    t.pair = a.pair();
    if (t.maximum == 0) continue;  // no average yet: nothing to award
    // Its own average on the boards it played, before any award.
    const core::Rational average =
        t.matchpoints / core::Rational(t.maximum);
    core::Rational award;
    int64_t tops = 0;
    for (int board : a.sit_out().boards()) {
      const int64_t top = times.TopOf(a.pair(), board);
      award += average * core::Rational(top);
      tops += top;
    }
    t.maximum += tops;
    Add(t, award,
        absl::StrCat(SignedText(award), " sit-out, boards ",
                     absl::StrJoin(a.sit_out().boards(), ","), " at ",
                     core::Decimal::Round(average * core::Rational(100), 2,
                                          core::HalfRounding::kAwayFromZero)
                         .ToString(),
                     "% (", a.law(), "): ", a.text()));
  }
}

void AddSessionAdjustments(const SessionState& session,
                           SessionScores& scores) {
  for (const SessionAdjustmentRecord& r : session.adjustments) {
    const v1::SessionAdjustmentMade& a = r.adjustment;
    if (a.has_sit_out()) continue;
    PairTotal& t = scores.pairs[a.pair()];
    t.pair = a.pair();
    if (a.has_matchpoints()) {
      const core::Rational mp = RationalOf(a.matchpoints());
      Add(t, mp,
          absl::StrCat(SignedText(mp), " (", a.law(), "): ", a.text()));
    } else if (a.has_percent_of_top()) {
      const core::Rational mp = RationalOf(a.matchpoints_applied());
      Add(t, mp,
          absl::StrCat(SignedText(mp), " = ",
                       SignedText(RationalOf(a.percent_of_top())),
                       "% of the session top (", a.law(), "): ", a.text()));
    }
  }
}

}  // namespace tally::replay
