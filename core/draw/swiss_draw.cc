#include "core/draw/swiss_draw.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/base/status_macros.h"
#include "core/draw/modified_swiss.h"
#include "core/draw/pairing_search.h"
#include "core/draw/prng.h"

namespace tally::core {
namespace {

// Entrants left out of the two-way pairing in an odd field.
struct OddPart {
  std::vector<int> share;  // three ranks, best first (share or half matches)
  int bye = -1;
};

absl::Status Validate(const SwissDrawInput& in,
                      const std::map<std::string, int>& rank) {
  const int n = static_cast<int>(in.ranking.size());
  if (in.round < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round must be 1 or more, not ", in.round));
  }
  if (n < 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("a Swiss draw needs at least two entrants, not ", n));
  }
  if (static_cast<int>(rank.size()) != n) {
    return absl::InvalidArgumentError(
        "every entrant in the draw ranking needs a distinct, non-empty id");
  }
  for (int i = 1; i < n; ++i) {
    if (in.ranking[i].score > in.ranking[i - 1].score) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the draw ranking must be in order of score (SABF TR 14.1): ",
          in.ranking[i].id, " (", in.ranking[i].score.ToString(),
          ") is listed below ", in.ranking[i - 1].id, " (",
          in.ranking[i - 1].score.ToString(), ")"));
    }
  }
  for (const PastMeeting& m : in.meetings) {
    if (m.round < 1 || m.round >= in.round) {
      return absl::InvalidArgumentError(absl::StrCat(
          "a meeting of ", m.a, " and ", m.b, " in round ", m.round,
          " cannot be history for the draw of round ", in.round));
    }
  }
  for (const PastBye& b : in.byes) {
    if (b.round < 1 || b.round >= in.round) {
      return absl::InvalidArgumentError(
          absl::StrCat("a bye of ", b.entrant, " in round ", b.round,
                       " cannot be history for the draw of round ", in.round));
    }
  }
  if (in.options.repeats == RepeatRule::kModifiedSwiss) {
    const int rounds = in.options.total_rounds;
    if (rounds < in.round) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the modified Swiss (ANC SR appendix) needs the event's number of "
          "rounds (total_rounds ",
          rounds, ") to include round ", in.round));
    }
    if (!PlanSmallField(n, rounds).applies) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the modified Swiss (ANC SR appendix) is for fewer entrants than "
          "twice the rounds; ",
          n, " entrants over ", rounds, " rounds play a standard Swiss"));
    }
  }
  return absl::OkStatus();
}

MayMeetMatrix BuildMayMeet(const SwissDrawInput& in,
                           const std::map<std::string, int>& rank) {
  const int n = static_cast<int>(in.ranking.size());
  MayMeetMatrix may(n, std::vector<bool>(n, true));
  for (int i = 0; i < n; ++i) may[i][i] = false;
  for (const PastMeeting& m : in.meetings) {
    const auto a = rank.find(m.a);
    const auto b = rank.find(m.b);
    if (a == rank.end() || b == rank.end() || a->second == b->second) {
      continue;
    }
    if (!MayMeetAgain(in.options.repeats, in.options.total_rounds, in.round,
                      m.round)) {
      may[a->second][b->second] = false;
      may[b->second][a->second] = false;
    }
  }
  return may;
}

