// Sections of a matchpoint pairs session: several movements (each a
// Mitchell or a Howell over its own tables) placed one after another in
// one session, every section's tables and pairs numbered apart from the
// others' (section B's follow A's), and the checks a sectioned movement
// must pass. Pure. Thread-compatible.

#ifndef TALLY_CORE_MOVEMENT_SECTIONS_H_
#define TALLY_CORE_MOVEMENT_SECTIONS_H_

#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/movement/movement.h"

namespace tally::core {

// One section: the session's tables first_table .. first_table+tables-1
// and pairs first_pair .. first_pair+pairs-1. A director reads the
// session's table first_table+k-1 as the section's table k ("B3").
struct MovementSection {
  std::string name;  // "A", "B", ...: 1-4 letters or digits
  int first_table = 0;
  int tables = 0;
  int first_pair = 0;
  int pairs = 0;
  std::string source;  // how its movement was made
};

// A section's own movement, numbered from table 1 and pair 1.
struct SectionMovement {
  std::string name;
  Movement movement;
  std::string source;
};

struct SectionedMovement {
  Movement movement;
  std::vector<MovementSection> sections;  // in the order given
};

// Places the sections one after another: section i's tables and pairs
// are offset by the tables and pairs (the largest numbers used) of the
// sections before it; round r of the session holds round r of every
// section that has one. Boards keep their numbers (every section plays
// from the same boards). InvalidArgument for fewer than two sections, a
// bad or repeated name, or a section without tables.
absl::StatusOr<SectionedMovement> PlaceSections(
    const std::vector<SectionMovement>& sections);

// Checks `sections` against `movement`: names valid and unique, table and
// pair ranges positive and not overlapping another section's, and every
// table of the movement in exactly one section with both its pairs in
// that section's pairs. InvalidArgument naming the section, table or pair.
absl::Status CheckSections(const Movement& movement,
                           const std::vector<MovementSection>& sections);

// The section holding `table`, or nullptr.
const MovementSection* SectionOfTable(
    const std::vector<MovementSection>& sections, int table);
// The section holding `pair`, or nullptr.
const MovementSection* SectionOfPair(
    const std::vector<MovementSection>& sections, int pair);

// The boards the tables of `section` play in `movement`.
std::set<int> SectionBoards(const Movement& movement,
                            const MovementSection& section);

// Scored across the field, every section must play the same boards:
// InvalidArgument naming the first section whose boards differ from the
// first section's, and a board one plays and the other does not.
absl::Status CheckSectionsPlaySameBoards(
    const Movement& movement, const std::vector<MovementSection>& sections);

}  // namespace tally::core

#endif  // TALLY_CORE_MOVEMENT_SECTIONS_H_
