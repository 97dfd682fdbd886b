// The auditor's commands: the log, replay as of a point, board history,
// chain verification.

#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "replay/log/data_dir_check.h"
#include "replay/log/log_export.h"
#include "replay/log/sha256.h"
#include "replay/state/bridge_convert.h"
#include "replay/state/state.h"
#include "server/cli/appeal_text.h"
#include "server/cli/checkpoint_commands.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/ruling_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/audit.grpc.pb.h"

namespace tally::cli {

namespace {

// `tally verify EXPORT`: every problem in an exported log, named; then
// the checkpoints it must extend (server/cli/checkpoint_commands.h).
int VerifyExportFile(const std::string& path, const Invocation& inv) {
  std::ifstream file(path);
  if (!file) {
    std::cerr << "tally: cannot read " << path << "\n";
    return kFailed;
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  replay::ExportVerification v = replay::VerifyExport(lines);
  if (v.ok()) {
    std::cout << "export OK: " << v.events << " events; last event "
              << v.last_sequence << ", hash " << v.last_hash
              << " (compare with the server's `tally verify`)\n";
    return VerifyExportCheckpoints(lines, inv);
  }
  std::cout << "export DAMAGED: " << v.problems.size() << " problem"
            << (v.problems.size() == 1 ? "" : "s") << " in " << v.events
            << " events\n";
  for (const replay::ExportProblem& p : v.problems) {
    std::cout << "  " << p.what << "\n";
  }
  return VerifyExportCheckpoints(lines, inv) == kUsage ? kUsage : kFailed;
}

// `tally verify --data-dir=DIR`: a stopped server's data directory checked
// offline and read-only, as tallyd checks it at start-up.
int VerifyDataDirectory(const std::string& dir) {
  absl::StatusOr<replay::DataDirectoryReport> r =
      replay::CheckDataDirectory(dir, /*head_required=*/false);
  if (!r.ok()) {
    std::cout << "data directory REFUSED: " << r.status().message() << "\n";
    return kFailed;
  }
  std::cout << "chain OK: " << r->events << " events checked; last hash "
            << (r->events == 0 ? "none" : replay::ToHex(r->last_hash)) << "\n";
  if (r->head.has_value()) {
    std::cout << "head OK: " << replay::kHeadFileName << " records event "
              << r->head->sequence;
    if (r->head->sequence < r->events) {
      std::cout << " (it lags the log, as after a power cut; allowed)";
    }
    std::cout << "\n";
  } else {
    std::cout << "head MISSING: no " << replay::kHeadFileName
              << "; tallyd refuses to start unless given --adopt_head\n";
  }
  std::cout << "idempotency OK: " << r->idempotency_records
            << " records, each bound to its event";
  if (r->records_without_hash > 0) {
    std::cout << " (" << r->records_without_hash
              << " older ones by sequence and key only)";
  }
  std::cout << "\n";
  return r->head.has_value() ? kOk : kFailed;
}

}  // namespace

void AddAuditCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Audit ---------------------------------------------------------------
  add({"log", "[--from=SEQUENCE] [--limit=N] [--tournament=T]",
       "read the event log, one line per event (--json: one object per line)",
       0, 0, [](Client& cl, const Invocation& inv) {
         v1::ReadLogRequest r;
         uint64_t from = 1, limit = 0;
         if ((inv.Has("from") && !absl::SimpleAtoi(inv.Get("from"), &from)) ||
             (inv.Has("limit") &&
              !absl::SimpleAtoi(inv.Get("limit"), &limit))) {
           return kUsage;
         }
         r.set_from_sequence(from);
         r.set_limit(limit);
         r.set_tournament_id(inv.Get("tournament"));
         auto context = cl.Context();
         std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
             cl.audit_->ReadLog(context.get(), r);
         v1::Event e;
         TextTable t(
             {"Event", "Received", "Tournament", "Version", "Actor", "What"});
         bool json = inv.Has("json");
         while (reader->Read(&e)) {
           if (json) {
             std::cout << Json(e) << "\n";
             continue;
           }
           std::string what = e.payload()
                                  .GetDescriptor()
                                  ->FindFieldByNumber(e.payload().kind_case())
                                  ->name();
           t.AddRow(
               {absl::StrCat(e.sequence()),
                ReceivedText(e.received_at(), cl.ZoneOf(e.tournament_id())),
                e.tournament_id(), absl::StrCat(e.stream_version()),
                ActorText(e.actor()), what});
         }
         grpc::Status st = reader->Finish();
         if (!st.ok()) return Refused(st);
         if (!json) std::cout << t.Render();
         return kOk;
       }});
  add({"standings-as-of",
       "TOURNAMENT COMPETITION SESSION (--sequence=N | --time=TIME)",
       "the standings replayed from the log as of an event or a time", 3, 3,
       [](Client& cl, const Invocation& inv) {
         v1::GetStandingsAsOfRequest r;
         if (!SessionArgs(inv, r.mutable_standings())) return kUsage;
         if (!AsOfOption(cl, inv, r.mutable_as_of())) return kUsage;
         v1::Standings out;
         grpc::Status st =
             cl.audit_->GetStandingsAsOf(cl.Context().get(), r, &out);
         return PrintAnswer<v1::Standings>(inv, st, out, PrintStandings);
       }});
  add({"board-history", "TOURNAMENT COMPETITION SESSION BOARD",
       "every event that touched one board, with who and when, and under "
       "each event the session's time windows (correction period, scorer's "
       "errors, review of rulings, appeals against the scorer) as they "
       "stood at that event's own time: open until when, or closed at when",
       4, 4,
       [](Client& cl, const Invocation& inv) {
         v1::GetBoardHistoryRequest r;
         int board = 0;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &board)) {
           return kUsage;
         }
         r.set_board(board);
         v1::BoardHistory out;
         grpc::Status st =
             cl.audit_->GetBoardHistory(cl.Context().get(), r, &out);
         return PrintAnswer<v1::BoardHistory>(
             inv, st, out, [&cl](const v1::BoardHistory& h) {
               const absl::TimeZone zone = cl.Zone();
               TextTable t({"Event", "Received", "Actor", "Device", "What"});
               // Result events a redeal replaced (Fouled-board guide, Match
               // Play (b), (c)) -> the ruling.
               std::map<uint64_t, uint64_t> redealt;
               for (const v1::Event& e : h.events()) {
                 for (uint64_t seq :
                      e.payload().ruling_made().fouled().superseded_results()) {
                   redealt[seq] = e.sequence();
                 }
               }
               for (const v1::Event& e : h.events()) {
                 const v1::EventPayload& p = e.payload();
                 std::string what = p.GetDescriptor()
                                        ->FindFieldByNumber(p.kind_case())
                                        ->name();
                 if (p.has_result_entered()) {
                   const auto& r = p.result_entered();
                   what = absl::StrCat("result entered at table ", r.table(),
                                       ": ", replay::DescribeResult(r.result()),
                                       ", NS ", r.ns_score());
                 } else if (p.has_result_corrected()) {
                   const auto& c = p.result_corrected();
                   what = absl::StrCat(
                       "corrected at table ", c.table(), ": ",
                       replay::DescribeResult(c.result()), ", NS ",
                       c.ns_score(), " (was ", c.previous_ns_score(),
                       ", event ", c.corrects_sequence(), "); ", c.reason(),
                       c.agreed_by().empty()
                           ? ""
                           : absl::StrCat("; agreed by ",
                                          absl::StrJoin(c.agreed_by(), ", ")),
                       c.window_clause().empty()
                           ? ""
                           : absl::StrCat("; within ", c.window_clause()));
                 } else if (std::string line = AppealEventLine(p, zone);
                            !line.empty()) {
                   what = line;
                 } else if (p.has_ruling_made()) {
                   what = absl::StrCat("ruling: ",
                                       DescribeRuling(p.ruling_made()));
                 } else if (p.has_result_confirmed()) {
                   what = absl::StrCat(
                       "confirmed at table ", p.result_confirmed().table(),
                       " by pair ", p.result_confirmed().confirming_pair());
                 }
                 if (auto it = redealt.find(e.sequence());
                     it != redealt.end()) {
                   absl::StrAppend(&what,
                                   " [superseded: the board was "
                                   "redealt, ruling ",
                                   it->second, "]");
                 }
                 t.AddRow({absl::StrCat(e.sequence()),
                           ReceivedText(e.received_at(), zone),
                           ActorText(e.actor()), e.actor().device(), what});
               }
               std::cout << t.Render();
               if (h.windows().empty()) return;
               std::cout << "\nwindows at each event (the log replayed to "
                            "it, at its own time):\n";
               for (const v1::EventWindows& w : h.windows()) {
                 std::cout << "  event " << w.sequence() << ":";
                 if (!w.note().empty()) {
                   std::cout << " " << w.note() << "\n";
                   continue;
                 }
                 if (w.lines().empty()) std::cout << " none";
                 std::cout << "\n";
                 for (const std::string& line : w.lines()) {
                   std::cout << "    " << line << "\n";
                 }
               }
             });
       }});
  add({"export", "[FILE]",
       "write the whole log as JSON lines with its hashes, then the server's "
       "signed checkpoints (stdout without FILE), for `tally verify FILE`",
       0, 1, [](Client& cl, const Invocation& inv) {
         std::ofstream file;
         if (!inv.args.empty()) {
           file.open(inv.args[0], std::ios::out | std::ios::trunc);
           if (!file) {
             std::cerr << "tally: cannot write " << inv.args[0] << "\n";
             return kFailed;
           }
         }
         std::ostream& out = inv.args.empty() ? std::cout : file;
         v1::ReadLogRequest r;
         r.set_from_sequence(1);
         auto context = cl.Context();
         std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
             cl.audit_->ReadLog(context.get(), r);
         v1::Event e;
         uint64_t count = 0;
         std::string last_hash;
         while (reader->Read(&e)) {
           out << replay::ExportLine(e) << "\n";
           ++count;
           last_hash = e.hash();
         }
         grpc::Status st = reader->Finish();
         if (!st.ok()) return Refused(st);
         uint64_t checkpoints = 0;
         if (int code = WriteExportCheckpoints(cl, out, count, checkpoints);
             code != kOk) {
           return code;
         }
         out.flush();
         if (!out) {
           std::cerr << "tally: writing the export failed\n";
           return kFailed;
         }
         std::cerr << "exported " << count << " events and " << checkpoints
                   << " signed checkpoints; last event " << count
                   << ", hash " << replay::ToHex(last_hash) << "\n";
         return kOk;
       }});
  add({"verify", "[EXPORT [--checkpoint=FILE --public-key=KEY] | --data-dir=DIR]",
       "verify the hash chain over the whole log on the server; with EXPORT, "
       "check an exported file offline instead (no server needed), and that "
       "it extends the published checkpoints in FILE signed by KEY (64 hex "
       "digits, or a file holding them or a PEM block); with --data-dir, "
       "check a stopped server's data directory read-only: chain, persisted "
       "head, idempotency records",
       0, 1, [](Client& cl, const Invocation& inv) {
         if (inv.Has("data-dir")) {
           if (!inv.args.empty()) return kUsage;
           return VerifyDataDirectory(inv.Get("data-dir"));
         }
         if (!inv.args.empty()) return VerifyExportFile(inv.args[0], inv);
         v1::ChainVerification out;
         grpc::Status st = cl.audit_->VerifyChain(cl.Context().get(), {}, &out);
         int code = PrintAnswer<v1::ChainVerification>(
             inv, st, out, [](const v1::ChainVerification& v) {
               if (v.ok()) {
                 std::cout << "chain OK: " << v.events_checked()
                           << " events checked; last hash "
                           << replay::ToHex(v.last_hash()) << "\n";
               } else {
                 std::cout << "chain BROKEN at event " << v.first_bad_sequence()
                           << ": " << v.problem() << "\n";
               }
             });
         return code == kOk && !out.ok() ? kFailed : code;
       }});
}

}  // namespace tally::cli
