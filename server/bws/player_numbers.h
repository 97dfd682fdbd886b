// The players at the tables, from a BWS file's PlayerNumbers table (one row
// a seat: Section, Table, Direction N/E/S/W, the Number the player keyed in
// on the Bridgemate, the Name Bridgemate Control Software found for it, and
// the Round they entered it in, 0 or empty for the start of the session),
// checked against tally's entry list: a director learns where the players
// at a table are not the pair tally has there (a substitute not recorded,
// a wrong number, pairs in each other's seats). tally never changes its
// entries from the file. Columns are found by name. Pure. Thread-safe.

#ifndef TALLY_SERVER_BWS_PLAYER_NUMBERS_H_
#define TALLY_SERVER_BWS_PLAYER_NUMBERS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/bws/csv_table.h"
#include "tally/v1/common.pb.h"

namespace tally::bws {

// Intentionally copyable.
struct PlayerNumberRow {
  int line = 0;      // the row's line in the exported CSV
  std::string text;  // the row as exported
  int section = 0;
  int table = 0;
  std::string direction;  // "N", "E", "S" or "W"
  std::string number;     // as keyed in ("0" or empty: none yet)
  std::string name;       // empty when BCS knows no name for the number
  int round = 0;          // 0: the start of the session
};

// The rows of PlayerNumbers. INVALID_ARGUMENT naming the column when
// Section, Table, Direction or Number is missing, or the line when Section,
// Table or Round is not a whole number. Name and Round are read when there.
absl::StatusOr<std::vector<PlayerNumberRow>> ReadPlayerNumbers(
    const CsvTable& table);

// One pair of tally's entry list, for one session: its registered players
// and the substitute the director recorded for the session, if any.
struct EntryPair {
  std::vector<std::string> players;
  std::string substitute;       // empty: none
  std::string replaced_player;  // the registered player the substitute replaces
};
using EntryList = std::map<int, EntryPair>;  // pair number -> pair

// Whether two names are the same player's: the same words, ignoring case,
// commas and full stops and their order ("Smith, John" is "John Smith").
bool SameName(const std::string& a, const std::string& b);

// A player not at their pair's seat: the row, and what is wrong as a
// director reads it ("PlayerNumbers line 3 (table 2, round 1, North): ...").
struct SeatingDifference {
  std::string row_text;
  std::string what;
};

// For each row of `section` (the PlayerNumbers' Section ID) with a name,
// one difference when the player is not one of the pair `movement` (tally's
// session, its tables numbered as the Bridgemates number them) seats there
// in that round (the first round for a number entered at the start; the
// pairs swapped in a round whose boards at that table are all arrow
// switched): whom tally expects there and, when the player is in another
// of tally's pairs, which. Empty when every named player sits where tally
// has their pair. A row without a name is not checked: tally keeps no
// player numbers, only names.
std::vector<SeatingDifference> SeatingDifferences(
    const std::vector<PlayerNumberRow>& rows, int section,
    const v1::Movement& movement, const EntryList& entries);

}  // namespace tally::bws

#endif  // TALLY_SERVER_BWS_PLAYER_NUMBERS_H_
