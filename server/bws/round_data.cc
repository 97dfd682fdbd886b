// RoundData and its check against tally's movement (see round_data.h).

#include "server/bws/round_data.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tally::bws {
namespace {

// "boards 3-4", "board 7", "boards 1, 3".
std::string Boards(std::vector<int> boards) {
  std::sort(boards.begin(), boards.end());
  if (boards.size() == 1) return absl::StrCat("board ", boards[0]);
  if (!boards.empty() &&
      boards.back() - boards.front() + 1 == static_cast<int>(boards.size())) {
    return absl::StrCat("boards ", boards.front(), "-", boards.back());
  }
  return absl::StrCat("boards ", absl::StrJoin(boards, ", "));
}

struct Play {
  int ns = 0;
  int ew = 0;
  std::vector<int> boards;
};

std::string Describe(const Play& p) {
  return absl::StrCat("NS ", p.ns, " v EW ", p.ew, " on ", Boards(p.boards));
}

// Bridgemate pair (its direction, its number) -> tally pair, and back:
// consistent when each Bridgemate pair is one tally pair and each tally
// pair one Bridgemate number.
class PairNumbering {
 public:
  // False when seating `tally` where the Bridgemates seat (`north_south`,
  // `bws`) contradicts an earlier table.
  bool Agree(bool north_south, int bws, int tally) {
    auto [forward, new_forward] =
        forward_.try_emplace({north_south, bws}, tally);
    auto [back, new_back] = back_.try_emplace(tally, bws);
    return forward->second == tally && back->second == bws;
  }

 private:
  std::map<std::pair<bool, int>, int> forward_;
  std::map<int, int> back_;
};

}  // namespace

