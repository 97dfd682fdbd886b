// tally movement: a session's movement as guide cards per table
// (server/cli/movement_text.h), from the SessionDefined event in the log
// (server/cli/session_definition.h).

#include <iostream>
#include <optional>

#include "server/cli/cli_common.h"
#include "server/cli/movement_text.h"
#include "server/cli/session_definition.h"

namespace tally::cli {
namespace {

int Movement(Client& client, const Invocation& inv) {
  int session = 0;
  if (!ToInt(inv.args[2], &session)) {
    std::cerr << "tally movement: session '" << inv.args[2]
              << "' is not a number\n";
    return kUsage;
  }
  std::optional<v1::SessionDefined> defined;
  if (grpc::Status status = FindSessionDefinition(
          client, inv.args[0], inv.args[1], session, &defined);
      !status.ok()) {
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
