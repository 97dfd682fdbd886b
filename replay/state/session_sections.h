// The sections of a pairs session (Movement.sections;
// core/movement/sections.h), matchpointed or scored in IMPs (Butler,
// cross-IMPs), as the read side uses them: which section a table or pair
// is in, and a table or pair named as a director reads it ("B3": section
// B's third). Built from a SessionState; without sections every label is
// the plain number; and the comparisons each board is scored in (the
// tables whose results are matchpointed together, or whose scores make one
// datum or are cross-IMPed together) with the times each plays it.
// Thread-compatible.

#ifndef TALLY_REPLAY_STATE_SESSION_SECTIONS_H_
#define TALLY_REPLAY_STATE_SESSION_SECTIONS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/movement/sections.h"
#include "core/profile/profile.h"
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

// Whether `profile` matchpoints a session in sections over the whole field
// (profile `sections.scored: across_field`) rather than within each section.
bool SectionsScoredAcrossTheField(const core::RegulationProfile& profile);

// How many tables the movement has play each board in the comparison a
// pair is matchpointed in: its section's tables when the session is in
// sections scored within each section, else the whole session's
// (SessionState.times_scheduled); with `factor_short_boards`
// (club.factor_short_boards) a board played fewer times counts as played
// the session's most times (MostTimes). The tops a pair's totals are
// measured against come from these. Thread-compatible.
class ComparisonTimes {
 public:
  ComparisonTimes(const SessionState& session, bool across_field,
                  bool factor_short_boards = false);
  // With the profile's section scoring and club.factor_short_boards.
  ComparisonTimes(const SessionState& session,
                  const core::RegulationProfile& profile);

  // The most times any board is played in one comparison: the session's
  // factor-to-tables value.
  int MostTimes() const { return most_; }

  // The comparison a table's results are matchpointed in: its section's
  // name when sections are scored apart, else "" (the whole session).
  std::string ComparisonOfTable(int table) const;

  // The comparisons that play `board`: "" (the whole session) unless
  // sections are scored apart, else each section that plays it, in the
  // sections' (table) order.
  std::vector<std::string> ComparisonsOfBoard(int board) const;

  // The times `comparison` plays the board (factored as above); 0 where it
  // does not play it.
  int In(const std::string& comparison, int board) const;

  // 0 where the pair's comparison does not play the board.
  int Of(int pair, int board) const;

  // The board's top in the pair's comparison, 2 x (times - 1); 0 where its
  // comparison does not play the board.
  int64_t TopOf(int pair, int board) const;

  // The tops of every board the pair's comparison plays, those the pair
  // sat out included: Compscore's full session top for a scaled total.
  int64_t FullTopOf(int pair) const;

 private:
  std::string ComparisonOfPair(int pair) const;

  SessionSections sections_;
  bool by_section_ = false;
  bool factor_short_boards_ = false;
  int most_ = 0;
  std::map<std::string, std::map<int, int>> times_;  // section -> board
};

}  // namespace tally::replay

#endif  // TALLY_REPLAY_STATE_SESSION_SECTIONS_H_
