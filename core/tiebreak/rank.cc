#include "core/tiebreak/rank.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/base/rational.h"
#include "core/base/status_macros.h"
#include "core/tiebreak/criteria.h"

namespace tally::core {
namespace {

// A run of entrants placed together: several only when left tied.
struct Block {
  std::vector<int> members;
  // What separated this block from the one above it; nullptr for the first
  // block of a score group (then the score did, or nothing for the top).
  const TieBreakStep* separated_by = nullptr;
  // The step whose recorded outcome (a lot, a playoff) this block waits
  // for; nullptr when nothing is due.
  const TieBreakStep* due = nullptr;
};

class Breaker {
 public:
  Breaker(const TieBreakChainSpec& chain, const TieBreakField& field)
      : chain_(chain), field_(field) {}

  // Breaks the tie `group` (in score order) whose best place is `first`,
  // appending its blocks to `out`; `above` separates its first block.
  absl::Status Break(const std::vector<int>& group, int first,
                     const TieBreakStep* above, std::vector<Block>& out) {
    const int last = first + static_cast<int>(group.size()) - 1;
    const bool in_scope = !chain_.only_for_position.has_value() ||
                          (first <= *chain_.only_for_position &&
                           *chain_.only_for_position <= last);
    if (group.size() > 1 && in_scope) {
      for (const TieBreakStep& step : chain_.steps) {
        TALLY_ASSIGN_OR_RETURN(
            CriterionKeys keys,
            EvaluateTieBreakCriterion(step.criterion, group, field_));
        if (keys.needs_recorded_outcome) {
          PendingDecision pending{step.criterion, step.clause, {}};
          for (int i : group)
            pending.entrants.push_back((*field_.entrants)[i].id);
          pending_.push_back(std::move(pending));
          out.push_back(Block{group, above, &step});
          return absl::OkStatus();
        }
        if (!keys.applies) continue;
        std::vector<std::vector<int>> parts = Split(group, keys);
        if (parts.size() == 1) continue;
        int place = first;
        for (size_t p = 0; p < parts.size(); ++p) {
          TALLY_RETURN_IF_ERROR(
              Break(parts[p], place, p == 0 ? above : &step, out));
          place += static_cast<int>(parts[p].size());
        }
        return absl::OkStatus();
      }
    }
    out.push_back(Block{group, above});
    return absl::OkStatus();
  }

  std::vector<PendingDecision> TakePending() { return std::move(pending_); }

 private:
  // Groups of equal keys, best key first, score order kept within each.
  static std::vector<std::vector<int>> Split(const std::vector<int>& group,
                                             const CriterionKeys& keys) {
    std::vector<int> order(group.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return keys.keys[a] > keys.keys[b]; });
    std::vector<std::vector<int>> parts;
    for (size_t k = 0; k < order.size(); ++k) {
      if (k == 0 || keys.keys[order[k]] != keys.keys[order[k - 1]]) {
        parts.emplace_back();
      }
      parts.back().push_back(group[order[k]]);
    }
    return parts;
  }

  const TieBreakChainSpec& chain_;
  const TieBreakField& field_;
  std::vector<PendingDecision> pending_;
};

}  // namespace

std::string PlaceDecisionText(const Placing& placing) {
  switch (placing.decision) {
    case PlaceDecision::kTop:
      return "";
    case PlaceDecision::kScore:
      return "score";
    case PlaceDecision::kTieBreak:
      return placing.criterion;
    case PlaceDecision::kShared:
      return "shared";
    case PlaceDecision::kOutcomeDue:
      return absl::StrCat(placing.criterion, "_due");
  }
  return "";
}

absl::StatusOr<TieBreakResult> RankWithTieBreaks(
    const TieBreakChainSpec& chain, const std::vector<TieBreakEntrant>& field,
    const TieBreakOptions& options) {
  TieBreakField f;
  f.entrants = &field;
  f.incomplete_movement = options.incomplete_movement;
  for (int i = 0; i < static_cast<int>(field.size()); ++i) {
    if (field[i].id.empty() || !f.index.emplace(field[i].id, i).second) {
      return absl::InvalidArgumentError(
          "every entrant ranked needs a distinct, non-empty id");
    }
  }
  f.outside = &options.opponents_outside_field;
  for (int i = 0; i < static_cast<int>(f.outside->size()); ++i) {
    const std::string& id = (*f.outside)[i].id;
    if (id.empty() || f.index.contains(id) ||
        !f.outside_index.emplace(id, i).second) {
      return absl::InvalidArgumentError(
          "every opponent outside the field needs a distinct, non-empty id "
          "that is not among the entrants ranked");
    }
  }
  if (chain.tie_within < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("tie-break chain ", chain.id, " has a negative margin"));
  }
  for (const TieBreakStep& step : chain.steps) {
    if (!FindTieBreakCriterionInfo(step.criterion).ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("tie-break chain ", chain.id,
                       " names an unknown criterion '", step.criterion, "'"));
    }
  }

  // Step 1: score order and ties.
  std::vector<int> order(field.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return field[a].score > field[b].score;
  });
  std::vector<std::vector<int>> groups;
  for (size_t k = 0; k < order.size(); ++k) {
    if (k == 0 ||
        field[order[k - 1]].score - field[order[k]].score > chain.tie_within) {
      groups.emplace_back();
    }
    groups.back().push_back(order[k]);
  }

  // Steps 2-3.
  Breaker breaker(chain, f);
  TieBreakResult result;
  int place = 1;
  for (const std::vector<int>& group : groups) {
    std::vector<Block> blocks;
    TALLY_RETURN_IF_ERROR(breaker.Break(group, place, nullptr, blocks));
    // Step 4.
    for (size_t b = 0; b < blocks.size(); ++b) {
      for (size_t m = 0; m < blocks[b].members.size(); ++m) {
        Placing p;
        p.id = field[blocks[b].members[m]].id;
        p.position = place;
        p.tied_on_score = group.size() > 1;
        if (blocks[b].due != nullptr) {
          // NSW TR 11.2.1(f), ANC SR 12.2: a lot decides, not a shared place.
          p.decision = PlaceDecision::kOutcomeDue;
          p.criterion = blocks[b].due->criterion;
          p.clause = blocks[b].due->clause;
        } else if (m > 0) {
          p.decision = PlaceDecision::kShared;
        } else if (blocks[b].separated_by != nullptr) {
          p.decision = PlaceDecision::kTieBreak;
          p.criterion = blocks[b].separated_by->criterion;
          p.clause = blocks[b].separated_by->clause;
        } else {
          p.decision = result.placings.empty() ? PlaceDecision::kTop
                                               : PlaceDecision::kScore;
        }
        result.placings.push_back(std::move(p));
      }
      place += static_cast<int>(blocks[b].members.size());
    }
  }
  result.pending = breaker.TakePending();
  return result;
}

}  // namespace tally::core
