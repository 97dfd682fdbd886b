// `tally`'s command line: CLI11 parses argv against the command table
// (each command's options and numbered arguments come from its usage line,
// server/cli/usage_grammar.h), refuses unknown or malformed options by name
// with exit status 2, answers -h/--help per command, `tally help COMMAND`,
// the grouped global help and --version, then runs the command with the
// parsed Invocation. Thread-compatible (one call per process).

#ifndef TALLY_SERVER_CLI_COMMAND_LINE_H_
#define TALLY_SERVER_CLI_COMMAND_LINE_H_

#include <string>
#include <vector>

#include "server/cli/cli_common.h"

namespace tally::cli {

// Commands the global help lists under one heading.
struct CommandGroup {
  std::string title;
  std::vector<Command> commands;
};

// Every command, in the order and groups the global help lists them.
std::vector<CommandGroup> AllCommands();

// The options every command takes, without "--" (json, server, ...).
const std::vector<std::string>& GlobalOptionNames();

// The example `tally COMMAND --help` shows ("" if there is none).
std::string CommandExample(const std::string& name);

// The one line of prose `tally COMMAND --help` shows for one of its
// options (`option` without "--"); "" when there is none
// (server/cli/option_help.cc).
std::string OptionDescription(const std::string& command,
                              const std::string& option);

// One command's help: usage, summary, its options each with a line of
// prose, the global options and an example.
std::string CommandHelp(const Command& command);

// The global help: one line per command, grouped.
std::string GlobalHelp(const std::vector<CommandGroup>& groups);

// Parses and runs; returns the exit status.
int RunCommandLine(const std::vector<CommandGroup>& groups, int argc,
                   char** argv);

}  // namespace tally::cli

#endif  // TALLY_SERVER_CLI_COMMAND_LINE_H_
