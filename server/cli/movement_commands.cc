// tally movement: a session's movement as guide cards per table
// (server/cli/movement_text.h), from the SessionDefined event in the log.

#include <iostream>
#include <memory>
#include <optional>

#include "server/cli/cli_common.h"
#include "server/cli/movement_text.h"
#include "tally/v1/audit.grpc.pb.h"

namespace tally::cli {
namespace {

int Movement(Client& client, const Invocation& inv) {
  int session = 0;
  if (!ToInt(inv.args[2], &session)) {
    std::cerr << "tally movement: session '" << inv.args[2]
              << "' is not a number\n";
    return kUsage;
  }
  v1::ReadLogRequest request;
  request.set_tournament_id(inv.args[0]);
  auto context = client.Context();
  std::unique_ptr<grpc::ClientReader<v1::Event>> reader =
      client.audit_->ReadLog(context.get(), request);
  std::optional<v1::SessionDefined> defined;
  v1::Event event;
  while (reader->Read(&event)) {
    if (!event.payload().has_session_defined()) continue;
    const v1::SessionDefined& d = event.payload().session_defined();
    if (d.competition_id() == inv.args[1] && d.session() == session) {
      defined = d;  // the last definition is the one in force
    }
  }
  if (grpc::Status status = reader->Finish(); !status.ok()) {
    return Refused(status);
  }
  if (!defined.has_value()) {
    std::cerr << "tally movement: session " << session << " of " << inv.args[1]
              << " in " << inv.args[0]
              << " is not defined (tally define-session defines it)\n";
    return kFailed;
  }
  if (inv.Has("json")) {
    std::cout << Json(*defined) << "\n";
    return kOk;
  }
  std::cout << "Session " << session << " of " << inv.args[1] << " ("
            << defined->movement_source() << ")\n\n"
            << MovementGuideCards(defined->movement());
  return kOk;
}

}  // namespace

void AddMovementCommands(std::vector<Command>& commands) {
  commands.push_back(
      {"movement", "TOURNAMENT COMPETITION SESSION",
       "a session's movement as guide cards per table: each round's pairs "
       "and boards, and where the pairs and boards go next",
       3, 3, Movement});
}

}  // namespace tally::cli
