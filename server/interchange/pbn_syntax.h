// PBN 2.1's syntax as both PBN readers (pairs, pbn_reader.h; teams,
// pbn_teams_reader.h) read it: a tag line, a table row's values, and the
// 16-board cycle a game's Dealer and Vulnerable must follow in tally. The
// readers word the refusals, naming their lines. Pure. Thread-safe.

#ifndef TALLY_SERVER_INTERCHANGE_PBN_SYNTAX_H_
#define TALLY_SERVER_INTERCHANGE_PBN_SYNTAX_H_

#include <optional>
#include <string>
#include <vector>

namespace tally::interchange {

// A tag line `[Name "value"]` (PBN 2.1 section 3): its name and value (a
// `#` value is returned as it is); nullopt when `line` (stripped) is not one.
struct PbnTag {
  std::string name;
  std::string value;
};
std::optional<PbnTag> ParsePbnTag(const std::string& line);

// A table row's values (PBN 2.1 section 5.3): separated by spaces or tabs,
// a quoted string one value without its quotes, "-" kept as it is;
// nullopt when a quote is not closed.
std::optional<std::vector<std::string>> PbnRowValues(const std::string& row);

// What the 16-board cycle (core/scoring/board.h: tally deals every board by
// it) gives for tag `name` ("Dealer" or "Vulnerable") on `board` when the
// tag's `value` says otherwise; "" when they agree or the value is "" or
// "?". Vulnerable's "Love", "-", "Both" are read as "None", "None", "All".
std::string BoardCycleMismatch(const std::string& name,
                               const std::string& value, int board);

}  // namespace tally::interchange

#endif  // TALLY_SERVER_INTERCHANGE_PBN_SYNTAX_H_
