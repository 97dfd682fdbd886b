// What every `tally` subcommand shares: the parsed command line, the
// connection to tallyd, the command table entry, and printing of outcomes
// and answers (text by default, JSON with --json). Thread-compatible.

#ifndef TALLY_SERVER_CLI_CLI_COMMON_H_
#define TALLY_SERVER_CLI_CLI_COMMON_H_

#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "google/protobuf/message.h"
#include "google/protobuf/repeated_field.h"
#include "google/protobuf/timestamp.pb.h"
#include "grpcpp/grpcpp.h"
#include "tally/v1/audit.grpc.pb.h"
#include "tally/v1/command.pb.h"
#include "tally/v1/director.grpc.pb.h"
#include "tally/v1/query.grpc.pb.h"
#include "tally/v1/venue.grpc.pb.h"

namespace tally::cli {

// Exit statuses: OK, refused or failed, usage error.
inline constexpr int kOk = 0, kFailed = 1, kUsage = 2;

// The parsed command line: positional words and --name[=value] options.
struct Invocation {
  std::vector<std::string> args;
  std::map<std::string, std::string> options;

  bool Has(const std::string& name) const { return options.contains(name); }
  std::string Get(const std::string& name, const std::string& def = "") const {
    auto it = options.find(name);
    return it == options.end() ? def : it->second;
  }
};

// The connection to tallyd, with one stub per service.
class Client {
 public:
  // `credentials`: the channel's (server/cli/credentials.h); `token`: the
  // bearer token every call carries (none when empty).
  Client(const Invocation& inv,
         std::shared_ptr<grpc::ChannelCredentials> credentials,
         std::string token);

  // --server, else $TALLY_SERVER, else 127.0.0.1:50051.
  static std::string DefaultServer();

  // A context carrying our credential and a deadline.
  std::unique_ptr<grpc::ClientContext> Context() const;

  // The command options: --key (default: a fresh random key, so a plain
  // re-run is a new command) and --expected-version.
  v1::CommandOptions Options() const;

  // The time zone the times of `tournament_id` are shown and read in: the
  // tournament's setting (GetTournament, asked once per tournament); UTC
  // when it has none or cannot be read (the times then say UTC).
  absl::TimeZone ZoneOf(const std::string& tournament_id) const;
  // ZoneOf the command's tournament (`tournament_`); UTC without one.
  absl::TimeZone Zone() const { return ZoneOf(tournament_); }

  // The command's tournament: its first argument, when its usage starts
  // with TOURNAMENT (set by RunCommandLine). Default: none.
  std::string tournament_;

  const Invocation& inv_;
  const std::string token_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::DirectorService::Stub> director_;
  std::unique_ptr<v1::VenueService::Stub> venue_;
  std::unique_ptr<v1::QueryService::Stub> query_;
  std::unique_ptr<v1::AuditService::Stub> audit_;