absl::StatusOr<std::vector<RoundDataRow>> ReadRoundData(const CsvTable& table) {
  struct Column {
    const char* name;
    int RoundDataRow::*field;
  };
  const Column kColumns[] = {
      {"Section", &RoundDataRow::section},
      {"Table", &RoundDataRow::table},
      {"Round", &RoundDataRow::round},
      {"NSPair", &RoundDataRow::ns_pair},
      {"EWPair", &RoundDataRow::ew_pair},
      {"LowBoard", &RoundDataRow::low_board},
      {"HighBoard", &RoundDataRow::high_board},
  };
  std::vector<size_t> at;
  for (const Column& c : kColumns) {
    absl::StatusOr<size_t> column = table.RequiredColumn(c.name);
    if (!column.ok()) return column.status();
    at.push_back(*column);
  }
  // An individual movement seats a player in South too (TabScore reads a
  // filled South as an individual event).
  const std::optional<size_t> south = table.Column("South");
  std::vector<RoundDataRow> rows;
  for (const CsvRow& csv : table.rows) {
    RoundDataRow row;
    row.line = csv.line;
    long long south_player = 0;
    if (south.has_value() &&
        ReadWholeNumber(csv.fields[*south], true, &south_player) &&
        south_player > 0) {
      row.south = true;
    }
    for (size_t i = 0; i < at.size(); ++i) {
      long long value = 0;
      if (!ReadWholeNumber(csv.fields[at[i]], false, &value) || value < 0 ||
          value > 100000) {
        return absl::InvalidArgumentError(
            absl::StrCat(table.name, " line ", csv.line, ": ", kColumns[i].name,
                         " '", csv.fields[at[i]], "' is not a whole number"));
      }
      row.*(kColumns[i].field) = static_cast<int>(value);
    }
    if (row.table < 1 || row.round < 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          table.name, " line ", csv.line, ": table ", row.table, ", round ",
          row.round, ": tables and rounds are numbered from 1"));
    }
    const bool plays = row.ns_pair != 0 && row.ew_pair != 0;
    if (plays && (row.low_board < 1 || row.high_board < row.low_board)) {
      return absl::InvalidArgumentError(absl::StrCat(
          table.name, " line ", csv.line, ": boards ", row.low_board, " to ",
          row.high_board, " are not a range of boards"));
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::string> MovementDifferences(
    const std::vector<RoundDataRow>& rows, int section,
    const v1::Movement& movement) {
  std::map<std::pair<int, int>, Play> tally;  // (round, table)
  for (const v1::MovementRound& round : movement.rounds()) {
    for (const v1::TableAssignment& t : round.tables()) {
      tally[{round.round(), t.table()}] = Play{
          t.ns_pair(), t.ew_pair(), {t.boards().begin(), t.boards().end()}};
    }
  }
  std::vector<const RoundDataRow*> ordered;
  for (const RoundDataRow& row : rows) {
    if (row.section == section && row.ns_pair != 0 && row.ew_pair != 0) {
      ordered.push_back(&row);
    }
  }
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const RoundDataRow* a, const RoundDataRow* b) {
                     return std::pair(a->round, a->table) <
                            std::pair(b->round, b->table);
                   });
  std::vector<std::string> differences;
  PairNumbering numbering;
  std::map<std::pair<int, int>, bool> seen;
  for (const RoundDataRow* row : ordered) {
    Play bws{row->ns_pair, row->ew_pair, {}};
    for (int b = row->low_board; b <= row->high_board; ++b) {
      bws.boards.push_back(b);
    }
    const std::string where = absl::StrCat(
        "RoundData line ", row->line, " (table ", row->table, ", round ",
        row->round, "): the Bridgemates have ", Describe(bws), "; ");
    auto it = tally.find({row->round, row->table});
    if (it == tally.end()) {
      differences.push_back(
          absl::StrCat(where, "tally's session has no play at table ",
                       row->table, " in round ", row->round));
      continue;
    }
    seen[it->first] = true;
    const Play& ours = it->second;
    std::vector<int> a = bws.boards, b = ours.boards;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) {
      differences.push_back(
          absl::StrCat(where, "tally's session has ", Describe(ours)));
      continue;
    }
    if (!numbering.Agree(true, bws.ns, ours.ns) ||
        !numbering.Agree(false, bws.ew, ours.ew)) {
      differences.push_back(absl::StrCat(
          where, "tally's session has ", Describe(ours),
          ", which is not the same pairs under the numbering of the tables "
          "before"));
    }
  }
  for (const auto& [key, play] : tally) {
    if (seen.contains(key)) continue;
    differences.push_back(
        absl::StrCat("tally's session has ", Describe(play), " at table ",
                     key.second, " in round ", key.first,
                     "; the Bridgemates' RoundData has no play "
                     "there"));
  }
  return differences;
}

absl::StatusOr<SectionPlay> PlayOfSection(const v1::Movement& movement,
                                          const std::string& letter) {
  if (movement.sections().empty()) return SectionPlay{movement, 0, ""};
  std::vector<std::string> names;
  for (const v1::MovementSection& section : movement.sections()) {
    names.push_back(section.name());
    if (section.name() != letter) continue;
    const int first = section.first_table();
    const int last = first + section.tables() - 1;
    SectionPlay play{v1::Movement(), first - 1,
                     absl::StrCat("tally's tables ", first, "-", last)};
    for (const v1::MovementRound& round : movement.rounds()) {
      v1::MovementRound* ours = play.movement.add_rounds();
      ours->set_round(round.round());
      for (const v1::TableAssignment& t : round.tables()) {
        if (t.table() < first || t.table() > last) continue;
        v1::TableAssignment* table = ours->add_tables();
        *table = t;
        table->set_table(t.table() - play.table_offset);
      }
    }
    return play;
  }
  return absl::FailedPreconditionError(
      absl::StrCat("tally's session has sections ", absl::StrJoin(names, ", "),
                   " and none named ", letter,
                   ", the Bridgemates' section; nothing was sent"));
}

}  // namespace tally::bws
