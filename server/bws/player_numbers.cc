// PlayerNumbers and its check against tally's entry list (see
// player_numbers.h).

#include "server/bws/player_numbers.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace tally::bws {
namespace {

// The words of a name, lower-cased and sorted, without commas and stops.
std::vector<std::string> Words(const std::string& name) {
  std::string plain = absl::AsciiStrToLower(name);
  std::replace_if(
      plain.begin(), plain.end(), [](char c) { return c == ',' || c == '.'; },
      ' ');
  std::vector<std::string> words =
      absl::StrSplit(plain, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  std::sort(words.begin(), words.end());
  return words;
}

// The players tally expects at the table for `pair` in this session.
std::vector<std::string> Expected(const EntryPair& pair) {
  std::vector<std::string> expected;
  for (const std::string& p : pair.players) {
    if (pair.substitute.empty() || !SameName(p, pair.replaced_player)) {
      expected.push_back(p);
    }
  }
  if (!pair.substitute.empty()) expected.push_back(pair.substitute);
  return expected;
}

const v1::TableAssignment* TableIn(const v1::Movement& movement, int round,
                                   int table) {
  for (const v1::MovementRound& r : movement.rounds()) {
    if (r.round() != round) continue;
    for (const v1::TableAssignment& t : r.tables()) {
      if (t.table() == table) return &t;
    }
  }
  return nullptr;
}

bool IsSeat(const std::string& d) {
  return d == "N" || d == "E" || d == "S" || d == "W";
}

std::string SeatName(const std::string& d) {
  return d == "N" ? "North" : d == "E" ? "East" : d == "S" ? "South" : "West";
}

}  // namespace

absl::StatusOr<std::vector<PlayerNumberRow>> ReadPlayerNumbers(
    const CsvTable& table) {
  absl::StatusOr<size_t> section = table.RequiredColumn("Section");
  absl::StatusOr<size_t> number_at = table.RequiredColumn("Table");
  absl::StatusOr<size_t> direction = table.RequiredColumn("Direction");
  absl::StatusOr<size_t> number = table.RequiredColumn("Number");
  for (const auto* s : {&section, &number_at, &direction, &number}) {
    if (!s->ok()) return s->status();
  }
  const std::optional<size_t> name = table.Column("Name");
  const std::optional<size_t> round = table.Column("Round");
  std::vector<PlayerNumberRow> rows;
  for (const CsvRow& csv : table.rows) {
    PlayerNumberRow row;
    row.line = csv.line;
    row.text = csv.text;
    struct Int {
      const char* column;
      std::optional<size_t> at;
      int* out;
    };
    for (const Int& i : {Int{"Section", *section, &row.section},
                         Int{"Table", *number_at, &row.table},
                         Int{"Round", round, &row.round}}) {
      if (!i.at.has_value()) continue;
      long long value = 0;
      // An empty Round is the start of the session, as 0 is.
      if (!ReadWholeNumber(csv.fields[*i.at], i.out == &row.round, &value) ||
          value < 0 || value > 100000) {
        return absl::InvalidArgumentError(
            absl::StrCat(table.name, " line ", csv.line, ": ", i.column, " '",
                         csv.fields[*i.at], "' is not a whole number"));
      }
      *i.out = static_cast<int>(value);
    }
    row.direction = absl::AsciiStrToUpper(
        absl::StripAsciiWhitespace(csv.fields[*direction]));
    row.number = std::string(absl::StripAsciiWhitespace(csv.fields[*number]));
    if (name.has_value()) {
      row.name = std::string(absl::StripAsciiWhitespace(csv.fields[*name]));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

bool SameName(const std::string& a, const std::string& b) {
  const std::vector<std::string> words = Words(a);
  return !words.empty() && words == Words(b);
}

std::vector<SeatingDifference> SeatingDifferences(
    const std::vector<PlayerNumberRow>& rows, int section,
    const v1::Movement& movement, const EntryList& entries) {
  std::vector<SeatingDifference> out;
  for (const PlayerNumberRow& row : rows) {
    if (row.section != section || row.name.empty()) continue;
    const int round = std::max(row.round, 1);
    const std::string where = absl::StrCat(
        "PlayerNumbers line ", row.line, " (table ", row.table, ", round ",
        round, ", ",
        IsSeat(row.direction) ? SeatName(row.direction)
                              : absl::StrCat("direction '", row.direction, "'"),
        "): ");
    const std::string who =
        absl::StrCat(row.number.empty() || row.number == "0"
                         ? ""
                         : absl::StrCat("player ", row.number, " "),
                     row.name);
    auto add = [&](const std::string& what) {
      out.push_back({row.text, absl::StrCat(where, what)});
    };
    if (!IsSeat(row.direction)) {
      add(
          absl::StrCat("the direction is not N, E, S or W, so tally cannot "
                       "tell whose seat ",
                       who, " took"));
      continue;
    }
    const v1::TableAssignment* t = TableIn(movement, round, row.table);
    const bool north_south = row.direction == "N" || row.direction == "S";
    if (t == nullptr) {
      add(absl::StrCat(who,
                       " entered a number at a table tally's session "
                       "does not have in that round"));
      continue;
    }
    // A round whose boards at this table are all arrow switched is played
    // with the pairs in each other's directions.
    const bool switched = t->boards_size() > 0 &&
                          t->arrow_switched_boards_size() == t->boards_size();
    const int pair = north_south != switched ? t->ns_pair() : t->ew_pair();
    const std::string side = north_south ? "North-South" : "East-West";
    if (pair == 0) {
      add(absl::StrCat(who, " sits where tally's session has no ", side,
                       " pair (a sit-out)"));
      continue;
    }
    const auto entry = entries.find(pair);
    const std::vector<std::string> expected = entry == entries.end()
                                                  ? std::vector<std::string>()
                                                  : Expected(entry->second);
    if (std::any_of(
            expected.begin(), expected.end(),
            [&](const std::string& p) { return SameName(p, row.name); })) {
      continue;
    }
    std::string elsewhere;
    for (const auto& [number, other] : entries) {
      if (number == pair) continue;
      for (const std::string& p : Expected(other)) {
        if (SameName(p, row.name)) {
          elsewhere =
              absl::StrCat("; tally has ", row.name, " in pair ", number);
        }
      }
    }
    add(absl::StrCat(
        who, " is not in pair ", pair,
        expected.empty()
            ? ""
            : absl::StrCat(" (", absl::StrJoin(expected, ", "), ")"),
        ", tally's ", side, " pair there",
        elsewhere.empty()
            ? "; no pair of tally's has that player (a substitute: tally "
              "substitute)"
            : elsewhere,
        "; tally's entries are unchanged"));
  }
  return out;
}

}  // namespace tally::bws
