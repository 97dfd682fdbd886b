// tally follow-bws: follows a Bridgemate scoring file (.bws, read with
// mdbtools' mdb-export, or a directory of its tables as CSV) and sends each
// result as it arrives (docs/interchange.md, "Bridgemate BWS"). The reading
// and the mapping live in server/bws/; this file polls, sends over the
// CLI's connection and prints.

#include "server/cli/bws_commands.h"

#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "server/bws/bws_follower.h"
#include "server/bws/bws_source.h"
#include "server/cli/cli_common.h"
#include "server/cli/session_definition.h"
#include "server/grpc_status.h"

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
                << report->problems.size() << " not entered\n";
      for (const std::string& p : report->problems) {
        std::cout << "  " << p << "\n";
      }
      std::cout.flush();
      if (inv.Has("once")) return report->problems.empty() ? kOk : kFailed;
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
       "same table and board corrects it), with the file, the row's hash "
       "and its ID as provenance; a row tally cannot take is reported with "
       "its table and ID and changes nothing; re-reading sends nothing "
       "twice, across restarts too (docs/interchange.md)",
       4, 4, FollowBws});
}

}  // namespace tally::cli
