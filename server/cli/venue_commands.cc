// The table's commands: entering and confirming results.

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
#include "replay/bridge_convert.h"
#include "replay/state.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::cli {

void AddVenueCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Venue ---------------------------------------------------------------
  add({"enter-result",
       "TOURNAMENT COMPETITION SESSION TABLE BOARD (CONTRACT DECLARER TRICKS | "
       "pass) [--round=N]",
       "enter a table's result, e.g. '4S N 10', '3NTX E -2', '2H W =', 'pass'",
       6, 8, [](Client& cl, const Invocation& inv) {
         v1::EnterResultRequest r;
         *r.mutable_options() = cl.Options();
         int table = 0, board = 0, round = 0;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &table) ||
             !ToInt(inv.args[4], &board) ||
             (inv.Has("round") && !ToInt(inv.Get("round"), &round))) {
           std::cerr << "tally: session, table, board and round are numbers\n";
           return kUsage;
         }
         absl::StatusOr<v1::TableResult> result =
             ParseResult({inv.args.begin() + 5, inv.args.end()});
         if (!result.ok()) {
           std::cerr << "tally: " << result.status().message() << "\n";
           return kUsage;
         }
         r.set_table(table);
         r.set_board(board);
         r.set_round(round);
         *r.mutable_result() = *result;
         v1::EnterResultResponse out;
         grpc::Status st = cl.venue_->EnterResult(cl.Context().get(), r, &out);
         return PrintOutcome(
             inv, st, out, out.outcome(),
             absl::StrCat("board ", board, " at table ", table, " (round ",
                          out.round(), ", NS ", out.ns_pair(), " v EW ",
                          out.ew_pair(), "): ", replay::DescribeResult(*result),
                          ", NS ", out.ns_score() > 0 ? "+" : "",
                          out.ns_score()));
       }});
  add({"confirm-result", "TOURNAMENT COMPETITION SESSION TABLE BOARD PAIR",
       "confirm a result entered at the table, as one of its pairs", 6, 6,
       [](Client& cl, const Invocation& inv) {
         v1::ConfirmResultRequest r;
         *r.mutable_options() = cl.Options();
         int table = 0, board = 0, pair = 0;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &table) ||
             !ToInt(inv.args[4], &board) || !ToInt(inv.args[5], &pair)) {
           std::cerr << "tally: session, table, board and pair are numbers\n";
           return kUsage;
         }
         r.set_table(table);
         r.set_board(board);
         r.set_confirming_pair(pair);
         v1::CommandOutcome out;
         grpc::Status st =
             cl.venue_->ConfirmResult(cl.Context().get(), r, &out);
         return PrintOutcome(inv, st, out, out,
                             absl::StrCat("pair ", pair, " confirmed board ",
                                          board, " at table ", table));
       }});
}

}  // namespace tally::cli
