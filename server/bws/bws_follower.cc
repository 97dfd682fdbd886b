// The BWS follower (see bws_follower.h).

#include "server/bws/bws_follower.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "replay/log/sha256.h"
#include "server/bws/arbitral_score.h"
#include "server/bws/csv_table.h"
#include "server/bws/row_result.h"
#include "server/bws/tables_table.h"

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
  for (const RoundDataRow& row : *rows) {
    if (row.section == section && row.south) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the Bridgemates in section ", letter,
          " play an individual movement (RoundData line ", row.line,
          " seats a South player of its own): tally scores pairs and teams, "
          "not individuals; nothing was sent"));
    }
  }
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
    section_movement_ = play->movement;
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
        : board.ruling_sequence != 0
            ? absl::StrCat("this board's arbitral score; tally keeps the "
                           "ruling from row ",
                           board.ruling_row,
                           " (the director corrects a ruling: tally "
                           "rule ... --supersedes=SEQ)")
            : "a result tally does not have; nothing to change"));
    return absl::OkStatus();
  }
  v1::CommandOptions options;
  options.set_idempotency_key(RowKey(target_, file_name, row));
  v1::Provenance* p = options.mutable_provenance();
  p->set_format(kFormat);
  p->set_file_name(file_name);
  p->set_file_sha256(replay::ToHex(replay::Sha256(row.text)));
  p->set_line(static_cast<int>(row.id));
  if (row.problem.empty() && HasNoContract(row)) {
    return HandleArbitral(row, options, board, sink, report);
  }
  // TabScore marks a result entered with the pairs in each other's
  // directions (TabScore2/Forms/EditResultForm.cs): sent as it stands, it
  // would be scored for the wrong sides.
  if (absl::AsciiStrToLower(row.remarks) == "wrong direction") {
    report.problems.push_back(absl::StrCat(
        RowName(row),
        ": remarks 'Wrong direction': the pairs sat in each "
        "other's directions, so ",
        DescribeRow(row),
        " would be scored for the wrong sides; not sent (the director "
        "enters the result as it was played)"));
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

absl::Status BwsFollower::HandleArbitral(const ReceivedRow& row,
                                         const v1::CommandOptions& options,
                                         BoardAtTable& board, ResultSink& sink,
                                         PollReport& report) {
  absl::StatusOr<v1::ArtificialAdjustedScore> score = ArbitralScoreOfRow(row);
  if (!score.ok()) {
    report.problems.push_back(absl::StrCat(
        RowName(row), ": ", score.status().message(), "; not sent"));
    return absl::OkStatus();
  }
  const bool supersedes = board.ruling_sequence != 0;
  if (supersedes &&
      board.ruling.SerializeAsString() == score->SerializeAsString()) {
    return absl::OkStatus();  // the same arbitral score again
  }
  v1::RecordRulingRequest r;
  *r.mutable_options() = options;
  r.set_tournament_id(target_.tournament_id);
  r.set_competition_id(target_.competition_id);
  r.set_session(target_.session);
  r.set_table(row.table + table_offset_);
  r.set_board(row.board);
  // With no result at the table the board was not played there (Law
  // 12C2(a)); over a result, the artificial score replaces it (Law 12C2),
  // as an imported file's adjusted score (server/interchange/import_plan.h).
  // A later arbitral score supersedes the earlier (NZ LIRG 82C) and keeps
  // whether the board was played.
  const bool not_played =
      supersedes ? board.ruled_not_played : !board.has_result;
  r.set_law(not_played ? "Law 12C2(a)" : "Law 12C2");
  r.set_board_not_played(not_played);
  *r.mutable_adjusted()->mutable_artificial() = *score;
  if (supersedes) r.set_supersedes_sequence(board.ruling_sequence);
  r.set_text(absl::StrCat(
      "arbitral score ", ArbitralScoreText(*score),
      " entered on the Bridgemate: ReceivedData row ", row.id,
      supersedes ? absl::StrCat(" replaces row ", board.ruling_row) : ""));
  absl::StatusOr<ResultSink::RulingOutcome> outcome = sink.Rule(r);
  if (!outcome.ok()) {
    if (NotReached(outcome.status())) return outcome.status();
    report.problems.push_back(absl::StrCat(
        RowName(row), ": tally refused the arbitral score ",
        ArbitralScoreText(*score), ": ", outcome.status().message()));
    return absl::OkStatus();
  }
  if (outcome->appended) {
    ++report.ruled;
  } else {
    ++report.already;
  }
  board.ruling_sequence = outcome->sequence;
  board.ruling = *score;
  board.ruled_not_played = not_played;
  board.ruling_row = row.id;
  return absl::OkStatus();
}

void BwsFollower::CheckSeating(BwsSource& source, int section,
                               const std::string& letter, ResultSink& sink,
                               PollReport& report) {
  // Says `what` once per follower.
  auto once = [&](const std::string& key, const std::string& what) {
    if (seating_reported_.insert(key).second) report.seating.push_back(what);
  };
  // An optional table: none in a directory without its CSV; one that
  // cannot be read is said once, and results are sent as before.
  auto read = [&](const std::string& name) -> std::optional<CsvTable> {
    absl::StatusOr<CsvTable> table = ReadTable(source, name);
    if (table.status().code() == absl::StatusCode::kNotFound) {
      return std::nullopt;
    }
    if (!table.ok()) {
      once(absl::StrCat(name, " unreadable"),
           absl::StrCat("the ", name, " table could not be read (",
                        table.status().message(), "); it is not checked"));
      return std::nullopt;
    }
    return *std::move(table);
  };
  if (std::optional<CsvTable> tables = read("Tables")) {
    absl::StatusOr<std::vector<TablesRow>> rows = ReadTables(*tables);
    if (!rows.ok()) {
      once("Tables unreadable",
           absl::StrCat(rows.status().message(), "; Tables is not checked"));
    } else {
      for (const std::string& extra :
           ExtraTables(*rows, section, letter, section_movement_)) {
        once(extra, extra);
      }
    }
  }
  std::optional<CsvTable> numbers = read("PlayerNumbers");
  if (!numbers.has_value()) return;
  absl::StatusOr<std::vector<PlayerNumberRow>> rows =
      ReadPlayerNumbers(*numbers);
  if (!rows.ok()) {
    once("PlayerNumbers unreadable",
         absl::StrCat(rows.status().message(),
                      "; the players at the tables are not checked"));
    return;
  }
  // tally's entry list is asked for only when a named row is new.
  const bool anything_new =
      std::any_of(rows->begin(), rows->end(), [&](const PlayerNumberRow& r) {
        return r.section == section && !r.name.empty() &&
               !seating_checked_.contains(r.text);
      });
  if (!anything_new) return;
  absl::StatusOr<EntryList> entries = sink.Entries(target_);
  if (!entries.ok()) {
    // Not reached: asked again at the next poll.
    if (!NotReached(entries.status())) {
      once("entries unreadable",
           absl::StrCat("tally's entry list could not be read (",
                        entries.status().message(),
                        "); the players at the tables are not checked"));
    }
    return;
  }
  for (const SeatingDifference& d :
       SeatingDifferences(*rows, section, section_movement_, *entries)) {
    once(d.row_text, d.what);
  }
  for (const PlayerNumberRow& r : *rows) seating_checked_.insert(r.text);
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
  CheckSeating(source, *section, sections->at(*section), sink, report);
  return report;
}

}  // namespace tally::bws
