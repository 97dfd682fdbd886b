// tally follow-bws: follows a Bridgemate scoring file (.bws, read with
// mdbtools' mdb-export, or a directory of its tables as CSV) and sends each
// result as it arrives (docs/interchange.md, "Bridgemate BWS"). The reading
// and the mapping live in server/bws/; this file polls, sends over the
// CLI's connection and prints.

#include "server/cli/bws_commands.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "server/bws/bws_follower.h"
#include "server/bws/bws_source.h"
#include "server/cli/cli_common.h"
#include "server/cli/session_definition.h"
#include "server/grpc_status.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"

namespace tally::cli {
namespace {

// The follower's commands over the CLI's connection.
class GrpcSink : public bws::ResultSink {
 public:
  explicit GrpcSink(Client& cl) : cl_(cl) {}

  absl::StatusOr<bool> Enter(const v1::EnterResultRequest& r) override {
    v1::EnterResultResponse response;
    grpc::Status s = cl_.venue_->EnterResult(cl_.Context().get(), r, &response);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return !response.outcome().replayed();
  }

  absl::StatusOr<bool> Correct(const v1::CorrectResultRequest& r) override {
    v1::CommandOutcome outcome;
    grpc::Status s =
        cl_.director_->CorrectResult(cl_.Context().get(), r, &outcome);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return !outcome.replayed();
  }

  absl::StatusOr<RulingOutcome> Rule(
      const v1::RecordRulingRequest& r) override {
    v1::CommandOutcome outcome;
    grpc::Status s =
        cl_.director_->RecordRuling(cl_.Context().get(), r, &outcome);
    if (!s.ok()) return server::FromGrpcStatus(s);
    return RulingOutcome{!outcome.replayed(), outcome.sequence()};
  }

  // The competition's pairs as tally answers them, and the substitutes the
  // log records for the session (the last one for a pair holds; a pair
  // recorded absent afterwards has none).
  absl::StatusOr<bws::EntryList> Entries(
      const bws::FollowTarget& target) override {
    v1::GetTournamentRequest request;
    request.set_tournament_id(target.tournament_id);
    v1::Tournament tournament;
    grpc::Status s =
        cl_.query_->GetTournament(cl_.Context().get(), request, &tournament);
    if (!s.ok()) return server::FromGrpcStatus(s);
    bws::EntryList entries;
    for (const v1::Competition& c : tournament.competitions()) {
      if (c.competition_id() != target.competition_id) continue;
      for (const v1::Pair& p : c.pairs()) {
        entries[p.pair()].players.assign(p.players().begin(),
                                         p.players().end());
      }
    }
    v1::ReadLogRequest log;
    log.set_tournament_id(target.tournament_id);
    auto context = cl_.Context();
    std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
        cl_.audit_->ReadLog(context.get(), log);
    v1::Event event;
    while (reader->Read(&event)) {
      const v1::EventPayload& p = event.payload();
      if (p.has_substitute_recorded()) {
        const v1::SubstituteRecorded& e = p.substitute_recorded();
        if (e.competition_id() != target.competition_id ||
            e.session() != target.session) {
          continue;
        }
        bws::EntryPair& pair = entries[e.pair()];
        pair.substitute = e.substitute();
        pair.replaced_player = e.replaced_player();
      } else if (p.has_pair_absent()) {
        const v1::PairAbsent& e = p.pair_absent();
        if (e.competition_id() == target.competition_id &&
            e.session() == target.session) {
          entries[e.pair()].substitute.clear();
          entries[e.pair()].replaced_player.clear();
        }
      }
    }
    s = reader->Finish();
    if (!s.ok()) return server::FromGrpcStatus(s);
    return entries;
  }

  absl::StatusOr<v1::Movement> SessionMovement(
      const bws::FollowTarget& target) override {
    std::optional<v1::SessionDefined> defined;
    grpc::Status s =
        FindSessionDefinition(cl_, target.tournament_id, target.competition_id,
                              target.session, &defined);
    if (!s.ok()) return server::FromGrpcStatus(s);
    if (!defined.has_value()) return absl::NotFoundError("no such session");
    return defined->movement();
  }

 private:
  Client& cl_;
};

int FollowBws(Client& cl, const Invocation& inv) {
  bws::FollowTarget target;
  if (!ToInt(inv.args[2], &target.session)) {
    std::cerr << "tally: session '" << inv.args[2] << "' is not a number\n";
    return kUsage;
  }
  target.tournament_id = inv.args[0];
  target.competition_id = inv.args[1];
  target.section = inv.Get("section");
  int seconds = 10;
  if (inv.Has("poll-seconds") &&
      (!ToInt(inv.Get("poll-seconds"), &seconds) || seconds < 1)) {
    std::cerr << "tally: --poll-seconds '" << inv.Get("poll-seconds")
              << "' is not a whole number of seconds of 1 or more\n";
    return kUsage;
  }
  const std::string path = inv.args[3];
  std::unique_ptr<bws::BwsSource> source = bws::SourceFor(path);
  bws::BwsFollower follower(target);
  GrpcSink sink(cl);
  while (true) {
    absl::StatusOr<bws::PollReport> report = follower.Poll(*source, sink);
    if (!report.ok()) {
      std::cerr << "tally: " << absl::StatusCodeToString(report.status().code())
                << ": " << report.status().message() << "\n";
      if (inv.Has("once")) return kFailed;
    } else {
      std::cout << path << ": " << report->rows << " rows; " << report->entered
                << " entered, " << report->corrected << " corrected, "
                << report->already << " already in tally, "
                << report->problems.size() << " not entered";
      if (report->ruled > 0) {
        std::cout << "; " << report->ruled
                  << (report->ruled == 1
                          ? " arbitral score recorded as a ruling"
                          : " arbitral scores recorded as rulings")
                  << " (Law 12C2)";
      }
      std::cout << "\n";
      for (const std::string& p : report->problems) {
        std::cout << "  " << p << "\n";
      }
      if (!report->seating.empty()) {
        std::cout << "  for the director (nothing changed in tally):\n";
        for (const std::string& p : report->seating) {
          std::cout << "    " << p << "\n";
        }
      }
      std::cout.flush();
      if (inv.Has("once")) {
        return report->problems.empty() && report->seating.empty() ? kOk
                                                                   : kFailed;
      }
    }
    std::this_thread::sleep_for(std::chrono::seconds(seconds));
  }
}

}  // namespace

void AddBwsCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"follow-bws",
       "TOURNAMENT COMPETITION SESSION FILE [--section=LETTER] "
       "[--poll-seconds=N] [--once]",
       "follow a Bridgemate scoring file (.bws, read with mdbtools' "
       "mdb-export; or a directory of its tables as CSV files) as results "
       "arrive: every new ReceivedData row is entered (a later row for the "
       "same table and board corrects it; a terminal's arbitral score is "
       "recorded as an artificial adjusted score, Law 12C2), with the file, "
       "the row's hash and its ID as provenance; a row tally cannot take is "
       "reported with its table and ID and changes nothing; players whose "
       "numbers (PlayerNumbers) put them where tally's pair is not, and "
       "tables tally's session lacks (Tables), are reported, never changed; "
       "re-reading sends nothing twice, across restarts too "
       "(docs/interchange.md)",
       4, 4, FollowBws});
}

}  // namespace tally::cli
