#include "core/tiebreak/criteria.h"

#include <algorithm>
#include <compare>
#include <cstddef>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/base/rational.h"

namespace tally::core {
namespace {

constexpr TieBreakCriterionInfo kCriteria[] = {
    {kCriterionTotalVps, "more total VPs (after fines)"},
    {kCriterionTotalVpsWithoutFines,
     "more total VPs after the removal of fines"},
    {kCriterionRemoveCarryOver, "more score without the carry-over"},
    {kCriterionOpponentsTotalVps, "higher sum of the opponents' total VPs"},
    {kCriterionOpponentsTotalMatchpoints,
     "higher total matchpoints of all opponents (incomplete movement)"},
    {kCriterionHeadToHead, "of two tied, the winner of the match between them"},
    {kCriterionNetImps, "more net IMPs"},
    {kCriterionNetImpsCappedAtBlitz,
     "more net IMPs, each match's positive IMPs capped at a 20-0 win"},
    {kCriterionMatchesWon, "more matches won"},
    {kCriterionWinsDrawHalf, "more matches won, a draw counting as half"},
    {kCriterionDropWorstResults,
     "more total after deleting the worst result, then the two worst, ..."},
    {kCriterionMostSessionsPlayed, "more sessions played"},
    {kCriterionSessionsAbove60Percent, "more sessions above 60%"},
    {kCriterionSessionsAbove55Percent, "more sessions above 55%"},
    {kCriterionSessionsAbove50Percent, "more sessions above 50%"},
    {kCriterionMatchpointsBetweenTied,
     "more matchpoints against the other tied pairs, board by board"},
    {kCriterionScoreAgainstHighestPlaced,
     "better score against the highest-placed pair, then the next, ..."},
    {kCriterionFourBoardPlayoff, "the recorded four-board playoff result"},
    {kCriterionLot, "the recorded lot"},
};

using Key = std::vector<Rational>;

const TieBreakEntrant& At(const TieBreakField& f, int i) {
  return (*f.entrants)[i];
}

Rational VpsOf(const TieBreakEntrant& e) { return e.vps.value_or(e.score); }

// One number per member.
CriterionKeys Single(const std::vector<Rational>& values) {
  CriterionKeys k;
  k.applies = true;
  for (const Rational& v : values) k.keys.push_back(Key{v});
  return k;
}

template <typename Fn>
CriterionKeys PerMember(const std::vector<int>& group, const TieBreakField& f,
                        Fn fn) {
  std::vector<Rational> values;
  for (int i : group) values.push_back(fn(At(f, i)));
  return Single(values);
}

absl::StatusOr<const TieBreakEntrant*> Opponent(const TieBreakField& f,
                                                const TieBreakEntrant& e,
                                                const TieBreakMatch& m) {
  const auto it = f.index.find(m.opponent);
  if (it == f.index.end() && f.outside != nullptr) {
    // The other field of a two-field movement (ANC SR 16.4-16.5).
    const auto out = f.outside_index.find(m.opponent);
    if (out != f.outside_index.end()) return &(*f.outside)[out->second];
  }
  if (it == f.index.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("opponent ", m.opponent, " of ", e.id, " in round ",
                     m.round, " is not in the field being ranked"));
  }
  return &At(f, it->second);
}

// Sum over matches of the opponent's total (`vps` or `score`).
absl::StatusOr<CriterionKeys> OpponentsTotal(const std::vector<int>& group,
                                             const TieBreakField& f, bool vps) {
  std::vector<Rational> values;
  for (int i : group) {
    const TieBreakEntrant& e = At(f, i);
    Rational sum;
    for (const TieBreakMatch& m : e.matches) {
      if (m.opponent.empty()) continue;  // a bye
      absl::StatusOr<const TieBreakEntrant*> o = Opponent(f, e, m);
      if (!o.ok()) return o.status();
      sum += vps ? VpsOf(**o) : (*o)->score;
    }
    values.push_back(sum);
  }
  return Single(values);
}

absl::StatusOr<CriterionKeys> HeadToHead(const std::vector<int>& group,
                                         const TieBreakField& f) {
  CriterionKeys none;
  if (group.size() != 2) return none;
  const TieBreakEntrant& a = At(f, group[0]);
  const TieBreakEntrant& b = At(f, group[1]);
  auto against = [](const TieBreakEntrant& x, const std::string& y,
                    int& count) {
    Rational sum;
    for (const TieBreakMatch& m : x.matches) {
      if (m.opponent == y) {
        sum += m.score;
        ++count;
      }
    }
    return sum;
  };
  int na = 0;
  int nb = 0;
  const Rational sa = against(a, b.id, na);
  const Rational sb = against(b, a.id, nb);
  if (na == 0 && nb == 0) return none;
  if (na != nb) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the records of ", a.id, " and ", b.id,
        " disagree on how often they met (", na, " and ", nb,
        "); head-to-head (NSW TR 11.2.1(b), 11.2.4(c)) needs both"));
  }
  return Single({sa, sb});
}

