#include "replay/rulings/pending_appeals.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tally::replay {

AppealMark AppealMarkAt(const CompetitionState& competition, int session,
                        int board, int table, v1::Room room) {
  AppealMark mark;
  for (const auto& [number, appeal] : competition.appeals) {
    const v1::AppealLodged& lodged = appeal.lodged;
    if (lodged.session() != session || lodged.board() != board ||
        lodged.table() != table || lodged.room() != room) {
      continue;
    }
    mark.appeals.push_back(number);
    // NSW TR 13.2-13.3: pending "until the result of the appeal is known";
    // a further appeal does not reopen it (see the header).
    if (!appeal.decided.has_value() && !appeal.withdrawn.has_value()) {
      mark.pending = true;
    }
  }
  mark.decided = !mark.appeals.empty() && !mark.pending;
  return mark;
}

bool DirectorSubstitutes(const CompetitionState& competition, int session,
                         int board) {
  auto it = competition.datum_substitutes.find({session, board});
  return it != competition.datum_substitutes.end() &&
         it->second.include_substitutes();
}

void MarkAppeals(const CompetitionState& competition, core::RoundInput& input) {
  if (competition.appeals.empty()) return;
  for (int board : input.boards) {
    if (DirectorSubstitutes(competition, input.round, board)) {
      input.director_substitutes_boards.insert(board);
    }
  }
  for (core::BoardResultAt& r : input.results) {
    // Pairs record no room; a teams room is 1 (open) or 2 (closed), as
    // v1::Room numbers them.
    const AppealMark mark =
        AppealMarkAt(competition, input.round, r.board, r.table,
                     static_cast<v1::Room>(r.room));
    r.pending_appeal = mark.pending;
    r.appeal_decided = mark.decided;
  }
}

std::string DatumAppealText(const core::DatumResult& datum) {
  if (datum.provisional) {
    return "provisional: appeal pending, NSW TR 13.2 (the score used as it "
           "stands)";
  }
  auto has = [&](core::ScoreRole role) {
    return std::find(datum.roles.begin(), datum.roles.end(), role) !=
           datum.roles.end();
  };
  std::string text;
  if (has(core::ScoreRole::kPendingAppeal)) {
    text = "appeal pending: the score left out, NSW TR 13.3";
  } else if (has(core::ScoreRole::kAppealDecided)) {
    text =
        "appeal decided: the datum taken while it was pending stands, NSW TR "
        "13.3";
  }
  if (!text.empty() && !datum.substitute_tables.empty()) {
    absl::StrAppend(&text, "; table",
                    datum.substitute_tables.size() == 1 ? " " : "s ",
                    absl::StrJoin(datum.substitute_tables, ", "),
                    " brought in by the Director");
  }
  return text;
}

MatchAppealNote MatchAppealNoteOf(const CompetitionState& competition,
                                  int round, const core::RoundScore& score,
                                  int table) {
  MatchAppealNote note;
  if (competition.appeals.empty()) return note;
  std::vector<std::string> reasons;
  for (const core::BoardScore& b : score.boards) {
    const bool own = AppealMarkAt(competition, round, b.board, table).pending;
    if (own) note.pending_boards.push_back(b.board);
    if (b.datum.has_value() && b.datum->provisional) {
      // NSW TR 13.2: every table's score on the board rests on the datum.
      reasons.push_back(absl::StrCat(
          "board ", b.board,
          own ? ": this table's score is pending appeal and" : ":",
          " the datum uses a score pending appeal (NSW TR 13.2)"));
    } else if (own) {
      // NSW TR 13.3: the datum is taken without it; only this match moves.
      reasons.push_back(absl::StrCat(
          "board ", b.board,
          ": this table's score is pending appeal; only this match will "
          "change (NSW TR 13.3)"));
    }
  }
  if (!reasons.empty()) {
    note.reason = absl::StrCat("provisional: ", absl::StrJoin(reasons, "; "));
  }
  return note;
}

}  // namespace tally::replay
