// The tally CLI's signed checkpoints (issue #14 item 5): `public-key`,
// `checkpoints`, `checkpoint`, and the parts `export` and `verify EXPORT`
// take from here. Thread-compatible.

#ifndef TALLY_SERVER_CLI_CHECKPOINT_COMMANDS_H_
#define TALLY_SERVER_CLI_CHECKPOINT_COMMANDS_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "server/cli/cli_common.h"

namespace tally::cli {

void AddCheckpointCommands(std::vector<Command>& commands);

// Writes the server's checkpoints of events up to `last_sequence` as
// export lines; sets `written`. kOk, or kFailed after saying why.
int WriteExportCheckpoints(Client& client, std::ostream& out,
                           uint64_t last_sequence, uint64_t& written);

// `tally verify EXPORT [--checkpoint=FILE] [--public-key=KEY]`: checks the
// published checkpoints in FILE and those in the export against it, and
// prints one line per checkpoint. kOk when every one is extended (or there
// are none), kFailed otherwise, kUsage for a missing or unreadable option.
int VerifyExportCheckpoints(const std::vector<std::string>& lines,
                            const Invocation& inv);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_CHECKPOINT_COMMANDS_H_