absl::StatusOr<CriterionKeys> NetImpsCapped(const std::vector<int>& group,
                                            const TieBreakField& f) {
  std::vector<Rational> values;
  for (int i : group) {
    const TieBreakEntrant& e = At(f, i);
    Rational sum;
    for (const TieBreakMatch& m : e.matches) {
      if (m.imps > 0) {
        if (!m.blitz_margin.has_value()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "NSW TR 11.2.1(c) caps net IMPs at the margin of a 20-0 win: "
              "the round-",
              m.round, " match of ", e.id, " needs its blitz_margin"));
        }
        sum += std::min(m.imps, *m.blitz_margin);
      } else {
        sum += m.imps;
      }
    }
    values.push_back(sum);
  }
  return Single(values);
}

// Wins count 1, draws `draw_value`.
CriterionKeys Wins(const std::vector<int>& group, const TieBreakField& f,
                   const Rational& draw_value) {
  return PerMember(group, f, [&](const TieBreakEntrant& e) {
    Rational wins;
    for (const TieBreakMatch& m : e.matches) {
      if (!m.opponent_score.has_value()) continue;
      if (m.score > *m.opponent_score) wins += 1;
      if (m.score == *m.opponent_score) wins += draw_value;
    }
    return wins;
  });
}

CriterionKeys SuccessiveDeletion(const std::vector<int>& group,
                                 const TieBreakField& f) {
  size_t fewest = std::numeric_limits<size_t>::max();
  for (int i : group) fewest = std::min(fewest, At(f, i).matches.size());
  CriterionKeys k;
  if (fewest < 2) return k;  // nothing can be deleted and leave a result
  k.applies = true;
  for (int i : group) {
    const TieBreakEntrant& e = At(f, i);
    std::vector<Rational> scores;
    for (const TieBreakMatch& m : e.matches) scores.push_back(m.score);
    std::sort(scores.begin(), scores.end());
    Key key;
    Rational total = e.score;
    for (size_t d = 0; d + 1 < fewest; ++d) {
      total -= scores[d];
      key.push_back(total);
    }
    k.keys.push_back(key);
  }
  return k;
}

CriterionKeys SessionsAbove(const std::vector<int>& group,
                            const TieBreakField& f, int percent) {
  return PerMember(group, f, [&](const TieBreakEntrant& e) {
    int count = 0;
    for (const TieBreakSession& s : e.sessions) {
      if (s.played && s.percentage > Rational(percent)) ++count;
    }
    return Rational(count);
  });
}

// NSW TR 11.2.4(b).
CriterionKeys BoardComparison(const std::vector<int>& group,
                              const TieBreakField& f) {
  struct Play {
    int member;
    const TieBreakBoard* board;
  };
  std::map<std::pair<int, int>, std::vector<Play>> by_board;
  for (int g = 0; g < static_cast<int>(group.size()); ++g) {
    for (const TieBreakBoard& b : At(f, group[g]).boards) {
      by_board[{b.session, b.board}].push_back({g, &b});
    }
  }
  std::vector<Rational> points(group.size());
  for (const auto& [board, plays] : by_board) {
    for (const Play& p : plays) {
      int beaten = 0;
      int equalled = 0;
      int same_direction = 0;
      for (const Play& q : plays) {
        if (q.member == p.member || q.board->direction != p.board->direction) {
          continue;
        }
        ++same_direction;
        // (i): table scores; matchpoints where either is artificial.
        std::strong_ordering c = std::strong_ordering::equal;
        if (p.board->score.has_value() && q.board->score.has_value()) {
          c = *p.board->score <=> *q.board->score;
        } else {
          c = p.board->matchpoints <=> q.board->matchpoints;
        }
        if (c > 0) ++beaten;
        if (c == 0) ++equalled;
      }
      if (same_direction > 0) {
        points[p.member] += 2 * beaten + equalled;
      } else {
        // (ii): against the average on the board.
        const Rational half = p.board->top / 2;
        if (p.board->matchpoints > half) points[p.member] += 2;
        if (p.board->matchpoints == half) points[p.member] += 1;
      }
    }
  }
  return Single(points);
}

// NSW TR 11.2.4(d).
CriterionKeys AgainstHigherPlaced(const std::vector<int>& group,
                                  const TieBreakField& f) {
  const std::set<int> tied(group.begin(), group.end());
  std::vector<int> others;
  for (int i = 0; i < static_cast<int>(f.entrants->size()); ++i) {
    if (tied.count(i) == 0) others.push_back(i);
  }
  std::stable_sort(others.begin(), others.end(), [&](int x, int y) {
    return At(f, x).score > At(f, y).score;
  });
  CriterionKeys k;
  k.keys.assign(group.size(), Key{});
  for (int o : others) {
    const std::string& id = At(f, o).id;
    std::vector<Rational> against;
    for (int i : group) {
      bool met = false;
      Rational sum;
      for (const TieBreakMatch& m : At(f, i).matches) {
        if (m.opponent == id) {
          met = true;
          sum += m.score;
        }
      }
      if (!met) break;
      against.push_back(sum);
    }
    if (against.size() != group.size()) continue;
    k.applies = true;
    for (size_t g = 0; g < group.size(); ++g) k.keys[g].push_back(against[g]);
  }
  return k;
}

