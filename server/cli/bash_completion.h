// The bash completion script for `tally` (`tally completion bash`),
// generated from the command table: command names, each command's options
// from its usage line (server/cli/usage_grammar.h) with the words a choice
// option takes, and the global options. CLI11 has no generator of its own.
// Pure; thread-safe.

#ifndef TALLY_SERVER_CLI_BASH_COMPLETION_H_
#define TALLY_SERVER_CLI_BASH_COMPLETION_H_

#include <string>
#include <vector>

#include "server/cli/command_line.h"

namespace tally::cli {

// A bash script defining _tally and `complete -F _tally tally`.
std::string BashCompletion(const std::vector<CommandGroup>& groups,
                           const std::vector<std::string>& global_options);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_BASH_COMPLETION_H_
