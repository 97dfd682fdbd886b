// The SessionDefined in force for one session (the last one the log holds
// for it), read from the tournament's log over the CLI's connection: what
// `tally movement` shows and `tally follow-bws` checks the Bridgemates'
// movement against.

#ifndef TALLY_SERVER_CLI_SESSION_DEFINITION_H_
#define TALLY_SERVER_CLI_SESSION_DEFINITION_H_

#include <optional>
#include <string>

#include "grpcpp/support/status.h"
#include "server/cli/cli_common.h"
#include "tally/v1/events.pb.h"

namespace tally::cli {

// nullopt when the session was never defined; the stream's status when the
// log cannot be read (the tournament is unknown, the caller may not read).
grpc::Status FindSessionDefinition(Client& client,
                                   const std::string& tournament_id,
                                   const std::string& competition_id,
                                   int session,
                                   std::optional<v1::SessionDefined>* defined);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_SESSION_DEFINITION_H_
