// The sections of a matchpoint pairs session (Movement.sections;
// core/movement/sections.h) as the read side uses them: which section a
// table or pair is in, and a table or pair named as a director reads it
// ("B3": section B's third). Built from a SessionState; without sections
// every label is the plain number. Thread-compatible.

#ifndef TALLY_REPLAY_PAIRS_SESSION_SECTIONS_H_
#define TALLY_REPLAY_PAIRS_SESSION_SECTIONS_H_

#include <string>
#include <vector>

#include "core/movement/sections.h"
#include "replay/state/state.h"

namespace tally::replay {

class SessionSections {
 public:
  explicit SessionSections(const SessionState& session);

  bool empty() const { return sections_.empty(); }
  const std::vector<core::MovementSection>& all() const { return sections_; }

  // The section's name, "" without sections (or for a number in none).
  std::string OfTable(int table) const;
  std::string OfPair(int pair) const;

  // "B3" for the session's table (or pair) that is section B's third; the
  // plain number without sections.
  std::string TableLabel(int table) const;
  std::string PairLabel(int pair) const;

 private:
  std::vector<core::MovementSection> sections_;
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_PAIRS_SESSION_SECTIONS_H_
