#include "server/cli/movement_text.h"

#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "server/cli/text_table.h"

namespace tally::cli {
namespace {

const v1::MovementRound* RoundAfter(const v1::Movement& movement, int round) {
  const v1::MovementRound* next = nullptr;
  for (const v1::MovementRound& r : movement.rounds()) {
    if (r.round() > round && (next == nullptr || r.round() < next->round())) {
      next = &r;
    }
  }
  return next;
}

// Where `pair` plays in `next`: "table 3 NS"; "sits out" when it does not.
std::string PairNext(const v1::MovementRound* next, int pair) {
  if (next == nullptr) return "end";
  for (const v1::TableAssignment& t : next->tables()) {
    if (t.ns_pair() == pair) return absl::StrCat("table ", t.table(), " NS");
    if (t.ew_pair() == pair) return absl::StrCat("table ", t.table(), " EW");
  }
  return "sits out";
}

// Where the boards `boards` are played in `next`; "aside" when nowhere.
std::string BoardsNext(const v1::MovementRound* next,
                       const google::protobuf::RepeatedField<int>& boards) {
  if (next == nullptr) return "end";
  std::set<int> tables;
  for (const v1::TableAssignment& t : next->tables()) {
    for (int b : t.boards()) {
      for (int mine : boards) {
        if (b == mine) tables.insert(t.table());
      }
    }
  }
  if (tables.empty()) return "aside";
  return absl::StrCat(tables.size() == 1 ? "table " : "tables ",
                      absl::StrJoin(tables, ", "));
}

}  // namespace

std::string BoardsText(const std::vector<int>& boards) {
  if (boards.empty()) return "-";
  bool consecutive = true;
  for (size_t i = 1; i < boards.size(); ++i) {
    if (boards[i] != boards[i - 1] + 1) consecutive = false;
  }
  if (consecutive && boards.size() > 1) {
    return absl::StrCat(boards.front(), "-", boards.back());
  }
  return absl::StrJoin(boards, ",");
}

namespace {

// "1-3", or "1-3 (3 switched)" where the pairs swap directions on 3.
std::string BoardsWithSwitch(const v1::TableAssignment& t) {
  std::string text = BoardsText({t.boards().begin(), t.boards().end()});
  if (t.arrow_switched_boards().empty()) return text;
  return absl::StrCat(text, " (",
                      BoardsText({t.arrow_switched_boards().begin(),
                                  t.arrow_switched_boards().end()}),
                      " switched)");
}

}  // namespace

std::string MovementGuideCards(const v1::Movement& movement) {
  // Table -> (round -> its assignment).
  std::map<int, std::map<int, const v1::TableAssignment*>> cards;
  for (const v1::MovementRound& r : movement.rounds()) {
    for (const v1::TableAssignment& t : r.tables()) {
      cards[t.table()][r.round()] = &t;
    }
  }
  std::string out;
  for (const auto& [table, rounds] : cards) {
    TextTable card(
        {"Round", "NS", "EW", "Boards", "NS next", "EW next", "Boards next"});
    for (const auto& [round, t] : rounds) {
      const v1::MovementRound* next = RoundAfter(movement, round);
      card.AddRow({absl::StrCat(round), absl::StrCat(t->ns_pair()),
                   absl::StrCat(t->ew_pair()),
                   BoardsWithSwitch(*t),
                   PairNext(next, t->ns_pair()), PairNext(next, t->ew_pair()),
                   BoardsNext(next, t->boards())});
    }
    absl::StrAppend(&out, out.empty() ? "" : "\n", "Table ", table, "\n",
                    card.Render());
  }
  return out;
}

}  // namespace tally::cli