// A recorded outcome (a lot, a playoff): each member's place, 1 first.
absl::StatusOr<CriterionKeys> Recorded(
    const std::vector<int>& group, const TieBreakField& f,
    std::optional<int> TieBreakEntrant::*place, absl::string_view what) {
  CriterionKeys k;
  std::set<int> seen;
  for (int i : group) {
    const std::optional<int>& p = At(f, i).*place;
    if (!p.has_value()) {
      k.needs_recorded_outcome = true;
      return k;
    }
    if (!seen.insert(*p).second) {
      std::vector<std::string> ids;
      for (int j : group) ids.push_back(At(f, j).id);
      return absl::InvalidArgumentError(
          absl::StrCat("the ", what, " among ", absl::StrJoin(ids, ", "),
                       " gives two of them the same place ", *p));
    }
  }
  std::vector<Rational> values;
  for (int i : group) values.push_back(Rational(-*(At(f, i).*place)));
  return Single(values);
}

}  // namespace

absl::Span<const TieBreakCriterionInfo> AllTieBreakCriterionInfos() {
  return kCriteria;
}

absl::StatusOr<TieBreakCriterionInfo> FindTieBreakCriterionInfo(
    absl::string_view id) {
  for (const TieBreakCriterionInfo& c : kCriteria) {
    if (c.id == id) return c;
  }
  std::vector<std::string> ids;
  for (const TieBreakCriterionInfo& c : kCriteria) ids.emplace_back(c.id);
  return absl::NotFoundError(absl::StrCat(
      "no tie-break criterion '", id, "'; known: ", absl::StrJoin(ids, ", ")));
}

absl::StatusOr<CriterionKeys> EvaluateTieBreakCriterion(
    absl::string_view id, const std::vector<int>& group,
    const TieBreakField& f) {
  if (id == kCriterionTotalVps) {
    return PerMember(group, f,
                     [](const TieBreakEntrant& e) { return VpsOf(e); });
  }
  if (id == kCriterionTotalVpsWithoutFines) {
    return PerMember(
        group, f, [](const TieBreakEntrant& e) { return VpsOf(e) + e.fines; });
  }
  if (id == kCriterionRemoveCarryOver) {
    return PerMember(group, f, [](const TieBreakEntrant& e) {
      return e.score - e.carry_over;
    });
  }
  if (id == kCriterionOpponentsTotalVps) return OpponentsTotal(group, f, true);
  if (id == kCriterionOpponentsTotalMatchpoints) {
    if (!f.incomplete_movement) return CriterionKeys{};
    return OpponentsTotal(group, f, false);
  }
  if (id == kCriterionHeadToHead) return HeadToHead(group, f);
  if (id == kCriterionNetImps) {
    return PerMember(group, f, [](const TieBreakEntrant& e) {
      Rational sum;
      for (const TieBreakMatch& m : e.matches) sum += m.imps;
      return sum;
    });
  }
  if (id == kCriterionNetImpsCappedAtBlitz) return NetImpsCapped(group, f);
  if (id == kCriterionMatchesWon) return Wins(group, f, Rational(0));
  if (id == kCriterionWinsDrawHalf) return Wins(group, f, Rational(1, 2));
  if (id == kCriterionDropWorstResults) return SuccessiveDeletion(group, f);
  if (id == kCriterionMostSessionsPlayed) {
    return PerMember(group, f, [](const TieBreakEntrant& e) {
      int count = 0;
      for (const TieBreakSession& s : e.sessions) count += s.played ? 1 : 0;
      return Rational(count);
    });
  }
  if (id == kCriterionSessionsAbove60Percent)
    return SessionsAbove(group, f, 60);
  if (id == kCriterionSessionsAbove55Percent)
    return SessionsAbove(group, f, 55);
  if (id == kCriterionSessionsAbove50Percent)
    return SessionsAbove(group, f, 50);
  if (id == kCriterionMatchpointsBetweenTied) return BoardComparison(group, f);
  if (id == kCriterionScoreAgainstHighestPlaced)
    return AgainstHigherPlaced(group, f);
  if (id == kCriterionFourBoardPlayoff) {
    return Recorded(group, f, &TieBreakEntrant::playoff_place, "playoff");
  }
  if (id == kCriterionLot) {
    return Recorded(group, f, &TieBreakEntrant::lot, "lot");
  }
  absl::StatusOr<TieBreakCriterionInfo> known = FindTieBreakCriterionInfo(id);
  if (!known.ok()) return known.status();
  return absl::InternalError(
      absl::StrCat("tie-break criterion '", id, "' has no evaluation"));
}

}  // namespace tally::core
