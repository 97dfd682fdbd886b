// tally: the command-line client for a tallyd server. One subcommand per
// RPC; human-readable tables by default, --json for scripts, --help on
// every command (server/cli/command_line.h parses the line). Exit status:
// 0 OK, 1 refused or failed, 2 usage error.

#include "server/cli/command_line.h"

int main(int argc, char** argv) {
  return tally::cli::RunCommandLine(tally::cli::AllCommands(), argc, argv);
}
