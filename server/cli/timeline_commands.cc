// The director's timeline commands (issue #5): schedules, play finished,
// match scores agreed, the end of a stage and official results: the
// moments the regulations' time windows run from.

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "replay/state/state.h"
#include "server/cli/cli_common.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// TOURNAMENT COMPETITION SESSION TABLE
template <typename Request>
bool SessionTableArgs(const Invocation& inv, Request* request) {
  int table = 0;
  if (!SessionArgs(inv, request)) return false;
  if (inv.args.size() > 3 && !ToInt(inv.args[3], &table)) {
    std::cerr << "tally: table '" << inv.args[3] << "' is not a number\n";
    return false;
  }
  request->set_table(table);
  return true;
}

}  // namespace

void AddTimelineCommands(std::vector<Command>& commands) {
  auto add = [&](Command c) { commands.push_back(std::move(c)); };

  add({"schedule",
       "TOURNAMENT COMPETITION SESSION START END [--last-of-stage] "
       "[--reason=TEXT]",
       "set a session's (round's, stanza's) scheduled start and end, each "
       "\"2026-11-27 19:30\" in the tournament's time zone (tally "
       "time-zone) or with its offset; again with --reason to change it "
       "before it is played",
       5, 5, [](Client& cl, const Invocation& inv) {
         v1::ScheduleSessionRequest r;
         *r.mutable_options() = cl.Options();
         if (!SessionArgs(inv, &r) ||
             !TimeArg(cl, inv.args[3], "START", r.mutable_scheduled_start()) ||
             !TimeArg(cl, inv.args[4], "END", r.mutable_scheduled_end())) {
           return kUsage;
         }
         r.set_last_of_stage(inv.Has("last-of-stage"));
         r.set_reason(inv.Get("reason"));
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->ScheduleSession(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat("scheduled session ", r.session(), ": ",
                          TimeText(r.scheduled_start(), cl.Zone()), " to ",
                          TimeText(r.scheduled_end(), cl.Zone()),
                          r.last_of_stage() ? " (last of its stage)" : ""));
       }});
  add({"play-finished", "TOURNAMENT COMPETITION SESSION [TABLE]",
       "record that play finished in the session or round (or, with TABLE, "
       "in that match at both its tables)",
       3, 4, [](Client& cl, const Invocation& inv) {
         v1::RecordPlayFinishedRequest r;
         *r.mutable_options() = cl.Options();
         if (!SessionTableArgs(inv, &r)) return kUsage;
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->RecordPlayFinished(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             r.table() == 0
                 ? absl::StrCat("play finished in session ", r.session())
                 : absl::StrCat("play finished at table ", r.table(),
                                " in round ", r.session()));
       }});
  add({"scores-agreed", "TOURNAMENT COMPETITION ROUND TABLE",
       "record that the two sides agreed the match's scores (NSW TR 12.2; "
       "ANC SR 11.6)",
       4, 4, [](Client& cl, const Invocation& inv) {
         v1::AgreeMatchScoresRequest r;
         *r.mutable_options() = cl.Options();
         if (!SessionTableArgs(inv, &r)) return kUsage;
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->AgreeMatchScores(cl.Context().get(), r, &out);
         return PrintOutcome(cl, inv, st, out, out,
                             absl::StrCat("scores agreed at table ", r.table(),
                                          " in round ", r.session()));
       }});
  add({"end-stage", "TOURNAMENT COMPETITION [--next-stage-start=TIME]",
       "record that the stage is over (every session posted) and when the "
       "next stage starts (NSW TR 12.3)",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::EndStageRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         if (inv.Has("next-stage-start") &&
             !TimeArg(cl, inv.Get("next-stage-start"), "--next-stage-start",
                      r.mutable_next_stage_start())) {
           return kUsage;
         }
         v1::CommandOutcome out;
         grpc::Status st = cl.director_->EndStage(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat("ended the stage ", r.competition_id()));
       }});
  add({"windows", "TOURNAMENT COMPETITION [--at=TIME]",
       "which time windows (correction period, reviews, appeals) are open now "
       "or at TIME, for which sessions, until when",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::GetTimeWindowsRequest r;
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         if (inv.Has("at") &&
             !TimeArg(cl, inv.Get("at"), "--at", r.mutable_at())) {
           return kUsage;
         }
         v1::TimeWindows out;
         grpc::Status st =
             cl.query_->GetTimeWindows(cl.Context().get(), r, &out);
         return PrintAnswer<v1::TimeWindows>(
             inv, st, out, [&cl](const v1::TimeWindows& w) {
               std::cout << w.tournament_id() << " / " << w.competition_id()
                         << ": time windows at " << TimeText(w.at(), cl.Zone())
                         << ", as of event " << w.as_of_sequence() << "\n";
               if (w.windows().empty()) {
                 std::cout << "  (no sessions yet)\n";
               }
               for (const v1::TimeWindowView& v : w.windows()) {
                 std::cout << "  " << v.line() << "\n";
               }
             });
       }});
  add({"official", "TOURNAMENT COMPETITION",
       "record that the competition's results are official, once the "
       "windows for corrections have closed (NSW TR 12.4): nothing changes "
       "afterwards except by a decided appeal",
       2, 2, [](Client& cl, const Invocation& inv) {
         v1::DeclareResultsOfficialRequest r;
         *r.mutable_options() = cl.Options();
         r.set_tournament_id(inv.args[0]);
         r.set_competition_id(inv.args[1]);
         v1::CommandOutcome out;
         grpc::Status st =
             cl.director_->DeclareResultsOfficial(cl.Context().get(), r, &out);
         return PrintOutcome(
             cl, inv, st, out, out,
             absl::StrCat("results of ", r.competition_id(), " are official"));
       }});
}

}  // namespace tally::cli