// The odd-field candidates in the order they are tried (swiss_draw.h).
std::vector<OddPart> OddCandidates(const SwissDrawInput& in,
                                   const std::map<std::string, int>& rank,
                                   const MayMeetMatrix& may) {
  const int n = static_cast<int>(in.ranking.size());
  std::vector<OddPart> out;
  if (n % 2 == 0) {
    out.push_back(OddPart{});
    return out;
  }
  if (in.options.odd_field == OddField::kBye) {
    std::vector<int> byes(n, 0);
    for (const PastBye& b : in.byes) {
      const auto it = rank.find(b.entrant);
      if (it != rank.end()) ++byes[it->second];
    }
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = n - 1 - i;  // lowest first
    std::stable_sort(order.begin(), order.end(),
                     [&](int x, int y) { return byes[x] < byes[y]; });
    for (int i : order) out.push_back(OddPart{{}, i});
    return out;
  }
  // SABF TR 14.1: not the top half (floor(n/2)); all three when n = 3.
  const int first = std::min(n / 2, n - 3);
  std::vector<std::array<int, 3>> trios;
  for (int a = first; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int c = b + 1; c < n; ++c) {
        if (may[a][b] && may[a][c] && may[b][c]) trios.push_back({a, b, c});
      }
    }
  }
  auto spread = [&](const std::array<int, 3>& t) {
    return in.ranking[t[0]].score - in.ranking[t[2]].score;
  };
  std::stable_sort(
      trios.begin(), trios.end(),
      [&](const std::array<int, 3>& x, const std::array<int, 3>& y) {
        const Rational sx = spread(x);
        const Rational sy = spread(y);
        if (sx != sy) return sx < sy;
        return x > y;  // the lower-placed trio first
      });
  for (const auto& t : trios) out.push_back(OddPart{{t[0], t[1], t[2]}, -1});
  return out;
}

// Ranks of the entrants left to pair two by two, best first.
std::vector<int> Rest(int n, const OddPart& odd) {
  std::vector<int> rest;
  for (int i = 0; i < n; ++i) {
    if (i == odd.bye ||
        std::find(odd.share.begin(), odd.share.end(), i) != odd.share.end()) {
      continue;
    }
    rest.push_back(i);
  }
  return rest;
}

// SABF TR 14.1 round one, on `rest` (even, best first).
std::vector<std::pair<int, int>> FirstRoundPairs(const std::vector<int>& rest,
                                                 FirstRound method,
                                                 DrawRng& rng) {
  const int m = static_cast<int>(rest.size());
  const int h = m / 2;
  std::vector<std::pair<int, int>> pairs;
  if (method == FirstRound::kTopHalfVersusBottomHalf) {
    for (int i = 0; i < h; ++i) pairs.emplace_back(rest[i], rest[i + h]);
    return pairs;
  }
  const int q = (h + 1) / 2;  // the top quarter
  std::vector<int> outer;
  std::vector<int> middle;
  for (int i = 0; i < m; ++i) {
    (i >= q && i < q + h ? middle : outer).push_back(rest[i]);
  }
  rng.Shuffle(middle);
  for (int i = 0; i < h; ++i) {
    pairs.emplace_back(std::min(outer[i], middle[i]),
                       std::max(outer[i], middle[i]));
  }
  return pairs;
}

}  // namespace

