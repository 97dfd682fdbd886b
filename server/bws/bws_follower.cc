// The BWS follower (see bws_follower.h).

#include "server/bws/bws_follower.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "replay/log/sha256.h"
#include "server/bws/csv_table.h"
#include "server/bws/row_result.h"

namespace tally::bws {
namespace {

constexpr char kFormat[] = "bridgemate-bws ReceivedData";

std::string RowName(const ReceivedRow& row) {
  return absl::StrCat("ReceivedData row ", row.id, " (table ", row.table,
                      ", round ", row.round, ", board ", row.board, ")");
}

bool NotReached(const absl::Status& s) {
  return s.code() == absl::StatusCode::kUnavailable ||
         s.code() == absl::StatusCode::kDeadlineExceeded;
}

absl::StatusOr<CsvTable> ReadTable(BwsSource& source, const std::string& name) {
  absl::StatusOr<std::string> text = source.ExportTable(name);
  if (!text.ok()) return text.status();
  return ParseCsv(*text, name);
}

}  // namespace

std::string RowKey(const FollowTarget& target, const std::string& file_name,
                   const ReceivedRow& row) {
  const std::string what =
      absl::StrJoin({target.tournament_id, target.competition_id,
                     absl::StrCat(target.session), target.section, file_name,
                     absl::StrCat(row.id), row.text},
                    std::string(1, '\0'));
  return absl::StrCat("bws-", replay::ToHex(replay::Sha256(what)));
}

absl::StatusOr<int> BwsFollower::SectionId(
    const std::map<int, std::string>& sections) {
  std::vector<std::string> letters;
  for (const auto& [id, letter] : sections) {
    if (target_.section.empty() ? sections.size() == 1
                                : letter == target_.section) {
      return id;
    }
    letters.push_back(letter);
  }
  if (letters.empty()) {
    return absl::InvalidArgumentError(
        "the Section table of the BWS file has no section");
  }
  return absl::InvalidArgumentError(absl::StrCat(
      target_.section.empty() ? "the BWS file has sections "
                              : absl::StrCat("the BWS file has no section ",
                                             target_.section, "; it has "),
      absl::StrJoin(letters, ", "), ": say which one to follow (--section)"));
}

absl::Status BwsFollower::CheckMovement(BwsSource& source, int section,
                                        const std::string& letter,
                                        ResultSink& sink) {
  absl::StatusOr<CsvTable> table = ReadTable(source, "RoundData");
  if (!table.ok()) return table.status();
  absl::StatusOr<std::vector<RoundDataRow>> rows = ReadRoundData(*table);
  if (!rows.ok()) return rows.status();
  const std::string session =
      absl::StrCat("session ", target_.session, " of ", target_.competition_id,
                   " in ", target_.tournament_id);
  absl::StatusOr<v1::Movement> movement = sink.SessionMovement(target_);
  if (movement.status().code() == absl::StatusCode::kNotFound) {
    return absl::FailedPreconditionError(absl::StrCat(
        "tally has no ", session,
        ": define it first with the movement the Bridgemates play (tally "
        "define-session); nothing was sent"));
  }
  if (!movement.ok()) return movement.status();
  absl::StatusOr<SectionPlay> play = PlayOfSection(*movement, letter);
  if (!play.ok()) return play.status();
  const std::vector<std::string> differences =
      MovementDifferences(*rows, section, play->movement);
  if (differences.empty()) {
    table_offset_ = play->table_offset;
    return absl::OkStatus();
  }
  constexpr size_t kShown = 5;
  std::vector<std::string> shown(
      differences.begin(),
      differences.begin() + std::min(kShown, differences.size()));
  return absl::FailedPreconditionError(absl::StrCat(
      "the Bridgemates in section ", letter, " do not play the movement of ",
      session,
      play->tables.empty() ? "" : absl::StrCat(" (", play->tables, ")"),
      ", so their results would be scored where they were not "
      "played; nothing was sent. ",
      absl::StrJoin(shown, "; "),
      differences.size() > kShown
          ? absl::StrCat("; and ", differences.size() - kShown, " more")
          : ""));
}

absl::Status BwsFollower::Handle(const ReceivedRow& row,
                                 const std::string& file_name, ResultSink& sink,
                                 PollReport& report) {
  BoardAtTable& board = boards_[{row.table, row.board}];
  if (row.erased) {
    report.problems.push_back(absl::StrCat(
        RowName(row), ": the Bridgemate erased ",
        board.has_result
            ? absl::StrCat("this board's result; tally keeps the one from "
                           "row ",
                           board.row_id,
                           " (a result is never removed: a row re-entering "
                           "it corrects it, or the director does)")
            : "a result tally does not have; nothing to change"));
    return absl::OkStatus();
  }
  absl::StatusOr<v1::TableResult> result = ResultOfRow(row);
  if (!result.ok()) {
    report.problems.push_back(absl::StrCat(
        RowName(row), ": ", result.status().message(), "; not sent"));
    return absl::OkStatus();
  }
  if (board.has_result &&
      board.result.SerializeAsString() == result->SerializeAsString()) {
    return absl::OkStatus();  // the same result again: nothing to change
  }
  v1::CommandOptions options;
  options.set_idempotency_key(RowKey(target_, file_name, row));
  v1::Provenance* p = options.mutable_provenance();
  p->set_format(kFormat);
  p->set_file_name(file_name);
  p->set_file_sha256(replay::ToHex(replay::Sha256(row.text)));
  p->set_line(static_cast<int>(row.id));
  absl::StatusOr<bool> appended;
  if (!board.has_result) {
    v1::EnterResultRequest r;
    FillTableResult(options, row, *result, r);
    r.set_round(row.round);
    appended = sink.Enter(r);
  } else {
    v1::CorrectResultRequest r;
    FillTableResult(options, row, *result, r);
    // Bridgemate: North-South enter the result and East-West accept it on
    // the table's terminal, so a re-entered result is one both sides
    // agreed (Law 79C).
    r.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
    r.set_reason(absl::StrCat("re-entered on the Bridgemate: ReceivedData row ",
                              row.id, " replaces row ", board.row_id));
    r.add_agreed_by(absl::StrCat("NS pair ", row.pair_ns, " (Bridgemate)"));
    r.add_agreed_by(absl::StrCat("EW pair ", row.pair_ew, " (Bridgemate)"));
    appended = sink.Correct(r);
  }
  if (!appended.ok()) {
    if (NotReached(appended.status())) return appended.status();
    report.problems.push_back(absl::StrCat(RowName(row), ": tally refused ",
                                           DescribeRow(row), ": ",
                                           appended.status().message()));
    return absl::OkStatus();
  }
  if (!*appended) {
    ++report.already;
  } else if (board.has_result) {
    ++report.corrected;
  } else {
    ++report.entered;
  }
  board.has_result = true;
  board.result = *result;
  board.row_id = row.id;
  return absl::OkStatus();
}

absl::StatusOr<PollReport> BwsFollower::Poll(BwsSource& source,
                                             ResultSink& sink) {
  absl::StatusOr<CsvTable> section_table = ReadTable(source, "Section");
  if (!section_table.ok()) return section_table.status();
  absl::StatusOr<std::map<int, std::string>> sections =
      ReadSections(*section_table);
  if (!sections.ok()) return sections.status();
  absl::StatusOr<int> section = SectionId(*sections);
  if (!section.ok()) return section.status();
  if (absl::Status s =
          CheckMovement(source, *section, sections->at(*section), sink);
      !s.ok()) {
    return s;
  }
  absl::StatusOr<CsvTable> received = ReadTable(source, "ReceivedData");
  if (!received.ok()) return received.status();
  absl::StatusOr<std::vector<ReceivedRow>> rows = ReadReceivedData(*received);
  if (!rows.ok()) return rows.status();
  const std::string file_name = source.FileName();
  PollReport report;
  for (const ReceivedRow& row : *rows) {
    if (row.problem.empty() && row.section != *section) continue;
    ++report.rows;
    // A row whose ID cannot be read is known by its line.
    const long long key = row.id != 0 ? row.id : -row.line;
    if (handled_.contains(key)) continue;
    if (absl::Status s = Handle(row, file_name, sink, report); !s.ok()) {
      return absl::Status(
          s.code(), absl::StrCat("tally was not reached at ", RowName(row),
                                 ": ", s.message(),
                                 " (it and the rows after it are sent at the "
                                 "next poll)"));
    }
    handled_.insert(key);
  }
  return report;
}

}  // namespace tally::bws
