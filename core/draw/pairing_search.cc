#include "core/draw/pairing_search.h"

#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

// The set of unpaired entrants, one bit each.
using Remaining = std::vector<uint64_t>;

bool Has(const Remaining& r, int i) { return (r[i / 64] >> (i % 64)) & 1; }
void Set(Remaining& r, int i) { r[i / 64] |= uint64_t{1} << (i % 64); }
void Clear(Remaining& r, int i) { r[i / 64] &= ~(uint64_t{1} << (i % 64)); }

enum class Outcome { kFound, kNone, kOutOfSteps };

class Search {
 public:
  Search(const MayMeetMatrix& may_meet, int64_t max_steps)
      : may_meet_(may_meet),
        n_(static_cast<int>(may_meet.size())),
        max_steps_(max_steps) {}

  Outcome Run(std::vector<std::pair<int, int>>& matches) {
    Remaining all((n_ + 63) / 64, 0);
    for (int i = 0; i < n_; ++i) Set(all, i);
    return Pair(all, matches);
  }

 private:
  // Steps 2-3 for the unpaired entrants `r`: appends a valid pairing of them
  // to `matches`, the first in the procedure's order.
  Outcome Pair(Remaining& r, std::vector<std::pair<int, int>>& matches) {
    int h = -1;
    for (int i = 0; i < n_; ++i) {
      if (Has(r, i)) {
        h = i;
        break;
      }
    }
    if (h < 0) return Outcome::kFound;
    if (dead_ends_.count(r) > 0 || HasOddGroup(r)) {
      return Outcome::kNone;
    }
    Clear(r, h);
    for (int x = h + 1; x < n_; ++x) {
      if (!Has(r, x) || !may_meet_[h][x]) continue;
      if (++steps_ > max_steps_) {
        Set(r, h);
        return Outcome::kOutOfSteps;
      }
      Clear(r, x);
      matches.emplace_back(h, x);
      const Outcome o = Pair(r, matches);
      if (o != Outcome::kNone) {
        Set(r, x);
        Set(r, h);
        return o;
      }
      // Step 3: take this match back and try h's next candidate.
      matches.pop_back();
      Set(r, x);
    }
    Set(r, h);
    dead_ends_.insert(r);
    return Outcome::kNone;
  }

  // True when the unpaired entrants `r` fall into groups that may only meet
  // among themselves and one of the groups has an odd number: someone in it
  // is left over whatever the pairing (an entrant who may meet none of the
  // others is such a group of one).
  bool HasOddGroup(const Remaining& r) const {
    std::vector<bool> seen(n_, false);
    std::vector<int> stack;
    for (int s = 0; s < n_; ++s) {
      if (!Has(r, s) || seen[s]) continue;
      int size = 0;
      seen[s] = true;
      stack.push_back(s);
      while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        ++size;
        for (int j = 0; j < n_; ++j) {
          if (!seen[j] && Has(r, j) && may_meet_[i][j]) {
            seen[j] = true;
            stack.push_back(j);
          }
        }
      }
      if (size % 2 != 0) return true;
    }
    return false;
  }

  const MayMeetMatrix& may_meet_;
  const int n_;
  const int64_t max_steps_;
  int64_t steps_ = 0;
  // Sets of unpaired entrants with no valid pairing. Only looked up, never
  // iterated, so its order cannot leak into a draw.
  std::set<Remaining> dead_ends_;
};

}  // namespace

absl::StatusOr<std::optional<std::vector<std::pair<int, int>>>>
PairDownTheField(const MayMeetMatrix& may_meet, int64_t max_steps) {
  if (may_meet.size() % 2 != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "pairing needs an even number of entrants, not ", may_meet.size()));
  }
  std::vector<std::pair<int, int>> matches;
  Search search(may_meet, max_steps);
  switch (search.Run(matches)) {
    case Outcome::kFound:
      return std::optional<std::vector<std::pair<int, int>>>(
          std::move(matches));
    case Outcome::kNone:
      return std::optional<std::vector<std::pair<int, int>>>();
    case Outcome::kOutOfSteps:
      break;
  }
  return absl::ResourceExhaustedError(absl::StrCat(
      "the Swiss draw (SABF TR 14.1) tried more than ", max_steps,
      " tentative matches without settling; raise max_search_steps"));
}

std::vector<int> AdjustedMatches(
    const MayMeetMatrix& may_meet,
    const std::vector<std::pair<int, int>>& matches) {
  const int n = static_cast<int>(may_meet.size());
  std::vector<bool> paired(n, false);
  std::vector<int> adjusted;
  for (int k = 0; k < static_cast<int>(matches.size()); ++k) {
    const auto [h, x] = matches[k];
    paired[h] = true;
    int first = -1;
    for (int j = h + 1; j < n; ++j) {
      if (!paired[j] && may_meet[h][j]) {
        first = j;
        break;
      }
    }
    if (first != x) adjusted.push_back(k);
    paired[x] = true;
  }
  return adjusted;
}

}  // namespace tally::core