 private:
  mutable std::map<std::string, absl::TimeZone> zones_;
};

std::string Json(const google::protobuf::Message& m);
// Prints a refusal on stderr ("tally: NOT_FOUND: ...", or "cannot reach
// tallyd at HOST:PORT" when there is no connection) and returns kFailed.
int Refused(const grpc::Status& status);
// `ts` in `zone` with its abbreviation: "2026-11-27 21:45 AEDT".
std::string TimeText(const google::protobuf::Timestamp& ts,
                     absl::TimeZone zone);
// A receipt time in `zone`, always to the second so that a column of them
// lines up: "2026-11-27 21:45:07 AEDT".
std::string ReceivedText(const google::protobuf::Timestamp& ts,
                         absl::TimeZone zone);
// Reads a time the director typed (`what` names it in the message) in the
// command's tournament's time zone: "2026-11-27 21:45", or RFC 3339 with an
// offset (core::ParseDirectorTime). False, after saying why, when it is not
// a time or the clock time is skipped or repeated at a change of offset.
bool TimeArg(const Client& cl, const std::string& text, const std::string& what,
             google::protobuf::Timestamp* out);
// How TimeArg reads a time, for the commands' help.
inline constexpr char kTimeHelp[] =
    "a time in the tournament's time zone, 2026-11-27 21:45 (or with its "
    "offset, 2026-11-27T21:45:00+11:00)";
// Prints a command's outcome (or its JSON) and returns the exit status; the
// time received is shown in the command's tournament's zone.
int PrintOutcome(const Client& cl, const Invocation& inv,
                 const grpc::Status& status,
                 const google::protobuf::Message& response,
                 const v1::CommandOutcome& outcome, const std::string& what);

// Prints a query answer as JSON or with `text`.
template <typename Response>
int PrintAnswer(const Invocation& inv, const grpc::Status& status,
                const Response& response,
                const std::function<void(const Response&)>& text) {
  if (!status.ok()) return Refused(status);
  if (inv.Has("json")) {
    std::cout << Json(response) << "\n";
  } else {
    text(response);
  }
  return kOk;
}

bool ToInt(const std::string& word, int* out);
// "director:alice": the actor's role and identity.
std::string ActorText(const v1::Actor& actor);
// Fills `as_of` from --sequence=N or --time=TIME (TimeArg); false, after
// saying how to give one, when neither is there and readable.
bool AsOfOption(const Client& cl, const Invocation& inv, v1::AsOf* as_of);
std::string Players(const google::protobuf::RepeatedPtrField<std::string>& p);
void PrintStandings(const v1::Standings& s);
// Keeps only section `name`'s fields of a session in sections.
// InvalidArgument naming the sections there are, for a name that is none.
absl::Status KeepSection(const std::string& name, v1::Standings& s);

// The command table.
struct Command {
  std::string name;
  std::string usage;    // after "tally NAME "
  std::string summary;  // one line
  size_t min_args;
  size_t max_args;
  std::function<int(Client&, const Invocation&)> run;
};

// Fills `request`'s tournament_id, competition_id and session from the
// first three arguments (TOURNAMENT COMPETITION SESSION); false, after
// saying why, when the session is not a number.
template <typename Request>
bool SessionArgs(const Invocation& inv, Request* request) {
  int session = 0;
  if (!ToInt(inv.args[2], &session)) {
    std::cerr << "tally: session '" << inv.args[2] << "' is not a number\n";
    return false;
  }
  request->set_tournament_id(inv.args[0]);
  request->set_competition_id(inv.args[1]);
  request->set_session(session);
  return true;
}

// Each group of commands adds itself to the table.
void AddDirectorCommands(std::vector<Command>& commands);
void AddVenueCommands(std::vector<Command>& commands);
void AddQueryCommands(std::vector<Command>& commands);
void AddPublishCommands(std::vector<Command>& commands);
void AddAuditCommands(std::vector<Command>& commands);
void AddMatchCommands(std::vector<Command>& commands);
void AddPairsEventCommands(std::vector<Command>& commands);
void AddEligibilityCommands(std::vector<Command>& commands);
void AddCalcCommands(std::vector<Command>& commands);
void AddKnockoutCommands(std::vector<Command>& commands);
void AddForfeitCommands(std::vector<Command>& commands);
void AddTimelineCommands(std::vector<Command>& commands);
void AddQualifyCommands(std::vector<Command>& commands);
void AddOffenceCommands(std::vector<Command>& commands);
void AddDatumCommands(std::vector<Command>& commands);
void AddWhatChangedCommands(std::vector<Command>& commands);
// tally import / tally export (server/cli/interchange_commands.cc).
void AddInterchangeCommands(std::vector<Command>& commands);

// Prints what changed (or would change): one line per figure, or the JSON.
int PrintFigureChanges(const Client& cl, const Invocation& inv,
                       const grpc::Status& status,
                       const v1::FigureChanges& response);
void AddAppealCommands(std::vector<Command>& commands);
void AddAccessCommands(std::vector<Command>& commands);
void AddRulingCommands(std::vector<Command>& commands);
// tally movement (server/cli/movement_commands.cc).
void AddMovementCommands(std::vector<Command>& commands);
// tally backup (server/cli/operator_commands.cc).
void AddOperatorCommands(std::vector<Command>& commands);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_CLI_COMMON_H_