absl::StatusOr<Draw> DrawSwissRound(const SwissDrawInput& in) {
  std::map<std::string, int> rank;
  for (int i = 0; i < static_cast<int>(in.ranking.size()); ++i) {
    if (!in.ranking[i].id.empty()) rank.emplace(in.ranking[i].id, i);
  }
  TALLY_RETURN_IF_ERROR(Validate(in, rank));
  const int n = static_cast<int>(in.ranking.size());
  const MayMeetMatrix may = BuildMayMeet(in, rank);
  DrawRng rng(in.seed);

  OddPart odd;
  std::vector<std::pair<int, int>> pairs;  // ranks, better first
  std::vector<int> adjusted;               // ranks of adjusted matches' tops
  bool found = false;
  for (const OddPart& candidate : OddCandidates(in, rank, may)) {
    const std::vector<int> rest = Rest(n, candidate);
    if (in.round == 1) {
      // Nobody has met yet: the first candidate always leaves a draw.
      odd = candidate;
      pairs = FirstRoundPairs(rest, in.options.first_round, rng);
      found = true;
      break;
    }
    MayMeetMatrix sub(rest.size(), std::vector<bool>(rest.size()));
    for (size_t i = 0; i < rest.size(); ++i) {
      for (size_t j = 0; j < rest.size(); ++j) {
        sub[i][j] = may[rest[i]][rest[j]];
      }
    }
    using Pairs = std::optional<std::vector<std::pair<int, int>>>;
    TALLY_ASSIGN_OR_RETURN(Pairs made,
                           PairDownTheField(sub, in.options.max_search_steps));
    if (!made.has_value()) continue;
    odd = candidate;
    for (const auto& [x, y] : *made) pairs.emplace_back(rest[x], rest[y]);
    for (int k : AdjustedMatches(sub, *made)) {
      adjusted.push_back(pairs[k].first);
    }
    found = true;
    break;
  }
  if (!found) {
    return absl::FailedPreconditionError(absl::StrCat(
        "no draw for round ", in.round, " of these ", n,
        " entrants avoids a repeat meeting (SABF TR 14.1)",
        in.options.repeats == RepeatRule::kNever
            ? "; a small field may use the modified Swiss (ANC SR appendix)"
            : ""));
  }

  // Number the matches by their best-ranked entrant (top match: table 1).
  std::vector<int> tops;
  for (const auto& p : pairs) tops.push_back(p.first);
  if (!odd.share.empty()) tops.push_back(odd.share[0]);
  std::sort(tops.begin(), tops.end());
  auto table_of = [&](int top) {
    return static_cast<int>(std::lower_bound(tops.begin(), tops.end(), top) -
                            tops.begin()) +
           1;
  };

  Draw draw;
  draw.round = in.round;
  std::sort(pairs.begin(), pairs.end());
  for (const auto& [better, worse] : pairs) {
    bool better_home = true;
    if (in.options.home == HomeRule::kByLot) {
      better_home = rng.UniformBelow(2) == 1;  // SABF TR 13.6
    }
    const std::string& b = in.ranking[better].id;
    const std::string& w = in.ranking[worse].id;
    draw.matches.push_back(
        DrawnMatch{table_of(better), better_home ? b : w, better_home ? w : b});
  }
  if (!odd.share.empty()) {
    const int table = table_of(odd.share[0]);
    const std::string& a = in.ranking[odd.share[0]].id;
    const std::string& b = in.ranking[odd.share[1]].id;
    const std::string& c = in.ranking[odd.share[2]].id;
    if (in.options.odd_field == OddField::kHalfMatches) {
      draw.half_matches = HalfMatchGroup{table, a, b, c};  // NSW TR 12.7
    } else {
      draw.share = ShareMatch{table, a, b, c};  // SABF TR 14.1
    }
  }
  if (odd.bye >= 0) draw.bye = in.ranking[odd.bye].id;
  for (int top : adjusted) draw.adjusted_tables.push_back(table_of(top));
  std::sort(draw.adjusted_tables.begin(), draw.adjusted_tables.end());
  return draw;
}

std::vector<PastMeeting> MeetingsInDraw(const Draw& draw) {
  std::vector<PastMeeting> out;
  for (const DrawnMatch& m : draw.matches) {
    out.push_back(PastMeeting{draw.round, m.home, m.away});
  }
  if (draw.share.has_value()) {
    const ShareMatch& s = *draw.share;
    out.push_back(PastMeeting{draw.round, s.a, s.b});
    out.push_back(PastMeeting{draw.round, s.c, s.a});
    out.push_back(PastMeeting{draw.round, s.b, s.c});
  }
  if (draw.half_matches.has_value()) {
    const HalfMatchGroup& g = *draw.half_matches;
    out.push_back(PastMeeting{draw.round, g.pivot, g.first});
    out.push_back(PastMeeting{draw.round, g.pivot, g.second});
    out.push_back(PastMeeting{draw.round, g.first, g.second});
  }
  return out;
}

std::optional<PastBye> ByeInDraw(const Draw& draw) {
  if (!draw.bye.has_value()) return std::nullopt;
  return PastBye{draw.round, *draw.bye};
}

}  // namespace tally::core
