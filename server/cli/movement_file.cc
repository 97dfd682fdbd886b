#include "server/cli/movement_file.h"

#include <map>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace tally::cli {
namespace {

// "4-6" into first 4 and count 3; a single number is a range of one.
bool ReadRange(absl::string_view text, int& first, int& count) {
  std::vector<absl::string_view> ends = absl::StrSplit(text, '-');
  int last = 0;
  if (ends.size() == 1 && absl::SimpleAtoi(ends[0], &first)) {
    last = first;
  } else if (ends.size() != 2 || !absl::SimpleAtoi(ends[0], &first) ||
             !absl::SimpleAtoi(ends[1], &last)) {
    return false;
  }
  if (first < 1 || last < first) return false;
  count = last - first + 1;
  return true;
}

absl::Status LineError(int line, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", what));
}

absl::Status ReadSection(const std::vector<std::string>& w, int line,
                         v1::Movement& movement) {
  int first_table = 0, tables = 0, first_pair = 0, pairs = 0;
  if (w.size() != 4 || !ReadRange(w[2], first_table, tables) ||
      !ReadRange(w[3], first_pair, pairs)) {
    return LineError(line,
                     "expected 'section NAME TABLES PAIRS', e.g. 'section B "
                     "4-6 7-12'");
  }
  v1::MovementSection* s = movement.add_sections();
  s->set_name(w[1]);
  s->set_first_table(first_table);
  s->set_tables(tables);
  s->set_first_pair(first_pair);
  s->set_pairs(pairs);
  s->set_source("explicit");
  return absl::OkStatus();
}

absl::Status ReadTable(const std::vector<std::string>& w, int line,
                       std::map<int, v1::MovementRound*>& rounds,
                       v1::Movement& movement) {
  int round = 0, table = 0, ns = 0, ew = 0;
  if (w.size() != 5 || !absl::SimpleAtoi(w[0], &round) ||
      !absl::SimpleAtoi(w[1], &table) || !absl::SimpleAtoi(w[2], &ns) ||
      !absl::SimpleAtoi(w[3], &ew)) {
    return LineError(line,
                     "expected 'ROUND TABLE NS_PAIR EW_PAIR BOARDS' or "
                     "'section NAME TABLES PAIRS'");
  }
  v1::MovementRound*& r = rounds[round];
  if (r == nullptr) {
    r = movement.add_rounds();
    r->set_round(round);
  }
  v1::TableAssignment* a = r->add_tables();
  a->set_table(table);
  a->set_ns_pair(ns);
  a->set_ew_pair(ew);
  for (absl::string_view b : absl::StrSplit(w[4], ',')) {
    // "7*": board 7 is played arrow-switched at this table.
    const bool switched = absl::ConsumeSuffix(&b, "*");
    int board = 0;
    if (!absl::SimpleAtoi(b, &board)) {
      return LineError(line, absl::StrCat("board '", b, "' is not a number"));
    }
    a->add_boards(board);
    if (switched) a->add_arrow_switched_boards(board);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ParseMovementFile(const std::string& text,
                               v1::Movement& movement) {
  std::map<int, v1::MovementRound*> rounds;
  int line_number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++line_number;
    const absl::string_view line = absl::StripAsciiWhitespace(raw);
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> w =
        absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    const absl::Status read =
        w[0] == "section" ? ReadSection(w, line_number, movement)
                          : ReadTable(w, line_number, rounds, movement);
    if (!read.ok()) return read;
  }
  return absl::OkStatus();
}

}  // namespace tally::cli
