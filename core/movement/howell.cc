#include "core/movement/howell.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

// The matches of round 1 other than table 1's, {u_i, v_i} (NS, EW), with
// the set offset w_i of each, integers modulo m = 2n-1.
struct Starter {
  std::vector<std::pair<int, int>> matches;
  std::vector<int> offsets;
};

class StarterSearch {
 public:
  explicit StarterSearch(int m)
      : m_(m), covered_(m, false), offset_used_(m, false) {
    covered_[0] = true;      // table 1's set offset w_0 - 0
    offset_used_[0] = true;  // w_0 = 0
  }

  // The classic starter {i, -i}; the offsets searched with the largest
  // difference first.
  bool Classic(Starter* out) {
    starter_ = {};
    for (int i = (m_ - 1) / 2; i >= 1; --i) {
      starter_.matches.push_back({i, m_ - i});
    }
    starter_.offsets.assign(starter_.matches.size(), 0);
    if (!ClassicOffsets(0)) return false;
    // Table i+1 plays {i, -i}: list in order of i.
    Starter sorted;
    for (size_t k = starter_.matches.size(); k-- > 0;) {
      sorted.matches.push_back(starter_.matches[k]);
      sorted.offsets.push_back(starter_.offsets[k]);
    }
    *out = std::move(sorted);
    return true;
  }

  // Any starter: the smallest unplaced integer is paired with a larger one
  // in turn, with an offset for the match.
  bool Any(Starter* out) {
    starter_ = {};
    placed_.assign(m_, false);
    placed_[0] = true;
    differences_.assign(m_, false);
    if (!AnyFrom()) return false;
    *out = starter_;
    return true;
  }

 private:
  int Mod(int x) const { return ((x % m_) + m_) % m_; }

  // Tries offset w for match {u, v}; on success marks it and returns true.
  bool Take(int u, int v, int w) {
    const int a = Mod(w - u), b = Mod(w - v);
    if (offset_used_[w] || covered_[a] || covered_[b] || a == b) return false;
    offset_used_[w] = covered_[a] = covered_[b] = true;
    return true;
  }
  void Release(int u, int v, int w) {
    offset_used_[w] = covered_[Mod(w - u)] = covered_[Mod(w - v)] = false;
  }

  bool ClassicOffsets(size_t k) {
    if (k == starter_.matches.size()) return true;
    const auto [u, v] = starter_.matches[k];
    for (int w = 1; w < m_; ++w) {
      if (!Take(u, v, w)) continue;
      starter_.offsets[k] = w;
      if (ClassicOffsets(k + 1)) return true;
      Release(u, v, w);
    }
    return false;
  }

  bool AnyFrom() {
    int u = 1;
    while (u < m_ && placed_[u]) ++u;
    if (u == m_) return true;
    for (int v = u + 1; v < m_; ++v) {
      const int d = Mod(u - v);
      if (placed_[v] || differences_[d] || differences_[Mod(-d)]) continue;
      for (int w = 1; w < m_; ++w) {
        if (!Take(u, v, w)) continue;
        placed_[u] = placed_[v] = differences_[d] = differences_[Mod(-d)] =
            true;
        starter_.matches.push_back({u, v});
        starter_.offsets.push_back(w);
        if (AnyFrom()) return true;
        starter_.matches.pop_back();
        starter_.offsets.pop_back();
        placed_[u] = placed_[v] = differences_[d] = differences_[Mod(-d)] =
            false;
        Release(u, v, w);
      }
    }
    return false;
  }

  const int m_;
  std::vector<bool> covered_;      // set offsets relative to the pair
  std::vector<bool> offset_used_;  // w values taken
  std::vector<bool> placed_;       // integers in the starter (Any)
  std::vector<bool> differences_;  // differences used (Any)
  Starter starter_;
};

}  // namespace

absl::StatusOr<Movement> HowellMovement(int pairs, int boards_per_round) {
  if (pairs >= 4 && pairs <= 6) {
    return absl::InvalidArgumentError(absl::StrCat(
        "no complete Howell with a different set of boards at each table "
        "exists for ",
        pairs,
        " pairs; give the movement explicitly (e.g. a published Howell "
        "with shared or relayed boards)"));
  }
  if (pairs < 4 || pairs > 32) {
    return absl::InvalidArgumentError(absl::StrCat(
        "tally generates complete Howells for 7 to 32 pairs, not ", pairs));
  }
  if (boards_per_round < 1 || boards_per_round > 8) {
    return absl::InvalidArgumentError(absl::StrCat(
        "boards per round must be 1 to 8, not ", boards_per_round));
  }
  const bool phantom = pairs % 2 == 1;  // pair 2n absent: its table empty
  const int stationary = phantom ? pairs + 1 : pairs;  // pair 2n
  const int m = stationary - 1;                        // rounds and sets
  Starter starter;
  if (!StarterSearch(m).Classic(&starter) && !StarterSearch(m).Any(&starter)) {
    // Unreachable for 7..32 pairs (howell_test runs every size).
    return absl::InternalError(
        absl::StrCat("no Howell offsets found for ", pairs, " pairs"));
  }
  auto pair_of = [m](int x) { return ((x % m) + m) % m + 1; };
  auto boards_of = [&](int set) {  // set: 0-based modulo m
    std::vector<int> boards;
    const int s = ((set % m) + m) % m;
    for (int b = 1; b <= boards_per_round; ++b) {
      boards.push_back(s * boards_per_round + b);
    }
    return boards;
  };
  Movement movement;
  for (int r = 0; r < m; ++r) {
    MovementRound round{r + 1, {}};
    if (!phantom) {
      round.tables.push_back({1, stationary, pair_of(r), boards_of(r)});
    }
    for (size_t i = 0; i < starter.matches.size(); ++i) {
      const auto [u, v] = starter.matches[i];
      const int table = static_cast<int>(i) + (phantom ? 1 : 2);
      round.tables.push_back({table, pair_of(r + u), pair_of(r + v),
                              boards_of(r + starter.offsets[i])});
    }
    movement.rounds.push_back(std::move(round));
  }
  return movement;
}

}  // namespace tally::core
