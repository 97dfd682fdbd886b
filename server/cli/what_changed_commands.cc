// The "what changed" commands (issue #5 items 7 and 9): what one event of
// the log changed, the standings difference between two points, and the
// printing shared with `tally correct --dry-run`.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "tally/v1/audit.grpc.pb.h"

namespace tally::cli {
namespace {

std::string PayloadName(const v1::Event& e) {
  if (e.payload().kind_case() == v1::EventPayload::KIND_NOT_SET) return "?";
  return e.payload()
      .GetDescriptor()
      ->FindFieldByNumber(e.payload().kind_case())
      ->name();
}

// A point of the log from SEQ or a time (TimeArg); false after saying how.
bool ParsePoint(const Client& cl, const std::string& flag,
                const std::string& value, v1::AsOf* point) {
  uint64_t sequence = 0;
  if (absl::SimpleAtoi(value, &sequence)) {
    point->set_sequence(sequence);
    return true;
  }
  return TimeArg(cl, value, "--" + flag + " (an event number or a time)",
                 point->mutable_time());
}

void PrintChanges(const v1::FigureChanges& c, bool exact) {
  for (const v1::FigureChange& f : c.changes()) {
    std::cout << "  " << FigureChangeText(f, exact) << "\n";
  }
}

}  // namespace

int PrintFigureChanges(const Client& cl, const Invocation& inv,
                       const grpc::Status& status,
                       const v1::FigureChanges& response) {
  return PrintAnswer<v1::FigureChanges>(
      inv, status, response, [&inv, &cl](const v1::FigureChanges& c) {
        const size_t n = c.changes_size();
        const std::string figures =
            absl::StrCat(n, n == 1 ? " figure" : " figures");
        if (c.has_event() && !c.appended()) {
          std::cout << "dry run: as event " << c.event().sequence() << " ("
                    << PayloadName(c.event()) << ") this would change "
                    << figures << "; nothing was appended\n";
        } else if (c.has_event()) {
          std::cout << "event " << c.event().sequence() << " ("
                    << PayloadName(c.event()) << ", "
                    << ActorText(c.event().actor()) << ", "
                    << ReceivedText(c.event().received_at(), cl.Zone())
                    << ") changed " << figures << "\n";
        } else {
          std::cout << "from event " << c.before_sequence() << " to event "
                    << c.after_sequence() << ": " << figures << " differ\n";
        }
        PrintChanges(c, inv.Has("exact"));
      });
}

void AddWhatChangedCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"what-changed", "SEQUENCE [--exact]",
       "what one event of the log changed: every result, datum, board "
       "score, match result, VP, total and ranking position of its "
       "tournament that differs between the log before the event and after "
       "it, each with its old and new value (a '-' where the figure did not "
       "exist). To see what a correction would change before making it: "
       "tally correct ... --dry-run (a ruling: tally rule ... --dry-run; an "
       "appeals committee's decision: tally appeal decide ... --dry-run)",
       1, 1, [](Client& cl, const Invocation& inv) {
         v1::WhatChangedRequest r;
         uint64_t sequence = 0;
         if (!absl::SimpleAtoi(inv.args[0], &sequence)) {
           std::cerr << "tally: the event is a number\n";
           return kUsage;
         }
         r.set_sequence(sequence);
         v1::FigureChanges out;
         grpc::Status st = cl.audit_->WhatChanged(cl.Context().get(), r, &out);
         return PrintFigureChanges(cl, inv, st, out);
       }});
  commands.push_back(
      {"diff-standings",
       "--from=SEQUENCE|TIME --to=SEQUENCE|TIME [--tournament=T] [--all] "
       "[--exact]",
       "the standings difference between two points of the log (an event "
       "number, or a time such as 2026-11-21 19:30 in --tournament's time "
       "zone, else UTC, or with its offset): every "
       "total and ranking position that differs, in every session, round "
       "and overall ranking; --all lists every figure that differs "
       "(results, datums, board scores, matches too)",
       0, 0, [](Client& cl, const Invocation& inv) {
         v1::DiffStandingsRequest r;
         if (!inv.Has("from") || !inv.Has("to")) {
           std::cerr << "tally: give --from and --to\n";
           return kUsage;
         }
         if (!ParsePoint(cl, "from", inv.Get("from"), r.mutable_from()) ||
             !ParsePoint(cl, "to", inv.Get("to"), r.mutable_to())) {
           return kUsage;
         }
         r.set_tournament_id(inv.Get("tournament"));
         r.set_all_figures(inv.Has("all"));
         v1::FigureChanges out;
         grpc::Status st =
             cl.audit_->DiffStandings(cl.Context().get(), r, &out);
         return PrintFigureChanges(cl, inv, st, out);
       }});
}

}  // namespace tally::cli
