#include "replay/rulings.h"

#include <set>

namespace tally::replay {

std::vector<const RulingRecord*> RulingsInForce(
    const std::vector<RulingRecord>& rulings) {
  std::set<uint64_t> superseded;
  for (const RulingRecord& r : rulings) {
    // NZ LIRG 82C: the new ruling replaces the one it names.
    if (r.ruling.supersedes_sequence() != 0) {
      superseded.insert(r.ruling.supersedes_sequence());
    }
  }
  std::vector<const RulingRecord*> out;
  for (const RulingRecord& r : rulings) {
    if (!superseded.contains(r.sequence)) out.push_back(&r);
  }
  return out;
}

const RulingRecord* FindRuling(const std::vector<RulingRecord>& rulings,
                               uint64_t sequence) {
  for (const RulingRecord& r : rulings) {
    if (r.sequence == sequence) return &r;
  }
  return nullptr;
}

bool InForce(const std::vector<RulingRecord>& rulings, uint64_t sequence) {
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (r->sequence == sequence) return true;
  }
  return false;
}

std::optional<AdjustmentInForce> AdjustmentAt(
    const std::vector<RulingRecord>& rulings, int board, int table,
    v1::Room room) {
  std::optional<AdjustmentInForce> found;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    const v1::RulingMade& m = r->ruling;
    if (!m.has_adjusted() || m.board() != board || m.table() != table ||
        m.room() != room) {
      continue;
    }
    // The latest in force holds (decide keeps it to one).
    found = AdjustmentInForce{r->sequence, &m.adjusted(), m.non_offending()};
  }
  return found;
}

std::vector<const RulingRecord*> PenaltiesInForce(
    const std::vector<RulingRecord>& rulings) {
  std::vector<const RulingRecord*> out;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (r->ruling.has_penalty()) out.push_back(r);
  }
  return out;
}

const RulingRecord* FouledTreatmentAt(const std::vector<RulingRecord>& rulings,
                                      int board) {
  const RulingRecord* found = nullptr;
  for (const RulingRecord* r : RulingsInForce(rulings)) {
    if (r->ruling.has_fouled() && r->ruling.board() == board) found = r;
  }
  return found;
}

}  // namespace tally::replay
