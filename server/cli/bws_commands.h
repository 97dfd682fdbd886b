// The command that follows a Bridgemate scoring file (tally follow-bws,
// bws_commands.cc), for the command table (command_line.cc).
// Thread-compatible.

#ifndef TALLY_SERVER_CLI_BWS_COMMANDS_H_
#define TALLY_SERVER_CLI_BWS_COMMANDS_H_

#include <vector>

#include "server/cli/cli_common.h"

namespace tally::cli {

void AddBwsCommands(std::vector<Command>& commands);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_BWS_COMMANDS_H_
