#include "core/movement/sections.h"

#include <algorithm>
#include <map>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace tally::core {
namespace {

absl::Status CheckName(const std::string& name) {
  if (name.empty() || name.size() > 4 ||
      !std::all_of(name.begin(), name.end(),
                   [](char c) { return absl::ascii_isalnum(c); })) {
    return absl::InvalidArgumentError(absl::StrCat(
        "section name '", name, "' is not valid: 1 to 4 letters or digits"));
  }
  return absl::OkStatus();
}

absl::Status CheckNames(const std::vector<std::string>& names) {
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (absl::Status s = CheckName(name); !s.ok()) return s;
    if (!seen.insert(name).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("section '", name, "' is named twice"));
    }
  }
  return absl::OkStatus();
}

bool Contains(int first, int count, int n) {
  return n >= first && n < first + count;
}

bool Overlap(int first_a, int count_a, int first_b, int count_b) {
  return first_a < first_b + count_b && first_b < first_a + count_a;
}

std::string Range(int first, int count) {
  return absl::StrCat(first, "-", first + count - 1);
}

}  // namespace

absl::StatusOr<SectionedMovement> PlaceSections(
    const std::vector<SectionMovement>& sections) {
  if (sections.size() < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a session in sections has two or more, not ", sections.size()));
  }
  std::vector<std::string> names;
  for (const SectionMovement& s : sections) names.push_back(s.name);
  if (absl::Status s = CheckNames(names); !s.ok()) return s;
  SectionedMovement out;
  std::map<int, MovementRound> rounds;
  int table_offset = 0;
  int pair_offset = 0;
  for (const SectionMovement& s : sections) {
    int tables = 0;
    int pairs = 0;
    for (const MovementRound& r : s.movement.rounds) {
      MovementRound& into = rounds[r.round];
      into.round = r.round;
      for (TableSeating t : r.tables) {
        tables = std::max(tables, t.table);
        pairs = std::max({pairs, t.ns_pair, t.ew_pair});
        t.table += table_offset;
        t.ns_pair += pair_offset;
        t.ew_pair += pair_offset;
        into.tables.push_back(std::move(t));
      }
    }
    if (tables == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("section ", s.name, " has no tables"));
    }
    out.sections.push_back(
        {s.name, table_offset + 1, tables, pair_offset + 1, pairs, s.source});
    table_offset += tables;
    pair_offset += pairs;
  }
  for (auto& [number, round] : rounds) {
    out.movement.rounds.push_back(std::move(round));
  }
  return out;
}

absl::Status CheckSections(const Movement& movement,
                           const std::vector<MovementSection>& sections) {
  std::vector<std::string> names;
  for (const MovementSection& s : sections) names.push_back(s.name);
  if (absl::Status s = CheckNames(names); !s.ok()) return s;
  for (size_t i = 0; i < sections.size(); ++i) {
    const MovementSection& a = sections[i];
    if (a.first_table < 1 || a.tables < 1 || a.first_pair < 1 || a.pairs < 2) {
      return absl::InvalidArgumentError(
          absl::StrCat("section ", a.name,
                       " needs a first table and pair of 1 or more, "
                       "at least one table and two pairs"));
    }
    for (size_t j = 0; j < i; ++j) {
      const MovementSection& b = sections[j];
      if (Overlap(a.first_table, a.tables, b.first_table, b.tables)) {
        return absl::InvalidArgumentError(
            absl::StrCat("sections ", b.name, " and ", a.name,
                         " share tables (", Range(b.first_table, b.tables),
                         " and ", Range(a.first_table, a.tables),
                         "): each table belongs to one section"));
      }
      if (Overlap(a.first_pair, a.pairs, b.first_pair, b.pairs)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "sections ", b.name, " and ", a.name, " share pair numbers (",
            Range(b.first_pair, b.pairs), " and ", Range(a.first_pair, a.pairs),
            "): each pair plays in one section"));
      }
    }
  }
  for (const MovementRound& r : movement.rounds) {
    for (const TableSeating& t : r.tables) {
      const MovementSection* s = SectionOfTable(sections, t.table);
      if (s == nullptr) {
        return absl::InvalidArgumentError(
            absl::StrCat("table ", t.table,
                         " is in no section: every table of a session "
                         "in sections belongs to one"));
      }
      for (int pair : {t.ns_pair, t.ew_pair}) {
        if (!Contains(s->first_pair, s->pairs, pair)) {
          return absl::InvalidArgumentError(absl::StrCat(
              "pair ", pair, " plays at table ", t.table, " in round ", r.round,
              ", in section ", s->name, ", whose pairs are ",
              Range(s->first_pair, s->pairs)));
        }
      }
    }
  }
  return absl::OkStatus();
}

const MovementSection* SectionOfTable(
    const std::vector<MovementSection>& sections, int table) {
  for (const MovementSection& s : sections) {
    if (Contains(s.first_table, s.tables, table)) return &s;
  }
  return nullptr;
}

const MovementSection* SectionOfPair(
    const std::vector<MovementSection>& sections, int pair) {
  for (const MovementSection& s : sections) {
    if (Contains(s.first_pair, s.pairs, pair)) return &s;
  }
  return nullptr;
}

std::set<int> SectionBoards(const Movement& movement,
                            const MovementSection& section) {
  std::set<int> boards;
  for (const MovementRound& r : movement.rounds) {
    for (const TableSeating& t : r.tables) {
      if (!Contains(section.first_table, section.tables, t.table)) continue;
      boards.insert(t.boards.begin(), t.boards.end());
    }
  }
  return boards;
}

absl::Status CheckSectionsPlaySameBoards(
    const Movement& movement, const std::vector<MovementSection>& sections) {
  if (sections.empty()) return absl::OkStatus();
  const std::set<int> first = SectionBoards(movement, sections.front());
  for (size_t i = 1; i < sections.size(); ++i) {
    const std::set<int> boards = SectionBoards(movement, sections[i]);
    if (boards == first) continue;
    std::vector<int> only_one;
    std::set_symmetric_difference(first.begin(), first.end(), boards.begin(),
                                  boards.end(), std::back_inserter(only_one));
    const int board = only_one.front();
    return absl::InvalidArgumentError(absl::StrCat(
        "sections scored across the field play the same boards, but board ",
        board, " is played in section ",
        first.contains(board) ? sections.front().name : sections[i].name,
        " and not in section ",
        first.contains(board) ? sections[i].name : sections.front().name,
        "; score the sections within each section or give them the same "
        "boards"));
  }
  return absl::OkStatus();
}

}  // namespace tally::core
