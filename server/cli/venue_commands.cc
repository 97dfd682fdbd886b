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
#include "replay/state/bridge_convert.h"
#include "replay/state/state.h"
#include "server/cli/cli_common.h"
#include "server/cli/result_text.h"
#include "server/cli/text_table.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::cli {
namespace {

// --room=open|closed (teams matches), share1|share2|share3 (a share match's
// Tables 1-3, SABF TR 14.1); false, after saying why, for any other word.
// Absent: unspecified, as in a pairs event.
bool RoomOption(const Invocation& inv, v1::Room* room) {
  const std::string word = absl::AsciiStrToLower(inv.Get("room"));
  if (!inv.Has("room")) {
    *room = v1::ROOM_UNSPECIFIED;
  } else if (word == "open") {
    *room = v1::ROOM_OPEN;
  } else if (word == "closed") {
    *room = v1::ROOM_CLOSED;
  } else if (word == "share1" || word == "share2" || word == "share3") {
    *room = static_cast<v1::Room>(v1::ROOM_SHARE_1 + (word.back() - '1'));
  } else {
    std::cerr << "tally: --room is open, closed, share1, share2 or share3, "
                 "not '"
              << inv.Get("room") << "'\n";
    return false;
  }
  return true;
}

// " (open room)", or "" outside a teams match.
std::string RoomText(v1::Room room) {
  if (room == v1::ROOM_OPEN) return " (open room)";
  if (room == v1::ROOM_CLOSED) return " (closed room)";
  if (room >= v1::ROOM_SHARE_1 && room <= v1::ROOM_SHARE_3) {
    return absl::StrCat(" (share match Table ", room - v1::ROOM_SHARE_1 + 1,
                        ")");
  }
  return "";
}

}  // namespace

void AddVenueCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  // --- Venue ---------------------------------------------------------------
  add({"enter-result",
       "TOURNAMENT COMPETITION SESSION TABLE BOARD (CONTRACT DECLARER TRICKS | "
       "pass | NS+SCORE) [--round=N] [--room=open|closed|share1|share2|share3]",
       "enter a table's result, e.g. '4S N 10', '3NTX E -2', '2H W =', 'pass', "
       "or a score known without its contract, 'NS+420' (refused unless some "
       "Law 77 result scores it on the board's vulnerability); "
       "in an event of matches SESSION is the round number, TABLE the match's "
       "table and --room which of a teams match's two tables (a share match's "
       "three: share1-share3, SABF TR 14.1)",
       6, 8, [](Client& cl, const Invocation& inv) {
         v1::EnterResultRequest r;
         *r.mutable_options() = cl.Options();
         int table = 0, board = 0, round = 0;
         v1::Room room = v1::ROOM_UNSPECIFIED;
         if (!RoomOption(inv, &room)) return kUsage;
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
         r.set_room(room);
         *r.mutable_result() = *result;
         v1::EnterResultResponse out;
         grpc::Status st = cl.venue_->EnterResult(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out.outcome(),
             absl::StrCat("board ", board, " at table ", table, RoomText(room),
                          " (round ", out.round(), ", NS ", out.ns_pair(),
                          " v EW ", out.ew_pair(),
                          "): ", replay::DescribeResult(*result), ", NS ",
                          out.ns_score() > 0 ? "+" : "", out.ns_score()));
       }});
  add({"correct",
       "TOURNAMENT COMPETITION SESSION TABLE BOARD (CONTRACT DECLARER TRICKS | "
       "pass | NS+SCORE) --kind=players|inconsistent|scorer --reason=TEXT "
       "[--ns-agreed=WHO --ew-agreed=WHO] [--room=open|closed] [--dry-run "
       "[--exact]]",
       "correct an entered result inside the window its regulation allows: "
       "the players' error both sides agree (Law 79C), an inconsistent score "
       "(NSW TR 12.6) or the scorer's error. --dry-run appends nothing: it "
       "lists every result, datum, board score, match, VP, total and "
       "position the correction would change if made now",
       6, 8, [](Client& cl, const Invocation& inv) {
         v1::CorrectResultRequest r;
         *r.mutable_options() = cl.Options();
         int table = 0, board = 0;
         v1::Room room = v1::ROOM_UNSPECIFIED;
         if (!RoomOption(inv, &room)) return kUsage;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &table) ||
             !ToInt(inv.args[4], &board)) {
           std::cerr << "tally: session, table and board are numbers\n";
           return kUsage;
         }
         absl::StatusOr<v1::TableResult> result =
             ParseResult({inv.args.begin() + 5, inv.args.end()});
         if (!result.ok()) {
           std::cerr << "tally: " << result.status().message() << "\n";
           return kUsage;
         }
         const std::string kind = inv.Get("kind");
         if (kind == "players") {
           r.set_kind(v1::CORRECTION_KIND_PLAYERS_AGREED);
         } else if (kind == "inconsistent") {
           r.set_kind(v1::CORRECTION_KIND_INCONSISTENT_SCORE);
         } else if (kind == "scorer") {
           r.set_kind(v1::CORRECTION_KIND_SCORER_ERROR);
         } else {
           std::cerr << "tally: --kind is players, inconsistent or scorer\n";
           return kUsage;
         }
         r.set_table(table);
         r.set_board(board);
         r.set_room(room);
         *r.mutable_result() = *result;
         r.set_reason(inv.Get("reason"));
         if (inv.Has("ns-agreed")) r.add_agreed_by("NS: " + inv.Get("ns-agreed"));
         if (inv.Has("ew-agreed")) r.add_agreed_by("EW: " + inv.Get("ew-agreed"));
         if (inv.Has("dry-run")) {
           v1::FigureChanges changes;
           grpc::Status st = cl.audit_->WhatIfCorrectResult(
               cl.Context().get(), r, &changes);
           return PrintFigureChanges(cl, inv, st, changes);
         }
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->CorrectResult(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat("corrected board ", board, " at table ", table,
                          RoomText(room), ": ",
                          replay::DescribeResult(*result)));
       }});
  add({"confirm-result",
       "TOURNAMENT COMPETITION SESSION TABLE BOARD PAIR "
       "[--room=open|closed|share1|share2|share3]",
       "confirm a result entered at the table, as one of its pairs; in an "
       "event "
       "of matches SESSION is the round number, TABLE the match's table and, "
       "in a teams match, PAIR one of the two teams and --room the table",
       6, 6, [](Client& cl, const Invocation& inv) {
         v1::ConfirmResultRequest r;
         *r.mutable_options() = cl.Options();
         int table = 0, board = 0, pair = 0;
         v1::Room room = v1::ROOM_UNSPECIFIED;
         if (!RoomOption(inv, &room)) return kUsage;
         if (!SessionArgs(inv, &r) || !ToInt(inv.args[3], &table) ||
             !ToInt(inv.args[4], &board) || !ToInt(inv.args[5], &pair)) {
           std::cerr << "tally: session, table, board and pair are numbers\n";
           return kUsage;
         }
         r.set_table(table);
         r.set_board(board);
         r.set_confirming_pair(pair);
         r.set_room(room);
         v1::CommandOutcome out;
         grpc::Status st =
             cl.venue_->ConfirmResult(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat(room == v1::ROOM_UNSPECIFIED ? "pair " : "team ",
                          pair, " confirmed board ", board, " at table ", table,
                          RoomText(room)));
       }});
}

}  // namespace tally::cli
